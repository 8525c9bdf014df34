"""One measurement of ``bench/hits.py``, run by path in the checkout being measured (its
``service`` package first on ``PYTHONPATH``), so it imports nothing from this checkout's
bench: the same requests, straight into the ASGI app, no network and no server process.

Usage: ``python bench/hits_worker.py KIND GAME N [LANGUAGE]`` with KIND ``rest`` or
``graphql``; prints the CPU microseconds a cached legal-moves answer costs.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import time
from typing import Any

import orjson

logging.disable(logging.CRITICAL)

from service.app import create_app  # noqa: E402  (after logging is silenced)

WARM = 200
PLAYERS = {"te-trix": 2}


async def _call(app: Any, path: str, body: bytes, headers: list[tuple[bytes, bytes]]) -> Any:
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
            *headers,
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


async def measure(kind: str, game: str, n: int, language: str | None) -> float:
    app = create_app()
    headers = [(b"accept-language", language.encode())] if language else []
    async with app.router.lifespan_context(app):
        players = PLAYERS.get(game)
        new = orjson.dumps({"seed": "bench", **({"players": players} if players else {})})
        _, body = await _call(app, f"/v1/games/{game}/new", new, [])
        state = orjson.loads(body)["state"]
        player = 0 if players else None
        if kind == "rest":
            path = f"/v1/games/{game}/legal-moves"
            sent = {"state": state, **({"player": player} if player is not None else {})}
        else:
            path = "/graphql"
            query = (
                "query($g: String!, $s: JSON!, $p: Int) { position(game: $g, state: $s) "
                "{ ... on Position { legalMoves(player: $p) { notation move } } } }"
            )
            sent = {"query": query, "variables": {"g": game, "s": state, "p": player}}
        request = orjson.dumps(sent)
        for _ in range(WARM):  # fills the cache, warms every memo
            status, answer = await _call(app, path, request, headers)
        assert status == 200 and b'"notation"' in answer, answer[:300]
        start = time.process_time()
        for _ in range(n):
            await _call(app, path, request, headers)
        return (time.process_time() - start) / n * 1e6


if __name__ == "__main__":
    kind, game, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    language = sys.argv[4] if len(sys.argv) > 4 else None
    print(f"{asyncio.run(measure(kind, game, n, language)):.2f}")
