"""Operations (issue "Hardening", items 3 and 6): request ids, one access line per request in
text or JSON, bounded logs for client errors, aborted requests counted as 499, and a graceful
shutdown on SIGTERM — the last two against the real server process."""

from __future__ import annotations

import asyncio
import contextvars
import json
import logging
import random
import re
import signal
import socket
import time
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any, ClassVar

import pytest
from starlette.requests import Request
from starlette.testclient import TestClient

from service.__main__ import GRACEFUL_SHUTDOWN_SECONDS
from service.api import observe
from service.api.logs import (
    JsonFormatter,
    SkipLogged,
    TextFormatter,
    accept_request_id,
    clip,
    request_id,
)
from service.api.metrics import Metrics
from service.api.observe import Observe
from service.api.ops import Rules
from service.app import GC_THRESHOLDS, create_app
from service.games import REGISTRY
from service.games.core import driver
from service.settings import Settings

from ..server_process import Server, call, server_process

ACCESS_FIELDS = {"method", "route", "status", "duration_ms", "bytes_in", "bytes_out", "request_id"}
GENERATED_ID = re.compile(r"[0-9a-f]{32}")
BIG = "x" * 300_000  # client text that must never reach a log line whole


def access_records(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "regelwerk.access"]


def service_records(caplog) -> list[logging.LogRecord]:
    """Everything the service and its server logged (not the test client's own lines)."""
    return [r for r in caplog.records if not r.name.startswith(("httpx", "asyncio"))]


# ---- request ids ------------------------------------------------------------------------------


@pytest.mark.parametrize("sent", ["abc", "A.b_c-9", "x" * 128, "0"])
def test_a_valid_request_id_is_echoed(client, sent):
    r = client.get("/healthz", headers={"x-request-id": sent})
    assert r.headers["x-request-id"] == sent


@pytest.mark.parametrize("sent", [None, "", "x" * 129, "a b", "a/b", "ä", "id;drop", "a\tb"])
def test_a_missing_or_invalid_request_id_is_replaced_by_a_new_one(client, sent):
    headers = {} if sent is None else {"x-request-id": sent.encode()}
    r = client.get("/v1/games", headers=headers)
    assert GENERATED_ID.fullmatch(r.headers["x-request-id"])
    assert r.headers["x-request-id"] != client.get("/v1/games").headers["x-request-id"]


def test_request_ids_are_checked_as_bytes():
    assert accept_request_id(b"trace-1.2_3") == "trace-1.2_3"
    assert GENERATED_ID.fullmatch(accept_request_id(b"\xff\xfe"))
    assert GENERATED_ID.fullmatch(accept_request_id(None))


def test_errors_and_refusals_carry_the_request_id_too(client):
    for r in (
        client.post("/v1/games/mixtour/play", json={"state": {}, "move": "c3"}),
        client.get("/no/such/route"),
        client.post("/v1/games/mixtour/new", content=b"x" * (2 * 1024 * 1024)),  # 413
    ):
        assert r.status_code >= 400 and GENERATED_ID.fullmatch(r.headers["x-request-id"])


# ---- the access line ---------------------------------------------------------------------------


def test_one_access_line_per_request_with_the_route_template(client, caplog, monkeypatch):
    caplog.set_level(logging.INFO)
    # The request's clock is the test's: read at the start and at the end, 12.5 ms apart.
    readings = iter([100.0, 100.0125])
    monkeypatch.setattr(observe, "time", SimpleNamespace(perf_counter=lambda: next(readings)))
    body = json.dumps({"state": {"game": "mixtour", "v": 1}, "move": "c3"}).encode()
    r = client.post(
        "/v1/games/mixtour/play",
        content=body,
        headers={"content-type": "application/json", "x-request-id": "req-42"},
    )
    assert r.status_code == 422
    (line,) = access_records(caplog)
    assert line.levelno == logging.INFO and line.exc_info is None
    fields = line.fields
    assert set(fields) == ACCESS_FIELDS
    assert fields["method"] == "POST"
    assert fields["route"] == "/v1/games/{game}/play"
    assert fields["status"] == 422
    assert fields["bytes_in"] == len(body)
    assert fields["bytes_out"] == len(r.content)
    assert fields["request_id"] == "req-42"
    assert fields["duration_ms"] == 12.5


def test_unmatched_paths_are_logged_and_counted_as_other_never_by_their_path(client, caplog):
    caplog.set_level(logging.INFO)
    path = "/secret-token-" + "y" * 5000
    assert client.get(path).status_code == 404
    (line,) = access_records(caplog)
    assert line.fields["route"] == "other"
    for record in service_records(caplog):
        assert "secret-token" not in TextFormatter().format(record)
    assert "secret-token" not in client.get("/metrics").text


def test_text_lines_are_key_value_and_json_lines_are_objects():
    record = logging.LogRecord("regelwerk.access", logging.INFO, __file__, 1, "request", (), None)
    record.fields = {
        "method": "POST",
        "route": "/v1/games/{game}/play",
        "status": 200,
        "duration_ms": 1.25,
        "bytes_in": 10,
        "bytes_out": 99,
        "request_id": "abc",
    }
    text = TextFormatter().format(record)
    assert re.fullmatch(
        r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} INFO regelwerk\.access request method=POST "
        r"route=/v1/games/\{game\}/play status=200 duration_ms=1\.25 bytes_in=10 bytes_out=99 "
        r"request_id=abc",
        text,
    )
    line = json.loads(JsonFormatter().format(record))
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", line.pop("time"))
    assert line == {
        "level": "INFO",
        "logger": "regelwerk.access",
        "message": "request",
        **record.fields,
    }


def test_any_line_written_during_a_request_names_its_id():
    record = logging.LogRecord("regelwerk.cache", logging.WARNING, __file__, 1, "slow", (), None)

    def inside() -> tuple[str, str]:
        request_id.set("req-7")
        return TextFormatter().format(record), JsonFormatter().format(record)

    text, line = contextvars.copy_context().run(inside)
    assert text.endswith("WARNING regelwerk.cache slow request_id=req-7")
    assert json.loads(line)["request_id"] == "req-7"
    assert "request_id" not in TextFormatter().format(record)  # outside a request


def test_values_with_spaces_are_quoted_in_text_lines():
    record = logging.LogRecord("regelwerk", logging.INFO, __file__, 1, "m", (), None)
    record.fields = {"what": 'a b "c"', "n": None}
    assert TextFormatter().format(record).endswith(r'm what="a b \"c\"" n=null')


def test_what_a_process_holds_at_start_is_frozen_out_of_the_collectors_sight_and_full_passes_rare():
    """After an app starts, the objects made so far are in the permanent generation
    (``gc.freeze``): the collector's full passes no longer walk them (app.py says what that
    bought)."""
    import gc

    with TestClient(create_app(Settings())) as client:
        assert client.get("/healthz").status_code == 200
        assert gc.get_freeze_count() > 10_000
        assert gc.get_threshold() == GC_THRESHOLDS  # and the full passes made rarer
        assert GC_THRESHOLDS[2] > 10  # than Python's own


def test_the_access_line_is_formatted_and_written_off_the_request_path(monkeypatch):
    """The server's access handler (``logs.access_handler``, from ``log_config``) only queues
    the record: a writer thread formats it and writes it, never the thread that answered."""
    import io
    import threading

    from service.api import logs

    class Stream(io.StringIO):
        writers: ClassVar[set[int]] = set()

        def write(self, text: str) -> int:
            self.writers.add(threading.get_ident())
            return super().write(text)

    stream = Stream()
    monkeypatch.setattr("sys.stderr", stream)
    config = logs.log_config("text", "info")
    assert config["loggers"]["regelwerk.access"] == {"handlers": ["access"], "propagate": False}
    handler = logs.access_handler(config["handlers"]["access"]["fmt"])
    record = logging.LogRecord("regelwerk.access", logging.INFO, __file__, 1, "request", (), None)
    record.fields = {"method": "POST", "status": 200, "request_id": "r-1"}
    handler.handle(record)
    handler.writer.stop()  # what is queued is written
    assert stream.getvalue().endswith("request method=POST status=200 request_id=r-1\n")
    assert stream.writers and threading.get_ident() not in stream.writers


def test_an_app_shutdown_writes_the_queued_access_lines_and_writing_goes_on(monkeypatch):
    """A worker may be ended before its exit handlers run (a multi-worker parent stopping it):
    the app's shutdown drains the access queue (``logs.drain_access``), so the last request's
    line is never lost, and lines written after a drain still go out."""
    import io

    from service.api import logs

    stream = io.StringIO()
    monkeypatch.setattr("sys.stderr", stream)
    handler = logs.access_handler("text")
    logger = logging.getLogger("regelwerk.access")
    monkeypatch.setattr(logger, "handlers", [handler])

    def line(request_id: str) -> None:
        record = logging.LogRecord(
            "regelwerk.access", logging.INFO, __file__, 1, "request", (), None
        )
        record.fields = {"status": 200, "request_id": request_id}
        handler.handle(record)

    line("last")
    logs.drain_access()  # joins the writer: written now, no waiting
    assert stream.getvalue().endswith("request status=200 request_id=last\n")
    line("after")
    handler.writer.stop()
    assert stream.getvalue().endswith("request status=200 request_id=after\n")
    with TestClient(create_app(Settings())) as client:  # the lifespan's shutdown drains too
        client.get("/healthz")


def test_the_access_line_is_off_below_info(make_client, caplog):
    caplog.set_level(logging.WARNING)
    make_client().get("/healthz")
    assert access_records(caplog) == []


# ---- client errors: one bounded line, no traceback ---------------------------------------------


def _client_errors(client: TestClient) -> list[tuple[str, Callable[[], Any]]]:
    """Bad requests of every kind, each carrying a lot of client text."""
    replay = 'query($m: [JSON!]!) { replay(game: "mixtour", moves: $m) { __typename } }'
    json_media = {"content-type": "application/json"}
    return [
        ("graphql syntax", lambda: client.post("/graphql", json={"query": "{ " + BIG[:20_000]})),
        ("graphql too large", lambda: client.post("/graphql", json={"query": "{ " + BIG})),
        ("graphql not json", lambda: client.post("/graphql", content=BIG, headers=json_media)),
        (
            "graphql bad variables",
            lambda: client.post("/graphql", json={"query": "{ x }", "variables": BIG}),
        ),
        (
            "graphql bad move",
            lambda: client.post("/graphql", json={"query": replay, "variables": {"m": [BIG]}}),
        ),
        ("rest not json", lambda: client.post("/v1/games/mixtour/new", content=BIG)),
        (
            "rest bad move",
            lambda: client.post("/v1/games/tric-trac/replay", json={"moves": [BIG]}),
        ),
        (
            "rest bad state",
            lambda: client.post("/v1/games/mixtour/position", json={"state": {BIG: 1}}),
        ),
        ("rest unknown game", lambda: client.post(f"/v1/games/{BIG[:5000]}/new", json={})),
        ("rest bad seed", lambda: client.post("/v1/games/mixtour/new", json={"seed": BIG})),
        (
            "rest too large",
            lambda: client.post("/v1/games/mixtour/new", content=b"[" * 2_000_000),
        ),
        ("wrong method", lambda: client.request("PATCH", "/v1/games/mixtour/new")),
        ("long method", lambda: client.request("X" * 5000, "/v1/games")),
    ]


def test_client_errors_log_one_bounded_line_and_no_traceback(client, caplog):
    caplog.set_level(logging.DEBUG)
    for what, send in _client_errors(client):
        caplog.clear()
        status = send().status_code
        assert 400 <= status < 500 or status == 200, what  # GraphQL's legacy media: 200
        records = service_records(caplog)
        assert [r.name for r in records] == ["regelwerk.access"], what
        (record,) = records
        assert record.levelno <= logging.WARNING and record.exc_info is None, what
        for formatter in (TextFormatter(), JsonFormatter()):
            line = formatter.format(record)
            assert len(line) < 500 and "xxxxxxxxxx" not in line, (what, line[:300])


def test_client_text_in_a_log_line_is_clipped():
    assert clip("short") == "short"
    cut = clip(BIG)
    assert len(cut) < 250 and cut.startswith("x" * 200) and "300000 characters" in cut


def test_a_huge_message_or_traceback_line_from_anywhere_is_cut():
    try:
        raise KeyError(BIG)
    except KeyError as exc:
        error = exc
    record = logging.LogRecord(
        "somelib", logging.ERROR, __file__, 1, BIG, (), (KeyError, error, error.__traceback__)
    )
    for formatter in (TextFormatter(), JsonFormatter()):
        line = formatter.format(record)
        assert 1000 < len(line) < 10_000 and "Traceback" in line and "KeyError" in line


def test_a_bug_is_logged_once_with_traceback_route_and_request_id(monkeypatch, caplog):
    caplog.set_level(logging.INFO)

    def broken(self):
        raise RuntimeError("bug " + BIG)

    monkeypatch.setattr(Rules, "games", broken)
    client = TestClient(create_app(Settings()), raise_server_exceptions=False)
    r = client.get("/v1/games", headers={"x-request-id": "bug-1"})
    assert r.status_code == 500 and r.json()["error"]["code"] == "INTERNAL"
    assert r.headers["x-request-id"] == "bug-1" and "bug" not in r.text
    errors = [rec for rec in service_records(caplog) if rec.levelno >= logging.ERROR]
    (error,) = errors
    assert error.getMessage() == "internal error on GET /v1/games" and error.exc_info
    text = TextFormatter().format(error)
    assert "request_id=bug-1" in text and "RuntimeError: bug xxx" in text and len(text) < 10_000
    (line,) = access_records(caplog)
    assert line.fields["status"] == 500 and line.fields["request_id"] == "bug-1"
    # The server's own "Exception in ASGI application" for the same exception is dropped.
    exc_info = error.exc_info
    again = logging.LogRecord("uvicorn.error", logging.ERROR, "", 1, "Exception", (), exc_info)
    assert not SkipLogged().filter(again)
    other = logging.LogRecord(
        "uvicorn.error", logging.ERROR, "", 1, "Exception", (), (ValueError, ValueError(), None)
    )
    assert SkipLogged().filter(other)


# ---- metrics -----------------------------------------------------------------------------------


def test_metric_children_are_bound_once_per_route_and_status(client, monkeypatch):
    metrics = client.app.state.metrics
    bound: list[tuple[str, ...]] = []
    counter_labels, histogram_labels = metrics.requests.labels, metrics.latency.labels
    monkeypatch.setattr(
        metrics.requests, "labels", lambda *a: bound.append(a) or counter_labels(*a)
    )
    monkeypatch.setattr(
        metrics.latency, "labels", lambda *a: bound.append(a) or histogram_labels(*a)
    )
    for _ in range(5):
        client.get("/v1/games")
        client.post("/v1/games/nope/new", json={})
    assert sorted(bound) == [
        ("/v1/games",),
        ("/v1/games", "200"),
        ("/v1/games/{game}/new",),
        ("/v1/games/{game}/new", "404"),
    ]
    text = client.get("/metrics").text
    assert 'regelwerk_requests_total{route="/v1/games",status="200"} 5.0' in text
    assert 'regelwerk_requests_total{route="/v1/games/{game}/new",status="404"} 5.0' in text


def _drive(app, headers: list[tuple[bytes, bytes]], messages: list[dict]) -> list[dict]:
    """A POST to /v1/games/mixtour/replay straight into the ASGI app: the client's messages
    in, what the app sent out."""
    sent: list[dict] = []
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/v1/games/mixtour/replay",
        "raw_path": b"/v1/games/mixtour/replay",
        "query_string": b"",
        "root_path": "",
        "headers": headers,
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8000),
    }

    async def receive() -> dict:
        if messages:
            return messages.pop(0)
        await asyncio.sleep(3600)
        raise AssertionError("unreachable")

    async def send(message: dict) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    return sent


def test_a_client_gone_mid_body_counts_499_not_500(caplog):
    caplog.set_level(logging.INFO)
    app = create_app(Settings())
    sent = _drive(
        app,
        [(b"content-type", b"application/json"), (b"x-request-id", b"gone-1")],
        [
            {"type": "http.request", "body": b'{"moves": ["c3", ', "more_body": True},
            {"type": "http.disconnect"},
        ],
    )
    assert sent == []
    text = TestClient(app).get("/metrics").text
    assert 'regelwerk_requests_total{route="/v1/games/{game}/replay",status="499"} 1.0' in text
    assert 'status="500"' not in text
    line = access_records(caplog)[0]
    assert line.fields["status"] == 499 and line.fields["request_id"] == "gone-1"
    assert line.fields["bytes_in"] == len(b'{"moves": ["c3", ')
    assert all(r.levelno < logging.WARNING for r in service_records(caplog))


def test_a_client_disconnect_raised_by_the_app_is_499_and_not_a_bug(caplog):
    caplog.set_level(logging.INFO)

    async def reads_body(scope, receive, send) -> None:
        await Request(scope, receive).body()  # raises ClientDisconnect

    metrics = Metrics()
    sent = _drive(Observe(reads_body, metrics), [], [{"type": "http.disconnect"}])
    assert sent == []
    assert 'route="other",status="499"} 1.0' in metrics.export()[0].decode()
    (line,) = access_records(caplog)
    assert line.fields["status"] == 499 and line.exc_info is None


# ---- settings ----------------------------------------------------------------------------------


def test_log_format_is_text_or_json_and_nothing_else():
    assert Settings().log_format == "text"
    assert Settings.from_env({"LOG_FORMAT": "json"}).log_format == "json"
    assert Settings.from_env({"LOG_FORMAT": "JSON"}).log_format == "JSON"
    with pytest.raises(SystemExit, match="LOG_FORMAT must be text or json, got 'xml'"):
        Settings.from_env({"LOG_FORMAT": "xml"})


# ---- the real server ---------------------------------------------------------------------------


def long_game(plies: int = 2000) -> list[str]:
    """A seeded Mixtour game of legal moves, long enough to be a real replay."""
    engine = REGISTRY["mixtour"]
    options = {"piecesPerPlayer": 100, "pointsToWin": 99}
    state = driver.start(engine, None, options, "drain").state
    rng = random.Random(7)
    moves: list[str] = []
    while len(moves) < plies and not engine.status(state).finished:
        notation = engine.notation(rng.choice(engine.legal_moves(state)))
        state = driver.play_one(engine, state, driver.MoveRequest(notation), auto_chance=True).state
        moves.append(notation)
    return moves


def replay_request(moves: list[str], request_id: str) -> tuple[bytes, bytes]:
    """The head and body of a REST replay of ``moves`` (seeded, Mixtour with long options)."""
    body = json.dumps(
        {"options": {"piecesPerPlayer": 100, "pointsToWin": 99}, "seed": "drain", "moves": moves}
    ).encode()
    head = (
        "POST /v1/games/mixtour/replay HTTP/1.1\r\nhost: test\r\n"
        "content-type: application/json\r\n"
        f"x-request-id: {request_id}\r\ncontent-length: {len(body)}\r\n\r\n"
    ).encode()
    return head, body


def read_answer(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    sock.settimeout(30)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, f"connection closed before an answer: {data!r}"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode().split("\r\n")
    headers = {k.lower(): v.strip() for k, v in (line.split(":", 1) for line in lines[1:])}
    while len(body) < int(headers["content-length"]):
        chunk = sock.recv(65536)
        assert chunk
        body += chunk
    return int(lines[0].split()[1]), headers, body


def metric_lines(base: str, prefix: str) -> list[str]:
    return [line for line in call(base + "/metrics")[1].decode().splitlines() if prefix in line]


def refused(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
    except ConnectionRefusedError:
        return True
    return False


@pytest.mark.slow
def test_real_server_counts_aborted_requests_as_client_closed():
    moves = long_game()
    with server_process() as server:
        head, body = replay_request(moves, "half-body")
        # 1. Half the body, then gone (the close follows the bytes on the connection, so
        # the server reads the head, starts the request and then meets the end: no wait).
        with socket.create_connection(("127.0.0.1", server.port)) as sock:
            sock.sendall(head + body[: len(body) // 2])
        # 2. The whole request, then gone before the answer (499 or, if the answer was
        # already written when the close arrived, 200; never 500).
        head, body = replay_request(moves, "no-wait")
        with socket.create_connection(("127.0.0.1", server.port)) as sock:
            sock.sendall(head + body)
        route = 'route="/v1/games/{game}/replay"'
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            lines = metric_lines(server.base, "regelwerk_requests_total{" + route)
            if sum(float(line.rsplit(" ", 1)[1]) for line in lines) >= 2:
                break
            time.sleep(0.1)
        assert any('status="499"' in line and line.endswith(" 1.0") for line in lines), lines
        assert not any('status="500"' in line for line in metric_lines(server.base, "requests"))
        output = _stopped(server)
    assert re.search(
        r" INFO regelwerk\.access request method=POST route=/v1/games/\{game\}/replay "
        r"status=499 duration_ms=[0-9.]+ bytes_in=\d+ bytes_out=0 request_id=half-body\n",
        output,
    ), output
    assert "Traceback" not in output and " ERROR " not in output and " WARNING " not in output


@pytest.mark.slow
def test_real_server_writes_json_lines_with_the_request_id():
    with server_process(LOG_FORMAT="json") as server:
        status, headers, _ = _get(server.port, "/v1/games", {"x-request-id": "trace-1.a_b"})
        assert status == 200 and headers["x-request-id"] == "trace-1.a_b"
        status, headers, _ = _get(server.port, "/v1/games/mixtour/" + "z" * 3000, {})
        assert status == 404 and GENERATED_ID.fullmatch(headers["x-request-id"])
        generated = headers["x-request-id"]
        output = _stopped(server)
    lines = [json.loads(line) for line in output.splitlines()]  # every line is JSON
    assert all({"time", "level", "logger", "message"} <= set(line) for line in lines)
    access = [line for line in lines if line["logger"] == "regelwerk.access"]
    games = next(line for line in access if line["request_id"] == "trace-1.a_b")
    assert set(games) == {"time", "level", "logger", "message"} | ACCESS_FIELDS
    assert (games["method"], games["route"], games["status"]) == ("GET", "/v1/games", 200)
    assert games["bytes_in"] == 0 and games["bytes_out"] > 100
    missing = next(line for line in access if line["request_id"] == generated)
    assert (missing["route"], missing["status"]) == ("other", 404)
    assert "zzzzzzzz" not in output
    assert any(line["logger"].startswith("uvicorn") for line in lines)  # the server's too


@pytest.mark.slow
@pytest.mark.parametrize("workers", [1, 2], ids=["1-worker", "2-workers"])
def test_sigterm_lets_requests_in_flight_finish_then_exits_0(workers):
    moves = long_game()
    head, body = replay_request(moves, "in-flight")
    with server_process(workers) as server:
        sock = socket.create_connection(("127.0.0.1", server.port))
        with sock:
            # In flight: the server has the request's head and part of its body (a slow client).
            # Its signal waits until the server has read every byte sent so far: then the
            # request has begun (uvicorn parses a head in the same step as it reads it).
            sock.sendall(head + body[:1000])
            _wait_for(lambda: _read_by_server(sock))
            server.proc.send_signal(signal.SIGTERM)
            _wait_for(lambda: server.output().count("Shutting down") == workers)
            if workers == 1:
                # The listening socket is closed at once. (With several workers uvicorn's
                # parent holds it until every worker has drained: a new connection waits
                # in the backlog and is reset when the parent exits.)
                assert refused(server.port)
            assert server.proc.poll() is None, "exited with a request in flight"
            sock.sendall(body[1000:])
            status, headers, answer = read_answer(sock)
        assert status == 200 and headers["x-request-id"] == "in-flight"
        assert headers.get("connection") == "close"
        assert json.loads(answer)["plies"] == len(moves)
        assert server.proc.wait(timeout=GRACEFUL_SHUTDOWN_SECONDS + 10) == 0
        assert refused(server.port)
        output = server.output()
    # It exited once drained, not when its grace period ran out: uvicorn would have said
    # "timeout graceful shutdown exceeded" (a line, not a stopwatch a loaded machine fools).
    assert "graceful shutdown exceeded" not in output
    assert "status=200" in output and "request_id=in-flight" in output
    assert "Traceback" not in output and " ERROR " not in output


def _wait_for(condition: Callable[[], bool], seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def _queues(local: tuple[str, int], remote: tuple[str, int]) -> tuple[int, int] | None:
    """The kernel's send and receive queues (bytes) of the IPv4 TCP socket from ``local`` to
    ``remote`` on this machine, whichever process holds it (None: no such socket)."""

    def hex_address(address: tuple[str, int]) -> str:
        return socket.inet_aton(address[0])[::-1].hex().upper() + f":{address[1]:04X}"

    wanted = (hex_address(local), hex_address(remote))
    with open("/proc/net/tcp", encoding="ascii") as table:
        for line in table.readlines()[1:]:
            fields = line.split()
            if (fields[1], fields[2]) == wanted:
                send, receive = fields[4].split(":")
                return int(send, 16), int(receive, 16)
    return None


def _read_by_server(sock: socket.socket) -> bool:
    """Everything sent on ``sock`` has reached the server's socket and the server read it."""
    mine = _queues(sock.getsockname(), sock.getpeername())
    theirs = _queues(sock.getpeername(), sock.getsockname())
    return mine is not None and theirs is not None and mine[0] == 0 and theirs[1] == 0


def test_the_wait_for_the_server_to_read_sees_bytes_left_unread():
    with socket.create_server(("127.0.0.1", 0)) as listener:
        sock = socket.create_connection(listener.getsockname())
        with sock, listener.accept()[0] as peer:
            assert _read_by_server(sock)  # nothing sent, nothing to read
            sock.sendall(b"x" * 1000)
            _wait_for(lambda: _queues(peer.getsockname(), peer.getpeername()) == (0, 1000))
            assert not _read_by_server(sock)
            assert len(peer.recv(4096)) == 1000
            assert _read_by_server(sock)


def _get(port: int, path: str, headers: dict[str, str]) -> tuple[int, dict[str, str], bytes]:
    with socket.create_connection(("127.0.0.1", port)) as sock:
        extra = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
        sock.sendall(f"GET {path} HTTP/1.1\r\nhost: test\r\n{extra}\r\n".encode())
        return read_answer(sock)


def _stopped(server: Server) -> str:
    """Stops the server with SIGTERM, as an orchestrator does, and returns its output."""
    server.proc.send_signal(signal.SIGTERM)
    assert server.proc.wait(timeout=GRACEFUL_SHUTDOWN_SECONDS + 10) == 0
    return server.output()
