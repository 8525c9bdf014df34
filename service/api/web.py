"""The reference page ``/play``, its script modules (``/play/core.js``, ``/play/games/<id>.js``),
read from ``service/web/`` once and served from memory, and its own words
(``/play/texts.json``), from the catalog.

The page and its modules share one caching rule: ``no-cache`` with a strong ETag, so a browser
revalidates every load (a 304 when nothing changed) and never runs a page beside modules of
another version. Nothing else under ``service/web/play/`` is served, and an unknown path is
the ordinary ``NOT_FOUND``.

The page's words are the catalog's messages whose id starts with ``play-``
(``service/messages/<language>.ftl``), rendered in the request's language (``?lang=`` or
``Accept-Language``); an argument stays a placeholder ``{name}`` that the page fills in, so
those messages choose no variant by an argument."""

from __future__ import annotations

import hashlib
from importlib import resources
from importlib.abc import Traversable

from fluent.syntax import ast as fluent_ast
from fluent.syntax import parse
from fluent.syntax.visitor import Visitor
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from .. import jsonio, text
from ..games.core.text import Msg

CACHE_CONTROL = "no-cache"
PAGE_PREFIX = "play-"
"""The catalog ids of the page's own words (buttons, headings, hints)."""


class Asset:
    """One file as served: its bytes, media type and validator."""

    __slots__ = ("body", "etag", "media")

    def __init__(self, body: bytes, media: str) -> None:
        self.body, self.media = body, media
        self.etag = '"' + hashlib.blake2b(body, digest_size=16).hexdigest() + '"'

    def response(self, request: Request, **extra: str) -> Response:
        headers = {"cache-control": CACHE_CONTROL, "etag": self.etag, **extra}
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


class _Variables(Visitor):
    """The names of the arguments a message's text refers to."""

    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_VariableReference(self, node: fluent_ast.VariableReference) -> None:  # noqa: N802
        self.names.add(node.id.name)


def page_texts(language: str) -> dict[str, str]:
    """The page's words in ``language``: id -> text, each argument left as ``{name}``."""
    catalog = text.catalog(language)
    out: dict[str, str] = {}
    for source in text.sources(language):
        for entry in parse(source.text).body:
            if isinstance(entry, fluent_ast.Message) and entry.id.name.startswith(PAGE_PREFIX):
                found = _Variables()
                found.visit(entry)
                placeholders: dict[str, str | int] = {n: f"{{{n}}}" for n in found.names}
                rendered = catalog.format(entry.id.name, placeholders)
                out[entry.id.name] = entry.id.name if rendered is None else rendered
    return out


def texts_document(language: str) -> dict[str, object]:
    """What ``/play/texts.json`` answers: the language chosen, every language by its own name
    (``play-language`` in that language, for the switch) and the page's words."""
    return {
        "language": language,
        "languages": {lang: text.render(Msg.of("play-language"), lang) for lang in text.LANGUAGES},
        "texts": page_texts(language),
    }


def routes() -> list[Route]:
    web = resources.files("service") / "web"
    page = Asset((web / "play.html").read_bytes(), "text/html")
    scripts = modules(web / "play")
    words: dict[str, Asset] = {}  # by language, made on first use: at most one per language

    async def play_page(request: Request) -> Response:
        return page.response(request)

    async def play_module(request: Request) -> Response:
        asset = scripts.get(request.path_params["path"])
        if asset is None:
            raise HTTPException(404)
        return asset.response(request)

    async def play_texts(request: Request) -> Response:
        language = text.LANGUAGE.get()
        asset = words.get(language)
        if asset is None:
            asset = Asset(jsonio.dumps(texts_document(language)), "application/json")
            words[language] = asset
        return asset.response(request, **{"content-language": language, "vary": "Accept-Language"})

    return [
        Route("/play", play_page, methods=["GET"]),
        Route("/play/texts.json", play_texts, methods=["GET"]),
        Route("/play/{path:path}", play_module, methods=["GET"]),
    ]
