"""The README's "For tournament tools" section runs as written, against the real server."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.server_process import running_server

ROOT = Path(__file__).resolve().parents[2]
SECTION = (ROOT / "README.md").read_text().split("## For tournament tools", 1)[1]
SCRIPT = re.search(r"```sh\n(.*?)```", SECTION, re.S).group(1)  # type: ignore[union-attr]


@pytest.mark.slow
def test_the_tournament_section_runs_as_written(tmp_path):
    with running_server() as base:
        script = SCRIPT.replace("localhost:8000", base.removeprefix("http://")).replace(
            ".venv/bin/", str(Path(sys.executable).parent) + "/"
        )
        done = subprocess.run(
            ["bash", "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=120
        )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = done.stdout.splitlines()
    record = (tmp_path / "game.txt").read_text()
    assert record.startswith('[Game "mixtour"]\n')
    assert '[Result "winners 0"]' in record and "12. d2:4-e1" in record
    verdict = json.loads(out[out.index("12. d2:4-e1") + 1])
    assert verdict["valid"] and verdict["plies"] == 12
    batch = [json.loads(line) for line in out if line.startswith('{"line"')]
    assert [(v["line"], [p["code"] for p in v["problems"]]) for v in batch] == [
        (1, []),
        (2, ["WINNERS_DIFFER"]),
        (3, ["NOT_FINISHED"]),
        (1, []),  # regelwerk verify game.txt, the last command
    ]
    text = [line for line in out if line.startswith("line ")]
    assert text[0] == "line 1: valid mixtour, 12 moves, scores 1 0, winners 0"
    assert text[1].startswith("line 2: INVALID mixtour: WINNERS_DIFFER")
    assert "exit 1" in out
