"""Tier 2: a shared Redis or Redis Cluster, optional and never required.

Every failure is a miss: counted, logged once per change of state, never raised. A breaker
stops asking a failing Redis for ``breaker_seconds``, then lets one request probe it.

With ``cluster`` the URL names any node of a Redis Cluster and redis-py's asyncio cluster
client routes each key to its slot's master (following MOVED and ASK, and reloading the slot
map after a failure). Every operation touches one key (``GET``, ``SET`` with a TTL, ``DEL``),
so no operation can cross slots. A master that dies makes its keys fail until the cluster fails
over or the node is back: those are misses (and open the breaker for a while), never failed
requests. A cache cluster should run with ``cluster-require-full-coverage no``, so the other
masters keep answering while one is down.

Besides results, the tier keeps persisted GraphQL query texts (``pq:<sha256>``), so a query
registered on one replica is known to all of them.

Redis is untrusted storage: whoever can write to it (its password, a shared Redis, a
compromised node) could otherwise have the service serve, and sign, anything. Every value is
stored as ``tag || payload``, the tag a keyed blake2b over (Redis key, payload) with a key the
replicas share (``Settings.cache_mac_key``). An unkeyed digest would prove nothing: whoever
writes a poisoned value computes its digest too. Binding the tag to the key stops a genuine
value being replayed under another key (another state's result). A value that fails the tag
or does not parse is a miss, counted (``invalid``) and deleted; a reply of the wrong type (an
integer, an array or a boolean to GET, anything but OK to SET, anything but an integer to
DEL) is an error, and a failure for the breaker. So a peer answering garbage opens the
breaker, a Redis with poisoned keys heals as they are deleted, and nothing either sends
reaches an answer.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import time
from collections.abc import Awaitable, Callable
from hashlib import blake2b, sha256
from typing import Any, TypeVar

from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialWithJitterBackoff, NoBackoff
from redis.driver_info import DriverInfo

from .. import jsonio

log = logging.getLogger("regelwerk.cache")

PREFIX = b"rw:"
QUERY_PREFIX = b"pq:"  # persisted query texts, under PREFIX too
TAG_BYTES = 32
# A new layout of stored values changes this: old values then fail the tag (misses).
TAG_PERSON = b"regelwerk-rw-v1"
T = TypeVar("T")
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

    def success(self, proves_reads: bool = True) -> bool:
        """Records a success; True when this closed an open breaker.

        A write or delete that succeeded (``proves_reads=False``) shows that Redis takes
        commands, not that it answers reads: a peer that answers OK to everything takes every
        write while every read fails. So it closes a half-open breaker when it was the probe,
        and otherwise changes nothing (neither the failures counted while closed, nor an open
        breaker that a write begun before it opened would close)."""
        if not proves_reads and not self.probing:
            return False
        was_open = self.opened_at is not None
        self.opened_at, self.probing, self.failures = None, False, 0
        return was_open

    def inconclusive(self) -> None:
        """A call that was answered with nothing that shows Redis works (a value that fails
        authentication). As the probe, it opens the breaker again; otherwise it changes
        nothing: a real Redis with poisoned keys heals as they are deleted, and skipping it
        would not."""
        if self.probing:
            self.failure()

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
        secret: bytes,
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
            # RESP2, said: redis-py 8.2 opens with HELLO 3 when none is given, and reads the
            # handshake's answer unchecked (a peer answering garbage raised AttributeError)
            "protocol": 2,
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
        if len(secret) < 16:
            raise ValueError("the key that authenticates Redis values needs at least 16 bytes")
        self._secret = secret
        self.ttl = ttl
        self.max_value_bytes = max_value_bytes
        self.breaker = Breaker(breaker_seconds)
        self._on_event = on_event
        # each call's duration and outcome (regelwerk_redis_seconds, regelwerk_redis_errors_total)
        self._on_call = on_call or (lambda command, seconds, ok: None)
        self.errors = 0
        self._deletes: set[asyncio.Task[None]] = set()

    # -- values and their tags -------------------------------------------------------------
    def _tag(self, redis_key: bytes, payload: bytes) -> bytes:
        h = blake2b(key=self._secret, digest_size=TAG_BYTES, person=TAG_PERSON)
        h.update(len(redis_key).to_bytes(4, "big"))
        h.update(redis_key)
        h.update(payload)
        return h.digest()

    def sealed(self, key: bytes, payload: bytes) -> bytes:
        """What is stored under ``key`` for ``payload`` (tests poison Redis with its parts)."""
        return self._tag(PREFIX + key, payload) + payload

    def _opened(self, redis_key: bytes, value: bytes) -> bytes | None:
        """The payload of a stored value, or None: not a value this tier's key sealed under
        this key. Nothing longer than any value written is hashed."""
        if not TAG_BYTES < len(value) <= TAG_BYTES + self.max_value_bytes:
            return None
        payload = value[TAG_BYTES:]
        if not hmac.compare_digest(value[:TAG_BYTES], self._tag(redis_key, payload)):
            return None
        return payload

    # -- reads ---------------------------------------------------------------------------------
    async def get(self, key: bytes, op: str) -> bytes | None:
        """The authenticated payload stored under ``key`` (None: a miss of any kind)."""
        return await self._read(key, op, _identity)

    async def get_json(self, key: bytes, op: str) -> tuple[Any, int] | None:
        """A stored result (a JSON object) and its payload's length, or None."""
        return await self._read(key, op, _json_object)

    async def query_text(self, digest: str) -> str | None:
        """A persisted query's text registered by any replica (None: unknown or no Redis).
        Its sha256 must be ``digest``: the key names its content."""

        def text(payload: bytes) -> str | None:
            if sha256(payload).hexdigest() != digest:
                return None
            try:
                return payload.decode("utf-8")
            except UnicodeDecodeError:
                return None

        return await self._read(QUERY_PREFIX + digest.encode(), "persisted-query", text)

    async def _read(self, key: bytes, op: str, accept: Callable[[bytes], T | None]) -> T | None:
        """GET, then the reply's type, its tag and ``accept`` (None: refused), in that order;
        nothing raises."""
        if not self.breaker.allow():
            self._on_event("redis", op, "skipped")
            return None
        redis_key = PREFIX + key
        start = time.perf_counter()
        try:
            value = await self._call(self.client.get, redis_key)
            if value is not None and not isinstance(value, bytes):
                # what a peer answering :1 to everything gives (+OK arrives as b"OK", whose
                # missing tag makes it invalid), never a real GET
                raise TypeError(f"GET answered {type(value).__name__}, not a value or nil")
        except Exception as exc:  # any failure is a miss (see the comment at the top)
            self._on_call("get", time.perf_counter() - start, False)
            self._failed(op, exc, "error")
            return None
        self._on_call("get", time.perf_counter() - start, True)
        if value is None:
            self._succeeded()
            self._on_event("redis", op, "miss")
            return None
        payload = self._opened(redis_key, value)
        found = None
        if payload is not None:
            try:
                found = accept(payload)
            except Exception:  # a payload that fails to parse is refused like a bad tag
                found = None
        if found is None:
            self._invalid(redis_key, op)
            return None
        self._succeeded()
        self._on_event("redis", op, "hit")
        return found

    def _invalid(self, redis_key: bytes, op: str) -> None:
        """A value this service did not store (or cannot read): a miss, counted, deleted
        behind the answer so it costs one look-up. A peer that answers garbage to everything
        opens the breaker through the other replies: a DEL or SET answered with anything but
        an integer or OK is a failure."""
        self._on_event("redis", op, "invalid")
        self.breaker.inconclusive()
        if self.breaker.allow():
            task = asyncio.get_running_loop().create_task(self._delete(redis_key))
            self._deletes.add(task)
            task.add_done_callback(self._deletes.discard)

    async def _delete(self, redis_key: bytes) -> None:
        start = time.perf_counter()
        try:
            answer = await self._call(self.client.delete, redis_key)
            if not isinstance(answer, int) or isinstance(answer, bool):
                raise TypeError(f"DEL answered {type(answer).__name__}, not an integer")
        except Exception as exc:  # never raised (see the comment at the top)
            # counted in regelwerk_redis_errors_total{command="del"}: a delete is no look-up
            self._on_call("del", time.perf_counter() - start, False)
            self.errors += 1
            self._breaker_failure(exc)
            return
        self._on_call("del", time.perf_counter() - start, True)
        self._succeeded(proves_reads=False)

    # -- writes --------------------------------------------------------------------------------
    async def put(self, key: bytes, op: str, payload: bytes) -> None:
        if len(payload) > self.max_value_bytes:
            self._on_event("redis", op, "too_large")
            return
        if not self.breaker.allow():
            return
        start = time.perf_counter()
        try:
            answer = await self._call(
                self.client.set, PREFIX + key, self.sealed(key, payload), ex=self.ttl
            )
            if answer is not True:  # redis-py's True is an OK reply; anything else is not
                raise TypeError(f"SET answered {answer!r}, not OK")
        except Exception as exc:  # any failure is a miss (see the comment at the top)
            self._on_call("set", time.perf_counter() - start, False)
            self._failed(op, exc, "write_error")
            return
        self._on_call("set", time.perf_counter() - start, True)
        self._succeeded(proves_reads=False)
        self._on_event("redis", op, "stored")

    async def remember_query(self, digest: str, text: str) -> None:
        await self.put(QUERY_PREFIX + digest.encode(), "persisted-query", text.encode())

    async def _call(self, command: Callable[..., Awaitable[Any]], *args: Any, **kw: Any) -> Any:
        if self._serial is None:
            return await command(*args, **kw)
        async with self._serial:
            return await command(*args, **kw)

    def _failed(self, op: str, exc: BaseException, result: str) -> None:
        self.errors += 1
        self._on_event("redis", op, result)
        self._breaker_failure(exc)

    def _breaker_failure(self, reason: object) -> None:
        if self.breaker.failure():
            log.warning("redis unavailable, breaker open for %ss: %s", self.breaker.pause, reason)

    def _succeeded(self, proves_reads: bool = True) -> None:
        if self.breaker.success(proves_reads):
            log.warning("redis reachable again, breaker closed")

    async def flush(self) -> None:
        """Waits for the deletes of invalid values (tests and shutdown)."""
        while self._deletes:
            await asyncio.gather(*list(self._deletes))

    async def close(self) -> None:
        await self.flush()
        await self.client.aclose()


def _identity(payload: bytes) -> bytes:
    return payload


def _json_object(payload: bytes) -> tuple[Any, int] | None:
    value = jsonio.loads(payload)
    return (value, len(payload)) if isinstance(value, dict) else None
