"""Symbols (TX-1), the seven tetrominoes (TX-4) and their rotations (TX-7).

Base orientations; a shape's *slots* are its cells in reading order, which is the order of
an arrangement's symbols (TX-6)::

    O ##   I ####   T ###   L #..   J ..#   S .##   Z ##.
      ##              .#.     ###     ###     ##.     .##

A rotation keeps every symbol in its slot and turns the whole shape clockwise; nothing is
ever mirrored, so L ≠ J and S ≠ Z.
"""

from __future__ import annotations

SYMBOLS = "oxs"
SYMBOL_NAMES = ("circle", "cross", "square")
SHAPES = "OITLJSZ"
DEGREES = (0, 90, 180, 270)

Cells = tuple[tuple[int, int], ...]

_PICTURES = {
    "O": ("##", "##"),
    "I": ("####",),
    "T": ("###", ".#."),
    "L": ("#..", "###"),
    "J": ("..#", "###"),
    "S": (".##", "##."),
    "Z": ("##.", ".##"),
}


def _base(picture: tuple[str, ...]) -> Cells:
    return tuple((r, c) for r, line in enumerate(picture) for c, ch in enumerate(line) if ch == "#")


def _turn(cells: Cells) -> Cells:
    """A quarter turn clockwise, slots kept in place, box moved back to the origin."""
    height = max(r for r, _ in cells) + 1
    return tuple((c, height - 1 - r) for r, c in cells)


def _rotations(cells: Cells) -> tuple[Cells, Cells, Cells, Cells]:
    r90 = _turn(cells)
    r180 = _turn(r90)
    return (cells, r90, r180, _turn(r180))


BASE: tuple[Cells, ...] = tuple(_base(_PICTURES[s]) for s in SHAPES)
# ROTATIONS[shape][quarter turns] = (row, col) offset of every slot inside the rotated box.
ROTATIONS: tuple[tuple[Cells, Cells, Cells, Cells], ...] = tuple(_rotations(b) for b in BASE)


def box(cells: Cells) -> tuple[int, int]:
    """Height and width of a shape's bounding box."""
    return max(r for r, _ in cells) + 1, max(c for _, c in cells) + 1


def picture(shape: int, symbols: tuple[int, ...], turns: int = 0) -> tuple[str, ...]:
    """The rows of an arrangement, e.g. ``("ox.", ".so")`` for ``Z:oxso`` unrotated."""
    cells = ROTATIONS[shape][turns]
    height, width = box(cells)
    rows = [["."] * width for _ in range(height)]
    for (r, c), symbol in zip(cells, symbols, strict=True):
        rows[r][c] = SYMBOLS[symbol]
    return tuple("".join(row) for row in rows)
