"""Computed answers in process: what a legal-moves or play answer on a position nobody asked
about before costs the service itself (cache off), without the network, the server or the
load generator. ``bench/computed_worker.py`` sends the distinct bodies of ``perf``'s rows
(seeded random-game positions, the same on both sides) straight into the ASGI app.

Far steadier than ``perf``'s server rows: with ``--vs PATH`` each row runs alternately in this
checkout and in PATH (``git worktree add ../before REV``), ``rounds`` times each, and the
lowest of each side is compared (noise only ever adds).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from .common import side_by_side
from .perf import GAMES, _cases

ROOT = Path(__file__).resolve().parents[1]
WORKER = Path(__file__).with_name("computed_worker.py")


def _one(root: Path, bodies: Path, path: str, cache: bool = False) -> float:
    env = {**os.environ, "PYTHONPATH": str(root), "LOG_LEVEL": "warning"}
    env["BENCH_CACHE_ON"] = "1" if cache else "0"
    args = [sys.executable, str(WORKER), str(bodies), path]
    done = subprocess.run(args, cwd=root, env=env, capture_output=True, text=True, check=True)
    return float(done.stdout.split()[-1])


def run(
    quick: bool = False,
    vs: str | None = None,
    rounds: int = 3,
    only: str | None = None,
    cache: bool = False,
) -> None:
    """``only``: the rows of one game label (``te-trix 4p 9x9``), or of every label it starts;
    ``cache``: the in-process cache on, as a server runs by default (each position is still
    asked once: every answer is computed, then kept)."""
    n = 40 if quick else 200
    roots = [("new", ROOT)] + ([("old", Path(vs).resolve())] if vs else [])
    kept = "on: every answer computed, then kept" if cache else "off"
    print(
        f"computed answers, CPU µs per request in process (best of {rounds}, {n} positions, "
        f"the cache {kept})"
    )
    head = f"{'game':<17} {'operation':<12} {'API':<8}"
    if vs:
        print(f"this checkout (new) against {vs} (old)\n{head}{'old':>8} {'new':>8} {'new/old':>8}")
    else:
        print(f"{head}{'µs':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        games = [g for g in GAMES if only is None or g[0].startswith(only)]
        for label, game, players, options in games[:1] if quick else games:
            for op, path, rest, gql in _cases(label, game, players, options, n):
                for kind, url, bodies in (("rest", path, rest), ("graphql", "/graphql", gql)):
                    file = Path(tmp) / "bodies.json"
                    file.write_text(json.dumps(bodies), encoding="utf-8")
                    row = f"{label:<17} {op:<12} {kind:<8}"
                    side_by_side(
                        row,
                        roots,
                        1 if quick else rounds,
                        lambda root, f=file, u=url: _one(root, f, u, cache),
                    )
