"""A player's sheet (TX-3) as three bitmasks, and fast placement generation (TX-7, TX-8, TX-13).

Cells are numbered in reading order: ``a1`` (top-left) is bit 0, ``b1`` bit 1, ``a2`` bit
``size``. A *frame* is one rotation of a shape at one anchor (the rotated bounding box's
top-left corner, 1-based, possibly off the sheet). For a given sheet size and arrangement the
frames are precomputed once, deduplicated by their effect (TX-9: the symbols they write to
which cells), so listing the legal placements of a sheet is a filter over integers.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .moves import Arrangement, Placement
from .shapes import ROTATIONS, SYMBOLS, box

COLUMNS = "abcdefghijkl"
MAX_SIZE = len(COLUMNS)
BAR_FIELDS = 8
MAX_OVERHANG = 3  # a placement keeps at least one of its four symbols on the sheet (TX-8)
EMPTY = "."


def cell_name(cell: int, size: int) -> str:
    return f"{COLUMNS[cell % size]}{cell // size + 1}"


@lru_cache(maxsize=16)
def cell_names(size: int) -> tuple[str, ...]:
    """``cell_name`` of every cell of a sheet, by index."""
    return tuple(cell_name(c, size) for c in range(size * size))


def parse_cell(text: str, size: int) -> int | None:
    """The index of a cell name like ``d4`` on a sheet of ``size``, or None."""
    text = text.strip().lower()
    digits = text[1:]  # isascii: str.isdigit also takes digits int() refuses, such as '²'
    # A row has at most two digits: int() refuses over 4,300 (and a long one costs time).
    if not text or text[0] not in COLUMNS[:size] or not (digits.isascii() and digits.isdigit()):
        return None
    if len(digits) > len(str(MAX_SIZE)):
        return None
    row = int(digits)
    if not 1 <= row <= size or text[1] == "0":
        return None
    return (row - 1) * size + COLUMNS.index(text[0])


def centre(size: int) -> int:
    """The centre cell (``d4`` on 7 × 7); on even sizes the upper-left of the middle four."""
    middle = (size - 1) // 2
    return middle * size + middle


def bits(mask: int) -> list[int]:
    """The cell indices set in ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


_SHOWN = str.maketrans("0123", EMPTY + SYMBOLS)


@dataclass(frozen=True, slots=True)
class Sheet:
    """``masks[symbol]`` holds the cells showing that symbol (pre-printed or entered)."""

    masks: tuple[int, int, int]

    @property
    def filled(self) -> int:
        o, x, s = self.masks
        return o | x | s

    def symbol_at(self, cell: int) -> int | None:
        bit = 1 << cell
        for symbol, mask in enumerate(self.masks):
            if mask & bit:
                return symbol
        return None

    def with_writes(self, writes: tuple[int, int, int]) -> Sheet:
        o, x, s = self.masks
        return Sheet((o | writes[0], x | writes[1], s | writes[2]))

    def rows(self, size: int) -> list[str]:
        """Row strings top to bottom, e.g. ``"o.x..s."``.

        Each mask's binary digits read as a decimal number, weighted 1, 2, 3: the masks are
        disjoint, so the sum has no carry and its digit of cell ``c`` (the ``c``-th from the
        right) is 0 for an empty cell, else 1 + the symbol.
        """
        o, x, s = (int(f"{mask:b}") for mask in self.masks)
        text = f"{o + 2 * x + 3 * s:0{size * size}d}"[::-1].translate(_SHOWN)
        return [text[r * size : (r + 1) * size] for r in range(size)]

    @staticmethod
    def from_cells(cells: dict[int, int]) -> Sheet:
        masks = [0, 0, 0]
        for cell, symbol in cells.items():
            masks[symbol] |= 1 << cell
        return Sheet((masks[0], masks[1], masks[2]))


def full_mask(size: int) -> int:
    return (1 << (size * size)) - 1


@dataclass(frozen=True, slots=True)
class Effect:
    """What a placement does to a sheet: cells written per symbol and symbols hanging over."""

    writes: tuple[int, int, int]
    overhang: int

    @property
    def cells(self) -> int:
        o, x, s = self.writes
        return o | x | s


def _slots(arrangement: Arrangement, placement: Placement) -> Iterator[tuple[int, int, int]]:
    """(row, column, symbol) of each slot, 0-based and maybe off the sheet, in the shape's
    reading order."""
    cells = ROTATIONS[arrangement.shape][placement.turns]
    for (dr, dc), symbol in zip(cells, arrangement.symbols, strict=True):
        yield placement.row - 1 + dr, placement.col - 1 + dc, symbol


def effect(size: int, arrangement: Arrangement, placement: Placement) -> Effect:
    """TX-7/TX-8: the cells a placement writes; cells off the sheet hang over."""
    writes = [0, 0, 0]
    overhang = 0
    for r, c, symbol in _slots(arrangement, placement):
        if 0 <= r < size and 0 <= c < size:
            writes[symbol] |= 1 << (r * size + c)
        else:
            overhang += 1
    return Effect((writes[0], writes[1], writes[2]), overhang)


def is_crossed(field: int, free: int) -> bool:
    """TX-13: bar fields (1-based) are crossed from the left, so ``free`` leaves the last ones."""
    return field <= BAR_FIELDS - free


def crossed_fields(free: int, overhang: int) -> list[int]:
    """TX-13: the 1-based bar fields ``overhang`` symbols cross off when ``free`` are left."""
    first = BAR_FIELDS - free + 1
    return list(range(first, first + overhang))


# A frame: each slot's bit (0 when off the sheet), all its cells, its overhang, its move.
Frame = tuple[tuple[int, int, int, int], int, int, Placement]
# One candidate placement: (cells it writes, symbols hanging over, the canonical move).
Candidate = tuple[int, int, Placement]


@lru_cache(maxsize=64)
def frames(size: int, shape: int) -> tuple[Frame, ...]:
    """Every rotation and anchor of a shape that puts at least one cell on the sheet."""
    out: list[Frame] = []
    for turns, cells in enumerate(ROTATIONS[shape]):
        height, width = box(cells)
        for row in range(2 - height, size + 1):
            for col in range(2 - width, size + 1):
                a, b, c, d = (
                    1 << ((row - 1 + dr) * size + col - 1 + dc)
                    if 0 <= row - 1 + dr < size and 0 <= col - 1 + dc < size
                    else 0
                    for dr, dc in cells
                )
                overhang = (a == 0) + (b == 0) + (c == 0) + (d == 0)
                if overhang < 4:
                    out.append(((a, b, c, d), a | b | c | d, overhang, Placement(turns, row, col)))
    return tuple(out)


# A cell as a placement's move document lists it, per symbol: {"cell", "row", "col", "symbol"}.
CellDocuments = tuple[dict[str, Any], dict[str, Any], dict[str, Any]]
# Where one slot of a placement lands: the slot and its cell's documents (copied, never shared).
Landed = tuple[int, CellDocuments]
# A frame's slots on the sheet, in reading order, and how many hang over (TX-8).
Landing = tuple[tuple[Landed, ...], int]
OFF_SHEET: Landing = ((), 4)


@lru_cache(maxsize=16)
def cell_documents(size: int) -> tuple[CellDocuments, ...]:
    """Per cell index, its move-document entry with each symbol: cell name, 1-based row and
    column, symbol."""
    return tuple(
        (
            {"cell": name, "row": c // size + 1, "col": c % size + 1, "symbol": SYMBOLS[0]},
            {"cell": name, "row": c // size + 1, "col": c % size + 1, "symbol": SYMBOLS[1]},
            {"cell": name, "row": c // size + 1, "col": c % size + 1, "symbol": SYMBOLS[2]},
        )
        for c, name in enumerate(cell_names(size))
    )


@lru_cache(maxsize=64)
def landings(size: int, shape: int) -> dict[Placement, Landing]:
    """Per frame of a shape, the slots that land on the sheet with their cells' documents. A
    placement missing here puts no cell on the sheet (``OFF_SHEET``)."""
    documents = cell_documents(size)
    shared: dict[tuple[int, int], Landed] = {}  # one pair per (slot, cell) over all frames
    out: dict[Placement, Landing] = {}
    for slot_bits, _, overhang, placement in frames(size, shape):
        landed = []
        for slot, bit in enumerate(slot_bits):
            if bit:
                cell = bit.bit_length() - 1
                landed.append(shared.setdefault((slot, cell), (slot, documents[cell])))
        out[placement] = (tuple(landed), overhang)
    return out


def candidates(size: int, arrangement: Arrangement) -> tuple[Candidate, ...]:
    """Every placement with at least one cell on the sheet, one per effect (TX-8, TX-9).

    Order: rotation, then row, then column; the first placement of an effect is its
    canonical notation (``r0`` before ``r180`` for a symmetric ``I:oooo``).
    """
    return _candidates(size, arrangement.shape, pattern(arrangement.symbols))


def pattern(symbols: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """Which slots show the same symbol: each slot's first slot with its symbol.

    Two placements of an arrangement have the same effect when they write the same cells and
    the same symbol to each, which depends on the symbols only through which slots are equal:
    ``Z:oxso`` and ``Z:sxos`` (both ``(0, 1, 2, 0)``) keep the same placements.
    """
    a, b, c, d = (symbols.index(s) for s in symbols)
    return (a, b, c, d)


@lru_cache(maxsize=1024)  # at most 7 shapes x 14 patterns per sheet size
def _candidates(size: int, shape: int, pattern: tuple[int, int, int, int]) -> tuple[Candidate, ...]:
    a, b, c, d = pattern
    seen: set[tuple[int, int, int, int]] = set()
    out: list[Candidate] = []
    for (s0, s1, s2, s3), cells, overhang, placement in frames(size, shape):
        writes = [0, 0, 0, 0]  # per pattern label: the cells written with that slot's symbol
        writes[a] |= s0
        writes[b] |= s1
        writes[c] |= s2
        writes[d] |= s3
        key = (writes[0], writes[1], writes[2], writes[3])
        if key not in seen:
            seen.add(key)
            out.append((cells, overhang, placement))
    return tuple(out)


def placements(
    size: int, filled: int, arrangement: Arrangement, bar: int | None
) -> tuple[Placement, ...]:
    """The legal placements on a sheet: empty cells only (TX-8), overhang within the bar (TX-13)."""
    cands = candidates(size, arrangement)
    if bar is None or bar >= MAX_OVERHANG:  # no placement hangs over more: nothing to filter
        return tuple(p for cells, _, p in cands if not cells & filled)
    return tuple(p for cells, over, p in cands if not cells & filled and over <= bar)


def can_place(size: int, filled: int, arrangement: Arrangement, bar: int | None) -> bool:
    """TX-10/TX-14: whether the sheet takes the arrangement at all."""
    return any(
        not cells & filled and (bar is None or over <= bar)
        for cells, over, _ in candidates(size, arrangement)
    )
