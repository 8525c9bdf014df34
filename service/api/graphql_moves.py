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
    kind: str
    square: str


@strawberry.type(description="Mixtour MX-5: the top `count` pieces from one stack onto another.")
class MixtourShift:
    kind: str
    from_: str = strawberry.field(name="from")
    to: str
    count: int


@strawberry.type(description="Mixtour MX-8: a pass, only when nothing else is legal.")
class MixtourPass:
    kind: str


@strawberry.type(description="One stone moved by one die; `to` is null when borne off.")
class TricTracStep:
    from_: int = strawberry.field(name="from")
    to: int | None
    off: bool
    hit: bool
    die: int


@strawberry.type(description="Tric Trac: a whole turn, its steps in the order played.")
class TricTracTurn:
    kind: str
    player: int
    steps: list[TricTracStep]


@strawberry.type(description="Tric Trac TT-8: nothing of the throw can be played.")
class TricTracPass:
    kind: str
    player: int


@strawberry.type(description="Tric Trac TT-5: a throw (chance outcome), lower die first.")
class TricTracThrow:
    kind: str
    dice: list[int]


@strawberry.type(description="Tric Trac TT-4: who starts, with the throw they play.")
class TricTracOpening:
    kind: str
    player: int
    dice: list[int]


@strawberry.type(description="Te-Trix TX-2: the four rolled symbols (chance outcome).")
class TeTrixRoll:
    kind: str
    symbols: str


@strawberry.type(description="A cell of a shape in its base orientation (0-based offsets).")
class TeTrixSlot:
    row: int
    col: int
    symbol: str


@strawberry.type(description="Te-Trix TX-6: the roller's shape with a symbol in every slot.")
class TeTrixArrangement:
    kind: str
    shape: str
    symbols: str
    slots: list[TeTrixSlot]


@strawberry.type(description="A sheet cell a placement fills (1-based row and column).")
class TeTrixCell:
    cell: str
    row: int
    col: int
    symbol: str


@strawberry.type(description="Te-Trix TX-7: the arrangement rotated and laid on a sheet.")
class TeTrixPlacement:
    kind: str
    rotation: int
    row: int
    col: int
    cells: list[TeTrixCell]
    overhang: int
    bar: list[int] = strawberry.field(description="solo: the bar fields it crosses off (TX-13)")


@strawberry.type(description="Te-Trix TX-14: the solo player ends the game.")
class TeTrixStop:
    kind: str


@strawberry.type(description="A corner of a laid tile; number null for the joker.")
class TriominosCorner:
    corner: str
    number: int | None


@strawberry.type(description="Triominos Junior TJ-10 (place) or TJ-11 (swap a layout joker).")
class TriominosLay:
    kind: str
    tile: str
    at: str
    player: int
    col: int
    row: int
    orientation: str
    corners: list[TriominosCorner]
    rack_tile: str


@strawberry.type(description="Triominos Junior TJ-12 (draw) or TJ-13 (pass).")
class TriominosTurn:
    kind: str
    player: int


@strawberry.type(description="Triominos Junior: a tile leaves the pool (chance outcome).")
class TriominosDeal:
    kind: str
    tile: str


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
