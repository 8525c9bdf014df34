"""Analysis throughput (issue 27, point 6): ``./dev bench analyze``.

Every game: a seeded game of random moves (75 moves, or until it ends), reviewed by
``service/analysis.py`` at the default budget a position, on one core. Prints the CPU time,
the positions searched, moves a second and the time scaled to a 75-move game, against the
target of 5 s (met / not met). CPU time, not wall time: the machine's other work does not count.
"""

from __future__ import annotations

import random
import time
from typing import Any

from service import analysis
from service.games import REGISTRY
from service.games.core import driver

MOVES = 75
TARGET_S = 5.0
GAMES: list[tuple[str, int | None, dict[str, Any] | None]] = [
    ("mixtour", None, None),
    ("tric-trac", None, None),
    ("te-trix", 2, None),
    ("triominos-junior", 2, None),
]


def game_record(game: str, players: int | None, options: Any, moves: int) -> tuple[Any, list]:
    """A seeded start and ``moves`` random moves from it (fewer if the game ends)."""
    engine = REGISTRY[game]
    seed = f"bench-analyze-{game}" if engine.descriptor.chance else None
    start = driver.start(engine, players, options, seed).state
    rng = random.Random(game)
    state, out = start, []
    while len(out) < moves and not engine.status(state).finished:
        movers = engine.to_move(state)
        player = rng.choice(movers) if len(movers) > 1 else None
        move = rng.choice(list(engine.legal_moves(state, player)))
        request = driver.MoveRequest(engine.notation(move), player)
        state = driver.replay_one(engine, state, request, auto_chance=True)
        out.append(request)
    return start, out


def run(quick: bool = False) -> None:
    moves = 15 if quick else MOVES
    budget = analysis.DEFAULT_BUDGET
    print(f"Review of a {moves}-move game at {budget} iterations a position, one core (CPU):\n")
    print("| game | moves | positions | CPU | moves/s | a 75-move game | target ≤ 5 s |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for game, players, options in GAMES:
        engine = REGISTRY[game]
        start, record = game_record(game, players, options, moves)
        began = time.process_time()
        review = analysis.analyze(engine, start, record, "bench", budget)
        spent = time.process_time() - began
        scaled = spent * MOVES / len(record)
        met = "met" if scaled <= TARGET_S else "not met"
        print(
            f"| {engine.descriptor.name} | {len(record)} | {review.searched} | {spent:.2f} s "
            f"| {len(record) / spent:.0f} | {scaled:.2f} s | {met} |"
        )
