"""The one module that imports orjson: fast JSON in and out, and the canonical form."""

from __future__ import annotations

from typing import Any

import orjson

JSONDecodeError = orjson.JSONDecodeError
JSONEncodeError = orjson.JSONEncodeError  # e.g. an integer beyond 64 bits


def loads(data: bytes | str) -> Any:
    return orjson.loads(data)


def dumps(value: Any) -> bytes:
    return orjson.dumps(value)


def canonical(value: Any) -> bytes:
    """Sorted keys, no spaces: equal documents give equal bytes (cache keys, signatures)."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def pretty(value: Any) -> bytes:
    """Indented, sorted, newline-terminated: for the committed files under ``schema/``."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS | orjson.OPT_INDENT_2) + b"\n"
