"""A real redis-server for the tests, on a free port in a temporary folder (never 6379), and a
fake peer for what no real Redis does (answer every command with garbage)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from service import jsonio
from service.cache import cache_key
from service.cache.redis_tier import PREFIX
from service.games import REGISTRY


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class RedisServer:
    def __init__(self, folder: Path) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("redis-server is not installed (.ci/run installs it)")
        self.binary = binary
        self.folder = folder
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [
                self.binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.folder),
                "--logfile",
                "",
                *self.arguments(),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                if self.command("PING") == "+PONG":
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def arguments(self) -> list[str]:
        """More redis-server arguments (a cluster node adds its own)."""
        return []

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(timeout=10)
            self.proc = None

    def command(self, *words: str) -> str:
        """One inline command over a raw socket (no client library involved)."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=2) as s:
            s.sendall((" ".join(words) + "\r\n").encode())
            return s.recv(65536).decode().strip()

    def dbsize(self) -> int:
        return int(self.command("DBSIZE").lstrip(":"))


@contextmanager
def fake_peer(answer: bytes) -> Iterator[str]:
    """A TCP server that answers every Redis command with ``answer``: what no real Redis does,
    and a broken proxy, a wrong port or a hostile host may."""
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    stop = threading.Event()

    def serve(conn: socket.socket) -> None:
        buffer = b""
        with conn:
            while not stop.is_set():
                try:
                    data = conn.recv(65536)
                except OSError:
                    return
                if not data:
                    return
                buffer += data
                while (end := _command_end(buffer)) is not None:
                    buffer = buffer[end:]
                    try:
                        conn.sendall(answer)
                    except OSError:
                        return

    def accept() -> None:
        listener.settimeout(0.1)
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            threading.Thread(target=serve, args=(conn,), daemon=True).start()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        stop.set()
        thread.join(timeout=5)
        listener.close()


def _command_end(buffer: bytes) -> int | None:
    """Where the first complete RESP command (an array of bulk strings) in ``buffer`` ends."""
    if not buffer.startswith(b"*"):
        line = buffer.find(b"\r\n")  # an inline command
        return None if line < 0 else line + 2
    line = buffer.find(b"\r\n")
    if line < 0:
        return None
    at = line + 2
    for _ in range(int(buffer[1:line])):
        head = buffer.find(b"\r\n", at)
        if head < 0:
            return None
        at = head + 2 + int(buffer[at + 1 : head]) + 2
        if at > len(buffer):
            return None
    return at


def redis_key(game: str, doc: dict[str, Any], op: str, player: int | None = None) -> bytes:
    """The Redis key of a result, computed as the service computes it."""
    d = REGISTRY[game].descriptor
    body = jsonio.canonical({k: v for k, v in doc.items() if k != "sig"})
    return PREFIX + cache_key(d.id, d.rules_version, body, op, player)
