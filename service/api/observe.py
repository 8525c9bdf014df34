"""The one middleware around every request: its id, its timing, its count and its access line.

A request that the client abandons before its answer is complete (it closed the connection
while sending the body, while waiting, or while a streamed answer was still coming, as a
batch's) is counted and logged with status 499 ("client closed request", as nginx says),
never as a server error, nor as the 200 the answer had started with.
"""

from __future__ import annotations

import logging
import time

from starlette.requests import ClientDisconnect
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import text
from . import language
from .logs import accept_request_id, clip, request_id
from .metrics import Metrics

CLIENT_CLOSED = 499

access = logging.getLogger("regelwerk.access")


class Observe:
    """Gives each HTTP request an id (the caller's valid ``X-Request-ID`` or a new one, echoed
    in the answer), times it, counts it by route template and status, and logs one line.
    It also chooses the answer's language (``language.choose``): one wrapper of ``send``
    does both, so the cheapest answers pay for one."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        asked_id, accept_language = _headers(scope)
        rid = accept_request_id(asked_id)
        # Not reset afterwards: starlette's 500 handler runs outside this middleware and
        # names the id too; each request runs in its own task, so nothing leaks.
        request_id.set(rid)
        echo = (b"x-request-id", rid.encode())
        lang = language.choose(scope, accept_language)
        text.LANGUAGE.set(lang)
        path = scope["path"]
        worded = language.worded(path)
        status = 0  # no answer started yet
        closed = complete = failed = False
        bytes_in = bytes_out = 0

        async def observed_receive() -> Message:
            nonlocal bytes_in, closed
            message = await receive()
            if message["type"] == "http.request":
                bytes_in += len(message.get("body", b""))
            elif message["type"] == "http.disconnect" and not complete:
                closed = True
            return message

        async def observed_send(message: Message) -> None:
            nonlocal status, bytes_out, complete
            if message["type"] == "http.response.start":
                status = message["status"]
                headers = [*message.get("headers", ()), echo]
                if worded or status >= 400:  # language.speaks, its path part known already
                    headers += language.HEADERS[lang]
                message = {**message, "headers": headers}
            elif message["type"] == "http.response.body":
                bytes_out += len(message.get("body", b""))
                complete = not message.get("more_body", False)
                if complete:
                    self.metrics.answering()
            await send(message)

        try:
            await self.app(scope, observed_receive, observed_send)
        except ClientDisconnect:
            closed = True  # no one is left to answer
        except BaseException:
            failed = True
            raise
        finally:
            # an answer started and left unfinished without an error: its reader went away
            # (a streamed body ends quietly when its reader does: service/api/http.py)
            if closed or (status and not complete and not failed):
                status = CLIENT_CLOSED
            elif not status:
                status = 500  # an exception on its way to the 500 handler
            seconds = time.perf_counter() - start
            route = route_name(scope)
            self.metrics.observe_request(route, status, seconds)
            if access.isEnabledFor(logging.INFO):
                fields = {
                    "method": clip(scope["method"], 16),
                    "route": route,
                    "status": status,
                    "duration_ms": round(seconds * 1000, 2),
                    "bytes_in": bytes_in,
                    "bytes_out": bytes_out,
                    "request_id": rid,
                }
                access.info("request", extra={"fields": fields})


def route_name(scope: Scope) -> str:
    """The matched route's template (``/v1/games/{game}/play``), never the raw path; "other"
    for a path no route has."""
    path = getattr(scope.get("route"), "path", None)
    if isinstance(path, str):
        return path
    # Not routed: refused before routing (413, a client gone mid-body) or no such route.
    for route in getattr(scope.get("app"), "routes", ()):
        if route.matches(scope)[0] is not Match.NONE and isinstance(route.path, str):
            return str(route.path)
    return "other"


def _headers(scope: Scope) -> tuple[bytes | None, bytes | None]:
    """The request's ``X-Request-ID`` and ``Accept-Language`` (the first of each), in one
    pass over its headers."""
    rid = accept = None
    for key, value in scope["headers"]:
        if key == b"x-request-id":
            if rid is None:
                rid = bytes(value)
        elif key == b"accept-language" and accept is None:
            accept = bytes(value)
    return rid, accept
