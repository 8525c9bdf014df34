"""The cache's parts without Redis: keys, the LRU, the breaker, the cost model, hot keys."""

from __future__ import annotations

import asyncio

from service.cache import LRU, Cache, CostModel, HotKeys, cache_key
from service.cache.redis_tier import Breaker


def test_keys_differ_by_game_rules_version_state_op_and_player():
    base = ("mixtour", "mixtour-1", b"{}", "legal-moves", None)
    key = cache_key(*base)
    for i, other in enumerate(["tric-trac", "mixtour-2", b"{ }", "position", 0]):
        changed = list(base)
        changed[i] = other
        assert cache_key(*changed) != key
    assert cache_key(*base) == key


def test_lru_evicts_the_least_recently_used():
    lru = LRU(2)
    lru.put(b"a", 1)
    lru.put(b"b", 2)
    assert lru.get(b"a") == 1  # a is now the most recent
    lru.put(b"c", 3)
    assert lru.get(b"b") is None and lru.get(b"a") == 1 and len(lru) == 2
    off = LRU(0)
    off.put(b"a", 1)
    assert off.get(b"a") is None


def test_breaker_opens_after_failures_in_a_row_and_a_success_resets_the_count():
    breaker = Breaker(5, clock=lambda: 0.0, threshold=3)
    assert breaker.failure() is False and breaker.failure() is False
    assert breaker.success() is False  # still closed: the count starts again
    assert breaker.failure() is False and breaker.failure() is False
    assert breaker.state == "closed" and breaker.allow()
    assert breaker.failure() is True  # the third in a row
    assert breaker.state == "open" and not breaker.allow()


def test_breaker_opens_on_failure_probes_after_the_pause_and_closes():
    now = [0.0]
    breaker = Breaker(5, clock=lambda: now[0], threshold=1)
    assert breaker.allow() and breaker.state == "closed"
    assert breaker.failure() is True  # opened
    assert not breaker.allow() and breaker.state == "open"
    now[0] = 5.0
    assert breaker.state == "half-open"
    assert breaker.allow()  # one probe
    assert not breaker.allow()  # and only one
    assert breaker.failure() is False  # failed probe: open again, not a new opening
    now[0] = 10.0
    assert breaker.allow()
    assert breaker.success() is True and breaker.state == "closed"


def test_cost_model_moving_average():
    costs = CostModel(weight=0.5)
    assert costs.cost("g", "op") is None
    costs.record("g", "op", 100)
    costs.record("g", "op", 300)
    assert costs.cost("g", "op") == 200


def test_hot_keys_keep_the_hottest_in_bounded_memory():
    hot = HotKeys(keep=2)
    for i in range(100):
        hot.seen(bytes([i]), "mixtour", "position")
    for _ in range(5):
        hot.seen(b"\xff", "mixtour", "legal-moves")
    assert len(hot.labels) <= 16
    assert hot.top(1) == [("mixtour", "legal-moves", "ff", 5)]


def test_memory_tier_computes_once():
    calls = []
    events = []
    cache = Cache(10, lambda tier, op, result: events.append((tier, result)))

    def compute():
        calls.append(1)
        return {"x": 1}

    async def twice():
        return [await cache.get_or_compute("g", b"k", "op", compute) for _ in range(2)]

    assert asyncio.run(twice()) == [{"x": 1}, {"x": 1}]
    assert len(calls) == 1
    assert events == [("memory", "miss"), ("memory", "hit")]
    assert not cache.uses_redis("g", "op")  # no Redis configured


def test_prewarm_fills_the_cache_with_opening_positions():
    """PREWARM_DEPTH=1: every game's opening and its children are computed at start, so the
    first request for the opening is a memory hit."""
    from starlette.testclient import TestClient

    from service.app import create_app
    from service.settings import Settings

    with TestClient(create_app(Settings(prewarm_depth=1))) as client:
        cache = client.app.state.rules.cache
        assert len(cache.memory) > 4 * 2  # at least position + legal moves for each opening
        state = client.post("/v1/games/mixtour/new", json={}).json()["state"]
        client.post("/v1/games/mixtour/legal-moves", json={"state": state})
        text = client.get("/metrics").text
        assert (
            'regelwerk_cache_lookups_total{op="legal-moves",result="hit",tier="memory"} 1.0' in text
        )
        assert "regelwerk_hot_key_lookups{" in text


def test_a_computation_measured_as_costly_leaves_the_event_loop():
    """Issue 26, point 3: once this process measured a (game, operation) at
    OFFLOAD_MIN_COST_US or more, its computations run through ``offload`` (a compute thread
    in the service), each still measured; cheaper ones and the first (not measured yet) run
    where they are."""
    import threading

    ran_in: list[str] = []
    offloaded: list[bool] = []

    async def offload(call):
        offloaded.append(True)
        return await asyncio.to_thread(call)

    def compute(n):
        def run():
            ran_in.append(threading.current_thread().name)
            return n

        return run

    async def go(threshold: float) -> list[int]:
        ran_in.clear()
        offloaded.clear()
        cache = Cache(0, offload=offload, offload_min_cost_us=threshold)
        out = []
        for i in range(3):
            out.append(await cache.get_or_compute("g", bytes([i]), "op", compute(i)))
        assert cache.costs.cost("g", "op") is not None
        return out

    assert asyncio.run(go(0)) == [0, 1, 2]
    assert len(offloaded) == 2 and ran_in[0] == "MainThread" and "MainThread" not in ran_in[1:]
    assert asyncio.run(go(float("inf"))) == [0, 1, 2]
    assert offloaded == [] and ran_in == ["MainThread"] * 3


def test_the_cost_model_prices_a_computation_by_its_own_units():
    """Issue 26, point 3: costs within one operation differ by a factor of 50 and more (a
    Te-Trix roll arranged in a few ways or in hundreds), so a computation is priced by the
    units its caller counts (legal moves: the moves), not by the operation's average."""
    costs = CostModel(weight=0.5)
    assert costs.predicted("g", "op", 10) is None
    costs.record("g", "op", 1000, units=10)
    costs.record("g", "op", 600, units=2)
    assert costs.cost("g", "op") == 800  # per computation, as Redis decides by it
    assert costs.predicted("g", "op", 1) == 200  # (100 + 300) / 2 per unit
    assert costs.predicted("g", "op", 50) == 10_000
    assert costs.predicted("g", "op", 0) == 200  # no unit: priced as one


def test_only_the_computations_predicted_costly_leave_the_event_loop():
    """With ``units``, each computation is decided by its own predicted cost: the same
    operation runs where it is for a few units and in a compute thread for many, and
    ``units`` is counted only when a value is computed (never on a hit)."""
    offloaded: list[int] = []
    counted: list[int] = []

    async def offload(call):
        offloaded.append(len(counted))
        return await asyncio.to_thread(call)

    async def go() -> None:
        cache = Cache(8, offload=offload, offload_min_cost_us=1000)
        cache.costs.per_unit[("g", "op")] = 100.0  # as measured before

        def units(n: int):
            def count() -> int:
                counted.append(n)
                cache.costs.per_unit[("g", "op")] = 100.0  # the last one measured nothing
                return n

            return count

        for i, n in enumerate((2, 50, 9, 10)):
            assert await cache.get_or_compute("g", bytes([i]), "op", lambda i=i: i, units(n)) == i
        assert await cache.get_or_compute("g", bytes([1]), "op", lambda: 99, units(99)) == 1

    asyncio.run(go())
    assert counted == [2, 50, 9, 10]  # the hit counted nothing
    assert offloaded == [2, 4]  # 50 and 10 units: 5,000 and 1,000 µs predicted


def test_the_json_a_kept_value_was_sized_by_is_handed_out_once_for_that_very_value():
    """``written``: a REST answer that is the value just kept goes out as the JSON the cache
    sized it by, not written a second time; never for another value (an equal one included),
    a second time, another answer language (a message is written in it) or a value nothing
    kept."""
    from service import jsonio, text
    from service.games.core.text import Msg

    cache = Cache(10)
    value = {"x": [1, 2], "said": Msg.of("error-work-moves")}

    async def kept() -> object:
        return await cache.get_or_compute("g", b"k", "op", lambda: value)

    got = asyncio.run(kept())
    assert got is value
    assert cache.written({"x": [1, 2], "said": value["said"]}) is None  # equal, not the same
    assert cache.written(value) == jsonio.dumps(value)
    assert cache.written(value) is None  # asked once
    asyncio.run(cache.get_or_compute("g", b"k2", "op", lambda: value))
    token = text.LANGUAGE.set("de")
    try:
        assert cache.written(value) is None  # kept while answering in English
    finally:
        text.LANGUAGE.reset(token)
    off = Cache(0)
    asyncio.run(off.get_or_compute("g", b"k", "op", lambda: value))
    assert off.written(value) is None  # nothing kept it, nothing was written
