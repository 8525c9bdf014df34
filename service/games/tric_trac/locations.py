"""What Tric Trac's turns and events touch, named as the picture names it
(``core.locations``): a point ``{"point": 7}`` (``data-point``, start fields 1 and 24 too), a
player's bear-off tray ``{"point": "off", "player": 0}`` and a die of the throw being played
``{"die": 3}`` (``data-die``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.game import JSON
from ..core.locations import at, location_schema, unique, variant
from .state import POINTS, RED

# TT-2, TT-12: where each colour's stones start, and a hit stone goes back to.
START = {RED: 1, 1 - RED: POINTS}


def _step(player: int, source: int, target: int | str, hit: bool) -> list[JSON]:
    """One stone by one number (TT-7): from its point to a point or the mover's tray; a hit
    (TT-12) sends the stone standing there back to its start field."""
    if target == "off":
        out = [at("from", point=source), at("to", point="off", player=player)]
    else:
        out = [at("from", point=source), at("to", point=target)]
    if hit:
        out += [at("from", point=target), at("to", point=START[1 - player])]
    return out


def move_locations(state: Any, doc: JSON) -> list[JSON]:
    """A turn's steps in the order played; a pass and the chance outcomes touch nothing (the
    dice are drawn once thrown).

    What ``unique`` over each step's ``_step`` gives, built directly (legal moves ask it of
    every turn): the locations as ``at`` spells them, each (role, point) once; a tray is
    only ever the mover's.
    """
    if doc["kind"] != "turn":
        return []
    p = doc["player"]
    places: dict[tuple[str, int | str], None] = {}  # in the order first touched
    for s in doc["steps"]:
        places[("from", s["from"])] = None
        places[("to", s["to"])] = None
        if s["hit"]:
            places[("from", s["to"])] = None
            places[("to", START[1 - p])] = None
    return [
        {"point": point, "player": p, "role": role}
        if point == "off"
        else {"point": point, "role": role}
        for role, point in places
    ]


def event_locations(event: Mapping[str, Any]) -> list[JSON]:
    kind = event["type"]
    if kind == "thrown":  # TT-4, TT-5: the dice, drawn while the throw is played
        return unique(at("to", die=d) for d in event["dice"])
    if kind == "stepped":
        return _step(event["player"], event["from"], event["to"], hit=False)
    if kind == "hit":
        return [at("from", point=event["point"]), at("to", point=START[event["stone"]])]
    if kind == "borneOff":
        return [at("from", point=event["from"]), at("to", point="off", player=event["player"])]
    return []  # scored, passed, forfeited, extraThrow, gameOver, gameStarted, chance


def schema() -> JSON:
    return location_schema(
        "tric-trac",
        "Tric Trac",
        [
            variant(
                "Point",
                'A point, 1 to 24 (1 and 24 the start fields): [data-point="7"].',
                {"point": {"type": "integer", "minimum": 1, "maximum": POINTS}},
            ),
            variant(
                "Tray",
                'A player\'s bear-off tray: [data-point="off"][data-player="0"] (TT-13).',
                {
                    "point": {"const": "off"},
                    "player": {"type": "integer", "minimum": 0, "maximum": 1},
                },
            ),
            variant(
                "Die",
                'A die of the throw being played: [data-die="3"].',
                {"die": {"type": "integer", "minimum": 1, "maximum": 6}},
            ),
        ],
    )
