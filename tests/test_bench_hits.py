"""``./dev bench hits`` measures what it says: its worker, run as the bench runs it (a
subprocess in the checkout), answers cached legal moves through the app and prints a time."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("kind", ["rest", "graphql"])
def test_the_hits_worker_measures_cached_answers_of_the_app(kind):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "hits_worker.py"), kind, "te-trix", "3", "de"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert float(done.stdout.split()[-1]) > 0


def test_the_computed_worker_answers_every_body_with_the_cache_off(tmp_path):
    """``./dev bench computed``'s worker: the bodies it is given, each answered (200, no
    error) by the app with its caches off, and a time printed; a body the app refuses stops
    it, so a broken row cannot pass as fast."""
    from bench.perf import GAMES, _cases

    rest = _cases(*GAMES[0], 3)[0][2]
    bodies = tmp_path / "bodies.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    worker = [sys.executable, str(ROOT / "bench" / "computed_worker.py"), str(bodies)]
    path = "/v1/games/mixtour/legal-moves"
    bodies.write_text(json.dumps(rest))
    done = subprocess.run([*worker, path], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert float(done.stdout.split()[-1]) > 0
    bodies.write_text(json.dumps(['{"state": {}}']))
    refused = subprocess.run([*worker, path], cwd=ROOT, env=env, capture_output=True, text=True)
    assert refused.returncode != 0
