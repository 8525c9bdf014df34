"""What Te-Trix's moves and events touch, named as the picture names it (``core.locations``):
a cell ``{"cell": "c2"}`` of whichever sheet a placement goes on, a cell of one sheet
``{"sheet": 0, "cell": "c2"}`` (``data-sheet``, ``data-cell``), a solo bar field
``{"sheet": 0, "bar": 3}`` (``data-bar``) and the roller's arrangement
``{"shape": "T", "symbols": "oxso"}`` (``data-shape``, ``data-symbols``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ..core.game import JSON
from ..core.locations import at, location_schema, variant
from .options import MAX_PLAYERS
from .shapes import SHAPES, SYMBOLS
from .sheet import BAR_FIELDS, MAX_SIZE, cell_names, crossed_fields

CELL_NAME = "^[a-l](1[0-2]|[1-9])$"  # as move documents and the SVG spell it
_SOLO = 0  # the solo player's sheet, the only one with a bar (TX-13)
# A placement's location of each cell, ``at("to", cell=...)``, one per cell name shared by
# every placement's (nobody changes a location: ``Game.offered`` keeps them for answers).
_TO_CELL: Final = {name: {"cell": name, "role": "to"} for name in cell_names(MAX_SIZE)}


def move_locations(state: Any, doc: JSON) -> list[JSON]:
    """TX-7, TX-8: a placement's cells on the sheet (the same cells on every sheet it may go
    on, TX-9: no sheet named), and in solo the bar fields its overhang crosses off (TX-13).
    A roll, an arrangement and a stop touch no place of the picture before them."""
    if doc["kind"] != "place":
        return []
    # this runs for every cell of every legal placement
    cells = [_TO_CELL[c["cell"]] for c in doc["cells"]]
    if doc["bar"]:
        cells += [at("to", sheet=_SOLO, bar=n) for n in doc["bar"]]
    return cells


def event_locations(event: Mapping[str, Any]) -> list[JSON]:
    kind = event["type"]
    if kind == "placed":
        p = event["player"]
        cells = [at("to", sheet=p, cell=c) for c in event["cells"]]
        if "bar" not in event:
            return cells
        over = event["overhang"]
        return cells + [at("to", sheet=p, bar=n) for n in crossed_fields(event["bar"] + over, over)]
    if kind == "arranged":  # TX-6: the shape everyone enters next
        shape, symbols = event["arrangement"].split(":")
        return [at("to", shape=shape, symbols=symbols)]
    return []  # rolled, roundEnded, stopped, gameOver, gameStarted, chance


def schema() -> JSON:
    sheet = {"type": "integer", "minimum": 0, "maximum": MAX_PLAYERS - 1}
    cell = {"type": "string", "pattern": CELL_NAME}
    return location_schema(
        "te-trix",
        "Te-Trix",
        [
            variant(
                "Cell",
                'A cell on whichever sheet the placement goes on: [data-cell="c2"].',
                {"cell": cell},
            ),
            variant(
                "Sheet cell",
                'A cell of one player\'s sheet: [data-sheet="0"][data-cell="c2"].',
                {"sheet": sheet, "cell": cell},
            ),
            variant(
                "Bar field",
                'A solo bar field crossed off (TX-13): [data-sheet="0"][data-bar="3"].',
                {
                    "sheet": {"const": _SOLO},
                    "bar": {"type": "integer", "minimum": 1, "maximum": BAR_FIELDS},
                },
            ),
            variant(
                "Arrangement",
                'The roller\'s arrangement (TX-6): [data-shape="T"][data-symbols="oxso"].',
                {
                    "shape": {"enum": list(SHAPES)},
                    "symbols": {"type": "string", "pattern": f"^[{SYMBOLS}]{{4}}$"},
                },
            ),
        ],
    )
