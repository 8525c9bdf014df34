"""A deliberately plain Te-Trix placement counter, written from the rules text (TX-4, TX-7,
TX-8, TX-9, TX-13) to check the engine against: every rotation of the arranged shape at every
offset, kept when it lands at least one symbol on empty cells only (and, in solo, hangs no
more symbols over the edge than the bar has fields); placements that write the same symbols
on the same cells are one (TX-9).

Below it, the plain Te-Trix code the engine's fast paths replaced (issue 26), kept as an
executable reference: move documents and locations, scores and the state document computed
slot by slot and cell by cell, with no precomputed tables. ``test_playouts.py`` holds the
engine equal to them along seeded random games."""

from __future__ import annotations

from typing import Any

from service.games.core.locations import at
from service.games.te_trix import moves
from service.games.te_trix.moves import Arrangement, Move, Placement
from service.games.te_trix.shapes import ROTATIONS, SYMBOL_NAMES, SYMBOLS
from service.games.te_trix.sheet import BAR_FIELDS, Sheet, bits, cell_name, crossed_fields
from service.games.te_trix.state import TeTrixState

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


# -- the plain code the fast paths replaced --------------------------------------------------
MIN_REGION = 5


# -- placement candidates (TX-8, TX-9) -------------------------------------------------------
def candidates(size: int, arrangement: Arrangement) -> tuple[tuple[int, int, Placement], ...]:
    """(cells, overhang, placement) of every placement with a cell on the sheet, the first of
    each effect (the symbols it writes to which cells), by rotation, row, column."""
    seen: set[tuple[int, int, int]] = set()
    out = []
    for turns, cells in enumerate(ROTATIONS[arrangement.shape]):
        height = max(r for r, _ in cells) + 1
        width = max(c for _, c in cells) + 1
        for row in range(2 - height, size + 1):
            for col in range(2 - width, size + 1):
                placement = Placement(turns, row, col)
                writes = [0, 0, 0]
                for cell, symbol in landing(size, arrangement, placement):
                    writes[symbol] |= 1 << cell
                key = (writes[0], writes[1], writes[2])
                on = writes[0] | writes[1] | writes[2]
                if on and key not in seen:
                    seen.add(key)
                    out.append((on, 4 - on.bit_count(), placement))
    return tuple(out)


# -- move documents and locations (TX-6, TX-7, TX-8, TX-13) ----------------------------------
def landing(size: int, arrangement: Arrangement, placement: Placement) -> list[tuple[int, int]]:
    """(cell, symbol) of every slot that lands on the sheet, in the shape's reading order."""
    cells = ROTATIONS[arrangement.shape][placement.turns]
    out = []
    for (dr, dc), symbol in zip(cells, arrangement.symbols, strict=True):
        r, c = placement.row - 1 + dr, placement.col - 1 + dc
        if 0 <= r < size and 0 <= c < size:
            out.append((r * size + c, symbol))
    return out


def move_document(state: TeTrixState, move: Move) -> dict[str, Any]:
    doc = moves.document(move)
    if isinstance(move, Arrangement):
        doc["slots"] = moves.slots(move)
    elif isinstance(move, Placement) and state.arrangement is not None:
        n = state.size
        cells = [
            {"cell": cell_name(c, n), "row": c // n + 1, "col": c % n + 1, "symbol": SYMBOLS[s]}
            for c, s in landing(n, state.arrangement, move)
        ]
        overhang = 4 - len(cells)
        bar = [] if state.bar is None else crossed_fields(state.bar, overhang)
        doc.update({"cells": cells, "overhang": overhang, "bar": bar})
    return doc


def move_locations(state: Any, doc: dict[str, Any]) -> list[dict[str, Any]]:
    if doc["kind"] != "place":
        return []
    cells = [at("to", cell=c["cell"]) for c in doc["cells"]]
    return cells + [at("to", sheet=0, bar=n) for n in doc["bar"]]


# -- scoring (TX-11, TX-15) ------------------------------------------------------------------
def regions(mask: int, size: int) -> list[int]:
    """The maximal orthogonally connected parts of ``mask``, in reading order of their first
    cell, grown one step at a time."""
    not_first = sum(1 << (r * size + c) for r in range(size) for c in range(1, size))
    not_last = sum(1 << (r * size + c) for r in range(size) for c in range(size - 1))
    out: list[int] = []
    while mask:
        region = mask & -mask
        while True:
            grown = (
                region
                | ((region << 1) & not_first)
                | ((region >> 1) & not_last)
                | (region << size)
                | (region >> size)
            ) & mask
            if grown == region:
                break
            region = grown
        out.append(region)
        mask &= ~region
    return out


def symbol_points(mask: int, size: int) -> tuple[list[int], list[int], int, int]:
    """(regions, kept regions, their cells, points) of one symbol."""
    found = regions(mask, size)
    kept = [r for r in found if r.bit_count() >= MIN_REGION]
    cells = sum(r.bit_count() for r in kept)
    return found, kept, cells, len(kept) * cells


def total(sheet: Sheet, size: int, bar: int | None) -> int:
    return sum(symbol_points(m, size)[3] for m in sheet.masks) + (bar or 0)


def rating(points: int) -> str | None:
    return "Chapeau!" if points >= 130 else "good" if points >= 120 else None


def breakdown(sheet: Sheet, size: int, bar: int | None, player: int) -> dict[str, Any]:
    per_symbol: dict[str, Any] = {}
    sheet_total = 0
    for symbol, mask in enumerate(sheet.masks):
        found, kept, cells, points = symbol_points(mask, size)
        sheet_total += points
        per_symbol[SYMBOLS[symbol]] = {
            "name": SYMBOL_NAMES[symbol],
            "regions": [
                {
                    "cells": [cell_name(c, size) for c in bits(region)],
                    "size": region.bit_count(),
                    "struck": region not in kept,
                }
                for region in found
            ],
            "kept": len(kept),
            "cells": cells,
            "points": points,
            "arithmetic": f"{len(kept)} × {cells} = {points}",
        }
    out: dict[str, Any] = {"player": player, "symbols": per_symbol, "sheet": sheet_total}
    if bar is not None:
        out["bar"] = {"free": bar, "crossed": BAR_FIELDS - bar, "points": bar}
        out["rating"] = rating(sheet_total + bar)
    out["total"] = sheet_total + (bar or 0)
    return out


def scores(state: TeTrixState) -> dict[str, Any]:
    players = [breakdown(s, state.size, state.bar, p) for p, s in enumerate(state.sheets)]
    return {"players": players, "minRegion": MIN_REGION, "rules": "TX-11, TX-15"}


# -- the state document ----------------------------------------------------------------------
def rows(sheet: Sheet, size: int) -> list[str]:
    chars = ["."] * (size * size)
    for symbol, mask in enumerate(sheet.masks):
        for cell in bits(mask):
            chars[cell] = SYMBOLS[symbol]
    return ["".join(chars[r * size : (r + 1) * size]) for r in range(size)]


def encode(state: TeTrixState) -> dict[str, Any]:
    return {
        "game": "te-trix",
        "v": 1,
        "options": {
            "size": state.size,
            "solo": state.solo,
            "preprinted": [
                [{"cell": cell_name(c, state.size), "symbol": SYMBOLS[s]} for c, s in printed]
                for printed in state.preprinted
            ],
        },
        "round": state.round,
        "roller": state.roller,
        "phase": state.phase,
        "roll": None if state.roll is None else moves.notation(state.roll),
        "arrangement": None if state.arrangement is None else moves.notation(state.arrangement),
        "placed": list(state.placed),
        "blocked": list(state.blocked),
        "sheets": [rows(sheet, state.size) for sheet in state.sheets],
        "bar": state.bar,
        "end": state.end,
        "scores": [total(s, state.size, state.bar) for s in state.sheets],
        "seed": state.seed,
        "chances": state.chances,
    }
