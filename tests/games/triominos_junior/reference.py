"""A deliberately plain Triominos Junior move lister, written from the rules text (TJ-8 to
TJ-13 and the notation section) to check the engine against. It reads the state document
and works on triangle corners as points of the lattice, not on the engine's grid.

A triangle ``(col,row)`` points up when ``col + row`` is even. In half-width units its corners
are, clockwise from the apex: up — (col+1,row+1), (col+2,row), (col,row); down —
(col+1,row), (col,row+1), (col+2,row+1). Two triangles share a side when they share two
corners, and touch when they share one.
"""

from __future__ import annotations

from typing import Any

Point = tuple[int, int]


def corners(col: int, row: int) -> list[Point]:
    """The three corners clockwise from the apex (the order a tile's numbers are written)."""
    if (col + row) % 2 == 0:
        return [(col + 1, row + 1), (col + 2, row), (col, row)]
    return [(col + 1, row), (col, row + 1), (col + 2, row + 1)]


def _neighbours(col: int, row: int) -> list[tuple[int, int]]:
    """The three triangles sharing a side (TJ-8, notation section)."""
    other = (col, row - 1) if (col + row) % 2 == 0 else (col, row + 1)
    return [(col - 1, row), (col + 1, row), other]


def _numbers(tile: str) -> list[str] | None:
    return None if tile == "J" else tile.split("-")


def _fits(layout: dict[tuple[int, int], str], at: tuple[int, int], tile: str) -> bool:
    """TJ-9: a side shared with the layout and every touching corner matching."""
    if at in layout or not any(n in layout for n in _neighbours(*at)):
        return False
    numbers = _numbers(tile)
    if numbers is None:
        return True
    need: dict[Point, str] = {}
    for pos, other in layout.items():
        theirs = _numbers(other)
        if theirs is not None:
            need.update(zip(corners(*pos), theirs, strict=True))
    return all(need.get(p, n) == n for p, n in zip(corners(*at), numbers, strict=True))


def _orientations(tile: str) -> set[str]:
    """TJ-8: three rotations, never flipped."""
    if tile == "J":
        return {"J"}
    n = tile.split("-")
    return {"-".join(n[i:] + n[:i]) for i in range(3)}


def _candidates(layout: dict[tuple[int, int], str]) -> set[tuple[int, int]]:
    return {n for pos in layout for n in _neighbours(*pos) if n not in layout}


def reference_moves(doc: dict[str, Any]) -> set[str]:
    """The notations of every legal move of the player to move (phase play)."""
    layout = {tuple(map(int, t["at"].split(","))): t["tile"] for t in doc["layout"]}
    rack = doc["racks"][doc["toMove"]]
    moves = set()
    for at in _candidates(layout):
        for tile in set(rack):
            for oriented in _orientations(tile):
                if _fits(layout, at, oriented):
                    moves.add(f"{oriented}@{at[0]},{at[1]}")  # TJ-10
    for at, tile in layout.items():
        if tile != "J":
            continue
        rest = {p: t for p, t in layout.items() if p != at}
        for racked in set(rack) - {"J"}:
            for oriented in _orientations(racked):
                if _fits(rest, at, oriented):
                    moves.add(f"swap {oriented}@{at[0]},{at[1]}")  # TJ-11
    if doc["pool"]:
        moves.add("draw")  # TJ-12
    return moves or {"pass"}  # TJ-13
