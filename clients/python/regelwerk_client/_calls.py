"""The REST operations without I/O: what to send, and how to read what comes back.

``Regelwerk`` and ``AsyncRegelwerk`` only send a ``Call`` and hand the answer to ``answer``,
so both clients share every request and every check.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast
from urllib.parse import quote

import httpx2

from ._errors import ErrorCode, RegelwerkError, ServerError, TransportError, refusal
from ._types import (
    Game,
    GameList,
    LegalMoves,
    MoveEntry,
    PlayAnswer,
    Position,
    ReplayAnswer,
    Score,
    View,
    ViewAnswer,
)
from ._version import __version__

T = TypeVar("T")

DEFAULT_TIMEOUT = 10.0


def checked_base_url(base_url: str) -> str:
    """The base URL without a trailing slash; one that is no http(s) URL is refused at once."""
    base = base_url.rstrip("/")
    try:
        url = httpx2.URL(base)
    except httpx2.InvalidURL as exc:
        raise ValueError(f"base_url {base_url!r} is not a URL: {exc}") from None
    if url.scheme not in ("http", "https") or not url.host:
        raise ValueError(f"base_url {base_url!r} is not an http(s) URL (http://host:port)")
    return base


def default_headers(headers: Mapping[str, str] | None) -> dict[str, str]:
    return {
        "Accept": "application/json",
        "User-Agent": f"regelwerk-client/{__version__}",
        **(headers or {}),
    }


@dataclass(frozen=True, slots=True)
class Call(Generic[T]):
    """One request: ``read`` turns a successful answer into the typed result."""

    operation: str  # the OpenAPI operationId
    method: str
    path: str
    body: dict[str, Any] | None
    read: Callable[[httpx2.Response], T]


def _path(game: str, operation: str) -> str:
    return f"/v1/games/{quote(game, safe='')}/{operation}"


def _body(**fields: object) -> dict[str, Any]:
    """A request body without the fields left out (None)."""
    return {name: value for name, value in fields.items() if value is not None}


def _json(response: httpx2.Response) -> object:
    try:
        return json.loads(response.content)
    except ValueError:
        raise bad_response(response, "the answer is not JSON") from None


def _object(shape: type[T]) -> Callable[[httpx2.Response], T]:
    """Reads a JSON object that has at least the required keys of the TypedDict ``shape``."""
    required: frozenset[str] = getattr(shape, "__required_keys__", frozenset())

    def read(response: httpx2.Response) -> T:
        payload = _json(response)
        if not isinstance(payload, dict):
            raise bad_response(response, "the answer is not a JSON object")
        missing = required - cast(dict[str, Any], payload).keys()
        if missing:
            raise bad_response(
                response, f"the answer lacks {', '.join(sorted(missing))}: not a {shape.__name__}"
            )
        return cast(T, payload)

    return read


def _games(response: httpx2.Response) -> list[Game]:
    return _object(GameList)(response)["games"]


def _view(response: httpx2.Response) -> View:
    return _object(ViewAnswer)(response)["view"]


def _svg(response: httpx2.Response) -> str:
    if not response.headers.get("content-type", "").startswith("image/svg+xml"):
        raise bad_response(response, "the answer is not an SVG image")
    return response.text


def games() -> Call[list[Game]]:
    return Call("listGames", "GET", "/v1/games", None, _games)


def new_game(
    game: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    seed: str | None = None,
) -> Call[Position]:
    body = _body(players=players, options=options, seed=seed)
    return Call("newGame", "POST", _path(game, "new"), body, _object(Position))


def position(game: str, state: Mapping[str, Any]) -> Call[Position]:
    return Call("getPosition", "POST", _path(game, "position"), {"state": state}, _object(Position))


def legal_moves(game: str, state: Mapping[str, Any], player: int | None = None) -> Call[LegalMoves]:
    body = _body(state=state, player=player)
    return Call("legalMoves", "POST", _path(game, "legal-moves"), body, _object(LegalMoves))


def play(
    game: str,
    state: Mapping[str, Any],
    move: MoveEntry | None = None,
    moves: Sequence[MoveEntry] | None = None,
    player: int | None = None,
    auto_chance: bool | None = None,
) -> Call[PlayAnswer]:
    if (move is None) == (moves is None):
        raise TypeError("play takes a move or moves (moves=[] only rolls pending dice)")
    if isinstance(moves, str):
        raise TypeError("moves is a list of moves; a single move goes in move")
    body = _body(
        state=state,
        move=move,
        moves=None if moves is None else list(moves),
        player=player,
        autoChance=auto_chance,
    )
    return Call("play", "POST", _path(game, "play"), body, _object(PlayAnswer))


def score(game: str, state: Mapping[str, Any]) -> Call[Score]:
    return Call("score", "POST", _path(game, "score"), {"state": state}, _object(Score))


def replay(
    game: str,
    moves: Sequence[MoveEntry],
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    seed: str | None = None,
    key_id: str | None = None,
) -> Call[ReplayAnswer]:
    if isinstance(moves, str):
        raise TypeError("moves is a list of moves")
    body = _body(moves=list(moves), players=players, options=options, seed=seed, keyId=key_id)
    return Call("replay", "POST", _path(game, "replay"), body, _object(ReplayAnswer))


def view(game: str, state: Mapping[str, Any], player: int | None = None) -> Call[View]:
    return Call("view", "POST", _path(game, "view"), _body(state=state, player=player), _view)


def render(game: str, state: Mapping[str, Any], player: int | None = None) -> Call[str]:
    body = _body(state=state, player=player)
    return Call("render", "POST", _path(game, "render"), body, _svg)


# -- answers ---------------------------------------------------------------------------------
def answer(call: Call[T], response: httpx2.Response) -> T:
    """The result of a successful answer, else the refusal raised as its exception."""
    if response.is_success:
        return call.read(response)
    request_id = response.headers.get("x-request-id")
    content_type = response.headers.get("content-type", "")
    error = (
        refusal(response.status_code, _json(response), request_id)
        if content_type.startswith("application/json")
        else None
    )
    if error is not None:
        raise error
    if response.status_code >= 500 and content_type.startswith("application/json"):
        raise ServerError(
            ErrorCode.INTERNAL,
            f"HTTP {response.status_code} without an error document",
            status=response.status_code,
            request_id=request_id,
        )
    raise bad_response(response, f"HTTP {response.status_code} is no Regelwerk answer")


def bad_response(response: httpx2.Response, why: str) -> TransportError:
    content_type = response.headers.get("content-type", "no content type")
    start = response.content[:120].decode("utf-8", errors="replace")
    return TransportError(
        ErrorCode.BAD_RESPONSE,
        f"{why} ({response.request.method} {response.request.url}: {content_type}, {start!r})",
        status=response.status_code,
        request_id=response.headers.get("x-request-id"),
    )


def transport_error(exc: Exception, method: str, url: str) -> RegelwerkError:
    """The client's own error for what httpx raised: the connection, not the service."""
    if isinstance(exc, httpx2.TimeoutException):
        code = ErrorCode.TIMEOUT
    elif isinstance(exc, httpx2.ConnectError):
        code = ErrorCode.CONNECT_FAILED
    else:
        code = ErrorCode.TRANSPORT_FAILED
    return TransportError(code, f"{method} {url}: {type(exc).__name__}: {exc}".rstrip(": "))


def closed_error() -> TransportError:
    return TransportError(ErrorCode.CLIENT_CLOSED, "the client is closed; open a new one")


TRANSPORT_EXCEPTIONS = (httpx2.HTTPError, httpx2.InvalidURL, httpx2.StreamError)
