"""``Regelwerk``: the blocking client, one pooled httpx connection for all its calls."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from types import TracebackType
from typing import Any, TypeVar

import httpx2

from . import _calls, _graphql
from ._calls import DEFAULT_TIMEOUT, Call, checked_base_url, default_headers
from ._errors import GraphQLError
from ._types import (
    AnalyzeAnswer,
    BatchReview,
    BatchVerdict,
    Certificate,
    CertificateCheck,
    Claimed,
    EvaluateAnswer,
    Fair,
    FairStart,
    Game,
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
)

T = TypeVar("T")


class Regelwerk:
    """A client of one Regelwerk service; use it in ``with`` so its connections are closed.

    >>> with Regelwerk("http://127.0.0.1:8000") as rw:  # doctest: +SKIP
    ...     rw.new_game("mixtour")["toMove"]
    [0]

    ``timeout`` is in seconds (or an ``httpx2.Timeout``), ``headers`` go with every request,
    ``transport`` replaces httpx's (for tests, proxies, retries), ``language`` is sent as
    ``Accept-Language`` with every request (``"de"``; None: none, the service answers in
    English) and every call's ``language=`` overrides it; a ``base_url`` that is no http(s)
    URL raises ValueError at once. Every failure of a call raises a
    ``RegelwerkError``; what httpx raises arrives as ``TransportError``.
    """

    def __init__(
        self,
        base_url: str,
        *,
        timeout: float | httpx2.Timeout = DEFAULT_TIMEOUT,
        headers: Mapping[str, str] | None = None,
        transport: httpx2.BaseTransport | None = None,
        language: str | None = None,
    ) -> None:
        self.base_url = checked_base_url(base_url)
        self._language = language
        self._http = httpx2.Client(
            base_url=self.base_url,
            timeout=timeout,
            headers=default_headers(headers, language),
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

    @property
    def language(self) -> str | None:
        """The ``Accept-Language`` sent with every request (None: none)."""
        return self._language

    def _request(
        self, method: str, path: str, body: dict[str, Any] | None, headers: Mapping[str, str]
    ) -> httpx2.Response:
        if self._http.is_closed:
            raise _calls.closed_error()
        try:
            return self._http.request(method, path, json=body, headers=headers)
        except _calls.TRANSPORT_EXCEPTIONS as exc:
            raise _calls.transport_error(exc, method, self.base_url + path) from exc

    def _send(self, call: Call[T], language: str | None) -> T:
        headers = _calls.language_header(language)
        return _calls.answer(call, self._request(call.method, call.path, call.body, headers))

    def _stream(
        self, batch: _calls.Batch[T], part: _calls.BatchPart, language: str | None
    ) -> Iterator[T]:
        """One part of a batch: its answer lines (verdicts, reviews) as they arrive."""
        if self._http.is_closed:
            raise _calls.closed_error()
        headers = _calls.BATCH_HEADERS | _calls.language_header(language)
        try:
            with self._http.stream(
                batch.method, batch.path, content=part.content, headers=headers
            ) as response:
                if not _calls.streams_lines(response):
                    response.read()
                    raise _calls.stream_failure(response)
                reader = _calls.LineReader(batch, part, response)
                for chunk in response.iter_bytes():
                    yield from reader.feed(chunk)
                yield from reader.end()
        except _calls.TRANSPORT_EXCEPTIONS as exc:
            url = self.base_url + batch.path
            raise _calls.transport_error(exc, batch.method, url) from exc

    # -- the REST operations, in the OpenAPI document's order --------------------------------
    def games(self, *, language: str | None = None) -> list[Game]:
        """Every game with its players, chance, information and options."""
        return self._send(_calls.games(), language)

    def rules(self, game: str, *, language: str | None = None) -> Rules:
        """The game's rules, rule by rule (``id`` as refusals name it, ``text`` Markdown), in
        ``language`` when they are written in it, else in English (``["language"]`` says)."""
        return self._send(_calls.rules(game), language)

    def new_game(
        self,
        game: str,
        *,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        seed: str | None = None,
        fair: FairStart | None = None,
        describe: bool | None = None,
        language: str | None = None,
    ) -> NewGameAnswer:
        """A new game and its ``events`` (``gameStarted``; with ``seed`` the service samples
        its chance, the opening too, and its events follow; with ``describe`` each event's
        ``description`` and the ``prompt``)."""
        return self._send(_calls.new_game(game, players, options, seed, describe, fair), language)

    def position(
        self,
        game: str,
        state: Mapping[str, Any],
        *,
        describe: bool | None = None,
        language: str | None = None,
    ) -> Position:
        """Who is to move, the status and the scores of ``state``; with ``describe`` also
        its ``prompt`` in words (what it asks of whom) and as ``promptMessage``."""
        return self._send(_calls.position(game, state, describe), language)

    def legal_moves(
        self,
        game: str,
        state: Mapping[str, Any],
        *,
        player: int | None = None,
        describe: bool | None = None,
        language: str | None = None,
    ) -> LegalMoves:
        """Every legal move (notation and move document), for ``player`` if given; with
        ``describe`` each move's ``description`` (and ``descriptionMessage``) and the
        position's ``prompt`` (and ``promptMessage``), in the answer's language."""
        return self._send(_calls.legal_moves(game, state, player, describe), language)

    def next_steps(
        self,
        game: str,
        state: Mapping[str, Any],
        *,
        player: int | None = None,
        steps: Sequence[str | Mapping[str, Any]] | None = None,
        language: str | None = None,
    ) -> NextSteps:
        """A turn built step by step: the steps that may follow ``steps`` (those chosen so
        far, as notations or the move documents offered), each with its move document,
        ``canEnd`` and, once it may end, the whole ``turn`` for ``play``. A refused step is
        ``MoveRejected`` with its index in ``step``."""
        return self._send(_calls.next_steps(game, state, player, steps), language)

    def play(
        self,
        game: str,
        state: Mapping[str, Any],
        move: MoveEntry | None = None,
        *,
        moves: Sequence[MoveEntry] | None = None,
        player: int | None = None,
        auto_chance: bool | None = None,
        describe: bool | None = None,
        language: str | None = None,
    ) -> PlayAnswer:
        """Plays ``move`` or ``moves`` (notations or move documents); ``moves=[]`` only rolls.
        With ``describe`` each event has its ``description`` and the answer its ``prompt``."""
        call = _calls.play(game, state, move, moves, player, auto_chance, describe)
        return self._send(call, language)

    def contribute(
        self,
        game: str,
        state: Mapping[str, Any],
        player: int,
        contribution: str | None = None,
        *,
        describe: bool | None = None,
        language: str | None = None,
    ) -> PlayAnswer:
        """Gives ``player``'s ``contribution`` (None: none) to a fair game started open
        (``new_game(fair={"open": True, ...})``), for a seat its state's ``fair["awaiting"]``
        lists; the last one awaited starts the game's chance (its events). A seat not awaited
        raises ``MoveRejected`` (NOT_YOUR_TURN, ``.reason`` NOT_AWAITED)."""
        return self._send(_calls.contribute(game, state, player, contribution, describe), language)

    def score(self, game: str, state: Mapping[str, Any], *, language: str | None = None) -> Score:
        """Scores, status, winners, why it ended and the game's breakdown."""
        return self._send(_calls.score(game, state), language)

    def replay(
        self,
        game: str,
        moves: Sequence[MoveEntry],
        *,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        seed: str | None = None,
        key_id: str | None = None,
        fair: Fair | None = None,
        language: str | None = None,
    ) -> ReplayAnswer:
        """A whole game from its record; ``key_id``: the key it was signed with (rotation)."""
        return self._send(
            _calls.replay(game, moves, players, options, seed, key_id, fair), language
        )

    def replay_record(self, game: str, record: str, *, language: str | None = None) -> ReplayAnswer:
        """A whole game from its text record (its Result is not checked: ``verify_record``)."""
        return self._send(_calls.replay_record(game, record), language)

    def view(
        self,
        game: str,
        state: Mapping[str, Any],
        *,
        player: int | None = None,
        language: str | None = None,
    ) -> View:
        """What ``player`` may see of ``state`` (no seed, no other rack)."""
        return self._send(_calls.view(game, state, player), language)

    def render(
        self,
        game: str,
        state: Mapping[str, Any],
        *,
        player: int | None = None,
        mark: Move | None = None,
        narrow: bool | None = None,
        language: str | None = None,
    ) -> str:
        """The position as SVG, every location marked with the move documents' names; with
        ``mark`` (a legal move) the places it touches carry ``data-mark``; ``narrow``: drawn
        for a phone."""
        return self._send(_calls.render(game, state, player, mark, narrow), language)

    # -- the reference bot -------------------------------------------------------------------
    def suggest(
        self,
        game: str,
        state: Mapping[str, Any],
        *,
        player: int | None = None,
        seed: str | None = None,
        budget: int | None = None,
        level: str | None = None,
        budget_ms: int | None = None,
        language: str | None = None,
    ) -> SuggestAnswer:
        """The reference bot's move for ``player`` (default: the first to move), with how it
        found it: Monte Carlo tree search of ``budget`` iterations (default 100, at most the
        service's SUGGEST_MAX_BUDGET), or of a strength ``level`` instead ("easy" 10,
        "medium" 50, "strong" SUGGEST_MAX_BUDGET), stopped after ``budget_ms`` milliseconds
        of wall-clock time at the latest (alone: as many iterations as SUGGEST_MAX_BUDGET
        allows; at most SEARCH_MAX_CPU_MS). The same state, player, seed and budget give the
        same answer (with ``budget_ms`` only when ``stats["timeLimited"]`` is false);
        ``["move"]["move"]`` plays as it is. A finished game raises ``MoveRejected``
        (GAME_OVER), a chance node or a player not to move too
        (NOT_YOUR_TURN, ``.reason`` CHANCE_NODE or NOT_TO_MOVE); a bad budget or level, or
        both, ``InvalidRequest``."""
        return self._send(
            _calls.suggest(game, state, player, seed, budget, level, budget_ms), language
        )

    def evaluate(
        self,
        game: str,
        state: Mapping[str, Any],
        *,
        player: int | None = None,
        seed: str | None = None,
        budget: int | None = None,
        level: str | None = None,
        budget_ms: int | None = None,
        language: str | None = None,
    ) -> EvaluateAnswer:
        """What the position is worth to every player (``["values"]``: mean return, 95%
        interval, mean score), by the reference bot's search from ``player``'s information
        (default: the first to move), with suggest's budgets; ``["best"]`` is the move found
        best when that player is to move. A finished game is valued exactly; the same state,
        player, seed and budget give the same answer, kept by the service's cache."""
        return self._send(
            _calls.evaluate(game, state, player, seed, budget, level, budget_ms), language
        )

    # -- tournament tools: verdicts, text records, certificates -------------------------------
    def verify(
        self,
        game: str,
        moves: Sequence[MoveEntry],
        *,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        seed: str | None = None,
        key_id: str | None = None,
        fair: Fair | None = None,
        claimed: Claimed | None = None,
        tags: Mapping[str, str] | None = None,
        history: Sequence[Mapping[str, Any]] | None = None,
        language: str | None = None,
    ) -> VerifyAnswer:
        """Replays the game and compares the ``claimed`` scores and winners: what is wrong with
        the game is a problem of the verdict, not an exception. ``tags`` (Event, Round,
        Player0, ...) belong to the record a certificate names. ``history``: states of a fair
        game as the service answered them; one the game's moves do not pass through is a
        FORKED problem (the game branched there)."""
        call = _calls.verify(
            game, moves, players, options, seed, key_id, claimed, tags, fair, history
        )
        return self._send(call, language)

    def analyze(
        self,
        game: str,
        moves: Sequence[MoveEntry],
        *,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        seed: str | None = None,
        key_id: str | None = None,
        fair: Fair | None = None,
        budget: int | None = None,
        analysis_seed: str | None = None,
        language: str | None = None,
    ) -> AnalyzeAnswer:
        """A review of the game (replay's fields): every decision judged (value before and
        after, what it gave up, a mark, the best moves found), every chance event's luck,
        each player's result split into skill and luck, and the record annotated with it.
        ``budget``: search iterations a position; ``analysis_seed``: the searches' seed (the
        same game, budget and seed give the same review). An illegal move raises
        ``MoveRejected`` (``.details["ply"]``)."""
        call = _calls.analyze(
            game, moves, players, options, seed, key_id, budget, analysis_seed, fair
        )
        return self._send(call, language)

    def analyze_record(
        self,
        game: str,
        record: str,
        *,
        budget: int | None = None,
        analysis_seed: str | None = None,
        language: str | None = None,
    ) -> AnalyzeAnswer:
        """``analyze`` of a text record; one that does not read raises ``InvalidRecord``."""
        call = _calls.analyze_record(game, record, budget, analysis_seed)
        return self._send(call, language)

    def verify_record(
        self,
        game: str,
        record: str,
        *,
        history: Sequence[Mapping[str, Any]] | None = None,
        language: str | None = None,
    ) -> VerifyAnswer:
        """``verify`` of a text record, its Result tag the claim (and ``history`` as
        ``verify``'s); one that does not read raises ``InvalidRecord`` (``.line``)."""
        return self._send(_calls.verify_record(game, record, history), language)

    def record(
        self,
        game: str,
        moves: Sequence[MoveEntry],
        *,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        seed: str | None = None,
        key_id: str | None = None,
        fair: Fair | None = None,
        claimed: Claimed | None = None,
        tags: Mapping[str, str] | None = None,
        language: str | None = None,
    ) -> str:
        """The game as a text record (every move in its canonical notation); legality is
        ``verify``'s business, a move that does not read raises ``MoveRejected``."""
        return self._send(
            _calls.record(game, moves, players, options, seed, key_id, claimed, tags, fair),
            language,
        )

    def verify_batch(
        self,
        lines: Iterable[Mapping[str, Any]],
        *,
        lines_per_request: int = _calls.LINES_PER_REQUEST,
        language: str | None = None,
    ) -> Iterator[BatchVerdict]:
        """Verifies many games: each line a verify body with its ``game`` (or ``{"game",
        "record"}``); yields one verdict per line, in order, as the service sends them.

        A line that cannot be verified is an invalid verdict with that error's code; the lines
        go ``lines_per_request`` to a request (read from ``lines`` only as they are sent)."""
        batch = _calls.verify_batch(lines, lines_per_request)
        for part in batch.parts:
            yield from self._stream(batch, part, language)

    def analyze_batch(
        self,
        lines: Iterable[Mapping[str, Any]],
        *,
        lines_per_request: int = _calls.LINES_PER_REQUEST,
        language: str | None = None,
    ) -> Iterator[BatchReview]:
        """Reviews many games: each line an analyze body with its ``game`` (``{"game",
        "moves", ...}`` or ``{"game", "record"}``, each with its ``budget`` and
        ``analysisSeed``); yields one review per line, in order, as the service sends them.

        A review is ``analyze``'s answer with the ``line`` and ``game`` (``BatchGameReview``);
        a line without one (an unknown game, an illegal move, a record that does not read) is
        a ``BatchLineError``, its ``error`` the one a single ``analyze`` would raise, so one bad
        line never ends the batch. The lines go ``lines_per_request`` to a request (read from
        ``lines`` only as they are sent)."""
        batch = _calls.analyze_batch(lines, lines_per_request)
        for part in batch.parts:
            yield from self._stream(batch, part, language)

    def check_certificate(
        self,
        certificate: Certificate | Mapping[str, Any],
        *,
        record: str | None = None,
        language: str | None = None,
    ) -> CertificateCheck:
        """Whether this service signed the certificate and, given the record's text, that it
        is that record's; what is wrong is a problem of the answer (``valid`` false)."""
        return self._send(_calls.check_certificate(certificate, record), language)

    # -- GraphQL ------------------------------------------------------------------------------
    def graphql(
        self,
        query: str,
        variables: Mapping[str, Any] | None = None,
        *,
        operation_name: str | None = None,
        persisted: bool = False,
        language: str | None = None,
    ) -> dict[str, Any]:
        """The ``data`` of a GraphQL query; errors raise ``GraphQLError`` (extensions.code)."""
        send_text = not persisted
        while True:
            body = _graphql.body(query, variables, operation_name, persisted, send_text)
            response = self._request("POST", _graphql.PATH, body, _graphql.headers(language))
            try:
                return _graphql.data(response)
            except GraphQLError as error:
                if send_text or not _graphql.unknown_hash(error):
                    raise
                send_text = True
