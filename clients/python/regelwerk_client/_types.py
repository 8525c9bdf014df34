"""The answers' shapes: TypedDicts named and keyed as the OpenAPI components.

A test compares every TypedDict here with its component in ``schema/openapi.json`` (keys and
which of them are required), so they cannot drift apart silently. Game-specific documents
(states, move documents, events, score breakdowns, views) stay ``dict[str, Any]``: they
differ per game, and a caller sends them back unchanged or reads them by the game's schema
(``schema/states/<game>.json`` and the others).
"""

# No `from __future__ import annotations` here: Python 3.11 sees NotRequired only in evaluated
# annotations, and the required keys are what the contract test compares.
from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict

__all__ = [
    "AnalyzeAnswer",
    "AnalyzeStats",
    "BatchGameReview",
    "BatchLineError",
    "BatchReview",
    "BatchVerdict",
    "Certificate",
    "CertificateCheck",
    "ChanceReview",
    "Claimed",
    "DecisionReview",
    "Error",
    "ErrorBody",
    "ErrorDetails",
    "EvaluateAnswer",
    "EvaluateStats",
    "Event",
    "Fair",
    "FairStart",
    "Game",
    "GameId",
    "GameList",
    "Language",
    "LegalMove",
    "LegalMoves",
    "Location",
    "Message",
    "MessageArgs",
    "Move",
    "MoveDocument",
    "MoveEntry",
    "NewGameAnswer",
    "NextStep",
    "NextSteps",
    "NextTurn",
    "PlayAnswer",
    "Player",
    "PlayerMove",
    "PlayerReview",
    "PlayerValue",
    "Position",
    "Problem",
    "ProblemCode",
    "ReplayAnswer",
    "ReplayedGame",
    "RuleText",
    "Rules",
    "Score",
    "ScoreLine",
    "State",
    "Status",
    "SuggestAnswer",
    "SuggestStats",
    "SuggestedMove",
    "TopMove",
    "VerifyAnswer",
    "VerifyProblem",
    "View",
    "ViewAnswer",
]

State = dict[str, Any]
"""A game state document (``{"game": "mixtour", "v": 1, ...}``): send it back unchanged."""

MoveDocument = dict[str, Any]
"""A move document as legal-moves lists it (``{"kind": "place", "square": "b2"}``)."""

Event = dict[str, Any]
"""What happened while playing, told by its ``type`` (``placed``, ``chance``, ...); with
``describe``, its ``description`` in the answer's language."""

Location = dict[str, Any]
"""A place of the picture a move or event touches: each key but ``role`` (``from``, ``to``) is
a data attribute of the SVG (key ``k`` is ``data-k``): ``{"square": "c3", "role": "to"}``."""

View = dict[str, Any]
"""What one player may see of a state (no seed; in Triominos Junior no other rack)."""

GameId = Literal["mixtour", "tric-trac", "te-trix", "triominos-junior"]
Language = Literal["en", "de"]
"""The languages the service writes in; it answers any other in English."""
Status = Literal["ongoing", "finished"]

Move = str | Mapping[str, Any]
"""A move as ``play`` accepts it: its notation (``"c3-c4"``) or its move document."""


class PlayerMove(TypedDict):
    """A move for a named player (Te-Trix's simultaneous placements, replay records)."""

    move: Move
    player: NotRequired[int]


MoveEntry = Move | PlayerMove


class Game(TypedDict):
    """A game of the catalogue; ``options`` maps each option name to its JSON Schema, with its
    label (``title``) and ``description`` in the answer's language, as are ``playerNames``."""

    id: GameId
    name: str
    minPlayers: int
    maxPlayers: int
    rulesVersion: str
    chance: bool
    hiddenInformation: bool
    simultaneous: bool
    options: dict[str, dict[str, Any]]
    playerNames: list[str]  # by player number ("White", "Blue"; "Weiß", "Blau")
    players: list["Player"]


class Player(TypedDict):
    """A player of the catalogue: name, and where the players have colours the colour's key
    (``data-player-colour``), CSS colour (``data-player-fill``) and word; else those are None."""

    player: int
    name: str
    colour: str | None
    fill: str | None
    colourName: str | None


class GameList(TypedDict):
    games: list[Game]


MessageArgs = dict[str, "int | str | Message"]
"""A message's named arguments: numbers, notation, JSON paths, codes, or a nested message."""


class Message(TypedDict):
    """A message of the service's catalog: its stable id and named arguments, enough to word
    it in a language of your own (a message inside another's ``args`` has this shape)."""

    messageId: str
    args: MessageArgs


class _Situation(TypedDict):
    """What every position answer has (``ReplayAnswer`` has no prompt: it takes no describe)."""

    state: State
    toMove: list[int]
    isChance: bool
    status: Status
    winners: list[int]
    scores: list[int]


class Position(_Situation):
    """``prompt`` (in the answer's language) and ``promptMessage``: only with ``describe``."""

    prompt: NotRequired[str]
    promptMessage: NotRequired[Message]


class NewGameAnswer(Position):
    """The new game and its events: ``gameStarted`` (who acts first), then with a seed the
    opening's sampled chance (the throw that decides who starts, the deal, the first roll)."""

    events: list[Event]


class PlayAnswer(Position):
    """With ``describe``, each event has its ``description`` too (its text only)."""

    events: list[Event]


class Fair(TypedDict):
    """A fair game's chance as its state and record carry it: the commitment to the server
    seed, each player's contribution and, once the game is finished, the seed revealed.
    A game started open lists the seats whose contribution it still waits for in
    ``awaiting`` (``contribute``); ``ply`` counts the moves since the start and ``parent``
    is the digest (the ETag) of the state one ply before."""

    commitment: str
    contributions: list[str | None]
    awaiting: NotRequired[list[int]]
    ply: NotRequired[int]
    parent: NotRequired[str]
    reveal: NotRequired[str]


class FairStart(TypedDict, total=False):
    """``new_game(fair=...)``: start a fair game with the players' contributions; with
    ``open`` it waits at its first chance event for the seats without one (``contribute``)."""

    contributions: list[str | None]
    open: bool


class ReplayedGame(TypedDict):
    """The game replayed as replay arguments (to send again as they are): what a text record
    reads as, each move with who made it (a chance outcome as its notation alone)."""

    players: int
    options: dict[str, Any]
    seed: str | None
    keyId: str | None
    fair: Fair | None
    moves: list[MoveEntry]


class ReplayAnswer(_Situation):
    plies: int
    replayed: ReplayedGame


class LegalMove(TypedDict):
    """``move`` is the move document: ``play`` accepts it instead of the notation."""

    notation: str
    move: MoveDocument
    locations: list[Location]  # what it touches, named as the SVG names it
    probability: NotRequired[float]  # only at a chance node
    description: NotRequired[str]  # only with describe, in the answer's language
    descriptionMessage: NotRequired[Message]


class LegalMoves(TypedDict):
    """``prompt`` and ``promptMessage``: only with ``describe``, as each move's description."""

    toMove: list[int]
    isChance: bool
    moves: list[LegalMove]
    prompt: NotRequired[str]
    promptMessage: NotRequired[Message]


class NextStep(TypedDict):
    """A step that may come next (a Tric Trac stone by one number): send it back in
    ``steps`` as its ``notation`` or its ``move`` document."""

    notation: str
    move: MoveDocument
    locations: list[Location]  # what it touches, named as the SVG names it


class NextTurn(TypedDict):
    """The whole turn the chosen steps make: ``play`` takes its ``move`` (or ``notation``)."""

    notation: str
    move: MoveDocument
    locations: list[Location]


class NextSteps(TypedDict):
    """A turn built step by step: the legal next steps, whether it may end; ``turn`` is None
    unless ``canEnd``."""

    steps: list[NextStep]
    canEnd: bool
    turn: NextTurn | None


class ScoreLine(TypedDict):
    """One line of a player's score; a player's ``points`` add up to their score."""

    player: int
    rule: str  # the rule that gives the points, e.g. TX-11
    points: int  # negative for a penalty
    message: str  # in the answer's language
    messageId: str
    args: MessageArgs


class Score(TypedDict):
    scores: list[int]
    status: Status
    winners: list[int]
    reason: str | None
    breakdown: dict[str, Any]
    lines: list[ScoreLine]


class ViewAnswer(TypedDict):
    view: View


class Problem(TypedDict):
    """One thing wrong at ``path``: ``reason`` in the answer's language, and as a message."""

    path: str  # a JSON path, $.board.c3
    reason: str
    messageId: str
    args: MessageArgs


class ErrorDetails(TypedDict, total=False):
    """Every key is optional; which ones appear depends on the code."""

    expected: MoveDocument
    field: str
    known: list[str]
    limit: int
    game: str  # INVALID_RECORD: the record's own game, when the call is another game's
    line: int  # INVALID_RECORD: the text record's line at fault
    notation: str
    player: int
    players: int
    ply: int
    problemCount: int
    problems: list[Problem]
    reason: str
    rule: str
    step: int  # next-steps: the 0-based index of the refused step
    toMove: list[int]


class ErrorBody(TypedDict):
    """``message`` is in the answer's language; ``messageId`` and ``args`` are the same in
    every language."""

    code: str
    message: str
    messageId: str
    args: MessageArgs
    details: ErrorDetails


class Error(TypedDict):
    """A refusal's answer: ``{"error": {"code", "message", "messageId", "args", "details"}}``."""

    error: ErrorBody


class RuleText(TypedDict):
    """One rule: ``id`` as refusals name it (``MX-7``), ``text`` as Markdown."""

    id: str
    text: str


class Rules(TypedDict):
    """A game's rules in ``language``: the one asked for when they are written in it, else
    English."""

    game: GameId
    language: Language
    rules: list[RuleText]


# -- the reference bot ----------------------------------------------------------------------------
class SuggestedMove(TypedDict):
    """The bot's move: ``play`` takes its ``move`` document (or its ``notation``)."""

    notation: str
    move: MoveDocument
    locations: list[Location]


class TopMove(TypedDict):
    """One of the root moves searched most: its playouts and their mean reward (0 to 1)."""

    notation: str
    visits: int
    value: float


class SuggestStats(TypedDict):
    """How the bot found its move: ``iterations`` searched, playout ``plies`` spent, whether
    the request's CPU allowance (``cpuLimited``) or its ``budgetMs`` (``timeLimited``) stopped
    the search before its budget, the wall-clock ``elapsedMs`` it took (only with a
    ``budgetMs``), the candidate
    ``moves``, the chosen move's mean reward ``value`` (None when no playout ran: a
    single legal move is answered without a search) and the ``top`` moves by visits (at most
    five)."""

    iterations: int
    plies: int
    cpuLimited: bool
    timeLimited: bool
    elapsedMs: NotRequired[float]
    moves: int
    value: float | None
    top: list[TopMove]


class SuggestAnswer(TypedDict):
    """The reference bot's ``move`` for ``player`` and its ``stats``."""

    move: SuggestedMove
    player: int
    stats: SuggestStats


class PlayerValue(TypedDict):
    """What the position is worth to ``player``: their mean return over the search's playouts
    (``value``: a win 1, a share of a tie, a loss 0; an unfinished playout judged by the score
    difference, a solo game by its score), its 95% interval ``low`` to ``high``, and their
    mean ``score`` where the playouts ended."""

    player: int
    value: float
    low: float
    high: float
    score: float


class EvaluateStats(TypedDict):
    """What an evaluation spent: ``iterations``, ``plies``, the ``playouts`` its values
    average, whether a clock cut it short (``cpuLimited``, ``timeLimited``) and, with a
    ``budgetMs``, its wall-clock ``elapsedMs``."""

    iterations: int
    plies: int
    cpuLimited: bool
    timeLimited: bool
    elapsedMs: NotRequired[float]
    playouts: int


class EvaluateAnswer(TypedDict):
    """A position's ``values`` for every player, searched from ``player``'s information; the
    ``best`` move found when that player is to move (else None) and the ``stats``."""

    player: int
    values: list[PlayerValue]
    best: SuggestedMove | None
    stats: EvaluateStats


class DecisionReview(TypedDict):
    """A decision judged: the mover's value ``before`` and ``after`` it, what it gave up
    (``givenUp``: 0 when it is the move the search would have played), its ``mark``
    ("inaccuracy", "mistake", "blunder" or None) and the ``best`` moves found."""

    ply: int
    kind: Literal["decision"]
    player: int
    notation: str
    before: float
    after: float
    givenUp: float
    mark: Literal["inaccuracy", "mistake", "blunder"] | None
    best: list[TopMove]


class ChanceReview(TypedDict):
    """A chance event (``sampled``: rolled by the service) and its ``luck`` for each player."""

    ply: int
    kind: Literal["chance"]
    notation: str
    sampled: bool
    luck: list[float]


class PlayerReview(TypedDict):
    """One player's game: ``result`` = ``start`` + ``skill`` + ``luck``; ``luckAdjusted`` =
    ``result`` - ``luck``; their ``decisions``, what they gave up and their ``marks``."""

    player: int
    start: float
    result: float
    luck: float
    skill: float
    luckAdjusted: float
    decisions: int
    givenUp: float
    marks: dict[str, int]


class AnalyzeStats(TypedDict):
    """The searches: ``iterations`` in all, ``positions`` searched, whether
    ANALYZE_MAX_CPU_MS ran out (``cpuLimited``), the ``budget`` a position."""

    iterations: int
    positions: int
    cpuLimited: bool
    budget: int


class AnalyzeAnswer(TypedDict):
    """A game's review: every ply, every player, the searches, the annotated record."""

    plies: list[DecisionReview | ChanceReview]
    players: list[PlayerReview]
    stats: AnalyzeStats
    annotated: str


class BatchGameReview(AnalyzeAnswer):
    """A line of ``analyze_batch``'s answer with its review: ``analyze``'s answer, its ``line``
    (the 1-based index of its request line) and the ``game`` the line named."""

    line: int
    game: str | None


class BatchLineError(TypedDict):
    """A line of ``analyze_batch``'s answer without a review (an unknown game, a record that
    does not read, an illegal move): the ``error`` a single ``analyze`` would have answered
    (as ``RegelwerkError`` carries it), its ``line`` and the ``game`` it named, if any."""

    line: int
    game: str | None
    error: ErrorBody


BatchReview = BatchGameReview | BatchLineError
"""One line of ``analyze_batch``'s answer: a ``BatchGameReview``, or a ``BatchLineError`` (it
has ``"error"``; ``if "error" in review`` tells them apart)."""


# -- verify, records and certificates ---------------------------------------------------------
ProblemCode = Literal[
    # a move of the record (with its ply)
    "INVALID_NOTATION",
    "ILLEGAL_MOVE",
    "NOT_YOUR_TURN",
    "GAME_OVER",
    # the game as a whole
    "INVALID_OPTIONS",
    "RULES_VERSION_DIFFERS",
    "NOT_FINISHED",
    "SCORES_DIFFER",
    "WINNERS_DIFFER",
    # a fair game's chance
    "CHANCE_DIFFERS",
    "FAIR_REVEAL_DIFFERS",
    "FAIR_COMMITMENT_DIFFERS",
    "FAIR_UNREVEALED",
    "FORKED",  # a state of verify's history that the record's line does not pass through
    # a batch line that is no verifiable record (the error a single request would answer)
    "MALFORMED_JSON",
    "INVALID_REQUEST",
    "INVALID_RECORD",
    "UNKNOWN_GAME",
    "BODY_TOO_LARGE",
    "TOO_MANY_MOVES",
    "WORK_BUDGET_EXCEEDED",
    "INTERNAL",
    # a certificate check
    "NO_SECRET",
    "UNKNOWN_KEY",
    "BAD_SIGNATURE",
    "DIGEST_DIFFERS",
]
"""What a verdict found wrong with a game (not a refusal: the verdict is a 200 answer)."""


class Claimed(TypedDict, total=False):
    """The result ``verify`` checks; each part optional (``winners=[]``: nobody won)."""

    scores: list[float]
    winners: list[int]


class VerifyProblem(TypedDict):
    """One finding; a move's problem names its ``ply`` (and ``line`` in a text record).
    ``message`` is in the answer's language; ``messageId`` and ``args`` are the same in every
    language."""

    code: ProblemCode
    message: str
    messageId: str
    args: MessageArgs
    ply: NotRequired[int]
    line: NotRequired[int]
    reason: NotRequired[str]
    rule: NotRequired[str]
    claimed: NotRequired[list[Any]]  # SCORES_DIFFER, WINNERS_DIFFER
    computed: NotRequired[list[Any]]


class Certificate(TypedDict):
    """Proof that the service verified the record (``digest``) with this result."""

    game: GameId
    rulesVersion: str
    digest: str
    scores: list[int]
    winners: list[int]
    sig: str


class VerifyAnswer(TypedDict):
    """``position``: after the last legal move (None when the game could not start);
    ``certificate``: for a valid verdict from a service with a secret."""

    valid: bool
    problems: list[VerifyProblem]
    plies: int
    position: Position | None
    certificate: Certificate | None


class BatchVerdict(TypedDict):
    """One line of a batch's answer; ``line`` is the 1-based index of its request line."""

    line: int
    game: str | None
    valid: bool
    problems: list[VerifyProblem]
    plies: int
    status: Status | None
    scores: list[int] | None
    winners: list[int] | None
    certificate: Certificate | None


class CertificateCheck(TypedDict):
    """``keyId``: the service's key that signed the certificate (None: none of its keys)."""

    valid: bool
    problems: list[VerifyProblem]
    keyId: str | None
