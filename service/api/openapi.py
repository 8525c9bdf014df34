"""The OpenAPI 3.1 document of the REST API, built from the registry (``/openapi.json``).

Every game's schemas are named components taken from its engine (``MixtourState``,
``MixtourMove``, ``MixtourMoveDocument``, ``MixtourOptions``, ``MixtourEvent``,
``MixtourBreakdown``, ``TriominosJuniorView``, ``MixtourGame``) and referenced by ``$ref``,
never described twice. An operation serves every game, so it takes and answers unions of
them (``State``, ``Move``, ``MoveDocument``…): ``oneOf`` with a ``discriminator`` where every
member is told apart by a constant (``game``, ``id``), ``anyOf`` where members overlap (a
``pass`` is a move of three games). A test validates real answers and error bodies against
this document, and compiles a TypeScript client against the types generated from it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .. import analysis, jsonio, text
from ..games.core.errors import MAX_PROBLEMS
from ..games.core.fields import CONTRIBUTION, FAIR, FAIR_START
from ..games.core.game import SEED_LENGTH, STATUSES
from . import contract, language
from .edge import EDGE
from .errors import CODES, MESSAGE, MESSAGE_ARGS, MESSAGE_ID
from .openapi_tools import plain
from .ops import Engine, Rules
from .verify import PROBLEM_CODES

JSON = dict[str, Any]

# (component suffix, the engine's schema; None when the engine has none of its own)
GAME_SCHEMAS: tuple[tuple[str, Callable[[Engine], JSON | None]], ...] = (
    ("State", lambda e: e.state_schema()),
    ("Move", lambda e: e.move_schema()),
    ("MoveDocument", lambda e: e.move_document_schema()),
    ("Options", lambda e: e.descriptor.options_schema()),
    ("Event", lambda e: e.event_schema()),
    ("Breakdown", lambda e: e.breakdown_schema()),
    ("View", lambda e: e.view_schema()),
    ("Location", lambda e: e.location_schema()),
)

# Codes no operation's own answer carries: a route or method that does not exist, and
# starlette's own refusals (not raised today).
_NOT_AN_OPERATION_S = ("METHOD_NOT_ALLOWED", "HTTP_ERROR")


def _errors() -> dict[str, str]:
    """Each status a POST may answer besides 200, with its codes: from the edge table."""
    by_status: dict[int, list[str]] = {}
    for code, outcome in EDGE.items():
        if code not in _NOT_AN_OPERATION_S:
            by_status.setdefault(outcome.status, []).append(f"{code}: {CODES[code]}")
    return {str(status): "; ".join(by_status[status]) for status in sorted(by_status)}


ERRORS = _errors()

STATUS = {"type": "string", "enum": list(STATUSES)}


def ref(name: str) -> JSON:
    return {"$ref": f"#/components/schemas/{name}"}


def obj(props: JSON, required: Iterable[str] = (), **extra: Any) -> JSON:
    """A closed object: exactly these properties."""
    out: JSON = {"type": "object", "properties": props, "additionalProperties": False}
    if required := list(required):
        out["required"] = required
    out.update(extra)
    return out


def unit(description: str) -> JSON:
    """A value from 0 (a loss) to 1 (a win)."""
    return {"type": "number", "minimum": 0, "maximum": 1, "description": description}


def array(items: JSON, **extra: Any) -> JSON:
    return {"type": "array", "items": items, **extra}


# A move as the service offers it (Game.offered): a turn next-steps made, suggest's move,
# evaluate's best.
OFFERED = obj(
    {
        "notation": {"type": "string"},
        "move": ref("MoveDocument"),
        "locations": array(ref("Location")),
    },
    ["notation", "move", "locations"],
)


def pascal(game_id: str) -> str:
    """``triominos-junior`` -> ``TriominosJunior`` (the prefix of a game's components)."""
    return "".join(part.capitalize() for part in game_id.replace("_", "-").split("-"))


# -- the games' own schemas ----------------------------------------------------------------
def _embed(name: str, schema: JSON) -> JSON:
    """A standalone JSON Schema as a component: ``$id``/``$schema`` stripped. Its own refs
    would resolve against this document, so the engines' schemas must carry none."""
    if "$ref" in jsonio.dumps(schema).decode():
        raise ValueError(f"{name}: an engine schema with $ref cannot be embedded as it is")
    embedded: JSON = _defaults_in_words(
        {k: v for k, v in schema.items() if k not in ("$id", "$schema")}
    )
    return embedded


def _defaults_in_words(node: Any, names: bool = False) -> Any:
    """Each ``default`` keyword moved into its schema's description: openapi-typescript (by
    default) makes a property with a default required, and an option left out must stay
    optional in ``newGame``. The catalogue (``listGames``) still gives every default as data.
    ``names``: ``node`` maps property names to schemas (a property may be called default)."""
    if isinstance(node, list):
        return [_defaults_in_words(v) for v in node]
    if not isinstance(node, dict):
        return node
    if names:
        return {k: _defaults_in_words(v) for k, v in node.items()}
    out = {
        k: _defaults_in_words(v, names=k in ("properties", "patternProperties"))
        for k, v in node.items()
        if k != "default"
    }
    if "default" in node:
        words = f"Default: {jsonio.dumps(node['default']).decode()}."
        out["description"] = f"{node.get('description', '').rstrip()} {words}".strip()
    return out


def _share(components: JSON) -> JSON:
    """Each part of a game's schema that is another of its components (a state embeds its
    options object) becomes a ``$ref`` to it, so generated types share one name."""
    known = {jsonio.canonical(schema): name for name, schema in components.items()}

    def swap(node: Any, root: str) -> Any:
        if isinstance(node, dict):
            name = known.get(jsonio.canonical(node))
            if name is not None and name != root:
                return ref(name)
            return {k: swap(v, root) for k, v in node.items()}
        if isinstance(node, list):
            return [swap(v, root) for v in node]
        return node

    return {
        name: {k: swap(v, name) for k, v in schema.items()} for name, schema in components.items()
    }


# The JSON Schema keywords the games' option schemas use, each typed: the catalogue says an
# option's object and array keywords (items, oneOf, enum, a list of types…) by these, since
# object and array consts are what generators refuse. Closed: an option using another keyword
# fails the build here (below), and the catalogue test against this document.
_SIMPLE_TYPES = {
    "type": "string",
    "enum": ["array", "boolean", "integer", "null", "number", "object", "string"],
    "description": "A JSON Schema type name.",
}
_SIMPLE_TYPE = ref("JsonSchemaType")
_COUNT = {"type": "integer", "minimum": 0}


def _json_schema() -> JSON:
    schema, schemas = ref("JsonSchema"), array(ref("JsonSchema"), minItems=1)
    return obj(
        {
            "type": {"anyOf": [_SIMPLE_TYPE, array(_SIMPLE_TYPE, minItems=1, uniqueItems=True)]},
            "enum": array({"type": ["string", "number", "boolean", "null"]}),
            "description": {"type": "string"},
            "pattern": {"type": "string"},
            "minimum": {"type": "number"},
            "maximum": {"type": "number"},
            **dict.fromkeys(("minItems", "maxItems", "minContains", "maxContains"), _COUNT),
            "uniqueItems": {"type": "boolean"},
            "items": {"anyOf": [schema, {"type": "boolean"}]},
            "prefixItems": schemas,
            "contains": schema,
            "properties": {"type": "object", "additionalProperties": schema},
            "required": array({"type": "string"}),
            "additionalProperties": {"anyOf": [schema, {"type": "boolean"}]},
            "oneOf": schemas,
            "anyOf": schemas,
        },
        description="A JSON Schema (2020-12) in the keywords the games' option schemas use; "
        "the games catalogue shows parts of an option's schema by it.",
    )


def _game_entry(engine: Engine, options: str) -> JSON:
    """The engine's ``/v1/games`` entry: each option's description is the option's JSON
    Schema as the descriptor states it, its ``default`` typed as the option, a number or
    string keyword as its constant, an object or array one as the keyword of ``JsonSchema``
    (the exact value is in the ``options`` component's property)."""
    d = engine.descriptor
    keywords = _json_schema()["properties"]
    entries = {}
    for name, words in d.describe()["options"].items():
        props: JSON = {
            "default": ref(f"{options}/properties/{name}"),
            "title": {
                "type": "string",
                "description": "The option's label, in the answer's language.",
            },
            "description": {
                "type": "string",
                "description": "What the option does, in the answer's language.",
            },
        }
        for key, value in words.items():
            if key in props:
                continue
            if not isinstance(value, (dict, list)):
                props[key] = {"const": value}
            elif key in keywords:
                props[key] = ref(f"JsonSchema/properties/{key}")
            else:
                raise ValueError(f"{d.id} option {name}: add {key!r} to JsonSchema")
        entries[name] = obj(props, props)
    props = {
        "id": {"const": d.id},
        "name": {"type": "string"},
        "minPlayers": {"type": "integer", "minimum": 1},
        "maxPlayers": {"type": "integer", "minimum": 1},
        "rulesVersion": {"type": "string"},
        "chance": {"type": "boolean"},
        "hiddenInformation": {"type": "boolean"},
        "simultaneous": {"type": "boolean"},
        "options": obj(entries, entries, description="Option name -> its schema."),
        "playerNames": array(
            {"type": "string"},
            minItems=d.max_players,
            maxItems=d.max_players,
            description="What the players are called (their colours, where the game has "
            "them), by player number, in the answer's language.",
        ),
        "players": array(
            _player_entry(d),
            minItems=d.max_players,
            maxItems=d.max_players,
            description="Who the players are, by player number: the same names and, where the "
            "players have colours, the colour as the SVG paints it and its word.",
        ),
    }
    return obj(props, props, title=f"{d.name} in the games catalogue")


def _player_entry(d: Any) -> JSON:
    """One player of the catalogue's ``players``: the picture's ``rw-player`` says the same."""
    entries = d.players()
    keys = [e["colour"] for e in entries]
    fills = [e["fill"] for e in entries]
    coloured = keys[0] is not None
    words = "in the answer's language" + ("" if coloured else ": null, the players have none")
    return obj(
        {
            "player": {"type": "integer", "minimum": 0, "maximum": d.max_players - 1},
            "name": {"type": "string", "description": "As playerNames has it (data-player-name)."},
            "colour": {
                **({"enum": keys} if coloured else {"type": "null"}),
                "description": "The colour's stable key (data-player-colour, a Mixtour piece's "
                "data-colour, Tric Trac's notation).",
            },
            "fill": {
                **({"enum": fills} if coloured else {"type": "null"}),
                "description": "The CSS colour the SVG paints the player's pieces with "
                "(data-player-fill).",
            },
            "colourName": {
                "type": "string" if coloured else "null",
                "description": f"The colour's word, {words}.",
            },
        },
        ["player", "name", "colour", "fill", "colourName"],
    )


def _union(schemas: JSON, members: list[str], prop: str | None, description: str) -> JSON:
    """``oneOf`` with a discriminator when ``prop`` is a required constant of every member
    (so exactly one member matches), else ``anyOf``."""
    consts = {}
    for name in members:
        if prop is None:
            return {"anyOf": [ref(m) for m in members], "description": description}
        schema = schemas[name]
        value = schema.get("properties", {}).get(prop, {})
        if prop not in schema.get("required", ()) or "const" not in value:
            return {"anyOf": [ref(m) for m in members], "description": description}
        consts[value["const"]] = ref(name)["$ref"]
    return {
        "oneOf": [ref(m) for m in members],
        "discriminator": {"propertyName": prop, "mapping": consts},
        "description": description,
    }


def game_schemas(rules: Rules) -> JSON:
    """Every game's components, the unions across games and the catalogue entries."""
    out: JSON = {}
    members: dict[str, list[str]] = {suffix: [] for suffix, _ in GAME_SCHEMAS}
    members["Game"] = []
    for engine in rules.registry.values():
        prefix = pascal(engine.id)
        own: JSON = {}
        for suffix, get in GAME_SCHEMAS:
            schema = get(engine)
            if schema is not None:
                own[prefix + suffix] = _embed(prefix + suffix, schema)
                members[suffix].append(prefix + suffix)
            elif suffix == "View":  # the default view is the state document without its seed
                members[suffix].append(prefix + "State")
        out.update(_share(own))
        out[prefix + "Game"] = _game_entry(engine, prefix + "Options")
        members["Game"].append(prefix + "Game")
    out["JsonSchema"], out["JsonSchemaType"] = _json_schema(), _SIMPLE_TYPES
    ids = list(rules.registry)
    out["GameId"] = {"type": "string", "enum": ids, "description": "A game of the registry."}
    # (the constant that tells members apart, or None where they overlap: a notation string,
    # {"kind": "pass"} and the chance event belong to several games)
    unions: dict[str, tuple[str | None, str]] = {
        "State": ("game", "A game state document, as answered; send it back unchanged."),
        "Move": (None, "A move as play accepts it: its notation or its move document."),
        "MoveDocument": (None, "A move document as legal-moves lists it."),
        "Options": (None, "Options of new and replay; each one left out takes its default."),
        "Event": (None, "What happened while playing (``ply``: the move's index)."),
        "Breakdown": (None, "How the scores come about (per game)."),
        "View": ("game", "What one player may see."),
        "Location": (
            None,
            "A place of the picture a move or event touches: each key but role is a data "
            "attribute of the SVG (key k is data-k).",
        ),
        "Game": ("id", "A game of the catalogue with its options."),
    }
    for name, (prop, words) in unions.items():
        out[name] = _union(out, members[name], prop, words)
    return out


# -- requests, answers and errors ----------------------------------------------------------
def _position_props() -> JSON:
    players = array(ref("Player"))
    return {
        "state": ref("State"),
        "toMove": {
            **players,
            "description": "Players who may act now (empty at a chance node or when finished).",
        },
        "isChance": {"type": "boolean"},
        "status": STATUS,
        "winners": {**players, "description": "Ties share the win; empty while ongoing."},
        "scores": array({"type": "integer"}, description="One score per player."),
    }


def _error_details() -> JSON:
    """Every key a refusal's ``details`` can carry (service/api, the engines' errors)."""
    return obj(
        {
            "reason": {
                "type": "string",
                "description": "A finer stable code, e.g. TAKE_BACK_FORBIDDEN, BAD_DOCUMENT, "
                "NOT_TO_MOVE, CHANCE_IS_SAMPLED, UNSIGNED, BAD_SIGNATURE, UNKNOWN_KEY.",
            },
            "rule": {"type": "string", "description": "The rule id, e.g. MX-7."},
            "ply": {
                "type": "integer",
                "minimum": 0,
                "description": "In play and replay: the 0-based index of the failing move.",
            },
            "step": {
                "type": "integer",
                "minimum": 0,
                "description": "In next-steps: the 0-based index of the refused step.",
            },
            "problems": array(
                ref("Problem"),
                maxItems=MAX_PROBLEMS,
                description="INVALID_STATE, INVALID_OPTIONS, INVALID_REQUEST: the first "
                f"{MAX_PROBLEMS}.",
            ),
            "problemCount": {
                "type": "integer",
                "minimum": 1,
                "description": "How many problems there are (problems lists the first "
                f"{MAX_PROBLEMS}).",
            },
            "field": {
                "type": "string",
                "description": "The move document field at fault (a name or a JSON path).",
            },
            "expected": {
                **ref("MoveDocument"),
                "description": "DOCUMENT_MISMATCH: the document legal-moves lists for the move.",
            },
            "notation": {"type": "string", "description": "The notation that did not parse."},
            "limit": {
                "type": "integer",
                "description": "BODY_TOO_LARGE: bytes; TOO_MANY_MOVES: moves.",
            },
            "toMove": array(ref("Player"), description="NOT_YOUR_TURN: who may act now."),
            "player": {"type": "integer", "description": "INVALID_PLAYER: the player sent."},
            "players": {
                "type": "integer",
                "minimum": 1,
                "description": "INVALID_PLAYER: players in this game.",
            },
            "known": array(ref("GameId"), description="UNKNOWN_GAME: the game ids."),
            "line": {
                "type": "integer",
                "minimum": 1,
                "description": "INVALID_RECORD: the text record's line at fault.",
            },
            "game": {
                "type": "string",
                "description": "INVALID_RECORD: the record's own game, when the call is "
                "another game's (send the record on to it).",
            },
        },
        description="Every key is optional; which ones appear depends on the code.",
    )


def _optional(schema: JSON, description: str | None = None) -> JSON:
    """An optional request field: null means left out (the service reads it so)."""
    out: JSON = {"anyOf": [schema, {"type": "null"}]}
    if description:
        out["description"] = description
    return out


def api_schemas() -> JSON:
    """The request and answer objects shared by every game."""
    position = _position_props()
    player = {"player": _optional(ref("Player"))}
    return {
        "Player": {"type": "integer", "minimum": 0, "description": "A 0-based player number."},
        "Seed": {"type": "string", "minLength": SEED_LENGTH[0], "maxLength": SEED_LENGTH[1]},
        # a fair game's contribution, as the state field reads it (there: null for none)
        "Contribution": {**CONTRIBUTION.schema(), "type": "string"},
        "Fair": FAIR.schema(),
        "FairStart": FAIR_START.schema(),
        "GameList": obj({"games": array(ref("Game"))}, ["games"]),
        "RulesAnswer": obj(
            {
                "game": ref("GameId"),
                "language": {
                    "type": "string",
                    "enum": list(text.LANGUAGES),
                    "description": "The language of the texts: the one asked for when the "
                    "rules are written in it, else English.",
                },
                "rules": array(ref("RuleText"), description="Every rule, in the rules' order."),
            },
            ["game", "language", "rules"],
        ),
        "RuleText": obj(
            {
                "id": {"type": "string", "description": "The rule id refusals name (MX-7)."},
                "text": {"type": "string", "description": "The rule, as Markdown."},
            },
            ["id", "text"],
        ),
        **request_schemas(),
        "MoveEntry": {"oneOf": [ref("Move"), ref("PlayerMove")]},
        "PlayerMove": obj(
            {**player, "move": ref("Move")},
            ["move"],
            description="A move for a named player (simultaneous placements).",
        ),
        **_tournament_schemas(),
        "Position": obj({**position, **PROMPT}, list(position)),
        "NewGameAnswer": obj(
            {**position, **PROMPT, "events": array(ref("Event"), minItems=1)},
            [*position, "events"],
            description="A Position and what started it: gameStarted (who acts first), then "
            "with a seed the opening's sampled chance and its events (the throw that decides who "
            "starts, the deal, the first roll).",
        ),
        "PlayAnswer": obj(
            {**position, **PROMPT, "events": array(ref("Event"))}, [*position, "events"]
        ),
        "ReplayAnswer": obj(
            {
                **position,
                "plies": {"type": "integer", "minimum": 0},
                "replayed": ref("ReplayedGame"),
            },
            [*position, "plies", "replayed"],
        ),
        "ReplayedGame": obj(
            {
                "players": {"type": "integer", "minimum": 1},
                "options": {**ref("Options"), "description": "As the body or record gave them."},
                "seed": {"anyOf": [ref("Seed"), {"type": "null"}]},
                "keyId": {"anyOf": [{"type": "string"}, {"type": "null"}]},
                "fair": {"anyOf": [ref("Fair"), {"type": "null"}]},
                "moves": array(
                    ref("MoveEntry"),
                    description="Each move with who made it ({player, move}); a chance "
                    "outcome as its notation alone.",
                ),
            },
            ["players", "options", "seed", "keyId", "fair", "moves"],
            description="The game replayed as a replay body (to send again as it is): what a "
            "text record reads as, so a front end needs no record parser.",
        ),
        "LegalMove": obj(
            {
                "notation": {"type": "string"},
                "move": ref("MoveDocument"),
                "locations": array(
                    ref("Location"),
                    description="The places the move touches in this position's picture "
                    "(schema/locations).",
                ),
                "probability": {"type": "number", "minimum": 0, "maximum": 1},
                **DESCRIPTION,
            },
            ["notation", "move", "locations"],
            description="probability: only at a chance node; description and "
            "descriptionMessage: only when describe was asked for.",
        ),
        "LegalMoves": obj(
            {
                "toMove": array(ref("Player")),
                "isChance": {"type": "boolean"},
                "moves": array(ref("LegalMove")),
                **PROMPT,
            },
            ["toMove", "isChance", "moves"],
        ),
        "NextStep": obj(
            {
                "notation": {
                    "type": "string",
                    "description": "The step's notation (a Tric Trac stone by one number: 1/4).",
                },
                "move": ref("MoveDocument"),
                "locations": array(
                    ref("Location"),
                    description="The places the step touches in this position's picture.",
                ),
            },
            ["notation", "move", "locations"],
            description="A step that may come next: a move of one step (its move document with "
            "what it touches); send it back in steps as its notation or its document.",
        ),
        "NextSteps": obj(
            {
                "steps": array(
                    ref("NextStep"),
                    description="The legal next steps, each leading on to a legal turn; empty "
                    "when the chosen steps are a whole turn or nobody decides here.",
                ),
                "canEnd": {
                    "type": "boolean",
                    "description": "Whether the chosen steps are a whole legal turn (play it).",
                },
                "turn": {
                    "anyOf": [
                        OFFERED,
                        {"type": "null"},
                    ],
                    "description": "The whole turn the chosen steps make, as play accepts it "
                    "(notation in the order chosen); null unless canEnd.",
                },
            },
            ["steps", "canEnd", "turn"],
            description="For games whose turn is one move, each legal move is one step that "
            "ends the turn.",
        ),
        "Score": obj(
            {
                "scores": array({"type": "integer"}),
                "status": STATUS,
                "winners": array(ref("Player")),
                "reason": {"type": ["string", "null"], "description": "Why the game ended."},
                "breakdown": ref("Breakdown"),
                "lines": array(ref("ScoreLine")),
            },
            ["scores", "status", "winners", "reason", "breakdown", "lines"],
        ),
        "ScoreLine": obj(
            {
                "player": ref("Player"),
                "rule": {"type": "string", "description": "The rule that gives the points."},
                "points": {
                    "type": "integer",
                    "description": "The line's points (negative: a penalty); a player's lines "
                    "add up to their score.",
                },
                "message": {
                    "type": "string",
                    "description": "The line in words, in the answer's language.",
                },
                **MESSAGE_FIELDS,
            },
            ["player", "rule", "points", "message", "messageId", "args"],
        ),
        "ViewAnswer": obj({"view": ref("View")}, ["view"]),
        "Problem": obj(
            {
                "path": {"type": "string", "description": "A JSON path ($.board.c3)."},
                "reason": {
                    "type": "string",
                    "description": "What is wrong there, in the answer's language.",
                },
                **MESSAGE_FIELDS,
            },
            ["path", "reason", "messageId", "args"],
        ),
        "MessageArgs": {
            "type": "object",
            "additionalProperties": {
                "anyOf": [{"type": "integer"}, {"type": "string"}, ref("Message")]
            },
            "description": MESSAGE_ARGS,
        },
        "Message": obj(
            MESSAGE_FIELDS,
            ["messageId", "args"],
            description="A message of the catalog inside another's arguments.",
        ),
        "ErrorCode": {
            "type": "string",
            "enum": list(CODES),
            "description": "Stable; see the README's table.",
        },
        "ErrorDetails": _error_details(),
        "Error": obj({"error": error_object()}, ["error"]),
        "Health": obj({"status": {"const": "ok"}}, ["status"]),
        "Ready": obj(
            {"status": {"const": "ready"}, "games": array(ref("GameId"))}, ["status", "games"]
        ),
    }


# Words for people an answer carries when describe is asked for: the text in the answer's
# language and its message.
DESCRIPTION: JSON = {
    "description": {
        "type": "string",
        "description": "What the move or event does, in words, in the answer's language.",
    },
    "descriptionMessage": {"$ref": "#/components/schemas/Message"},
}
PROMPT: JSON = {
    "prompt": {
        "type": "string",
        "description": "What the position asks of whom (or how the game ended), in the "
        "answer's language; only when describe was asked for.",
    },
    "promptMessage": {"$ref": "#/components/schemas/Message"},
}
# Every operation answers in the language asked for (service/api/language.py).
LANGUAGE_PARAMETERS: list[JSON] = [
    {
        "name": language.QUERY,
        "in": "query",
        "required": False,
        "schema": {"type": "string", "examples": list(text.LANGUAGES)},
        "description": "The language of every text in the answer; overrides Accept-Language. "
        "Unknown languages fall back to English (Content-Language tells which).",
    },
    {
        "name": "Accept-Language",
        "in": "header",
        "required": False,
        "schema": {"type": "string"},
        "description": "Preferred languages (de, en); English when none of them is known.",
    },
]
MESSAGE_FIELDS: JSON = {
    "messageId": {"type": "string", "description": MESSAGE_ID},
    "args": ref("MessageArgs"),
}


def _field(field: contract.Field) -> JSON:
    """A request field's schema: an optional one may be null (left out)."""
    if field.required:
        if field.description:
            return {**field.schema, "description": field.description}
        return field.schema
    return _optional(field.schema, field.description)


def _body(fields: Iterable[contract.Field], description: str | None = None, **extra: Any) -> JSON:
    fields = tuple(fields)
    props = {f.name: _field(f) for f in fields}
    required = [f.name for f in fields if f.required]
    if description:
        extra["description"] = description
    return obj(props, required, **extra)


def request_schemas() -> JSON:
    """Every request component, from the declarations of service/api/contract.py."""
    out: JSON = {b.name: _body(b.fields, b.description) for b in contract.BODIES.values()}
    for name, (members, words) in contract.CHOICES.items():
        out[name] = {"oneOf": [ref(m) for m in members], "description": words}
    game, verify, record = (
        contract.GAME,
        contract.BODIES["VerifyGameRequest"],
        contract.BODIES["VerifyRecordRequest"],
    )
    out["BatchLine"] = {
        "oneOf": [
            _body((game, *verify.fields), title="BatchGameLine"),
            _body((game, *record.fields), title="BatchRecordLine"),
        ],
        "description": "One line of a POST /v1/verify body: a verify body with its game "
        "(application/x-ndjson: one JSON object per line; blank lines are skipped).",
    }
    moves, text = contract.BODIES["AnalyzeMovesRequest"], contract.BODIES["AnalyzeRecordRequest"]
    out["AnalyzeBatchLine"] = {
        "oneOf": [
            _body((game, *moves.fields), title="AnalyzeGameLine"),
            _body((game, *text.fields), title="AnalyzeRecordLine"),
        ],
        "description": "One line of a POST /v1/analyze body: an analyze body with its game "
        "(application/x-ndjson: one JSON object per line; blank lines are skipped).",
    }
    return out


def _tournament_schemas() -> JSON:
    """Verify, records, batches and certificates (service/api/verify.py, docs/records.md)."""
    verdict = {
        "valid": {"type": "boolean"},
        "problems": array(ref("VerifyProblem")),
        "plies": {
            "type": "integer",
            "minimum": 0,
            "description": "How many moves of the record were legal.",
        },
    }
    summary = {
        "status": {"anyOf": [STATUS, {"type": "null"}]},
        "scores": {"anyOf": [array({"type": "integer"}), {"type": "null"}]},
        "winners": {"anyOf": [array(ref("Player")), {"type": "null"}]},
    }
    # what a search spent and why it stopped (suggest; evaluate)
    search: dict[str, Any] = {
        "iterations": {"type": "integer", "minimum": 0},
        "plies": {"type": "integer", "minimum": 0},
        "cpuLimited": {
            "type": "boolean",
            "description": "The search stopped at the request's CPU allowance "
            "(SEARCH_MAX_CPU_MS) before its budget: fewer iterations ran.",
        },
        "timeLimited": {
            "type": "boolean",
            "description": "The search stopped at the request's budgetMs before its budget.",
        },
        "elapsedMs": {
            "type": "number",
            "minimum": 0,
            "description": "Wall-clock milliseconds the search took, to 0.1 ms; only when "
            "budgetMs was given (without it, the same request gives the same answer).",
        },
    }
    out: JSON = {
        "SuggestAnswer": obj(
            {
                "move": OFFERED,
                "player": ref("Player"),
                "stats": obj(
                    {
                        **search,
                        "moves": {"type": "integer", "minimum": 1},
                        "value": {
                            "type": ["number", "null"],
                            "description": "The chosen move's mean reward (0 loss, 1 win).",
                        },
                        "top": array(
                            obj(
                                {
                                    "notation": {"type": "string"},
                                    "visits": {"type": "integer", "minimum": 0},
                                    "value": {"type": "number"},
                                },
                                ["notation", "visits", "value"],
                            ),
                            maxItems=5,
                        ),
                    },
                    [*(k for k in search if k != "elapsedMs"), "moves", "value", "top"],
                ),
            },
            ["move", "player", "stats"],
        ),
        "EvaluateAnswer": obj(
            {
                "player": {**ref("Player"), "description": "Whose information the search used."},
                "values": array(
                    obj(
                        {
                            "player": ref("Player"),
                            "value": {
                                "type": "number",
                                "minimum": 0,
                                "maximum": 1,
                                "description": "Their mean return over the search's playouts: "
                                "a win 1, a share of a tie, a loss 0, an unfinished playout "
                                "judged by the score difference (solo: by the score).",
                            },
                            "low": {"type": "number", "minimum": 0, "maximum": 1},
                            "high": {"type": "number", "minimum": 0, "maximum": 1},
                            "score": {
                                "type": "number",
                                "description": "Their mean score where the playouts ended.",
                            },
                        },
                        ["player", "value", "low", "high", "score"],
                        description="low and high: the value's 95% interval (Wilson).",
                    ),
                    description="One per player, in order.",
                ),
                "best": {
                    "anyOf": [
                        OFFERED,
                        {"type": "null"},
                    ],
                    "description": "The best move found for player when they are to move (what "
                    "suggest answers for the same seed and budget); else null.",
                },
                "stats": obj(
                    {
                        **search,
                        "playouts": {
                            "type": "integer",
                            "minimum": 0,
                            "description": "Playouts the values average.",
                        },
                    },
                    [*(k for k in search if k != "elapsedMs"), "playouts"],
                ),
            },
            ["player", "values", "best", "stats"],
        ),
        "AnalyzeAnswer": obj(
            {
                "plies": array(
                    {
                        "oneOf": [
                            obj(
                                {
                                    "ply": {"type": "integer", "minimum": 0},
                                    "kind": {"type": "string", "enum": ["decision"]},
                                    "player": ref("Player"),
                                    "notation": {"type": "string"},
                                    "before": unit("The mover's value before the move."),
                                    "after": unit("The mover's value right after it."),
                                    "givenUp": unit(
                                        "What the move cost the mover: 0 when it is the move "
                                        "the search would have played, else before - after "
                                        "when positive."
                                    ),
                                    "mark": {
                                        "anyOf": [
                                            {"enum": list(analysis.MARK_NAMES)},
                                            {"type": "null"},
                                        ],
                                        "description": "By the game's thresholds of givenUp.",
                                    },
                                    "best": array(
                                        obj(
                                            {
                                                "notation": {"type": "string"},
                                                "visits": {"type": "integer", "minimum": 0},
                                                "value": {"type": "number"},
                                            },
                                            ["notation", "visits", "value"],
                                        ),
                                        maxItems=analysis.ALTERNATIVES,
                                        description="The moves the search found best, "
                                        "most visited first.",
                                    ),
                                },
                                [
                                    "ply",
                                    "kind",
                                    "player",
                                    "notation",
                                    "before",
                                    "after",
                                    "givenUp",
                                    "mark",
                                    "best",
                                ],
                                title="Decision",
                            ),
                            obj(
                                {
                                    "ply": {
                                        "type": "integer",
                                        "minimum": 0,
                                        "description": "The record's move it is, or follows "
                                        "(sampled).",
                                    },
                                    "kind": {"type": "string", "enum": ["chance"]},
                                    "notation": {"type": "string"},
                                    "sampled": {
                                        "type": "boolean",
                                        "description": "Rolled by the service (a seeded game), "
                                        "not a move of the record.",
                                    },
                                    "luck": array(
                                        {"type": "number"},
                                        description="Each player's value after it minus before.",
                                    ),
                                },
                                ["ply", "kind", "notation", "sampled", "luck"],
                                title="ChanceEvent",
                            ),
                        ]
                    },
                    description="Every ply in order, with the chance a seeded game rolled.",
                ),
                "players": array(
                    obj(
                        {
                            "player": ref("Player"),
                            "start": unit("The first position's value."),
                            "result": unit("The last position's (a finished game: its result)."),
                            "luck": {"type": "number", "description": "Chance's share."},
                            "skill": {
                                "type": "number",
                                "description": "The rest: result - start - luck.",
                            },
                            "luckAdjusted": {"type": "number", "description": "result - luck."},
                            "decisions": {"type": "integer", "minimum": 0},
                            "givenUp": {"type": "number", "minimum": 0},
                            "marks": obj(
                                {
                                    name: {"type": "integer", "minimum": 0}
                                    for name in analysis.MARK_NAMES
                                },
                                list(analysis.MARK_NAMES),
                            ),
                        },
                        [
                            "player",
                            "start",
                            "result",
                            "luck",
                            "skill",
                            "luckAdjusted",
                            "decisions",
                            "givenUp",
                            "marks",
                        ],
                    ),
                ),
                "stats": obj(
                    {
                        "iterations": {"type": "integer", "minimum": 0},
                        "positions": {"type": "integer", "minimum": 0},
                        "cpuLimited": {
                            "type": "boolean",
                            "description": "ANALYZE_MAX_CPU_MS ran out: later positions were "
                            "valued without a search.",
                        },
                        "budget": {"type": "integer", "minimum": 1},
                    },
                    ["iterations", "positions", "cpuLimited", "budget"],
                ),
                "annotated": {
                    "type": "string",
                    "description": "The game's text record with the review as ; comments.",
                },
            },
            ["plies", "players", "stats", "annotated"],
        ),
        "Claimed": obj(
            {
                "scores": array({"type": "number"}, description="One per player."),
                "winners": array(ref("Player"), description="Empty: nobody won (a draw)."),
            },
            description="The result a verify call checks; each part optional.",
        ),
        "RecordTags": {
            "type": "object",
            "propertyNames": {"pattern": "^[A-Za-z][A-Za-z0-9_]*$"},
            "additionalProperties": {"type": "string"},
            "description": "Tags printed in the record (Event, Site, Date, Round, Player0...); "
            "Game, RulesVersion, Players, Options, Seed, KeyId and Result are fields.",
        },
        "ProblemCode": {
            "type": "string",
            "enum": list(PROBLEM_CODES),
            "description": "Stable; see docs/records.md.",
        },
        "VerifyProblem": obj(
            {
                "code": ref("ProblemCode"),
                "message": {
                    "type": "string",
                    "description": "The problem in words, in the answer's language.",
                },
                **MESSAGE_FIELDS,
                "ply": {
                    "type": "integer",
                    "minimum": 0,
                    "description": "A move's problem: its 0-based index (move ply+1 of a record).",
                },
                "line": {
                    "type": "integer",
                    "minimum": 1,
                    "description": "The text record's line of the move (or of a record error).",
                },
                "reason": {"type": "string", "description": "A move's finer stable code."},
                "rule": {"type": "string", "description": "A move's rule id, e.g. MX-7."},
                "claimed": {
                    "type": "array",
                    "items": {"type": "number"},
                    "description": "SCORES_DIFFER, WINNERS_DIFFER: the scores or winners claimed.",
                },
                "computed": {
                    "type": "array",
                    "items": {"type": "number"},
                    "description": "SCORES_DIFFER, WINNERS_DIFFER: what the replay computed.",
                },
            },
            ["code", "message", "messageId", "args"],
        ),
        "Certificate": obj(
            {
                "game": ref("GameId"),
                "rulesVersion": {"type": "string"},
                "digest": {
                    "type": "string",
                    "description": "sha256: of the record's canonical text (docs/records.md).",
                },
                "scores": array({"type": "integer"}),
                "winners": array(ref("Player")),
                "sig": {"type": "string", "description": "<key id>.<HMAC-SHA256>"},
            },
            ["game", "rulesVersion", "digest", "scores", "winners", "sig"],
            description="Proof that this service verified the record with this result.",
        ),
        "VerifyAnswer": obj(
            {
                **verdict,
                "position": {
                    "anyOf": [ref("Position"), {"type": "null"}],
                    "description": "After the last legal move (null: the game could not start).",
                },
                "certificate": {
                    "anyOf": [ref("Certificate"), {"type": "null"}],
                    "description": "With RULES_SECRET, for a valid verdict.",
                },
            },
            ["valid", "problems", "plies", "position", "certificate"],
        ),
        "BatchVerdict": obj(
            {
                "line": {"type": "integer", "minimum": 1, "description": "The request's line."},
                "game": {"type": ["string", "null"]},
                **verdict,
                **summary,
                "certificate": {"anyOf": [ref("Certificate"), {"type": "null"}]},
            },
            ["line", "game", *verdict, *summary, "certificate"],
            description="One line of a POST /v1/verify answer (application/x-ndjson).",
        ),
        "CertificateCheck": obj(
            {
                "valid": {"type": "boolean"},
                "problems": array(ref("VerifyProblem")),
                "keyId": {
                    "type": ["string", "null"],
                    "description": "The key that signed it (null: none of this service's).",
                },
            },
            ["valid", "problems", "keyId"],
        ),
    }
    answer = out["AnalyzeAnswer"]
    where = {
        "line": {"type": "integer", "minimum": 1, "description": "The request's line."},
        "game": {"type": ["string", "null"]},
    }
    out["BatchReview"] = {
        "oneOf": [
            obj(
                {**where, **answer["properties"]},
                ["line", "game", *answer["required"]],
                title="BatchGameReview",
            ),
            obj(
                {**where, "error": error_object()},
                ["line", "game", "error"],
                title="BatchLineError",
                description="A line that has no review: the error a single analyze answers.",
            ),
        ],
        "description": "One line of a POST /v1/analyze answer (application/x-ndjson): the "
        "review of the line's game as analyze answers it, or why there is none.",
    }
    return out


def error_object() -> JSON:
    """The error object of every error answer (``Error``'s ``error``; a batch line's)."""
    return obj(
        {
            "code": ref("ErrorCode"),
            "message": {"type": "string", "description": MESSAGE},
            **MESSAGE_FIELDS,
            "details": ref("ErrorDetails"),
        },
        ["code", "message", "messageId", "args", "details"],
    )


# -- paths ---------------------------------------------------------------------------------
ETAG: JSON = {
    "description": "The answer's state, by its digest: SHA-256, in hex and quoted, of its "
    "canonical JSON without sig. A fair successor names it as its fair.parent; a host that "
    "keeps states compares and sets by it.",
    "schema": {"type": "string", "pattern": '^"[0-9a-f]{64}"$'},
}


def _content(schema: JSON, media: str = "application/json") -> JSON:
    return {media: {"schema": schema}}


def _operation(op: contract.Operation) -> JSON:
    """An operation of the contract as an OpenAPI operation; a POST's errors are ERRORS."""
    responses: JSON = {"200": {"description": "OK", "content": _content(op.answer, op.media)}}
    if op.etag:
        responses["200"]["headers"] = {"ETag": ETAG}
    operation: JSON = {"operationId": op.id, "summary": op.summary}
    parameters: list[JSON] = []
    if op.game:
        parameters.append({"name": "game", "in": "path", "required": True, "schema": ref("GameId")})
        if op.method == "get":
            words = ERRORS["404"]
            responses["404"] = {"description": words, "content": _content(ref("Error"))}
    if language.speaks(op.path, 200):
        parameters.extend(LANGUAGE_PARAMETERS)
    if parameters:
        operation["parameters"] = parameters
    if op.method == "post":
        for status, words in ERRORS.items():
            responses[status] = {"description": words, "content": _content(ref("Error"))}
        body = op.bodies[0] if len(op.bodies) == 1 else _choice(op.bodies)
        content = _content(ref(body), op.body_media)
        if op.text_body:
            content["text/plain"] = {"schema": {"type": "string", "description": op.text_body}}
        operation["requestBody"] = {"required": op.body_required, "content": content}
    operation["responses"] = responses
    return {op.method: operation}


def _choice(bodies: tuple[str, ...]) -> str:
    """The oneOf component whose members are ``bodies``."""
    for name, (members, _) in contract.CHOICES.items():
        if members == bodies:
            return name
    raise ValueError(f"no component is one of {bodies}")


# Operations by tag, by the last part of their path.
TAGS = {
    "play": "Games, positions, moves and the bot",
    "records": "Whole games: replay, verify, records, batches, certificates",
    "operations": "Health, readiness and metrics",
}
_RECORDS = ("/replay", "/verify", "/record", "/certificates")
_OPERATIONS = ("/healthz", "/readyz", "/metrics")


def openapi(rules: Rules) -> JSON:
    """The document, in the plain forms every generator reads (``openapi_tools.plain``)."""
    document = _document(rules)
    for path, methods in document["paths"].items():
        tag = "records" if path.endswith(_RECORDS) else "play"
        tag = "operations" if path in _OPERATIONS else tag
        for operation in methods.values():
            operation["tags"] = [tag]
    document["tags"] = [{"name": name, "description": text} for name, text in TAGS.items()]
    document["servers"] = [{"url": "/", "description": "this service, where it is served"}]
    # no operation asks for credentials (RULES_SECRET signs states, it authenticates no caller)
    document["security"] = []
    return plain(document)


def _document(rules: Rules) -> JSON:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Regelwerk",
            "version": "1",
            "description": "Stateless rules service: send a state, get legal moves, the "
            "next state, scores and the result. GraphQL at /graphql.",
        },
        "paths": {op.path: _operation(op) for op in contract.OPERATIONS},
        "components": {"schemas": {**game_schemas(rules), **api_schemas()}},
    }
