"""JSON Schemas (draft 2020-12) of the Mixtour documents other than the state: a move as
``play`` accepts it and a move document as legal-moves lists it
(``schema/{moves,move-documents}/mixtour.json``). The state's schema comes from its one
description in :mod:`.codec`."""

from __future__ import annotations

from ..core import OptionSpec
from ..core.game import JSON
from .board import SQUARES
from .codec import NOTATION_PATTERN, document
from .moves import REMOVE_AT

_NOTATION = rf"^\s*{NOTATION_PATTERN}\s*$"


def state_schema(specs: tuple[OptionSpec, ...]) -> JSON:
    return document(specs).schema()


def move_schema() -> JSON:
    square = {"type": "string", "pattern": "^[a-eA-E][1-5]$"}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://regelwerk.dev/schema/moves/mixtour.json",
        "title": "Mixtour move",
        "description": "Official notation (b2, a1-b2, c4:3-d3, pass) or a move document.",
        "oneOf": [
            {
                "type": "string",
                "pattern": _NOTATION,
            },
            {
                "type": "object",
                "additionalProperties": False,
                "required": ["kind", "square"],
                "properties": {"kind": {"const": "place"}, "square": square},
            },
            {
                "type": "object",
                "additionalProperties": False,
                "required": ["kind", "from", "to"],
                "properties": {
                    "kind": {"const": "shift"},
                    "from": square,
                    "to": square,
                    "count": {"type": "integer", "minimum": 1},
                },
            },
            {
                "type": "object",
                "additionalProperties": False,
                "required": ["kind"],
                "properties": {"kind": {"const": "pass"}},
            },
        ],
    }


def move_document_schema() -> JSON:
    """The move documents the service answers with: canonical, so every field is present."""
    square = {"enum": list(SQUARES)}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://regelwerk.dev/schema/move-documents/mixtour.json",
        "title": "Mixtour move document",
        "description": (
            "A legal move as the service lists it. Squares are lower case a1..e5 and name the "
            'SVG elements [data-square="…"]. Mixtour adds no derived fields: every field '
            "defines the move."
        ),
        "oneOf": [
            {
                "title": "Place",
                "description": "MX-4: one piece from the mover's supply onto an empty square.",
                "type": "object",
                "additionalProperties": False,
                "required": ["kind", "square"],
                "properties": {
                    "kind": {"const": "place"},
                    "square": {**square, "description": "The empty square receiving the piece."},
                },
            },
            {
                "title": "Shift",
                "description": (
                    "MX-5, MX-6: the top `count` pieces of the stack on `from` onto the stack "
                    "on `to`, as many squares away as that stack is high."
                ),
                "type": "object",
                "additionalProperties": False,
                "required": ["kind", "from", "to", "count"],
                "properties": {
                    "kind": {"const": "shift"},
                    "from": {**square, "description": "The square of the stack moved from."},
                    "to": {**square, "description": "The square of the receiving stack."},
                    "count": {
                        "type": "integer",
                        "minimum": 1,
                        # A stack of 5 or more leaves the board at once (MX-9).
                        "maximum": REMOVE_AT - 1,
                        "description": "Pieces taken from the top of the stack on `from`.",
                    },
                },
            },
            {
                "title": "Pass",
                "description": "MX-8: only when no place or move is possible.",
                "type": "object",
                "additionalProperties": False,
                "required": ["kind"],
                "properties": {"kind": {"const": "pass"}},
            },
        ],
    }
