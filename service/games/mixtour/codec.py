"""The Mixtour state document (``schema/states/mixtour.json``) and its validation.

::

    {"game": "mixtour", "v": 1,
     "options": {"piecesPerPlayer": 20, "pointsToWin": 5},
     "board": {"c3": "wb"},          # square -> colours bottom to top: w White, b Blue
     "supply": [19, 19], "scores": [0, 0],
     "toMove": 0,                    # null once the game is over
     "lastMove": "c3-d3",            # the MX-7 ban; null at the start
     "passes": 0,                    # passes in a row (MX-8)
     "seed": null, "chances": 0}

``decode`` reports every problem with its JSON path instead of stopping at the first.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from itertools import product
from typing import Any

from ..core import InvalidNotation, OptionSpec, Problems, fields
from ..core.game import JSON
from ..core.text import Msg
from .board import INDEX, SIZE, SQUARES, line_between
from .moves import REMOVE_AT, Pass, Place, Shift, notation, parse_move
from .state import MixtourState

VERSION = 1
LETTERS = "wb"
# Every stack that can stand (0 to 4 pieces), by its document form: decoding is a look-up.
STACKS = {
    "".join(LETTERS[c] for c in colours): colours
    for height in range(REMOVE_AT)
    for colours in product((0, 1), repeat=height)
}


def encode(state: MixtourState) -> JSON:
    return {
        "game": "mixtour",
        "v": VERSION,
        "options": {"piecesPerPlayer": state.pieces_per_player, "pointsToWin": state.points_to_win},
        "board": {
            SQUARES[i]: "".join(LETTERS[c] for c in s) for i, s in enumerate(state.stacks) if s
        },
        "supply": list(state.supply),
        "scores": list(state.points),
        "toMove": state.turn,
        "lastMove": None if state.last is None else notation(state.last),
        "passes": state.passes,
        "seed": state.seed,
        "chances": state.chances,
    }


def _stack_problem(stack: Any) -> Msg:
    """Why a board value is not a stack of up to four pieces."""
    if not isinstance(stack, str):
        return Msg.of("mixtour-state-stack-type")
    bad = sorted(set(stack) - set(LETTERS))
    if bad:
        return Msg.of("mixtour-state-stack-colours", letters=repr("".join(bad)), count=len(bad))
    # the height as a string: a refused stack may be thousands of pieces high
    return Msg.of("mixtour-state-stack-height", height=str(len(stack)))


@lru_cache(maxsize=1024)  # texts that fit the notation's pattern: a few characters each
def _read_last(text: str) -> Place | Shift | Pass:
    try:
        return parse_move(text)
    except InvalidNotation as exc:
        raise ValueError(exc.msg) from None


def _notation_problem(text: Any) -> Msg:
    try:
        parse_move(text)
    except InvalidNotation as exc:
        return exc.msg
    return Msg.of("mixtour-state-last-move")


_SQUARE = "[a-eA-E][1-5]"
# A move in notation, letters in either case (the move schema allows blanks around it).
NOTATION_PATTERN = rf"({_SQUARE}|{_SQUARE}(:[0-9]{{1,3}})?-{_SQUARE}|[pP][aA][sS][sS])"
# A state's lastMove as encode writes it: no blanks around it.
_NOTATION_TEXT = re.compile(f"^{NOTATION_PATTERN}$")
_SQUARE_TEXT = re.compile(f"^{_SQUARE}$")
_STACK_TEXT = re.compile(f"^[{LETTERS}]{{0,{REMOVE_AT - 1}}}$")


def _pair(description: str) -> fields.Array:
    return fields.Array(
        items=fields.Int(minimum=0),
        min_items=2,
        max_items=2,
        reason=Msg.of("mixtour-state-pair"),
        description=description,
    )


def _document(specs: tuple[OptionSpec, ...]) -> fields.Document:
    return fields.Document(
        game="mixtour",
        version=VERSION,
        title="Mixtour state",
        description="A Mixtour position (rules MX-1…MX-11). Squares a1..e5, a1 bottom-left.",
        required=("board", "supply", "scores", "toMove"),
        properties={
            "options": fields.Options(specs=specs),
            "board": fields.Map(
                keys=fields.Str(
                    pattern=_SQUARE_TEXT,
                    convert={**INDEX, **{k.upper(): i for k, i in INDEX.items()}},
                    reason=Msg.of("mixtour-state-square"),
                ),
                values=fields.Str(pattern=_STACK_TEXT, convert=STACKS, reason=_stack_problem),
                reason=Msg.of("mixtour-state-board"),
                description="Square -> stack, colours bottom to top (w White, b Blue).",
            ),
            "supply": _pair("Pieces in supply [White, Blue]."),
            "scores": _pair("Points [White, Blue]."),
            "toMove": fields.Enum(
                values=(0, 1),
                nullable=True,
                reason=Msg.of("mixtour-state-to-move"),
                description="Player to move; null when over.",
            ),
            "lastMove": fields.Str(
                pattern=_NOTATION_TEXT,
                convert=_read_last,
                nullable=True,
                default=None,
                reason=_notation_problem,
                description="The previous move in notation (for MX-7).",
            ),
            "passes": fields.Enum(
                values=(0, 1, 2),
                default=0,
                reason=Msg.of("mixtour-state-passes"),
                description="Passes in a row (MX-8).",
            ),
        },
    )


document = fields.PerOptions(_document)


def decode(doc: Any, specs: tuple[OptionSpec, ...]) -> MixtourState:
    problems = Problems()
    got = document(specs).read(doc, problems)
    if got is None:
        problems.raise_state()
        raise AssertionError  # raise_state raised: there was a problem
    opts = got["options"]
    total, goal = opts["piecesPerPlayer"], opts["pointsToWin"]
    stacks = _board(doc, got.get("board"), problems)
    supply = _within(got.get("supply"), "supply", total, "piecesPerPlayer", "MX-2", problems)
    points = _within(got.get("scores"), "scores", goal, "pointsToWin", "MX-3", problems)
    if stacks is not None and supply is not None:
        white = sum(s.count(0) for s in stacks)
        for p, on_board in enumerate((white, sum(map(len, stacks)) - white)):
            if on_board + supply[p] != total:
                # counts as strings: a refused document's may be any size
                counts = {"board": str(on_board), "supply": str(supply[p])}
                problems.add(
                    "$.supply", Msg.of("mixtour-state-supply", player=p, total=total, **counts)
                )
    points = points or (0, 0)
    winners = [p for p in (0, 1) if points[p] >= goal]
    if len(winners) == 2:
        problems.add("$.scores", Msg.of("mixtour-state-both-won"))

    passes = got.get("passes", 0)
    turn = got.get("toMove", 0)
    finished = bool(winners) or passes == 2
    if winners and passes == 2:
        problems.add("$.passes", Msg.of("mixtour-state-won-and-drawn"))
    if finished and turn is not None:
        over = (
            Msg.of("mixtour-state-over-won", player=winners[0])
            if winners
            else Msg.of("mixtour-state-over-drawn")
        )
        problems.add("$.toMove", over)
    if not finished and turn is None:
        problems.add("$.toMove", Msg.of("mixtour-state-not-over"))
    board = stacks or ((),) * (SIZE * SIZE)
    last = _last_move(got.get("lastMove"), "lastMove" in got, board, turn, passes, problems)
    problems.raise_state()
    return MixtourState(
        stacks=board,
        supply=supply or (0, 0),
        points=points,
        turn=turn,
        last=last,
        passes=passes,
        pieces_per_player=total,
        points_to_win=goal,
        seed=got.get("seed"),
        chances=got.get("chances", 0),
    )


def _board(
    doc: Mapping[str, Any], board: dict[int, tuple[int, ...]] | None, problems: Problems
) -> tuple[tuple[int, ...], ...] | None:
    """The stacks by square index; None when the board is no object. Of a refused board,
    the stacks on squares (too high ones too: their pieces count for MX-2)."""
    if board is None:
        raw = doc.get("board")
        if not isinstance(raw, Mapping):
            return None
        board = {}
        for square, stack in raw.items():
            index = INDEX.get(square.lower()) if isinstance(square, str) else None
            if index is not None and isinstance(stack, str) and not set(stack) - set(LETTERS):
                board[index] = tuple(LETTERS.index(c) for c in stack)
    elif len(board) != len(doc["board"]):  # two spellings of one square: a1 and A1
        seen: set[int] = set()
        for square in doc["board"]:
            index = INDEX[square.lower()]
            if index in seen:
                problems.add(f"$.board.{square}", Msg.of("mixtour-state-twice"))
            seen.add(index)
    stacks: list[tuple[int, ...]] = [()] * (SIZE * SIZE)
    for index, stack in board.items():
        stacks[index] = stack
    return tuple(stacks)


def _within(
    pair: list[int] | None, key: str, hi: int, option: str, rule: str, problems: Problems
) -> tuple[int, int] | None:
    """A [White, Blue] pair no larger than the option allows; None when it was refused."""
    if pair is None:
        return None
    for p, v in enumerate(pair):
        if v > hi:
            # the value as sent, as a string: it may have any number of digits
            why = Msg.of("mixtour-state-range", limit=hi, option=option, got=str(v), rule=rule)
            problems.add(f"$.{key}[{p}]", why)
    return (pair[0], pair[1])


def _last_move(
    move: Place | Shift | Pass | None,
    known: bool,
    stacks: tuple[tuple[int, ...], ...],
    turn: int | None,
    passes: int,
    problems: Problems,
) -> Place | Shift | Pass | None:
    """Checks that the board can be the position right after lastMove (``known``: it was
    read, null included)."""
    path = "$.lastMove"
    if move is None:
        if passes and known:
            problems.add(path, Msg.of("mixtour-state-pass-expected"))
        return None
    mover = None if turn is None else 1 - turn
    if isinstance(move, Pass):
        if not passes:
            problems.add(path, Msg.of("mixtour-state-pass-unexpected"))
    elif passes:
        problems.add(path, Msg.of("mixtour-state-pass-needed"))
    if isinstance(move, Place):
        stack = stacks[move.square]
        if len(stack) != 1 or (mover is not None and stack[0] != mover):
            square = SQUARES[move.square]
            problems.add(
                path,
                Msg.of("mixtour-state-placed", square=square)
                if mover is None
                else Msg.of("mixtour-state-placed-by", square=square, player=mover),
            )
    elif isinstance(move, Shift):
        between = line_between(move.source, move.target)
        landed = len(stacks[move.target])
        if between is None:
            problems.add(path, Msg.of("mixtour-state-not-a-line"))
        elif landed and (
            landed - move.count != len(between) + 1 or any(stacks[sq] for sq in between)
        ):
            problems.add(path, Msg.of("mixtour-state-not-after"))
    return move
