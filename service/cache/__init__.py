"""Caching engine results: tier 1 in-process LRU, tier 2 Redis when ``REDIS_URL`` is set.

Key = blake2b(game id, rules version, canonical state encoding, operation, player). A value is
immutable forever, so entries are evicted, never invalidated.

Redis is asked only for results that cost more to compute than a round trip
(``REDIS_MIN_COST_US``): each process measures every (game, operation)'s compute CPU time as a
moving average and skips Redis for the cheap ones (see docs/caching.md). What Redis answers is
used only once authenticated and parsed (``redis_tier``).

Tier 1 is bounded by entries (``CACHE_ENTRIES``) and by bytes (``CACHE_MAX_BYTES``): each
entry's memory is estimated at insert from the length of its JSON (serialized once, for
Redis as well); a hit costs what it did.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from hashlib import blake2b
from typing import Any

from .. import jsonio, text
from ..settings import Settings
from .hot import HotKeys
from .memory import LRU
from .redis_tier import RedisTier

Event = Callable[[str, str, str], None]
# Runs a computation elsewhere than on the event loop (service/api/offload.run).
Offload = Callable[[Callable[[], Any]], Awaitable[Any]]
SAMPLE_EVERY = 64
# Memory a cached result holds per byte of its JSON. Measured with tracemalloc (the memory
# freed when the entry is dropped) over 40 playout positions per game, every operation, and
# Te-Trix 12x12 with 4 players (tests/cache/sizes.py prints the table, docs/caching.md
# quotes it): 3.4 to 7.0 for a computed result, 5.0 to 9.0 for one parsed from Redis (orjson
# makes a string of every value that the engines share). 8 errs on the large side for most;
# tests/cache/test_bytes.py holds every real entry within 0.4x (computed) or 0.5x (parsed)
# to 1.25x of its estimate.
MEMORY_PER_JSON_BYTE = 8
# The key, the LRU's node and the entry's size: 243 bytes measured per entry.
ENTRY_OVERHEAD = 256


def entry_bytes(json_bytes: int, per_byte: int = MEMORY_PER_JSON_BYTE) -> int:
    """The estimated memory of a cached result whose JSON is ``json_bytes`` long, holding
    ``per_byte`` bytes a JSON byte (less for a computed result that shares parts with the
    engine's tables: ``GameSpec.answer_memory``)."""
    return per_byte * json_bytes + ENTRY_OVERHEAD


def cache_key(game: str, rules_version: str, state: bytes, op: str, player: int | None) -> bytes:
    h = blake2b(digest_size=20, person=b"regelwerk-cache")
    for part in (game, rules_version, op, "" if player is None else str(player)):
        h.update(part.encode())
        h.update(b"\x00")
    h.update(state)
    return h.digest()


class CostModel:
    """Moving average of compute time (µs) per (game, operation), and per unit of work.

    A unit is what a computation's cost grows with, as its caller counts it before computing
    (a legal-moves answer: its moves); one per computation where the caller counts none.
    Costs within one operation vary by a factor of 50 and more (Te-Trix: a roll arranged in
    a few ways or in hundreds), so ``predicted`` prices one computation by its own units."""

    def __init__(self, weight: float = 0.2) -> None:
        self.weight = weight
        self.average: dict[tuple[str, str], float] = {}
        self.per_unit: dict[tuple[str, str], float] = {}

    def record(self, game: str, op: str, micros: float, units: int = 1) -> None:
        key = (game, op)
        self.average[key] = self._moved(self.average.get(key), micros)
        self.per_unit[key] = self._moved(self.per_unit.get(key), micros / max(units, 1))

    def _moved(self, old: float | None, new: float) -> float:
        return new if old is None else old + self.weight * (new - old)

    def cost(self, game: str, op: str) -> float | None:
        return self.average.get((game, op))

    def predicted(self, game: str, op: str, units: int) -> float | None:
        """What a computation of ``units`` units is expected to cost (µs), None until one
        was measured."""
        per_unit = self.per_unit.get((game, op))
        return None if per_unit is None else per_unit * max(units, 1)


def _timed(compute: Callable[[], Any]) -> tuple[Any, float]:
    """``compute()`` and the CPU time it took in µs: CPU time of its thread, not wall time
    (under load the OS preempts the worker mid-computation, and wall time would then call a
    cheap result expensive)."""
    start = time.thread_time()
    value = compute()
    return value, (time.thread_time() - start) * 1e6


class Cache:
    """``on_event(tier, op, result)`` feeds the metrics (hit, miss, error, skipped, …)."""

    def __init__(
        self,
        entries: int,
        on_event: Event | None = None,
        redis: RedisTier | None = None,
        redis_min_cost_us: float = 250.0,
        max_bytes: int | None = None,
        offload: Offload | None = None,
        offload_min_cost_us: float = float("inf"),
    ) -> None:
        """``offload``: where a computation whose measured cost (this process's moving average
        for its game and operation) is at least ``offload_min_cost_us`` runs, so that it does
        not hold the event loop and every lighter request queued behind it."""
        # without ``max_bytes`` (the offline tools), CACHE_MAX_BYTES's default: never unbounded
        self.memory = LRU(entries, Settings().cache_max_bytes if max_bytes is None else max_bytes)
        self.redis = redis
        self.redis_min_cost_us = redis_min_cost_us
        self.costs = CostModel()
        self._on_event: Event = on_event or (lambda tier, op, result: None)
        self._writes: set[asyncio.Task[None]] = set()
        self.hot = HotKeys()
        self._misses: dict[tuple[str, str], int] = {}
        self.offload = offload
        self.offload_min_cost_us = offload_min_cost_us
        # The value kept last, its answer language and its JSON (``written``).
        self._written: tuple[Any, str, bytes] | None = None

    def written(self, value: Any) -> bytes | None:
        """The JSON of ``value`` when it is the value this cache kept last, in the answer
        language of now (a message in a value is written in it), else None; asked once. The
        entry was sized by that JSON, and a REST answer that is the very value sends those
        bytes rather than writing them again (a Te-Trix 4-player legal-moves answer: about
        170 µs). A kept value is never changed (hits share it), so its bytes stay true."""
        last = self._written
        if last is None or last[0] is not value or last[1] != text.LANGUAGE.get():
            return None
        self._written = None
        return last[2]

    def uses_redis(self, game: str, op: str) -> bool:
        """Redis is worth a round trip unless this process measured the result as cheap."""
        cost = self.costs.cost(game, op)
        return self.redis is not None and (cost is None or cost >= self.redis_min_cost_us)

    def _asks_redis(self, game: str, op: str) -> bool:
        """Like ``uses_redis``, except that every ``SAMPLE_EVERY``-th miss computes anyway:
        results found in Redis are never computed here, and the cost estimate must stay
        current (a process that only ever read a result from Redis would not know it)."""
        key = (game, op)
        misses = self._misses.get(key, 0) + 1
        self._misses[key] = misses
        return misses % SAMPLE_EVERY != 0 and self.uses_redis(game, op)

    async def get_or_compute(
        self,
        game: str,
        key: bytes,
        op: str,
        compute: Callable[[], Any],
        units: Callable[[], int] | None = None,
        off_loop: bool = False,
        keep: Callable[[Any], bool] | None = None,
        per_byte: int = MEMORY_PER_JSON_BYTE,
    ) -> Any:
        """The cached value of ``key``, else ``compute()``'s (kept). ``units``, called on the
        event loop only when the value must be computed and before ``compute``, counts the
        work ahead (see ``CostModel``): the computation leaves the loop when its predicted
        cost reaches ``offload_min_cost_us``, or always with ``off_loop`` (a search). A value
        ``keep`` refuses is answered but not kept (a search cut short by its CPU allowance).
        ``per_byte``: the memory a computed value holds per byte of its JSON (one parsed
        from Redis shares nothing: ``MEMORY_PER_JSON_BYTE``)."""
        self.hot.seen(key, game, op)
        value = self.memory.get(key)
        if value is not None:
            self._on_event("memory", op, "hit")
            return value
        self._on_event("memory", op, "miss")
        shared = self.redis if self._asks_redis(game, op) else None
        if shared is not None:
            found = await shared.get_json(key, op)  # authenticated and parsed, or None
            if found is not None:
                value, json_bytes = found
                self._keep(key, op, value, entry_bytes(json_bytes))
                return value
        count = 1 if units is None else units()
        cost = self.costs.predicted(game, op, count)
        heavy = off_loop or (cost is not None and cost >= self.offload_min_cost_us)
        if self.offload is not None and heavy:
            value, micros = await self.offload(lambda: _timed(compute))
        else:
            value, micros = _timed(compute)
        self.costs.record(game, op, micros, count)
        if keep is not None and not keep(value):
            return value
        writes = self.redis if self.uses_redis(game, op) else None
        if writes is None and not self.memory.enabled:
            return value  # nothing keeps it: no JSON to size
        data = jsonio.dumps(value)
        self._written = (value, text.LANGUAGE.get(), data)
        self._keep(key, op, value, entry_bytes(len(data), per_byte))
        if writes is not None:
            self._write_behind(writes, key, op, data)
        return value

    def _keep(self, key: bytes, op: str, value: Any, size: int) -> None:
        if not self.memory.put(key, value, size) and self.memory.enabled:
            self._on_event("memory", op, "too_large")

    def _write_behind(self, redis: RedisTier, key: bytes, op: str, data: bytes) -> None:
        """Stores without making the caller wait for Redis."""
        task = asyncio.get_running_loop().create_task(redis.put(key, op, data))
        self._writes.add(task)
        task.add_done_callback(self._writes.discard)

    async def flush(self) -> None:
        """Waits for pending Redis writes and deletes (tests and shutdown)."""
        while self._writes:
            await asyncio.gather(*list(self._writes))
        if self.redis is not None:
            await self.redis.flush()

    async def close(self) -> None:
        await self.flush()
        if self.redis is not None:
            await self.redis.close()


__all__ = [
    "LRU",
    "MEMORY_PER_JSON_BYTE",
    "Cache",
    "CostModel",
    "Event",
    "HotKeys",
    "RedisTier",
    "cache_key",
    "entry_bytes",
]
