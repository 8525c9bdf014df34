"""The ASGI application: GraphQL, REST, OpenAPI and the operations endpoints."""

from __future__ import annotations

import functools
import gc
import gzip
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from . import jsonio, text
from .api import contract, offload, rest
from .api.answers import Answers
from .api.contract import NDJSON
from .api.errors import ServiceError
from .api.graphql import schema
from .api.graphql_http import GraphQLEndpoint
from .api.graphql_limits import DocumentLimits
from .api.http import BodyLimit, error_response, json_response, log
from .api.logs import clip, configure, drain_access, mark_logged, request_id
from .api.metrics import Metrics, multiprocess_directory
from .api.observe import Observe, route_name
from .api.openapi import openapi
from .api.ops import Rules
from .api.prewarm import prewarm
from .api.web import routes as play_routes
from .cache import Cache, RedisTier
from .games.core.text import Msg
from .settings import Settings

_frozen = False
# The garbage collector's thresholds (``gc.set_threshold``): the young generations as Python
# has them, a full pass after 1,000 passes of generation 1 rather than 10 (and, as always, only
# once the objects that outlived a full pass grew by a quarter). The cache keeps every answer
# it computes, thousands of objects each, and the full passes walked them all again and again:
# a computed Te-Trix 4-player legal-moves answer cost 2,539-2,679 µs of CPU with the cache on
# against 1,206-1,235 µs with the collector off, and 1,212-1,300 µs with these thresholds
# (1,480 positions in process, docs/performance.md). Cycles that die young are still collected
# by the young passes.
GC_THRESHOLDS = (700, 10, 1000)


def freeze_startup_objects() -> None:
    """Moves what the process holds at start (the schema, the catalogs, every module's tables)
    out of the garbage collector's sight, once per process (``gc.freeze``): none of it becomes
    garbage, and the collector's full passes, which otherwise walk all of it again and again,
    held the event loop for up to 380 ms under computed Te-Trix load (gc.callbacks, 600
    requests in process: 4 full passes, 1.03 s of 3.8 s; frozen: 7 passes, 0.35 s in all,
    none over 55 ms). Cyclic garbage made before this is collected first. Then full passes
    are made rarer (``GC_THRESHOLDS``)."""
    global _frozen
    if not _frozen:
        _frozen = True
        gc.collect()
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLDS)


def create_app(settings: Settings | None = None) -> Starlette:
    settings = settings or Settings.from_env()
    configure(settings.log_format, settings.log_level)
    text.load()
    offload.configure(settings.compute_threads)
    metrics = Metrics(multiprocess_directory())
    redis = None
    if settings.redis_url:
        secret = settings.cache_mac_key()
        if secret is None:  # Settings.check refuses this; a Settings made in code skips it
            raise SystemExit("invalid settings: REDIS_URL needs CACHE_SECRET or RULES_SECRET")
        redis = RedisTier(
            settings.redis_url,
            secret=secret,
            timeout_ms=settings.redis_timeout_ms,
            ttl=settings.cache_ttl,
            max_value_bytes=settings.cache_max_value_bytes,
            breaker_seconds=settings.redis_breaker_seconds,
            on_event=metrics.cache_event,
            cluster=settings.redis_cluster,
            on_call=metrics.redis_call,
        )
    cache = Cache(
        settings.cache_entries,
        metrics.cache_event,
        redis,
        settings.redis_min_cost_us,
        settings.cache_max_bytes,
        offload=offload.run,
        offload_min_cost_us=settings.offload_min_cost_us,
    )
    metrics.watch(cache)
    rules = Rules(settings, cache)
    # the committed schema/openapi.json's very bytes (same settings, same document), so code
    # generated from the URL is the code generated from the file. Built when first asked for:
    # it costs 40-80 ms, and the test suite makes hundreds of apps that are never asked.
    spec = functools.cache(lambda: jsonio.pretty(openapi(rules)))

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if settings.prewarm_depth:
            await prewarm(rules, settings.prewarm_depth)
            metrics.refresh()  # this worker's cache entries, before its first request
        freeze_startup_objects()
        yield
        await cache.close()
        drain_access()  # requests are done: their access lines go out before the worker does

    async def healthz(request: Request) -> Response:
        return json_response({"status": "ok"})

    async def readyz(request: Request) -> Response:
        return json_response({"status": "ready", "games": sorted(rules.registry)})

    async def metrics_endpoint(request: Request) -> Response:
        body, media = metrics.export()
        return Response(body, media_type=media)

    async def openapi_endpoint(request: Request) -> Response:
        return Response(spec(), media_type="application/json")

    web = resources.files("service") / "web"
    ide = (web / "graphiql" / "index.html").read_text(encoding="utf-8")
    assets = {
        f.name.removesuffix(".gz"): f.read_bytes()
        for f in (web / "graphiql").iterdir()
        if f.name.endswith(".gz")
    }

    async def graphiql_asset(request: Request) -> Response:
        """The explorer's scripts and styles, gzipped once at vendoring time."""
        name = request.path_params["name"]
        data = assets.get(name)
        if data is None:
            raise HTTPException(404)
        media = "text/css" if name.endswith(".css") else "text/javascript"
        headers = {"cache-control": "public, max-age=86400, immutable", "vary": "accept-encoding"}
        if "gzip" in request.headers.get("accept-encoding", ""):
            return Response(data, media_type=media, headers={**headers, "content-encoding": "gzip"})
        return Response(gzip.decompress(data), media_type=media, headers=headers)

    async def root(request: Request) -> Response:
        return PlainTextResponse(f"{Msg.of('http-index')}\n")

    routes: list[BaseRoute] = [
        # The routes clients call most come first: the router tries them in order.
        Route(
            "/graphql",
            GraphQLEndpoint(
                schema,
                {"rules": rules},
                ide,
                DocumentLimits(
                    settings.graphql_max_bytes,
                    settings.graphql_max_tokens,
                    settings.graphql_max_depth,
                    settings.graphql_max_aliases,
                    settings.graphql_max_root_fields,
                ),
                settings.max_work,
                shared=redis,
                search_cpu_ms=settings.search_max_cpu_ms,
            ).handle,
            methods=["GET", "POST"],
        ),
        *rest.routes(),
        Route("/", root, methods=["GET"]),
        *play_routes(),
        Route("/healthz", healthz, methods=["GET"]),
        Route("/readyz", readyz, methods=["GET"]),
        Route("/metrics", metrics_endpoint, methods=["GET"]),
        Route("/openapi.json", openapi_endpoint, methods=["GET"]),
        Route("/graphql/assets/{name}", graphiql_asset, methods=["GET"]),
    ]

    async def api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ServiceError)
        return error_response(exc)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        codes = {404: "NOT_FOUND", 405: "METHOD_NOT_ALLOWED"}
        code = codes.get(exc.status_code, "HTTP_ERROR")
        path = request.url.path
        if exc.status_code == 404:
            message = Msg.of("http-no-route", path=path)
        elif exc.status_code == 405:
            message = Msg.of("http-method-not-allowed", method=request.method, path=path)
        else:  # Starlette's words (the status's reason phrase), none raised today
            message = Msg.of("http-error", status=exc.status_code, detail=str(exc.detail))
        # a 405 keeps the Allow header Starlette set (RFC 9110 15.5.6)
        return error_response(
            ServiceError(code, message), request.url.path, exc.headers, exc.status_code
        )

    async def internal_error(request: Request, exc: Exception) -> Response:
        """A bug (client errors are ServiceErrors, a vanished client never gets here): logged
        once with its traceback, under the request's id."""
        method, route = clip(request.method, 16), route_name(request.scope)
        log.error("internal error on %s %s", method, route, exc_info=exc)
        mark_logged(exc)
        response = error_response(ServiceError("INTERNAL", Msg.of("error-internal")))
        rid = request_id.get()
        if rid is not None:
            response.headers["x-request-id"] = rid
        return response

    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={
            ServiceError: api_error,
            HTTPException: http_error,
            Exception: internal_error,
        },
    )
    app.state.rules = rules
    app.state.metrics = metrics
    # Innermost: the answer tier reads bodies BodyLimit already let through, and answers a hit
    # inside CORS (its headers) and Observe (its id, language, count and access line).
    app.add_middleware(
        Answers,
        on_event=metrics.cache_event,
        hot=cache.hot,
        entries=settings.cache_entries,
        max_bytes=settings.answer_cache_bytes,
        rest_calls=rest.kept_calls(),
    )
    # A batch (/v1/verify, /v1/analyze: an NDJSON body) streams: its limit is per line
    # (service/api/verify.py, ndjson_stream).
    batches = tuple(op.path for op in contract.OPERATIONS if op.body_media == NDJSON)
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes, streaming=batches)
    if settings.cors_origins:
        # Inside Observe (preflights are counted) and outside BodyLimit (a 413 still
        # carries the headers a browser needs to read it).
        origins = settings.cors_origin_list()
        app.add_middleware(
            CORSMiddleware,
            allow_origins=origins,
            allow_methods=["GET", "POST"],
            allow_headers=["Accept", "Content-Type", "X-Request-ID"],
            expose_headers=["X-Request-ID"],
            allow_credentials=False,  # nothing here uses cookies or HTTP auth
            max_age=600,
        )
    app.add_middleware(Observe, metrics=metrics)
    return app
