"""JSON Schemas of what Te-Trix reports besides its state: the events ``apply`` emits (with the
driver's ``chance`` event) and the score breakdown with every region (TX-11, TX-15)."""

from __future__ import annotations

from itertools import combinations_with_replacement

from ..core import Descriptor
from ..core.events import DRAFT, event, event_schema, per_player, player, players
from ..core.game import JSON
from . import locations
from .locations import CELL_NAME
from .options import MAX_PLAYERS
from .scoring import CHAPEAU, GOOD, MIN_REGION, rating
from .shapes import DEGREES, SHAPES, SYMBOL_NAMES, SYMBOLS
from .sheet import BAR_FIELDS, MAX_SIZE
from .state import ENDINGS

# The 15 rolls (TX-2) as notation: the symbols sorted o < x < s.
_ROLLS = ["".join(r) for r in combinations_with_replacement(SYMBOLS, 4)]
_ROUND = {"type": "integer", "minimum": 1}
_POINTS = {"type": "integer", "minimum": 0}


def events(descriptor: Descriptor) -> JSON:
    n = MAX_PLAYERS
    degrees = "|".join(str(d) for d in DEGREES)
    return event_schema(
        descriptor,
        [
            event(
                "rolled",
                "TX-5: the roller threw the four dice; they arrange them next.",
                {
                    "round": {**_ROUND, "description": "The round, from 1."},
                    "roller": player(n, "Who rolled: (round - 1) mod players."),
                    "roll": {"enum": _ROLLS, "description": "The dice, sorted o < x < s (TX-2)."},
                },
            ),
            event(
                "stopped",
                "TX-14: the solo player stopped the game at the start of a round.",
                {
                    "player": {"const": 0, "description": "The solo player."},
                    "round": {**_ROUND, "description": "The round stopped in."},
                },
            ),
            event(
                "arranged",
                "TX-6: the roller laid the dice on a shape; everyone enters it next (TX-9).",
                {
                    "player": player(n, "The roller."),
                    "arrangement": {
                        "type": "string",
                        "pattern": f"^[{SHAPES}]:[{SYMBOLS}]{{4}}$",
                        "description": "The arrangement in notation, e.g. T:oxso.",
                    },
                    "blocked": players(
                        n, "Players who cannot enter it: this is the last round (TX-10)."
                    ),
                },
            ),
            event(
                "placed",
                "TX-7, TX-8 (TX-13 in solo): one player entered the arrangement.",
                {
                    "player": player(n, "Whose sheet."),
                    "placement": {
                        "type": "string",
                        "pattern": f"^r({degrees})@-?[0-9]+,-?[0-9]+$",
                        "description": "The placement in notation, e.g. r90@2,3.",
                    },
                    "cells": {
                        "type": "object",
                        "minProperties": 1,
                        "maxProperties": 4,
                        "propertyNames": {"pattern": CELL_NAME},
                        "additionalProperties": {"enum": list(SYMBOLS)},
                        "description": "Cell -> symbol entered, for every symbol on the sheet.",
                    },
                    "overhang": {
                        "type": "integer",
                        "minimum": 0,
                        "maximum": 3,
                        "description": "Symbols over the edge, not entered (TX-8).",
                    },
                    "bar": {
                        "type": "integer",
                        "minimum": 0,
                        "maximum": BAR_FIELDS,
                        "description": "Solo only: bar fields still free after this (TX-13).",
                    },
                },
                optional=["bar"],
            ),
            event(
                "roundEnded",
                "TX-10: everyone who can has placed; the next round begins.",
                {
                    "round": {**_ROUND, "description": "The round that ended."},
                    "nextRoller": player(n, "Who rolls next (TX-5)."),
                },
            ),
            event(
                "gameOver",
                "The game ended (TX-10, TX-14); the highest score wins, ties share (TX-11).",
                {
                    "reason": {"enum": list(ENDINGS), "description": "Why it ended."},
                    "winners": players(n, "The winners.", min_items=1),
                    "scores": per_player(n, _POINTS, "Final scores per player.", min_count=1),
                    "blocked": players(
                        n, "When it ended because of them: who could not place.", min_items=1
                    ),
                },
                optional=["blocked"],
            ),
        ],
        outcome={"enum": _ROLLS},
        location=locations.schema(),
    )


def _symbol(symbol: int) -> JSON:
    count = {"type": "integer", "minimum": 0}
    return {
        "type": "object",
        "description": f"The {SYMBOL_NAMES[symbol]} regions and their points.",
        "additionalProperties": False,
        "required": ["name", "regions", "kept", "cells", "points", "arithmetic"],
        "properties": {
            "name": {"const": SYMBOL_NAMES[symbol]},
            "regions": {
                "type": "array",
                "description": "Every orthogonally connected region of this symbol, in "
                "reading order of its first cell.",
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["cells", "size", "struck"],
                    "properties": {
                        "cells": {
                            "type": "array",
                            "minItems": 1,
                            "items": {"type": "string", "pattern": CELL_NAME},
                            "description": "Its cells in reading order.",
                        },
                        "size": {"type": "integer", "minimum": 1, "maximum": MAX_SIZE**2},
                        "struck": {
                            "type": "boolean",
                            "description": f"Fewer than {MIN_REGION} cells: scores nothing.",
                        },
                    },
                },
            },
            "kept": {**count, "description": f"Regions of {MIN_REGION} cells or more."},
            "cells": {**count, "description": "Cells in the kept regions."},
            "points": {**count, "description": "kept × cells (TX-11)."},
            "arithmetic": {
                "type": "string",
                "pattern": "^[0-9]+ × [0-9]+ = [0-9]+$",
                "description": "The product written out, e.g. 2 × 11 = 22.",
            },
        },
    }


def _player() -> JSON:
    free = {"type": "integer", "minimum": 0, "maximum": BAR_FIELDS}
    return {
        "type": "object",
        "description": "One player's score explained.",
        "additionalProperties": False,
        "required": ["player", "symbols", "sheet", "total"],
        "dependentRequired": {"bar": ["rating"], "rating": ["bar"]},
        "properties": {
            "player": player(MAX_PLAYERS),
            "symbols": {
                "type": "object",
                "description": "Per symbol (o circle, x cross, s square).",
                "additionalProperties": False,
                "required": list(SYMBOLS),
                "properties": {s: _symbol(i) for i, s in enumerate(SYMBOLS)},
            },
            "sheet": {**_POINTS, "description": "The three symbols' points added (TX-11)."},
            "bar": {
                "type": "object",
                "description": "Solo only: the overhang bar (TX-13, TX-15).",
                "additionalProperties": False,
                "required": ["free", "crossed", "points"],
                "properties": {
                    "free": {**free, "description": "Fields not crossed off."},
                    "crossed": {**free, "description": "Fields crossed off."},
                    "points": {**free, "description": "One per free field (TX-15)."},
                },
            },
            "rating": {
                "enum": [rating(CHAPEAU), rating(GOOD), None],
                "description": "Solo only: the rating of the total (TX-15), null below it.",
            },
            "total": {**_POINTS, "description": "sheet, plus the bar points in solo."},
        },
    }


def breakdown() -> JSON:
    return {
        "$schema": DRAFT,
        "title": "Te-Trix score breakdown",
        "description": "Every player's regions per symbol and the arithmetic (TX-11, TX-15).",
        "type": "object",
        "additionalProperties": False,
        "required": ["players", "minRegion", "rules"],
        "properties": {
            "players": per_player(MAX_PLAYERS, _player(), "Per player.", min_count=1),
            "minRegion": {"const": MIN_REGION, "description": "Smaller regions score nothing."},
            "rules": {"const": "TX-11, TX-15", "description": "The rules applied."},
        },
    }
