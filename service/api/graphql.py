"""GraphQL at ``/graphql``: thin types over the same operations REST calls.

Every operation is a pure Query field (so GET works and answers can be HTTP-cached). Expected
failures are union members (``MoveRejected``, ``InvalidState``, ``InvalidRequest``), never
top-level errors. ``Position`` resolves its fields lazily.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from enum import Enum
from typing import Annotated, Any, TypeVar, cast

import strawberry
from graphql import GraphQLError
from strawberry.scalars import JSON
from strawberry.types import ExecutionContext, Info

from ..games.core import MoveRequest
from .errors import ApiError, problem_details
from .graphql_moves import MoveDocument, typed_move
from .ops import Loaded, Rules
from .request import parse_move_item, type_name

T = TypeVar("T")


@strawberry.type(description="A game the service knows, with its options.")
class GameInfo:
    id: str
    name: str
    min_players: int
    max_players: int
    rules_version: str
    chance: bool
    hidden_information: bool
    simultaneous: bool
    options: JSON = strawberry.field(description="name -> {default, description, type, ...}")


@strawberry.enum(description="Whether the game goes on.")
class GameStatus(Enum):
    ongoing = "ongoing"
    finished = "finished"


@strawberry.enum(
    description="Why an operation answered a failure instead of a result. MoveRejected: "
    "ILLEGAL_MOVE, INVALID_NOTATION, NOT_YOUR_TURN, GAME_OVER; InvalidState: INVALID_STATE, "
    "INVALID_OPTIONS, STATE_TAMPERED; InvalidRequest: UNKNOWN_GAME, INVALID_REQUEST, "
    "INVALID_PLAYER, TOO_MANY_MOVES, WORK_BUDGET_EXCEEDED. One enum for all three, so a "
    "selection may ask every member for its code."
)
class ErrorCode(Enum):
    ILLEGAL_MOVE = "ILLEGAL_MOVE"
    INVALID_NOTATION = "INVALID_NOTATION"
    NOT_YOUR_TURN = "NOT_YOUR_TURN"
    GAME_OVER = "GAME_OVER"
    INVALID_STATE = "INVALID_STATE"
    INVALID_OPTIONS = "INVALID_OPTIONS"
    STATE_TAMPERED = "STATE_TAMPERED"
    UNKNOWN_GAME = "UNKNOWN_GAME"
    INVALID_REQUEST = "INVALID_REQUEST"
    INVALID_PLAYER = "INVALID_PLAYER"
    TOO_MANY_MOVES = "TOO_MANY_MOVES"
    WORK_BUDGET_EXCEEDED = "WORK_BUDGET_EXCEEDED"


MOVE_CODES = {"ILLEGAL_MOVE", "INVALID_NOTATION", "NOT_YOUR_TURN", "GAME_OVER"}
STATE_CODES = {"INVALID_STATE", "INVALID_OPTIONS", "STATE_TAMPERED"}


@strawberry.type(
    description="A legal move: canonical notation, its move document (JSON, as play accepts "
    "it, and typed), probability at chance nodes."
)
class LegalMove:
    _game: strawberry.Private[str]
    notation: str
    move: JSON = strawberry.field(
        description="The move document: what the move touches, named as the SVG names it; "
        "play accepts it instead of the notation. See schema/moves/<game>.json."
    )
    probability: float | None = None

    @strawberry.field(description="The same move document as a typed object per game and kind.")
    def typed(self) -> MoveDocument:
        return typed_move(self._game, cast(dict[str, Any], self.move))  # type: ignore[no-any-return]


@strawberry.type(description="One thing wrong with a state document or the options.")
class StateProblem:
    path: str
    reason: str


@strawberry.type(description="A move was refused; ply is its 0-based index in the move list.")
class MoveRejected:
    code: ErrorCode
    message: str
    ply: int | None
    reason: str | None
    rule: str | None
    details: JSON


@strawberry.type(
    description="The state (or the players/options) is impossible: its problems (the first "
    "100) and how many there are."
)
class InvalidState:
    code: ErrorCode
    message: str
    problems: list[StateProblem]
    problem_count: int
    reason: str | None = strawberry.field(
        description="STATE_TAMPERED: UNSIGNED, BAD_SIGNATURE or UNKNOWN_KEY; else null."
    )


@strawberry.type(description="The request itself is wrong: unknown game, bad player, limits.")
class InvalidRequest:
    code: ErrorCode
    message: str
    details: JSON


@strawberry.type(description="A game position; every field is computed when asked for.")
class Position:
    _rules: strawberry.Private[Rules]
    _loaded: strawberry.Private[Loaded]

    # An ApiError here (e.g. the request's work budget is spent) is a coded field error.
    async def _summary(self) -> dict[str, Any]:
        return await _or_error_async(self._rules.summary(self._loaded))

    async def _score(self) -> dict[str, Any]:
        return await _or_error_async(self._rules.score(self._loaded))

    async def _position(self) -> dict[str, Any]:
        return await _or_error_async(self._rules.position_of(self._loaded))

    @strawberry.field(description="The state document to send back with the next request.")
    async def state(self) -> JSON:
        return JSON((await self._position())["state"])

    @strawberry.field
    async def to_move(self) -> list[int]:
        return list((await self._summary())["toMove"])

    @strawberry.field
    async def is_chance(self) -> bool:
        return bool((await self._summary())["isChance"])

    @strawberry.field
    async def status(self) -> GameStatus:
        return GameStatus((await self._summary())["status"])

    @strawberry.field
    async def winners(self) -> list[int]:
        return list((await self._summary())["winners"])

    @strawberry.field
    async def scores(self) -> list[int]:
        return list((await self._summary())["scores"])

    @strawberry.field(description="Why the game ended (null while ongoing).")
    async def reason(self) -> str | None:
        value = (await self._score())["reason"]
        return None if value is None else str(value)

    @strawberry.field(description="The per-game score breakdown.")
    async def breakdown(self) -> JSON:
        return JSON((await self._score())["breakdown"])

    @strawberry.field(description="Legal moves (the outcomes at a chance node).")
    async def legal_moves(self, player: int | None = None) -> list[LegalMove]:
        answer = await _or_error_async(self._rules.legal_moves(self._loaded, player))
        game = self._loaded.engine.id
        return [
            LegalMove(
                _game=game, notation=m["notation"], move=m["move"], probability=m.get("probability")
            )
            for m in answer["moves"]
        ]

    @strawberry.field(description="Chance outcomes with probabilities (empty unless isChance).")
    async def chance_outcomes(self) -> list[LegalMove]:
        if not (await self._summary())["isChance"]:
            return []
        moves: list[LegalMove] = await self.legal_moves()
        return moves

    @strawberry.field(description="What a player may see (null: a spectator).")
    def view(self, player: int | None = None) -> JSON:
        return JSON(_or_error(lambda: self._rules.view(self._loaded, player))["view"])

    @strawberry.field(description="An SVG picture of the position.")
    def svg(self, player: int | None = None) -> str:
        return _or_error(lambda: self._rules.render(self._loaded, player))


@strawberry.type(description="The position after the moves, and what happened.")
class PlayOutcome:
    position: Position
    events: list[JSON]


@strawberry.type(description="The position after replaying every move.")
class ReplayOutcome:
    position: Position
    plies: int


PositionResult = Annotated[
    Position | MoveRejected | InvalidState | InvalidRequest, strawberry.union("PositionResult")
]
PlayResult = Annotated[
    PlayOutcome | MoveRejected | InvalidState | InvalidRequest, strawberry.union("PlayResult")
]
ReplayResult = Annotated[
    ReplayOutcome | MoveRejected | InvalidState | InvalidRequest, strawberry.union("ReplayResult")
]


class GraphQLApiError(Exception):
    """An ApiError inside a Position field: a GraphQL error with ``extensions.code``."""

    def __init__(self, error: ApiError) -> None:
        super().__init__(error.message)
        self.extensions = {"code": error.code, "details": error.details}


def _or_error(call: Callable[[], T]) -> T:
    try:
        return call()
    except ApiError as exc:
        raise GraphQLApiError(exc) from exc


async def _or_error_async(call: Awaitable[T]) -> T:
    """``_or_error`` for an awaited call."""
    try:
        return await call
    except ApiError as exc:
        raise GraphQLApiError(exc) from exc


def _failure(error: ApiError) -> MoveRejected | InvalidState | InvalidRequest:
    if error.code in MOVE_CODES:
        d = error.details
        return MoveRejected(
            code=ErrorCode(error.code),
            message=error.message,
            ply=d.get("ply"),
            reason=d.get("reason"),
            rule=d.get("rule"),
            details=JSON(d),
        )
    if error.code in STATE_CODES:
        problems = error.details.get("problems") or [{"path": "$.sig", "reason": error.message}]
        return InvalidState(
            code=ErrorCode(error.code),
            message=error.message,
            problems=[StateProblem(path=p["path"], reason=p["reason"]) for p in problems],
            problem_count=error.details.get("problemCount", len(problems)),
            reason=error.details.get("reason"),
        )
    return InvalidRequest(
        code=ErrorCode(error.code), message=error.message, details=JSON(error.details)
    )


def _rules(info: Info) -> Rules:
    rules: Rules = info.context["rules"]
    return rules


def _moves(items: list[JSON], player: int | None) -> list[MoveRequest]:
    out: list[MoveRequest] = []
    problems = []
    for i, item in enumerate(items):
        request = parse_move_item(item, player)
        if request is None:
            problems.append({"path": f"$.moves[{i}]", "reason": f"not a move ({type_name(item)})"})
        else:
            out.append(request)
    if problems:
        raise ApiError(400, "INVALID_REQUEST", problems[0]["reason"], problem_details(problems))
    return out


@strawberry.type
class Query:
    @strawberry.field(description="Every game the service knows.")
    def games(self, info: Info) -> list[GameInfo]:
        return [
            GameInfo(
                id=g["id"],
                name=g["name"],
                min_players=g["minPlayers"],
                max_players=g["maxPlayers"],
                rules_version=g["rulesVersion"],
                chance=g["chance"],
                hidden_information=g["hiddenInformation"],
                simultaneous=g["simultaneous"],
                options=g["options"],
            )
            for g in _rules(info).games()
        ]

    @strawberry.field(description="A new game; with a seed the opening chance is sampled.")
    def new_game(
        self,
        info: Info,
        game: str,
        players: int | None = None,
        options: JSON | None = None,
        seed: str | None = None,
    ) -> PositionResult:
        rules = _rules(info)
        try:
            engine = rules.engine(game)
            if options is not None and not isinstance(options, dict):
                raise ApiError(400, "INVALID_REQUEST", "options must be an object")
            return Position(_rules=rules, _loaded=rules.new_game(engine, players, options, seed))
        except ApiError as exc:
            return _failure(exc)

    @strawberry.field(description="A state read back: validated, with everything derived.")
    async def position(self, info: Info, game: str, state: JSON) -> PositionResult:
        rules = _rules(info)
        try:
            loaded = rules.load(rules.engine(game), state)
            rules.validate(loaded)  # now, so a bad state is a union member
            return Position(_rules=rules, _loaded=loaded)
        except ApiError as exc:
            return _failure(exc)

    @strawberry.field(
        description="Plays moves in order; chance sampled when autoChance (default: when the "
        "state has a seed). A seeded game's chance is the service's: an outcome sent is "
        "MoveRejected (reason CHANCE_IS_SAMPLED); a pending chance node is sampled first."
    )
    async def play(
        self,
        info: Info,
        game: str,
        state: JSON,
        moves: list[JSON],
        player: int | None = None,
        auto_chance: bool | None = None,
    ) -> PlayResult:
        rules = _rules(info)
        try:
            loaded = rules.load(rules.engine(game), state)
            end, events = await rules.play_async(loaded, _moves(moves, player), auto_chance)
            return PlayOutcome(
                position=Position(_rules=rules, _loaded=end), events=[JSON(e) for e in events]
            )
        except ApiError as exc:
            return _failure(exc)

    @strawberry.field(description="Replays a game from its start, seed and move list.")
    async def replay(
        self,
        info: Info,
        game: str,
        moves: list[JSON],
        players: int | None = None,
        options: JSON | None = None,
        seed: str | None = None,
        key_id: Annotated[
            str | None,
            strawberry.argument(
                description="Sample and sign with this configured key (the part of a state's "
                "sig before the dot) instead of the current one: verifies a game that started "
                "before a key rotation."
            ),
        ] = None,
    ) -> ReplayResult:
        rules = _rules(info)
        try:
            engine = rules.engine(game)
            if options is not None and not isinstance(options, dict):
                raise ApiError(400, "INVALID_REQUEST", "options must be an object")
            requests = _moves(moves, None)
            end = await rules.replay_async(engine, players, options, seed, requests, key_id)
            return ReplayOutcome(position=Position(_rules=rules, _loaded=end), plies=len(requests))
        except ApiError as exc:
            return _failure(exc)


class _Schema(strawberry.Schema):
    def process_errors(
        self, errors: list[GraphQLError], execution_context: ExecutionContext | None = None
    ) -> None:
        """Logs only what may be a bug: errors with our ``extensions.code`` are the client's."""
        unexpected = [e for e in errors if not (e.extensions or {}).get("code")]
        super().process_errors(unexpected, execution_context)


# Parsing, validation, their caches and persisted queries live in graphql_http: the schema
# itself runs no extensions.
schema = _Schema(query=Query)
