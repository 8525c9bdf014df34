"""The Redis tier against a real redis-server started by the test on a free port."""

from __future__ import annotations

import itertools
import json
import time

import pytest
from starlette.testclient import TestClient

from service.app import create_app
from service.settings import Settings

from ..redis_server import RedisServer
from ..server_process import call, metric, running_server

# The replicas' shared key for what they store in Redis (CACHE_SECRET).
CACHE_SECRET = "the-replicas-share-this-cache-secret"
# REDIS_TIMEOUT_MS for the tests that count hits: at the default 50 ms a loaded machine (two
# test workers, anything else running) turns a slow round trip into a miss and a count off
# by one. A timeout that only stops a hung call; no test here is about a slow Redis.
TIMEOUT_MS = 10_000


def app_client(redis_url: str, **settings) -> TestClient:
    base = {
        "redis_url": redis_url,
        "redis_min_cost_us": 0,
        "redis_breaker_seconds": 1,
        "redis_timeout_ms": TIMEOUT_MS,
        "cache_secret": CACHE_SECRET,
    }
    return TestClient(create_app(Settings(**(base | settings))))


def states(client, n):
    """``n`` distinct Mixtour states (each a fresh key): two placements each."""
    state = client.post("/v1/games/mixtour/new", json={}).json()["state"]
    squares = [f"{c}{r}" for c in "abcde" for r in "12345"]
    pairs = list(itertools.permutations(squares, 2))[:n]
    out = []
    for a, b in pairs:
        r = client.post("/v1/games/mixtour/play", json={"state": state, "moves": [a, b]})
        out.append(r.json()["state"])
    return out


def client_metric(client, name: str) -> float:
    """A metric of an in-process app (cf. ``server_process.metric`` for a real server)."""
    for line in client.get("/metrics").text.splitlines():
        if line.startswith(name):
            return float(line.rsplit(" ", 1)[1])
    return 0.0


@pytest.mark.slow
def test_result_cached_by_one_process_is_a_hit_in_another(redis_server):
    """Two real server processes share work through Redis."""
    env = {
        "REDIS_URL": redis_server.url,
        "REDIS_MIN_COST_US": "0",
        "REDIS_TIMEOUT_MS": str(TIMEOUT_MS),
        "CACHE_SECRET": CACHE_SECRET,
    }
    with running_server(**env) as first, running_server(**env) as second:
        state = json.loads(call(first + "/v1/games/mixtour/new", {})[1])["state"]
        body = {"state": state, "moves": ["a1", "b2", "a1-b2"]}
        state = json.loads(call(first + "/v1/games/mixtour/play", body)[1])["state"]
        status, answer = call(first + "/v1/games/mixtour/legal-moves", {"state": state})
        assert status == 200
        # The first process writes behind its answer. Wait for its legal-moves entry itself:
        # ``play`` writes too, so a key in Redis is no sign that this one is there yet.
        stored = 'regelwerk_cache_writes_total{op="legal-moves",result="stored",tier="redis"}'
        deadline = time.monotonic() + 30  # only stops a hung run
        while metric(first, stored) == 0:
            assert time.monotonic() < deadline, "the first process never wrote to Redis"
            time.sleep(0.02)
        status, again = call(second + "/v1/games/mixtour/legal-moves", {"state": state})
        assert status == 200 and json.loads(again) == json.loads(answer)
        hit = 'regelwerk_cache_lookups_total{op="legal-moves",result="hit",tier="redis"}'
        assert metric(second, hit) == 1.0
        assert metric(first, hit) == 0.0


def test_killing_redis_fails_no_request_and_restarting_closes_the_breaker(redis_server):
    with app_client(redis_server.url) as client:
        docs = states(client, 24)
        rules = client.app.state.rules
        # The breaker's clock is the test's: its pause passes when the test says, not after
        # a sleep that a loaded machine may overrun (issue 16).
        now = [0.0]
        rules.cache.redis.breaker.clock = lambda: now[0]
        for doc in docs[:8]:
            assert (
                client.post("/v1/games/mixtour/legal-moves", json={"state": doc}).status_code == 200
            )
        assert rules.cache.redis.breaker.state == "closed"
        redis_server.stop()
        for doc in docs[8:16]:
            r = client.post("/v1/games/mixtour/legal-moves", json={"state": doc})
            assert r.status_code == 200
        assert rules.cache.redis.breaker.state == "open"
        assert client_metric(client, "regelwerk_redis_breaker_open") == 1.0
        assert (
            client_metric(client, 'regelwerk_cache_lookups_total{op="legal-moves",result="error"')
            >= 1
        )
        redis_server.start()
        assert rules.cache.redis.breaker.state == "open"  # still skipping Redis
        now[0] += 1.0  # the breaker's pause (REDIS_BREAKER_SECONDS=1)
        assert rules.cache.redis.breaker.state == "half-open"
        for doc in docs[16:]:
            assert (
                client.post("/v1/games/mixtour/legal-moves", json={"state": doc}).status_code == 200
            )
        assert rules.cache.redis.breaker.state == "closed"
        assert client_metric(client, "regelwerk_redis_breaker_open") == 0.0


def test_redis_down_from_the_start_costs_nothing_but_speed(tmp_path):
    dead = RedisServer(tmp_path)  # never started: connection refused
    with app_client(dead.url, redis_timeout_ms=50) as client:
        for doc in states(client, 5):
            assert client.post("/v1/games/mixtour/score", json={"state": doc}).status_code == 200
        assert client.get("/readyz").status_code == 200


def test_oversized_values_are_not_stored(redis_server):
    with app_client(redis_server.url, cache_max_value_bytes=64) as client:
        for doc in states(client, 3):
            client.post("/v1/games/mixtour/legal-moves", json={"state": doc})
        client.portal.call(client.app.state.rules.cache.flush)  # writes are behind answers
        assert (
            client_metric(
                client, 'regelwerk_cache_writes_total{op="legal-moves",result="too_large"'
            )
            >= 3
        )
        keys = redis_server.command("KEYS", "*")
        assert redis_server.dbsize() == 0, keys


def test_cheap_operations_skip_redis(redis_server):
    """REDIS_MIN_COST_US: once a (game, op) is measured as cheap, Redis is not asked."""
    with app_client(redis_server.url, redis_min_cost_us=10**9) as client:
        for doc in states(client, 6):
            client.post("/v1/games/mixtour/score", json={"state": doc})
        cache = client.app.state.rules.cache
        assert not cache.uses_redis("mixtour", "score")
        asked = client_metric(
            client, 'regelwerk_cache_lookups_total{op="score",result="miss",tier="redis"}'
        )
        assert asked <= 1.0  # only before the first measurement


def test_a_process_fed_by_redis_still_learns_what_results_cost(redis_server):
    """Every 64th miss computes even when Redis has the result, so the cost rule stays
    informed in a process that would otherwise only ever read from Redis."""
    with app_client(redis_server.url) as first, app_client(redis_server.url) as second:
        docs = states(first, 70)
        for doc in docs:
            first.post("/v1/games/mixtour/legal-moves", json={"state": doc})
        first.portal.call(first.app.state.rules.cache.flush)
        assert redis_server.dbsize() >= 70
        for doc in docs:
            assert (
                second.post("/v1/games/mixtour/legal-moves", json={"state": doc}).status_code == 200
            )
        cache = second.app.state.rules.cache
        assert cache.costs.cost("mixtour", "legal-moves") is not None
        hits = client_metric(
            second, 'regelwerk_cache_lookups_total{op="legal-moves",result="hit",tier="redis"}'
        )
        assert hits == 69


def test_persisted_queries_are_shared_through_redis(redis_server):
    """A query registered on one replica is known to another that never saw its text; a
    replica without Redis still answers PersistedQueryNotFound (the client resends it)."""
    from hashlib import sha256

    query = "query Games { games { id name } }"
    digest = sha256(query.encode()).hexdigest()
    hashed = {"extensions": {"persistedQuery": {"version": 1, "sha256Hash": digest}}}
    # as context managers: each app's lifespan closes its Redis connections
    with app_client(redis_server.url) as first, app_client(redis_server.url) as second:
        registered = first.post("/graphql", json={"query": query, **hashed})
        assert registered.status_code == 200 and "data" in registered.json()
        assert second.post("/graphql", json=hashed).json() == registered.json()
        alone = TestClient(create_app(Settings()))
        code = alone.post("/graphql", json=hashed).json()["errors"][0]["extensions"]["code"]
        assert code == "PERSISTED_QUERY_NOT_FOUND"
        # A text stored under a hash that is not its own is never served.
        other = sha256(b"{ games { id } }").hexdigest()
        redis_server.command("SET", f"rw:pq:{other}", "{__typename}")
        wrong = {"extensions": {"persistedQuery": {"version": 1, "sha256Hash": other}}}
        code = second.post("/graphql", json=wrong).json()["errors"][0]["extensions"]["code"]
        assert code == "PERSISTED_QUERY_NOT_FOUND"


def test_redis_calls_are_timed_and_their_failures_counted(redis_server):
    """regelwerk_redis_seconds{command} times every call; regelwerk_redis_errors_total counts
    the ones that failed."""
    gets = 'regelwerk_redis_seconds_count{command="get"}'
    sets = 'regelwerk_redis_seconds_count{command="set"}'
    errors = 'regelwerk_redis_errors_total{command="get"}'
    with app_client(redis_server.url, redis_breaker_seconds=60, cache_entries=0) as client:
        first, second = states(client, 2)
        before = client_metric(client, gets)
        client.post("/v1/games/mixtour/legal-moves", json={"state": first})
        assert client_metric(client, gets) == before + 1
        assert client_metric(client, sets) >= 1  # the results stored so far
        assert client_metric(client, errors) == 0
        redis_server.stop()
        client.post("/v1/games/mixtour/legal-moves", json={"state": second})
        assert client_metric(client, errors) == 1
        assert client_metric(client, gets) == before + 2  # the failed call is timed too


def test_an_evaluation_is_shared_through_redis(redis_server, monkeypatch):
    """Issue 27, point 4: an evaluation kept by one process is a hit in another through
    Redis (authenticated like every entry): the second runs no search and answers the same."""
    from service import bots

    def no_search(*args, **kwargs):
        raise AssertionError("the second process searched instead of reading Redis")

    with app_client(redis_server.url) as first, app_client(redis_server.url) as second:
        state = first.post("/v1/games/tric-trac/new", json={"seed": "shared"}).json()["state"]
        body = {"state": state, "seed": "r", "budget": 8}
        answer = first.post("/v1/games/tric-trac/evaluate", json=body).json()
        first.portal.call(first.app.state.rules.cache.flush)  # writes are behind answers
        assert redis_server.dbsize() >= 1
        monkeypatch.setattr(bots, "evaluate", no_search)
        assert second.post("/v1/games/tric-trac/evaluate", json=body).json() == answer
        hit = 'regelwerk_cache_lookups_total{op="evaluate",result="hit",tier="redis"}'
        assert client_metric(second, hit) == 1.0
