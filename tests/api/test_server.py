"""Boots the real server process (python -m service, uvicorn) and talks HTTP to it."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def call(url: str, body: object | None = None) -> tuple[int, bytes]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url,
        data=data,
        method="GET" if data is None else "POST",
        headers={"content-type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


@pytest.fixture(scope="module", params=[1, 2], ids=["1-worker", "2-workers"])
def server(request):
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL",)}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "service",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--workers",
            str(request.param),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if call(base + "/readyz")[0] == 200:
                break
        except OSError:
            time.sleep(0.1)
    else:
        proc.kill()
        raise AssertionError(proc.stdout.read().decode() if proc.stdout else "no output")
    yield base
    proc.terminate()
    proc.wait(timeout=15)
    if proc.stdout:
        proc.stdout.close()


@pytest.mark.slow
def test_real_server_plays_a_game_over_http(server):
    status, body = call(server + "/v1/games")
    assert status == 200 and b"mixtour" in body
    status, body = call(server + "/v1/games/mixtour/new", {})
    state = json.loads(body)["state"]
    status, body = call(
        server + "/v1/games/mixtour/play", {"state": state, "moves": ["c3", "c4", "c3-c4"]}
    )
    assert status == 200 and json.loads(body)["state"]["board"] == {"c4": "bw"}
    status, body = call(server + "/graphql", {"query": "{ games { id } }"})
    assert status == 200 and json.loads(body)["data"]["games"]
    status, body = call(server + "/v1/games/mixtour/play", {"state": state, "move": "f9"})
    assert status == 422 and json.loads(body)["error"]["code"] == "INVALID_NOTATION"
    status, body = call(server + "/metrics")
    assert status == 200 and b"regelwerk_requests_total" in body
