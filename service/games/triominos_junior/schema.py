"""JSON Schemas (draft 2020-12) of the Triominos Junior documents: the full state, a move
as ``play`` accepts it, a move document as legal-moves lists it and the per-player view
(``schema/{states,moves,move-documents,views}/triominos-junior.json``)."""

from __future__ import annotations

from ..core import OptionSpec, options_schema
from ..core.game import JSON
from . import codec
from .codec import GAME, TILE_PATTERN, VERSION
from .grid import CORNER_NAMES, LIMIT
from .state import END_REASONS, PHASES


def state_schema(specs: tuple[OptionSpec, ...]) -> JSON:
    return codec.document(specs).schema()


def layout_schema() -> JSON:
    return codec.LAYOUT.schema()


def word(text: str) -> str:
    """A case-insensitive word for an ECMA-262 pattern (no inline flags there)."""
    return "".join(f"[{c.lower()}{c.upper()}]" for c in text)


OPTIONAL = "Derived; optional when sent, must agree with the position."


def _player() -> JSON:
    return {
        "type": "integer",
        "minimum": 0,
        "maximum": 3,
        "description": "The mover (the player whose turn it is).",
    }


def _lay_derived(kind: str) -> JSON:
    """What a place or swap touches, named as the SVG names it (``data-at``,
    ``data-corner``, ``data-rack``/``data-tile``)."""
    number: JSON = {
        "type": "integer",
        "minimum": 0,
        "maximum": 9,
        "description": "The number on this corner (a swapped-in tile is never the joker).",
    }
    if kind == "place":
        number = {
            **number,
            "type": ["integer", "null"],
            "description": "The number on this corner; null for the joker (wild).",
        }
    corners = [
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["corner", "number"],
            "properties": {
                "corner": {
                    "enum": [up, down],
                    "description": f"The corner: {up} on an up triangle, {down} on a down one.",
                },
                "number": number,
            },
        }
        for up, down in zip(*CORNER_NAMES, strict=True)
    ]
    axis = {"type": "integer", "minimum": -LIMIT, "maximum": LIMIT}
    return {
        "player": _player(),
        "col": {**axis, "description": "The column of `at`."},
        "row": {**axis, "description": "The row of `at` (rows increase upward)."},
        "orientation": {
            "enum": ["up", "down"],
            "description": "How the triangle at `at` points (up when col + row is even, TJ-8).",
        },
        "corners": {
            "type": "array",
            "prefixItems": corners,
            "items": False,
            "minItems": 3,
            "maxItems": 3,
            "description": (
                "The tile's corners clockwise from the apex with their numbers: up triangle "
                "top, bottom-right, bottom-left; down triangle bottom, top-left, top-right. "
                'The SVG marks each drawn number [data-at="…"][data-corner="…"].'
            ),
        },
        "rackTile": {
            "type": "string",
            "pattern": TILE_PATTERN,
            "description": (
                "The rack tile used, canonical (smallest rotation, 'J' for the joker): the "
                'SVG\'s [data-rack="<player>"][data-tile="…"].'
            ),
        },
    }


def _optional(props: JSON) -> JSON:
    return {k: {**v, "description": f"{OPTIONAL} {v['description']}"} for k, v in props.items()}


def move_schema() -> JSON:
    tile = {"type": "string", "pattern": r"^\s*([jJ]|[0-9]\s*-\s*[0-9]\s*-\s*[0-9])\s*$"}
    at = {"type": "string", "pattern": r"^\s*\(?\s*-?[0-9]{1,4}\s*,\s*-?[0-9]{1,4}\s*\)?\s*$"}
    t = r"([jJ]|[0-9]\s*-\s*[0-9]\s*-\s*[0-9])"
    pos = r"\(?\s*-?[0-9]{1,4}\s*,\s*-?[0-9]{1,4}\s*\)?"
    lay = rf"({word('swap')}\s+)?{t}\s*@\s*{pos}"
    lays = [
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["kind", "tile", "at"],
            "properties": {
                "kind": {"const": kind},
                "tile": tile,
                "at": at,
                **_optional(_lay_derived(kind)),
            },
        }
        for kind in ("place", "swap")
    ]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://regelwerk.dev/schema/moves/triominos-junior.json",
        "title": "Triominos Junior move",
        "description": (
            "Notation (3-5-1@1,0, J@1,0, swap 3-5-1@1,0, draw, pass; chance outcome deal 1-3-5 "
            "or deal J) or a move document, optionally with the derived fields legal-moves "
            "lists."
        ),
        "oneOf": [
            {
                "type": "string",
                "pattern": rf"^\s*({lay}|{word('draw')}|{word('pass')}|{word('deal')}\s+{t})\s*$",
            },
            *lays,
            {
                "type": "object",
                "additionalProperties": False,
                "required": ["kind"],
                "properties": {
                    "kind": {"enum": ["draw", "pass"]},
                    **_optional({"player": _player()}),
                },
            },
            {
                "type": "object",
                "additionalProperties": False,
                "required": ["kind", "tile"],
                "properties": {"kind": {"const": "deal"}, "tile": tile},
            },
        ],
    }


def _document(kind: str, title: str, description: str, props: JSON) -> JSON:
    return {
        "title": title,
        "description": description,
        "type": "object",
        "additionalProperties": False,
        "required": ["kind", *props],
        "properties": {"kind": {"const": kind}, **props},
    }


def move_document_schema() -> JSON:
    """The documents legal-moves lists: canonical defining fields, every derived one present."""
    tile = {"type": "string", "pattern": TILE_PATTERN}
    at = {
        "type": "string",
        "pattern": r"^-?[0-9]{1,2},-?[0-9]{1,2}$",
        "description": 'The position "col,row": the SVG\'s [data-at="…"].',
    }

    def lay(kind: str) -> JSON:
        return {"tile": tile, "at": at, **_lay_derived(kind)}

    placed = "The tile as laid: numbers clockwise from the apex ('3-5-1'), or 'J'."
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://regelwerk.dev/schema/move-documents/triominos-junior.json",
        "title": "Triominos Junior move document",
        "description": (
            "A legal move as the service lists it: the defining fields in canonical form plus "
            "derived fields naming what the move touches as the SVG names it. Never names a "
            "tile the mover may not see (TJ-17)."
        ),
        "oneOf": [
            _document(
                "place",
                "Place",
                "TJ-9, TJ-10: a rack tile, oriented as `tile`, onto the open triangle `at` "
                '(the SVG\'s [data-at="…"].rw-open).',
                {**lay("place"), "tile": {**tile, "description": placed}},
            ),
            _document(
                "swap",
                "Swap",
                "TJ-11: a rack tile, oriented as `tile`, replaces the layout joker on `at` "
                '(the SVG\'s .rw-tile with data-tile="J"); the joker goes to the rack.',
                {**lay("swap"), "tile": {**tile, "description": placed}},
            ),
            _document("draw", "Draw", "TJ-12: take a tile from the pool.", {"player": _player()}),
            _document(
                "pass",
                "Pass",
                "TJ-13: only when the mover can neither place, swap nor draw.",
                {"player": _player()},
            ),
            _document(
                "deal",
                "Deal",
                "A chance outcome: this tile leaves the pool (TJ-4, TJ-6, TJ-12). The host's "
                "document; nothing is derived.",
                {"tile": {**tile, "description": "The tile dealt, canonical, or 'J'."}},
            ),
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
