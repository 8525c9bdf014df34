"""The reference page ``/play`` and its script modules (``/play/core.js``, ``/play/games/<id>.js``),
read from ``service/web/`` once and served from memory.

The page and its modules share one caching rule: ``no-cache`` with a strong ETag, so a browser
revalidates every load (a 304 when nothing changed) and never runs a page beside modules of
another version. Nothing else under ``service/web/play/`` is served, and an unknown path is
the ordinary ``NOT_FOUND``."""

from __future__ import annotations

import hashlib
from importlib import resources
from importlib.abc import Traversable

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

CACHE_CONTROL = "no-cache"


class Asset:
    """One file as served: its bytes, media type and validator."""

    __slots__ = ("body", "etag", "media")

    def __init__(self, body: bytes, media: str) -> None:
        self.body, self.media = body, media
        self.etag = '"' + hashlib.blake2b(body, digest_size=16).hexdigest() + '"'

    def response(self, request: Request) -> Response:
        headers = {"cache-control": CACHE_CONTROL, "etag": self.etag}
        if _matches(request.headers.get("if-none-match"), self.etag):
            return Response(status_code=304, headers=headers)
        return Response(self.body, media_type=self.media, headers=headers)


def _matches(if_none_match: str | None, etag: str) -> bool:
    """RFC 9110 13.1.2: weak comparison against each listed tag, or ``*``."""
    if if_none_match is None:
        return False
    tags = {t.strip().removeprefix("W/") for t in if_none_match.split(",")}
    return "*" in tags or etag in tags


def modules(folder: Traversable, prefix: str = "") -> dict[str, Asset]:
    """Every ``.js`` file under ``folder``, by its path relative to it."""
    found: dict[str, Asset] = {}
    for entry in folder.iterdir():
        if entry.is_dir():
            found |= modules(entry, f"{prefix}{entry.name}/")
        elif entry.name.endswith(".js"):
            found[prefix + entry.name] = Asset(entry.read_bytes(), "text/javascript")
    return found


def routes() -> list[Route]:
    web = resources.files("service") / "web"
    page = Asset((web / "play.html").read_bytes(), "text/html")
    scripts = modules(web / "play")

    async def play_page(request: Request) -> Response:
        return page.response(request)

    async def play_module(request: Request) -> Response:
        asset = scripts.get(request.path_params["path"])
        if asset is None:
            raise HTTPException(404)
        return asset.response(request)

    return [
        Route("/play", play_page, methods=["GET"]),
        Route("/play/{path:path}", play_module, methods=["GET"]),
    ]
