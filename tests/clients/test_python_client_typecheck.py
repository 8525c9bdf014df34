"""The client package and its examples type-check with mypy --strict and pyright (strict):
what a user's checker sees is what we check. Both always run; a missing tool fails."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from ..server_process import ROOT

CLIENT = ROOT / "clients" / "python"


def run(command: list[str]) -> subprocess.CompletedProcess[str]:
    # cwd: the client's own pyproject.toml configures both checkers (strict, its files).
    # PYRIGHT_PYTHON_IGNORE_WARNINGS: no look-up of a newer pyright on PyPI at every run.
    env = {**os.environ, "PYRIGHT_PYTHON_IGNORE_WARNINGS": "1"}
    return subprocess.run(
        command, cwd=CLIENT, env=env, capture_output=True, text=True, timeout=300, check=False
    )


def test_mypy_strict_is_clean():
    done = run([sys.executable, "-m", "mypy"])
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success: no issues found" in done.stdout


def test_pyright_strict_is_clean():
    pyright = Path(sys.executable).parent / "pyright"
    assert pyright.exists(), "pyright is in the root dev extra: ./dev test installs it"
    done = run([str(pyright), "--pythonpath", sys.executable, "--outputjson"])
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr
    summary = json.loads(done.stdout)["summary"]
    assert summary["filesAnalyzed"] >= 9 and summary["errorCount"] == 0, summary
