"""Typed GraphQL views of the move documents (``LegalMove.typed``), one object type per game
and kind, so code generators get exact types. ``LegalMove.move`` carries the same document as
JSON (what ``play`` accepts); these types are thin views over it, built only when asked for.

Fields with one name have one type across the union (GraphQL requires it when a selection
asks for them on several members).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import strawberry

Doc = dict[str, Any]


@strawberry.type(description="Mixtour MX-4: a piece from the supply onto an empty square.")
class MixtourPlace:
    kind: str = strawberry.field(description="The move's kind, as in the move document: place.")
    square: str = strawberry.field(description="The empty square receiving the piece (a1 to e5).")


@strawberry.type(description="Mixtour MX-5: the top `count` pieces from one stack onto another.")
class MixtourShift:
    kind: str = strawberry.field(description="The move's kind, as in the move document: shift.")
    from_: str = strawberry.field(name="from", description="The square of the stack moved from.")
    to: str = strawberry.field(description="The square of the receiving stack.")
    count: int = strawberry.field(description="Pieces taken from the top of the stack on `from`.")


@strawberry.type(description="Mixtour MX-8: a pass, only when nothing else is legal.")
class MixtourPass:
    kind: str = strawberry.field(description="The move's kind, as in the move document: pass.")


@strawberry.type(description="One stone moved by one die; `to` is null when borne off.")
class TricTracStep:
    from_: int = strawberry.field(
        name="from", description="The point the stone leaves (the SVG's data-point)."
    )
    to: int | None = strawberry.field(
        description="The point it reaches; null when borne off (TT-13)."
    )
    off: bool = strawberry.field(description="The stone is borne off (TT-13).")
    hit: bool = strawberry.field(description="A blot is hit there (TT-12).")
    die: int = strawberry.field(
        description="The number of the throw this step uses (the SVG's data-die)."
    )


@strawberry.type(description="Tric Trac: a whole turn, its steps in the order played.")
class TricTracTurn:
    kind: str = strawberry.field(description="The move's kind, as in the move document: turn.")
    player: int = strawberry.field(description="The mover, 0 Red or 1 Black.")
    steps: list[TricTracStep] = strawberry.field(
        description="One step per number (TT-6, TT-7), in the order played."
    )


@strawberry.type(description="Tric Trac TT-8: nothing of the throw can be played.")
class TricTracPass:
    kind: str = strawberry.field(description="The move's kind, as in the move document: pass.")
    player: int = strawberry.field(description="The mover, 0 Red or 1 Black.")


@strawberry.type(description="Tric Trac TT-5: a throw (chance outcome), lower die first.")
class TricTracThrow:
    kind: str = strawberry.field(description="The move's kind, as in the move document: throw.")
    dice: list[int] = strawberry.field(description="The two dice, lower first.")


@strawberry.type(description="Tric Trac TT-4: who starts, with the throw they play.")
class TricTracOpening:
    kind: str = strawberry.field(description="The move's kind, as in the move document: opening.")
    player: int = strawberry.field(description="The starter, 0 Red or 1 Black.")
    dice: list[int] = strawberry.field(description="The starter's two dice, lower first.")


@strawberry.type(description="Te-Trix TX-2: the four rolled symbols (chance outcome).")
class TeTrixRoll:
    kind: str = strawberry.field(description="The move's kind, as in the move document: roll.")
    symbols: str = strawberry.field(description="The dice (TX-2), sorted o < x < s, e.g. ooxs.")


@strawberry.type(description="A cell of a shape in its base orientation (0-based offsets).")
class TeTrixSlot:
    row: int = strawberry.field(description="0-based row offset in the shape's base orientation.")
    col: int = strawberry.field(
        description="0-based column offset in the shape's base orientation."
    )
    symbol: str = strawberry.field(description="The symbol: o circle, x cross, s square (TX-1).")


@strawberry.type(description="Te-Trix TX-6: the roller's shape with a symbol in every slot.")
class TeTrixArrangement:
    kind: str = strawberry.field(description="The move's kind, as in the move document: arrange.")
    shape: str = strawberry.field(description="The tetromino (TX-4): O, I, T, L, J, S or Z.")
    symbols: str = strawberry.field(
        description="The symbols on the shape's slots in reading order (TX-6)."
    )
    slots: list[TeTrixSlot] = strawberry.field(
        description="The shape's four cells in reading order, each with its symbol."
    )


@strawberry.type(description="A sheet cell a placement fills (1-based row and column).")
class TeTrixCell:
    cell: str = strawberry.field(
        description="The cell's name (a1 top-left, as the SVG's data-cell)."
    )
    row: int = strawberry.field(description="1-based row (1 = top row).")
    col: int = strawberry.field(description="1-based column (1 = column a).")
    symbol: str = strawberry.field(description="The symbol: o circle, x cross, s square (TX-1).")


@strawberry.type(description="Te-Trix TX-7: the arrangement rotated and laid on a sheet.")
class TeTrixPlacement:
    kind: str = strawberry.field(description="The move's kind, as in the move document: place.")
    rotation: int = strawberry.field(
        description="Clockwise quarter turns in degrees (TX-7): 0, 90, 180, 270."
    )
    row: int = strawberry.field(
        description="1-based row of the rotated bounding box's top-left corner."
    )
    col: int = strawberry.field(
        description="1-based column of the rotated bounding box's top-left corner."
    )
    cells: list[TeTrixCell] = strawberry.field(
        description="Every symbol that lands on the sheet, in reading order."
    )
    overhang: int = strawberry.field(
        description="Symbols hanging over the edge, not entered (TX-8)."
    )
    bar: list[int] = strawberry.field(description="Solo: the bar fields it crosses off (TX-13).")


@strawberry.type(description="Te-Trix TX-14: the solo player ends the game.")
class TeTrixStop:
    kind: str = strawberry.field(description="The move's kind, as in the move document: stop.")


@strawberry.type(description="A corner of a laid tile; number null for the joker.")
class TriominosCorner:
    corner: str = strawberry.field(
        description="Which corner: top, bottom-right, bottom-left (up triangle); bottom, "
        "top-left, top-right (down triangle)."
    )
    number: int | None = strawberry.field(
        description="The number on this corner; null for the joker."
    )


@strawberry.type(description="Triominos Junior TJ-10 (place) or TJ-11 (swap a layout joker).")
class TriominosLay:
    kind: str = strawberry.field(
        description="The move's kind, as in the move document: place or swap."
    )
    tile: str = strawberry.field(
        description="The tile as laid: numbers clockwise from the apex ('3-5-1'), or 'J'."
    )
    at: str = strawberry.field(description='The position "col,row" (the SVG\'s data-at).')
    player: int = strawberry.field(description="The mover.")
    col: int = strawberry.field(description="The column of `at`.")
    row: int = strawberry.field(description="The row of `at` (rows increase upward).")
    orientation: str = strawberry.field(
        description="How the triangle at `at` points: up or down (TJ-8)."
    )
    corners: list[TriominosCorner] = strawberry.field(
        description="The tile's corners clockwise from the apex, with their numbers."
    )
    rack_tile: str = strawberry.field(
        description="The rack tile used, canonical (smallest rotation, 'J' for the joker)."
    )


@strawberry.type(description="Triominos Junior TJ-12 (draw) or TJ-13 (pass).")
class TriominosTurn:
    kind: str = strawberry.field(
        description="The move's kind, as in the move document: draw or pass."
    )
    player: int = strawberry.field(description="The mover.")


@strawberry.type(description="Triominos Junior: a tile leaves the pool (chance outcome).")
class TriominosDeal:
    kind: str = strawberry.field(description="The move's kind, as in the move document: deal.")
    tile: str = strawberry.field(description="The tile dealt, canonical, or 'J'.")


MoveDocument = Annotated[
    MixtourPlace
    | MixtourShift
    | MixtourPass
    | TricTracTurn
    | TricTracPass
    | TricTracThrow
    | TricTracOpening
    | TeTrixRoll
    | TeTrixArrangement
    | TeTrixPlacement
    | TeTrixStop
    | TriominosLay
    | TriominosTurn
    | TriominosDeal,
    strawberry.union("MoveDocument", description="A move document, typed per game and kind."),
]


def _step(s: Doc) -> TricTracStep:
    off = s["to"] == "off"
    return TricTracStep(
        from_=s["from"], to=None if off else s["to"], off=off, hit=s["hit"], die=s["die"]
    )


def _lay(d: Doc) -> TriominosLay:
    corners = [TriominosCorner(corner=c["corner"], number=c["number"]) for c in d["corners"]]
    return TriominosLay(
        kind=d["kind"],
        tile=d["tile"],
        at=d["at"],
        player=d["player"],
        col=d["col"],
        row=d["row"],
        orientation=d["orientation"],
        corners=corners,
        rack_tile=d["rackTile"],
    )


_BUILD: dict[tuple[str, str], Callable[[Doc], Any]] = {
    ("mixtour", "place"): lambda d: MixtourPlace(kind=d["kind"], square=d["square"]),
    ("mixtour", "shift"): lambda d: MixtourShift(
        kind=d["kind"], from_=d["from"], to=d["to"], count=d["count"]
    ),
    ("mixtour", "pass"): lambda d: MixtourPass(kind=d["kind"]),
    ("tric-trac", "turn"): lambda d: TricTracTurn(
        kind=d["kind"], player=d["player"], steps=[_step(s) for s in d["steps"]]
    ),
    ("tric-trac", "pass"): lambda d: TricTracPass(kind=d["kind"], player=d["player"]),
    ("tric-trac", "throw"): lambda d: TricTracThrow(kind=d["kind"], dice=list(d["dice"])),
    ("tric-trac", "opening"): lambda d: TricTracOpening(
        kind=d["kind"], player=d["player"], dice=list(d["dice"])
    ),
    ("te-trix", "roll"): lambda d: TeTrixRoll(kind=d["kind"], symbols=d["symbols"]),
    ("te-trix", "arrange"): lambda d: TeTrixArrangement(
        kind=d["kind"],
        shape=d["shape"],
        symbols=d["symbols"],
        slots=[TeTrixSlot(row=s["row"], col=s["col"], symbol=s["symbol"]) for s in d["slots"]],
    ),
    ("te-trix", "place"): lambda d: TeTrixPlacement(
        kind=d["kind"],
        rotation=d["rotation"],
        row=d["row"],
        col=d["col"],
        cells=[
            TeTrixCell(cell=c["cell"], row=c["row"], col=c["col"], symbol=c["symbol"])
            for c in d["cells"]
        ],
        overhang=d["overhang"],
        bar=list(d["bar"]),
    ),
    ("te-trix", "stop"): lambda d: TeTrixStop(kind=d["kind"]),
    ("triominos-junior", "place"): _lay,
    ("triominos-junior", "swap"): _lay,
    ("triominos-junior", "draw"): lambda d: TriominosTurn(kind=d["kind"], player=d["player"]),
    ("triominos-junior", "pass"): lambda d: TriominosTurn(kind=d["kind"], player=d["player"]),
    ("triominos-junior", "deal"): lambda d: TriominosDeal(kind=d["kind"], tile=d["tile"]),
}


def typed_move(game: str, doc: Doc) -> Any:
    """The typed view of a move document of ``game`` (KeyError for an unknown kind: a bug)."""
    return _BUILD[(game, doc["kind"])](doc)


def kinds() -> set[tuple[str, str]]:
    """Every (game, kind) with a typed view; a test holds it equal to the engines' schemas."""
    return set(_BUILD)
