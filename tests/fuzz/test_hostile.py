"""Issue 21's findings replayed against the real server (``python -m service``, loopback).

Each case is one finding of the attacker's probe. While it runs, a watcher asks ``/healthz``
every 50 ms; the case asserts its own answers, and afterwards the watcher's slowest answer
(< 1 s), the server's CPU time for the case (read from ``/proc``) and its resident memory.
At the end: not one 5xx in ``/metrics`` and no internal error in the server's log.

The printed table (one line a case) is what docs/security.md quotes.
"""

from __future__ import annotations

import json
import os
import random
import socket
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bench.common import playout_positions
from service.games import REGISTRY

from ..redis_server import RedisServer, fake_peer, redis_key
from ..server_process import Server, call, server_process
from .hostile_inputs import fragment_chain

# alone: the /healthz bound below is a wall-clock time (tests/workers.py)
pytestmark = [pytest.mark.slow, pytest.mark.alone]

# Seconds: the bound for /healthz while any case runs. A wall-clock bound kept on
# purpose (issue 23, point 4): it is the property under test, a stalled event loop (6.4 to
# 24 s before the fixes); nothing is waited for by the clock. It does depend on the machine:
# 32 searches in flight (case_heavy_requests_in_flight) reached 955 ms at load average 3 and
# 1.2 s on a CI machine while the interpreter's switch interval was 5 ms; at the server's 1 ms
# (service/api/offload.py) the same case takes 87-118 ms beside an install using both cores.
HEALTHZ_LIMIT = 1.0
RSS_LIMIT_MB = 400  # resident memory the server may reach in any case (the pod has 768 Mi)
NEW = "application/graphql-response+json"
CLOCK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK


def rss_mb(pid: int) -> float:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


@dataclass
class Watch:
    """Asks /healthz every 50 ms from its own thread; keeps the slowest answer."""

    server: Server
    worst: float = 0.0
    failures: list[str] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)

    def run(self) -> None:
        while not self._stop.is_set():
            start = time.monotonic()
            try:
                with urllib.request.urlopen(self.server.base + "/healthz", timeout=10) as r:
                    r.read()
            except OSError as exc:
                self.failures.append(repr(exc))
            self.worst = max(self.worst, time.monotonic() - start)
            self._stop.wait(0.05)

    @contextmanager
    def running(self) -> Iterator[Watch]:
        thread = threading.Thread(target=self.run, daemon=True)
        thread.start()
        try:
            yield self
        finally:
            self._stop.set()
            thread.join()


@dataclass
class Report:
    lines: list[str] = field(default_factory=list)

    def case(self, server: Server, name: str, body: Callable[[], str]) -> None:
        """Runs one finding's case under the watcher and records its figures."""
        pid = server.proc.pid
        cpu = cpu_seconds(pid)
        with Watch(server).running() as watch:
            start = time.monotonic()
            outcome = body()
            wall = time.monotonic() - start
        used = cpu_seconds(pid) - cpu
        rss = rss_mb(pid)
        line = (
            f"{name:<44} {outcome:<34} cpu {used:6.2f} s  wall {wall:5.1f} s  "
            f"healthz max {watch.worst * 1000:5.0f} ms  rss {rss:4.0f} MB"
        )
        self.lines.append(line)
        print(line, flush=True)
        assert not watch.failures, (name, watch.failures[:3])
        assert watch.worst < HEALTHZ_LIMIT, line
        assert rss < RSS_LIMIT_MB, line


def post(base: str, path: str, body: object, headers: dict[str, str] | None = None):
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    request = urllib.request.Request(
        base + path, data=data, headers={"content-type": "application/json", **(headers or {})}
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def connect(server: Server) -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.port), timeout=30)


def in_parallel(count: int, call_one: Callable[[int], object]) -> list[object]:
    results: list[object] = [None] * count
    failures: list[BaseException] = []

    def run(i: int) -> None:
        try:
            results[i] = call_one(i)
        except BaseException as exc:  # raised again in the test's own thread
            failures.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if failures:
        raise failures[0]
    return results


# -- the cases ---------------------------------------------------------------------------------
def case_fragment_chains(server: Server) -> str:
    """Point 1: 8 fragments x 10 spreads (the issue's 661 bytes: 22 s of CPU), 9 x 20."""
    for levels, spreads in ((8, 10), (9, 20), (12, 20)):
        status, data = post(server.base, "/graphql", {"query": fragment_chain(levels, spreads)})
        assert status == 200 and json.loads(data) == {
            "data": {"position": {"status": "ongoing"}}
        }, data[:300]
    return "200, 3 chains up to 12 x 20"


def case_duplicate_fields(server: Server) -> str:
    """Point 8: 8 documents of 1,990 duplicate fields at once (validation is quadratic in
    the fields of one selection set): validated off the event loop."""
    query = "{ games { " + "id " * 1990 + "} }"

    def one(i: int) -> int:
        status, _ = post(server.base, "/graphql", {"query": query + " " * i}, {"accept": NEW})
        return status

    statuses = in_parallel(8, one)
    assert all(s in (200, 400) for s in statuses), statuses
    return f"{sorted(set(statuses))} x 8 at once"


def case_huge_headers(server: Server) -> str:
    """Point 4: one 128 MB header (13.8 s of CPU before), then 4 x 64 MB at once."""

    def flood(megabytes: int) -> int:
        with connect(server) as sock:
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\nX-Big: ")
            sent = 0
            try:
                while sent < megabytes * 1024 * 1024:
                    sock.sendall(b"a" * 65536)
                    sent += 65536
            except (ConnectionResetError, BrokenPipeError):
                return sent
        raise AssertionError(f"the server read a {megabytes} MB header to its end")

    sent = [flood(128), *in_parallel(4, lambda i: flood(64))]
    assert all(isinstance(s, int) and s < 16 * 1024 * 1024 for s in sent), sent
    return f"closed after <= {max(sent) // 1024} KB each"


def case_many_header_fields(server: Server) -> str:
    fields = b"".join(b"X-%d: 1\r\n" % i for i in range(5000))
    with connect(server) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: t\r\n" + fields + b"\r\n")
        answer = sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 431"), answer[:100]
    return "431 HEADERS_TOO_LARGE"


def case_pipelining(server: Server) -> str:
    """Point 5: 400,000 pipelined requests on one connection (+937 MB RSS before) from a
    client that never reads its answers."""
    request = b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n"
    before = rss_mb(server.proc.pid)
    sent = 0
    with connect(server) as sock:
        sock.settimeout(5)
        try:
            while sent < 400_000:
                sock.sendall(request * 1000)
                sent += 1000
        except OSError:
            pass  # the server closed the connection, or stopped reading it
    grown = rss_mb(server.proc.pid) - before
    assert grown < 50, grown
    return f"{sent} sent, rss +{grown:.0f} MB"


def te_trix_states(count: int, seed: str = "hostile") -> list[tuple[dict, int]]:
    """Distinct Te-Trix 12 x 12 four-player positions in the placement phase, each with a
    player who places there."""
    engine = REGISTRY["te-trix"]
    placing = playout_positions(
        engine, count, sum(map(ord, seed)), 4, {"size": 12}, lambda s: len(engine.to_move(s)) > 1
    )
    return [(engine.encode(s), engine.to_move(s)[0]) for s in placing]


def strong_suggests(server: Server, count: int) -> tuple[list[dict], float]:
    """``count`` strong suggests at once on Te-Trix 12 x 12 with 4 players: their stats and
    the server's CPU seconds per request."""
    states = te_trix_states(4, "heavy")
    cpu = cpu_seconds(server.proc.pid)

    def one(i: int) -> dict:
        state, player = states[i % 4]
        body = {"state": state, "player": player, "seed": f"h{i}", "level": "strong"}
        status, data = post(server.base, "/v1/games/te-trix/suggest", body)
        assert status == 200, data[:300]
        return json.loads(data)["stats"]

    stats = in_parallel(count, one)
    return stats, (cpu_seconds(server.proc.pid) - cpu) / count


def case_strong_suggest_cpu(server: Server) -> str:
    """Point 8: strong suggest on Te-Trix 12 x 12 with 4 players cost 1.6-2.4 s of CPU; at
    the default SEARCH_MAX_CPU_MS (800) a request stays under a second, searches included."""
    stats, per_request = strong_suggests(server, 4)
    assert per_request < 1.0, per_request
    return f"4 x 200, {per_request:.2f} s CPU each, {sum(s['cpuLimited'] for s in stats)} cut"


def case_heavy_requests_in_flight(server: Server) -> str:
    """Point 7: 32 strong suggests in flight (/healthz took 6.4 s before): COMPUTE_THREADS (2)
    run at a time, the others wait off the CPU, and the event loop keeps answering. This
    server's SEARCH_MAX_CPU_MS is 200, so the case takes seconds, not half a minute."""
    stats, per_request = strong_suggests(server, 32)
    assert per_request < 0.5, per_request
    return f"32 x 200, {per_request:.2f} s CPU each, {sum(s['cpuLimited'] for s in stats)} cut"


def case_client_errors_keep_alive(server: Server) -> str:
    """Point 6: after a client error the keep-alive connection stays open (after each 500 it
    was closed silently)."""
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    bodies = [b"{", b'{"state": 1}', b'{"moves": [{"player": "' + b"9" * 5000 + b'"}]}']
    statuses = []
    for body in bodies:
        connection.request("POST", "/v1/games/mixtour/replay", body)
        response = connection.getresponse()
        response.read()
        statuses.append(response.status)
        assert not response.will_close, statuses
    connection.request("GET", "/healthz")
    assert connection.getresponse().status == 200
    connection.close()
    assert all(400 <= s < 500 for s in statuses), statuses
    return f"{statuses}, then 200 on one connection"


def case_client_text(server: Server) -> str:
    """Points 2 and 6: every hostile text of tests/fuzz/hostile_inputs.py (64 KB of blanks in
    a move line or a Triominos position, 16 s of CPU each before; superscript digits, 5,000-
    digit numbers, nesting past 254 levels: 500s before) through every call that reads it, on
    one keep-alive connection: each its coded 4xx or verdict, the connection kept."""
    import http.client

    from .hostile_inputs import code_of, hostile_inputs

    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    entries = hostile_inputs()
    for entry in entries:
        connection.request(entry.method, entry.path, entry.body(), entry.headers)
        response = connection.getresponse()
        body = response.read()
        assert (response.status, code_of(entry, body)) == (entry.status, entry.code), (
            entry.name,
            body[:300],
        )
        assert b"INTERNAL" not in body and not response.will_close, entry.name
    connection.close()
    return f"{len(entries)} inputs, each its code"


def case_retired_key(server: Server) -> str:
    """Point 9: replay with a retired key's id rolls its dice and signs nothing."""
    from service.api.keys import key_id

    old = key_id(b"previous-secret")
    status, data = post(
        server.base, "/v1/games/tric-trac/replay", {"seed": "s", "moves": [], "keyId": old}
    )
    assert status == 200 and "sig" not in json.loads(data)["state"], data[:300]
    return "200, unsigned"


def case_cache_bytes(server: Server) -> str:
    """Point 3: Te-Trix 12 x 12 legal moves of distinct states (about 1 MB an entry: 3.0 GB
    after 3,000 requests before); this server's CACHE_MAX_BYTES is 32 MiB, so 160 distinct
    entries would hold ~500 MB of Python objects unbounded."""
    from ..server_process import metric

    states = te_trix_states(40, "bytes")

    def one(i: int) -> int:
        state, _ = states[i // 4]
        body = {"state": state, "player": i % 4}
        status, data = post(server.base, "/v1/games/te-trix/legal-moves", body)
        assert status == 200, data[:300]
        return len(data)

    sizes = [one(i) for i in range(160)]
    held = metric(server.base, "regelwerk_cache_bytes")
    assert 0 < held <= 32 * 1024 * 1024, held
    return f"160 x ~{sum(sizes) // 160 // 1024} KB, cache holds {held / 2**20:.0f} MiB"


def poison(redis_port: int, game: str, doc: dict, op: str, value: bytes) -> None:
    """Writes ``value`` under the Redis key the service computes for (game, state, op)."""
    import redis

    with redis.Redis(port=redis_port) as store:
        store.set(redis_key(game, doc, op), value)


def case_poisoned_redis(server: Server, redis_port: int) -> str:
    """Point 6: poisoned legal moves were served verbatim and a poisoned position (Mixtour
    scores [4, 0], a Te-Trix seed of the attacker's) was signed with the service key. Written
    under the exact keys, unsealed and with a made-up tag, on a server without the in-process
    tier: each answered fresh with the true state signed, each poisoned value counted invalid."""
    from service import jsonio

    from ..server_process import metric

    answered = 0
    for game, forge in (
        ("mixtour", lambda s: {**s, "scores": [4, 0]}),
        ("te-trix", lambda s: {**s, "seed": "a-seed-the-attacker-chose"}),
    ):
        status, data = post(server.base, f"/v1/games/{game}/new", {"seed": "the-hosts-seed"})
        new = json.loads(data)
        new.pop("events")  # a position answer has none
        state = new["state"]
        true_doc = {k: v for k, v in state.items() if k != "sig"}
        forged = {**new, "state": forge(true_doc), "scores": [4, 0]}
        moves = {"toMove": [0], "isChance": False, "moves": [{"notation": "pwned", "move": {}}]}
        for value in (jsonio.dumps(forged), bytes(32) + jsonio.dumps(forged)):
            poison(redis_port, game, state, "position", value)
            poison(redis_port, game, state, "legal-moves", jsonio.dumps(moves))
            status, data = post(server.base, f"/v1/games/{game}/position", {"state": state})
            assert status == 200 and json.loads(data) == new, data[:300]
            status, data = post(server.base, f"/v1/games/{game}/legal-moves", {"state": state})
            assert status == 200 and b"pwned" not in data, data[:300]
            answered += 2
    invalid = sum(
        metric(server.base, f'regelwerk_cache_lookups_total{{op="{op}",result="invalid"')
        for op in ("position", "legal-moves")
    )
    assert invalid == answered, (invalid, answered)  # each poisoned value met, none trusted
    return f"{answered} answered true, {invalid:.0f} counted invalid"


def case_redis_answering_ok(server: Server) -> str:
    """Point 6: a Redis answering +OK to everything failed 394 of 400 requests and the breaker
    never opened. Every answer is right, and the breaker opens."""
    from ..server_process import metric

    engine = REGISTRY["mixtour"]
    rng = random.Random("ok-peer")
    state = engine.new(2, {})
    for _ in range(400):
        if engine.status(state).finished or not engine.legal_moves(state):
            state = engine.new(2, {})
        status, data = post(
            server.base, "/v1/games/mixtour/legal-moves", {"state": engine.encode(state)}
        )
        assert status == 200, data[:300]
        expected = [engine.notation(m) for m in engine.legal_moves(state)]
        assert [m["notation"] for m in json.loads(data)["moves"]] == expected
        state = engine.apply(state, rng.choice(engine.legal_moves(state))).state
    assert metric(server.base, "regelwerk_redis_breaker_open") == 1.0
    return "400 x 200, each right; breaker open"


CASES = [
    case_fragment_chains,
    case_duplicate_fields,
    case_huge_headers,
    case_many_header_fields,
    case_pipelining,
    case_strong_suggest_cpu,
    case_client_errors_keep_alive,
    case_client_text,
    case_retired_key,
]


def test_every_finding_against_the_real_server():
    report = Report()
    env = {"RULES_SECRET": "current-secret", "RULES_PREVIOUS_SECRETS": "previous-secret"}
    with server_process(**env) as server:
        for case in CASES:
            name = case.__name__.removeprefix("case_")
            report.case(server, name, lambda case=case: case(server))
        metrics = call(server.base + "/metrics")[1].decode()
        output = server.output()
    errors = [
        line
        for line in metrics.splitlines()
        if line.startswith("regelwerk_requests_total") and 'status="5' in line
    ]
    assert not errors, errors
    assert "internal error" not in output and "Traceback" not in output, output[-3000:]
    with server_process(SEARCH_MAX_CPU_MS="200") as server:
        report.case(
            server, "heavy_requests_in_flight", lambda: case_heavy_requests_in_flight(server)
        )
    with server_process(CACHE_MAX_BYTES=str(32 * 1024 * 1024)) as server:
        report.case(server, "cache_bytes", lambda: case_cache_bytes(server))
    redis_server = RedisServer(Path(tempfile.mkdtemp(prefix="hostile-redis-")))
    redis_server.start()
    try:
        # no in-process tier: every request reads what Redis holds. The case counts Redis
        # look-ups, so Redis gets 10 s (docs/testing.md): at the default 50 ms a loaded machine
        # timed one out, and it was counted an error, not invalid (7 of 8, once in six runs).
        shared = {**env, "REDIS_URL": redis_server.url, "REDIS_MIN_COST_US": "0"}
        shared |= {"CACHE_ENTRIES": "0", "REDIS_TIMEOUT_MS": "10000"}
        with server_process(**shared) as server:
            port = redis_server.port
            report.case(server, "poisoned_redis", lambda: case_poisoned_redis(server, port))
    finally:
        redis_server.stop()
    with (
        fake_peer(b"+OK\r\n") as url,
        server_process(**env, REDIS_URL=url, REDIS_MIN_COST_US="0") as server,
    ):
        report.case(server, "redis_answering_ok", lambda: case_redis_answering_ok(server))
        output = server.output()
    assert "Traceback" not in output, output[-3000:]
