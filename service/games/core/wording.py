"""The core's words for a wrong value, as catalog messages (``messages/<language>.ftl``).

A field, an option and a player count are refused in the same few shapes ("must be an
integer, got string", "must be between 0 and 5, got 7"); each shape is one message here, the
kinds of value (``type-``) are messages of their own, passed as arguments, so German says
"muss eine ganze Zahl sein, ist aber eine Zeichenkette" without the code knowing.

A client's value, and a count of its items, is an argument as text (``shown``, ``str``), never
as a number: Fluent writes a number in the language's digits ("1,500", "1.500") and cannot
format an integer past 28 digits at all (``1e30`` is an integral JSON number). A bound the code
declares is an integer, so a translation may choose its plural by it ("1 Eintrag",
"2 Einträge").

>>> must_be(INTEGER, "7").wire()["args"]["got"]
{'messageId': 'type-got-string', 'args': {}}
"""

from __future__ import annotations

import reprlib
from typing import Any

from .text import Arg, Msg

# What a field must be: the kind a sentence names ("must be an integer").
INTEGER = Msg.of("type-integer")
STRING = Msg.of("type-string")
OBJECT = Msg.of("type-object")
LIST = Msg.of("type-list")
BOOLEAN = Msg.of("type-boolean")

# What a client sent instead: its JSON type ("got string").
_NULL = Msg.of("type-got-null")
_GOT = {
    bool: Msg.of("type-got-boolean"),
    int: Msg.of("type-got-integer"),
    float: Msg.of("type-got-number"),
    str: Msg.of("type-got-string"),
    list: Msg.of("type-got-array"),
    dict: Msg.of("type-got-object"),
}


def type_of(value: Any) -> Msg:
    """The JSON type of a client's value, as a message (a Python caller's other type by its
    name)."""
    if value is None:
        return _NULL
    return _GOT.get(type(value)) or Msg.of("type-got-other", name=type(value).__name__)


def must_be(kind: Msg, value: Any) -> Msg:
    """A value of the wrong kind: "must be an integer, got string"."""
    return Msg.of("field-must-be", kind=kind, got=type_of(value))


# A client's value in a message: it may be a megabyte, or nested deeper than repr can
# recurse; reprlib stops at a few levels and clips long parts.
_SHOWN = reprlib.Repr()
_SHOWN.maxlevel, _SHOWN.maxstring, _SHOWN.maxother = 4, 40, 40


def shown(value: Any) -> str:
    """A client's value as a message shows it (clipped)."""
    return _SHOWN.repr(value)


# The four shapes of a range, in the order _span picks them: both bounds, one value, a
# minimum, a maximum. English says "between 2 and 2" where German says "genau 2".
_INT_SPANS = (
    Msg.of("field-int-between"),
    Msg.of("field-int-exactly"),
    Msg.of("field-int-at-least"),
    Msg.of("field-int-at-most"),
)
_LENGTH_SPANS = (
    Msg.of("field-length-between"),
    Msg.of("field-length-exactly"),
    Msg.of("field-length-at-least"),
    Msg.of("field-length-at-most"),
)
_ITEMS_SPANS = (
    Msg.of("field-items-between"),
    Msg.of("field-items-exactly"),
    Msg.of("field-items-at-least"),
    Msg.of("field-items-at-most"),
)


def _span(shapes: tuple[Msg, ...], low: int | None, high: int | None, **args: Arg) -> Msg:
    between, exactly, at_least, at_most = shapes
    if low is not None and high is not None:
        return Msg.of((exactly if low == high else between).id, low=low, high=high, **args)
    if low is not None:
        return Msg.of(at_least.id, low=low, **args)
    assert high is not None, "a range without bounds refuses nothing"
    return Msg.of(at_most.id, high=high, **args)


def out_of_range(value: str, low: int | None, high: int | None) -> Msg:
    """An integer outside its range: "must be between 0 and 5, got 7" (``value`` as sent)."""
    return _span(_INT_SPANS, low, high, value=value)


def length(low: int | None, high: int | None) -> Msg:
    """A string of the wrong length: "must be between 2 and 9 characters long"."""
    return _span(_LENGTH_SPANS, low, high)


def items(low: int | None, high: int | None, count: int) -> Msg:
    """A list of the wrong length: "must hold between 2 and 4 items, got 5"."""
    return _span(_ITEMS_SPANS, low, high, got=str(count))


def one_of(choices: str, value: Any, *, nullable: bool = False) -> Msg:
    """A value not among ``choices`` (joined as a list shows them: "coins, points")."""
    if nullable:
        return Msg.of("field-one-of-or-null", choices=choices, value=shown(value))
    return Msg.of("field-one-of", choices=choices, value=shown(value))


def reason_of(exc: ValueError) -> Msg:
    """Why a check (a field's conversion, an option's check) refused a value: the message it
    raised (``ValueError(Msg.of(...))``); a check that raised a plain ValueError (a bug: its
    words are no catalog's) is told as the field's generic refusal."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, Msg) else Msg.of("field-refused")
