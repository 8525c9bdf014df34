"""Reading JSON integers the way JSON Schema does (issue 23: one reading for codec and schema).

JSON Schema's ``integer`` is any number without a fractional part, ``1.0`` included, and never
a boolean; Python's ``1.0 in (0, 1)`` is true as well, so a codec that checked membership and
then used the value as an index accepted ``1.0`` and failed on it (a 500). ``as_int`` gives
the integer a schema would accept, or None.
"""

from __future__ import annotations

from typing import Any


def as_int(value: Any) -> int | None:
    """``value`` as an int when JSON Schema calls it an integer (``3``, ``3.0``), else None
    (booleans, fractions, non-numbers)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None
