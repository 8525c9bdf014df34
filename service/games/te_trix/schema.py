"""JSON Schemas (draft 2020-12) of the Te-Trix state document and of a move."""

from __future__ import annotations

from ..core import OptionSpec
from ..core.game import COMMON_STATE_PROPERTIES, JSON
from .codec import REQUIRED, VERSION
from .options import MAX_PLAYERS, MIN_SIZE
from .sheet import BAR_FIELDS, MAX_SIZE
from .state import ENDINGS, PHASES

_DRAFT = "https://json-schema.org/draft/2020-12/schema"
_CELL = "^[a-lA-L](1[0-2]|[1-9])$"
_PRINTED = {
    "type": "object",
    "additionalProperties": False,
    "required": ["cell", "symbol"],
    "properties": {
        "cell": {"type": "string", "pattern": _CELL, "description": "a1 is top-left."},
        "symbol": {"enum": ["o", "x", "s"], "description": "circle, cross, square (TX-1)."},
    },
}
_PLAYERS = {
    "type": "array",
    "items": {"type": "integer", "minimum": 0, "maximum": MAX_PLAYERS - 1},
    "uniqueItems": True,
    "maxItems": MAX_PLAYERS,
}


def state_schema(specs: tuple[OptionSpec, ...]) -> JSON:
    described = {s.name: s.describe() for s in specs}
    return {
        "$schema": _DRAFT,
        "$id": "https://regelwerk.dev/schema/states/te-trix.json",
        "title": "Te-Trix state",
        "description": "A Te-Trix position (rules TX-1…TX-15): every player's sheet and the "
        "round's progress. Cells a1 (top-left) to l12; rows top to bottom.",
        "type": "object",
        "required": list(REQUIRED),
        "additionalProperties": False,
        "properties": {
            "game": {"const": "te-trix"},
            "v": {"const": VERSION},
            "options": {
                "type": "object",
                "additionalProperties": False,
                "required": ["size", "preprinted"],
                "properties": {
                    "size": described["size"],
                    "solo": described["solo"],
                    "preprinted": {
                        "description": "Pre-printed cells, one list per player (TX-3, TX-12).",
                        "type": "array",
                        "minItems": 1,
                        "maxItems": MAX_PLAYERS,
                        "items": {"type": "array", "items": _PRINTED},
                    },
                },
            },
            "round": {"type": "integer", "minimum": 1, "description": "Round, from 1."},
            "roller": {
                "type": "integer",
                "minimum": 0,
                "maximum": MAX_PLAYERS - 1,
                "description": "(round - 1) mod players (TX-5).",
            },
            "phase": {"enum": list(PHASES), "description": "roll → arrange → place, or over."},
            "roll": {"type": ["string", "null"], "pattern": "^[oxs]{4}$"},
            "arrangement": {"type": ["string", "null"], "pattern": "^[OITLJSZ]:[oxs]{4}$"},
            "placed": {**_PLAYERS, "description": "Players who placed this round (TX-9)."},
            "blocked": {**_PLAYERS, "description": "Players who cannot place (TX-10)."},
            "sheets": {
                "type": "array",
                "minItems": 1,
                "maxItems": MAX_PLAYERS,
                "description": "Per player, the rows top to bottom; '.' is an empty cell.",
                "items": {
                    "type": "array",
                    "minItems": MIN_SIZE,
                    "maxItems": MAX_SIZE,
                    "items": {"type": "string", "pattern": f"^[oxs.]{{{MIN_SIZE},{MAX_SIZE}}}$"},
                },
            },
            "bar": {
                "type": ["integer", "null"],
                "minimum": 0,
                "maximum": BAR_FIELDS,
                "description": "Solo: free overhang bar fields (TX-13); null otherwise.",
            },
            "end": {"enum": [None, *ENDINGS], "description": "Why the game is over."},
            "scores": {
                "type": "array",
                "items": {"type": "integer", "minimum": 0},
                "description": "Derived (TX-11, TX-15); checked when given.",
            },
            **COMMON_STATE_PROPERTIES,
        },
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
            {
                "type": "object",
                "additionalProperties": False,
                "required": ["kind", "symbols"],
                "properties": {"kind": {"const": "roll"}, "symbols": symbols},
            },
            {
                "type": "object",
                "additionalProperties": False,
                "required": ["kind", "shape", "symbols"],
                "properties": {
                    "kind": {"const": "arrange"},
                    "shape": {"enum": list("OITLJSZ")},
                    "symbols": symbols,
                },
            },
            {
                "type": "object",
                "additionalProperties": False,
                "required": ["kind", "rotation", "row", "col"],
                "properties": {
                    "kind": {"const": "place"},
                    "rotation": {"enum": [0, 90, 180, 270]},
                    "row": {"type": "integer", "minimum": -999, "maximum": 999},
                    "col": {"type": "integer", "minimum": -999, "maximum": 999},
                },
            },
            {
                "type": "object",
                "additionalProperties": False,
                "required": ["kind"],
                "properties": {"kind": {"const": "stop"}},
            },
        ],
    }
