"""One measurement of ``bench/computed.py``, run by path in the checkout being measured (its
``service`` package first on ``PYTHONPATH``), so it imports nothing from this checkout's
bench: the given request bodies, each once, straight into the ASGI app with the cache off
(with ``BENCH_CACHE_ON=1`` on: each body is still asked once, so every answer is computed,
and then kept, as a server does by default).

Usage: ``python bench/computed_worker.py BODIES PATH`` where BODIES is a JSON file holding a
list of request bodies (strings); prints the CPU microseconds a computed answer costs.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
import time

logging.disable(logging.CRITICAL)
if os.environ.get("BENCH_CACHE_ON") != "1":
    os.environ["CACHE_ENTRIES"] = "0"  # every answer computed, and nothing kept

from hits_worker import _call  # noqa: E402  (beside this file: the same ASGI call)

from service.app import create_app  # noqa: E402  (after logging is silenced)

WARM = 20


async def measure(bodies: list[bytes], path: str) -> float:
    app = create_app()
    async with app.router.lifespan_context(app):
        for body in bodies[:WARM]:  # warms every memo that is not a cache
            status, answer = await _call(app, path, body, [])
            assert status == 200 and b'"errors"' not in answer[:20], answer[:300]
        statuses = []
        start = time.process_time()
        for body in bodies:
            statuses.append((await _call(app, path, body, []))[0])
        seconds = time.process_time() - start
        assert set(statuses) == {200}, statuses  # a refused row is no measurement
        return seconds / len(bodies) * 1e6


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as f:
        bodies = [b.encode() for b in json.load(f)]
    print(f"{asyncio.run(measure(bodies, sys.argv[2])):.2f}")
