"""Triominos Junior: legal moves (placements, swaps, draw) on layouts of 10, 20 and 30 tiles.

Random games rarely grow a layout to 30 tiles before a rack empties, so the positions come from
"growth" games: placements are preferred, and a rack running low is topped up from the pool (a
free draw; the tile count stays conserved, which is all the move generator depends on).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from service.games.core import driver
from service.games.triominos_junior import ENGINE

from .common import best_of, rate

SIZES = (10, 20, 30)


def _grown(seed: int, per_size: int) -> dict[int, list[Any]]:
    rng = random.Random(seed)
    found: dict[int, list[Any]] = {size: [] for size in SIZES}
    while min(len(v) for v in found.values()) < per_size:
        state = driver.start(ENGINE, 4, {"level": "coins"}, f"grow-{rng.random()}").state
        while not ENGINE.status(state).finished and len(state.layout) <= max(SIZES):
            if ENGINE.is_chance(state):
                outcomes = ENGINE.chance_outcomes(state)
                state = ENGINE.apply(state, rng.choice(outcomes)[0]).state
                continue
            turn = state.turn
            if len(state.racks[turn]) < 3 and state.pool:
                racks = list(state.racks)
                racks[turn] = (*racks[turn], state.pool[0])
                state = replace(state, racks=tuple(racks), pool=state.pool[1:])
            size = len(state.layout)
            if size in found and len(found[size]) < per_size:
                found[size].append(state)
            moves = ENGINE.legal_moves(state)
            places = [m for m in moves if ENGINE.notation(m)[0].isdigit()]
            state = ENGINE.apply(state, rng.choice(places or moves)).state
    return found


def run(quick: bool = False) -> None:
    grown = _grown(seed=6, per_size=30 if quick else 200)
    for size in SIZES:
        positions = grown[size]

        def moves_of(positions: list[Any] = positions) -> None:
            for s in positions:
                ENGINE.legal_moves(s)

        seconds = best_of(moves_of)
        moves = sum(len(ENGINE.legal_moves(s)) for s in positions)
        print(rate(f"legal moves, layouts of {size} tiles", len(positions), seconds))
        print(f"{'  average moves per position':<48} {moves / len(positions):>12.1f}")
