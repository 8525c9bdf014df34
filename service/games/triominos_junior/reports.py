"""JSON Schemas of what Triominos Junior reports besides its state: the events ``apply`` emits
(with the driver's ``chance`` event) and the score breakdown per level.

Events never name a tile that goes to a rack (TJ-17): ``dealt`` and ``tileDrawn`` say who got
a tile, not which. The ``chance`` event the driver adds does name it; the API layer's view of
events is the host's.
"""

from __future__ import annotations

from ..core import Descriptor
from ..core.events import DRAFT, event, event_schema, per_player, player, players
from ..core.game import JSON
from . import locations
from .codec import TILE_PATTERN
from .state import END_REASONS, RACK_SIZE
from .tiles import HIGHEST, TILE_COUNT

_N = 4  # most players (TJ-1)
_NUMBERS = "[0-9]-[0-9]-[0-9]"
_AT = {
    "type": "string",
    "pattern": "^-?[0-9]{1,2},-?[0-9]{1,2}$",
    "description": 'The position "col,row" (the SVG\'s data-at).',
}
_LAID = "The tile as laid: numbers clockwise from the apex ('3-5-1'), or 'J'."


def events(descriptor: Descriptor) -> JSON:
    mover = player(_N, "The player whose turn it is.")
    return event_schema(
        descriptor,
        [
            event(
                "dealt",
                "TJ-4: a tile went to the player's rack (which one is hidden, TJ-17).",
                {"player": player(_N, "Whose rack.")},
            ),
            event(
                "startTile",
                "TJ-6: the start tile, never the joker, was laid at 0,0.",
                {
                    "at": {"const": "0,0", "description": "Always the origin."},
                    "tile": {
                        "type": "string",
                        "pattern": f"^{_NUMBERS}$",
                        "description": "The start tile in its smallest rotation.",
                    },
                },
            ),
            event(
                "placed",
                "TJ-9, TJ-10: the mover laid a rack tile; it earned a coin or its value.",
                {
                    "player": mover,
                    "tile": {"type": "string", "pattern": TILE_PATTERN, "description": _LAID},
                    "at": _AT,
                    "coins": {
                        "type": "integer",
                        "minimum": 0,
                        "maximum": 1,
                        "description": "Coin level only: coins earned (0 once the supply is "
                        "empty).",
                    },
                    "points": {
                        "type": "integer",
                        "minimum": 0,
                        "maximum": 3 * HIGHEST,
                        "description": "Points level only: the tile's value.",
                    },
                },
                optional=["coins", "points"],
            ),
            event(
                "jokerSwapped",
                "TJ-11: a rack tile replaced the layout joker, which went to the rack.",
                {
                    "player": mover,
                    "tile": {
                        "type": "string",
                        "pattern": f"^{_NUMBERS}$",
                        "description": "The tile now on `at`, as laid.",
                    },
                    "at": _AT,
                },
            ),
            event(
                "draw",
                "TJ-12: the mover draws; a tileDrawn event follows once the tile is dealt.",
                {
                    "player": mover,
                    "paid": {
                        "type": "integer",
                        "minimum": 0,
                        "maximum": 1,
                        "description": "Coin level only: coins paid (0 without coins).",
                    },
                },
                optional=["paid"],
            ),
            event(
                "tileDrawn",
                "TJ-12: the drawn tile went to the player's rack (which one is hidden).",
                {
                    "player": player(_N, "Who drew."),
                    "poolSize": {
                        "type": "integer",
                        "minimum": 0,
                        # Two racks at least, the start tile and this tile are out.
                        "maximum": TILE_COUNT - RACK_SIZE * 2 - 2,
                        "description": "Tiles left in the pool.",
                    },
                },
            ),
            event(
                "passed",
                "TJ-13: the mover could neither place, swap nor draw.",
                {"player": mover},
            ),
            event(
                "bonusCoin",
                "TJ-14: emptying the rack earned one extra coin from the supply.",
                {"player": mover, "rule": {"const": "TJ-14", "description": "The rule."}},
            ),
            event(
                "gameOver",
                "The game ended (TJ-14, TJ-15); the best total wins, ties share (TJ-16).",
                {
                    "winners": players(_N, "The winners.", min_items=1),
                    "reason": {
                        "enum": list(END_REASONS),
                        "description": "A rack emptied, the pool emptied, or nobody could "
                        "place or swap.",
                    },
                    "scores": per_player(
                        _N,
                        {"type": "integer"},
                        "Final coins, or points placed minus rack values (may be negative).",
                        min_count=2,
                    ),
                },
            ),
        ],
        outcome={"type": "string", "pattern": f"^deal (J|{_NUMBERS})$"},
        location=locations.schema(),
    )


def breakdown() -> JSON:
    count = {"type": "integer", "minimum": 0}
    coins = {
        "title": "Triominos Junior coin-level breakdown",
        "type": "object",
        "additionalProperties": False,
        "required": ["level", "coins", "supply"],
        "properties": {
            "level": {"const": "coins"},
            "coins": per_player(_N, count, "Coins per player (TJ-14).", min_count=2),
            "supply": {**count, "description": "Coins left in the supply."},
        },
    }
    points = {
        "title": "Triominos Junior points-level breakdown",
        "type": "object",
        "additionalProperties": False,
        "required": ["level", "placed", "rackPenalty", "penaltyApplied"],
        "properties": {
            "level": {"const": "points"},
            "placed": per_player(_N, count, "Values of the tiles each placed.", min_count=2),
            "rackPenalty": per_player(_N, count, "Values left on each rack (TJ-15).", min_count=2),
            "penaltyApplied": {
                "type": "boolean",
                "description": "True once the game is over: scores are placed - rackPenalty.",
            },
        },
    }
    return {
        "$schema": DRAFT,
        "title": "Triominos Junior score breakdown",
        "description": "Coins (TJ-14) or points (TJ-15), told by `level`.",
        "type": "object",
        "oneOf": [coins, points],
    }
