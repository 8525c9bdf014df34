"""Tier 1: a bounded in-process LRU of engine results (values are never mutated)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import Any

# An entry larger than this share of the byte budget is not kept: one result must not evict a
# sixteenth of everything else (a Te-Trix 12x12 legal-move list is about 1 MB in memory).
LARGEST_SHARE = 16


class LRU:
    """Bounded by entries and, with ``max_bytes``, by the bytes its entries' sizes add up to
    (each size given at insert, an estimate of the entry's memory: see ``Cache``).

    Sizes live beside the values, not with them: a hit reads the value alone and moves it to
    the end, exactly as without a byte bound."""

    def __init__(self, capacity: int, max_bytes: int | None = None) -> None:
        self.capacity = capacity
        self.max_bytes = max_bytes
        self.bytes = 0
        self._data: OrderedDict[Hashable, Any] = OrderedDict()
        self._sizes: dict[Hashable, int] = {}

    @property
    def enabled(self) -> bool:
        return self.capacity > 0 and (self.max_bytes is None or self.max_bytes > 0)

    @property
    def largest(self) -> int | None:
        """The largest entry kept (None: no byte bound)."""
        return None if self.max_bytes is None else self.max_bytes // LARGEST_SHARE

    def get(self, key: Hashable) -> Any | None:
        value = self._data.get(key)
        if value is not None:
            self._data.move_to_end(key)
        return value

    def put(self, key: Hashable, value: Any, size: int = 0) -> bool:
        """Keeps ``value`` (``size`` bytes); False when it is not kept: the cache is off or the
        entry is over ``largest``."""
        if not self.enabled:
            return False
        largest = self.largest
        if largest is not None and size > largest:
            return False
        self._data[key] = value
        self._data.move_to_end(key)
        if self.max_bytes is not None:
            self.bytes += size - self._sizes.get(key, 0)
            self._sizes[key] = size
        self._evict()
        return True

    def _evict(self) -> None:
        data, sizes = self._data, self._sizes
        if self.max_bytes is None:
            while len(data) > self.capacity:
                data.popitem(last=False)
            return
        while len(data) > self.capacity or self.bytes > self.max_bytes:
            key, _ = data.popitem(last=False)
            self.bytes -= sizes.pop(key)

    def __len__(self) -> int:
        return len(self._data)
