"""Engine speed (issue "Engines fast enough for bots"): Mixtour perft(5) and, per game, how many
positions a second the search paths handle: legal-move generation and ``successor`` (the
state after a move, no checks and no events) over seeded positions of random games.

With a C compiler and Python's headers, perft(5) also runs in a mypyc-compiled copy of the
engine, side by side with the pure one (each in its own process, alternating, best of 3). The
copy is built under ``build/mypyc``, never in ``service/``: a ``.so`` beside a ``.py`` would
shadow it for everyone working in the tree. Measured, not adopted (docs/performance.md).
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path
from typing import Any

from service.games import REGISTRY
from service.games.core import driver, perft

from . import targets
from .common import best_of, playout_positions

GAMES: list[tuple[str, int | None]] = [
    ("mixtour", None),
    ("tric-trac", None),
    ("te-trix", 3),
    ("triominos-junior", 3),
]


ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "mypyc"
# What mypyc compiles as it is: state.py's dataclass_transform decorator cannot be set on a
# compiled function, and core/game.py's generic frozen dataclasses fail at import.
COMPILED = [
    "service/games/mixtour/rules.py",
    "service/games/mixtour/board.py",
    "service/games/mixtour/moves.py",
    "service/games/core/driver.py",
]
PERFT = """
import sys, time
from service.games import REGISTRY
from service.games.core import driver, perft
from service.games.mixtour import rules
engine = REGISTRY["mixtour"]
start = time.perf_counter()
leaves = perft(engine, engine.new(), int(sys.argv[1]))
seconds = time.perf_counter() - start
print(leaves, seconds, all(m.__file__.endswith(".so") for m in (rules, driver)))
"""


def _build_compiled() -> str | None:
    """Compiles a copy of ``service/`` under ``build/mypyc``; None, or why it cannot."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "no Python.h (Debian: python3-dev)"
    shutil.rmtree(BUILD, ignore_errors=True)
    shutil.copytree(
        ROOT / "service", BUILD / "service", ignore=shutil.ignore_patterns("__pycache__")
    )
    mypyc = Path(sys.executable).parent / "mypyc"
    done = subprocess.run([mypyc, *COMPILED], cwd=BUILD, capture_output=True, text=True)
    return (
        None if done.returncode == 0 else f"mypyc failed: {done.stdout[-500:]}{done.stderr[-500:]}"
    )


def _perft_in(directory: Path, depth: int) -> tuple[int, float, bool]:
    """perft in a fresh process that imports ``service`` from ``directory``."""
    env = {**os.environ, "PYTHONPATH": str(directory)}
    done = subprocess.run(
        [sys.executable, "-c", PERFT, str(depth)],
        cwd=directory,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    leaves, seconds, compiled = done.stdout.split()
    return int(leaves), float(seconds), compiled == "True"


def _pure_and_compiled(depth: int) -> None:
    why_not = _build_compiled()
    if why_not:
        print(f"mixtour perft({depth}) compiled with mypyc: skipped, {why_not}")
        return
    pure, compiled = [], []
    for _ in range(3):
        leaves, seconds, is_compiled = _perft_in(ROOT, depth)
        assert not is_compiled
        pure.append(seconds)
        compiled_leaves, seconds, is_compiled = _perft_in(BUILD, depth)
        assert is_compiled and compiled_leaves == leaves
        compiled.append(seconds)
    print(
        f"mixtour perft({depth}), best of 3, alternating: pure {min(pure):.2f} s, "
        f"compiled {min(compiled):.2f} s ({min(pure) / min(compiled):.2f}×)"
    )


def _moves(engine: Any, state: Any) -> tuple[int | None, list[Any]]:
    movers = engine.to_move(state)
    player = movers[0] if len(movers) > 1 else None
    if engine.is_chance(state):
        return None, [m for m, _ in engine.chance_outcomes(state)]
    return player, list(engine.legal_moves(state, player))


# Perft from the start of the games whose turns alternate (Te-Trix's players place at once,
# which a perft of single moves does not walk): (game, players, depth; quick depth).
PERFTS = [("tric-trac", None, 6, 5), ("triominos-junior", 2, 4, 3)]


def run(quick: bool = False) -> None:
    depth = 4 if quick else 5
    engine = REGISTRY["mixtour"]
    start = time.perf_counter()
    leaves = perft(engine, engine.new(), depth)
    seconds = time.perf_counter() - start
    print(f"mixtour perft({depth}): {leaves:,} leaves in {seconds:.2f} s")
    if not quick:
        fast, slow = targets.PERFT_JS_SECONDS
        bound = targets.PERFT_OVER_JS
        print(
            f"target: perft(5) ≤ {bound}× the tuned JavaScript engine ({fast}–{slow} s, the "
            f"issue's figure): {seconds / slow:.1f}–{seconds / fast:.1f}× "
            f"{targets.at_most(seconds / slow, bound)} against the slower, "
            f"{targets.at_most(seconds / fast, bound)} against the faster"
        )
        _pure_and_compiled(depth)
    for game, players, full, small in PERFTS:
        engine = REGISTRY[game]
        start_state = driver.start(engine, players, None, None).state
        d = small if quick else full
        begin = time.perf_counter()
        leaves = perft(engine, start_state, d)
        seconds = time.perf_counter() - begin
        print(
            f"{game} perft({d}): {leaves:,} leaves in {seconds:.2f} s ({leaves / seconds:,.0f}/s)"
        )
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
