"""The ``regelwerk`` command as a tournament director runs it: installed by the package,
offline, one verdict per record, exit status, stdin, text records, a progress bar on a
terminal, the secret from the environment; ``regelwerk serve`` starts the service."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.redis_server import free_port

from .helpers import games

COMMAND = str(Path(sys.executable).parent / "regelwerk")
GAMES = games(1)


def run(*args: str, stdin: str | None = None, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("RULES_")} | env
    return subprocess.run(
        [COMMAND, *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        env=environment,
    )


def ndjson(*lines: dict) -> str:
    return "".join(json.dumps(line) + "\n" for line in lines)


def test_valid_records_exit_zero_and_print_one_verdict_each(tmp_path):
    path = tmp_path / "round.ndjson"
    path.write_text(ndjson(*({"game": g.game, **g.body(claimed=g.claimed())} for g in GAMES)))
    done = run("verify", str(path))
    assert done.returncode == 0, done.stderr
    verdicts = [json.loads(line) for line in done.stdout.splitlines()]
    assert [v["line"] for v in verdicts] == list(range(1, len(GAMES) + 1))
    assert all(v["valid"] for v in verdicts)
    assert [v["scores"] for v in verdicts] == [g.scores for g in GAMES]
    assert done.stderr == ""  # not a terminal: no progress bar


def test_one_invalid_record_makes_the_exit_status_one():
    g = GAMES[0]
    wrong = {"game": g.game, **g.body(claimed={"winners": [9]})}
    done = run("verify", "-", stdin=ndjson({"game": g.game, **g.body()}, wrong))
    assert done.returncode == 1
    verdicts = [json.loads(line) for line in done.stdout.splitlines()]
    assert [v["valid"] for v in verdicts] == [True, False]
    assert verdicts[1]["problems"][0]["code"] == "WINNERS_DIFFER"


def test_text_records_with_file_lines_and_a_readable_format(tmp_path):
    path = tmp_path / "games.txt"
    path.write_text(
        "; round 1\n"
        '[Game "mixtour"]\n'
        '[Event "Club"]\n'
        "\n"
        "1. c3\n"
        "2. c3\n"
        "\n"
        '[Game "mixtour"]\n'
        "\n"
        "1. c3\n"
        "3. c4\n"
    )
    done = run("verify", str(path))
    assert done.returncode == 1
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert (first["line"], first["problems"][0]["line"]) == (2, 6)  # the file's lines
    assert first["problems"][0]["rule"] == "MX-4"
    assert (second["line"], second["problems"][0]["code"]) == (8, "INVALID_RECORD")
    assert second["problems"][0]["line"] == 11
    assert second["problems"][0]["message"].startswith("record line 11: ")
    text = run("verify", "--format", "text", str(path)).stdout.splitlines()
    assert text[0].startswith("line 2: INVALID mixtour: ILLEGAL_MOVE (MX-4): move 2 (c3): ")
    assert text[1].startswith("line 8: INVALID mixtour: INVALID_RECORD: record line 11: ")
    g = GAMES[0]
    done = run("verify", "--format", "text", "-", stdin=ndjson({"game": g.game, **g.body()}))
    scores = " ".join(map(str, g.scores))
    winners = " ".join(map(str, g.winners))
    assert done.stdout == (
        f"line 1: valid {g.game}, {len(g.moves)} moves, scores {scores}, winners {winners}\n"
    )


def test_jobs_verify_on_several_processes_with_the_same_verdicts_in_order(tmp_path):
    """--jobs 2 (and 0: one per core) prints exactly what one process prints, in the file's
    order: valid and invalid records, a line that is no JSON, more records than a batch
    (``cli.BATCH``), NDJSON and text records, JSON and text verdicts, in German too; a bad N
    is refused."""
    g = GAMES[0]
    wrong = {"game": g.game, **g.body(claimed={"winners": [9]})}
    valid = [{"game": x.game, **x.body(claimed=x.claimed())} for x in GAMES]
    short = {"game": "mixtour", "moves": ["c3", "c3"]}  # illegal at once: cheap to verify
    path = tmp_path / "round.ndjson"
    path.write_text(ndjson(*valid, wrong) + "not json\n" + ndjson(*[short] * 40, *valid))
    text_records = tmp_path / "games.txt"
    text_records.write_text('[Game "mixtour"]\n\n1. c3\n2. c3\n\n' * 45)
    cases = [
        (path, (), "2"),
        (path, ("--format", "text", "--lang", "de"), "0"),
        (text_records, (), "2"),
    ]
    for file, extra, jobs in cases:
        one = run("verify", *extra, str(file))
        assert one.returncode == 1 and one.stdout.count("\n") > 40, one.stderr
        several = run("verify", "--jobs", jobs, *extra, str(file))
        assert (several.returncode, several.stdout) == (1, one.stdout), several.stderr
    refused = run("verify", "--jobs", "many", str(path))
    assert refused.returncode == 2 and "--jobs takes a number of processes" in refused.stderr


def test_an_unreadable_file_exits_two():
    done = run("verify", "/nonexistent/round.ndjson")
    assert done.returncode == 2
    assert "cannot read /nonexistent/round.ndjson" in done.stderr
    assert run("verify").returncode == 2  # usage: argparse's status
    assert run().returncode == 2


def test_a_bad_setting_is_named(tmp_path):
    done = run("verify", "-", stdin="", MAX_WORK="lots")
    assert done.returncode != 0
    assert "MAX_WORK" in done.stderr


def test_seeded_games_are_rolled_with_the_secret_in_the_environment(make_client):
    """A game the service played under RULES_SECRET verifies offline with the same secret
    (its dice were sampled with it) and not without it."""
    service = make_client(rules_secret="club-secret")
    pos = service.post("/v1/games/tric-trac/new", json={"seed": "round-1"}).json()
    moves = []
    while pos["status"] == "ongoing" and len(moves) < 30:
        legal = service.post("/v1/games/tric-trac/legal-moves", json={"state": pos["state"]})
        move = legal.json()["moves"][-1]["notation"]
        pos = service.post("/v1/games/tric-trac/play", json={"state": pos["state"], "move": move})
        pos = pos.json()
        moves.append(move)
    line = ndjson({"game": "tric-trac", "seed": "round-1", "moves": moves})
    with_secret = json.loads(run("verify", "-", stdin=line, RULES_SECRET="club-secret").stdout)
    assert with_secret["plies"] == len(moves)
    assert with_secret["scores"] == pos["scores"]
    assert with_secret["certificate"] is None or with_secret["valid"]
    without = json.loads(run("verify", "-", stdin=line).stdout)
    assert without["plies"] < len(moves)  # other dice: some move is illegal with them


def test_a_terminal_sees_a_progress_bar(tmp_path):
    g = GAMES[1]
    path = tmp_path / "big.ndjson"
    path.write_text(ndjson(*[{"game": g.game, **g.body()}] * 300))
    assert path.stat().st_size > 256 * 1024  # a large file
    leader, follower = pty.openpty()
    out = tmp_path / "verdicts.ndjson"
    with out.open("w") as stdout:
        proc = subprocess.Popen(
            [COMMAND, "verify", str(path)], stdout=stdout, stderr=follower, env=dict(os.environ)
        )
        os.close(follower)
        seen = b""
        while True:
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the terminal closed: the command is done
                break
            if not chunk:
                break
            seen += chunk
        assert proc.wait(timeout=300) == 0
    os.close(leader)
    assert b"[##############################] 100% 300 records, 0 invalid" in seen
    assert b"\r[" in seen
    assert len(out.read_text().splitlines()) == 300  # verdicts on stdout, untouched by it
    assert b"{" not in seen


@pytest.mark.slow
def test_serve_starts_the_service():
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    proc = subprocess.Popen(
        [COMMAND, "serve", "--host", "127.0.0.1", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=2) as r:
                    assert r.status == 200
                    break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, "did not start"
                time.sleep(0.1)
    finally:
        proc.terminate()
        assert proc.wait(timeout=30) == 0  # drained and exited cleanly
