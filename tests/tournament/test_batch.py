"""Batches: POST /v1/verify against the real server and ``regelwerk verify`` offline give the
same verdicts for a mixed batch holding every variant of every game twice (300 records); the
answer streams (its first verdict arrives
before the request's last line is even sent); a bad line is an invalid verdict and the batch
goes on; a line over the limit is skipped as it streams."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from service.api.records import Record, RecordMove, print_record
from tests.server_process import running_server

from .helpers import Game, games, illegal_move

COMMAND = str(Path(sys.executable).parent / "regelwerk")  # the package's console script


def variants(g: Game) -> list[tuple[dict[str, Any], list[str]]]:
    """Lines of one game with the problem codes each must get (empty: valid)."""
    wrong_score = [g.scores[0] + 1, *g.scores[1:]]
    others = [p for p in range(len(g.scores)) if p not in g.winners][:1]
    ply = len(g.moves) // 2
    bad = [*g.moves[:ply], illegal_move(g, ply), *g.moves[ply + 1 :]]
    line = {"game": g.game, **g.body()}
    return [
        ({**line, "claimed": g.claimed()}, []),
        ({**line, "claimed": {"scores": wrong_score}}, ["SCORES_DIFFER"]),
        ({**line, "claimed": {"winners": others}}, ["WINNERS_DIFFER"]),
        ({**line, "moves": bad}, ["*move"]),
        ({**line, "moves": g.moves[:-1]}, ["NOT_FINISHED"]),
    ]


BROKEN: list[tuple[str, list[str]]] = [
    ("not json", ["MALFORMED_JSON"]),
    ('{"game": "chess", "moves": []}', ["UNKNOWN_GAME"]),
    ('["mixtour"]', ["INVALID_REQUEST"]),
    ('{"moves": []}', ["INVALID_REQUEST"]),
    (
        '{"game": "mixtour", "record": "[Game \\"mixtour\\"]\\n\\n1. c3\\n3. c4\\n"}',
        ["INVALID_RECORD"],
    ),
]


def variant_lines() -> list[tuple[str, list[str]]]:
    """Every game's variants and record, and the broken lines: (NDJSON line, codes)."""
    pool: list[tuple[str, list[str]]] = []
    for g in games(2):
        for body, expected in variants(g):
            pool.append((json.dumps(body), expected))
        text = _record_text(g)
        pool.append((json.dumps({"game": g.game, "record": text}), []))
    return pool + BROKEN


def batch(size: int) -> tuple[list[str], list[list[str] | None]]:
    """``size`` NDJSON lines mixing every game and every verdict, with the expected codes
    per line (None for a blank line, which gets no verdict)."""
    pool = variant_lines()
    lines, expected = [], []
    for i in range(size):
        if i % 97 == 50:
            lines.append("")
            expected.append(None)
        else:
            text, codes = pool[(i * 7) % len(pool)]
            lines.append(text)
            expected.append(codes)
    return lines, expected


def _record_text(g: Game) -> str:
    return print_record(
        Record(
            game=g.game,
            moves=tuple(RecordMove(m["move"], m.get("player")) for m in g.moves),
            players=g.players,
            options=g.options or None,
            seed=g.seed,
            scores=tuple(g.scores),
            winners=tuple(g.winners),
            tags=(("Event", "Batch"),),
        )
    )


def check(verdicts: list[dict[str, Any]], expected: list[list[str] | None]) -> None:
    numbered = [(n, codes) for n, codes in enumerate(expected, 1) if codes is not None]
    assert [v["line"] for v in verdicts] == [n for n, _ in numbered]
    for verdict, (_, codes) in zip(verdicts, numbered, strict=True):
        found = [p["code"] for p in verdict["problems"]]
        if codes == ["*move"]:
            assert len(found) == 1 and "ply" in verdict["problems"][0], verdict
        else:
            assert found == codes, verdict
        assert verdict["valid"] is (not codes)


def post_batch(base: str, body: bytes) -> list[dict[str, Any]]:
    import urllib.request

    request = urllib.request.Request(
        base + "/v1/verify",
        data=body,
        method="POST",
        headers={"content-type": "application/x-ndjson"},
    )
    with urllib.request.urlopen(request, timeout=300) as r:
        assert r.status == 200
        assert r.headers["content-type"] == "application/x-ndjson"
        return [json.loads(line) for line in r.read().decode().splitlines()]


@pytest.mark.slow
def test_a_mixed_batch_verifies_the_same_over_http_and_offline(tmp_path):
    # Every distinct line twice, which still shows a line verified again getting the same
    # verdict; the thousand lines before issue 23 only repeated each one six times more. A
    # batch beyond the body limit as a whole: test_a_line_over_the_limit_is_skipped_as_it_streams.
    pool = variant_lines()
    lines, expected = batch(2 * len(pool))
    assert set(lines) == {text for text, _ in pool} | {""}
    body = ("\n".join(lines) + "\n").encode()
    with running_server() as base:
        over_http = post_batch(base, body)
    check(over_http, expected)
    path = tmp_path / "round.ndjson"
    path.write_bytes(body)
    done = subprocess.run(
        [COMMAND, "verify", str(path)], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 1, done.stderr  # some records are invalid
    offline = [json.loads(line) for line in done.stdout.splitlines()]
    assert offline == over_http
    assert 0.25 < sum(v["valid"] for v in offline) / len(offline) < 0.75  # a real mix


def _read_line(sock: socket.socket, buffer: bytearray, deadline: float) -> bytes:
    while b"\n" not in buffer:
        sock.settimeout(max(deadline - time.monotonic(), 0.01))
        chunk = sock.recv(65536)
        assert chunk, "the server closed the connection"
        buffer += chunk
    line, _, rest = bytes(buffer).partition(b"\n")
    buffer[:] = rest
    return line


def _chunk(data: bytes) -> bytes:
    return f"{len(data):x}\r\n".encode() + data + b"\r\n"


def _first_verdict(
    sock: socket.socket,
    lines: list[str],
    buffer: bytearray,
    deadline: float,
    head: list[bytes] | None = None,
) -> dict[str, Any]:
    """Opens a chunked batch with ``lines`` (the body left open) and reads the answer's head
    (into ``head``) and its first verdict."""
    sock.sendall(
        b"POST /v1/verify HTTP/1.1\r\nHost: test\r\n"
        b"Content-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\n\r\n"
    )
    sock.sendall(_chunk(("\n".join(lines) + "\n").encode()))
    while (line := _read_line(sock, buffer, deadline)) != b"\r":
        if head is not None:
            head.append(line)
    _read_line(sock, buffer, deadline)  # the verdict's chunk-size line
    return dict(json.loads(_read_line(sock, buffer, deadline)))


@pytest.mark.slow
def test_the_answer_streams_before_the_last_line_is_sent():
    """The first verdict arrives while the request body is still open: the rest of it is
    sent only after that, so the answer cannot wait for the last line."""
    lines, _ = batch(40)
    first, rest = lines[:2], lines[2:]
    with running_server() as base:
        port = int(base.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
            buffer, deadline, head = bytearray(), time.monotonic() + 30, []
            verdict = _first_verdict(sock, first, buffer, deadline, head)
            assert head[0].startswith(b"HTTP/1.1 200")
            assert b"transfer-encoding: chunked" in [h.lower().strip() for h in head]
            assert verdict["line"] == 1
            sock.sendall(_chunk(("\n".join(rest) + "\n").encode()) + b"0\r\n\r\n")
            numbers = [1]
            while len(numbers) < len(lines):
                line = _read_line(sock, buffer, deadline).strip()
                if line.startswith(b"{"):
                    numbers.append(json.loads(line)["line"])
            assert numbers == list(range(1, len(lines) + 1))


@pytest.mark.slow
def test_a_client_that_hangs_up_mid_answer_counts_499():
    """Issue 21, point 8: a batch client gone after its first verdict was counted as 200 (the
    answer had started). An answer left unfinished by a reader that went away is a 499."""
    from tests.server_process import metric

    lines, _ = batch(6)
    name = 'regelwerk_requests_total{route="/v1/verify",status="499"}'
    with running_server() as base:
        port = int(base.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
            deadline = time.monotonic() + 30
            # the answer has started (its head: 200) and its first verdict came
            assert _first_verdict(sock, lines[:2], bytearray(), deadline)["line"] == 1
        # gone, the body unfinished: counted once the server notices
        while metric(base, name) < 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert metric(base, name) == 1
        assert metric(base, 'regelwerk_requests_total{route="/v1/verify",status="200"}') == 0


def test_bad_lines_are_invalid_verdicts_and_the_batch_goes_on(client):
    body = "\n".join(text for text, _ in BROKEN) + '\n\n{"game": "mixtour", "moves": ["c3"]}'
    r = client.post("/v1/verify", content=body, headers={"content-type": "application/x-ndjson"})
    assert r.status_code == 200
    verdicts = [json.loads(line) for line in r.text.splitlines()]
    assert [v["line"] for v in verdicts] == [1, 2, 3, 4, 5, 7]  # the blank line 6: none
    assert [[p["code"] for p in v["problems"]] for v in verdicts] == [
        *(codes for _, codes in BROKEN),
        ["NOT_FINISHED"],  # the last line, without a final newline, is verified too
    ]
    assert verdicts[1]["game"] == "chess" and verdicts[0]["game"] is None
    assert verdicts[4]["problems"][0]["line"] == 4  # the record's own line
    for v in verdicts:
        assert set(v) == {
            "line",
            "game",
            "valid",
            "problems",
            "plies",
            "status",
            "scores",
            "winners",
            "certificate",
        }


def test_a_line_over_the_limit_is_skipped_as_it_streams(make_client):
    small = make_client(max_body_bytes=2048)
    good = '{"game": "mixtour", "moves": ["c3"]}'
    huge = '{"game": "mixtour", "moves": [' + ",".join(['"c3"'] * 2000) + "]}"
    body = "\n".join([good, huge, good, huge])  # the last one without a newline
    assert len(body) > 2 * 2048
    r = small.post("/v1/verify", content=body)
    verdicts = [json.loads(line) for line in r.text.splitlines()]
    assert [(v["line"], v["problems"][0]["code"]) for v in verdicts] == [
        (1, "NOT_FINISHED"),
        (2, "BODY_TOO_LARGE"),
        (3, "NOT_FINISHED"),
        (4, "BODY_TOO_LARGE"),
    ]
    # A single request's body limit does not apply to a batch as a whole.
    r = small.post("/v1/verify", content="\n".join([good] * 200))
    assert len(r.text.splitlines()) == 200


def test_each_line_has_its_own_work_budget(make_client):
    capped = make_client(max_moves=3, max_work=1100)
    lines = [
        '{"game": "mixtour", "moves": ["c3", "c4", "c3-c4", "c4-c3"]}',
        '{"game": "mixtour", "moves": ["c3"]}',
    ]
    r = capped.post("/v1/verify", content="\n".join(lines))
    verdicts = [json.loads(line) for line in r.text.splitlines()]
    assert [v["problems"][0]["code"] for v in verdicts] == ["TOO_MANY_MOVES", "NOT_FINISHED"]
