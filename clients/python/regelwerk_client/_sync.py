"""``Regelwerk``: the blocking client, one pooled httpx connection for all its calls."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import TracebackType
from typing import Any, TypeVar

import httpx2

from . import _calls, _graphql
from ._calls import DEFAULT_TIMEOUT, Call, checked_base_url, default_headers
from ._errors import GraphQLError
from ._types import (
    Game,
    LegalMoves,
    MoveEntry,
    PlayAnswer,
    Position,
    ReplayAnswer,
    Score,
    View,
)

T = TypeVar("T")


class Regelwerk:
    """A client of one Regelwerk service; use it in ``with`` so its connections are closed.

    >>> with Regelwerk("http://127.0.0.1:8000") as rw:  # doctest: +SKIP
    ...     rw.new_game("mixtour")["toMove"]
    [0]

    ``timeout`` is in seconds (or an ``httpx2.Timeout``), ``headers`` go with every request,
    ``transport`` replaces httpx's (for tests, proxies, retries); a ``base_url`` that is no
    http(s) URL raises ValueError at once. Every failure of a call raises a
    ``RegelwerkError``; what httpx raises arrives as ``TransportError``.
    """

    def __init__(
        self,
        base_url: str,
        *,
        timeout: float | httpx2.Timeout = DEFAULT_TIMEOUT,
        headers: Mapping[str, str] | None = None,
        transport: httpx2.BaseTransport | None = None,
    ) -> None:
        self.base_url = checked_base_url(base_url)
        self._http = httpx2.Client(
            base_url=self.base_url,
            timeout=timeout,
            headers=default_headers(headers),
            transport=transport,
        )

    def __enter__(self) -> Regelwerk:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Regelwerk({self.base_url!r})"

    def close(self) -> None:
        """Closes the pooled connections; calls after it raise ``TransportError``."""
        self._http.close()

    @property
    def closed(self) -> bool:
        return self._http.is_closed

    def _request(
        self, method: str, path: str, body: dict[str, Any] | None, headers: Mapping[str, str]
    ) -> httpx2.Response:
        if self._http.is_closed:
            raise _calls.closed_error()
        try:
            return self._http.request(method, path, json=body, headers=headers)
        except _calls.TRANSPORT_EXCEPTIONS as exc:
            raise _calls.transport_error(exc, method, self.base_url + path) from exc

    def _send(self, call: Call[T]) -> T:
        return _calls.answer(call, self._request(call.method, call.path, call.body, {}))

    # -- the REST operations, in the OpenAPI document's order --------------------------------
    def games(self) -> list[Game]:
        """Every game with its players, chance, information and options."""
        return self._send(_calls.games())

    def new_game(
        self,
        game: str,
        *,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        seed: str | None = None,
    ) -> Position:
        """A new game; with ``seed`` the service samples its chance (the opening too)."""
        return self._send(_calls.new_game(game, players, options, seed))

    def position(self, game: str, state: Mapping[str, Any]) -> Position:
        """Who is to move, the status and the scores of ``state``."""
        return self._send(_calls.position(game, state))

    def legal_moves(
        self, game: str, state: Mapping[str, Any], *, player: int | None = None
    ) -> LegalMoves:
        """Every legal move (notation and move document), for ``player`` if given."""
        return self._send(_calls.legal_moves(game, state, player))

    def play(
        self,
        game: str,
        state: Mapping[str, Any],
        move: MoveEntry | None = None,
        *,
        moves: Sequence[MoveEntry] | None = None,
        player: int | None = None,
        auto_chance: bool | None = None,
    ) -> PlayAnswer:
        """Plays ``move`` or ``moves`` (notations or move documents); ``moves=[]`` only rolls."""
        return self._send(_calls.play(game, state, move, moves, player, auto_chance))

    def score(self, game: str, state: Mapping[str, Any]) -> Score:
        """Scores, status, winners, why it ended and the game's breakdown."""
        return self._send(_calls.score(game, state))

    def replay(
        self,
        game: str,
        moves: Sequence[MoveEntry],
        *,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        seed: str | None = None,
        key_id: str | None = None,
    ) -> ReplayAnswer:
        """A whole game from its record; ``key_id``: the key it was signed with (rotation)."""
        return self._send(_calls.replay(game, moves, players, options, seed, key_id))

    def view(self, game: str, state: Mapping[str, Any], *, player: int | None = None) -> View:
        """What ``player`` may see of ``state`` (no seed, no other rack)."""
        return self._send(_calls.view(game, state, player))

    def render(self, game: str, state: Mapping[str, Any], *, player: int | None = None) -> str:
        """The position as SVG, every location marked with the move documents' names."""
        return self._send(_calls.render(game, state, player))

    # -- GraphQL ------------------------------------------------------------------------------
    def graphql(
        self,
        query: str,
        variables: Mapping[str, Any] | None = None,
        *,
        operation_name: str | None = None,
        persisted: bool = False,
    ) -> dict[str, Any]:
        """The ``data`` of a GraphQL query; errors raise ``GraphQLError`` (extensions.code)."""
        send_text = not persisted
        while True:
            body = _graphql.body(query, variables, operation_name, persisted, send_text)
            response = self._request("POST", _graphql.PATH, body, _graphql.HEADERS)
            try:
                return _graphql.data(response)
            except GraphQLError as error:
                if send_text or not _graphql.unknown_hash(error):
                    raise
                send_text = True
