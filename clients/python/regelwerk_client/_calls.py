"""The REST operations without I/O: what to send, and how to read what comes back.

``Regelwerk`` and ``AsyncRegelwerk`` only send a ``Call`` and hand the answer to ``answer``,
so both clients share every request and every check. A ``Batch`` (``verify_batch``,
``analyze_batch``) is sent in parts, each part's NDJSON answer read by a ``LineReader`` as it
arrives.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any, Generic, TypeVar, cast
from urllib.parse import quote

import httpx2

from ._errors import ErrorCode, RegelwerkError, ServerError, TransportError, refusal
from ._types import (
    AnalyzeAnswer,
    BatchGameReview,
    BatchLineError,
    BatchReview,
    BatchVerdict,
    CertificateCheck,
    Claimed,
    EvaluateAnswer,
    Fair,
    FairStart,
    Game,
    GameList,
    LegalMoves,
    Move,
    MoveEntry,
    NewGameAnswer,
    NextSteps,
    PlayAnswer,
    Position,
    ReplayAnswer,
    Rules,
    Score,
    SuggestAnswer,
    VerifyAnswer,
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


def default_headers(headers: Mapping[str, str] | None, language: str | None) -> dict[str, str]:
    """The headers of every request; ``language`` replaces an Accept-Language of ``headers``."""
    sent = {
        "Accept": "application/json",
        "User-Agent": f"regelwerk-client/{__version__}",
        **(headers or {}),
    }
    if language is None:
        return sent
    kept = {name: value for name, value in sent.items() if name.lower() != "accept-language"}
    return kept | language_header(language)


def language_header(language: object) -> dict[str, str]:
    """``Accept-Language`` for ``language`` (``"de"``, or a list such as ``"de-CH, en;q=0.5"``);
    none for None. The service answers in the best of them it has, else in English."""
    if language is None:
        return {}
    if not isinstance(language, str):
        raise TypeError(f"language is a language tag such as 'de', not {type(language).__name__}")
    if not language.strip() or not (language.isascii() and language.isprintable()):
        raise ValueError(f"language is a language tag such as 'de' or 'en', got {language!r}")
    return {"Accept-Language": language}


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


def _record_text(response: httpx2.Response) -> str:
    if not response.headers.get("content-type", "").startswith("text/plain"):
        raise bad_response(response, "the answer is not a text record")
    return response.text


def games() -> Call[list[Game]]:
    return Call("listGames", "GET", "/v1/games", None, _games)


def rules(game: str) -> Call[Rules]:
    return Call("getRules", "GET", _path(game, "rules"), None, _object(Rules))


def new_game(
    game: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    seed: str | None = None,
    describe: bool | None = None,
    fair: FairStart | None = None,
) -> Call[NewGameAnswer]:
    body = _body(
        players=players,
        options=options,
        seed=seed,
        fair=None if fair is None else dict(fair),
        describe=describe,
    )
    return Call("newGame", "POST", _path(game, "new"), body, _object(NewGameAnswer))


def position(game: str, state: Mapping[str, Any], describe: bool | None = None) -> Call[Position]:
    body = _body(state=state, describe=describe)
    return Call("getPosition", "POST", _path(game, "position"), body, _object(Position))


def legal_moves(
    game: str, state: Mapping[str, Any], player: int | None = None, describe: bool | None = None
) -> Call[LegalMoves]:
    body = _body(state=state, player=player, describe=describe)
    return Call("legalMoves", "POST", _path(game, "legal-moves"), body, _object(LegalMoves))


def next_steps(
    game: str,
    state: Mapping[str, Any],
    player: int | None = None,
    steps: Sequence[str | Mapping[str, Any]] | None = None,
) -> Call[NextSteps]:
    if isinstance(steps, str):
        raise TypeError("steps is a list of steps (notations or move documents)")
    body = _body(state=state, player=player, steps=None if steps is None else list(steps))
    return Call("nextSteps", "POST", _path(game, "next-steps"), body, _object(NextSteps))


def play(
    game: str,
    state: Mapping[str, Any],
    move: MoveEntry | None = None,
    moves: Sequence[MoveEntry] | None = None,
    player: int | None = None,
    auto_chance: bool | None = None,
    describe: bool | None = None,
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
        describe=describe,
    )
    return Call("play", "POST", _path(game, "play"), body, _object(PlayAnswer))


def contribute(
    game: str,
    state: Mapping[str, Any],
    player: int,
    contribution: str | None = None,
    describe: bool | None = None,
) -> Call[PlayAnswer]:
    body = _body(state=state, player=player, contribution=contribution, describe=describe)
    return Call("contribute", "POST", _path(game, "contribute"), body, _object(PlayAnswer))


def score(game: str, state: Mapping[str, Any]) -> Call[Score]:
    return Call("score", "POST", _path(game, "score"), {"state": state}, _object(Score))


def replay(
    game: str,
    moves: Sequence[MoveEntry],
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    seed: str | None = None,
    key_id: str | None = None,
    fair: Fair | None = None,
) -> Call[ReplayAnswer]:
    if isinstance(moves, str):
        raise TypeError("moves is a list of moves")
    body = _body(
        moves=list(moves),
        players=players,
        options=options,
        seed=seed,
        keyId=key_id,
        fair=None if fair is None else dict(fair),
    )
    return Call("replay", "POST", _path(game, "replay"), body, _object(ReplayAnswer))


def replay_record(game: str, record: str) -> Call[ReplayAnswer]:
    body = {"record": _text(record)}
    return Call("replay", "POST", _path(game, "replay"), body, _object(ReplayAnswer))


def _text(record: object) -> str:
    if not isinstance(record, str):
        raise TypeError(f"record is the text of a game record, not {type(record).__name__}")
    return record


def _game(
    moves: Sequence[MoveEntry],
    players: int | None,
    options: Mapping[str, Any] | None,
    seed: str | None,
    key_id: str | None,
    claimed: Claimed | None,
    tags: Mapping[str, str] | None,
    fair: Fair | None = None,
) -> dict[str, Any]:
    """A game as verify and record take it: replay's fields, the claim and the tags."""
    if isinstance(moves, str):
        raise TypeError("moves is a list of moves; a text record goes to verify_record")
    return _body(
        moves=list(moves),
        players=players,
        options=options,
        seed=seed,
        keyId=key_id,
        fair=None if fair is None else dict(fair),
        claimed=None if claimed is None else dict(claimed),
        tags=None if tags is None else dict(tags),
    )


def _history(history: Sequence[Mapping[str, Any]] | None) -> dict[str, Any]:
    """verify's ``history``: the states of a fair game as the service answered them."""
    if history is None:
        return {}
    if isinstance(history, (str, bytes, Mapping)):
        raise TypeError("history is a list of state documents")
    return {"history": [dict(state) for state in history]}


def verify(
    game: str,
    moves: Sequence[MoveEntry],
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    seed: str | None = None,
    key_id: str | None = None,
    claimed: Claimed | None = None,
    tags: Mapping[str, str] | None = None,
    fair: Fair | None = None,
    history: Sequence[Mapping[str, Any]] | None = None,
) -> Call[VerifyAnswer]:
    body = _game(moves, players, options, seed, key_id, claimed, tags, fair) | _history(history)
    return Call("verify", "POST", _path(game, "verify"), body, _object(VerifyAnswer))


def analyze(
    game: str,
    moves: Sequence[MoveEntry],
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    seed: str | None = None,
    key_id: str | None = None,
    budget: int | None = None,
    analysis_seed: str | None = None,
    fair: Fair | None = None,
) -> Call[AnalyzeAnswer]:
    body = _game(moves, players, options, seed, key_id, None, None, fair)
    body.update(_body(budget=budget, analysisSeed=analysis_seed))
    return Call("analyze", "POST", _path(game, "analyze"), body, _object(AnalyzeAnswer))


def analyze_record(
    game: str, record: str, budget: int | None = None, analysis_seed: str | None = None
) -> Call[AnalyzeAnswer]:
    body = {"record": _text(record), **_body(budget=budget, analysisSeed=analysis_seed)}
    return Call("analyze", "POST", _path(game, "analyze"), body, _object(AnalyzeAnswer))


def verify_record(
    game: str, record: str, history: Sequence[Mapping[str, Any]] | None = None
) -> Call[VerifyAnswer]:
    body = {"record": _text(record), **_history(history)}
    return Call("verify", "POST", _path(game, "verify"), body, _object(VerifyAnswer))


def record(
    game: str,
    moves: Sequence[MoveEntry],
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    seed: str | None = None,
    key_id: str | None = None,
    claimed: Claimed | None = None,
    tags: Mapping[str, str] | None = None,
    fair: Fair | None = None,
) -> Call[str]:
    body = _game(moves, players, options, seed, key_id, claimed, tags, fair)
    return Call("record", "POST", _path(game, "record"), body, _record_text)


def check_certificate(
    certificate: Mapping[str, Any], record: str | None = None
) -> Call[CertificateCheck]:
    body = _body(certificate=dict(certificate), record=None if record is None else _text(record))
    return Call("checkCertificate", "POST", "/v1/certificates", body, _object(CertificateCheck))


def view(game: str, state: Mapping[str, Any], player: int | None = None) -> Call[View]:
    return Call("view", "POST", _path(game, "view"), _body(state=state, player=player), _view)


def render(
    game: str,
    state: Mapping[str, Any],
    player: int | None = None,
    mark: Move | None = None,
    narrow: bool | None = None,
) -> Call[str]:
    body = _body(state=state, player=player, mark=mark, narrow=narrow)
    return Call("render", "POST", _path(game, "render"), body, _svg)


def suggest(
    game: str,
    state: Mapping[str, Any],
    player: int | None = None,
    seed: str | None = None,
    budget: int | None = None,
    level: str | None = None,
    budget_ms: int | None = None,
) -> Call[SuggestAnswer]:
    body = _body(
        state=state, player=player, seed=seed, budget=budget, level=level, budgetMs=budget_ms
    )
    return Call("suggest", "POST", _path(game, "suggest"), body, _object(SuggestAnswer))


def evaluate(
    game: str,
    state: Mapping[str, Any],
    player: int | None = None,
    seed: str | None = None,
    budget: int | None = None,
    level: str | None = None,
    budget_ms: int | None = None,
) -> Call[EvaluateAnswer]:
    body = _body(
        state=state, player=player, seed=seed, budget=budget, level=level, budgetMs=budget_ms
    )
    return Call("evaluate", "POST", _path(game, "evaluate"), body, _object(EvaluateAnswer))


# -- batches ---------------------------------------------------------------------------------
NDJSON = "application/x-ndjson"
BATCH_HEADERS = {"Content-Type": NDJSON, "Accept": f"{NDJSON}, application/json;q=0.9"}

LINES_PER_REQUEST = 256
"""A batch goes in parts of this many lines. httpx sends a request's whole body before it
reads the answer, while the service answers each line as it reads it: the verdicts of one
part wait in the socket buffers until the part is sent, so a part must stay well below what
those buffers hold (a verdict is a few hundred bytes; one request of 60,000 lines stalled
both ends on localhost, 20,000 passed)."""


@dataclass(frozen=True, slots=True)
class BatchPart:
    """Consecutive lines of a batch sent as one request; ``first`` is the batch line number
    of its first line (the service numbers each request's lines from 1)."""

    first: int
    count: int
    content: bytes


@dataclass(frozen=True, slots=True)
class BatchAnswer(Generic[T]):
    """What each line of a batch's NDJSON answer is: one of the TypedDicts ``shapes`` (at
    least the required keys of one of them), called ``name`` and, in a message, ``noun``."""

    name: str
    noun: str
    shapes: tuple[type[Any], ...]


VERDICTS: BatchAnswer[BatchVerdict] = BatchAnswer("BatchVerdict", "verdict", (BatchVerdict,))
REVIEWS: BatchAnswer[BatchReview] = BatchAnswer(
    "BatchReview", "review", (BatchGameReview, BatchLineError)
)


@dataclass(frozen=True, slots=True)
class Batch(Generic[T]):
    """The NDJSON request of ``verify_batch`` or ``analyze_batch``: its parts, made as they
    are sent, and what each line of their answers is."""

    operation: str
    method: str
    path: str
    parts: Iterator[BatchPart]
    answer: BatchAnswer[T]


def verify_batch(
    lines: Iterable[Mapping[str, Any]], lines_per_request: int = LINES_PER_REQUEST
) -> Batch[BatchVerdict]:
    parts = _batch_parts(lines, lines_per_request, "a verify body with its game")
    return Batch("verifyBatch", "POST", "/v1/verify", parts, VERDICTS)


def analyze_batch(
    lines: Iterable[Mapping[str, Any]], lines_per_request: int = LINES_PER_REQUEST
) -> Batch[BatchReview]:
    parts = _batch_parts(lines, lines_per_request, "an analyze body with its game")
    return Batch("analyzeBatch", "POST", "/v1/analyze", parts, REVIEWS)


def _batch_parts(
    lines: Iterable[Mapping[str, Any]], lines_per_request: int, line_is: str
) -> Iterator[BatchPart]:
    """The parts of a batch, its lines read only as the parts are made; ``line_is``: what a
    line is, for the TypeError of one that is not."""
    if isinstance(lines, (str, bytes, Mapping)):
        raise TypeError(f"lines is an iterable of lines, each {line_is}")
    if lines_per_request < 1:
        raise ValueError(f"lines_per_request is at least 1, got {lines_per_request}")
    return _parts(iter(lines), lines_per_request, line_is)


def _parts(lines: Iterator[Mapping[str, Any]], size: int, line_is: str) -> Iterator[BatchPart]:
    first = 1
    while True:
        chunk = [_ndjson(line, first + n, line_is) for n, line in enumerate(islice(lines, size))]
        if not chunk:
            return
        yield BatchPart(first, len(chunk), b"".join(chunk))
        first += len(chunk)


def _ndjson(line: object, number: int, line_is: str) -> bytes:
    """One line whatever the values hold: json escapes every line break inside a string."""
    if not isinstance(line, Mapping):
        raise TypeError(f"batch line {number} is a {type(line).__name__}, not {line_is}")
    body = dict(cast(Mapping[str, Any], line))
    return json.dumps(body, separators=(",", ":")).encode() + b"\n"


def streams_lines(response: httpx2.Response) -> bool:
    return response.is_success and response.headers.get("content-type", "").startswith(NDJSON)


def stream_failure(response: httpx2.Response) -> RegelwerkError:
    """Why a batch part's answer (read to its end) is no NDJSON stream of answer lines."""
    if response.is_success:
        return bad_response(response, "the answer is not NDJSON")
    return failure(response)


class LineReader(Generic[T]):
    """Reads one part's NDJSON answer as its bytes arrive: one answer line (a verdict, a
    review) per line sent, in order, each numbered as its line of the whole batch.

    Lines are split at ``\\n`` only: an answer's text may hold U+2028 and the other characters
    ``str.splitlines`` (and httpx's ``iter_lines``) would break it at."""

    def __init__(self, batch: Batch[T], part: BatchPart, response: httpx2.Response) -> None:
        self._answer = batch.answer
        self._part = part
        self._response = response
        self._pending = b""
        self._read = 0

    def feed(self, chunk: bytes) -> list[T]:
        *lines, self._pending = (self._pending + chunk).split(b"\n")
        return [self._line(line) for line in lines if line.strip()]

    def end(self) -> list[T]:
        """The last line (an answer may end without a newline); all of them must be here."""
        last = [self._line(self._pending)] if self._pending.strip() else []
        self._pending = b""
        if self._read != self._part.count:
            raise bad_response(
                self._response,
                f"the answer ended after {self._read} of {self._part.count} {self._answer.noun}s",
                start=b"",
            )
        return last

    def _line(self, line: bytes) -> T:
        noun = self._answer.noun
        try:
            payload = json.loads(line)
        except ValueError:
            raise bad_response(self._response, "a line is not JSON", start=line) from None
        if not isinstance(payload, dict) or not any(
            shape.__required_keys__ <= cast(dict[str, Any], payload).keys()
            for shape in self._answer.shapes
        ):
            why = f"a line is not a {self._answer.name}"
            raise bad_response(self._response, why, start=line)
        found = cast(dict[str, Any], payload)
        self._read += 1
        if self._read > self._part.count:
            why = f"more {noun}s than the {self._part.count} lines sent"
            raise bad_response(self._response, why, start=line)
        if found["line"] != self._read:
            why = f"{noun} {self._read} is not of line {self._read}"
            raise bad_response(self._response, why, start=line)
        found["line"] = self._part.first + self._read - 1
        return cast(T, found)


# -- answers ---------------------------------------------------------------------------------
def answer(call: Call[T], response: httpx2.Response) -> T:
    """The result of a successful answer, else the refusal raised as its exception."""
    if response.is_success:
        return call.read(response)
    raise failure(response)


def failure(response: httpx2.Response) -> RegelwerkError:
    """The exception of an answer that is no success (read to its end)."""
    request_id = response.headers.get("x-request-id")
    content_type = response.headers.get("content-type", "")
    error = (
        refusal(response.status_code, _json(response), request_id)
        if content_type.startswith("application/json")
        else None
    )
    if error is not None:
        return error
    if response.status_code >= 500 and content_type.startswith("application/json"):
        return ServerError(
            ErrorCode.INTERNAL,
            f"HTTP {response.status_code} without an error document",
            status=response.status_code,
            request_id=request_id,
        )
    return bad_response(response, f"HTTP {response.status_code} is no Regelwerk answer")


def bad_response(response: httpx2.Response, why: str, start: bytes | None = None) -> TransportError:
    """``start``: what to show of the answer when it is a stream (not read into ``content``)."""
    content_type = response.headers.get("content-type", "no content type")
    shown = (response.content if start is None else start)[:120]
    start_text = shown.decode("utf-8", errors="replace")
    return TransportError(
        ErrorCode.BAD_RESPONSE,
        f"{why} ({response.request.method} {response.request.url}: {content_type}, {start_text!r})",
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
