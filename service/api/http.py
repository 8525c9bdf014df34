"""HTTP plumbing shared by REST and the app: JSON bodies, error responses, the body limit."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Mapping
from typing import Any

from starlette.requests import ClientDisconnect, Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import jsonio
from ..games.core.text import Msg
from .edge import status_of
from .errors import ServiceError
from .request import bad_json, empty_body

log = logging.getLogger("regelwerk")


def json_response(value: Any, status: int = 200, encoded: bytes | None = None) -> Response:
    """``value`` as JSON; ``encoded``: its JSON, already written."""
    body = jsonio.dumps(value) if encoded is None else encoded
    return Response(body, status_code=status, media_type="application/json")


def error_response(
    error: ServiceError,
    path: str = "",
    headers: Mapping[str, str] | None = None,
    status: int | None = None,
) -> Response:
    """The error envelope of the endpoint asked: ``{"error": ...}`` for REST, a GraphQL
    ``{"errors": [...]}`` answer for ``/graphql`` (whose clients look for that). The status
    is the code's (``edge.EDGE``) unless the HTTP layer gave its own."""
    if path == "/graphql":
        body: Any = {
            "errors": [
                {
                    "message": error.msg,
                    "extensions": {"code": error.code, **error.msg.wire(), **error.details},
                }
            ]
        }
    else:
        body = error.body()
    response = json_response(body, status_of(error.code) if status is None else status)
    if headers:
        response.headers.update(headers)
    return response


class StreamedBody(Response):
    """An answer written chunk by chunk while the request body is still being read.

    Starlette's StreamingResponse (under ASGI < 2.4, as uvicorn speaks) reads ``receive`` in a
    task of its own to notice a disconnect, which takes the request body from an endpoint
    that streams both ways; here a disconnect is noticed by the body's reader instead
    (``ClientDisconnect`` ends the answer)."""

    def __init__(self, chunks: AsyncIterator[bytes], media_type: str) -> None:
        self.chunks = chunks
        self.status_code = 200
        self.media_type = media_type
        self.background = None
        self.body = b""
        self.init_headers(None)
        del self.raw_headers[[k for k, _ in self.raw_headers].index(b"content-length")]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": self.raw_headers})
        try:
            async for chunk in self.chunks:
                await send({"type": "http.response.body", "body": chunk, "more_body": True})
        except ClientDisconnect:
            return
        await send({"type": "http.response.body", "body": b"", "more_body": False})


async def read_json(request: Request, empty_ok: bool = False) -> Any:
    raw = await request.body()
    if not raw.strip():
        if empty_ok:
            return {}
        raise empty_body()
    try:
        return jsonio.loads(raw)
    except jsonio.JSONDecodeError as exc:
        raise bad_json(exc) from exc


class BodyLimit:
    """Refuses bodies over ``limit`` bytes with 413 before the app sees them.

    A body with a Content-Length is judged by it (the server delivers exactly that many
    bytes, so the app reads it as it comes); a chunked upload is buffered and measured.
    ``streaming`` paths read their body as it comes and bound what they hold themselves.
    """

    def __init__(self, app: ASGIApp, limit: int, streaming: tuple[str, ...] = ()) -> None:
        self.app = app
        self.limit = limit
        self.streaming = frozenset(streaming)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope["method"] in ("GET", "HEAD", "OPTIONS")
            or scope["path"] in self.streaming
        ):
            await self.app(scope, receive, send)
            return
        for name, value in scope["headers"]:
            if name == b"content-length" and value.isdigit():
                if int(value) > self.limit:
                    await self._refuse(scope, receive, send)
                else:
                    await self.app(scope, receive, send)
                return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._refuse(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        error = ServiceError(
            "BODY_TOO_LARGE",
            Msg.of("http-body-too-large", limit=self.limit),
            {"limit": self.limit},
        )
        await error_response(error, scope.get("path", ""))(scope, receive, send)
