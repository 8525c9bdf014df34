"""Tier 1: a bounded in-process LRU of engine results (values are never mutated)."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any


class LRU:
    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._data: OrderedDict[bytes, Any] = OrderedDict()

    def get(self, key: bytes) -> Any | None:
        value = self._data.get(key)
        if value is not None:
            self._data.move_to_end(key)
        return value

    def put(self, key: bytes, value: Any) -> None:
        if self.capacity <= 0:
            return
        self._data[key] = value
        self._data.move_to_end(key)
        while len(self._data) > self.capacity:
            self._data.popitem(last=False)

    def __len__(self) -> int:
        return len(self._data)
