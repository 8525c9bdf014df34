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
from graphql import GraphQLEnumType, GraphQLError, GraphQLObjectType, GraphQLSchema
from strawberry.scalars import JSON
from strawberry.types import ExecutionContext, Info

from .. import bots, text
from ..games import SPECS
from ..games.core import MoveRequest, Problem
from ..games.core import narrow as pictures
from ..games.core.errors import MAX_PROBLEMS
from ..games.core.game import STATUSES
from ..games.core.text import Msg
from ..settings import Settings
from . import contract, offload
from .analyze import analyze_claim, read_analysis
from .edge import EDGE, codes_of
from .errors import (
    CODES,
    FAILURES,
    MESSAGE,
    MESSAGE_ARGS,
    MESSAGE_ID,
    ServiceError,
    problem_details,
)
from .graphql_json import OVERRIDES
from .graphql_moves import MoveTypes
from .ops import INLINE_MOVES, Loaded, Rules, describe_events
from .records import print_record
from .request import Body, document_problem, parse_move_item, type_name
from .strawberry_internals import graphql_schema
from .verify import (
    ANALYZE_FIELDS,
    GAME_FIELDS,
    PROBLEM_CODES,
    REPLAY_FIELDS,
    VERIFY_FIELDS,
    check_certificate,
    read_certificate,
    read_claim,
    record_of,
    replay_claim,
    verify,
)

T = TypeVar("T")


class _Told:
    """The described legal moves of one ``legalMoves`` field, computed when the first
    move's description is asked for (the lean list is all a query without it costs)."""

    __slots__ = ("loaded", "moves", "player", "rules")

    def __init__(self, rules: Rules, loaded: Loaded, player: int | None) -> None:
        self.rules, self.loaded, self.player = rules, loaded, player
        self.moves: list[dict[str, Any]] | None = None

    async def of(self, index: int) -> dict[str, Any] | None:
        if self.moves is None:
            found = self.rules.legal_moves(self.loaded, self.player, describe=True)
            self.moves = (await _or_error_async(found))["moves"]
        wire: dict[str, Any] | None = self.moves[index].get("description")
        return wire


@strawberry.type(description="A game the service knows, with its options.")
class GameInfo:
    id: str = strawberry.field(
        description="The game id the operations take (mixtour, tric-trac, ...)."
    )
    name: str = strawberry.field(description="The game's name.")
    min_players: int = strawberry.field(description="The fewest players the game takes.")
    max_players: int = strawberry.field(description="The most players the game takes.")
    rules_version: str = strawberry.field(
        description="The rules version states and records are played under."
    )
    chance: bool = strawberry.field(description="Whether the game has chance nodes (dice, draws).")
    hidden_information: bool = strawberry.field(
        description="Whether a player's view hides part of the state."
    )
    simultaneous: bool = strawberry.field(description="Whether several players may act at once.")
    options: JSON = strawberry.field(
        description="Option name -> its JSON Schema with its default, its label (title) and "
        "description in the answer's language."
    )
    player_names: list[str] = strawberry.field(
        description="What the players are called (their colours, where the game has them), "
        "by player number, in the answer's language."
    )
    players: list[PlayerInfo] = strawberry.field(
        description="Who the players are, by player number: the same names and, where the "
        "players have colours, the colour as the SVG paints it and its word."
    )


@strawberry.type(description="A player of a game: name and colour, in the answer's language.")
class PlayerInfo:
    player: int = strawberry.field(description="The player's number (0-based).")
    name: str = strawberry.field(description="As playerNames has it (data-player-name).")
    colour: str | None = strawberry.field(
        description="The colour's stable key (data-player-colour): white, red...; null where "
        "the players have no colours."
    )
    fill: str | None = strawberry.field(
        description="The CSS colour the SVG paints the player's pieces with (data-player-fill)."
    )
    colour_name: str | None = strawberry.field(
        description="The colour's word in the answer's language (Weiß, Rot...)."
    )


@strawberry.type(description="One rule of a game: its id, as refusals name it, and its text.")
class RuleText:
    id: str = strawberry.field(description="The rule id (MX-7).")
    text: str = strawberry.field(description="The rule, as Markdown.")


@strawberry.type(name="Rules", description="A game's rules in the answer's language.")
class GameRules:
    game: str = strawberry.field(description="The game id.")
    language: str = strawberry.field(
        description="The language of the texts: the one asked for (Accept-Language or ?lang) "
        "when the rules are written in it, else English."
    )
    rules: list[RuleText] = strawberry.field(description="Every rule, in the rules' order.")


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
        "The reference bot's strength: "
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
    notation: str = strawberry.field(
        description="The move's canonical notation (what play accepts)."
    )
    move: JSON = strawberry.field(
        description="The move document: what the move touches, named as the SVG names it; "
        "play accepts it instead of the notation. See schema/moves/<game>.json."
    )
    probability: float | None = strawberry.field(
        default=None, description="At a chance node, the outcome's probability; else null."
    )
    locations: list[JSON] = strawberry.field(
        default_factory=list,
        description="The places the move touches in this position's picture, named as the SVG "
        "names them: {square: c3, role: from}... (schema/locations/<game>.json).",
    )
    _told: strawberry.Private[_Told | None] = None
    _index: strawberry.Private[int] = 0

    @strawberry.field(
        description="What the move does, in words, in the answer's language (null for a "
        "game without descriptions)."
    )
    async def description(self) -> str | None:
        wire = None if self._told is None else await self._told.of(self._index)
        return None if wire is None else str(text.from_wire(wire))

    @strawberry.field(description="The description's messageId and args.")
    async def description_message(self) -> JSON | None:
        return None if self._told is None else JSON(await self._told.of(self._index))

    @strawberry.field(description="The same move document as a typed object per game and kind.")
    def typed(self) -> MoveDocument:
        return MOVE_TYPES.typed(self._game, cast(dict[str, Any], self.move))


@strawberry.type(
    description="A step that may come next (a Tric Trac stone by one number), or a whole turn "
    "built of steps: notation and move document (JSON, and typed), as play and nextSteps "
    "accept them."
)
class NextStep:
    _game: strawberry.Private[str]
    notation: str = strawberry.field(description="The step's (or turn's) notation.")
    move: JSON = strawberry.field(
        description="Its move document: what it touches, named as the SVG names it."
    )
    locations: list[JSON] = strawberry.field(
        description="The places it touches in this position's picture, as LegalMove's."
    )

    @strawberry.field(description="The same move document as a typed object per game and kind.")
    def typed(self) -> MoveDocument:
        return MOVE_TYPES.typed(self._game, cast(dict[str, Any], self.move))


@strawberry.type(
    description="A turn built step by step: the legal next steps after the chosen ones, in "
    "every order the rules allow, and whether the turn may end here. A game whose turn is "
    "one move answers each legal move as one step that ends the turn."
)
class NextSteps:
    steps: list[NextStep] = strawberry.field(
        description="The legal next steps, each leading on to a legal turn."
    )
    can_end: bool = strawberry.field(description="Whether the chosen steps are a whole turn.")
    turn: NextStep | None = strawberry.field(
        description="The whole turn the chosen steps make, as play accepts it; null unless canEnd."
    )


@strawberry.type(description="One thing wrong with a state document or the options.")
class StateProblem:
    path: str = strawberry.field(
        description="Where: a JSON path into the request ($.state.board.c3)."
    )
    reason: str = strawberry.field(
        description="What is wrong there, in the answer's language (Accept-Language or ?lang)."
    )
    message_id: str = strawberry.field(description=MESSAGE_ID)
    args: JSON = strawberry.field(description=MESSAGE_ARGS)


@strawberry.type(description="A move was refused; ply is its 0-based index in the move list.")
class MoveRejected:
    code: ErrorCode = strawberry.field(description="Why the move was refused.")
    message: str = strawberry.field(description=MESSAGE)
    message_id: str = strawberry.field(description=MESSAGE_ID)
    args: JSON = strawberry.field(description=MESSAGE_ARGS)
    ply: int | None = strawberry.field(
        description="The 0-based index of the refused move in the move list."
    )
    reason: str | None = strawberry.field(
        description="A finer stable code, e.g. TAKE_BACK_FORBIDDEN, CHANCE_IS_SAMPLED."
    )
    rule: str | None = strawberry.field(description="The rule id that forbids the move, e.g. MX-7.")
    details: JSON = strawberry.field(
        description="Everything the refusal carries, as REST's error details."
    )
    step: int | None = strawberry.field(
        default=None, description="In nextSteps: the 0-based index of the refused step."
    )


@strawberry.type(
    description="The state (or the players/options) is impossible: its problems (the first "
    f"{MAX_PROBLEMS}) and how many there are."
)
class InvalidState:
    code: ErrorCode = strawberry.field(
        description="INVALID_STATE, INVALID_OPTIONS or STATE_TAMPERED."
    )
    message: str = strawberry.field(description=MESSAGE)
    message_id: str = strawberry.field(description=MESSAGE_ID)
    args: JSON = strawberry.field(description=MESSAGE_ARGS)
    problems: list[StateProblem] = strawberry.field(
        description=f"What is wrong, by JSON path (the first {MAX_PROBLEMS})."
    )
    problem_count: int = strawberry.field(description="How many problems there are in all.")
    reason: str | None = strawberry.field(
        description="STATE_TAMPERED: UNSIGNED, BAD_SIGNATURE or UNKNOWN_KEY; else null."
    )


@strawberry.type(description="The request itself is wrong: unknown game, bad player, limits.")
class InvalidRequest:
    code: ErrorCode = strawberry.field(description="What is wrong with the request.")
    message: str = strawberry.field(description=MESSAGE)
    message_id: str = strawberry.field(description=MESSAGE_ID)
    args: JSON = strawberry.field(description=MESSAGE_ARGS)
    details: JSON = strawberry.field(
        description="Everything the refusal carries, as REST's error details."
    )


@strawberry.type(
    description="One line of a player's score, citing the rule it comes from; a player's "
    "lines add up to their score."
)
class ScoreLine:
    player: int = strawberry.field(description="Whose score the line is part of.")
    rule: str = strawberry.field(description="The rule that gives these points, e.g. TX-11.")
    points: int = strawberry.field(description="The points of the line (negative: a penalty).")
    message: str = strawberry.field(description="The line in words, in the answer's language.")
    message_id: str = strawberry.field(description=MESSAGE_ID)
    args: JSON = strawberry.field(description=MESSAGE_ARGS)


NextStepsResult = Annotated[
    NextSteps | MoveRejected | InvalidRequest,
    strawberry.union(
        "NextStepsResult", description="The next steps, or why a chosen step was refused."
    ),
]


@strawberry.type(description="A game position; every field is computed when asked for.")
class Position:
    _rules: strawberry.Private[Rules]
    _loaded: strawberry.Private[Loaded]
    _events: strawberry.Private[list[dict[str, Any]]] = strawberry.field(default_factory=list)

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

    @strawberry.field(
        description="Players who may act now (empty at a chance node or when finished)."
    )
    async def to_move(self) -> list[int]:
        return list((await self._summary())["toMove"])

    @strawberry.field(description="Whether the next move is a chance outcome (dice, a draw).")
    async def is_chance(self) -> bool:
        return bool((await self._summary())["isChance"])

    @strawberry.field(description="Whether the game goes on.")
    async def status(self) -> GameStatus:
        return GameStatus((await self._summary())["status"])

    @strawberry.field(description="Who won; ties share the win; empty while ongoing.")
    async def winners(self) -> list[int]:
        return list((await self._summary())["winners"])

    @strawberry.field(description="One score per player.")
    async def scores(self) -> list[int]:
        return list((await self._summary())["scores"])

    @strawberry.field(description="Why the game ended (null while ongoing).")
    async def reason(self) -> str | None:
        value = (await self._score())["reason"]
        return None if value is None else str(value)

    @strawberry.field(description="The per-game score breakdown.")
    async def breakdown(self) -> JSON:
        return JSON((await self._score())["breakdown"])

    @strawberry.field(
        description="Each player's score as lines that cite their rules and add up to it."
    )
    async def score_lines(self) -> list[ScoreLine]:
        return [
            ScoreLine(
                player=line["player"],
                rule=line["rule"],
                points=line["points"],
                message=str(text.from_wire(line)),
                message_id=line["messageId"],
                args=JSON(line["args"]),
            )
            for line in (await self._score())["lines"]
        ]

    @strawberry.field(description="Legal moves (the outcomes at a chance node).")
    async def legal_moves(self, player: int | None = None) -> list[LegalMove]:
        answer = await _or_error_async(self._rules.legal_moves(self._loaded, player))
        game = self._loaded.engine.id
        told = _Told(self._rules, self._loaded, player)
        return [
            LegalMove(
                _game=game,
                notation=m["notation"],
                move=m["move"],
                probability=m.get("probability"),
                locations=m["locations"],
                _told=told,
                _index=i,
            )
            for i, m in enumerate(answer["moves"])
        ]

    @strawberry.field(
        description="A turn built step by step: the steps that may follow the chosen ones "
        "(MoveRejected names a refused step's index), whether the turn may end there."
    )
    async def next_steps(
        self, player: int | None = None, steps: list[JSON] | None = None
    ) -> NextStepsResult:
        rules, game = self._rules, self._loaded.engine.id
        fields = {"player": player, "steps": steps}
        body = _body(fields, set(fields))
        v = body.read(f for f in contract.BY_ID["nextSteps"].fields() if f.name in fields)
        try:
            body.done()
            found = await rules.next_steps(self._loaded, v["player"], v["steps"])
        except ServiceError as exc:
            failure = _failure(exc)
            assert not isinstance(failure, InvalidState)  # the position's state is valid
            return failure
        turn = found["turn"]
        return NextSteps(
            steps=[
                NextStep(
                    _game=game, notation=s["notation"], move=s["move"], locations=s["locations"]
                )
                for s in found["steps"]
            ],
            can_end=found["canEnd"],
            turn=None
            if turn is None
            else NextStep(
                _game=game,
                notation=turn["notation"],
                move=turn["move"],
                locations=turn["locations"],
            ),
        )

    @strawberry.field(
        description='What the position asks of whom ("Red to move: roll"), or how the game '
        "ended, in the answer's language (null for a game without prompts)."
    )
    async def prompt(self) -> str | None:
        wire = await self._rules.prompt(self._loaded)
        return None if wire is None else str(text.from_wire(wire))

    @strawberry.field(description="The prompt's messageId and args.")
    async def prompt_message(self) -> JSON | None:
        wire = await self._rules.prompt(self._loaded)
        return None if wire is None else JSON(wire)

    @strawberry.field(description="Chance outcomes with probabilities (empty unless isChance).")
    async def chance_outcomes(self) -> list[LegalMove]:
        if not (await self._summary())["isChance"]:
            return []
        moves: list[LegalMove] = await self.legal_moves()
        return moves

    @strawberry.field(description="What a player may see (null: a spectator).")
    def view(self, player: int | None = None) -> JSON:
        return JSON(_or_error(lambda: self._rules.view(self._loaded, player))["view"])

    @strawberry.field(
        description="What happened to make this position in this request: newGame's events "
        "(gameStarted, then with a seed the opening's sampled chance); empty otherwise (play's "
        "are PlayOutcome.events)."
    )
    def events(self) -> list[JSON]:
        return [JSON(e) for e in self._events]

    @strawberry.field(
        description="An SVG picture of the position (mark: a move's places marked; narrow: "
        f"drawn for a phone, every text at least {pictures.MIN_TEXT_PX} px when fitted into a "
        f"{pictures.NARROW_PX} × {pictures.NARROW_HEIGHT_PX} px box)."
    )
    def svg(
        self, player: int | None = None, mark: JSON | None = None, narrow: bool | None = None
    ) -> str:
        return _or_error(lambda: self._rules.render(self._loaded, player, mark, bool(narrow)))


@strawberry.type(description="The position after the moves, and what happened.")
class PlayOutcome:
    position: Position = strawberry.field(
        description="The position after the moves (and sampled chance)."
    )
    events: list[JSON] = strawberry.field(
        description="What happened, in order (ply: the move's index)."
    )


@strawberry.type(description="The position after replaying every move.")
class ReplayOutcome:
    position: Position = strawberry.field(description="The position after the last move.")
    plies: int = strawberry.field(description="How many moves were replayed.")
    replayed: JSON = strawberry.field(
        description="The game replayed as replay arguments (players, options, seed, keyId, "
        "moves; to send again as they are), each move with who made it ({player, move}; a "
        "chance outcome as its notation alone): what a text record reads as."
    )


@strawberry.type(description="One thing a verification found wrong.")
class VerifyProblem:
    code: ProblemCode = strawberry.field(description="What was found wrong.")
    message: str = strawberry.field(description="The problem in words, in the answer's language.")
    message_id: str = strawberry.field(description=MESSAGE_ID)
    args: JSON = strawberry.field(description=MESSAGE_ARGS)
    ply: int | None = strawberry.field(
        default=None, description="The 0-based index of the move (moves 1, 2... in a record)."
    )
    line: int | None = strawberry.field(
        default=None, description="The text record's line of the move (or of a record error)."
    )
    reason: str | None = strawberry.field(default=None, description="A move's finer stable code.")
    rule: str | None = strawberry.field(default=None, description="A move's rule id, e.g. MX-7.")
    claimed: JSON | None = strawberry.field(
        default=None, description="SCORES_DIFFER, WINNERS_DIFFER: what was claimed."
    )
    computed: JSON | None = strawberry.field(
        default=None, description="SCORES_DIFFER, WINNERS_DIFFER: what the record gives."
    )


def _problems(items: list[dict[str, Any]]) -> list[VerifyProblem]:
    return [
        VerifyProblem(
            **{k: v for k, v in p.items() if k not in ("code", "message", "messageId", "args")},
            code=ProblemCode(p["code"]),
            message=str(p["message"]),
            message_id=p["messageId"],
            args=JSON(p["args"]),
        )
        for p in items
    ]


@strawberry.type(
    description="Whether the record replays to a finished game with the claimed result."
)
class Verdict:
    valid: bool = strawberry.field(
        description="True when every move is legal, the game finished and the claim holds."
    )
    problems: list[VerifyProblem] = strawberry.field(
        description="What was found wrong (empty when valid)."
    )
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
    text: str = strawberry.field(description="The record's text (docs/records.md).")


@strawberry.type(description="Whether this service signed the certificate (for the record).")
class CertificateCheck:
    valid: bool = strawberry.field(description="Whether this service signed the certificate.")
    problems: list[VerifyProblem] = strawberry.field(
        description="What was found wrong (empty when valid)."
    )
    key_id: str | None = strawberry.field(
        description="The key that signed it (null: none of this service's)."
    )


PositionResult = Annotated[
    Position | MoveRejected | InvalidState | InvalidRequest,
    strawberry.union(
        "PositionResult",
        description="A position, or why there is none: the move, state or request refused.",
    ),
]
PlayResult = Annotated[
    PlayOutcome | MoveRejected | InvalidState | InvalidRequest,
    strawberry.union(
        "PlayResult", description="The outcome of play, or why the moves were refused."
    ),
]
ReplayResult = Annotated[
    ReplayOutcome | MoveRejected | InvalidState | InvalidRequest,
    strawberry.union(
        "ReplayResult", description="The outcome of replay, or why the game could not be replayed."
    ),
]


@strawberry.type(description="The reference bot's move and how it found it.")
class Suggestion:
    _game: strawberry.Private[str]
    player: int = strawberry.field(description="The player the move is for.")
    move: LegalMove = strawberry.field(description="The chosen move.")
    stats: JSON = strawberry.field(
        description="{iterations, plies, cpuLimited, timeLimited, elapsedMs, moves, value, "
        "top: [{notation, visits, value}]}"
    )


@strawberry.type(description="What a position is worth to one player, by a search.")
class PlayerValue:
    player: int = strawberry.field(description="The player.")
    value: float = strawberry.field(
        description="Their mean return over the search's playouts: a win 1, a share of a tie, "
        "a loss 0, an unfinished playout judged by the score difference (solo: by the score)."
    )
    low: float = strawberry.field(description="The value's 95% interval (Wilson), low end.")
    high: float = strawberry.field(description="The value's 95% interval, high end.")
    score: float = strawberry.field(
        description="Their mean score where the playouts ended (the game's end, or the "
        "iteration's ply limit)."
    )


@strawberry.type(description="A position's value for every player, and how it was found.")
class Evaluation:
    _game: strawberry.Private[str]
    player: int = strawberry.field(description="Whose information the search used.")
    values: list[PlayerValue] = strawberry.field(description="One per player, in order.")
    best: LegalMove | None = strawberry.field(
        description="The best move found for player, when they are to move (the move suggest "
        "answers for the same seed and budget); else null."
    )
    stats: JSON = strawberry.field(
        description="{iterations, plies, cpuLimited, timeLimited, playouts, elapsedMs?}"
    )


def _offered(game: str, offered: dict[str, Any]) -> LegalMove:
    """A move as the service offers it (``Game.offered``: notation, document, locations)."""
    return LegalMove(
        _game=game,
        notation=offered["notation"],
        move=offered["move"],
        locations=[JSON(loc) for loc in offered["locations"]],
    )


@strawberry.type(description="A review of a game, and its record annotated with it.")
class Analysis:
    plies: list[JSON] = strawberry.field(
        description="Every ply in order: {ply, kind: decision, player, notation, before, after, "
        "givenUp, mark, best: [{notation, visits, value}]} or {ply, kind: chance, notation, "
        "sampled, luck: [per player]}."
    )
    players: list[JSON] = strawberry.field(
        description="Per player: {player, start, result, luck, skill, luckAdjusted, decisions, "
        "givenUp, marks: {inaccuracy, mistake, blunder}}; result = start + skill + luck."
    )
    stats: JSON = strawberry.field(description="{iterations, positions, cpuLimited, budget}")
    annotated: str = strawberry.field(
        description="The game's text record with the review as ; comments after each move."
    )


AnalyzeResult = Annotated[
    Analysis | MoveRejected | InvalidState | InvalidRequest,
    strawberry.union("AnalyzeResult", description="The review, or why there is none."),
]
EvaluateResult = Annotated[
    Evaluation | MoveRejected | InvalidState | InvalidRequest,
    strawberry.union(
        "EvaluateResult", description="The evaluation, or why the position could not be evaluated."
    ),
]
SuggestResult = Annotated[
    Suggestion | MoveRejected | InvalidState | InvalidRequest,
    strawberry.union(
        "SuggestResult", description="The bot's move, or why it could not suggest one."
    ),
]
VerifyResult = Annotated[
    Verdict | InvalidRequest,
    strawberry.union(
        "VerifyResult",
        description="A verdict (its problems say what is wrong), or why nothing could be verified.",
    ),
]
RecordResult = Annotated[
    RecordText | MoveRejected | InvalidState | InvalidRequest,
    strawberry.union(
        "RecordResult", description="The text record, or why the game could not be written."
    ),
]
RulesResult = Annotated[
    GameRules | InvalidRequest,
    strawberry.union("RulesResult", description="The game's rules, or why there are none."),
]
CertificateResult = Annotated[
    CertificateCheck | InvalidRequest,
    strawberry.union(
        "CertificateResult",
        description="The certificate check, or why the certificate could not be read.",
    ),
]


class GraphQLServiceError(Exception):
    """An ServiceError inside a Position field: a GraphQL error with ``extensions.code``."""

    def __init__(self, error: ServiceError) -> None:
        super().__init__(error.message)
        self.extensions = {"code": error.code, **error.msg.wire(), "details": error.details}


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


def _noted(error: ServiceError) -> None:
    failures = FAILURES.get()
    if failures is not None:
        failures.append({"code": error.code, "message": error.msg, **error.msg.wire()})


def _failure(error: ServiceError) -> MoveRejected | InvalidState | InvalidRequest:
    _noted(error)
    if error.code in MOVE_CODES:
        d = error.details
        return MoveRejected(
            code=ErrorCode(error.code),
            message=error.message,
            message_id=error.msg.id,
            args=JSON(error.msg.wire()["args"]),
            ply=d.get("ply"),
            reason=d.get("reason"),
            rule=d.get("rule"),
            details=JSON(d),
            step=d.get("step"),
        )
    if error.code in STATE_CODES:
        problems = error.details.get("problems") or [Problem("$.sig", error.msg).wire()]
        return InvalidState(
            code=ErrorCode(error.code),
            message=error.message,
            message_id=error.msg.id,
            args=JSON(error.msg.wire()["args"]),
            problems=[
                StateProblem(
                    path=p["path"],
                    reason=str(p["reason"]),
                    message_id=p["messageId"],
                    args=JSON(p["args"]),
                )
                for p in problems
            ],
            problem_count=error.details.get("problemCount", len(problems)),
            reason=error.details.get("reason"),
        )
    return _invalid(error, noted=True)


def _invalid(error: ServiceError, noted: bool = False) -> InvalidRequest:
    if not noted:
        _noted(error)
    return InvalidRequest(
        code=ErrorCode(error.code),
        message=error.message,
        message_id=error.msg.id,
        args=JSON(error.msg.wire()["args"]),
        details=JSON(error.details),
    )


def _body(fields: dict[str, Any], allowed: set[str]) -> Body:
    """GraphQL arguments as a REST body (null: not given), read by the same code."""
    return Body({k: v for k, v in fields.items() if v is not None}, allowed)


def _arguments(arguments: dict[str, Any], names: Iterable[str]) -> Body:
    """A resolver's arguments (its ``locals()``) named as the REST body names them."""
    camel = {"".join(f"_{c.lower()}" if c.isupper() else c for c in n): n for n in names}
    return _body({camel[k]: v for k, v in arguments.items() if k in camel}, set(camel.values()))


def _played(rules: Rules, end: Loaded, events: list[Any], describe: bool | None) -> PlayOutcome:
    """play's and contribute's answer: the position reached and the events (in words too,
    with ``describe``)."""
    if describe:
        events = describe_events(end.engine, events)
    return PlayOutcome(
        position=Position(_rules=rules, _loaded=end), events=[JSON(e) for e in events]
    )


def _rules(info: Info) -> Rules:
    rules: Rules = info.context["rules"]
    return rules


def _moves(items: list[JSON], player: int | None) -> list[MoveRequest]:
    out: list[MoveRequest] = []
    problems: list[dict[str, Any]] = []
    for i, item in enumerate(items):
        unfit = document_problem(item)
        if unfit is not None:
            problems.append({"path": f"$.moves[{i}]", "reason": unfit})
            continue
        request = parse_move_item(item, player)
        if request is None:
            problems.append(
                {
                    "path": f"$.moves[{i}]",
                    "reason": Msg.of("request-not-a-move", type=type_name(item)),
                }
            )
        else:
            out.append(request)
    if problems:
        raise ServiceError("INVALID_REQUEST", problems[0]["reason"], problem_details(problems))
    return out


@strawberry.type(
    description="Every operation: pure reads of the states sent, so GET works and answers cache."
)
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
                player_names=[str(name) for name in g["playerNames"]],
                players=[
                    PlayerInfo(
                        player=p["player"],
                        name=str(p["name"]),
                        colour=p["colour"],
                        fill=p["fill"],
                        colour_name=None if p["colourName"] is None else str(p["colourName"]),
                    )
                    for p in g["players"]
                ],
            )
            for g in _rules(info).games()
        ]

    @strawberry.field(description="A game's rules, rule by rule, in the answer's language.")
    def rules(self, info: Info, game: str) -> RulesResult:
        rules = _rules(info)
        try:
            found = rules.rules_of(rules.engine(game))
        except ServiceError as exc:
            return _invalid(exc)
        return GameRules(
            game=found["game"],
            language=found["language"],
            rules=[RuleText(id=r["id"], text=r["text"]) for r in found["rules"]],
        )

    @strawberry.field(description="A new game; with a seed the opening chance is sampled.")
    def new_game(
        self,
        info: Info,
        game: str,
        players: int | None = None,
        options: JSON | None = None,
        seed: str | None = None,
        fair: JSON | None = None,
        describe: bool | None = None,
    ) -> PositionResult:
        rules = _rules(info)
        try:
            engine = rules.engine(game)
            if options is not None and not isinstance(options, dict):
                raise ServiceError("INVALID_REQUEST", Msg.of("error-options-not-object"))
            body = _body({"fair": fair}, {"fair"})
            contributions = body.fair(start=True)
            body.done()
            loaded, events = rules.start(engine, players, options, seed, fair=contributions)
            if describe:
                events = describe_events(engine, events)
            return Position(_rules=rules, _loaded=loaded, _events=events)
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
        describe: bool | None = None,
    ) -> PlayResult:
        rules = _rules(info)
        try:
            loaded = rules.load(rules.engine(game), state)
            end, events = await rules.play_async(loaded, _moves(moves, player), auto_chance)
            return _played(rules, end, events, describe)
        except ServiceError as exc:
            return _failure(exc)

    @strawberry.field(
        description="A player's contribution to a fair game started open (fair.open at "
        "newGame): the seat must be one its state's fair.awaiting lists; once none is awaited "
        "the opening's chance is drawn (its events). Otherwise MoveRejected: NOT_YOUR_TURN, "
        "reason NOT_AWAITED."
    )
    async def contribute(
        self,
        info: Info,
        game: str,
        state: JSON,
        player: int,
        contribution: JSON | None = None,
        describe: bool | None = None,
    ) -> PlayResult:
        rules = _rules(info)
        try:
            loaded = rules.load(rules.engine(game), state)
            end, events = rules.contribute(loaded, player, contribution)
            return _played(rules, end, events, describe)
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
        key_id: str | None = None,
        fair: JSON | None = None,
        record: str | None = None,
    ) -> ReplayResult:
        rules = _rules(info)
        try:
            engine = rules.engine(game)
            claim = read_claim(_arguments(locals(), REPLAY_FIELDS), game)
            end, replayed = await replay_claim(rules, engine, claim)
            return ReplayOutcome(
                position=Position(_rules=rules, _loaded=end),
                plies=len(claim.moves),
                replayed=JSON(replayed),
            )
        except ServiceError as exc:
            return _failure(exc)

    @strawberry.field(
        description="A review of a game (its replay arguments, or record): for every decision "
        "the mover's value before and after, what it gave up, a mark and the best moves found; "
        "for every chance event its luck; per player the result split into skill and luck; "
        "and the record annotated with it. budget: iterations a position; analysisSeed: the "
        "searches' seed."
    )
    async def analyze(
        self,
        info: Info,
        game: str,
        moves: list[JSON] | None = None,
        players: int | None = None,
        options: JSON | None = None,
        seed: str | None = None,
        key_id: str | None = None,
        fair: JSON | None = None,
        record: str | None = None,
        budget: int | None = None,
        analysis_seed: str | None = None,
    ) -> AnalyzeResult:
        rules = _rules(info)
        try:
            engine = rules.engine(game)
            claim, budget, seed = read_analysis(_arguments(locals(), ANALYZE_FIELDS), game)
            found = await offload.run(analyze_claim, rules, engine, claim, budget, seed)
        except ServiceError as exc:
            return _failure(exc)
        return Analysis(
            plies=[JSON(p) for p in found["plies"]],
            players=[JSON(p) for p in found["players"]],
            stats=JSON(found["stats"]),
            annotated=found["annotated"],
        )

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
        player: int | None = None,
        seed: str | None = None,
        budget: int | None = None,
        level: BotLevel | None = None,
        budget_ms: int | None = None,
    ) -> SuggestResult:
        rules = _rules(info)
        try:
            loaded = rules.load(rules.engine(game), state)
            rules.validate(loaded)
            strength = None if level is None else level.value
            found = await rules.suggest_async(loaded, player, seed, budget, strength, budget_ms)
        except ServiceError as exc:
            return _failure(exc)
        return Suggestion(
            _game=game,
            player=found["player"],
            move=_offered(game, found["move"]),
            stats=JSON(found["stats"]),
        )

    @strawberry.field(
        description="A position's value for every player (win chance, or a share of the "
        "points; an interval; the mean score), by the reference bot's search from player's "
        "information: reproducible with seed and budget (or level), cached by position unless "
        "a clock cut it short; budgetMs bounds it by wall-clock time. A finished game is "
        "valued exactly."
    )
    async def evaluate(
        self,
        info: Info,
        game: str,
        state: JSON,
        player: int | None = None,
        seed: str | None = None,
        budget: int | None = None,
        level: BotLevel | None = None,
        budget_ms: int | None = None,
    ) -> EvaluateResult:
        rules = _rules(info)
        try:
            loaded = rules.load(rules.engine(game), state)
            rules.validate(loaded)
            strength = None if level is None else level.value
            found = await rules.evaluate(loaded, player, seed, budget, strength, budget_ms)
        except ServiceError as exc:
            return _failure(exc)
        best = found["best"]
        return Evaluation(
            _game=game,
            player=found["player"],
            values=[PlayerValue(**v) for v in found["values"]],
            best=None if best is None else _offered(game, best),
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
        key_id: str | None = None,
        fair: JSON | None = None,
        claimed: JSON | None = None,
        tags: JSON | None = None,
        record: str | None = None,
        history: JSON | None = None,
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
        key_id: str | None = None,
        fair: JSON | None = None,
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
        record: str | None = None,
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

# Each argument is described as the contract declares its field (service/api/contract.py),
# found by walking each operation's GraphQL path; an argument no operation declares fails the
# import. The enums' values as the tables they come from say: errors.CODES, verify's problem
# table, bots.LEVELS.
GAME_STATUS = dict(zip(STATUSES, ("Players still have moves.", "The game is over."), strict=True))
VERDICT_PROBLEMS = {
    "RULES_VERSION_DIFFERS": "the record's RulesVersion is not the service's",
    "NOT_FINISHED": "the record ends before the game does",
    "SCORES_DIFFER": "the claimed scores are not the computed ones",
    "WINNERS_DIFFER": "the claimed winners are not the computed ones",
    "CHANCE_DIFFERS": "a chance outcome the fair record lists is not the one its seed draws",
    "FAIR_REVEAL_DIFFERS": "the revealed server seed does not match the commitment",
    "FAIR_COMMITMENT_DIFFERS": "the commitment is not the one this service made for the game",
    "FAIR_UNREVEALED": "an unrevealed fair game, verified without the secret",
    "FORKED": "a state of the fair game's history that the record's line does not pass "
    "through: the game branched there",
    "NO_SECRET": "this service has no secret to check a certificate with",
    "UNKNOWN_KEY": "the certificate's key is none of this service's",
    "BAD_SIGNATURE": "the certificate's signature is wrong",
    "DIGEST_DIFFERS": "the certificate is not the given record's",
}


def _describe_arguments(built: GraphQLSchema) -> None:
    words: dict[tuple[str, str, str], str | None] = {}
    for op in contract.OPERATIONS:
        if op.graphql is None:
            continue
        declared = {f.name: f.description for f in (contract.GAME, *op.fields())}
        parent: Any = built.query_type
        for i, name in enumerate(op.graphql.path):
            field = parent.fields[name]
            for arg in field.args:
                key, text = (parent.name, name, arg), declared[arg]
                if words.setdefault(key, text) != text:
                    raise ValueError(f"{key}: two operations describe it differently")
            if i + 1 < len(op.graphql.path):
                result = getattr(field.type, "of_type", field.type)
                if not isinstance(result, GraphQLObjectType):  # a result union's member
                    result = next(t for t in result.types if op.graphql.path[i + 1] in t.fields)
                parent = result
    for type_ in built.type_map.values():
        if isinstance(type_, GraphQLObjectType) and not type_.name.startswith("__"):
            for name, field in type_.fields.items():
                for arg, argument in field.args.items():
                    text = words.get((type_.name, name, arg))
                    if text is None:
                        raise ValueError(f"{type_.name}.{name}({arg}): no contract field says it")
                    argument.description = text


def _describe(built: GraphQLSchema) -> None:
    _describe_arguments(built)
    words: dict[str, dict[str, str]] = {
        "ErrorCode": CODES,
        "ProblemCode": {**CODES, **VERDICT_PROBLEMS},
        "GameStatus": GAME_STATUS,
        "BotLevel": {name.upper(): bots.describe_level(name) for name in bots.LEVELS},
    }
    for enum, texts in words.items():
        graphql_enum = built.type_map[enum]
        assert isinstance(graphql_enum, GraphQLEnumType)
        for name, value in graphql_enum.values.items():
            text = texts[name]
            value.description = text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


_describe(graphql_schema(schema))
