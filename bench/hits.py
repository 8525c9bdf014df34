"""Cache hits in process: what a cached legal-moves answer costs the service itself, without
the network, the server or the load generator (``bench/hits_worker.py`` sends N identical
requests straight into the ASGI app after a warm-up and reads the process's CPU time).

Far steadier than ``perf``'s server rows, so a few per cent show: with ``--vs PATH`` each row
runs alternately in this checkout and in PATH (e.g. ``git worktree add ../before REV``),
``rounds`` times each, and the lowest of each side is compared (noise only ever adds).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from .common import side_by_side

ROOT = Path(__file__).resolve().parents[1]
WORKER = Path(__file__).with_name("hits_worker.py")
GAMES = ("mixtour", "tric-trac", "te-trix", "triominos-junior")
LANGUAGES = (None, "de-DE,de;q=0.9,en;q=0.8")  # no header; a browser's


def _one(root: Path, kind: str, game: str, n: int, language: str | None) -> float:
    env = {**os.environ, "PYTHONPATH": str(root), "LOG_LEVEL": "warning"}
    args = [sys.executable, str(WORKER), kind, game, str(n), *([language] if language else [])]
    done = subprocess.run(args, cwd=root, env=env, capture_output=True, text=True, check=True)
    return float(done.stdout.split()[-1])


def run(quick: bool = False, vs: str | None = None, rounds: int = 3) -> None:
    n = 300 if quick else 4000
    roots = [("new", ROOT)] + ([("old", Path(vs).resolve())] if vs else [])
    print(f"cached legal moves, CPU µs per request in process (best of {rounds}, {n} requests)")
    head = f"{'game':<17} {'API':<8} {'Accept-Language':<16}"
    if vs:
        print(f"this checkout (new) against {vs} (old)\n{head}{'old':>8} {'new':>8} {'new/old':>8}")
    else:
        print(f"{head}{'µs':>8}")
    for game in GAMES[:1] if quick else GAMES:
        for kind in ("rest", "graphql"):
            for language in LANGUAGES:
                label = f"{game:<17} {kind:<8} {'browser' if language else 'none':<16}"
                side_by_side(
                    label,
                    roots,
                    1 if quick else rounds,
                    lambda root, k=kind, g=game, lang=language: _one(root, k, g, n, lang),
                )
