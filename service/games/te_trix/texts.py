"""Te-Trix told to people, as catalog messages (ids and language-free arguments; the words are
in ``messages/<language>.ftl``)."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.text import Arg, Msg

_SLOTS = "abcd"
MAX_LISTED = len(_SLOTS)  # players, cells of a shape: four at most


def short_list(items: Sequence[Arg]) -> Msg:
    """One to four things as a refusal lists them: "c3, d4" in English."""
    assert 1 <= len(items) <= MAX_LISTED, items
    return Msg.of("te-trix-list-short", count=len(items), **dict(zip(_SLOTS, items, strict=False)))
