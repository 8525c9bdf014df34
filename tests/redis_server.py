"""A real redis-server for the tests, on a free port in a temporary folder (never 6379)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path


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
