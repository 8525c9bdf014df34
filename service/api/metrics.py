"""Prometheus metrics: requests, latency, the cache, Redis and the process (docs/metrics.md).

One process: every metric lives in this process's registry, with prometheus-client's process
and Python collectors beside them.

Several workers (``python -m service --workers N``): prometheus-client's multiprocess mode.
``PROMETHEUS_MULTIPROC_DIR`` names a directory (``python -m service`` makes a private one
before the workers start); each worker's counters, histograms and gauges are files there, and
whichever worker answers ``/metrics`` merges all the files, so every request is counted once
and every scrape shows the same totals. What prometheus-client cannot merge:

- ``process_*``: read by the answering worker from /proc for every live worker, one series
  per worker (label ``pid``);
- ``python_gc_*``: left out (each worker's collector sees only itself); ``python_info`` is
  the answering worker's, the same in all of them;
- ``regelwerk_hot_key_lookups``: the answering worker's hottest keys, labelled with its ``pid``.

A worker that died (uvicorn starts another) keeps its counts; its live gauges are dropped at
the next scrape (``mark_process_dead``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.exposition import CONTENT_TYPE_LATEST
from prometheus_client.gc_collector import GCCollector
from prometheus_client.metrics_core import Metric
from prometheus_client.multiprocess import MultiProcessCollector, mark_process_dead
from prometheus_client.platform_collector import PlatformCollector
from prometheus_client.process_collector import ProcessCollector
from prometheus_client.registry import Collector

from ..cache import Cache

# The *_created series double the output and no dashboard of ours reads them.
disable_created_metrics()  # type: ignore[no-untyped-call]

MULTIPROC_DIR = "PROMETHEUS_MULTIPROC_DIR"
REQUEST_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5)
# A Redis call is cut off after REDIS_TIMEOUT_MS (50 ms by default).
REDIS_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25)
WRITE_RESULTS = frozenset({"stored", "too_large", "write_error"})


def multiprocess_directory() -> str | None:
    """The workers' metric files, or None: one process, one in-memory registry.

    prometheus-client reads the same variable when it is imported, and keeps its values in
    files from then on (also under its old lower-case name); ``python -m service`` sets it
    before any worker starts.
    """
    return os.environ.get(MULTIPROC_DIR) or os.environ.get(MULTIPROC_DIR.lower()) or None


class Metrics:
    """The service's metrics; ``directory`` switches on multiprocess mode (see the module)."""

    def __init__(self, directory: str | None = None) -> None:
        self.directory = directory
        self.registry = CollectorRegistry()  # what this process updates
        self.requests = Counter(
            "regelwerk_requests_total",
            "HTTP requests answered",
            ["route", "status"],
            registry=self.registry,
        )
        self.latency = Histogram(
            "regelwerk_request_seconds",
            "Time to answer a request",
            ["route"],
            registry=self.registry,
            buckets=REQUEST_BUCKETS,
        )
        self.lookups = Counter(
            "regelwerk_cache_lookups_total",
            "Cache look-ups by tier, operation and result (hit, miss, error, skipped, invalid)",
            ["tier", "op", "result"],
            registry=self.registry,
        )
        self.writes = Counter(
            "regelwerk_cache_writes_total",
            "Results offered to a cache tier, by result (stored, too_large, write_error)",
            ["tier", "op", "result"],
            registry=self.registry,
        )
        self.redis_latency = Histogram(
            "regelwerk_redis_seconds",
            "Time of one Redis call, failed ones included",
            ["command"],
            registry=self.registry,
            buckets=REDIS_BUCKETS,
        )
        self.redis_errors = Counter(
            "regelwerk_redis_errors_total",
            "Redis calls that failed (an error or a timeout: a miss for the request)",
            ["command"],
            registry=self.registry,
        )
        # Label children bound once, not looked up per request.
        self._counted: dict[tuple[str, int], Counter] = {}
        self._timed: dict[str, Histogram] = {}
        self._cache_children: dict[tuple[str, str, str], Counter] = {}
        self._redis_children: dict[str, tuple[Histogram, Counter]] = {}
        self._gauges: _CacheGauges | None = None
        if directory is None:
            self.exposed = self.registry
            ProcessCollector(registry=self.registry)
            PlatformCollector(registry=self.registry)
            GCCollector(registry=self.registry)
        else:
            self.exposed = CollectorRegistry()
            MultiProcessCollector(self.exposed, directory)  # type: ignore[no-untyped-call]
            self.exposed.register(_WorkerProcesses(directory))
            PlatformCollector(registry=self.exposed)

    def observe_request(self, route: str, status: int, seconds: float) -> None:
        """Counts one answered request and records its duration."""
        counted = self._counted.get((route, status))
        if counted is None:
            counted = self._counted[route, status] = self.requests.labels(route, str(status))
        counted.inc()
        timed = self._timed.get(route)
        if timed is None:
            timed = self._timed[route] = self.latency.labels(route)
        timed.observe(seconds)

    def answering(self) -> None:
        """Called as an answer's last bytes go out. With several workers the cache's gauges
        are written now, before the client can read the answer: another worker may answer
        its next scrape, and must see what this request did (written after the answer, as
        before, a client's next request raced the write: issue 23's flaky metrics test)."""
        if self.directory is not None and self._gauges is not None:
            self._gauges.refresh()

    def watch(self, cache: Cache) -> None:
        """Adds the cache's gauges: entries, bytes, the Redis breaker, compute costs, hottest
        keys."""
        self._gauges = _CacheGauges(cache, self.registry)
        pid = None if self.directory is None else os.getpid()
        self.exposed.register(_HotKeys(cache, pid))
        if cache.redis is not None:
            # at 0 from the start, so rate() sees the first error
            for command in ("get", "set", "del"):
                self._redis_child(command)

    def refresh(self) -> None:
        """Writes the cache's gauges now (after prewarming; requests and scrapes do it too)."""
        if self._gauges is not None:
            self._gauges.refresh()

    def cache_event(self, tier: str, op: str, result: str) -> None:
        """A cache tier's ``on_event``: a look-up's result, or a write's (``WRITE_RESULTS``)."""
        child = self._cache_children.get((tier, op, result))
        if child is None:  # labels() costs more than the increment: bind each child once
            counter = self.writes if result in WRITE_RESULTS else self.lookups
            child = self._cache_children[(tier, op, result)] = counter.labels(tier, op, result)
        child.inc()

    def redis_call(self, command: str, seconds: float, ok: bool) -> None:
        """One Redis call (``get``, ``set``, ``del``): its duration, and whether it failed."""
        timed, failed = self._redis_children.get(command) or self._redis_child(command)
        timed.observe(seconds)
        if not ok:
            failed.inc()

    def _redis_child(self, command: str) -> tuple[Histogram, Counter]:
        children = (self.redis_latency.labels(command), self.redis_errors.labels(command))
        self._redis_children[command] = children
        return children

    def export(self) -> tuple[bytes, str]:
        self.refresh()
        if self.directory is not None:
            forget_dead_workers(self.directory)
        return generate_latest(self.exposed), CONTENT_TYPE_LATEST


class _CacheGauges:
    """The cache's state as gauges, written only when a value changed.

    Several workers: each worker's cache is its own, so its gauges are its own file: entries
    are summed over the live workers, the breaker is open when any worker's is, and compute
    costs are per worker (label ``pid``, as each worker decides by its own).
    """

    def __init__(self, cache: Cache, registry: CollectorRegistry) -> None:
        self.cache = cache
        self.entries = Gauge(
            "regelwerk_cache_entries",
            "Entries in the in-process caches (summed over the workers)",
            registry=registry,
            multiprocess_mode="livesum",
        )
        self.bytes = Gauge(
            "regelwerk_cache_bytes",
            "Estimated memory of the in-process results, bounded by CACHE_MAX_BYTES (summed "
            "over the workers)",
            registry=registry,
            multiprocess_mode="livesum",
        )
        self.breaker = None
        if cache.redis is not None:
            self.breaker = Gauge(
                "regelwerk_redis_breaker_open",
                "1 while a worker's Redis breaker is open (Redis skipped), else 0",
                registry=registry,
                multiprocess_mode="livemax",
            )
        self.cost = Gauge(
            "regelwerk_compute_cost_seconds",
            "Moving average of the CPU time a result costs to compute (decides Redis)",
            ["game", "op"],
            registry=registry,
            multiprocess_mode="liveall",
        )
        self._entries = self._bytes = self._open = -1
        self._costs: dict[tuple[str, str], float] = {}
        self._cost_children: dict[tuple[str, str], Gauge] = {}

    def refresh(self) -> None:
        entries = len(self.cache.memory)
        if entries != self._entries:
            self._entries = entries
            self.entries.set(entries)
        held = self.cache.memory.bytes
        if held != self._bytes:
            self._bytes = held
            self.bytes.set(held)
        if self.breaker is not None and self.cache.redis is not None:
            is_open = 0 if self.cache.redis.breaker.state == "closed" else 1
            if is_open != self._open:
                self._open = is_open
                self.breaker.set(is_open)
        average = self.cache.costs.average
        if average == self._costs:  # one comparison in C: nothing was computed
            return
        for key, micros in average.items():
            if self._costs.get(key) != micros:
                self._costs[key] = micros
                child = self._cost_children.get(key)
                if child is None:
                    child = self._cost_children[key] = self.cost.labels(*key)
                child.set(micros / 1e6)


class _HotKeys(Collector):
    """The hottest keys of this process, read at scrape time (``pid`` with several workers:
    the keys come and go, and the workers' files would keep every key ever written)."""

    def __init__(self, cache: Cache, pid: int | None) -> None:
        self.cache = cache
        self.pid = pid

    def collect(self) -> Iterable[GaugeMetricFamily]:
        labels = ["game", "op", "key"] + ([] if self.pid is None else ["pid"])
        hot = GaugeMetricFamily(
            "regelwerk_hot_key_lookups",
            "Look-ups of the hottest cache keys in this process",
            labels=labels,
        )
        worker = [] if self.pid is None else [str(self.pid)]
        for game, op, key, count in self.cache.hot.top(10):
            hot.add_metric([game, op, key, *worker], count)
        yield hot


class _WorkerProcesses(Collector):
    """``process_*`` of every live worker, labelled ``pid``: prometheus-client's own collector
    would show whichever worker answered, a different process from scrape to scrape."""

    def __init__(self, directory: str) -> None:
        self.directory = directory
        self._pid = 0
        self._process = ProcessCollector(pid=lambda: self._pid, registry=None)

    def collect(self) -> Iterable[Metric]:
        merged: dict[str, Metric] = {}
        for pid in live_workers(self.directory):
            self._pid = pid
            for family in self._process.collect():
                into = merged.get(family.name)
                if into is None:
                    into = merged[family.name] = Metric(
                        family.name, family.documentation, family.type, family.unit
                    )
                for sample in family.samples:
                    into.add_sample(sample.name, {**sample.labels, "pid": str(pid)}, sample.value)
        return merged.values()


# prometheus-client names its files <kind>_[<gauge mode>_]<pid>.db
_FILE_PID = re.compile(r"_([0-9]+)\.db\Z")
_HAS_PROC = Path("/proc/self/stat").exists()


def live_workers(directory: str) -> list[int]:
    """This process and the live workers beside it that wrote to ``directory``."""
    pids = {int(m[1]) for name in os.listdir(directory) if (m := _FILE_PID.search(name))}
    return sorted(pid for pid in pids | {os.getpid()} if _is_live_worker(pid))


def forget_dead_workers(directory: str) -> None:
    """Drops the live gauges of workers that are gone (uvicorn replaces a worker that died
    or hangs); their counters and histograms stay, so totals never go down."""
    live = set(live_workers(directory))
    for path in Path(directory).glob("gauge_live*.db"):
        m = _FILE_PID.search(path.name)
        if m is not None and int(m[1]) not in live:
            mark_process_dead(int(m[1]), directory)  # type: ignore[no-untyped-call]


def _is_live_worker(pid: int) -> bool:
    """A running process with this process's parent (the uvicorn supervisor): a pid that
    was reused by an unrelated process since does not count."""
    if pid == os.getpid():
        return True
    if not _HAS_PROC:  # no /proc (macOS): whether it runs is all we can tell
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True
        return True
    try:
        state, parent = Path(f"/proc/{pid}/stat").read_bytes().rpartition(b")")[2].split()[:2]
    except (OSError, ValueError):
        return False
    return state not in (b"Z", b"X") and int(parent) == os.getppid()
