"""A deliberately plain Te-Trix placement counter, written from the rules text (TX-4, TX-7,
TX-8, TX-9, TX-13) to check the engine against: every rotation of the arranged shape at every
offset, kept when it lands at least one symbol on empty cells only (and, in solo, hangs no
more symbols over the edge than the bar has fields); placements that write the same symbols
on the same cells are one (TX-9)."""

from __future__ import annotations

# The base orientations of the spec's notation section, '#' a cell, read row by row.
PICTURES = {
    "O": ["##", "##"],
    "I": ["####"],
    "T": ["###", ".#."],
    "L": ["#..", "###"],
    "J": ["..#", "###"],
    "S": [".##", "##."],
    "Z": ["##.", ".##"],
}


def _quarter_turn(cells: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """Clockwise: the bottom row becomes the left column."""
    height = max(r for r, _, _ in cells) + 1
    return [(c, height - 1 - r, s) for r, c, s in cells]


def writes(rows: list[str], arrangement: str, bar: int | None = None) -> set[frozenset]:
    """Every distinct set of (row, col, symbol) a placement of ``arrangement`` ("T:oxso")
    writes on the sheet ``rows`` ("." empty); ``bar``: the solo bar's free fields."""
    shape, symbols = arrangement.split(":")
    size = len(rows)
    picture = PICTURES[shape]
    slots = [(r, c) for r, line in enumerate(picture) for c, ch in enumerate(line) if ch == "#"]
    cells = [(r, c, s) for (r, c), s in zip(slots, symbols, strict=True)]
    found = set()
    for _ in range(4):
        for top in range(-4, size + 1):
            for left in range(-4, size + 1):
                on = [(top + r, left + c, s) for r, c, s in cells]
                inside = [(r, c, s) for r, c, s in on if 0 <= r < size and 0 <= c < size]
                if not inside or any(rows[r][c] != "." for r, c, _ in inside):
                    continue
                if bar is not None and len(on) - len(inside) > bar:
                    continue
                found.add(frozenset(inside))
        cells = _quarter_turn(cells)
    return found


def score(rows: list[str], bar: int | None = None) -> int:
    """TX-11: per symbol, (regions of 5 or more orthogonally connected cells) × (their cells);
    TX-15: in solo, 1 more per free bar field."""
    size, seen, total = len(rows), set(), 0
    regions: dict[str, list[int]] = {s: [] for s in "oxs"}
    for r in range(size):
        for c in range(size):
            if rows[r][c] == "." or (r, c) in seen:
                continue
            symbol, todo, cells = rows[r][c], [(r, c)], 0
            seen.add((r, c))
            while todo:
                y, x = todo.pop()
                cells += 1
                for ny, nx in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                    inside = 0 <= ny < size and 0 <= nx < size
                    if inside and (ny, nx) not in seen and rows[ny][nx] == symbol:
                        seen.add((ny, nx))
                        todo.append((ny, nx))
            regions[symbol].append(cells)
    for sizes in regions.values():
        kept = [n for n in sizes if n >= 5]
        total += len(kept) * sum(kept)
    return total + (bar or 0)
