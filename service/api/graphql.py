"""GraphQL at ``/graphql``: thin types over the same operations REST calls.

Every operation is a pure Query field (so GET works and answers can be HTTP-cached). Expected
failures are union members (``MoveRejected``, ``InvalidState``, ``InvalidRequest``), never
top-level errors. ``Position`` resolves its fields lazily.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any, TypeAlias, TypeVar, cast

import strawberry
from graphql import GraphQLError
from strawberry.scalars import JSON
from strawberry.types import ExecutionContext, Info

from .. import bots
from ..games import SPECS
from ..games.core import MoveRequest
from ..games.core.errors import MAX_PROBLEMS
from ..games.core.game import STATUSES
from ..settings import Settings
from . import contract, offload
from .edge import EDGE, codes_of
from .errors import ServiceError, problem_details
from .graphql_json import OVERRIDES
from .graphql_moves import MoveTypes
from .ops import INLINE_MOVES, Loaded, Rules
from .records import print_record
from .request import Body, document_problem, parse_move_item, type_name
from .verify import (
    GAME_FIELDS,
    PROBLEM_CODES,
    REPLAY_FIELDS,
    VERIFY_FIELDS,
    check_certificate,
    read_certificate,
    read_claim,
    record_of,
    verify,
)

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


def _enum(name: str, values: Iterable[str], description: str) -> Any:
    """A GraphQL enum of a vocabulary declared elsewhere: each value named as it is spelled,
    upper case where it is lower case (``easy`` -> ``EASY``), its value the spelling."""
    members = {value if value.isupper() else value.upper(): value for value in values}
    built: type[Enum] = Enum(name, members)  # type: ignore[misc]
    return strawberry.enum(built, description=description)


def _codes(member: str) -> str:
    return f"{member}: " + ", ".join(code for code, o in EDGE.items() if o.member == member)


# Each enum is generated from the vocabulary it serves (mypy sees them as plain enums).
if TYPE_CHECKING:
    GameStatus: TypeAlias = Enum
    ErrorCode: TypeAlias = Enum
    BotLevel: TypeAlias = Enum
    ProblemCode: TypeAlias = Enum
else:
    # (status values as lower-case names: the SDL has said `ongoing`, `finished` since v1)
    GameStatus = strawberry.enum(
        Enum("GameStatus", {s: s for s in STATUSES}), description="Whether the game goes on."
    )
    ErrorCode = _enum(
        "ErrorCode",
        (code for code, o in EDGE.items() if o.member is not None),
        "Why an operation answered a failure instead of a result. "
        + "; ".join(_codes(m) for m in ("MoveRejected", "InvalidState", "InvalidRequest"))
        + ". One enum for all three, so a selection may ask every member for its code.",
    )
    BotLevel = _enum(
        "BotLevel",
        bots.LEVELS,
        "The reference bot's strength, by its search budget: "
        + bots.describe_levels(
            f"as many as SUGGEST_MAX_BUDGET allows ({Settings().suggest_max_budget} by default)"
        )
        + ".",
    )
    ProblemCode = _enum(
        "ProblemCode",
        PROBLEM_CODES,
        "What a verdict (or a certificate check) found wrong: a move of the record (with its "
        "ply), the game as a whole, a batch line that is no record (the error a single request "
        "would answer), or a certificate; docs/records.md lists each code.",
    )


# The typed move documents of every registered game, generated from their schemas.
MOVE_TYPES = MoveTypes(SPECS.values())
if TYPE_CHECKING:
    MoveDocument = Any
else:  # strawberry reads the annotation at run time: the generated union
    MoveDocument = MOVE_TYPES.union

# Which union member carries which code: the edge's one table.
MOVE_CODES = codes_of("MoveRejected")
STATE_CODES = codes_of("InvalidState")


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
        return MOVE_TYPES.typed(self._game, cast(dict[str, Any], self.move))


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
    f"{MAX_PROBLEMS}) and how many there are."
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

    # An ServiceError here (e.g. the request's work budget is spent) is a coded field error.
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


@strawberry.type(description="One thing a verification found wrong.")
class VerifyProblem:
    code: ProblemCode
    message: str
    ply: int | None = strawberry.field(
        default=None, description="The 0-based index of the move (moves 1, 2... in a record)."
    )
    line: int | None = strawberry.field(
        default=None, description="The text record's line of the move (or of a record error)."
    )
    reason: str | None = None
    rule: str | None = None
    claimed: JSON | None = strawberry.field(
        default=None, description="SCORES_DIFFER, WINNERS_DIFFER: what was claimed."
    )
    computed: JSON | None = strawberry.field(
        default=None, description="SCORES_DIFFER, WINNERS_DIFFER: what the record gives."
    )


def _problems(items: list[dict[str, Any]]) -> list[VerifyProblem]:
    return [VerifyProblem(**{**p, "code": ProblemCode(p["code"])}) for p in items]


@strawberry.type(
    description="Whether the record replays to a finished game with the claimed result."
)
class Verdict:
    valid: bool
    problems: list[VerifyProblem]
    position: Position | None = strawberry.field(
        description="After the last legal move of the record (null: the game could not start)."
    )
    plies: int = strawberry.field(description="How many moves of the record were legal.")
    certificate: JSON | None = strawberry.field(
        description="With RULES_SECRET, for a valid verdict: the signed proof checkCertificate "
        "checks later."
    )


@strawberry.type(description="A game as a text record (docs/records.md).")
class RecordText:
    text: str


@strawberry.type(description="Whether this service signed the certificate (for the record).")
class CertificateCheck:
    valid: bool
    problems: list[VerifyProblem]
    key_id: str | None


PositionResult = Annotated[
    Position | MoveRejected | InvalidState | InvalidRequest, strawberry.union("PositionResult")
]
PlayResult = Annotated[
    PlayOutcome | MoveRejected | InvalidState | InvalidRequest, strawberry.union("PlayResult")
]
ReplayResult = Annotated[
    ReplayOutcome | MoveRejected | InvalidState | InvalidRequest, strawberry.union("ReplayResult")
]


@strawberry.type(description="The reference bot's move and how it found it.")
class Suggestion:
    _game: strawberry.Private[str]
    player: int
    move: LegalMove
    stats: JSON = strawberry.field(
        description="{iterations, plies, cpuLimited, moves, value, "
        "top: [{notation, visits, value}]}"
    )


SuggestResult = Annotated[
    Suggestion | MoveRejected | InvalidState | InvalidRequest, strawberry.union("SuggestResult")
]
VerifyResult = Annotated[Verdict | InvalidRequest, strawberry.union("VerifyResult")]
RecordResult = Annotated[
    RecordText | MoveRejected | InvalidState | InvalidRequest, strawberry.union("RecordResult")
]
CertificateResult = Annotated[
    CertificateCheck | InvalidRequest, strawberry.union("CertificateResult")
]


class GraphQLServiceError(Exception):
    """An ServiceError inside a Position field: a GraphQL error with ``extensions.code``."""

    def __init__(self, error: ServiceError) -> None:
        super().__init__(error.message)
        self.extensions = {"code": error.code, "details": error.details}


def _or_error(call: Callable[[], T]) -> T:
    try:
        return call()
    except ServiceError as exc:
        raise GraphQLServiceError(exc) from exc


async def _or_error_async(call: Awaitable[T]) -> T:
    """``_or_error`` for an awaited call."""
    try:
        return await call
    except ServiceError as exc:
        raise GraphQLServiceError(exc) from exc


def _failure(error: ServiceError) -> MoveRejected | InvalidState | InvalidRequest:
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
    return _invalid(error)


def _invalid(error: ServiceError) -> InvalidRequest:
    return InvalidRequest(
        code=ErrorCode(error.code), message=error.message, details=JSON(error.details)
    )


def _body(fields: dict[str, Any], allowed: set[str]) -> Body:
    """GraphQL arguments as a REST body (null: not given), read by the same code."""
    return Body({k: v for k, v in fields.items() if v is not None}, allowed)


def _arguments(arguments: dict[str, Any], names: Iterable[str]) -> Body:
    """A resolver's arguments (its ``locals()``) named as the REST body names them."""
    camel = {name.replace("keyId", "key_id"): name for name in names}
    return _body({camel[k]: v for k, v in arguments.items() if k in camel}, set(camel.values()))


def _arg(operation_id: str, name: str) -> Any:
    """An argument described as the contract declares the field (service/api/contract.py)."""
    return strawberry.argument(description=contract.description(operation_id, name))


def _rules(info: Info) -> Rules:
    rules: Rules = info.context["rules"]
    return rules


def _moves(items: list[JSON], player: int | None) -> list[MoveRequest]:
    out: list[MoveRequest] = []
    problems = []
    for i, item in enumerate(items):
        unfit = document_problem(item)
        if unfit is not None:
            problems.append({"path": f"$.moves[{i}]", "reason": unfit})
            continue
        request = parse_move_item(item, player)
        if request is None:
            problems.append({"path": f"$.moves[{i}]", "reason": f"not a move ({type_name(item)})"})
        else:
            out.append(request)
    if problems:
        raise ServiceError("INVALID_REQUEST", problems[0]["reason"], problem_details(problems))
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
        seed: Annotated[str | None, _arg("newGame", "seed")] = None,
    ) -> PositionResult:
        rules = _rules(info)
        try:
            engine = rules.engine(game)
            if options is not None and not isinstance(options, dict):
                raise ServiceError("INVALID_REQUEST", "options must be an object")
            return Position(_rules=rules, _loaded=rules.new_game(engine, players, options, seed))
        except ServiceError as exc:
            return _failure(exc)

    @strawberry.field(description="A state read back: validated, with everything derived.")
    async def position(self, info: Info, game: str, state: JSON) -> PositionResult:
        rules = _rules(info)
        try:
            loaded = rules.load(rules.engine(game), state)
            rules.validate(loaded)  # now, so a bad state is a union member
            return Position(_rules=rules, _loaded=loaded)
        except ServiceError as exc:
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
        except ServiceError as exc:
            return _failure(exc)

    @strawberry.field(
        description="Replays a game from its start, seed and move list, or from its text "
        "record (record, alone)."
    )
    async def replay(
        self,
        info: Info,
        game: str,
        moves: list[JSON] | None = None,
        players: int | None = None,
        options: JSON | None = None,
        seed: str | None = None,
        key_id: Annotated[str | None, _arg("replay", "keyId")] = None,
        record: Annotated[
            str | None, strawberry.argument(description="The game as a text record.")
        ] = None,
    ) -> ReplayResult:
        rules = _rules(info)
        try:
            engine = rules.engine(game)
            claim = read_claim(_arguments(locals(), REPLAY_FIELDS), game)
            end = await rules.replay_async(
                engine, claim.players, claim.options, claim.seed, claim.moves, claim.key_id
            )
            return ReplayOutcome(
                position=Position(_rules=rules, _loaded=end), plies=len(claim.moves)
            )
        except ServiceError as exc:
            return _failure(exc)

    @strawberry.field(
        description="The reference bot's move for player (default: the first to move): Monte "
        "Carlo tree search, reproducible with seed, budget iterations (at most "
        "SUGGEST_MAX_BUDGET) or those of a strength level (not both), within the request's "
        "work budget; hidden information is never read."
    )
    async def suggest(
        self,
        info: Info,
        game: str,
        state: JSON,
        player: Annotated[int | None, _arg("suggest", "player")] = None,
        seed: Annotated[str | None, _arg("suggest", "seed")] = None,
        budget: Annotated[int | None, _arg("suggest", "budget")] = None,
        level: Annotated[BotLevel | None, _arg("suggest", "level")] = None,
    ) -> SuggestResult:
        rules = _rules(info)
        try:
            loaded = rules.load(rules.engine(game), state)
            rules.validate(loaded)
            strength = None if level is None else level.value
            found = await rules.suggest_async(loaded, player, seed, budget, strength)
        except ServiceError as exc:
            return _failure(exc)
        move = found["move"]
        return Suggestion(
            _game=game,
            player=found["player"],
            move=LegalMove(_game=game, notation=move["notation"], move=move["move"]),
            stats=JSON(found["stats"]),
        )

    @strawberry.field(
        description="Verifies a claimed result: replays the game (its replay arguments, or "
        "record) and compares the claimed scores and winners. Findings are the verdict's "
        "problems; a request that cannot be verified is InvalidRequest."
    )
    async def verify(
        self,
        info: Info,
        game: str,
        moves: list[JSON] | None = None,
        players: int | None = None,
        options: JSON | None = None,
        seed: str | None = None,
        key_id: Annotated[str | None, _arg("verify", "keyId")] = None,
        claimed: Annotated[
            JSON | None, strawberry.argument(description="{scores?: [number], winners?: [int]}")
        ] = None,
        tags: Annotated[
            JSON | None, strawberry.argument(description="Record tags: {Event: ..., Round: ...}")
        ] = None,
        record: Annotated[
            str | None, strawberry.argument(description="The game as a text record, alone.")
        ] = None,
    ) -> VerifyResult:
        rules = _rules(info)
        try:
            engine = rules.engine(game)
            claim = read_claim(_arguments(locals(), VERIFY_FIELDS), game)
            if len(claim.moves) <= INLINE_MOVES:
                verdict = verify(rules, engine, claim)
            else:
                verdict = await offload.run(verify, rules, engine, claim)
        except ServiceError as exc:
            return _invalid(exc)
        return Verdict(
            valid=verdict.valid,
            problems=_problems(verdict.problems),
            position=None if verdict.end is None else Position(_rules=rules, _loaded=verdict.end),
            plies=verdict.plies,
            certificate=None if verdict.certificate is None else JSON(verdict.certificate),
        )

    @strawberry.field(description="A game (its replay arguments) as a text record.")
    def record(
        self,
        info: Info,
        game: str,
        moves: list[JSON],
        players: int | None = None,
        options: JSON | None = None,
        seed: str | None = None,
        key_id: Annotated[str | None, _arg("record", "keyId")] = None,
        claimed: JSON | None = None,
        tags: JSON | None = None,
    ) -> RecordResult:
        rules = _rules(info)
        try:
            engine = rules.engine(game)
            claim = read_claim(_arguments(locals(), GAME_FIELDS), game, record_ok=False)
            return RecordText(text=print_record(record_of(rules, engine, claim)))
        except ServiceError as exc:
            return _failure(exc)

    @strawberry.field(
        description="Checks a certificate verify gave: signed by this service (any configured "
        "key)? With record (its text), also: is it that record's?"
    )
    def check_certificate(
        self,
        info: Info,
        certificate: JSON,
        record: Annotated[str | None, _arg("checkCertificate", "record")] = None,
    ) -> CertificateResult:
        rules = _rules(info)
        try:
            fields = {"certificate": certificate, "record": record}
            cert, text = read_certificate(_body(fields, set(fields)), rules.registry)
            answer = check_certificate(rules, cert, text)
        except ServiceError as exc:
            return _invalid(exc)
        return CertificateCheck(
            valid=answer["valid"], problems=_problems(answer["problems"]), key_id=answer["keyId"]
        )


class _Schema(strawberry.Schema):
    def process_errors(
        self, errors: list[GraphQLError], execution_context: ExecutionContext | None = None
    ) -> None:
        """Logs only what may be a bug: errors with our ``extensions.code`` are the client's."""
        unexpected = [e for e in errors if not (e.extensions or {}).get("code")]
        super().process_errors(unexpected, execution_context)


# Parsing, validation, their caches and persisted queries live in graphql_http: the schema
# itself runs no extensions.
schema = _Schema(query=Query, scalar_overrides=OVERRIDES)
