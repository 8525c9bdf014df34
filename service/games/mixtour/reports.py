"""JSON Schemas of what Mixtour reports besides its state: the events ``apply`` emits and the
score breakdown."""

from __future__ import annotations

from ..core import Descriptor, OptionSpec
from ..core.events import DRAFT, event, event_schema, per_player, player
from ..core.game import JSON
from . import locations
from .board import SQUARES
from .moves import REMOVE_AT

_SQUARE = {"enum": list(SQUARES)}
_COUNT = {"type": "integer", "minimum": 0}


def events(descriptor: Descriptor) -> JSON:
    mover = player(2, "The mover: 0 White, 1 Blue.")
    return event_schema(
        descriptor,
        [
            event(
                "placed",
                "MX-4: a piece from the mover's supply went onto an empty square.",
                {"player": mover, "square": {**_SQUARE, "description": "The square filled."}},
            ),
            event(
                "moved",
                "MX-5, MX-6: the top `count` pieces of the stack on `from` went onto `to`.",
                {
                    "player": mover,
                    "from": {**_SQUARE, "description": "Where the pieces came from."},
                    "to": {**_SQUARE, "description": "The receiving stack."},
                    "count": {
                        "type": "integer",
                        "minimum": 1,
                        "maximum": REMOVE_AT - 1,
                        "description": "Pieces moved.",
                    },
                },
            ),
            event(
                "stackRemoved",
                "MX-9: the stack on `square` reached 5 pieces or more and left the board; its "
                "pieces went back to their owners and the top piece's owner scored.",
                {
                    "square": {**_SQUARE, "description": "Where the stack stood."},
                    "pieces": {
                        "type": "integer",
                        "minimum": REMOVE_AT,
                        "maximum": 2 * (REMOVE_AT - 1),
                        "description": "Pieces in the removed stack.",
                    },
                    "scorer": player(2, "Owner of the top piece, who scored a point."),
                    "scores": per_player(2, _COUNT, "Points after this removal [White, Blue]."),
                },
            ),
            event("passed", "MX-8: the mover could neither place nor move.", {"player": mover}),
            event(
                "gameOver",
                "The game ended: pointsToWin reached (MX-10) or two passes in a row (MX-8).",
                {
                    "winners": {
                        "type": "array",
                        "items": player(2),
                        "maxItems": 1,
                        "description": "The winner; empty for a draw.",
                    },
                    "reason": {"enum": ["points", "draw"], "description": "Why it ended."},
                },
            ),
        ],
        location=locations.schema(),
    )


def breakdown(specs: tuple[OptionSpec, ...]) -> JSON:
    goal = next(s for s in specs if s.name == "pointsToWin")
    pair = "[White, Blue]."
    return {
        "$schema": DRAFT,
        "title": "Mixtour score breakdown",
        "description": "Points and where every piece is (MX-9, MX-10).",
        "type": "object",
        "additionalProperties": False,
        "required": ["points", "pointsToWin", "supply", "onBoard"],
        "properties": {
            "points": per_player(2, _COUNT, f"Stacks won {pair}"),
            "pointsToWin": {
                "type": "integer",
                "minimum": goal.minimum,
                "maximum": goal.maximum,
                "description": "Points that win at once (the option).",
            },
            "supply": per_player(2, _COUNT, f"Pieces in supply {pair}"),
            "onBoard": per_player(2, _COUNT, f"Pieces on the board {pair}"),
        },
    }
