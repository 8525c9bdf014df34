"""Tric Trac's options (``mustPlayLarger`` TT-8, ``homeBeforeBearOff`` TT-13, ``hucke``
TT-11, ``pointsToWin`` TT-15) and its descriptor."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Descriptor, OptionSpec
from ..core.game import JSON, Colour
from ..core.numbers import as_int
from ..core.text import Msg
from .state import COLOUR_KEYS, POINTS

# The CSS colours the picture paints Red's and Black's stones with.
FILLS = ("#c0392b", "#1f2328")
_HUCKE_POINT = {"type": "integer", "minimum": 2, "maximum": POINTS - 1}
# What check_hucke accepts, as far as JSON Schema can say it (not: the two points differ).
HUCKE_SCHEMA: JSON = {
    "oneOf": [
        {
            "type": "object",
            "additionalProperties": False,
            "required": list(COLOUR_KEYS),
            "properties": {
                "red": {**_HUCKE_POINT, "description": "Red's Hucke point."},
                "black": {**_HUCKE_POINT, "description": "Black's Hucke point."},
            },
        },
        {
            "type": "array",
            "prefixItems": [_HUCKE_POINT, _HUCKE_POINT],
            "items": False,
            "minItems": 2,
            "description": "[red, black]; states and answers use the object form.",
        },
    ]
}


def check_hucke(value: Any) -> dict[str, int]:
    """The ``hucke`` option: ``{"red": r, "black": b}`` or ``[r, b]``, two points 2–23."""
    if isinstance(value, list) and len(value) == 2:
        value = {"red": value[0], "black": value[1]}
    if not isinstance(value, Mapping) or set(value) != {"red", "black"}:
        raise ValueError(Msg.of("tric-trac-hucke-shape"))
    points = [as_int(value[key]) for key in COLOUR_KEYS]  # 13.0 too, as the schema reads it
    for key, v in zip(COLOUR_KEYS, points, strict=True):
        if v is None or not 2 <= v <= POINTS - 1:
            raise ValueError(Msg.of("tric-trac-hucke-point", key=key))
    if points[0] == points[1]:
        raise ValueError(Msg.of("tric-trac-hucke-same-point"))
    return dict(zip(COLOUR_KEYS, points, strict=True))  # type: ignore[arg-type]


OPTIONS = (
    OptionSpec(
        "mustPlayLarger",
        "bool",
        False,
        "When only one number of a throw can be played, it must be the larger one (TT-8).",
    ),
    OptionSpec(
        "homeBeforeBearOff",
        "bool",
        False,
        "Backgammon bearing off: all stones in the home quarter first, and a number larger "
        "than needed bears off only the rearmost stone (TT-13).",
    ),
    OptionSpec(
        "hucke",
        "json",
        {"red": 13, "black": 12},
        'The Hucke points, {"red": 13, "black": 12} or [13, 12]: two different points '
        "from 2 to 23 (TT-11).",
        check=check_hucke,
        schema=HUCKE_SCHEMA,
    ),
    OptionSpec(
        "pointsToWin",
        "int",
        12,
        "Points that win at once (TT-15); at most 15, so bearing off every stone always wins.",
        1,
        15,
    ),
)

DESCRIPTOR = Descriptor(
    id="tric-trac",
    name="Tric Trac",
    min_players=2,
    max_players=2,
    default_players=2,
    rules_version="tric-trac-1",
    chance=True,
    hidden_information=False,
    simultaneous=False,
    options=OPTIONS,
    summary="French backgammon variant: hit and bear off to score 12 points first.",
    colours=tuple(Colour(key, fill) for key, fill in zip(COLOUR_KEYS, FILLS, strict=True)),
)
