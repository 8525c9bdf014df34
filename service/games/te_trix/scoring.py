"""Scoring (TX-11, TX-15): regions of orthogonally connected equal symbols, struck below 5 cells;
per symbol (regions kept) × (cells in them); solo adds 1 per free bar field and a rating.

Regions are found by flood fill on bitmasks. The breakdown lists every region with its
cells, so a UI can outline them and a person can check the arithmetic.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .shapes import SYMBOL_NAMES, SYMBOLS
from .sheet import BAR_FIELDS, Sheet, bits, cell_names

MIN_REGION = 5
CHAPEAU = 130
GOOD = 120


@lru_cache(maxsize=16)
def _edges(size: int) -> tuple[int, int]:
    """Masks of the cells not in the first column and not in the last column."""
    not_first = sum(1 << (r * size + c) for r in range(size) for c in range(1, size))
    not_last = sum(1 << (r * size + c) for r in range(size) for c in range(size - 1))
    return not_first, not_last


def neighbours(mask: int, size: int) -> int:
    """The cells orthogonally next to a cell of ``mask``."""
    not_first, not_last = _edges(size)
    return ((mask << 1) & not_first) | ((mask >> 1) & not_last) | (mask << size) | (mask >> size)


def regions(mask: int, size: int) -> list[int]:
    """The maximal orthogonally connected parts of ``mask`` (diagonals do not connect)."""
    not_first, not_last = _edges(size)
    alone = mask & ~neighbours(mask, size)  # regions of one cell: nothing to grow
    out: list[int] = []
    while mask:
        region = mask & -mask
        while not region & alone:
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
        mask ^= region
    return out


@dataclass(frozen=True, slots=True)
class SymbolScore:
    regions: tuple[int, ...]  # region masks, in reading order of their first cell
    kept: tuple[int, ...]  # those of MIN_REGION cells or more
    cells: int  # the cells of the kept regions

    @property
    def points(self) -> int:
        return len(self.kept) * self.cells


def symbol_score(mask: int, size: int) -> SymbolScore:
    found = tuple(regions(mask, size))
    kept = tuple(r for r in found if r.bit_count() >= MIN_REGION)
    return SymbolScore(found, kept, sum(r.bit_count() for r in kept))


def symbol_scores(sheet: Sheet, size: int) -> tuple[SymbolScore, ...]:
    return tuple(symbol_score(mask, size) for mask in sheet.masks)


def symbol_points(mask: int, size: int) -> int:
    """TX-11 for one symbol: (regions kept) × (their cells)."""
    mask &= neighbours(mask, size)  # a cell alone is a region of one, never kept: not flooded
    if mask.bit_count() < MIN_REGION:  # no region to keep
        return 0
    kept = [n for n in map(int.bit_count, regions(mask, size)) if n >= MIN_REGION]
    return len(kept) * sum(kept)


def sheet_points(sheet: Sheet, size: int) -> int:
    """TX-11: the sum over the three symbols of (regions kept) × (their cells)."""
    o, x, s = sheet.masks
    return symbol_points(o, size) + symbol_points(x, size) + symbol_points(s, size)


def total(sheet: Sheet, size: int, bar: int | None) -> int:
    """TX-11, plus TX-15's point per free bar field in solo."""
    return sheet_points(sheet, size) + (bar or 0)


def winners(totals: tuple[int, ...]) -> tuple[int, ...]:
    """TX-11: the highest score wins; ties share."""
    best = max(totals)
    return tuple(p for p, v in enumerate(totals) if v == best)


def rating(points: int) -> str | None:
    """TX-15: "Chapeau!" from 130, "good" from 120."""
    if points >= CHAPEAU:
        return "Chapeau!"
    if points >= GOOD:
        return "good"
    return None


def breakdown(sheet: Sheet, size: int, bar: int | None, player: int) -> dict[str, Any]:
    """One player's score explained: every region per symbol and the arithmetic."""
    per_symbol: dict[str, Any] = {}
    scores = symbol_scores(sheet, size)
    names = cell_names(size)
    for symbol, score in enumerate(scores):
        kept = score.kept
        shown = []
        for region in score.regions:
            cells = region.bit_count()
            named = (
                [names[region.bit_length() - 1]] if cells == 1 else [names[c] for c in bits(region)]
            )
            shown.append({"cells": named, "size": cells, "struck": cells < MIN_REGION})
        per_symbol[SYMBOLS[symbol]] = {
            "name": SYMBOL_NAMES[symbol],
            "regions": shown,
            "kept": len(kept),
            "cells": score.cells,
            "points": score.points,
            "arithmetic": f"{len(kept)} × {score.cells} = {score.points}",
        }
    sheet_total = sum(s.points for s in scores)
    out: dict[str, Any] = {"player": player, "symbols": per_symbol, "sheet": sheet_total}
    if bar is not None:
        out["bar"] = {"free": bar, "crossed": BAR_FIELDS - bar, "points": bar}
        out["rating"] = rating(sheet_total + bar)
    out["total"] = sheet_total + (bar or 0)
    return out
