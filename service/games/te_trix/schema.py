"""JSON Schemas (draft 2020-12) of the Te-Trix documents other than the state: a move as
``play`` accepts it and a move document as legal-moves lists it
(``schema/{moves,move-documents}/te-trix.json``). The state's schema comes from its one
description in :mod:`.codec`."""

from __future__ import annotations

from ..core import OptionSpec
from ..core.game import JSON
from .codec import DOCUMENT
from .locations import CELL_NAME as _CELL_NAME
from .options import MAX_PLAYERS
from .sheet import BAR_FIELDS, MAX_SIZE

_DRAFT = "https://json-schema.org/draft/2020-12/schema"
_PLAYERS = {
    "type": "array",
    "items": {"type": "integer", "minimum": 0, "maximum": MAX_PLAYERS - 1},
    "uniqueItems": True,
    "maxItems": MAX_PLAYERS,
}


def state_schema(specs: tuple[OptionSpec, ...]) -> JSON:
    """The state document's schema, from its one description (``codec.DOCUMENT``, whose
    options are declared from these same OptionSpecs)."""
    return DOCUMENT.schema()


_SYMBOL = {
    "enum": ["o", "x", "s"],
    "description": "The symbol: o circle, x cross, s square (TX-1).",
}
_KIND = "What kind of move: roll (chance), arrange, place or stop."


def _derived_place() -> dict[str, JSON]:
    """The fields ``move_document`` adds to a placement (TX-8, TX-13)."""
    coordinate = {"type": "integer", "minimum": 1, "maximum": MAX_SIZE}
    return {
        "cells": {
            "type": "array",
            "minItems": 1,
            "maxItems": 4,
            "description": "Every symbol that lands on the sheet, in the shape's reading order: "
            "the cell's name (a1 top-left, as the SVG's data-cell), its 1-based row and "
            "column (data-row, data-col) and the symbol entered.",
            "items": {
                "type": "object",
                "description": "A sheet cell a placement fills (1-based row and column).",
                "additionalProperties": False,
                "required": ["cell", "row", "col", "symbol"],
                "properties": {
                    "cell": {
                        "type": "string",
                        "pattern": _CELL_NAME,
                        "description": "The cell's name on the sheet (column letter, row number).",
                    },
                    "row": {**coordinate, "description": "1 = top row."},
                    "col": {**coordinate, "description": "1 = column a."},
                    "symbol": _SYMBOL,
                },
            },
        },
        "overhang": {
            "type": "integer",
            "minimum": 0,
            "maximum": 3,
            "description": "Symbols hanging over the edge, not entered (TX-8).",
        },
        "bar": {
            "type": "array",
            "maxItems": 3,
            "uniqueItems": True,
            "items": {"type": "integer", "minimum": 1, "maximum": BAR_FIELDS},
            "description": "Solo: the 1-based bar fields this placement crosses off, one per "
            "overhanging symbol, the lowest free ones (TX-13; the SVG's data-bar). Always [] "
            "with several players.",
        },
    }


def _derived_arrange() -> dict[str, JSON]:
    """The field ``move_document`` adds to an arrangement (TX-6)."""
    return {
        "slots": {
            "type": "array",
            "minItems": 4,
            "maxItems": 4,
            "description": "The shape's four cells in base orientation, reading order, with "
            "0-based offsets and the symbol on each, so the arrangement can be drawn as is.",
            "items": {
                "type": "object",
                "description": "A cell of a shape in its base orientation (0-based offsets).",
                "additionalProperties": False,
                "required": ["row", "col", "symbol"],
                "properties": {
                    "row": {
                        "type": "integer",
                        "minimum": 0,
                        "maximum": 1,
                        "description": "0-based row offset in the shape.",
                    },
                    "col": {
                        "type": "integer",
                        "minimum": 0,
                        "maximum": 3,
                        "description": "0-based column offset in the shape.",
                    },
                    "symbol": _SYMBOL,
                },
            },
        }
    }


def _optional(fields: dict[str, JSON]) -> dict[str, JSON]:
    note = "Derived; optional when sent, must agree with the position."
    return {k: {**v, "description": f"{note} {v['description']}"} for k, v in fields.items()}


_ROLL_DESC = "The dice (TX-2), sorted o < x < s, e.g. ooxs."
_ARRANGE_DESC = "The symbols on the shape's slots in reading order (TX-6), e.g. oxso."
_ROTATION = {"enum": [0, 90, 180, 270], "description": "Clockwise quarter turns (TX-7)."}
_ANCHOR = "1-based, of the rotated bounding box's top-left corner; may lie off the sheet."


def _documents(symbols: JSON, request: bool) -> list[JSON]:
    """One object schema per kind; answers require every field, requests the defining ones."""
    place, arrange = _derived_place(), _derived_arrange()
    if request:
        place, arrange = _optional(place), _optional(arrange)

    def kind(
        name: str, title: str, what: str, defining: dict[str, JSON], derived: dict[str, JSON]
    ) -> JSON:
        return {
            "type": "object",
            "title": title,
            "description": what,
            "additionalProperties": False,
            "required": ["kind", *defining, *([] if request else derived)],
            "properties": {
                "kind": {"const": name, "description": _KIND},
                **defining,
                **derived,
            },
        }

    offset = {"type": "integer", "minimum": -999, "maximum": 999}
    return [
        kind(
            "roll",
            "Roll",
            "TX-2: the four rolled symbols (chance outcome).",
            {"symbols": {**symbols, "description": _ROLL_DESC}},
            {},
        ),
        kind(
            "arrange",
            "Arrangement",
            "TX-6: the roller's shape with a symbol in every slot.",
            {
                "shape": {"enum": list("OITLJSZ"), "description": "Tetromino (TX-4)."},
                "symbols": {**symbols, "description": _ARRANGE_DESC},
            },
            arrange,
        ),
        kind(
            "place",
            "Placement",
            "TX-7: the arrangement rotated and laid on a sheet.",
            {
                "rotation": _ROTATION,
                "row": {**offset, "description": f"Row {_ANCHOR}"},
                "col": {**offset, "description": f"Column {_ANCHOR}"},
            },
            place,
        ),
        kind("stop", "Stop", "TX-14: the solo player ends the game.", {}, {}),
    ]


def move_document_schema() -> JSON:
    return {
        "$schema": _DRAFT,
        "$id": "https://regelwerk.dev/schema/move-documents/te-trix.json",
        "title": "Te-Trix move document",
        "description": "A legal move as legal-moves lists it: the defining fields plus what it "
        "touches in this position, named as the SVG names it (cells, bar fields).",
        "oneOf": _documents({"type": "string", "pattern": "^[oxs]{4}$"}, request=False),
    }


def move_schema() -> JSON:
    symbols = {"type": "string", "pattern": "^[oxsOXS]{4}$"}
    return {
        "$schema": _DRAFT,
        "$id": "https://regelwerk.dev/schema/moves/te-trix.json",
        "title": "Te-Trix move",
        "description": "Notation (roll ooxs, arrangement T:oxso, placement r90@2,3, stop) or a "
        "move document.",
        "oneOf": [
            {
                "type": "string",
                "pattern": r"^\s*([oxsOXS]{4}|[oitljszOITLJSZ]\s*:\s*[oxsOXS]{4}"
                r"|[rR][0-9]{1,3}\s*@\s*-?[0-9]{1,3}\s*,\s*-?[0-9]{1,3}|[sS][tT][oO][pP])\s*$",
            },
            *_documents(symbols, request=True),
        ],
    }
