"""The HTTP protocol's own limits on the real server (service/protocol.py, issue 21, point 4):
request heads bounded in bytes and fields (431 ``HEADERS_TOO_LARGE``), pipelining bounded."""

from __future__ import annotations

import json
import socket

import pytest

from ..server_process import running_server

pytestmark = pytest.mark.slow

HEALTHZ = b"GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n"


def read_answers(sock: socket.socket) -> list[tuple[int, bytes]]:
    """Every answer on the connection until the server closes it or stays silent for 2 s."""
    sock.settimeout(2)
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except TimeoutError:
        pass
    answers = []
    while data:
        head, _, rest = data.partition(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        length = next(
            int(line.split(b":", 1)[1])
            for line in head.split(b"\r\n")
            if line.lower().startswith(b"content-length:")
        )
        answers.append((status, rest[:length]))
        data = rest[length:]
    return answers


def closed(sock: socket.socket) -> bool:
    sock.settimeout(2)
    try:
        return sock.recv(1) == b""
    except (ConnectionResetError, TimeoutError):
        return False


@pytest.fixture(scope="module")
def base():
    with running_server(MAX_PIPELINED="4", MAX_HEADERS="20") as url:
        yield url


def connect(base: str) -> socket.socket:
    host, port = base.removeprefix("http://").split(":")
    return socket.create_connection((host, int(port)))


def test_a_head_over_max_header_bytes_is_431_and_closed(base):
    """131,072 bytes by default: the answer comes before the head ends (the server stops
    reading it), in the REST error envelope, naming the setting."""
    with connect(base) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: test\r\nX-Big: " + b"a" * 200_000)
        [(status, body)] = read_answers(sock)
    assert status == 431
    error = json.loads(body)["error"]
    assert error["code"] == "HEADERS_TOO_LARGE"
    assert error["details"] == {"limit": 131072, "setting": "MAX_HEADER_BYTES"}


def test_a_head_just_under_the_limit_is_served(base):
    with connect(base) as sock:
        sock.sendall(
            b"GET /healthz HTTP/1.1\r\nHost: test\r\nX-Big: " + b"a" * 120_000 + b"\r\n\r\n"
        )
        [(status, body)] = read_answers(sock)
    assert status == 200 and json.loads(body) == {"status": "ok"}


def test_more_header_fields_than_max_headers_is_431(base):
    def head(count: int) -> bytes:  # Host and count - 1 more fields
        fields = b"".join(b"X-%d: 1\r\n" % i for i in range(count - 1))
        return b"GET /healthz HTTP/1.1\r\nHost: t\r\n" + fields + b"\r\n"

    with connect(base) as sock:
        sock.sendall(head(20))
        assert [s for s, _ in read_answers(sock)] == [200]
    with connect(base) as sock:
        sock.sendall(head(21))
        [(status, body)] = read_answers(sock)
    assert status == 431
    assert json.loads(body)["error"]["details"] == {"limit": 20, "setting": "MAX_HEADERS"}


def test_pipelining_within_the_bound_keeps_the_connection(base):
    with connect(base) as sock:
        sock.sendall(HEALTHZ * 3)
        assert [s for s, _ in read_answers(sock)] == [200, 200, 200]
        sock.sendall(HEALTHZ)  # still open: keep-alive
        assert [s for s, _ in read_answers(sock)] == [200]


def test_pipelining_past_the_bound_answers_what_was_queued_then_closes(base):
    """One request being answered and MAX_PIPELINED (4) queued behind it; the sixth ends the
    connection once those five are answered, whatever more the client sends."""
    with connect(base) as sock:
        sock.sendall(HEALTHZ * 12)
        answers = read_answers(sock)
        assert [s for s, _ in answers] == [200] * 5
        assert closed(sock)


def test_a_huge_header_costs_the_server_almost_nothing(base):
    """The issue: one 128 MB header cost 13.8 s of CPU on the event loop and stalled /healthz
    9.2 s. The server closes the connection after the first reads past the limit, so the
    client cannot even finish sending, and /healthz answers meanwhile."""
    with connect(base) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: test\r\nX-Big: ")
        sent, stopped = 0, None
        while sent < 128 * 1024 * 1024 and stopped is None:
            try:
                sock.sendall(b"a" * 65536)
                sent += 65536
            except (ConnectionResetError, BrokenPipeError) as exc:
                stopped = exc  # the server stopped reading and closed
    assert stopped is not None
    assert sent < 16 * 1024 * 1024  # the kernel's buffers, not the server, took the rest
    with connect(base) as sock:
        sock.sendall(HEALTHZ)
        assert [s for s, _ in read_answers(sock)] == [200]
