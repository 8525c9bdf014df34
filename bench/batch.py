"""Batch verification (issue "Tournament tools"): records/s through ``POST /v1/verify`` on the
real server and offline (the ``regelwerk verify`` code path, in process), and the server's peak
memory for a small and a 10× larger batch, each streamed to a fresh server process: bounded
memory means the two peaks are about equal."""

from __future__ import annotations

import functools
import http.client
import json
import time
from collections.abc import Iterator
from pathlib import Path

from service import cli
from service.api.ops import Rules
from service.api.verify import verify_line
from service.cache import Cache
from service.settings import Settings
from tests.server_process import server_process
from tests.tournament.helpers import games

from . import targets

# Finished games of each configuration, seeded and not, in the pool ``lines`` cycles through:
# 240 distinct records, so a replay cannot profit from having seen a record before.
DISTINCT = 20


@functools.cache
def pool() -> tuple[bytes, ...]:
    """One NDJSON line per finished game (valid claims), made once (not on the clock)."""
    made = [
        json.dumps({"game": g.game, **g.body(claimed=g.claimed())}).encode() + b"\n"
        for g in games(DISTINCT)
    ]
    # ``games`` lists each configuration's records together: take one of each in turn, so
    # that a batch of any length holds every game alike.
    each = 2 * DISTINCT
    return tuple(made[j] for j in sorted(range(len(made)), key=lambda j: (j % each, j // each)))


def lines(count: int) -> Iterator[bytes]:
    """``count`` NDJSON lines cycling through ``pool()``."""
    records = pool()
    for i in range(count):
        yield records[i % len(records)]


def peak_rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


def over_http(count: int) -> tuple[float, int, int, int]:
    """Seconds, verdicts, request bytes and the server's peak RSS (KiB) for one batch."""
    with server_process() as server:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=600)
        sent = 0

        def body() -> Iterator[bytes]:
            nonlocal sent
            for line in lines(count):
                sent += len(line)
                yield line

        start = time.perf_counter()
        connection.request(
            "POST",
            "/v1/verify",
            body=body(),
            headers={"Content-Type": "application/x-ndjson"},
            encode_chunked=True,
        )
        response = connection.getresponse()
        verdicts = sum(1 for _ in response)
        seconds = time.perf_counter() - start
        return seconds, verdicts, sent, peak_rss_kib(server.proc.pid)


def offline(count: int) -> float:
    rules = Rules(Settings(), Cache(1024))
    start = time.perf_counter()
    for number, line in enumerate(lines(count), 1):
        verify_line(rules, number, line)
    return time.perf_counter() - start


def offline_jobs(count: int, jobs: int) -> float:
    """``regelwerk verify --jobs N``'s path (``cli._parallel``), the processes started first."""
    work = ((("line", number, line.decode()), 0) for number, line in enumerate(lines(count), 1))
    start = time.perf_counter()
    answers = sum(1 for _ in cli._parallel(work, jobs, "en", "json"))
    assert answers == count
    return time.perf_counter() - start


def run(quick: bool = False) -> None:
    small, large = (200, 2_000) if quick else (2_000, 20_000)
    records = [json.loads(line) for line in pool()]
    plies = sum(len(r.get("moves", ())) for r in records) / len(records)
    seconds = offline(small)
    one = small / seconds
    print(f"offline (regelwerk verify): {one:,.0f} records/s ({plies:.0f} moves a record)")
    two = small / offline_jobs(small, 2)
    print(f"offline, --jobs 2: {two:,.0f} records/s ({two / one:.2f}× one process)")
    rate, speedup = targets.BATCH_RECORDS_PER_SECOND, targets.BATCH_JOBS_2_SPEEDUP
    print(
        f"targets: {one:,.0f} records/s on one core ≥ {rate:,} {targets.at_least(one, rate)}; "
        f"--jobs 2 {two / one:.2f}× ≥ {speedup}× {targets.at_least(two / one, speedup)}"
    )
    peaks = []
    for count in (small, large):
        seconds, verdicts, sent, peak = over_http(count)
        assert verdicts == count, (verdicts, count)
        peaks.append(peak)
        print(
            f"POST /v1/verify, {count:,} records ({sent / 2**20:.1f} MiB): "
            f"{count / seconds:,.0f} records/s, server peak RSS {peak / 1024:.1f} MiB"
        )
    print(f"peak RSS, {large:,} records / {small:,}: {peaks[1] / peaks[0]:.2f}")
