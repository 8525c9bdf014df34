"""Caching engine results: tier 1 in-process LRU, tier 2 Redis when configured.

Key = blake2b(game id, rules version, canonical state encoding, operation, player). A value is
immutable forever, so entries are evicted, never invalidated.
"""

from __future__ import annotations

from collections.abc import Callable
from hashlib import blake2b
from typing import Any, TypeVar

from .memory import LRU

T = TypeVar("T")


def cache_key(game: str, rules_version: str, state: bytes, op: str, player: int | None) -> bytes:
    h = blake2b(digest_size=20, person=b"regelwerk-cache")
    for part in (game, rules_version, op, "" if player is None else str(player)):
        h.update(part.encode())
        h.update(b"\x00")
    h.update(state)
    return h.digest()


class Cache:
    """Counts hits and misses per operation; ``on_event(tier, op, result)`` feeds metrics."""

    def __init__(
        self, entries: int, on_event: Callable[[str, str, str], None] | None = None
    ) -> None:
        self.memory = LRU(entries)
        self._on_event = on_event or (lambda tier, op, result: None)

    def get_or_compute(self, key: bytes, op: str, compute: Callable[[], T]) -> T:
        value: Any = self.memory.get(key)
        if value is not None:
            self._on_event("memory", op, "hit")
            return value  # type: ignore[no-any-return]
        self._on_event("memory", op, "miss")
        result = compute()
        self.memory.put(key, result)
        return result


__all__ = ["LRU", "Cache", "cache_key"]
