"""Tier 2: a shared Redis or Redis Cluster, optional and never required.

Every failure is a miss: counted, logged once per change of state, never raised. A breaker
stops asking a failing Redis for ``breaker_seconds``, then lets one request probe it.

With ``cluster`` the URL names any node of a Redis Cluster and redis-py's asyncio cluster
client routes each key to its slot's master (following MOVED and ASK, and reloading the slot
map after a failure). Every operation touches one key (``GET``, ``SET`` with a TTL), so no
operation can cross slots. A master that dies makes its keys fail until the cluster fails
over or the node is back: those are misses (and open the breaker for a while), never failed
requests. A cache cluster should run with ``cluster-require-full-coverage no``, so the other
masters keep answering while one is down.

Besides results, the tier keeps persisted GraphQL query texts (``pq:<sha256>``), so a query
registered on one replica is known to all of them.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialWithJitterBackoff, NoBackoff
from redis.driver_info import DriverInfo

log = logging.getLogger("regelwerk.cache")

PREFIX = b"rw:"
QUERY_PREFIX = b"pq:"  # persisted query texts, under PREFIX too
# What a Redis call may raise: RedisError and OSError, and, from redis-py's asyncio transport
# when the peer closed a pooled connection, AttributeError, TypeError or RuntimeError
# (redis/redis-py#4287, measured here under load: a 500 before). Every exception of a call is
# therefore a miss; the tier never lets one reach a request.


class Breaker:
    """closed (ask Redis) → open after ``threshold`` failures in a row (skip) → half-open after
    a pause (one probe; its failure opens again at once).

    A dead or unreachable Redis fails every call, so it opens after ``threshold`` calls; a
    single failed call among successes (a connection the cluster client recycled under load,
    measured at 0.1-0.3% of calls) costs one miss, not ``pause`` seconds without Redis."""

    def __init__(
        self, pause: float, clock: Callable[[], float] = time.monotonic, threshold: int = 3
    ) -> None:
        self.pause = pause
        self.clock = clock
        self.threshold = threshold
        self.failures = 0  # in a row, while closed
        self.opened_at: float | None = None
        self.probing = False

    @property
    def state(self) -> str:
        if self.opened_at is None:
            return "closed"
        return "half-open" if self.clock() - self.opened_at >= self.pause else "open"

    def allow(self) -> bool:
        state = self.state
        if state == "closed":
            return True
        if state == "half-open" and not self.probing:
            self.probing = True
            return True
        return False

    def success(self) -> bool:
        """Records a success; True when this closed an open breaker."""
        was_open = self.opened_at is not None
        self.opened_at, self.probing, self.failures = None, False, 0
        return was_open

    def failure(self) -> bool:
        """Records a failure; True when this opened a closed breaker."""
        if self.opened_at is None:
            self.failures += 1
            if self.failures < self.threshold:
                return False
            self.opened_at, self.probing = self.clock(), False
            return True
        self.opened_at, self.probing = self.clock(), False  # a failed probe: open again
        return False


class RedisTier:
    def __init__(
        self,
        url: str,
        *,
        timeout_ms: int,
        ttl: int,
        max_value_bytes: int,
        breaker_seconds: float,
        on_event: Callable[[str, str, str], None],
        cluster: bool = False,
        on_call: Callable[[str, float, bool], None] | None = None,
    ) -> None:
        timeout = timeout_ms / 1000
        options: dict[str, Any] = {
            "socket_timeout": timeout,
            "socket_connect_timeout": timeout,
            "health_check_interval": 0,
            # No CLIENT SETINFO on connect: servers before 7.2 refuse the command.
            "driver_info": DriverInfo(name=None, lib_version=None),
        }
        self.client: Redis | RedisCluster
        # One call at a time on the cluster client: redis-py 8.1's asyncio cluster client
        # loses calls when tasks share it (16 tasks, 3,200 calls: 500 to 1,500 failed without
        # retries, 2 to 11 with them, and up to 300 GETs of stored keys came back empty);
        # serialized, none, at the same calls/s (one process: about 6,000 a second).
        self._serial: asyncio.Lock | None = asyncio.Lock() if cluster else None
        if cluster:
            # Retries with jitter recover from the client's own connection recycling (one
            # connection error marks every connection of the node for reconnect). A dead
            # master costs at most 4 x REDIS_TIMEOUT_MS plus the pauses, a few times: then
            # the breaker skips Redis.
            retry = Retry(ExponentialWithJitterBackoff(base=0.001, cap=0.02), 3)
            # The cache works with part of the slots: a dead master costs its keys only.
            self.client = RedisCluster.from_url(
                url, retry=retry, require_full_coverage=False, **options
            )
        else:
            # No retries: a slow or failed call is a miss, and the request goes on at once.
            self.client = Redis.from_url(url, retry=Retry(NoBackoff(), 0), **options)
        self.ttl = ttl
        self.max_value_bytes = max_value_bytes
        self.breaker = Breaker(breaker_seconds)
        self._on_event = on_event
        # each call's duration and outcome (regelwerk_redis_seconds, regelwerk_redis_errors_total)
        self._on_call = on_call or (lambda command, seconds, ok: None)
        self.errors = 0

    async def get(self, key: bytes, op: str) -> bytes | None:
        if not self.breaker.allow():
            self._on_event("redis", op, "skipped")
            return None
        start = time.perf_counter()
        try:
            value = await self._call(self.client.get, PREFIX + key)
        except Exception as exc:  # any failure is a miss (see the comment at the top)
            self._on_call("get", time.perf_counter() - start, False)
            self._failed(op, exc, "error")
            return None
        self._on_call("get", time.perf_counter() - start, True)
        self._succeeded()
        self._on_event("redis", op, "hit" if value is not None else "miss")
        return value if isinstance(value, bytes) else None

    async def put(self, key: bytes, op: str, value: bytes) -> None:
        if len(value) > self.max_value_bytes:
            self._on_event("redis", op, "too_large")
            return
        if not self.breaker.allow():
            return
        start = time.perf_counter()
        try:
            await self._call(self.client.set, PREFIX + key, value, ex=self.ttl)
        except Exception as exc:  # any failure is a miss (see the comment at the top)
            self._on_call("set", time.perf_counter() - start, False)
            self._failed(op, exc, "write_error")
            return
        self._on_call("set", time.perf_counter() - start, True)
        self._succeeded()
        self._on_event("redis", op, "stored")

    async def _call(self, command: Callable[..., Awaitable[Any]], *args: Any, **kw: Any) -> Any:
        if self._serial is None:
            return await command(*args, **kw)
        async with self._serial:
            return await command(*args, **kw)

    async def query_text(self, digest: str) -> str | None:
        """A persisted query's text registered by any replica (None: unknown or no Redis)."""
        value = await self.get(QUERY_PREFIX + digest.encode(), "persisted-query")
        return None if value is None else value.decode("utf-8", errors="replace")

    async def remember_query(self, digest: str, text: str) -> None:
        await self.put(QUERY_PREFIX + digest.encode(), "persisted-query", text.encode())

    def _failed(self, op: str, exc: BaseException, result: str) -> None:
        self.errors += 1
        self._on_event("redis", op, result)
        if self.breaker.failure():
            log.warning("redis unavailable, breaker open for %ss: %s", self.breaker.pause, exc)

    def _succeeded(self) -> None:
        if self.breaker.success():
            log.warning("redis reachable again, breaker closed")

    async def close(self) -> None:
        await self.client.aclose()
