"""Engine speed (issue "Engines fast enough for bots"): Mixtour perft(5) and, per game, how many
positions a second the search paths handle: legal-move generation and ``successor`` (the
state after a move, no checks and no events) over seeded positions of random games."""

from __future__ import annotations

import random
import time
from typing import Any

from service.games import REGISTRY
from service.games.core import perft

from .common import best_of, playout_positions

GAMES: list[tuple[str, int | None]] = [
    ("mixtour", None),
    ("tric-trac", None),
    ("te-trix", 3),
    ("triominos-junior", 3),
]


def _moves(engine: Any, state: Any) -> tuple[int | None, list[Any]]:
    movers = engine.to_move(state)
    player = movers[0] if len(movers) > 1 else None
    if engine.is_chance(state):
        return None, [m for m, _ in engine.chance_outcomes(state)]
    return player, list(engine.legal_moves(state, player))


def run(quick: bool = False) -> None:
    depth = 4 if quick else 5
    engine = REGISTRY["mixtour"]
    start = time.perf_counter()
    leaves = perft(engine, engine.new(), depth)
    print(f"mixtour perft({depth}): {leaves:,} leaves in {time.perf_counter() - start:.2f} s")
    print("\n| game | positions | legal moves: positions/s | successor: moves/s |")
    print("| --- | --- | --- | --- |")
    count = 300 if quick else 2000
    for game, players in GAMES:
        engine = REGISTRY[game]
        positions = playout_positions(engine, count, seed=5, players=players)
        seconds = best_of(lambda e=engine, ps=positions: [_moves(e, s) for s in ps], repeat=3)
        rng = random.Random(7)
        picks = []
        for s in positions:
            player, moves = _moves(engine, s)
            if moves:
                picks.append((s, rng.choice(moves), player))

        def step(e: Any = engine, todo: list[Any] = picks) -> None:
            for s, m, p in todo:
                e.successor(s, m, p)

        applied = best_of(step, repeat=3)
        print(
            f"| {game} | {len(positions):,} | {len(positions) / seconds:,.0f} | "
            f"{len(picks) / applied:,.0f} |"
        )
