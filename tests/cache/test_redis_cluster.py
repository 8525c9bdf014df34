"""The Redis tier on a real three-master Redis Cluster (REDIS_CLUSTER=true): results and
persisted queries shared by two server processes, and a master that dies fails no request."""

from __future__ import annotations

import json
from hashlib import sha256

import pytest

from ..redis_cluster import RedisCluster
from ..server_process import call, metric, running_server
from .test_redis import CACHE_SECRET, TIMEOUT_MS, app_client, states

REDIS_HITS = 'regelwerk_cache_lookups_total{op="legal-moves",result="hit",tier="redis"}'
REDIS_ERRORS = 'regelwerk_cache_lookups_total{op="legal-moves",result="error",tier="redis"}'


@pytest.fixture(scope="module")
def shared_cluster(tmp_path_factory):
    """One cluster for the tests that leave every master up: building one costs about 2 s
    (three servers, ``redis-cli --cluster create``, waiting for ``cluster_state:ok``)."""
    found = RedisCluster(tmp_path_factory.mktemp("cluster"))
    found.start()
    yield found
    found.stop()


@pytest.fixture
def cluster(shared_cluster):
    """The shared cluster, emptied: each test starts from no keys, as on a cluster of its own."""
    for node in shared_cluster.nodes:
        assert node.command("FLUSHALL") == "+OK"
    assert shared_cluster.keys() == 0
    return shared_cluster


@pytest.fixture
def own_cluster(tmp_path):
    """A cluster of the test's own, for a test that stops one of its masters."""
    found = RedisCluster(tmp_path)
    found.start()
    yield found
    found.stop()


def cluster_env(cluster: RedisCluster, **more: str) -> dict[str, str]:
    return {
        "REDIS_URL": cluster.url,
        "REDIS_CLUSTER": "true",
        "REDIS_MIN_COST_US": "0",
        "REDIS_TIMEOUT_MS": str(TIMEOUT_MS),
        "CACHE_SECRET": CACHE_SECRET,
        **more,
    }


@pytest.mark.slow
def test_a_result_cached_by_one_process_is_a_hit_in_another(cluster):
    env = cluster_env(cluster)
    with running_server(**env) as first, running_server(**env) as second:
        state = json.loads(call(first + "/v1/games/mixtour/new", {})[1])["state"]
        answers = []
        for moves in (["a1", "b2"], ["c3", "d4"], ["e5", "a5"], ["b1", "c1"]):
            body = {"state": state, "moves": moves}
            later = json.loads(call(first + "/v1/games/mixtour/play", body)[1])["state"]
            status, answer = call(first + "/v1/games/mixtour/legal-moves", {"state": later})
            assert status == 200
            answers.append((later, answer))
        assert cluster.keys() >= len(answers)
        # the keys spread over the masters: more than one holds some
        assert sum(1 for n in cluster.nodes if n.dbsize()) >= 2
        for later, answer in answers:
            assert call(second + "/v1/games/mixtour/legal-moves", {"state": later}) == (200, answer)
        assert metric(second, REDIS_HITS) == len(answers)


@pytest.mark.slow
def test_persisted_queries_registered_on_one_process_serve_another(cluster):
    query = "{ games { id } }"
    digest = sha256(query.encode()).hexdigest()
    hashed = {"extensions": {"persistedQuery": {"version": 1, "sha256Hash": digest}}}
    env = cluster_env(cluster)
    with running_server(**env) as first, running_server(**env) as second:
        status, answer = call(second + "/graphql", hashed)
        assert json.loads(answer)["errors"][0]["extensions"]["code"] == (
            "PERSISTED_QUERY_NOT_FOUND"
        )
        status, registered = call(first + "/graphql", {"query": query, **hashed})
        assert status == 200 and "data" in json.loads(registered)
        # the other process never saw the text, only the hash
        assert call(second + "/graphql", hashed) == (200, registered)


@pytest.mark.slow
def test_a_master_that_dies_fails_no_request(own_cluster):
    """Every answer of the real server stays right while a master is down: its keys are
    misses (errors, then the breaker skips Redis for a while), the other masters' keys still
    answer. (A server process, not the in-process app: the cluster client keeps connections
    to the dead master that only a process exit closes cleanly.)"""
    env = cluster_env(own_cluster, CACHE_ENTRIES="0", REDIS_BREAKER_SECONDS="1")
    with running_server(**env) as base:
        state = json.loads(call(base + "/v1/games/mixtour/new", {})[1])["state"]
        positions = []
        for a, b in zip("abcde" * 12, "edcba" * 12, strict=True):
            for row in "12345":
                body = {"state": state, "moves": [f"{a}{row}", f"{b}{6 - int(row)}"]}
                status, answer = call(base + "/v1/games/mixtour/play", body)
                if status == 200:
                    positions.append(json.loads(answer)["state"])
            if len(positions) >= 60:
                break
        expected = [call(base + "/v1/games/mixtour/legal-moves", {"state": s}) for s in positions]
        assert all(status == 200 for status, _ in expected)
        assert own_cluster.keys() >= len(set(map(json.dumps, positions)))
        victim = max(own_cluster.nodes[1:], key=lambda n: n.dbsize())
        assert victim.dbsize() > 0
        victim.stop()
        for state, answer in zip(positions, expected, strict=True):
            assert call(base + "/v1/games/mixtour/legal-moves", {"state": state}) == answer
        assert metric(base, REDIS_ERRORS) >= 1  # the dead master's keys failed
        assert metric(base, REDIS_HITS) >= 1  # the others still answered
        status, _ = call(base + "/graphql", {"query": "{ games { id } }"})
        assert status == 200


def test_cluster_keys_name_one_slot_each(cluster):
    """No operation crosses slots: every key the service writes is a plain key (no hash
    tags tying keys to one master), so the results spread over every master."""
    # one event loop for the client's life (the cluster client's connections belong to one)
    with app_client(cluster.url, redis_cluster=True, cache_entries=0) as client:
        for state in states(client, 40):
            client.post("/v1/games/mixtour/legal-moves", json={"state": state})
    assert all(node.dbsize() > 0 for node in cluster.nodes)


def test_concurrent_calls_on_one_cluster_client_all_succeed(cluster):
    """Many requests share one cluster client at once. Used by 16 tasks at a time, redis-py
    8.1's cluster client lost calls (500 to 1,500 of these 3,200 failed without retries, some
    as AttributeError, a 500 before every exception of a call became a miss; with retries a
    few still failed and up to 300 GETs of stored keys came back empty). The tier serializes
    its calls: every one must succeed and every key must be found."""
    import asyncio

    from service.cache.redis_tier import RedisTier

    events: list[tuple[str, str, str]] = []

    async def run() -> tuple[int, int]:
        tier = RedisTier(
            cluster.url,
            secret=b"k" * 32,
            timeout_ms=1000,
            ttl=60,
            max_value_bytes=10_000,
            breaker_seconds=60,
            on_event=lambda *e: events.append(e),
            cluster=True,
        )
        hits = 0

        async def worker(i: int) -> None:
            nonlocal hits
            for j in range(100):
                key = f"t{i}-{j}".encode()
                await tier.put(key, "op", b"x" * 1000)
                found = await tier.get(key, "op")
                assert found in (None, b"x" * 1000)  # a value or a miss, never an exception
                hits += found is not None

        try:
            await asyncio.gather(*(worker(i) for i in range(16)))
            assert tier.breaker.state == "closed"
        finally:
            await tier.close()
        return tier.errors, hits

    assert asyncio.run(run()) == (0, 1600)
