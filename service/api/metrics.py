"""Prometheus metrics: requests by route and status, latency, cache hits and misses.

Requests: ``regelwerk_requests_total{route, status}`` (route is the template,
``/v1/games/{game}/play``; status 499 is a client that closed the connection before the
answer) and ``regelwerk_request_seconds{route}``.

Each worker process keeps its own counters (scrape every worker, or run one per pod).
"""

from __future__ import annotations

from collections.abc import Iterable

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Histogram,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.exposition import CONTENT_TYPE_LATEST
from prometheus_client.registry import Collector

from ..cache import Cache

# The *_created series double the output and no dashboard of ours reads them.
disable_created_metrics()  # type: ignore[no-untyped-call]


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
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
            buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5),
        )
        self.cache = Counter(
            "regelwerk_cache_total",
            "Cache look-ups by tier, operation and result (hit, miss, error)",
            ["tier", "op", "result"],
            registry=self.registry,
        )
        # Label children bound once per (route, status), not looked up per request.
        self._counted: dict[tuple[str, int], Counter] = {}
        self._timed: dict[str, Histogram] = {}
        self._cache_children: dict[tuple[str, str, str], Counter] = {}

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

    def watch(self, cache: Cache) -> None:
        """Adds the cache's live gauges: breaker state, hottest keys, memory entries."""
        self.registry.register(_CacheCollector(cache))

    def cache_event(self, tier: str, op: str, result: str) -> None:
        child = self._cache_children.get((tier, op, result))
        if child is None:  # labels() costs more than the increment: bind each child once
            child = self._cache_children[(tier, op, result)] = self.cache.labels(tier, op, result)
        child.inc()

    def export(self) -> tuple[bytes, str]:
        return generate_latest(self.registry), CONTENT_TYPE_LATEST


class _CacheCollector(Collector):
    def __init__(self, cache: Cache) -> None:
        self.cache = cache

    def collect(self) -> Iterable[GaugeMetricFamily]:
        entries = GaugeMetricFamily("regelwerk_cache_entries", "Entries in the in-process cache")
        entries.add_metric([], len(self.cache.memory))
        yield entries
        if self.cache.redis is not None:
            breaker = GaugeMetricFamily(
                "regelwerk_redis_breaker_open",
                "1 while the Redis breaker is open (Redis skipped), else 0",
            )
            breaker.add_metric([], 0 if self.cache.redis.breaker.state == "closed" else 1)
            yield breaker
        cost = GaugeMetricFamily(
            "regelwerk_compute_cost_microseconds",
            "Moving average of what a result costs to compute in this process (decides Redis)",
            labels=["game", "op"],
        )
        for (game, op), micros in sorted(self.cache.costs.average.items()):
            cost.add_metric([game, op], micros)
        yield cost
        hot = GaugeMetricFamily(
            "regelwerk_hot_key_lookups",
            "Look-ups of the hottest cache keys in this process",
            labels=["game", "op", "key"],
        )
        for game, op, key, count in self.cache.hot.top(10):
            hot.add_metric([game, op, key], count)
        yield hot
