"""Triominos Junior moves and their notation (spec "Notation").

``3-5-1@1,0`` place (numbers clockwise from the apex as laid), ``J@1,0`` place the joker,
``swap 3-5-1@1,0`` swap a layout joker, ``draw``, ``pass``, and the chance outcome
``deal 1-3-5`` / ``deal J``. Parsing is case-insensitive and forgiving about spaces and
``(col,row)`` parentheses; printing is canonical.

A move document names only what defines the move; ``enriched`` adds what a front end needs
to show it (the mover, the triangle's orientation, each corner's name and number, the rack
tile used), named as the SVG names them. The parser accepts and ignores those derived fields
(the driver checks them against the position).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core import InvalidNotation
from ..core.text import Msg
from .grid import CORNER_NAMES, Pos, is_up, parse_pos, pos_name
from .tiles import Tile, canonical, is_joker, parse_tile, tile_name


@dataclass(frozen=True, slots=True)
class Place:
    """TJ-10: a rack tile, oriented as ``tile``, onto the open position ``at``."""

    at: Pos
    tile: Tile


@dataclass(frozen=True, slots=True)
class Swap:
    """TJ-11: a rack tile, oriented as ``tile``, replaces the layout joker on ``at``."""

    at: Pos
    tile: Tile


@dataclass(frozen=True, slots=True)
class Draw:
    """TJ-12: take a tile from the pool (resolved by a following ``Deal``)."""


@dataclass(frozen=True, slots=True)
class Pass:
    """TJ-13: only when nothing else is possible."""


@dataclass(frozen=True, slots=True)
class Deal:
    """A chance outcome: ``tile`` (canonical) leaves the pool (TJ-4, TJ-6, TJ-12)."""

    tile: Tile


Move = Place | Swap | Draw | Pass | Deal

# ASCII digits (\d takes every script's). A placement is split at its '@' before matching:
# as one pattern, blanks after the '@' could be read by two repetitions (the blanks, then the
# position), which made a run of them cost time in its square.
_TILE = r"(j|[0-9]\s*-\s*[0-9]\s*-\s*[0-9])"
_LAY = re.compile(r"(swap\s+)?" + _TILE + r"\s*")
_DEAL = re.compile(r"deal\s+" + _TILE)

# Fields ``enriched`` adds; a sent document may carry them (they never define the move).
LAY_DERIVED = frozenset({"player", "col", "row", "orientation", "corners", "rackTile"})
TURN_DERIVED = frozenset({"player"})


def notation(move: Move) -> str:
    if isinstance(move, Place):
        return f"{tile_name(move.tile)}@{pos_name(move.at)}"
    if isinstance(move, Swap):
        return f"swap {tile_name(move.tile)}@{pos_name(move.at)}"
    if isinstance(move, Deal):
        return f"deal {tile_name(move.tile)}"
    return "draw" if isinstance(move, Draw) else "pass"


def _bad(move: Any, why: Msg) -> InvalidNotation:
    return InvalidNotation(
        Msg.of("triominos-junior-not-notation", text=repr(move), why=why),
        reason="UNPARSABLE",
        details={"notation": move},
    )


def parse_move(move: str | Mapping[str, Any]) -> Move:
    if isinstance(move, Mapping):
        return _parse_document(move)
    if not isinstance(move, str):
        raise InvalidNotation(Msg.of("triominos-junior-move-not-a-string"), reason="NOT_A_STRING")
    text = move.strip().lower()
    if text in ("draw", "pass"):
        return Draw() if text == "draw" else Pass()
    if m := _DEAL.fullmatch(text):
        return Deal(canonical(parse_tile(m[1])))
    lay, _, where = text.partition("@")
    where = where.lstrip()  # the position: one line, after the blanks that follow the '@'
    if (m := _LAY.fullmatch(lay)) and where and "\n" not in where:
        try:
            at = parse_pos(where)
        except ValueError as exc:
            raise _bad(move, exc.args[0]) from None
        tile = parse_tile(m[2])
        return Swap(at, tile) if m[1] else Place(at, tile)
    raise _bad(move, Msg.of("triominos-junior-notation-expected"))


def document(move: Move) -> dict[str, Any]:
    """The move document (see ``schema/moves/triominos-junior.json``)."""
    if isinstance(move, Place | Swap):
        kind = "place" if isinstance(move, Place) else "swap"
        return {"kind": kind, "tile": tile_name(move.tile), "at": pos_name(move.at)}
    if isinstance(move, Deal):
        return {"kind": "deal", "tile": tile_name(move.tile)}
    return {"kind": "draw" if isinstance(move, Draw) else "pass"}


def enriched(move: Move, mover: int | None) -> dict[str, Any]:
    """``document(move)`` plus what it touches: the mover, the triangle and its corners (named
    as in the SVG: ``data-at``, ``data-corner``) and the rack tile used (``data-rack`` tiles).

    Only the move and the mover go in, so nothing hidden can leak (TJ-17); a deal adds nothing
    (the drawn tile is the host's to tell), nor does a position where nobody is to act.
    """
    if mover is None or not isinstance(move, Place | Swap):
        doc = document(move)
        if mover is not None and not isinstance(move, Deal):
            doc["player"] = mover
        return doc
    (col, row), tile = move.at, move.tile
    up = is_up(move.at)
    names = CORNER_NAMES[0 if up else 1]
    numbers = (None, None, None) if is_joker(tile) else tile
    return {
        "kind": "place" if isinstance(move, Place) else "swap",
        "tile": tile_name(tile),
        "at": pos_name(move.at),
        "player": mover,
        "col": col,
        "row": row,
        "orientation": "up" if up else "down",
        "corners": [
            {"corner": names[0], "number": numbers[0]},
            {"corner": names[1], "number": numbers[1]},
            {"corner": names[2], "number": numbers[2]},
        ],
        "rackTile": tile_name(canonical(tile)),
    }


def _parse_document(doc: Mapping[str, Any]) -> Move:
    kind = doc.get("kind")

    def field(key: str, parse: Any) -> Any:
        try:
            return parse(doc.get(key))
        except ValueError as exc:
            raise InvalidNotation(
                Msg.of("triominos-junior-document-field", field=repr(key), why=exc.args[0]),
                reason="BAD_DOCUMENT",
                details={"field": key},
            ) from None

    keys = set(doc)
    if kind in ("draw", "pass") and keys - TURN_DERIVED == {"kind"}:
        return Draw() if kind == "draw" else Pass()
    if kind == "deal" and keys == {"kind", "tile"}:
        return Deal(canonical(field("tile", parse_tile)))
    if kind in ("place", "swap") and keys - LAY_DERIVED == {"kind", "tile", "at"}:
        tile, at = field("tile", parse_tile), field("at", parse_pos)
        return Place(at, tile) if kind == "place" else Swap(at, tile)
    raise InvalidNotation(Msg.of("triominos-junior-bad-document"), reason="BAD_DOCUMENT")
