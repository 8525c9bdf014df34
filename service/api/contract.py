"""Each operation's request declared once (issue 22, point 1).

A request field is declared here with its JSON Schema, how a value is read and checked, and its
words; a request body is a tuple of fields; an operation names its path, its bodies, its answer
and where GraphQL serves it. From these come:

- the REST body reader: the fields a body may hold and how each is read (``rest.py``,
  ``request.Body.read``), and so the field errors (INVALID_REQUEST, ``details.problems``);
- the OpenAPI document: every request component and every operation (``openapi.py``);
- the GraphQL arguments, held equal to these declarations by a test
  (``tests/api/test_contract.py``: names, types, nullability and words of every argument);
- the clients' request types, through the OpenAPI document (TypeScript by openapi-typescript;
  the Python client's TypedDicts are compared with it by ``tests/clients``).

Limits and vocabularies are imported from where they are declared (``SEED_LENGTH``,
``bots.LEVELS``, ``bots.DEFAULT_BUDGET``, ``Settings``), never written here again.

Why plain dataclasses rather than msgspec Structs or pydantic models (``./dev bench contract``,
a 493-byte suggest body; docs/performance.md): orjson plus this reader takes 9–11 µs, a msgspec
Struct decode 5 µs, pydantic v2 (strict) 11–13 µs. msgspec would save about 5 µs of a cached
request's 90, but it reports only the first problem where the API reports every one, and it
would replace the hardened JSON reader of ``jsonio`` under every body; pydantic costs more.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal

from .. import analysis, bots
from ..games import SPECS
from ..games.core import narrow as pictures
from ..settings import Settings

JSON = dict[str, Any]
NDJSON = "application/x-ndjson"  # a batch's body and answer: one JSON object a line
# How the REST reader reads a field (request.Body.read) and which GraphQL type it is.
Kind = Literal["state", "int", "bool", "str", "object", "move", "moves", "steps", "text", "json"]
# The most steps a turn of any registered game has (GameSpec.turn_steps): a longer list of
# steps is refused before anything reads it; each game's own limit is checked by next-steps.
TURN_STEPS = max(spec.turn_steps for spec in SPECS.values())


def ref(name: str) -> JSON:
    return {"$ref": f"#/components/schemas/{name}"}


@dataclass(frozen=True, slots=True)
class Field:
    """One request field. ``schema``: a value that is sent; an optional field may also be
    null, which means left out (the service reads it so)."""

    name: str
    kind: Kind
    schema: JSON
    required: bool = False
    description: str | None = None

    def but(self, **changes: Any) -> Field:
        return dataclasses.replace(self, **changes)


@dataclass(frozen=True, slots=True)
class Body:
    """A request object: an OpenAPI component named ``name``."""

    name: str
    fields: tuple[Field, ...]
    description: str | None = None

    @property
    def names(self) -> frozenset[str]:
        return frozenset(f.name for f in self.fields)


@dataclass(frozen=True, slots=True)
class GraphQL:
    """Where GraphQL serves an operation: the path of fields from ``Query`` whose arguments,
    all together, are the request's fields (``game`` aside), less ``omit``."""

    path: tuple[str, ...]
    omit: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Operation:
    id: str  # the operationId
    method: Literal["get", "post"]
    path: str
    summary: str
    answer: JSON  # the 200 answer's schema
    bodies: tuple[str, ...] = ()  # request components: one, or a oneOf of several
    media: str = "application/json"  # the answer's media type
    body_media: str = "application/json"
    body_required: bool = True
    text_body: str | None = None  # a text/plain body accepted besides the JSON one
    graphql: GraphQL | None = None
    etag: bool = False  # the answer is a position: REST sends its state's digest as ETag

    @property
    def game(self) -> bool:
        return "{game}" in self.path

    def fields(self) -> tuple[Field, ...]:
        """Every field any of its bodies may hold, each once, in declaration order."""
        seen: dict[str, Field] = {}
        for body in self.bodies:
            for f in BODIES[body].fields if body in BODIES else LINES[body]:
                seen.setdefault(f.name, f)
        return tuple(seen.values())

    @property
    def names(self) -> frozenset[str]:
        return frozenset(f.name for f in self.fields())


# -- the fields ------------------------------------------------------------------------------
# Each field's words are its own wherever it appears (REST body, OpenAPI, GraphQL argument);
# a body that means it otherwise says so with .but(description=...).
GAME = Field(
    "game",
    "str",
    ref("GameId"),
    required=True,
    description="The game id (its id in the games catalogue).",
)
STATE = Field(
    "state",
    "state",
    ref("State"),
    required=True,
    description="The state document, sent back as a position answered it.",
)
PLAYER = Field(
    "player",
    "int",
    ref("Player"),
    description="A 0-based player number: who acts, or whose moves or view (null: the one to "
    "move; for view and render, a spectator).",
)
PLAYERS = Field(
    "players",
    "int",
    {"type": "integer", "minimum": 1},
    description="How many players (null: the game's default).",
)
OPTIONS = Field(
    "options",
    "object",
    ref("Options"),
    description="The game's options (as the games catalogue lists them); each one left out "
    "takes its default.",
)
SEED = Field(
    "seed",
    "str",
    ref("Seed"),
    description="Chance is sampled from this seed, so the same seed replays the same game.",
)
FAIR = Field(
    "fair",
    "json",
    ref("Fair"),
    description="A fair game's commitment and contributions, as its state and record carry "
    "them (with the reveal, once finished): the moves may then list its chance outcomes, each "
    "checked against the derivation (docs/records.md, 'Fair chance').",
)
FAIR_START = Field(
    "fair",
    "json",
    ref("FairStart"),
    description="Start a fair game with these contributions: the answer's state carries the "
    "commitment to its server seed, revealed when the game is finished. Needs a seed.",
)
CONTRIBUTION = Field(
    "contribution",
    "json",
    ref("Contribution"),
    description="The player's contribution to every outcome of a fair game started open "
    "(null or left out: none); given once, by a seat the state's fair.awaiting lists.",
)
HISTORY = Field(
    "history",
    "json",
    {"type": "array", "items": ref("State")},
    description="States of the fair game as the service answered them (signed), in any "
    "order, at most MAX_MOVES + 1: each must lie on the record's line, found by its ply and "
    "digest; one that does not is FORKED (the game branched there: two successors of one "
    "state).",
)
AUTO_CHANCE = Field(
    "autoChance",
    "bool",
    {"type": "boolean"},
    description="Sample chance nodes after the moves (default: when the state has a seed).",
)
MOVE = Field(
    "move",
    "move",
    ref("MoveEntry"),
    required=True,
    description="One move: its notation, its move document or {player, move}.",
)
MOVES = Field(
    "moves",
    "moves",
    {"type": "array", "items": ref("MoveEntry")},
    required=True,
    description="Moves in order: notation strings, move documents or {player, move} entries; "
    "at most MAX_MOVES.",
)
GAME_MOVES = MOVES.but(
    description="Moves in order (notation strings or {player, move} entries): with a seed only "
    "the players' moves, else chance outcomes too; at most MAX_MOVES."
)
KEY_ID = Field(
    "keyId",
    "str",
    {"type": "string"},
    description="Sample and sign with this configured key (the part of a state's sig before "
    "the dot) instead of the current one: verifies a game that started before a key rotation.",
)
CLAIMED = Field(
    "claimed",
    "json",
    ref("Claimed"),
    description="The claimed result: {scores?: [number], winners?: [int]}.",
)
TAGS = Field("tags", "json", ref("RecordTags"), description="Record tags: {Event, Round, ...}.")
RECORD = Field(
    "record",
    "text",
    {"type": "string"},
    required=True,
    description="The game as a text record (docs/records.md).",
)
BUDGET = Field(
    "budget",
    "int",
    {"type": "integer", "minimum": 1},
    description=f"Search iterations (default {bots.DEFAULT_BUDGET}; at most "
    f"SUGGEST_MAX_BUDGET, {Settings().suggest_max_budget} by default).",
)
LEVEL = Field(
    "level",
    "str",
    {"type": "string", "enum": list(bots.LEVELS)},
    description="A strength instead of a budget: "
    + bots.describe_levels("SUGGEST_MAX_BUDGET")
    + ".",
)
BUDGET_MS = Field(
    "budgetMs",
    "int",
    {"type": "integer", "minimum": 1},
    description="Wall-clock milliseconds the search may take (at most SEARCH_MAX_CPU_MS, "
    f"{Settings().search_max_cpu_ms} by default), with a budget or a level or alone (then as "
    "many iterations as SUGGEST_MAX_BUDGET allows): the search stops at whichever comes first "
    "and says so (stats.timeLimited). Only then does the answer depend on the machine.",
)
ANALYSIS_BUDGET = BUDGET.but(
    description=f"Search iterations a position (default {analysis.DEFAULT_BUDGET}; at most "
    f"SUGGEST_MAX_BUDGET, {Settings().suggest_max_budget} by default); all the searches of a "
    "request together stop at ANALYZE_MAX_CPU_MS."
)
ANALYSIS_SEED = Field(
    "analysisSeed",
    "str",
    {"type": "string"},
    description="The searches' seed: the same game, budget and analysisSeed give the same "
    "review (the game's own seed is seed).",
)
DESCRIBE = Field(
    "describe",
    "bool",
    {"type": "boolean"},
    description="Add words for people, in the answer's language: each move's and event's "
    "description, the position's prompt (default false: the leanest answer).",
)
STEPS = Field(
    "steps",
    "steps",
    {"type": "array", "items": ref("Move"), "maxItems": TURN_STEPS},
    description="The steps of the turn chosen so far, in order: each a notation string or "
    "move document as next-steps offers it (null: none yet); at most as many as one turn has.",
)
MARK = Field(
    "mark",
    "json",
    ref("Move"),
    description="A move to mark in the picture, its notation or move document: one that player "
    "(null: the one to move) may play here, checked as play checks it; every element of a place "
    "it touches carries data-mark, its roles (from, to), as legal-moves' locations name them.",
)
NARROW = Field(
    "narrow",
    "bool",
    {"type": "boolean"},
    description=f"Draw the picture for a phone: every text at least {pictures.MIN_TEXT_PX} px when "
    f"it is fitted into a box {pictures.NARROW_PX} × {pictures.NARROW_HEIGHT_PX} CSS px, long "
    "lines wrapped (default false: drawn for a wide screen).",
)
CERTIFICATE = Field(
    "certificate",
    "json",
    ref("Certificate"),
    required=True,
    description="The certificate a verdict carried.",
)

# (the fields of a replay, in the order the document lists them)
_GAME = (PLAYERS, OPTIONS, SEED, GAME_MOVES, KEY_ID, FAIR)

BODIES: dict[str, Body] = {
    b.name: b
    for b in (
        Body(
            "NewGameRequest",
            (
                PLAYERS,
                OPTIONS,
                SEED.but(description="Chance is sampled from it; the opening too."),
                FAIR_START,
                DESCRIBE,
            ),
        ),
        Body("StateRequest", (STATE,)),
        Body("PositionRequest", (STATE, DESCRIBE)),
        Body("PlayerStateRequest", (STATE, PLAYER)),
        Body("RenderRequest", (STATE, PLAYER, MARK, NARROW)),
        Body("LegalMovesRequest", (STATE, PLAYER, DESCRIBE)),
        Body("NextStepsRequest", (STATE, PLAYER, STEPS)),
        Body("PlayMoveRequest", (STATE, MOVE, PLAYER, AUTO_CHANCE, DESCRIBE)),
        Body(
            "ContributeRequest",
            (
                STATE,
                PLAYER.but(required=True, description="The seat that contributes."),
                CONTRIBUTION,
                DESCRIBE,
            ),
        ),
        Body("PlayMovesRequest", (STATE, MOVES, PLAYER, AUTO_CHANCE, DESCRIBE)),
        Body(
            "SuggestRequest",
            (
                STATE,
                PLAYER.but(description="Default: the first player to move."),
                SEED.but(description="Same state, player, seed, budget: same move."),
                BUDGET,
                LEVEL,
                BUDGET_MS,
            ),
        ),
        Body(
            "EvaluateRequest",
            (
                STATE,
                PLAYER.but(
                    description="Whose information the search uses (in Triominos Junior their "
                    "own rack; what they cannot see is sampled, never read). Default: the first "
                    "player to move; at a chance node, player 0."
                ),
                SEED.but(description="Same state, player, seed, budget: same evaluation."),
                BUDGET,
                LEVEL,
                BUDGET_MS,
            ),
        ),
        Body("ReplayMovesRequest", _GAME),
        Body("RecordRequest", (RECORD,), "A game as its text record, alone."),
        Body("AnalyzeMovesRequest", (*_GAME, ANALYSIS_BUDGET, ANALYSIS_SEED)),
        Body(
            "AnalyzeRecordRequest",
            (RECORD, ANALYSIS_BUDGET, ANALYSIS_SEED),
            "A game as its text record, and how hard to look.",
        ),
        Body("GameRecordRequest", (*_GAME, CLAIMED, TAGS)),
        Body("VerifyGameRequest", (*_GAME, CLAIMED, TAGS, HISTORY)),
        Body(
            "VerifyRecordRequest",
            (RECORD, HISTORY),
            "A game as its text record, and the states of it to check against it.",
        ),
        Body(
            "CertificateRequest",
            (
                CERTIFICATE,
                Field(
                    "record",
                    "text",
                    {"type": "string"},
                    description="The record's text: checks that the certificate is its.",
                ),
            ),
        ),
    )
}

# Bodies that are one of several (an OpenAPI oneOf component), with their words.
CHOICES: dict[str, tuple[tuple[str, ...], str]] = {
    "PlayRequest": (
        ("PlayMoveRequest", "PlayMovesRequest"),
        "One move or a list; autoChance defaults to true for a seeded state. A seeded game's "
        "chance is sampled by the service: an outcome sent is refused (CHANCE_IS_SAMPLED); "
        "with autoChance false the state may rest at a chance node, which the next play with "
        "autoChance samples (moves may then be empty).",
    ),
    "ReplayRequest": (
        ("ReplayMovesRequest", "RecordRequest"),
        "The game's start and moves, or its text record (also accepted as a text/plain body). "
        "A record's Result is not checked here: verify checks it.",
    ),
    "AnalyzeRequest": (
        ("AnalyzeMovesRequest", "AnalyzeRecordRequest"),
        "The game (as replay takes it), or its text record (also accepted as a text/plain body, "
        "at the default budget), with the budget of each position's search.",
    ),
    "VerifyRequest": (
        ("VerifyGameRequest", "VerifyRecordRequest"),
        "The game (as replay takes it) with the claim, or its text record (whose Result tag is "
        "the claim; also accepted as a text/plain body); with either, a fair game's history.",
    ),
}

# A line of a batch (BatchLine) is a verify body with its game.
BATCH_LINE = (GAME, *BODIES["VerifyGameRequest"].fields, BODIES["RecordRequest"].fields[0])
# A line of an analyze batch (AnalyzeBatchLine) is an analyze body with its game.
ANALYZE_LINE = (GAME, *BODIES["AnalyzeMovesRequest"].fields, RECORD)
# The NDJSON bodies: each line one of these fields' objects.
LINES = {"BatchLine": BATCH_LINE, "AnalyzeBatchLine": ANALYZE_LINE}


_GAME_PATH = "/v1/games/{game}"

OPERATIONS: tuple[Operation, ...] = (
    Operation("listGames", "get", "/v1/games", "The games and their options", ref("GameList")),
    Operation(
        "getRules",
        "get",
        f"{_GAME_PATH}/rules",
        "The game's rules, rule by rule, in the answer's language",
        ref("RulesAnswer"),
        graphql=GraphQL(("rules",)),
    ),
    Operation(
        "newGame",
        "post",
        f"{_GAME_PATH}/new",
        "Start a game (seeded: the opening chance is sampled)",
        ref("NewGameAnswer"),
        ("NewGameRequest",),
        body_required=False,
        graphql=GraphQL(("newGame",)),
        etag=True,
    ),
    Operation(
        "getPosition",
        "post",
        f"{_GAME_PATH}/position",
        "Validate a state and derive everything",
        ref("Position"),
        ("PositionRequest",),
        # GraphQL selects prompt and promptMessage instead
        graphql=GraphQL(("position",), omit=frozenset({"describe"})),
        etag=True,
    ),
    Operation(
        "legalMoves",
        "post",
        f"{_GAME_PATH}/legal-moves",
        "Legal moves, or chance outcomes with probabilities",
        ref("LegalMoves"),
        ("LegalMovesRequest",),
        # GraphQL selects each move's description instead
        graphql=GraphQL(("position", "legalMoves"), omit=frozenset({"describe"})),
    ),
    Operation(
        "nextSteps",
        "post",
        f"{_GAME_PATH}/next-steps",
        "A turn built step by step: the legal next steps, and whether the turn may end here",
        ref("NextSteps"),
        ("NextStepsRequest",),
        graphql=GraphQL(("position", "nextSteps")),
    ),
    Operation(
        "play",
        "post",
        f"{_GAME_PATH}/play",
        "Play one move or a list",
        ref("PlayAnswer"),
        ("PlayMoveRequest", "PlayMovesRequest"),
        # GraphQL takes a list only: one move is a list of one
        graphql=GraphQL(("play",), omit=frozenset({"move"})),
        etag=True,
    ),
    Operation(
        "contribute",
        "post",
        f"{_GAME_PATH}/contribute",
        "A player's contribution to a fair game started open; the last one awaited starts "
        "its chance",
        ref("PlayAnswer"),
        ("ContributeRequest",),
        graphql=GraphQL(("contribute",)),
        etag=True,
    ),
    Operation(
        "score",
        "post",
        f"{_GAME_PATH}/score",
        "Scores, status, winners and the breakdown",
        ref("Score"),
        ("StateRequest",),
        graphql=GraphQL(("position", "breakdown")),
    ),
    Operation(
        "replay",
        "post",
        f"{_GAME_PATH}/replay",
        "Replay a game from its start (or its text record)",
        ref("ReplayAnswer"),
        ("ReplayMovesRequest", "RecordRequest"),
        text_body="The game's text record.",
        graphql=GraphQL(("replay",)),
        etag=True,
    ),
    Operation(
        "suggest",
        "post",
        f"{_GAME_PATH}/suggest",
        "The reference bot's move (Monte Carlo search or the game's own judgement, reproducible "
        "with a seed)",
        ref("SuggestAnswer"),
        ("SuggestRequest",),
        graphql=GraphQL(("suggest",)),
    ),
    Operation(
        "evaluate",
        "post",
        f"{_GAME_PATH}/evaluate",
        "A position's value for every player (Monte Carlo search, reproducible, cached)",
        ref("EvaluateAnswer"),
        ("EvaluateRequest",),
        graphql=GraphQL(("evaluate",)),
    ),
    Operation(
        "analyze",
        "post",
        f"{_GAME_PATH}/analyze",
        "A review of a game: every decision judged, every chance event's luck",
        ref("AnalyzeAnswer"),
        ("AnalyzeMovesRequest", "AnalyzeRecordRequest"),
        text_body="The game's text record.",
        graphql=GraphQL(("analyze",)),
    ),
    Operation(
        "verify",
        "post",
        f"{_GAME_PATH}/verify",
        "Verify a claimed result by replaying the game's record",
        ref("VerifyAnswer"),
        ("VerifyGameRequest", "VerifyRecordRequest"),
        text_body="The game's text record; its Result tag is the claim.",
        graphql=GraphQL(("verify",)),
    ),
    Operation(
        "record",
        "post",
        f"{_GAME_PATH}/record",
        "The game as a text record (docs/records.md)",
        {"type": "string"},
        ("GameRecordRequest",),
        media="text/plain",
        graphql=GraphQL(("record",)),
    ),
    Operation(
        "verifyBatch",
        "post",
        "/v1/verify",
        "Verify many records: NDJSON in, NDJSON verdicts out, streamed in order",
        {
            "type": "string",
            "description": "One BatchVerdict per non-blank line of the request, in order, each "
            "a line of JSON, sent as soon as it is computed.",
        },
        ("BatchLine",),
        media=NDJSON,
        body_media=NDJSON,
    ),
    Operation(
        "analyzeBatch",
        "post",
        "/v1/analyze",
        "Review many games: NDJSON in, NDJSON reviews out, streamed in order",
        {
            "type": "string",
            "description": "One BatchReview per non-blank line of the request, in order, each "
            "a line of JSON, sent as soon as it is computed.",
        },
        ("AnalyzeBatchLine",),
        media=NDJSON,
        body_media=NDJSON,
    ),
    Operation(
        "checkCertificate",
        "post",
        "/v1/certificates",
        "Check a certificate a verify answer carried",
        ref("CertificateCheck"),
        ("CertificateRequest",),
        graphql=GraphQL(("checkCertificate",)),
    ),
    Operation(
        "view",
        "post",
        f"{_GAME_PATH}/view",
        "What one player may see",
        ref("ViewAnswer"),
        ("PlayerStateRequest",),
        graphql=GraphQL(("position", "view")),
    ),
    Operation(
        "render",
        "post",
        f"{_GAME_PATH}/render",
        "An SVG picture of the position (mark: a move's places marked)",
        {"type": "string"},
        ("RenderRequest",),
        media="image/svg+xml",
        graphql=GraphQL(("position", "svg")),
    ),
    Operation("healthz", "get", "/healthz", "Liveness", ref("Health")),
    Operation("readyz", "get", "/readyz", "Readiness (never depends on Redis)", ref("Ready")),
    Operation(
        "metrics",
        "get",
        "/metrics",
        "Prometheus metrics (text exposition format)",
        {"type": "string"},
        media="text/plain",
    ),
)
BY_ID: dict[str, Operation] = {op.id: op for op in OPERATIONS}
