"""The layout and the fit test (TJ-9, TJ-11): which tiles go where.

A ``Board`` indexes a layout once: the tile on each position, the number on each vertex
(jokers impose nothing, so they leave their vertices unset) and the open positions (empty,
sharing a side with a tile). A position's *need* is the number required at each corner, or
None where no numbered tile touches it. Placement generation inverts the test: every
orientation of every rack tile is filed under the 8 needs it satisfies, so each open position
costs one dict lookup however large the rack.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from .grid import CORNERS, NEIGHBOURS, Pos, Vertex
from .tiles import JOKER, WILD, Tile, is_joker, rotations

Placed = tuple[Pos, Tile]
Need = tuple[int | None, int | None, int | None]
Index = dict[Need, list[Tile]]


@dataclass(frozen=True, slots=True)
class Board:
    tiles: dict[Pos, Tile]
    values: dict[Vertex, int]
    open: tuple[Pos, ...]  # sorted
    jokers: tuple[Pos, ...]  # layout jokers, sorted


def board_of(layout: Iterable[Placed]) -> Board:
    tiles = dict(layout)
    values: dict[Vertex, int] = {}
    jokers: list[Pos] = []
    frontier: set[Pos] = set()
    corners, neighbours, add = CORNERS, NEIGHBOURS, frontier.update
    for pos, tile in tiles.items():
        if tile[0] == WILD:
            jokers.append(pos)
        else:
            a, b, c = corners[pos]
            values[a], values[b], values[c] = tile
        add(neighbours[pos])
    frontier.difference_update(tiles)
    return Board(tiles, values, tuple(sorted(frontier)), tuple(sorted(jokers)))


def need_at(board: Board, pos: Pos) -> Need:
    """The numbers the corners of ``pos`` must carry (None: free); the tile on ``pos`` is
    ignored, so for a layout joker this is what a swapped-in tile must match (TJ-11)."""
    a, b, c = CORNERS[pos]
    get = board.values.get
    return (get(a), get(b), get(c))


def has_side_contact(board: Board, pos: Pos) -> bool:
    return any(n in board.tiles for n in NEIGHBOURS[pos])


def mismatches(need: Need, tile: Tile) -> tuple[int, ...]:
    """Corner indexes where ``tile`` (as oriented) breaks ``need``; none for the joker."""
    if is_joker(tile):
        return ()
    return tuple(k for k in range(3) if need[k] is not None and need[k] != tile[k])


@cache
def _filings(tile: Tile) -> tuple[tuple[Need, Tile], ...]:
    """Every (need, orientation) pair in which an orientation of ``tile`` fits."""
    out: list[tuple[Need, Tile]] = []
    for rot in rotations(tile):
        a, b, c = rot
        for ka in (a, None):
            for kb in (b, None):
                for kc in (c, None):
                    out.append(((ka, kb, kc), rot))
    return tuple(out)


def rack_index(rack: Iterable[Tile]) -> Index:
    """Orientations of the rack's number tiles by the needs they fit (the joker fits all)."""
    index: Index = {}
    for tile in sorted(set(rack) - {JOKER}):
        for need, rot in _filings(tile):
            fits = index.get(need)
            if fits is None:
                index[need] = [rot]
            else:  # distinct tiles never share an orientation: no duplicates arise
                fits.append(rot)
    return index


def placements(board: Board, rack: Iterable[Tile]) -> list[Placed]:
    """Every (position, oriented tile) a rack can place (TJ-9, TJ-10), without duplicates,
    by position then orientation."""
    rack = tuple(rack)
    index = rack_index(rack)
    joker = JOKER in rack
    out: list[Placed] = []
    values = board.values
    for pos in board.open:
        a, b, c = CORNERS[pos]
        if joker:
            out.append((pos, JOKER))
        fits = index.get((values.get(a), values.get(b), values.get(c)))
        if fits:
            out.extend((pos, rot) for rot in fits)
    return out


def swaps(board: Board, rack: Iterable[Tile]) -> list[Placed]:
    """Every (joker position, oriented rack tile) that may replace a layout joker (TJ-11)."""
    if not board.jokers:
        return []
    index = rack_index(rack)
    out: list[Placed] = []
    for pos in board.jokers:
        if has_side_contact(board, pos):
            out.extend((pos, rot) for rot in index.get(need_at(board, pos), ()))
    return out


def can_play(board: Board, rack: Iterable[Tile]) -> bool:
    """True when the rack can place or swap anything (TJ-13, TJ-15)."""
    rack = tuple(rack)
    if JOKER in rack and board.open:
        return True
    index = rack_index(rack)
    values = board.values
    for pos in board.open:
        a, b, c = CORNERS[pos]
        if (values.get(a), values.get(b), values.get(c)) in index:
            return True
    return bool(swaps(board, rack))


def conflicts(board: Board) -> list[tuple[Pos, int, Pos]]:
    """Corners of numbered tiles that disagree with another numbered tile on the same vertex:
    (position, corner, the other position), each pair once."""
    seen: dict[Vertex, tuple[Pos, int]] = {}
    out: list[tuple[Pos, int, Pos]] = []
    for pos in sorted(board.tiles):
        tile = board.tiles[pos]
        if is_joker(tile):
            continue
        for k, vertex in enumerate(CORNERS[pos]):
            first = seen.setdefault(vertex, (pos, tile[k]))
            if first[1] != tile[k]:
                out.append((pos, k, first[0]))
    return out
