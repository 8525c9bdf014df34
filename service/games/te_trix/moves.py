"""Te-Trix moves and their notation (spec "Notation").

- ``Roll`` (chance outcome, TX-2): the four symbols sorted ``o`` < ``x`` < ``s``: ``ooxs``.
- ``Arrangement`` (the roller's choice, TX-6): shape letter, then the symbols in the shape's
  reading order: ``T:oxso``.
- ``Placement`` (every player, TX-7): clockwise rotation and the 1-based ``row,col`` of the
  rotated bounding box's top-left corner, which may lie off the sheet: ``r90@2,3``, ``r0@0,6``.
- ``Stop`` (solo only, TX-14): ``stop``.

Parsing forgives case and spacing (``t:OXSO``, ``R90 @ 2, 3``, an unsorted roll); printing is
canonical, so ``parse_move(notation(m)) == m``.

Move documents carry the defining fields above; ``move_document`` (rules) adds *derived* ones
a front end draws with (``slots`` of an arrangement; ``cells``, ``overhang``, ``bar`` of a
placement). The parser accepts and ignores those; the driver checks them against the position.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core import InvalidNotation
from ..core.text import Msg
from .shapes import BASE, DEGREES, SHAPES, SYMBOLS

Symbols = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Roll:
    """TX-2: the multiset of four rolled symbols, sorted."""

    symbols: Symbols


@dataclass(frozen=True, slots=True)
class Arrangement:
    """TX-6: a shape and the symbol in each of its slots (reading order)."""

    shape: int
    symbols: Symbols


@dataclass(frozen=True, slots=True)
class Placement:
    """TX-7: quarter turns clockwise and the 1-based anchor of the rotated bounding box."""

    turns: int
    row: int
    col: int


@dataclass(frozen=True, slots=True)
class Stop:
    """TX-14: the solo player ends the game at the start of a round."""


Move = Roll | Arrangement | Placement | Stop

_ROLL = re.compile(r"[oxs]{4}")
_ARRANGEMENT = re.compile(r"([oitljsz])\s*:\s*([oxs]{4})")
# ASCII digits: \d takes every script's.
_PLACEMENT = re.compile(r"r([0-9]{1,3})\s*@\s*(-?[0-9]{1,3})\s*,\s*(-?[0-9]{1,3})")


def symbols_text(symbols: tuple[int, ...]) -> str:
    return "".join(SYMBOLS[s] for s in symbols)


def _symbols(text: str) -> Symbols:
    a, b, c, d = (SYMBOLS.index(ch) for ch in text)
    return (a, b, c, d)


def notation(move: Move) -> str:
    if isinstance(move, Placement):  # first: a legal-moves answer lists up to ~500 of them
        return f"r{DEGREES[move.turns]}@{move.row},{move.col}"
    if isinstance(move, Roll):
        return symbols_text(move.symbols)
    if isinstance(move, Arrangement):
        return f"{SHAPES[move.shape]}:{symbols_text(move.symbols)}"
    return "stop"


def parse_move(move: str | Mapping[str, Any]) -> Move:
    if isinstance(move, Mapping):
        return _parse_document(move)
    if not isinstance(move, str):
        raise InvalidNotation(Msg.of("te-trix-move-not-a-string"), reason="NOT_A_STRING")
    text = move.strip().lower()
    if text == "stop":
        return Stop()
    if _ROLL.fullmatch(text):
        a, b, c, d = sorted(_symbols(text))
        return Roll((a, b, c, d))
    if m := _ARRANGEMENT.fullmatch(text):
        return Arrangement(SHAPES.index(m[1].upper()), _symbols(m[2]))
    if m := _PLACEMENT.fullmatch(text):
        return Placement(_turns(int(m[1]), move), int(m[2]), int(m[3]))
    raise InvalidNotation(
        Msg.of("te-trix-move-unparsable", shown=repr(move)),
        reason="UNPARSABLE",
        details={"notation": move},
    )


def _turns(degrees: int, move: object) -> int:
    if degrees not in DEGREES:
        raise InvalidNotation(
            Msg.of("te-trix-move-bad-rotation", shown=repr(move), degrees=degrees),
            reason="BAD_ROTATION",
            details={"notation": move},
        )
    return DEGREES.index(degrees)


def document(move: Move) -> dict[str, Any]:
    """The move document (the JSON form of a move; see ``schema/moves/te-trix.json``)."""
    if isinstance(move, Placement):  # first, as in ``notation``
        return {"kind": "place", "rotation": DEGREES[move.turns], "row": move.row, "col": move.col}
    if isinstance(move, Roll):
        return {"kind": "roll", "symbols": symbols_text(move.symbols)}
    if isinstance(move, Arrangement):
        return {
            "kind": "arrange",
            "shape": SHAPES[move.shape],
            "symbols": symbols_text(move.symbols),
        }
    return {"kind": "stop"}


def slots(arrangement: Arrangement) -> list[dict[str, Any]]:
    """TX-6: the shape's cells in base orientation (0-based, reading order) and their symbols,
    so a front end draws the arrangement without knowing the shapes."""
    return [
        {"row": r, "col": c, "symbol": SYMBOLS[symbol]}
        for (r, c), symbol in zip(BASE[arrangement.shape], arrangement.symbols, strict=True)
    ]


_DOCUMENT_FIELDS = {
    "roll": {"kind", "symbols"},
    "arrange": {"kind", "shape", "symbols"},
    "place": {"kind", "rotation", "row", "col"},
    "stop": {"kind"},
}
# What ``move_document`` adds: accepted here unread, compared with the position by the driver.
DERIVED_FIELDS: dict[str, set[str]] = {
    "roll": set(),
    "arrange": {"slots"},
    "place": {"cells", "overhang", "bar"},
    "stop": set(),
}


def _parse_document(doc: Mapping[str, Any]) -> Move:
    kind = doc.get("kind")
    kind = kind if isinstance(kind, str) and kind in _DOCUMENT_FIELDS else None
    fields = _DOCUMENT_FIELDS[kind] if kind else set()
    if kind is None or not fields <= set(doc) <= fields | DERIVED_FIELDS[kind]:
        raise InvalidNotation(
            Msg.of("te-trix-document-bad-kind"),
            reason="BAD_DOCUMENT",
        )
    if kind == "stop":
        return Stop()
    if kind == "place":
        values = [doc["rotation"], doc["row"], doc["col"]]
        if any(isinstance(v, bool) or not isinstance(v, int) or abs(v) > 999 for v in values):
            raise InvalidNotation(
                Msg.of("te-trix-document-bad-placement"),
                reason="BAD_DOCUMENT",
            )
        return Placement(_turns(values[0], dict(doc)), values[1], values[2])
    symbols = doc["symbols"]
    if not isinstance(symbols, str) or not _ROLL.fullmatch(symbols.strip().lower()):
        raise InvalidNotation(
            Msg.of("te-trix-document-bad-symbols"),
            reason="BAD_DOCUMENT",
            details={"field": "symbols"},
        )
    text = symbols.strip().lower()
    if kind == "roll":
        a, b, c, d = sorted(_symbols(text))
        return Roll((a, b, c, d))
    shape = doc["shape"]
    if not isinstance(shape, str) or shape.strip().upper() not in tuple(SHAPES):
        raise InvalidNotation(
            Msg.of("te-trix-document-bad-shape", shapes=", ".join(SHAPES)),
            reason="BAD_DOCUMENT",
            details={"field": "shape"},
        )
    return Arrangement(SHAPES.index(shape.strip().upper()), _symbols(text))
