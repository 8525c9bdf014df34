"""Shared benchmark helpers: seeded position sets and a best-of-N timer."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from service.games.core import Game
from tests.games.contract import random_game


def best_of(fn: Callable[[], Any], repeat: int = 5) -> float:
    """The fastest of ``repeat`` runs in seconds (the least disturbed by a noisy machine)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def playout_positions(
    engine: Game[Any, Any],
    count: int,
    seed: int,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    keep: Callable[[Any], bool] = lambda s: True,
) -> list[Any]:
    """``count`` decision positions (no chance nodes) from seeded random games."""
    rng = random.Random(seed)
    out: list[Any] = []
    while len(out) < count:
        seed = f"bench-{rng.random()}"
        for ply in random_game(engine, rng, seed, players=players, options=options):
            state = ply.state
            if not engine.is_chance(state) and keep(state):
                out.append(state)
                if len(out) == count:
                    break
    return out


def rate(label: str, n: int, seconds: float, unit: str = "positions/s") -> str:
    return f"{label:<48} {n / seconds:>12,.0f} {unit}  ({seconds * 1e6 / n:,.1f} µs each)"


def side_by_side(
    label: str, roots: Sequence[tuple[str, Path]], rounds: int, measure: Callable[[Path], float]
) -> None:
    """One row of an in-process comparison (``hits``, ``computed``): ``measure(root)`` for each
    checkout, alternating (old first), ``rounds`` times; the lowest of each side is printed
    (noise only ever adds), with new/old when there are two."""
    best: dict[str, float] = {}
    for _ in range(rounds):
        for name, root in reversed(roots):
            cpu = measure(root)
            best[name] = min(best.get(name, cpu), cpu)
    if "old" in best:
        old, new = best["old"], best["new"]
        print(f"{label}{old:>8.1f} {new:>8.1f} {new / old:>7.2f}×", flush=True)
    else:
        print(f"{label}{best['new']:>8.1f}", flush=True)
