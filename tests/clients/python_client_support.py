"""Helpers for the Python client's tests: the server under test, counting transports, and
small local servers that answer badly (or not at all) for the transport tests."""

from __future__ import annotations

import os
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx2

from ..server_process import running_server

GAMES = ("mixtour", "tric-trac", "te-trix", "triominos-junior")

# A whole Mixtour game to pointsToWin 1 (White builds, Blue takes the stack of five).
FINISHED_MIXTOUR = ["a1", "b1", "b1-a1", "b1", "a1:2-b1", "a1", "b1:3-a1", "b1", "a1:4-b1"]

# analyze_batch's lines: a short game, a game the service does not have, a text record.
ANALYZE_BATCH: list[dict[str, Any]] = [
    {"game": "mixtour", "moves": ["c3", "c4"], "budget": 2},
    {"game": "chess", "moves": []},
    {"game": "mixtour", "record": '[Game "mixtour"]\n1. c3\n', "budget": 2},
]

# A fair game needs a service with RULES_SECRET. Tric Trac to one point: some 30 moves.
FAIR_SECRET = "client-fair-chance"
FAIR_GAME: dict[str, Any] = {"seed": "client-fair", "options": {"pointsToWin": 1}}
FAIR_PLIES = 200  # far more moves than such a game takes


@contextmanager
def service_url() -> Iterator[str]:
    """``REGELWERK_URL`` when set (a server someone runs), else a server started for us."""
    given = os.environ.get("REGELWERK_URL")
    if given:
        yield given
        return
    with running_server() as base:
        yield base


class CountingTransport(httpx2.HTTPTransport):
    """httpx's own transport, counting the TCP connections it opens (httpcore's trace)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.connections = 0
        self.requests = 0
        self.sent: list[httpx2.Request] = []
        self.closed = False

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        self.requests += 1
        self.sent.append(request)
        request.extensions["trace"] = self._trace
        return super().handle_request(request)

    def _trace(self, name: str, info: dict[str, Any]) -> None:
        if name == "connection.connect_tcp.complete":
            self.connections += 1

    def close(self) -> None:
        self.closed = True
        super().close()


class AsyncCountingTransport(httpx2.AsyncHTTPTransport):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.connections = 0
        self.requests = 0
        self.closed = False

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        self.requests += 1
        request.extensions["trace"] = self._trace
        return await super().handle_async_request(request)

    async def _trace(self, name: str, info: dict[str, Any]) -> None:
        if name == "connection.connect_tcp.complete":
            self.connections += 1

    async def aclose(self) -> None:
        self.closed = True
        await super().aclose()


def closed_port() -> int:
    """A port nobody listens on (bound, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def silent_server() -> Iterator[str]:
    """Accepts connections (the kernel does, from the backlog) and never answers."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen(8)
        yield f"http://127.0.0.1:{s.getsockname()[1]}"


class _NotRegelwerk(BaseHTTPRequestHandler):
    """A proxy's HTML error page for POST, plain text for GET: no JSON anywhere."""

    def _answer(self, status: int, media: str, text: str) -> None:
        length = int(self.headers.get("content-length") or 0)
        self.rfile.read(length)
        body = text.encode()
        self.send_response(status)
        self.send_header("content-type", media)
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self) -> None:
        self._answer(502, "text/html", "<html><body>502 Bad Gateway</body></html>")

    def do_GET(self) -> None:
        self._answer(200, "text/plain", "hello, I am not a rules service")

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def not_regelwerk_server() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _NotRegelwerk)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
