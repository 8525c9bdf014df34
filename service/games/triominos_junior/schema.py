"""JSON Schemas (draft 2020-12) of the Triominos Junior documents: the full state, a move
and the per-player view (``schema/{states,moves,views}/triominos-junior.json``)."""

from __future__ import annotations

from ..core import OptionSpec
from ..core.game import COMMON_STATE_PROPERTIES, JSON
from .codec import GAME, VERSION
from .state import END_REASONS, PHASES

TILE_PATTERN = r"^(J|[0-9]-[0-9]-[0-9])$"
POS_PATTERN = r"^-?[0-9]{1,4},-?[0-9]{1,4}$"


def state_schema(specs: tuple[OptionSpec, ...]) -> JSON:
    tile = {"type": "string", "pattern": TILE_PATTERN}
    tiles = {"type": "array", "items": tile}
    counts = {"type": "array", "items": {"type": "integer", "minimum": 0}, "maxItems": 4}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://regelwerk.dev/schema/states/triominos-junior.json",
        "title": "Triominos Junior state",
        "description": (
            "A full Triominos Junior position for the trusted host (rules TJ-1…TJ-17): racks "
            "and pool included. Players see the view document instead."
        ),
        "type": "object",
        "required": ["game", "v", "phase", "toMove", "layout", "racks", "pool"],
        "additionalProperties": False,
        "properties": {
            "game": {"const": GAME},
            "v": {"const": VERSION},
            "options": options_schema(specs),
            "phase": {"enum": list(PHASES)},
            "toMove": {
                "type": ["integer", "null"],
                "minimum": 0,
                "maximum": 3,
                "description": "Player to act (at phase draw: who receives the tile).",
            },
            "layout": layout_schema(),
            "racks": {
                "type": "array",
                "minItems": 2,
                "maxItems": 4,
                "items": tiles,
                "description": "Each player's tiles (canonical form, any order).",
            },
            "pool": {**tiles, "description": "The face-down tiles (a multiset)."},
            "coins": {**counts, "description": "Coins per player (coin level)."},
            "supply": {"type": "integer", "minimum": 0, "description": "Coins left (coin level)."},
            "points": {**counts, "description": "Values of tiles placed (points level)."},
            "endReason": {"enum": [*END_REASONS, None]},
            **COMMON_STATE_PROPERTIES,
        },
    }


def options_schema(specs: tuple[OptionSpec, ...]) -> JSON:
    props = {s.name: s.describe() for s in specs}
    props["tiles"] = {
        **props["tiles"],
        "type": ["array", "null"],
        "items": {"type": "string", "pattern": TILE_PATTERN},
        "minItems": 36,
        "maxItems": 36,
    }
    return {"type": "object", "additionalProperties": False, "properties": props}


def layout_schema() -> JSON:
    return {
        "type": "array",
        "description": "Tiles as laid: numbers clockwise from the apex; (col,row) points up "
        "when col + row is even.",
        "items": {
            "type": "object",
            "additionalProperties": False,
            "required": ["at", "tile"],
            "properties": {
                "at": {"type": "string", "pattern": POS_PATTERN},
                "tile": {"type": "string", "pattern": TILE_PATTERN},
            },
        },
    }


def word(text: str) -> str:
    """A case-insensitive word for an ECMA-262 pattern (no inline flags there)."""
    return "".join(f"[{c.lower()}{c.upper()}]" for c in text)


def move_schema() -> JSON:
    tile = {"type": "string", "pattern": r"^\s*([jJ]|[0-9]\s*-\s*[0-9]\s*-\s*[0-9])\s*$"}
    at = {"type": "string", "pattern": r"^\s*\(?\s*-?[0-9]{1,4}\s*,\s*-?[0-9]{1,4}\s*\)?\s*$"}
    t = r"([jJ]|[0-9]\s*-\s*[0-9]\s*-\s*[0-9])"
    pos = r"\(?\s*-?[0-9]{1,4}\s*,\s*-?[0-9]{1,4}\s*\)?"
    lay = rf"({word('swap')}\s+)?{t}\s*@\s*{pos}"
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://regelwerk.dev/schema/moves/triominos-junior.json",
        "title": "Triominos Junior move",
        "description": (
            "Notation (3-5-1@1,0, J@1,0, swap 3-5-1@1,0, draw, pass; chance outcome deal 1-3-5 "
            "or deal J) or a move document."
        ),
        "oneOf": [
            {
                "type": "string",
                "pattern": rf"^\s*({lay}|{word('draw')}|{word('pass')}|{word('deal')}\s+{t})\s*$",
            },
            {
                "type": "object",
                "additionalProperties": False,
                "required": ["kind", "tile", "at"],
                "properties": {"kind": {"enum": ["place", "swap"]}, "tile": tile, "at": at},
            },
            {
                "type": "object",
                "additionalProperties": False,
                "required": ["kind"],
                "properties": {"kind": {"enum": ["draw", "pass"]}},
            },
            {
                "type": "object",
                "additionalProperties": False,
                "required": ["kind", "tile"],
                "properties": {"kind": {"const": "deal"}, "tile": tile},
            },
        ],
    }


def view_schema(specs: tuple[OptionSpec, ...]) -> JSON:
    counts = {"type": "array", "items": {"type": "integer", "minimum": 0}, "maxItems": 4}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://regelwerk.dev/schema/views/triominos-junior.json",
        "title": "Triominos Junior view",
        "description": (
            "What one player may see (TJ-17): the layout, their own rack, the size of every "
            "rack, coins or points and the pool size. A spectator (player null) sees no rack."
        ),
        "type": "object",
        "required": [
            "game",
            "v",
            "kind",
            "player",
            "phase",
            "toMove",
            "layout",
            "rackSizes",
            "poolSize",
        ],
        "additionalProperties": False,
        "properties": {
            "game": {"const": GAME},
            "v": {"const": VERSION},
            "kind": {"const": "view"},
            "player": {"type": ["integer", "null"], "minimum": 0, "maximum": 3},
            "options": options_schema(specs),
            "phase": {"enum": list(PHASES)},
            "toMove": {"type": ["integer", "null"], "minimum": 0, "maximum": 3},
            "endReason": {"enum": [*END_REASONS, None]},
            "layout": layout_schema(),
            "rack": {
                "type": "array",
                "items": {"type": "string", "pattern": TILE_PATTERN},
                "description": "The viewing player's own tiles; absent for a spectator.",
            },
            "rackSizes": {**counts, "minItems": 2},
            "poolSize": {"type": "integer", "minimum": 0},
            "coins": {**counts, "description": "Coins per player (coin level)."},
            "supply": {"type": "integer", "minimum": 0},
            "points": {**counts, "description": "Values of tiles placed (points level)."},
        },
    }
