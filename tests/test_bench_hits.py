"""``./dev bench hits`` measures what it says: its worker, run as the bench runs it (a
subprocess in the checkout), answers cached legal moves through the app and prints a time."""

from __future__ import annotations

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
