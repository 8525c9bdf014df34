"""``./dev``'s installs, run as a subprocess in a copy of the repository whose Python is a stub
that records its arguments: ``serve`` installs the project alone, the checks add the dev extras
and the client, each once, and again when a pyproject.toml changes. No network, no pip."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Iterable
from pathlib import Path

import pytest

from .manifests import ROOT

RUN_ONLY = "-m pip install --quiet -e ."
WITH_DEV = "-m pip install --quiet -e .[dev] -e clients/python"

# Stands in for python3 (only `-m venv DIR`: makes DIR/bin/python, this same stub) and for the
# venv's python (logs each call).
STUB = """#!/usr/bin/env bash
echo "$*" >> "$DEV_LOG"
if [ "$1 $2" = "-m venv" ]; then
  mkdir -p "$3/bin" && cp "$0" "$3/bin/python"
fi
"""


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    shutil.copy2(ROOT / "dev", tmp_path / "dev")
    shutil.copy2(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / "clients" / "python").mkdir(parents=True)
    shutil.copy2(ROOT / "clients/python/pyproject.toml", tmp_path / "clients/python/pyproject.toml")
    stub = tmp_path / "stub-python"
    stub.write_text(STUB, encoding="utf-8")
    stub.chmod(0o755)
    # Older than any stamp the tests write, whatever the clock's resolution.
    _dated([tmp_path / "pyproject.toml", tmp_path / "clients/python/pyproject.toml"], hours_ago=3)
    return tmp_path


def _dated(paths: Iterable[Path], hours_ago: float) -> None:
    past = time.time() - hours_ago * 3600
    for path in paths:
        os.utime(path, (past, past))


def _dev(repo: Path, *args: str) -> list[str]:
    """Runs ``./dev ARGS``; the stub Python's calls, one line each."""
    log = repo / "calls.log"
    log.unlink(missing_ok=True)
    env = {
        "PATH": os.environ["PATH"],
        "PYTHON": str(repo / "stub-python"),
        "DEV_LOG": str(log),
    }
    subprocess.run(["./dev", *args], cwd=repo, env=env, check=True, timeout=30)
    return log.read_text(encoding="utf-8").splitlines()


def test_serve_on_a_fresh_clone_installs_only_the_project_then_test_tools_on_demand(repo):
    calls = _dev(repo, "serve", "--port", "8765")
    assert calls[0] == "-m venv .venv"
    assert RUN_ONLY in calls
    assert WITH_DEV not in calls
    assert calls[-1] == "-m service --port 8765"
    # Installed once: the next start goes straight to the server.
    assert _dev(repo, "serve") == ["-m service"]
    # The checks need the dev extras and the client, which `serve` did not install.
    calls = _dev(repo, "schema", "--check")
    assert WITH_DEV in calls
    assert calls[-1] == "-m service.schema_export --check"
    assert _dev(repo, "schema") == ["-m service.schema_export"]
    # A venv with the dev tools has everything `serve` needs.
    assert _dev(repo, "serve") == ["-m service"]


def test_checks_first_then_serve_installs_nothing_more(repo):
    calls = _dev(repo, "bench", "--help")
    assert calls[0] == "-m venv .venv"
    assert WITH_DEV in calls
    assert RUN_ONLY not in calls
    assert _dev(repo, "serve") == ["-m service"]


def test_a_changed_pyproject_reinstalls_each_kind_at_its_next_use(repo):
    _dev(repo, "schema")
    _dev(repo, "serve")
    stamps = list((repo / ".venv").glob(".installed-*"))
    assert [p.name for p in stamps] == [".installed-dev"]

    # Edited after the install (dates set, not waited for: file clocks are coarse).
    _dated(stamps, hours_ago=2)
    _dated([repo / "pyproject.toml"], hours_ago=1)
    calls = _dev(repo, "serve")
    assert RUN_ONLY in calls
    assert WITH_DEV not in calls
    assert WITH_DEV in _dev(repo, "schema")

    # The client's own pyproject.toml matters to the checks, not to serve.
    _dated((repo / ".venv").glob(".installed-*"), hours_ago=2)
    _dated([repo / "pyproject.toml"], hours_ago=3)
    _dated([repo / "clients/python/pyproject.toml"], hours_ago=1)
    assert _dev(repo, "serve") == ["-m service"]
    assert WITH_DEV in _dev(repo, "schema")


def test_mutate_installs_the_dev_tools_and_hands_its_arguments_to_the_helper(repo):
    calls = _dev(repo, "mutate", "service/games/mixtour/rules.py", "tests/games/mixtour")
    assert WITH_DEV in calls
    assert calls[-1] == "-m tools.mutate service/games/mixtour/rules.py tests/games/mixtour"


def test_dev_test_names_what_is_missing_before_installing_anything(repo):
    """Issue 23, point 4: a machine without Chromium learns it in the first second, not from a
    failing browser test eleven minutes later; nothing is installed first."""
    log = repo / "calls.log"
    env = {
        "PATH": os.environ["PATH"],
        "PYTHON": str(repo / "stub-python"),
        "DEV_LOG": str(log),
        "CHROMIUM": str(repo / "no-chromium-here"),
    }
    done = subprocess.run(
        ["./dev", "test"], cwd=repo, env=env, capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 1
    assert "chromium" in done.stderr and "apt-get install" in done.stderr
    assert not log.exists()  # no venv made, no pip run
