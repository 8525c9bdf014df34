"""The README's "A short tour" runs as written, against the real server (issue 24, point 9):
every command answers, the files it writes land in a temporary folder, and the GraphQL
example works on the tour's own state."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from tests.server_process import running_server

ROOT = Path(__file__).resolve().parents[2]
SECTION = (ROOT / "README.md").read_text().split("## A short tour", 1)[1].split("\n## ", 1)[0]
SCRIPT = re.search(r"```sh\n(.*?)```", SECTION, re.S).group(1)  # type: ignore[union-attr]


@pytest.mark.slow
def test_the_short_tour_runs_as_written(tmp_path):
    with running_server() as base:
        # each answer on a line of its own (curl writes none after a body)
        script = SCRIPT.replace("localhost:8000", base.removeprefix("http://"))
        script = script.replace("curl -s", "curl -s -w '\\n'")
        done = subprocess.run(
            ["bash", "-euo", "pipefail", "-c", script],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
            env={"PATH": "/usr/bin:/bin", "TMPDIR": str(tmp_path)},
        )
    assert done.returncode == 0, done.stderr
    assert list(tmp_path.iterdir()) != [] and not (tmp_path / "board.svg").exists()
    (svg,) = tmp_path.glob("*/board.svg")  # mktemp -d, inside TMPDIR
    assert svg.read_text().startswith("<svg")
    answers = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    new, played, legal, replayed, graphql = answers
    assert new["toMove"] == [0] and played["toMove"] == [1]
    assert legal["moves"]
    assert replayed["error"]["code"] == "ILLEGAL_MOVE"
    assert replayed["error"]["details"]["ply"] == 3
    assert replayed["error"]["message"] == "move 4: c4 is not empty"
    outcome = graphql["data"]["play"]
    assert outcome["__typename"] == "PlayOutcome" and outcome["position"]["toMove"] == [1]
