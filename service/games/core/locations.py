"""Locations: what a move or an event touches, named as the game's SVG names it (issue 25).

A location is an object whose keys, ``role`` aside, are data attributes of the picture without
their ``data-`` prefix, with the attribute's value: ``{"square": "c3", "role": "to"}`` names
the elements carrying ``data-square="c3"``, ``{"point": "off", "player": 0, "role": "to"}``
those carrying both ``data-point="off"`` and ``data-player="0"``. ``role`` says what happens
there: ``from`` (something leaves: pieces, a stone, a rack tile) or ``to`` (something arrives).
A place may be listed under both roles (a stone hit where another arrives).

A legal move's locations are in the picture of its position; an event's in the picture of the
position after it (a rack only in the picture drawn for that rack's player). A UI highlights
and animates with them, ``render`` marks a move's with ``data-mark`` (:func:`mark`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .game import JSON
from .svg import esc

ROLES = ("from", "to")
ROLE: JSON = {
    "enum": list(ROLES),
    "description": "from: something leaves this place; to: something arrives.",
}


def at(role: str, **names: Any) -> JSON:
    """One location: the data attributes it names and its role."""
    return {**names, "role": role}


def variant(title: str, description: str, properties: JSON) -> JSON:
    """One shape of location: every property required, and its role."""
    return {
        "title": f"{title} location",
        "description": description,
        "type": "object",
        "additionalProperties": False,
        "required": [*properties, "role"],
        "properties": {**properties, "role": ROLE},
    }


def location_schema(game: str, name: str, variants: list[JSON]) -> JSON:
    """A game's location schema: ``oneOf`` its shapes (distinct by their keys)."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://regelwerk.dev/schema/locations/{game}.json",
        "title": f"{name} location",
        "description": f"A place of the {name} picture a move or event touches: each key but "
        "role is a data attribute of the SVG (key k is data-k) with its value.",
        "oneOf": variants,
    }


def locations_property(location: JSON | bool) -> JSON:
    """The ``locations`` an answer adds to an event or a legal move."""
    return {
        "type": "array",
        "items": location,
        "description": "Set by the service: the places this touched, named as the SVG names "
        "them (schema/locations).",
    }


def selector(location: Mapping[str, Any]) -> str:
    """The CSS selector of a location's elements: ``[data-square="c3"]``."""
    return "".join(f'[data-{k}="{esc(str(v))}"]' for k, v in location.items() if k != "role")


def unique(locations: Iterable[JSON]) -> list[JSON]:
    """The locations in order, each (place and role) once."""
    seen: set[tuple[tuple[str, Any], ...]] = set()
    out = []
    for loc in locations:
        key = tuple(sorted(loc.items()))
        if key not in seen:
            seen.add(key)
            out.append(loc)
    return out


def mark(svg: str, locations: Iterable[Mapping[str, Any]]) -> str:
    """The picture with ``data-mark`` on every element a location names: its roles, space
    separated (``data-mark="from"``, ``data-mark="from to"``), so CSS selects
    ``[data-mark~="to"]``. Reads start tags in one pass (the picture is the engine's own:
    attribute values are escaped, so neither quote nor ``>`` occurs inside one)."""
    wanted = [
        (
            {f"data-{k}": esc(str(v)) for k, v in loc.items() if k != "role"},
            str(loc["role"]),
        )
        for loc in locations
    ]
    if not wanted:
        return svg
    out: list[str] = []
    i = 0
    while (start := svg.find("<", i)) >= 0:
        end = svg.find(">", start)
        if end < 0:
            break
        tag = svg[start:end]
        roles = sorted({role for names, role in wanted if names and _has(tag, names)})
        close = end - 1 if tag.endswith("/") else end
        out.append(svg[i:close])
        if roles:
            out.append(f' data-mark="{" ".join(roles)}"')
        out.append(svg[close : end + 1])
        i = end + 1
    out.append(svg[i:])
    return "".join(out)


def _has(tag: str, names: Mapping[str, str]) -> bool:
    return all(f' {k}="{v}"' in tag for k, v in names.items())
