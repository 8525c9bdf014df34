"""Prometheus metrics: requests by route and status, latency, cache hits and misses.

Each worker process keeps its own counters (scrape every worker, or run one per pod).
"""

from __future__ import annotations

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Histogram,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.exposition import CONTENT_TYPE_LATEST

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

    def cache_event(self, tier: str, op: str, result: str) -> None:
        self.cache.labels(tier, op, result).inc()

    def export(self) -> tuple[bytes, str]:
        return generate_latest(self.registry), CONTENT_TYPE_LATEST
