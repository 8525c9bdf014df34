"""The one module that imports orjson: fast JSON in and out, and the canonical form."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import orjson

from .games.core.text import Msg

JSONDecodeError = orjson.JSONDecodeError
JSONEncodeError = orjson.JSONEncodeError  # e.g. an integer beyond 64 bits

# What a client sends that the service may echo (move documents, a record's options) nests at
# most this deep: no game's document nests beyond 4 levels, and an answer wraps what it echoes
# in a few more, far below the 254 levels orjson prints.
DOCUMENT_DEPTH = 32
# orjson prints signed and unsigned 64-bit integers; GraphQL literals can be any size.
_PRINTABLE_INTS = range(-(2**63), 2**64)


def loads(data: bytes | str) -> Any:
    return orjson.loads(data)


def unprintable(value: Any, max_depth: int = DOCUMENT_DEPTH) -> Msg | None:
    """Why ``dumps`` could not print ``value`` back, or None: containers nested deeper than
    ``max_depth`` or an integer beyond 64 bits. A loop, not recursion: the value may be nested
    as deep as the parser allows (1,024 levels), beyond Python's recursion limit."""
    if type(value) is dict and _flat(value):
        return None  # a record's moves ({"player": 0, "move": "c3"}): one pass, no stack
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, Mapping | list | tuple):
            if depth > max_depth:
                return Msg.of("json-too-deep", depth=max_depth)
            children = item.values() if isinstance(item, Mapping) else item
            stack.extend((child, depth + 1) for child in children)
        elif isinstance(item, int) and item not in _PRINTABLE_INTS:
            return Msg.of("json-integer-too-big")
    return None


def _flat(value: dict[Any, Any]) -> bool:
    """Whether every value is a string, a printable integer, a float, a boolean or null."""
    for item in value.values():
        kind = type(item)
        if kind is int:
            if item not in _PRINTABLE_INTS:
                return False
        elif kind is not str and kind is not bool and kind is not float and item is not None:
            return False
    return True


def _text(value: Any) -> str:
    """A message (``Msg``) in an answer is written as its text in the answer's language
    (``service/text.py``); nothing else that is not JSON is."""
    if isinstance(value, Msg):
        return str(value)
    raise TypeError(f"{type(value).__name__} is not JSON")


def dumps(value: Any) -> bytes:
    # dataclasses pass through to ``_text``: orjson would write a Msg as its fields
    return orjson.dumps(value, default=_text, option=orjson.OPT_PASSTHROUGH_DATACLASS)


def canonical(value: Any) -> bytes:
    """Sorted keys, no spaces: equal documents give equal bytes (cache keys, signatures)."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def pretty(value: Any) -> bytes:
    """Indented, sorted, newline-terminated: for the committed files under ``schema/``."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS | orjson.OPT_INDENT_2) + b"\n"
