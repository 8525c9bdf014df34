"""Mixtour: legal-move generation over a fixed seeded set of positions, and perft(4)."""

from __future__ import annotations

import time

from service.games.core import perft
from service.games.mixtour import ENGINE

from .common import best_of, playout_positions, rate


def run(quick: bool = False) -> None:
    positions = playout_positions(ENGINE, 500 if quick else 5000, seed=1)
    seconds = best_of(lambda: [ENGINE.legal_moves(s) for s in positions])
    moves = sum(len(ENGINE.legal_moves(s)) for s in positions)
    print(rate(f"legal moves, {len(positions)} positions", len(positions), seconds))
    print(f"{'  average moves per position':<48} {moves / len(positions):>12.1f}")
    depth = 3 if quick else 4
    start = time.perf_counter()
    leaves = perft(ENGINE, ENGINE.new(), depth)
    elapsed = time.perf_counter() - start
    print(f"{f'perft({depth}) from the empty board':<48} {leaves:>12,} leaves in {elapsed:.2f} s")
