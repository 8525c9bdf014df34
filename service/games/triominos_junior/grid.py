"""The triangular grid (TJ-8): positions ``(col, row)``, rows increasing upward.

The triangle at ``(col, row)`` points up when ``col + row`` is even. Vertices use doubled
horizontal coordinates ``(x, y)``: an up triangle has its apex at ``(col, row + 1)`` and its
base from ``(col - 1, row)`` to ``(col + 1, row)``; a down triangle its bottom at
``(col, row)`` and its top from ``(col - 1, row + 1)`` to ``(col + 1, row + 1)``::

      (c-1,r+1)___(c+1,r+1)        (c,r+1)
          \\  down  /                 /\\
           \\(c,r) /                 / up\\
            \\    /                 /(c,r)\\
             (c,r)          (c-1,r)------(c+1,r)

Corners are listed clockwise from the apex (up: top, bottom-right, bottom-left; down: bottom,
top-left, top-right), which is the order of a tile's numbers. A vertex is shared by up to six
triangles. A connected layout of 36 tiles stays within ``LIMIT`` of the origin, so the tables
cover a box of that size and every lookup is one dict access.
"""

from __future__ import annotations

import re

from ..core.text import Msg

Pos = tuple[int, int]
Vertex = tuple[int, int]

LIMIT = 40
ORIGIN: Pos = (0, 0)
CORNER_NAMES = (("top", "bottom-right", "bottom-left"), ("bottom", "top-left", "top-right"))

# One coordinate, in ASCII digits (\d takes every script's). The blanks and parentheses around
# it are stripped first: as one pattern, blanks on both sides of an optional '(' made a run of
# blanks cost time in its square.
_COORDINATE = re.compile(r"-?[0-9]{1,4}")


def is_up(pos: Pos) -> bool:
    return (pos[0] + pos[1]) % 2 == 0


def _corners(c: int, r: int) -> tuple[Vertex, Vertex, Vertex]:
    if (c + r) % 2 == 0:
        return ((c, r + 1), (c + 1, r), (c - 1, r))
    return ((c, r), (c - 1, r + 1), (c + 1, r + 1))


def _neighbours(c: int, r: int) -> tuple[Pos, Pos, Pos]:
    """Side neighbours: left, right, then the base (up) or top (down) neighbour."""
    return ((c - 1, r), (c + 1, r), (c, r - 1 if (c + r) % 2 == 0 else r + 1))


_BOX = [(c, r) for r in range(-LIMIT, LIMIT + 1) for c in range(-LIMIT, LIMIT + 1)]
CORNERS: dict[Pos, tuple[Vertex, Vertex, Vertex]] = {p: _corners(*p) for p in _BOX}
NEIGHBOURS: dict[Pos, tuple[Pos, Pos, Pos]] = {p: _neighbours(*p) for p in _BOX}


def on_grid(pos: Pos) -> bool:
    return pos in CORNERS


def corner_name(pos: Pos, k: int) -> str:
    return CORNER_NAMES[0 if is_up(pos) else 1][k]


# The corner names in words, for messages ("the bottom-right corner"); the codes above stay
# what documents and the SVG carry.
_CORNER_WORDS = {
    "top": Msg.of("triominos-junior-corner-top"),
    "bottom-right": Msg.of("triominos-junior-corner-bottom-right"),
    "bottom-left": Msg.of("triominos-junior-corner-bottom-left"),
    "bottom": Msg.of("triominos-junior-corner-bottom"),
    "top-left": Msg.of("triominos-junior-corner-top-left"),
    "top-right": Msg.of("triominos-junior-corner-top-right"),
}
_POINTING = (Msg.of("triominos-junior-pointing-up"), Msg.of("triominos-junior-pointing-down"))


def corner_word(pos: Pos, k: int) -> Msg:
    """Corner ``k`` of ``pos`` as a message: "bottom-right", "rechte untere"."""
    return _CORNER_WORDS[corner_name(pos, k)]


def pointing(pos: Pos) -> Msg:
    """Which way the triangle on ``pos`` points, as a message: "pointing up"."""
    return _POINTING[0 if is_up(pos) else 1]


# Names of the positions in the box: naming one is a look-up (encode names every tile's).
NAMES: dict[Pos, str] = {p: f"{p[0]},{p[1]}" for p in _BOX}


def pos_name(pos: Pos) -> str:
    name = NAMES.get(pos)
    return f"{pos[0]},{pos[1]}" if name is None else name


def parse_pos(text: object) -> Pos:
    """``1,0`` or ``(1,0)``, blanks around each part allowed (an unmatched parenthesis too);
    raises ValueError, its argument the reason (a message)."""
    if isinstance(text, str):
        inner = text.strip()
        inner = inner.removeprefix("(").removesuffix(")")
        col, comma, row = inner.partition(",")
        col, row = col.strip(), row.strip()
        if comma and _COORDINATE.fullmatch(col) and _COORDINATE.fullmatch(row):
            return (int(col), int(row))
    raise ValueError(Msg.of("triominos-junior-not-a-position", text=repr(text)))


def triangles_at(vertex: Vertex) -> tuple[Pos, ...]:
    """The six triangles around a vertex (for rendering and tests)."""
    x, y = vertex
    return ((x, y - 1), (x + 1, y), (x - 1, y), (x, y), (x + 1, y - 1), (x - 1, y - 1))
