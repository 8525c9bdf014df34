"""Tier 0: whole answers by the request's raw bytes, in front of parsing (issue 26, point 2).

A client that asks about a position again sends the very bytes it sent before (a front end
polling its legal moves, many players at the same opening). Such a request is answered from
here without parsing its JSON, checking its fields, encoding its state canonically, checking
its signature, hashing it for the result cache or writing the answer's JSON again: the bytes
of the earlier answer go out as they are.

What makes it safe:

- An answer is kept only after the whole request path answered it with 200 for exactly these
  bytes: every field checked, the state's signature verified. The same bytes verify the same
  way, so a hit is a hit only for bytes already verified; a forged or altered state is never
  the same bytes.
- The key holds everything the answer depends on: the path (game and operation), the
  answer's language (``text.LANGUAGE``, chosen by ``observe.Observe``), the body's bytes and,
  for ``/graphql``, the request's ``Content-Type`` and ``Accept`` (which choose how it reads
  the body and what media it answers in). Settings and secrets are the process's own.
- Only answers that are a function of that key are kept: the 200 answers of REST's state
  calls (``rest.py`` says which), and GraphQL answers without ``errors`` to documents that
  name none of ``VARYING_FIELDS`` (a typed result in ``data``, an ``InvalidState`` say, is
  such an answer: the same bytes get it again).

Bounded like every cache here: by entries (``CACHE_ENTRIES``) and by the estimated bytes of
its entries (``ANSWER_CACHE_BYTES``); the LRU does not keep one over a sixteenth of it.
"""

from __future__ import annotations

from hashlib import blake2b
from typing import Any, NamedTuple

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import text
from ..cache import Event, HotKeys
from ..cache.memory import LRU

SCOPE_KEY = "regelwerk.answer"
"""Where a candidate request's key and the tier wait for the handler that may keep its
answer (``keep``)."""
TIER = "answer"
"""The tier's label in the cache metrics; its ``op`` label is ``rest`` or ``graphql``."""
# Memory of an entry beyond the body and answer bytes it holds: the key tuple, the entry, its
# headers list and the LRU's node and size (about 700 bytes measured with tracemalloc: see
# tests/cache/test_answers.py, which holds the estimate to every real entry).
ENTRY_OVERHEAD = 768
VARYING_FIELDS = frozenset(("suggest", "evaluate"))
"""GraphQL fields whose answer is not a function of the request's bytes alone: a search is
bounded by CPU time as well as by its budget. A document naming one is never kept."""


class Entry(NamedTuple):
    headers: list[tuple[bytes, bytes]]
    body: bytes
    route: Any  # the matched route, for the metrics' and the access line's route name
    game: str
    op: str  # the engine operation, as the hot-key counter names it
    hot: bytes  # the key's digest, for the hot-key counter


def _headers(scope: Scope) -> tuple[bytes, bytes]:
    content_type = accept = b""
    for name, value in scope["headers"]:
        if name == b"content-type":
            content_type = bytes(value)
        elif name == b"accept":
            accept = bytes(value)
    return content_type, accept


def entry_bytes(key: tuple[Any, ...], answer: bytes) -> int:
    """The estimated memory of an entry: what its key and answer hold, and the overhead."""
    path, _, (content_type, accept), body = key
    return len(path) + len(content_type) + len(accept) + len(body) + len(answer) + ENTRY_OVERHEAD


class Answers:
    """The ASGI middleware that answers from the tier, and the tier itself."""

    def __init__(
        self,
        app: ASGIApp,
        on_event: Event,
        hot: HotKeys,
        entries: int,
        max_bytes: int,
        rest_calls: frozenset[str],
    ) -> None:
        """``rest_calls``: the last path segments of the REST calls whose answers are kept
        (``/v1/games/{game}/legal-moves``: ``legal-moves``)."""
        self.app = app
        self.on_event = on_event
        self.hot = hot
        self.lru = LRU(entries, max_bytes)
        self.rest_calls = rest_calls

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not self._candidate(scope):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client left: the app sees it
                await self.app(scope, _replay([], message, receive), send)
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = chunks[0] if len(chunks) == 1 else b"".join(chunks)
        path: str = scope["path"]
        varies = _headers(scope) if path == "/graphql" else (b"", b"")
        key = (path, text.LANGUAGE.get(), varies, body)
        kind = "graphql" if path == "/graphql" else "rest"
        found: Entry | None = self.lru.get(key)
        if found is None:
            self.on_event(TIER, kind, "miss")
            scope[SCOPE_KEY] = (self, key)
            request = {"type": "http.request", "body": body, "more_body": False}
            await self.app(scope, _replay([request], None, receive), send)
            return
        scope["route"] = found.route
        self.hot.seen(found.hot, found.game, found.op)
        self.on_event(TIER, kind, "hit")
        await send({"type": "http.response.start", "status": 200, "headers": found.headers})
        await send({"type": "http.response.body", "body": found.body})

    def _candidate(self, scope: Scope) -> bool:
        if scope["type"] != "http" or scope["method"] != "POST" or not self.lru.enabled:
            return False
        path: str = scope["path"]
        if path == "/graphql":
            return True
        return path.startswith("/v1/games/") and path.rpartition("/")[2] in self.rest_calls

    def keep(self, key: tuple[Any, ...], entry: Entry) -> None:
        if not self.lru.put(key, entry, entry_bytes(key, entry.body)):
            self.on_event(TIER, "graphql" if key[0] == "/graphql" else "rest", "too_large")


def keep(scope: Scope, response: Any, game: str, op: str) -> None:
    """Keeps a 200 answer of a candidate request (a Starlette ``Response``) for its bytes."""
    waiting = scope.get(SCOPE_KEY)
    if waiting is None or response.status_code != 200:
        return
    tier, key = waiting
    hot = blake2b(key[0].encode() + b"\x00" + key[3], digest_size=16).digest()
    headers = list(response.raw_headers)
    tier.keep(key, Entry(headers, bytes(response.body), scope.get("route"), game, op, hot))


def _replay(first: list[Message], last: Message | None, receive: Receive) -> Receive:
    """``receive`` again: the messages already read, then the client's own."""
    queue = [*first, *([] if last is None else [last])]

    async def replayed() -> Message:
        if queue:
            return queue.pop(0)
        return await receive()

    return replayed
