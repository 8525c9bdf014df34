"""Issue 26's targets, declared once: ``perf``, ``engines`` and ``batch`` print each measured
ratio or rate beside its target with "met" or "not met". Ratios come from one run on this
2-core machine (REST/echo, GraphQL/REST by CPU per request; p99/p50 by latency)."""

from __future__ import annotations

# REST CPU per request / the starlette + orjson echo's, by (operation, mode), cached rows.
CACHED_REST_OVER_ECHO = {"legal moves": 1.3, "play": 2.0}
# REST CPU per request / the echo's, computed rows (legal moves and play), by perf's label.
COMPUTED_REST_OVER_ECHO = {
    "mixtour": 3.0,
    "tric-trac": 3.0,
    "triominos-junior": 3.0,
    "te-trix 2p 7x7": 5.0,
    "te-trix 4p 9x9": 10.0,
}
GRAPHQL_OVER_REST = 1.5  # every row
P99_OVER_P50 = 4.0  # every row, 16 connections
BATCH_RECORDS_PER_SECOND = 1_500  # one core, games of about 75 moves
BATCH_JOBS_2_SPEEDUP = 1.8  # "near-linear with --jobs 2"
# Mixtour perft(5) against a tuned JavaScript engine: 0.026-0.05 s as the issue measured it
# (not installed here), at most this many times as long.
PERFT_JS_SECONDS = (0.026, 0.05)
PERFT_OVER_JS = 10.0


def at_most(value: float, bound: float) -> str:
    return "met" if value <= bound else "NOT met"


def at_least(value: float, bound: float) -> str:
    return "met" if value >= bound else "NOT met"
