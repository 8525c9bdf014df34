"""The layout and the fit test (TJ-9, TJ-11): which tiles go where.

A ``Board`` indexes a layout once: the tile on each position, the number on each vertex
(jokers impose nothing, so they leave their vertices unset) and the open positions (empty,
sharing a side with a tile). A position's *need* is the number required at each corner, or
None where no numbered tile touches it. Placement generation inverts the test: every
orientation of a tile is filed under the 8 needs it satisfies (once per tile, ``fits``), so
each open position costs one dict lookup per distinct rack tile.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from .grid import CORNERS, NEIGHBOURS, Pos, Vertex
from .tiles import JOKER, WILD, Tile, is_joker, rotations

Placed = tuple[Pos, Tile]
Need = tuple[int | None, int | None, int | None]


@dataclass(frozen=True, slots=True)
class Board:
    tiles: dict[Pos, Tile]
    values: dict[Vertex, int]
    open: tuple[Pos, ...]  # sorted
    jokers: tuple[Pos, ...]  # layout jokers, sorted

    def placed(self, pos: Pos, tile: Tile) -> Board:
        """The board of the layout with ``tile`` laid on the open position ``pos``: a turn
        adds one tile, so the next board is this one changed around it (TJ-10)."""
        tiles = dict(self.tiles)
        tiles[pos] = tile
        values, jokers = self.values, self.jokers
        if tile[0] == WILD:
            jokers = tuple(sorted((*jokers, pos)))
        else:
            values = dict(values)
            a, b, c = CORNERS[pos]
            values[a], values[b], values[c] = tile
        frontier = set(self.open)
        frontier.discard(pos)
        frontier.update([n for n in NEIGHBOURS[pos] if n not in tiles])
        return Board(tiles, values, tuple(sorted(frontier)), jokers)


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


@cache  # at most the 1,000 number tiles, 24 needs each
def fits(tile: Tile) -> dict[Need, tuple[Tile, ...]]:
    """The orientations of ``tile`` that fit a need, by every need one fits, in the order of
    ``rotations`` (TJ-8, TJ-9)."""
    out: dict[Need, tuple[Tile, ...]] = {}
    for rot in rotations(tile):
        a, b, c = rot
        for ka in (a, None):
            for kb in (b, None):
                for kc in (c, None):
                    need = (ka, kb, kc)
                    out[need] = (*out.get(need, ()), rot)
    return out


def _tables(rack: Iterable[Tile]) -> list[dict[Need, tuple[Tile, ...]]]:
    """The rack's number tiles as ``fits`` tables, in tile order (the joker fits all)."""
    return [fits(tile) for tile in sorted(set(rack)) if tile != JOKER]


def placements(board: Board, rack: Iterable[Tile]) -> list[Placed]:
    """Every (position, oriented tile) a rack can place (TJ-9, TJ-10), without duplicates,
    by position, then tile, then orientation: each open position asks each distinct rack
    tile once."""
    rack = tuple(rack)
    tables = _tables(rack)
    joker = JOKER in rack
    out: list[Placed] = []
    get = board.values.get
    for pos in board.open:
        a, b, c = CORNERS[pos]
        if joker:
            out.append((pos, JOKER))
        need = (get(a), get(b), get(c))
        for table in tables:
            rots = table.get(need)
            if rots is not None:
                out.extend([(pos, rot) for rot in rots])
    return out


def swaps(board: Board, rack: Iterable[Tile]) -> list[Placed]:
    """Every (joker position, oriented rack tile) that may replace a layout joker (TJ-11)."""
    if not board.jokers:
        return []
    tables = _tables(rack)
    out: list[Placed] = []
    for pos in board.jokers:
        if has_side_contact(board, pos):
            need = need_at(board, pos)
            for table in tables:
                out.extend([(pos, rot) for rot in table.get(need, ())])
    return out


def can_play(board: Board, rack: Iterable[Tile]) -> bool:
    """True when the rack can place or swap anything (TJ-13, TJ-15)."""
    rack = tuple(rack)
    if JOKER in rack and board.open:
        return True
    tables = _tables(rack)
    get = board.values.get
    for pos in board.open:
        a, b, c = CORNERS[pos]
        need = (get(a), get(b), get(c))
        for table in tables:
            if need in table:
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
