"""Throughput over HTTP with and without Redis, 1 and 2 workers (issue: the Redis tier).

Real servers (``python -m service``) and a real redis-server on free loopback ports; ``wrk``
(Debian package) sends the load. The in-process cache is off (``CACHE_ENTRIES=0``) so that
every request either computes or asks Redis: this isolates what the Redis tier costs and
saves. Every state is requested once before the timed run, so Redis holds them all.

Configurations per operation: no Redis; Redis always asked (``REDIS_MIN_COST_US=0``); Redis
with the default cost rule (asked only for results measured at >= 250 µs).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from service.games import REGISTRY
from tests.redis_server import RedisServer
from tests.server_process import call, running_server

from .common import playout_positions

# (label, game, REST call): the cheapest and the most expensive cached operation, and one
# between them to place the REDIS_MIN_COST_US threshold. Compute cost as a server measures it
# (regelwerk_compute_cost_seconds): ≈ 100-130 µs, ≈ 500 µs, ≈ 660 µs.
OPERATIONS = [
    ("cheapest", "mixtour", "score"),
    ("middle", "tric-trac", "legal-moves"),
    ("most expensive", "te-trix", "position"),
]
CONFIGS = [
    ("no Redis", None),
    ("Redis always", "0"),
    ("Redis by cost", ""),  # the default REDIS_MIN_COST_US
]

LUA = """
local bodies = {%s}
local i = 0
request = function()
  i = i + 1
  return wrk.format("POST", "%s", {["Content-Type"] = "application/json"},
                    bodies[(i %% #bodies) + 1])
end
"""


def _lua_string(text: str) -> str:
    return "[==[" + text + "]==]"


def _bodies(game: str, n: int) -> list[str]:
    engine = REGISTRY[game]
    states = playout_positions(engine, n, seed=9, players=3 if game == "te-trix" else None)
    return [json.dumps({"state": engine.encode(s)}) for s in states]


def _wrk(base: str, script: Path, seconds: int) -> float:
    out = subprocess.run(
        ["wrk", "-t2", "-c16", f"-d{seconds}s", "-s", str(script), base],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    match = re.search(r"Requests/sec:\s+([\d.]+)", out)
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if match is None or errors is not None:
        raise RuntimeError(f"wrk failed:\n{out}")
    return float(match[1])


def _measure(
    redis: RedisServer,
    workers: int,
    min_cost: str | None,
    path: str,
    bodies: list[str],
    script: Path,
    seconds: int,
) -> float:
    env: dict[str, Any] = {"CACHE_ENTRIES": "0", "LOG_LEVEL": "warning"}
    if min_cost is not None:
        env |= {"REDIS_URL": redis.url, "CACHE_SECRET": "bench-load-cache-secret"}
        if min_cost:
            env["REDIS_MIN_COST_US"] = min_cost
    with running_server(workers=workers, **env) as base:
        for body in bodies:  # warm Redis (and the processes)
            call(base + path, json.loads(body))
        return _wrk(base, script, seconds)


def run(quick: bool = False) -> None:
    if shutil.which("wrk") is None:
        print("wrk is not installed (apt-get install wrk); skipping the load benchmark")
        return
    seconds, rounds = (2, 1) if quick else (5, 3)
    with tempfile.TemporaryDirectory() as folder:
        redis = RedisServer(Path(folder))
        redis.start()
        try:
            results: dict[tuple[str, int, str], float] = {}
            for label, game, op in OPERATIONS:
                bodies = _bodies(game, 300 if quick else 2000)
                path = f"/v1/games/{game}/{op}"
                script = Path(folder) / f"{game}-{op}.lua"
                script.write_text(LUA % (",".join(map(_lua_string, bodies)), path))
                for workers in (1, 2):
                    for _ in range(rounds):  # interleaved rounds; the best of each counts
                        for name, min_cost in CONFIGS:
                            rate = _measure(redis, workers, min_cost, path, bodies, script, seconds)
                            key = (label, workers, name)
                            results[key] = max(results.get(key, 0.0), rate)
                    for name, _ in CONFIGS:
                        print(
                            f"{label:<15} {game}/{op:<9} workers={workers}  {name:<14}"
                            f"{results[(label, workers, name)]:>9,.0f} req/s"
                        )
            print("\nratios in this run (Redis / no Redis):")
            for label, game, op in OPERATIONS:
                for workers in (1, 2):
                    base_rate = results[(label, workers, "no Redis")]
                    ratios = "  ".join(
                        f"{name}: {results[(label, workers, name)] / base_rate:4.2f}×"
                        for name, _ in CONFIGS[1:]
                    )
                    print(f"{label:<15} {game}/{op:<9} workers={workers}  {ratios}")
        finally:
            redis.stop()
