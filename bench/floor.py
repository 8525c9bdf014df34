"""The framework floor: a minimal starlette + orjson app that echoes a JSON body. What our
REST answers cost above it is ours; ``bench/perf.py`` serves it with the same uvicorn setup."""

from __future__ import annotations

import orjson
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route


async def echo(request: Request) -> Response:
    return Response(orjson.dumps(orjson.loads(await request.body())), media_type="application/json")


app = Starlette(routes=[Route("/echo", echo, methods=["POST"])])
