"""JSON Schemas of what Tric Trac reports besides its state: the events ``apply`` emits (with
the driver's ``chance`` event) and the score breakdown."""

from __future__ import annotations

from ..core import Descriptor, OptionSpec
from ..core.events import DRAFT, event, event_schema, per_player, player
from ..core.game import JSON
from . import locations
from .state import POINTS, STONES

_DIE = {"type": "integer", "minimum": 1, "maximum": 6}
_POINT = {"type": "integer", "minimum": 1, "maximum": POINTS}
_SCORES = per_player(
    2, {"type": "integer", "minimum": 0}, "Scores after this point [Red, Black] (TT-14)."
)


def events(descriptor: Descriptor) -> JSON:
    mover = player(2, "The mover: 0 Red, 1 Black.")
    dice = {
        "type": "array",
        "items": _DIE,
        "minItems": 2,
        "maxItems": 2,
        "description": "The two dice, lower first.",
    }
    return event_schema(
        descriptor,
        [
            event(
                "thrown",
                "The dice were thrown: the opening throw (TT-4) or the mover's throw (TT-5).",
                {
                    "player": player(2, "Who plays this throw."),
                    "dice": dice,
                    "double": {
                        "type": "boolean",
                        "description": "Both dice equal: played once per number, and the same "
                        "player throws again (TT-6).",
                    },
                    "opening": {
                        "const": True,
                        "description": "Present on the opening throw only: it decided who "
                        "starts (TT-4).",
                    },
                },
                optional=["opening"],
            ),
            event(
                "stepped",
                "One stone moved by one number (TT-7); hits and bearing off follow as events.",
                {
                    "player": mover,
                    "from": {**_POINT, "description": "The point left (1 and 24: start fields)."},
                    "to": {
                        "oneOf": [_POINT, {"const": "off"}],
                        "description": "The point reached, or off when borne off (TT-13).",
                    },
                    "die": {**_DIE, "description": "The number this step used."},
                },
            ),
            event(
                "hit",
                "TT-12: a lone opposing stone was hit back to its start field.",
                {
                    "player": mover,
                    "point": {
                        "type": "integer",
                        "minimum": 2,
                        "maximum": POINTS - 1,
                        "description": "Where the stone was hit.",
                    },
                    "stone": player(2, "The colour of the stone hit: 0 Red, 1 Black."),
                },
            ),
            event(
                "borneOff",
                "TT-13: a stone left the board past the mover's target.",
                {"player": mover, "from": {**_POINT, "description": "The point it left."}},
            ),
            event(
                "scored",
                "TT-14: the mover scored a point for a hit or a stone borne off.",
                {
                    "player": mover,
                    "for": {"enum": ["hit", "borneOff"], "description": "What scored."},
                    "scores": _SCORES,
                },
            ),
            event(
                "passed",
                "TT-8: no number of the throw could be played.",
                {"player": mover, "dice": dice},
            ),
            event(
                "forfeited",
                "TT-8: only one number could be played; the other is lost.",
                {
                    "player": mover,
                    "numbers": {
                        "type": "array",
                        "items": _DIE,
                        "minItems": 1,
                        "maxItems": 1,
                        "description": "The number not played.",
                    },
                },
            ),
            event(
                "extraThrow",
                "TT-6: after a double the same player throws again.",
                {"player": mover},
            ),
            event(
                "gameOver",
                "TT-15: the mover reached pointsToWin and won on the spot.",
                {
                    "winners": {
                        "type": "array",
                        "items": player(2),
                        "minItems": 1,
                        "maxItems": 1,
                        "description": "The winner.",
                    },
                    "reason": {"const": "points", "description": "Why it ended."},
                    "scores": {**_SCORES, "description": "Final scores [Red, Black]."},
                },
            ),
        ],
        outcome={"type": "string", "pattern": "^((red|black) )?[1-6]-[1-6]$"},
        location=locations.schema(),
    )


def breakdown(specs: tuple[OptionSpec, ...]) -> JSON:
    goal = next(s for s in specs if s.name == "pointsToWin")
    count = {"type": "integer", "minimum": 0}
    return {
        "$schema": DRAFT,
        "title": "Tric Trac score breakdown",
        "description": "A score is hits plus stones borne off (TT-14); lists are [Red, Black].",
        "type": "object",
        "additionalProperties": False,
        "required": ["hits", "borneOff", "pointsToWin"],
        "properties": {
            "hits": per_player(2, count, "Opposing stones each player has hit (TT-12)."),
            "borneOff": per_player(
                2, {**count, "maximum": STONES}, "Stones each player has borne off (TT-13)."
            ),
            "pointsToWin": {
                "type": "integer",
                "minimum": goal.minimum,
                "maximum": goal.maximum,
                "description": "Points that win at once (the option, TT-15).",
            },
        },
    }
