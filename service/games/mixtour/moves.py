"""Mixtour moves and their official notation: ``b2`` (place), ``a1-b2`` and ``c4:3-d3``
(move one or three pieces), ``pass``. Parsing is case-insensitive; printing canonical."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core import InvalidNotation
from ..core.text import Msg
from .board import INDEX, SQUARES

# MX-9: a stack this high leaves the board at once, so a standing stack, and with it a shift,
# holds at most REMOVE_AT - 1 pieces.
REMOVE_AT = 5


@dataclass(frozen=True, slots=True)
class Place:
    """MX-4: one piece from the mover's supply onto an empty square."""

    square: int


@dataclass(frozen=True, slots=True)
class Shift:
    """MX-5: the top ``count`` pieces of ``source`` onto the stack on ``target``."""

    source: int
    count: int
    target: int


@dataclass(frozen=True, slots=True)
class Pass:
    """MX-8: only when nothing else is legal."""


Move = Place | Shift | Pass

_SQ = r"([a-e][1-5])"
_PLACE = re.compile(_SQ)
_SHIFT = re.compile(_SQ + r"(?::([0-9]{1,3}))?-" + _SQ)  # ASCII: \d takes every script's
# Shaped like a square, or a move between such squares, of a bigger board: told as off the
# board rather than as no notation at all.
_ANY_SQ = r"([a-z][0-9]{1,3})"
_OFF_BOARD = re.compile(rf"{_ANY_SQ}(?:(?::[0-9]{{1,3}})?-{_ANY_SQ})?")


def notation(move: Move) -> str:
    if isinstance(move, Place):
        return SQUARES[move.square]
    if isinstance(move, Shift):
        count = "" if move.count == 1 else f":{move.count}"
        return f"{SQUARES[move.source]}{count}-{SQUARES[move.target]}"
    return "pass"


def parse_move(move: str | Mapping[str, Any]) -> Move:
    if isinstance(move, Mapping):
        return _parse_document(move)
    if not isinstance(move, str):
        raise InvalidNotation(Msg.of("mixtour-not-a-string"), reason="NOT_A_STRING")
    text = move.strip().lower()
    if text == "pass":
        return Pass()
    if m := _PLACE.fullmatch(text):
        return Place(INDEX[m[1]])
    if m := _SHIFT.fullmatch(text):
        count = int(m[2]) if m[2] else 1
        if count < 1:
            raise InvalidNotation(
                Msg.of("mixtour-bad-count", given=repr(move)),
                reason="BAD_COUNT",
                details={"notation": move},
            )
        return Shift(INDEX[m[1]], count, INDEX[m[3]])
    if m := _OFF_BOARD.fullmatch(text):
        off = next(sq for sq in m.groups() if sq is not None and sq not in INDEX)
        raise InvalidNotation(
            Msg.of("mixtour-off-board", given=repr(move), square=off),
            reason="UNPARSABLE",
            details={"notation": move},
        )
    raise InvalidNotation(
        Msg.of("mixtour-unparsable", given=repr(move)),
        reason="UNPARSABLE",
        details={"notation": move},
    )


def document(move: Move) -> dict[str, Any]:
    """The move document (the JSON form of a move; see ``schema/moves/mixtour.json``)."""
    if isinstance(move, Place):
        return {"kind": "place", "square": SQUARES[move.square]}
    if isinstance(move, Shift):
        return {
            "kind": "shift",
            "from": SQUARES[move.source],
            "count": move.count,
            "to": SQUARES[move.target],
        }
    return {"kind": "pass"}


def _parse_document(doc: Mapping[str, Any]) -> Move:
    kind = doc.get("kind")

    def square(key: str) -> int:
        value = doc.get(key)
        if not isinstance(value, str) or value.strip().lower() not in INDEX:
            raise InvalidNotation(
                Msg.of("mixtour-document-square", field=key),
                reason="BAD_DOCUMENT",
                details={"field": key},
            )
        return INDEX[value.strip().lower()]

    if kind == "pass" and set(doc) == {"kind"}:
        return Pass()
    if kind == "place" and set(doc) == {"kind", "square"}:
        return Place(square("square"))
    if kind == "shift" and set(doc) <= {"kind", "from", "count", "to"}:
        count = doc.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise InvalidNotation(
                Msg.of("mixtour-document-count"),
                reason="BAD_DOCUMENT",
                details={"field": "count"},
            )
        return Shift(square("from"), count, square("to"))
    raise InvalidNotation(
        Msg.of("mixtour-document-shape"),
        reason="BAD_DOCUMENT",
    )
