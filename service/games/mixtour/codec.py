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

from collections.abc import Mapping
from itertools import product
from typing import Any

from ..core import InvalidNotation, OptionSpec, Problems, options_schema, read_options
from ..core.game import COMMON_STATE_PROPERTIES, JSON, check_doc_header, check_seed
from ..core.numbers import as_int
from .board import INDEX, SIZE, SQUARES, line_between
from .moves import REMOVE_AT, Pass, Place, Shift, notation, parse_move
from .state import COLOUR_NAMES, MixtourState

VERSION = 1
LETTERS = "wb"
# Every stack that can stand (0 to 4 pieces), by its document form: decoding is a look-up.
STACKS = {
    "".join(LETTERS[c] for c in colours): colours
    for height in range(REMOVE_AT)
    for colours in product((0, 1), repeat=height)
}
FIELDS = (
    "game",
    "v",
    "options",
    "board",
    "supply",
    "scores",
    "toMove",
    "lastMove",
    "passes",
    "seed",
    "chances",
)


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


def decode(doc: Any, specs: tuple[OptionSpec, ...]) -> MixtourState:
    problems = Problems()
    if not check_doc_header(doc, "mixtour", VERSION, problems, FIELDS):
        problems.raise_state()
    opts = read_options(specs, doc.get("options", {}), problems)
    total, goal = opts["piecesPerPlayer"], opts["pointsToWin"]

    stacks = _board(doc.get("board"), problems)
    supply = _pair(doc, "supply", problems, 0, total)
    points = _pair(doc, "scores", problems, 0, goal)
    white = sum(s.count(0) for s in stacks)
    for p, on_board in enumerate((white, sum(map(len, stacks)) - white)):
        if on_board + supply[p] != total:
            problems.add(
                "$.supply",
                f"{COLOUR_NAMES[p]} has {on_board} on the board and "
                f"{supply[p]} in supply, but piecesPerPlayer is {total} (MX-2)",
            )
    winners = [p for p in (0, 1) if points[p] >= goal]
    if len(winners) == 2:
        problems.add("$.scores", "both players cannot have reached pointsToWin (MX-10)")

    passes = as_int(doc.get("passes", 0))
    if passes not in (0, 1, 2):
        problems.add("$.passes", "must be 0, 1 or 2 (MX-8)")
        passes = 0
    sent = doc.get("toMove")
    turn = None if sent is None else as_int(sent)
    if sent is not None and turn not in (0, 1):
        problems.add("$.toMove", "must be 0 (White), 1 (Blue) or null when the game is over")
        turn = 0
    finished = bool(winners) or passes == 2
    if winners and passes == 2:
        problems.add("$.passes", "a game won on points cannot also end in a double pass")
    if finished and turn is not None:
        why = f"{COLOUR_NAMES[winners[0]]} has won" if winners else "both players passed"
        problems.add("$.toMove", f"must be null: the game is over ({why})")
    if not finished and turn is None:
        problems.add("$.toMove", "is null, but nobody has won and the game is not drawn")

    last = _last_move(doc.get("lastMove"), stacks, turn, passes, problems)
    seed, chances = check_seed(doc, problems)
    problems.raise_state()
    return MixtourState(
        stacks=stacks,
        supply=supply,
        points=points,
        turn=turn,
        last=last,
        passes=passes,
        pieces_per_player=total,
        points_to_win=goal,
        seed=seed,
        chances=chances,
    )


def _board(board: Any, problems: Problems) -> tuple[tuple[int, ...], ...]:
    stacks: list[tuple[int, ...]] = [()] * (SIZE * SIZE)
    if not isinstance(board, Mapping):  # null or missing too: the board is required
        problems.add("$.board", 'must be an object mapping squares to stacks, e.g. {"c3": "wb"}')
        return tuple(stacks)
    seen: set[int] = set()
    for square, stack in board.items():
        path = f"$.board.{square}"
        index = INDEX.get(square.lower()) if isinstance(square, str) else None
        if index is None:
            problems.add(path, "not a square of the 5 × 5 board (a1..e5) (MX-1)")
            continue
        if index in seen:
            problems.add(path, "the same square is given twice (letters are case-insensitive)")
            continue
        seen.add(index)
        parsed = STACKS.get(stack) if isinstance(stack, str) else None
        if parsed is None:
            parsed = _odd_stack(stack, path, problems)
        if parsed:
            stacks[index] = parsed
    return tuple(stacks)


def _odd_stack(stack: Any, path: str, problems: Problems) -> tuple[int, ...]:
    """Diagnoses a stack that is not a valid one of up to four pieces."""
    if not isinstance(stack, str):
        problems.add(path, 'a stack is a string of colours bottom to top, e.g. "wwb"')
        return ()
    bad = sorted(set(stack) - set(LETTERS))
    if bad:
        problems.add(path, f"unknown colour(s) {''.join(bad)!r}: w is White, b is Blue")
        return ()
    problems.add(
        path,
        f"a stack of {len(stack)} cannot stand: stacks of 5 or more are removed at once (MX-9)",
    )
    return tuple(LETTERS.index(c) for c in stack)


def _pair(
    doc: Mapping[str, Any], key: str, problems: Problems, lo: int, hi: int
) -> tuple[int, int]:
    value = doc.get(key)
    if (
        not isinstance(value, list)
        or len(value) != 2
        or any(isinstance(v, bool) or not isinstance(v, int) for v in value)
    ):
        problems.add(f"$.{key}", "must be a list of two integers [White, Blue]")
        return (0, 0)
    for p, v in enumerate(value):
        if not lo <= v <= hi:
            problems.add(f"$.{key}[{p}]", f"must be between {lo} and {hi}, got {v}")
    return (value[0], value[1])


def _last_move(
    text: Any,
    stacks: tuple[tuple[int, ...], ...],
    turn: int | None,
    passes: int,
    problems: Problems,
) -> Place | Shift | Pass | None:
    """Parses lastMove and checks that the board can be the position right after it."""
    path = "$.lastMove"
    if text is None:
        if passes:
            problems.add(path, "must be 'pass' after a pass")
        return None
    try:
        move = parse_move(text)
    except InvalidNotation as exc:
        problems.add(path, exc.message)
        return None
    mover = None if turn is None else 1 - turn
    if isinstance(move, Pass):
        if not passes:
            problems.add(path, "is 'pass' but passes is 0")
    elif passes:
        problems.add(path, "must be 'pass' when passes is not 0")
    if isinstance(move, Place):
        stack = stacks[move.square]
        if len(stack) != 1 or (mover is not None and stack[0] != mover):
            who = "the mover's" if mover is None else f"{COLOUR_NAMES[mover]}'s"
            problems.add(
                path,
                f"after placing on {SQUARES[move.square]} that square holds "
                f"exactly one piece, {who}",
            )
    elif isinstance(move, Shift):
        between = line_between(move.source, move.target)
        landed = len(stacks[move.target])
        if between is None:
            problems.add(path, "the squares are not on one straight line (MX-5)")
        elif landed and (
            landed - move.count != len(between) + 1 or any(stacks[sq] for sq in between)
        ):
            problems.add(
                path,
                "the board cannot be the position right after this move: the "
                "receiving stack's height or the way does not fit (MX-5, MX-6)",
            )
    return move


def state_schema(specs: tuple[OptionSpec, ...]) -> JSON:
    pair = {
        "type": "array",
        "items": {"type": "integer", "minimum": 0},
        "minItems": 2,
        "maxItems": 2,
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://regelwerk.dev/schema/states/mixtour.json",
        "title": "Mixtour state",
        "description": "A Mixtour position (rules MX-1…MX-11). Squares a1..e5, a1 bottom-left.",
        "type": "object",
        "required": ["game", "v", "board", "supply", "scores", "toMove"],
        "additionalProperties": False,
        "properties": {
            "game": {"const": "mixtour"},
            "v": {"const": VERSION},
            "options": options_schema(specs),
            "board": {
                "type": "object",
                "description": "Square -> stack, colours bottom to top (w White, b Blue).",
                "propertyNames": {"pattern": "^[a-eA-E][1-5]$"},
                "additionalProperties": {"type": "string", "pattern": "^[wb]{0,4}$"},
            },
            "supply": {**pair, "description": "Pieces in supply [White, Blue]."},
            "scores": {**pair, "description": "Points [White, Blue]."},
            "toMove": {"enum": [0, 1, None], "description": "Player to move; null when over."},
            "lastMove": {
                "type": ["string", "null"],
                "description": "The previous move in notation (for MX-7).",
            },
            "passes": {"enum": [0, 1, 2], "description": "Passes in a row (MX-8)."},
            **COMMON_STATE_PROPERTIES,
        },
    }


_SQUARE = "[a-eA-E][1-5]"
_NOTATION = rf"^\s*({_SQUARE}|{_SQUARE}(:[0-9]{{1,3}})?-{_SQUARE}|[pP][aA][sS][sS])\s*$"


def move_schema() -> JSON:
    square = {"type": "string", "pattern": "^[a-eA-E][1-5]$"}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://regelwerk.dev/schema/moves/mixtour.json",
        "title": "Mixtour move",
        "description": "Official notation (b2, a1-b2, c4:3-d3, pass) or a move document.",
        "oneOf": [
            {
                "type": "string",
                "pattern": _NOTATION,
            },
            {
                "type": "object",
                "additionalProperties": False,
                "required": ["kind", "square"],
                "properties": {"kind": {"const": "place"}, "square": square},
            },
            {
                "type": "object",
                "additionalProperties": False,
                "required": ["kind", "from", "to"],
                "properties": {
                    "kind": {"const": "shift"},
                    "from": square,
                    "to": square,
                    "count": {"type": "integer", "minimum": 1},
                },
            },
            {
                "type": "object",
                "additionalProperties": False,
                "required": ["kind"],
                "properties": {"kind": {"const": "pass"}},
            },
        ],
    }


def move_document_schema() -> JSON:
    """The move documents the service answers with: canonical, so every field is present."""
    square = {"enum": list(SQUARES)}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://regelwerk.dev/schema/move-documents/mixtour.json",
        "title": "Mixtour move document",
        "description": (
            "A legal move as the service lists it. Squares are lower case a1..e5 and name the "
            'SVG elements [data-square="…"]. Mixtour adds no derived fields: every field '
            "defines the move."
        ),
        "oneOf": [
            {
                "title": "Place",
                "description": "MX-4: one piece from the mover's supply onto an empty square.",
                "type": "object",
                "additionalProperties": False,
                "required": ["kind", "square"],
                "properties": {
                    "kind": {"const": "place"},
                    "square": {**square, "description": "The empty square receiving the piece."},
                },
            },
            {
                "title": "Shift",
                "description": (
                    "MX-5, MX-6: the top `count` pieces of the stack on `from` onto the stack "
                    "on `to`, as many squares away as that stack is high."
                ),
                "type": "object",
                "additionalProperties": False,
                "required": ["kind", "from", "to", "count"],
                "properties": {
                    "kind": {"const": "shift"},
                    "from": {**square, "description": "The square of the stack moved from."},
                    "to": {**square, "description": "The square of the receiving stack."},
                    "count": {
                        "type": "integer",
                        "minimum": 1,
                        # A stack of 5 or more leaves the board at once (MX-9).
                        "maximum": REMOVE_AT - 1,
                        "description": "Pieces taken from the top of the stack on `from`.",
                    },
                },
            },
            {
                "title": "Pass",
                "description": "MX-8: only when no place or move is possible.",
                "type": "object",
                "additionalProperties": False,
                "required": ["kind"],
                "properties": {"kind": {"const": "pass"}},
            },
        ],
    }
