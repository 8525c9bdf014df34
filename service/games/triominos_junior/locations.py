"""What Triominos Junior's moves and events touch, named as the picture names it
(``core.locations``): a triangle of the layout or an open one ``{"at": "1,0"}``
(``data-at``), a player's rack ``{"rack": 0}`` and one tile on it
``{"rack": 0, "tile": "1-3-5"}`` (``data-rack``, ``data-tile``, canonical). A rack is drawn
only in the picture for its player (TJ-17)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.game import JSON
from ..core.locations import at, location_schema, variant
from .codec import TILE_PATTERN

_N = 4  # most players (TJ-1)


def move_locations(state: Any, doc: JSON) -> list[JSON]:
    """TJ-10: a tile from the mover's rack to an open triangle; TJ-11: a rack tile onto the
    joker's triangle, the joker to the rack; TJ-12: a draw fills the rack. A pass and a deal
    (the host's, naming no rack: TJ-17) touch nothing."""
    kind = doc["kind"]
    if kind in ("place", "swap"):
        p = doc["player"]
        out = [at("from", rack=p, tile=doc["rackTile"]), at("to", at=doc["at"])]
        if kind == "swap":
            out += [at("from", at=doc["at"]), at("to", rack=p)]
        return out
    if kind == "draw":
        return [at("to", rack=doc["player"])]
    return []


def event_locations(event: Mapping[str, Any]) -> list[JSON]:
    kind = event["type"]
    if kind in ("dealt", "tileDrawn"):  # which tile stays hidden (TJ-17)
        return [at("to", rack=event["player"])]
    if kind == "startTile":
        return [at("to", at=event["at"])]
    if kind == "placed":
        return [at("to", at=event["at"])]
    if kind == "jokerSwapped":
        return [at("to", at=event["at"]), at("to", rack=event["player"], tile="J")]
    return []  # draw (its tileDrawn follows), passed, bonusCoin, gameOver, gameStarted, chance


def schema() -> JSON:
    rack = {"type": "integer", "minimum": 0, "maximum": _N - 1}
    return location_schema(
        "triominos-junior",
        "Triominos Junior",
        [
            variant(
                "Triangle",
                'A triangle of the layout, or an open one: [data-at="1,0"] ("col,row").',
                {"at": {"type": "string", "pattern": "^-?[0-9]{1,2},-?[0-9]{1,2}$"}},
            ),
            variant(
                "Rack",
                'A player\'s rack, in the picture for that player: [data-rack="0"].',
                {"rack": rack},
            ),
            variant(
                "Rack tile",
                'A tile on a rack: [data-rack="0"][data-tile="1-3-5"] (canonical, J the joker).',
                {"rack": rack, "tile": {"type": "string", "pattern": TILE_PATTERN}},
            ),
        ],
    )
