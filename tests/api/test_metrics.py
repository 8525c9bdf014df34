"""/metrics (issue 14, point 3): every request counted once with several workers, the gauges
merged, the process and Python metrics, the names, and docs/metrics.md's table — against the
real server (``python -m service``) with one and two workers, and in process."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.client import HTTPConnection
from pathlib import Path

import pytest
from prometheus_client.metrics_core import Metric
from prometheus_client.parser import text_string_to_metric_families
from starlette.testclient import TestClient

from service import __main__ as server_main
from service.api import metrics as metrics_module
from service.api.metrics import forget_dead_workers, live_workers
from service.app import create_app
from service.settings import Settings

from ..redis_server import RedisServer
from ..server_process import ROOT, Server, call, server_process

GAMES = "/v1/games"


# ---- reading /metrics ----------------------------------------------------------------------


def families(text: str) -> dict[str, Metric]:
    """The scraped families by exposed name (a counter by its ``_total`` name)."""
    out = {}
    for family in text_string_to_metric_families(text):
        name = family.name + "_total" if family.type == "counter" else family.name
        out[name] = family
    return out


def values(text: str, name: str, **labels: str) -> list[tuple[dict[str, str], float]]:
    """The samples of ``name`` (a sample name: ``regelwerk_requests_total``) with ``labels``."""
    return [
        (s.labels, s.value)
        for f in text_string_to_metric_families(text)
        for s in f.samples
        if s.name == name and labels.items() <= s.labels.items()
    ]


def counted(text: str, route: str) -> float:
    return sum(v for _, v in values(text, "regelwerk_requests_total", route=route))


def entries(text: str) -> float:
    return values(text, "regelwerk_cache_entries")[0][1]


def pids(text: str, name: str, **labels: str) -> set[str]:
    return {s["pid"] for s, _ in values(text, name, **labels)}


# ---- docs/metrics.md ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    name: str
    type: str
    labels: frozenset[str]
    worker_labels: frozenset[str]  # marked ¹: only with several workers
    with_workers: str


def documented() -> dict[str, Row]:
    rows = {}
    for line in (ROOT / "docs" / "metrics.md").read_text(encoding="utf-8").splitlines():
        if not line.startswith("| `"):
            continue
        name, kind, labels, _unit, _meaning, workers = (c.strip() for c in line[1:-1].split("|"))
        names = {label.strip(" `¹") for label in labels.split(",") if label.strip()}
        marked = {label.strip(" `¹") for label in labels.split(",") if label.endswith("¹")}
        row = Row(
            name.strip("`"),
            kind,
            frozenset(names),
            frozenset(marked),
            workers,
        )
        rows[row.name] = row
    return rows


def exposed_labels(family: Metric) -> frozenset[str]:
    return frozenset(k for s in family.samples for k in s.labels if k != "le")


# ---- in process (one worker) ---------------------------------------------------------------


@pytest.fixture
def redis_client() -> TestClient:
    """An app with a Redis that is not there (every call fails): all of its metrics exist."""
    settings = Settings(
        redis_url="redis://127.0.0.1:9/0", redis_timeout_ms=50, cache_secret="metrics-test-cache"
    )
    return TestClient(create_app(settings))


def exercise(client: TestClient) -> str:
    state = client.post("/v1/games/mixtour/new", json={}).json()["state"]
    client.post("/v1/games/mixtour/legal-moves", json={"state": state})
    client.app.state.metrics.cache_event("redis", "legal-moves", "stored")
    return client.get("/metrics").text


def test_the_docs_table_is_what_one_worker_exposes(redis_client):
    scraped = families(exercise(redis_client))
    rows = documented()
    assert set(scraped) == set(rows)
    for name, family in scraped.items():
        row = rows[name]
        assert family.type == row.type, name
        assert exposed_labels(family) == row.labels - row.worker_labels, name


def test_names_say_their_unit_and_counters_end_in_total(redis_client):
    for name, family in families(exercise(redis_client)).items():
        assert not re.search(r"micro|milli|_ms\b|_us\b", name), name
        if family.type == "counter":
            assert name.endswith("_total"), name
        if family.type == "histogram":
            assert name.endswith("_seconds"), name


def test_one_worker_shows_its_process_and_python_collectors(client):
    text = client.get("/metrics").text
    for name in ("process_cpu_seconds_total", "python_gc_collections_total", "python_info"):
        assert values(text, name), name
    assert 'pid="' not in text


def test_cache_events_are_look_ups_or_writes():
    text = exercise(TestClient(create_app(Settings())))
    lookups = values(text, "regelwerk_cache_lookups_total", op="legal-moves", tier="memory")
    assert [(s["result"], v) for s, v in lookups] == [("miss", 1.0)]
    writes = values(text, "regelwerk_cache_writes_total")
    assert writes == [({"tier": "redis", "op": "legal-moves", "result": "stored"}, 1.0)]


def test_redis_calls_are_timed_and_failures_counted(redis_client):
    metrics = redis_client.app.state.metrics
    metrics.redis_call("get", 0.0003, True)
    metrics.redis_call("set", 0.05, False)
    text = redis_client.get("/metrics").text
    errors = {s["command"]: v for s, v in values(text, "regelwerk_redis_errors_total")}
    assert errors == {"get": 0.0, "set": 1.0, "del": 0.0}
    counts = {s["command"]: v for s, v in values(text, "regelwerk_redis_seconds_count")}
    assert counts == {"get": 1.0, "set": 1.0, "del": 0.0}
    (le_1ms,) = values(text, "regelwerk_redis_seconds_bucket", command="get", le="0.001")
    assert le_1ms[1] == 1.0


# ---- the directory, in process -----------------------------------------------------------------


@pytest.fixture
def no_multiproc_env(monkeypatch, tmp_path):
    for name in ("PROMETHEUS_MULTIPROC_DIR", "prometheus_multiproc_dir"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))


def test_one_worker_needs_no_directory(no_multiproc_env, tmp_path):
    with server_main.worker_metrics(1) as directory:
        assert directory is None and "PROMETHEUS_MULTIPROC_DIR" not in os.environ
    assert list(tmp_path.iterdir()) == []


def test_several_workers_get_a_private_directory_removed_at_exit(no_multiproc_env, tmp_path):
    with server_main.worker_metrics(2) as directory:
        assert directory is not None and os.environ["PROMETHEUS_MULTIPROC_DIR"] == directory
        assert Path(directory).parent == tmp_path and Path(directory).stat().st_mode & 0o077 == 0
        assert metrics_module.multiprocess_directory() == directory
    assert not Path(directory).exists() and "PROMETHEUS_MULTIPROC_DIR" not in os.environ


def test_an_operators_directory_is_emptied_of_metric_files_and_kept(
    no_multiproc_env, monkeypatch, tmp_path
):
    mine = tmp_path / "metrics"
    mine.mkdir()
    (mine / "counter_12345.db").write_bytes(b"a previous run")
    (mine / "notes.txt").write_text("not prometheus-client's")
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(mine))
    with server_main.worker_metrics(1) as directory:
        assert directory == str(mine)
        assert sorted(p.name for p in mine.iterdir()) == ["notes.txt"]
    assert mine.is_dir()


def test_only_running_siblings_are_live_workers(tmp_path):
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    gone = child.pid
    me = os.getpid()
    for pid in (me, gone, os.getppid()):  # the parent runs, but is no sibling
        for kind in ("counter", "gauge_livesum", "gauge_liveall"):
            (tmp_path / f"{kind}_{pid}.db").write_bytes(b"")
    assert live_workers(str(tmp_path)) == [me]
    forget_dead_workers(str(tmp_path))
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == sorted(
        [f"counter_{p}.db" for p in (me, gone, os.getppid())]
        + [f"gauge_livesum_{me}.db", f"gauge_liveall_{me}.db"]
    )


# ---- the real server ---------------------------------------------------------------------------


class Worker:
    """A kept-alive connection, and the worker at its other end: told by the request ids it
    makes (each process draws its own prefix, service/api/logs.py), checked on every answer."""

    def __init__(self, port: int) -> None:
        self.conn = HTTPConnection("127.0.0.1", port, timeout=10)
        self.prefix = ""

    def ask(self, path: str, body: object | None = None) -> tuple[int, str]:
        data = None if body is None else json.dumps(body)
        method = "GET" if data is None else "POST"
        self.conn.request(method, path, data, {"content-type": "application/json"})
        answer = self.conn.getresponse()
        text = answer.read().decode()
        prefix = answer.getheader("x-request-id", "")[:16]
        assert self.prefix in ("", prefix), "the connection reached another worker"
        self.prefix = prefix
        return answer.status, text


@pytest.fixture
def two_workers(tmp_path) -> Iterator[tuple[Server, Path]]:
    """A server with two workers, its metrics directory made under ``tmp_path``."""
    with server_process(workers=2, TMPDIR=str(tmp_path)) as server:
        (directory,) = tmp_path.glob("regelwerk-metrics-*")
        yield server, directory


@contextmanager
def each_worker(port: int) -> Iterator[tuple[Worker, Worker]]:
    """Connections to two different workers. The kernel decides which worker accepts a
    connection, and the server is ready when its first worker is: the second may still be
    starting. Meanwhile the connection found first is kept busy: uvicorn closes one left idle
    for 5 s (its keep-alive timeout), and a new one might reach the other worker."""
    workers: dict[str, Worker] = {}
    deadline = time.monotonic() + 30
    try:
        while len(workers) < 2:
            assert time.monotonic() < deadline, "every connection reached the same worker"
            for found in workers.values():
                found.ask("/healthz")
            worker = Worker(port)
            worker.ask("/healthz")
            if worker.prefix in workers:
                worker.conn.close()
                time.sleep(0.02)
            else:
                workers[worker.prefix] = worker
        a, b = workers.values()
        yield a, b
    finally:
        for worker in workers.values():
            worker.conn.close()


@pytest.mark.slow
def test_two_workers_count_every_request_once(two_workers):
    server, _ = two_workers
    with each_worker(server.port) as (a, b):
        for _ in range(10):
            assert a.ask(GAMES)[0] == b.ask(GAMES)[0] == 200
        for _ in range(20):  # new connections: whichever worker the kernel picks
            assert call(server.base + GAMES)[0] == 200
        # A worker counts a request as it answers it: once a worker answered the next one,
        # it has counted everything it answered before.
        a.ask("/healthz")
        b.ask("/healthz")
        scrapes = [worker.ask("/metrics")[1] for worker in (a, b, a, b)]
        scrapes += [call(server.base + "/metrics")[1].decode() for _ in range(4)]
    for text in scrapes:
        assert counted(text, GAMES) == 40
        assert len(pids(text, "process_cpu_seconds_total")) == 2


@pytest.mark.slow
def test_two_workers_merge_gauges_and_show_each_process(two_workers):
    server, _ = two_workers
    with each_worker(server.port) as (a, b):
        assert entries(b.ask("/metrics")[1]) == 0
        state = json.loads(a.ask("/v1/games/mixtour/new", {})[1])["state"]
        assert entries(b.ask("/metrics")[1]) == 1  # a's new position, seen through b
        for worker in (a, b):
            assert worker.ask("/v1/games/mixtour/legal-moves", {"state": state})[0] == 200
        on_a, on_b = a.ask("/metrics")[1], b.ask("/metrics")[1]
    workers = pids(on_a, "process_resident_memory_bytes")
    assert len(workers) == 2 and workers == pids(on_b, "process_resident_memory_bytes")
    for text in (on_a, on_b):
        assert entries(text) == 3  # a: the position and its legal moves; b: the legal moves
        cost = values(text, "regelwerk_compute_cost_seconds", game="mixtour", op="legal-moves")
        assert {s["pid"] for s, _ in cost} == workers and all(v > 0 for _, v in cost)
        assert len(values(text, "python_info")) == 1
        assert "python_gc" not in text
    # The hottest keys are the answering worker's own.
    hot_a, hot_b = pids(on_a, "regelwerk_hot_key_lookups"), pids(on_b, "regelwerk_hot_key_lookups")
    assert len(hot_a) == len(hot_b) == 1 and hot_a | hot_b == workers


@pytest.mark.slow
def test_a_killed_worker_keeps_its_counts_and_loses_its_live_gauges(two_workers):
    server, directory = two_workers
    with each_worker(server.port) as (a, b):
        state = json.loads(a.ask("/v1/games/mixtour/new", {})[1])["state"]
        for worker in (a, b):
            for _ in range(10):
                assert worker.ask(GAMES)[0] == 200
            worker.ask("/v1/games/mixtour/legal-moves", {"state": state})
        (victim,) = pids(a.ask("/metrics")[1], "regelwerk_hot_key_lookups")
        b.ask("/healthz")
    assert list(directory.glob(f"gauge_live*_{victim}.db"))
    os.kill(int(victim), signal.SIGKILL)
    deadline = time.monotonic() + 30
    while True:  # until uvicorn's replacement has started
        text = call(server.base + "/metrics")[1].decode()
        workers = pids(text, "process_cpu_seconds_total")
        if len(workers) == 2 and victim not in workers:
            break
        assert time.monotonic() < deadline, f"no replacement for worker {victim}: {workers}"
        time.sleep(0.2)
    assert counted(text, GAMES) == 20
    assert victim not in pids(text, "regelwerk_compute_cost_seconds")
    assert entries(text) == 1  # b's legal moves; the replacement has none yet
    assert not list(directory.glob(f"gauge_live*_{victim}.db"))
    assert (directory / f"counter_{victim}.db").exists()


@pytest.fixture
def redis(tmp_path) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path / "redis")
    server.folder.mkdir()
    server.start()
    yield server
    server.stop()


@pytest.mark.slow
def test_the_breaker_is_open_when_any_workers_is(redis, tmp_path):
    env = {
        "REDIS_URL": redis.url,
        "REDIS_MIN_COST_US": "0",
        "REDIS_BREAKER_SECONDS": "60",
        # the one write must be stored: not a miss because a loaded machine was slow (50 ms)
        "REDIS_TIMEOUT_MS": "10000",
        "CACHE_SECRET": "metrics-test-cache",
    }
    with (
        server_process(workers=2, TMPDIR=str(tmp_path), **env) as server,
        each_worker(server.port) as (a, b),
    ):
        state = json.loads(a.ask("/v1/games/mixtour/new", {})[1])["state"]
        # three positions worker a has not looked up yet (for three Redis failures in a row)
        later = [
            json.loads(b.ask("/v1/games/mixtour/play", {"state": state, "move": m})[1])["state"]
            for m in ("a1", "b2", "c3")
        ]
        b.ask("/v1/games/mixtour/legal-moves", {"state": state})
        deadline = time.monotonic() + 10
        while True:  # the result is written to Redis after the answer
            closed = a.ask("/metrics")[1]
            if values(closed, "regelwerk_cache_writes_total", op="legal-moves"):
                break
            assert time.monotonic() < deadline, "the result never reached Redis"
            time.sleep(0.05)
        redis.stop()
        # the breaker opens after three failures in a row: each look-up fails (and its write,
        # behind the answer, while the breaker is still closed)
        for position in later:
            a.ask("/v1/games/mixtour/legal-moves", {"state": position})
        opened = b.ask("/metrics")[1]
    assert values(closed, "regelwerk_redis_breaker_open") == [({}, 0.0)]
    assert values(opened, "regelwerk_redis_breaker_open") == [({}, 1.0)]
    lookup = {"tier": "redis", "op": "legal-moves"}
    # two or three look-ups failed before the breaker opened (writes count as failures too)
    assert values(opened, "regelwerk_cache_lookups_total", result="error", **lookup)[0][1] in (2, 3)
    assert values(opened, "regelwerk_cache_writes_total", result="stored", **lookup)[0][1] == 1
    # The table holds with two workers too: pid where it is marked, nothing else.
    rows, scraped = documented(), families(opened)
    for name, family in scraped.items():
        row = rows[name]
        assert family.type == row.type, name
        if family.samples:
            assert exposed_labels(family) == row.labels, name
    assert set(rows) - set(scraped) == {n for n, r in rows.items() if r.with_workers == "not shown"}


@pytest.mark.slow
def test_one_worker_keeps_its_metrics_in_memory(tmp_path):
    with server_process(workers=1, TMPDIR=str(tmp_path)) as server:
        for _ in range(40):
            assert call(server.base + GAMES)[0] == 200
        text = call(server.base + "/metrics")[1].decode()
        assert list(tmp_path.iterdir()) == []
    assert counted(text, GAMES) == 40
    assert values(text, "python_gc_collections_total") and 'pid="' not in text


@pytest.mark.slow
def test_the_directory_goes_with_the_server_on_sigterm(two_workers):
    server, directory = two_workers
    assert directory.stat().st_mode & 0o777 == 0o700
    assert list(directory.glob("*.db"))
    server.proc.send_signal(signal.SIGTERM)
    assert server.proc.wait(timeout=30) == 0
    assert not directory.exists()
