"""What Mixtour's moves and events touch, named as the picture names it (``core.locations``):
a square ``{"square": "c3"}`` (``data-square``) and a player's supply ``{"supply": 0}``
(``data-supply``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.game import JSON
from ..core.locations import at, location_schema, variant
from .board import SQUARES
from .state import MixtourState


def move_locations(state: MixtourState, doc: JSON) -> list[JSON]:
    """MX-4: a placement takes a piece from the mover's supply to its square; MX-5: a shift
    takes pieces from one stack to another; a pass touches nothing."""
    if doc["kind"] == "place":
        return [at("from", supply=state.turn), at("to", square=doc["square"])]
    if doc["kind"] == "shift":
        return [at("from", square=doc["from"]), at("to", square=doc["to"])]
    return []


def event_locations(event: Mapping[str, Any]) -> list[JSON]:
    kind = event["type"]
    if kind == "placed":
        return [at("from", supply=event["player"]), at("to", square=event["square"])]
    if kind == "moved":
        return [at("from", square=event["from"]), at("to", square=event["to"])]
    if kind == "stackRemoved":  # MX-9: the stack leaves the board
        return [at("from", square=event["square"])]
    return []  # passed, gameOver, gameStarted


def schema() -> JSON:
    return location_schema(
        "mixtour",
        "Mixtour",
        [
            variant(
                "Square",
                'A square: [data-square="c3"].',
                {"square": {"enum": list(SQUARES)}},
            ),
            variant(
                "Supply",
                'A player\'s supply: [data-supply="0"] (0 White, 1 Blue).',
                {"supply": {"type": "integer", "minimum": 0, "maximum": 1}},
            ),
        ],
    )
