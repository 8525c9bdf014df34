"""The language of an answer: ``?lang=`` or ``Accept-Language``, English by default.

Chosen once per request by the edge (``observe.Observe``) and kept in ``text.LANGUAGE``;
every message in the answer is written in it (``service/text.py``). Answers that hold words
say which language they are in (``Content-Language``) and that it depends on the request's
header (``Vary: Accept-Language``), so a shared HTTP cache keeps one copy per language.
"""

from __future__ import annotations

from urllib.parse import parse_qsl

from starlette.types import Scope

from .. import text

QUERY = "lang"
"""The query parameter that overrides ``Accept-Language`` (for a link or a GraphQL client
that cannot set headers): ``/graphql?lang=de``, ``/v1/games?lang=de``."""
_QUERY_BYTES = QUERY.encode() + b"="
HEADERS = {
    lang: ((b"content-language", lang.encode()), (b"vary", b"Accept-Language"))
    for lang in text.LANGUAGES
}
"""``Content-Language`` and ``Vary`` of an answer in each language."""


def choose(scope: Scope, accept_language: bytes | None) -> str:
    """The language the request asks for (its query and its ``Accept-Language`` header, as
    the edge read it), of those the catalog has."""
    query: bytes = scope.get("query_string", b"")
    if _QUERY_BYTES in query:  # the common case, no parameter, costs one search
        for name, value in parse_qsl(query.decode("latin-1"), max_num_fields=64):
            if name == QUERY:
                header = None if accept_language is None else accept_language.decode("latin-1")
                return text.negotiate(header, value)
    if accept_language is None:
        return text.DEFAULT
    return _negotiated(accept_language)


# A browser sends the same Accept-Language with every request: each header's language is
# remembered, for headers up to _MEMO_BYTES long and at most _MEMO_ENTRIES of them (64 KiB at
# most; all forgotten when full), so the hit path pays one dictionary look-up for it.
_MEMO_BYTES = 256
_MEMO_ENTRIES = 256
_memo: dict[bytes, str] = {}


def _negotiated(header: bytes) -> str:
    found = _memo.get(header)
    if found is not None:
        return found
    found = text.negotiate(header.decode("latin-1"))
    if len(header) <= _MEMO_BYTES:
        if len(_memo) >= _MEMO_ENTRIES:
            _memo.clear()
        _memo[header] = found
    return found


def speaks(path: str, status: int) -> bool:
    """Whether an answer holds words: the API's answers, the index (``/``), and every
    error."""
    return worded(path) or status >= 400


def worded(path: str) -> bool:
    """Whether every answer on ``path`` holds words (the API's, the index)."""
    return path.startswith("/v1/") or path in _WORDED


_WORDED = frozenset(("/graphql", "/"))
