"""One measurement of ``bench/computed.py``, run by path in the checkout being measured (its
``service`` package first on ``PYTHONPATH``), so it imports nothing from this checkout's
bench: the given request bodies, each once, straight into the ASGI app with the cache off.

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
from typing import Any

logging.disable(logging.CRITICAL)
os.environ["CACHE_ENTRIES"] = "0"  # every answer computed

from service.app import create_app  # noqa: E402  (after logging is silenced)

WARM = 20


async def _call(app: Any, path: str, body: bytes) -> tuple[int, bytes]:
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
        ],
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 80),
        "state": {},
    }
    sent = False

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if sent:
            await asyncio.sleep(3600)
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    out: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        out.append(message)

    await app(scope, receive, send)
    return out[0]["status"], b"".join(m.get("body", b"") for m in out[1:])


async def measure(bodies: list[bytes], path: str) -> float:
    app = create_app()
    async with app.router.lifespan_context(app):
        for body in bodies[:WARM]:  # warms every memo that is not a cache
            status, answer = await _call(app, path, body)
            assert status == 200 and b'"errors"' not in answer[:20], answer[:300]
        start = time.process_time()
        for body in bodies:
            await _call(app, path, body)
        return (time.process_time() - start) / len(bodies) * 1e6


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as f:
        bodies = [b.encode() for b in json.load(f)]
    print(f"{asyncio.run(measure(bodies, sys.argv[2])):.2f}")
