"""Mixtour's 5 × 5 board (MX-1): squares ``a1``…``e5``; ``a1`` is index 0, ``b1`` index 1.

Rays are precomputed: ``RAYS[t]`` holds, for each of the 8 directions, the squares walking
away from ``t``. A stack of height ``h`` on ``t`` is reached from ``ray[h - 1]`` over the empty
squares ``ray[:h - 1]`` (MX-5, MX-6).
"""

from __future__ import annotations

SIZE = 5
FILES = "abcde"
SQUARES = tuple(f"{FILES[i % SIZE]}{i // SIZE + 1}" for i in range(SIZE * SIZE))
INDEX = {name: i for i, name in enumerate(SQUARES)}
DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))


def _ray(square: int, dc: int, dr: int) -> tuple[int, ...]:
    col, row = square % SIZE, square // SIZE
    out: list[int] = []
    while True:
        col, row = col + dc, row + dr
        if not (0 <= col < SIZE and 0 <= row < SIZE):
            return tuple(out)
        out.append(row * SIZE + col)


RAYS = tuple(
    tuple(r for r in (_ray(t, dc, dr) for dc, dr in DIRECTIONS) if r) for t in range(SIZE * SIZE)
)


def line_between(source: int, target: int) -> tuple[int, ...] | None:
    """The squares strictly between two squares on one line, or None when not on a line."""
    dc = target % SIZE - source % SIZE
    dr = target // SIZE - source // SIZE
    if (dc, dr) == (0, 0) or (dc and dr and abs(dc) != abs(dr)):
        return None
    steps = max(abs(dc), abs(dr))
    sc, sr = (dc > 0) - (dc < 0), (dr > 0) - (dr < 0)
    return tuple(source + k * (sr * SIZE + sc) for k in range(1, steps))
