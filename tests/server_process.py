"""Starting the real server (python -m service, uvicorn) as a child process for tests."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from .redis_server import free_port

ROOT = Path(__file__).resolve().parents[1]


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


@dataclass
class Server:
    """A running ``python -m service``: its URL, its process and what it wrote."""

    base: str
    port: int
    proc: subprocess.Popen[bytes]
    log: Path

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


@contextmanager
def server_process(workers: int = 1, root: Path = ROOT, **env: str) -> Iterator[Server]:
    """Starts the server with ``env`` added to the environment and waits until it is ready.
    ``root``: the checkout whose service runs (the bench compares two).

    Its output goes to a file (a pipe nobody reads would fill up with access lines and stall
    the server); a test may signal the process itself, it is stopped at the end if still up.
    """
    port = free_port()
    environment = {k: v for k, v in os.environ.items() if k != "REDIS_URL"} | env
    with tempfile.TemporaryDirectory(prefix="regelwerk-server-") as tmp:
        log = Path(tmp) / "output.log"
        with log.open("wb") as out:
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
                    str(workers),
                ],
                cwd=root,
                env=environment,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        server = Server(f"http://127.0.0.1:{port}", port, proc, log)
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    if call(server.base + "/readyz")[0] == 200:
                        break
                except OSError:
                    if time.monotonic() > deadline or proc.poll() is not None:
                        proc.kill()
                        proc.wait()
                        raise AssertionError(
                            f"the server did not start:\n{server.output()}"
                        ) from None
                    time.sleep(0.1)
            yield server
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@contextmanager
def running_server(workers: int = 1, **env: str) -> Iterator[str]:
    """Yields the base URL of a server started with ``env`` added to the environment."""
    with server_process(workers, **env) as server:
        yield server.base


def metric(base: str, name: str) -> float:
    """The value of the first /metrics line that starts with ``name`` (0 when absent)."""
    for line in call(base + "/metrics")[1].decode().splitlines():
        if line.startswith(name):
            return float(line.rsplit(" ", 1)[1])
    return 0.0
