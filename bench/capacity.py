"""The measurements behind docs/capacity.md (issue "Past one machine"): ``./dev bench capacity``.

1. **CPU per operation** on one core: each operation's server CPU per request (utime + stime
   from /proc) when it is computed (distinct states, every cache off), when it is an in-process
   hit (one state again and again) and when it comes from Redis (in-process cache off, Redis
   holding every result).
2. **Two service processes behind one Redis Cluster** (three masters, loopback): ``wrk``
   sends each process the same pool of states at once, twice (a cold and a warm pass); the
   table has requests/s, p50/p99 and the hit ratios of each tier from ``/metrics``.
3. **Redis memory per cached entry**: used memory over all masters before and after, per key.

Needs ``wrk`` (Debian package) and ``redis-server``/``redis-cli``. Absolute numbers depend on
the machine (these 2-core machines run wrk, both services and all three masters at once); the
plan in docs/capacity.md scales them per core.
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
import threading
from collections import defaultdict
from pathlib import Path
from typing import Any

from service.games import REGISTRY
from tests.redis_cluster import RedisCluster
from tests.server_process import call, server_process

from .common import playout_positions
from .perf import Result, wrk

# The servers that share a Redis share the key its values are authenticated with.
CACHE_SECRET = "bench-capacity-cache-secret"

# (label, game, REST operation, players): a cheap, a middle and an expensive operation.
OPERATIONS = [
    ("mixtour legal-moves", "mixtour", "legal-moves", None),
    ("tric-trac legal-moves", "tric-trac", "legal-moves", None),
    ("te-trix 3p legal-moves", "te-trix", "legal-moves", 3),
    ("triominos 3p position", "triominos-junior", "position", 3),
    ("mixtour play", "mixtour", "play", None),
]


def bodies(game: str, op: str, players: int | None, n: int, seed: int = 21) -> list[str]:
    engine = REGISTRY[game]
    out = []
    for s in playout_positions(engine, n, seed=seed, players=players):
        body: dict[str, Any] = {"state": engine.encode(s)}
        movers = engine.to_move(s)
        if op == "play":
            body["move"] = engine.notation(engine.legal_moves(s, movers[0])[0])
            body["autoChance"] = False
        elif op == "legal-moves" and len(movers) > 1:
            body["player"] = movers[0]
        out.append(json.dumps(body))
    return out


def cache_counts(base: str) -> dict[tuple[str, str], float]:
    """(tier, result) -> look-ups, summed over operations, from /metrics."""
    counts: dict[tuple[str, str], float] = defaultdict(float)
    for line in call(base + "/metrics")[1].decode().splitlines():
        m = re.match(r"regelwerk_cache\w*_total\{([^}]*)\} (\S+)", line)
        if m is None:
            continue
        labels = dict(re.findall(r'(\w+)="([^"]*)"', m[1]))
        counts[labels.get("tier", ""), labels.get("result", "")] += float(m[2])
    return counts


def redis_memory(cluster: RedisCluster) -> tuple[int, int]:
    """Used memory (bytes) and keys over every master."""
    used = 0
    for node in cluster.nodes:
        info = node.command("INFO", "memory")
        used += int(re.search(r"used_memory:(\d+)", info)[1])  # type: ignore[index]
    return used, cluster.keys()


def cpu_rows(folder: Path, seconds: int, n: int) -> list[tuple[str, Result, Result, Result]]:
    rows = []
    with tempfile.TemporaryDirectory() as redis_dir:
        cluster = RedisCluster(Path(redis_dir))
        cluster.start()
        try:
            cold = {"CACHE_ENTRIES": "0"}
            redis_only = {
                "CACHE_ENTRIES": "0",
                "REDIS_URL": cluster.url,
                "REDIS_CLUSTER": "true",
                "REDIS_MIN_COST_US": "0",
                "CACHE_SECRET": CACHE_SECRET,
            }
            with (
                server_process(**cold) as computed,
                server_process() as memory,
                server_process(**redis_only) as redis,
            ):
                for label, game, op, players in OPERATIONS:
                    path = f"/v1/games/{game}/{op}"
                    pool = bodies(game, op, players, n)
                    for body in pool:  # Redis holds every result before the timed run
                        call(redis.base + path, json.loads(body))
                    rows.append(
                        (
                            label,
                            wrk(computed.base, path, pool, computed.proc.pid, seconds, folder),
                            wrk(memory.base, path, pool[:1], memory.proc.pid, seconds, folder),
                            wrk(redis.base, path, pool, redis.proc.pid, seconds, folder),
                        )
                    )
        finally:
            cluster.stop()
    return rows


def two_processes(folder: Path, seconds: int, n: int) -> None:
    with tempfile.TemporaryDirectory() as redis_dir:
        cluster = RedisCluster(Path(redis_dir))
        cluster.start()
        env = {"REDIS_URL": cluster.url, "REDIS_CLUSTER": "true", "CACHE_SECRET": CACHE_SECRET}
        try:
            with server_process(**env) as a, server_process(**env) as b:
                empty = redis_memory(cluster)
                game, op, players = "te-trix", "legal-moves", 3
                pool = bodies(game, op, players, n, seed=33)
                path = f"/v1/games/{game}/{op}"
                print("| pass | process | requests/s | CPU µs/request | p50 ms | p99 ms |")
                print("| --- | --- | --- | --- | --- | --- |")
                for label in ("cold", "warm"):
                    results: dict[str, Result] = {}

                    def load(
                        name: str, server: Any, sub: Path, out: dict[str, Result] = results
                    ) -> None:
                        sub.mkdir(exist_ok=True)
                        out[name] = wrk(server.base, path, pool, server.proc.pid, seconds, sub)

                    threads = [
                        threading.Thread(target=load, args=("A", a, folder / f"{label}a")),
                        threading.Thread(target=load, args=("B", b, folder / f"{label}b")),
                    ]
                    for t in threads:
                        t.start()
                    for t in threads:
                        t.join()
                    for name, r in sorted(results.items()):
                        print(
                            f"| {label} | {name} | {r.rate:,.0f} | {r.cpu_us:,.0f} | "
                            f"{r.p50_ms:.2f} | {r.p99_ms:.2f} |"
                        )
                print()
                for name, server in (("A", a), ("B", b)):
                    counts = cache_counts(server.base)
                    memory = {k[1]: v for k, v in counts.items() if k[0] == "memory"}
                    redis = {k[1]: v for k, v in counts.items() if k[0] == "redis"}
                    looked = sum(memory.get(r, 0) for r in ("hit", "miss"))
                    asked = sum(redis.get(r, 0) for r in ("hit", "miss"))
                    print(
                        f"process {name}: in-process hits {memory.get('hit', 0):,.0f} of "
                        f"{looked:,.0f} look-ups ({memory.get('hit', 0) / max(looked, 1):.1%}); "
                        f"Redis hits {redis.get('hit', 0):,.0f} of {asked:,.0f} asked "
                        f"({redis.get('hit', 0) / max(asked, 1):.1%}), "
                        f"errors {redis.get('error', 0):,.0f}"
                    )
                # A replica that joins later (as the autoscaler adds one): fed by Redis.
                with server_process(**env) as c:
                    joined = wrk(c.base, path, pool, c.proc.pid, seconds, folder)
                    counts = cache_counts(c.base)
                redis_hits = counts.get(("redis", "hit"), 0)
                asked = redis_hits + counts.get(("redis", "miss"), 0)
                print(
                    f"process C, joining after A and B: {joined.rate:,.0f} requests/s, "
                    f"{joined.cpu_us:,.0f} µs CPU/request, p99 {joined.p99_ms:.2f} ms; Redis "
                    f"hits {redis_hits:,.0f} of {asked:,.0f} asked "
                    f"({redis_hits / max(asked, 1):.1%})"
                )
                used, keys = redis_memory(cluster)
                per_entry = (used - empty[0]) / max(keys - empty[1], 1)
                print(
                    f"\nRedis Cluster: {keys:,} keys, {(used - empty[0]) / 2**20:.1f} MiB more "
                    f"than empty: {per_entry:,.0f} bytes per cached entry "
                    f"({game} {op}, {len(pool):,} states)"
                )
        finally:
            cluster.stop()


def run(quick: bool = False) -> None:
    if shutil.which("wrk") is None or shutil.which("redis-cli") is None:
        print("wrk or redis-cli is not installed (apt-get install wrk redis-server); skipping")
        return
    seconds = 2 if quick else 5
    n = 100 if quick else 2_000
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        print("CPU per request on one core (server CPU, µs):\n")
        print("| operation | computed | in-process hit | Redis Cluster hit |")
        print("| --- | --- | --- | --- |")
        for label, computed, memory, redis in cpu_rows(folder, seconds, min(n, 500)):
            print(
                f"| {label} | {computed.cpu_us:,.0f} | {memory.cpu_us:,.0f} | {redis.cpu_us:,.0f} |"
            )
        print("\nTwo processes behind one Redis Cluster (3 masters), both loaded at once:\n")
        two_processes(folder, seconds, n)
