"""Tic-Tac-Toe, a fifth game in one file — rules XO-1…XO-4 — that exists only to prove that a
game is one folder plus one registry line (docs/adding-a-game.md). Tests register it at test
time and run the shared contract, REST, GraphQL, render and suggest on it.

Two players, X (0) and O (1), on an empty 3 × 3 board; option ``firstPlayer`` (0) begins
(XO-1); a turn marks one empty square (XO-2); three of one mark in a row, column or diagonal
win at once (XO-3); a full board without one is a draw (XO-4). Squares are a1 (bottom
left) … c3, as in the SVG's ``data-square``.

    3  . . .
    2  . X .
    1  O . .
       a b c
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from service.games.core import (
    JSON,
    Descriptor,
    GameOver,
    GameRules,
    GameSpec,
    InvalidNotation,
    NotYourTurn,
    OptionSpec,
    Problems,
    ScoreLine,
    Scores,
    Status,
    Transition,
    fields,
    illegal,
)
from service.games.core.events import DRAFT, event, event_schema, per_player, player, players
from service.games.core.text import Msg

GAME = "tic-tac-toe"
SQUARES = tuple(f"{col}{row}" for row in "123" for col in "abc")
LINES = (
    *((r, r + 1, r + 2) for r in (0, 3, 6)),
    *((c, c + 3, c + 6) for c in (0, 1, 2)),
    (0, 4, 8),
    (2, 4, 6),
)
MARKS = "XO"

DESCRIPTOR = Descriptor(
    id=GAME,
    name="Tic-Tac-Toe",
    min_players=2,
    max_players=2,
    default_players=2,
    rules_version="tic-tac-toe-1",
    chance=False,
    hidden_information=False,
    simultaneous=False,
    options=(OptionSpec("firstPlayer", "int", 0, "The player who marks first (XO-1).", 0, 1),),
    summary="Three in a row on 3 × 3: the test tree's fifth game.",
)


@dataclass(frozen=True, slots=True)
class Mark:
    """XO-2: the mover marks an empty square (0 = a1 … 8 = c3)."""

    square: int


@dataclass(frozen=True, slots=True)
class TicTacToeState:
    cells: tuple[int | None, ...]  # the player whose mark is there, by square
    turn: int | None  # None: the game is over
    first: int  # who marked first (XO-1)
    seed: str | None = None
    chances: int = 0


def _winner(cells: tuple[int | None, ...]) -> int | None:
    for a, b, c in LINES:
        if cells[a] is not None and cells[a] == cells[b] == cells[c]:
            return cells[a]
    return None


class TicTacToe(GameRules[TicTacToeState, Mark]):
    descriptor = DESCRIPTOR

    def new(
        self,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        seed: str | None = None,
    ) -> TicTacToeState:
        DESCRIPTOR.validate_players(players)
        first = DESCRIPTOR.validate_options(options)["firstPlayer"]
        return TicTacToeState((None,) * 9, first, first, seed)

    def to_move(self, state: TicTacToeState) -> tuple[int, ...]:
        return () if state.turn is None else (state.turn,)

    def legal_moves(self, state: TicTacToeState, player: int | None = None) -> tuple[Mark, ...]:
        if state.turn is None or player not in (None, state.turn):
            return ()
        return tuple(Mark(i) for i, c in enumerate(state.cells) if c is None)

    def apply(
        self, state: TicTacToeState, move: Mark, player: int | None = None
    ) -> Transition[TicTacToeState]:
        turn = state.turn
        if turn is None:
            raise GameOver(Msg.of("tic-tac-toe-over"), reason="GAME_FINISHED", rule="XO-3")
        if player is not None and player != turn:
            raise NotYourTurn(
                Msg.of("tic-tac-toe-turn", player=turn),
                reason="NOT_TO_MOVE",
                details={"toMove": [turn]},
            )
        if state.cells[move.square] is not None:
            raise illegal(
                Msg.of("tic-tac-toe-taken", square=SQUARES[move.square]), "SQUARE_OCCUPIED", "XO-2"
            )
        cells = (*state.cells[: move.square], turn, *state.cells[move.square + 1 :])
        events: list[JSON] = [{"type": "marked", "player": turn, "square": SQUARES[move.square]}]
        winner = _winner(cells)
        over = winner is not None or None not in cells
        if over:
            won = [] if winner is None else [winner]
            events.append({"type": "gameOver", "winners": won, "reason": _reason(winner)})
        return Transition(
            replace(state, cells=cells, turn=None if over else 1 - turn), tuple(events)
        )

    def status(self, state: TicTacToeState) -> Status:
        if state.turn is not None:
            return Status(False)
        winner = _winner(state.cells)
        return Status(True, () if winner is None else (winner,), _reason(winner))

    def scores(self, state: TicTacToeState) -> Scores:
        winner = _winner(state.cells)
        marks = [state.cells.count(p) for p in (0, 1)]
        return Scores(tuple(int(winner == p) for p in (0, 1)), {"marks": marks})


def score_lines(state: TicTacToeState, scores: Scores) -> list[ScoreLine]:
    """One line a player: the point for three in a row (XO-3)."""
    return [
        ScoreLine(p, "XO-3", points, Msg.of("tic-tac-toe-score", player=p, points=points))
        for p, points in enumerate(scores.values)
    ]


def _reason(winner: int | None) -> str:
    return "draw" if winner is None else "line"


# -- notation: a square's name, or {"kind": "mark", "square": "b2", "player"?: 0} ------------
def parse_move(move: str | Mapping[str, Any]) -> Mark:
    text = move.get("square") if isinstance(move, Mapping) else move
    if isinstance(move, Mapping) and (
        move.get("kind") != "mark" or set(move) - {"kind", "square", "player"}
    ):
        raise InvalidNotation(Msg.of("tic-tac-toe-document"))
    if not isinstance(text, str) or text.strip().lower() not in SQUARES:
        raise InvalidNotation(Msg.of("tic-tac-toe-not-a-square", given=repr(text)))
    return Mark(SQUARES.index(text.strip().lower()))


def notation(move: Mark) -> str:
    return SQUARES[move.square]


def document(move: Mark) -> JSON:
    return {"kind": "mark", "square": SQUARES[move.square]}


def move_document(state: TicTacToeState, move: Mark) -> JSON:
    """The document with the mover, derived from the position (``player``)."""
    return {**document(move), "player": state.turn}


# -- codec: {"game": "tic-tac-toe", "v": 1, "board": "X...O....", "turn": 0, ...} -------------
# The document described once (service/games/core/fields.py): decode's structure and the
# state schema both come from it; only the cross-field rules below are written by hand.
DOCUMENT = fields.Document(
    game=GAME,
    version=1,
    title="Tic-Tac-Toe state",
    description="A Tic-Tac-Toe position (rules XO-1…XO-4).",
    required=("board", "turn"),
    properties={
        "options": fields.Options(specs=DESCRIPTOR.options),
        "board": fields.Str(
            pattern=re.compile("^[XO.]{9}$"),
            reason="must be 9 characters of X, O and . (a1 … c3)",
            description="The squares a1 … c3, X, O or . (empty).",
        ),
        "turn": fields.Enum(
            values=(0, 1),
            nullable=True,
            reason="must be 0, 1 or null",
            description="The mover; null when over.",
        ),
    },
)


def encode(state: TicTacToeState) -> JSON:
    board = "".join("." if c is None else MARKS[c] for c in state.cells)
    options = {"firstPlayer": state.first}
    doc: JSON = {"game": GAME, "v": 1, "board": board, "turn": state.turn, "options": options}
    if state.seed is not None:
        doc["seed"] = state.seed
    if state.chances:
        doc["chances"] = state.chances
    return doc


def decode(doc: Any) -> TicTacToeState:
    problems = Problems()
    got = DOCUMENT.read(doc, problems)
    if got is None or "board" not in got or "turn" not in got:
        problems.raise_state()
        raise AssertionError  # a problem was raised
    first = got["options"]["firstPlayer"]
    cells = tuple(None if ch == "." else MARKS.index(ch) for ch in got["board"])
    ahead = cells.count(first) - cells.count(1 - first)
    if not 0 <= ahead <= 1:
        problems.add("$.board", Msg.of("tic-tac-toe-counts", player=first))
    over = _winner(cells) is not None or None not in cells
    expected = None if over else (first if ahead == 0 else 1 - first)
    if got["turn"] != expected:
        problems.add("$.turn", Msg.of("tic-tac-toe-turn-field", expected=repr(expected)))
    problems.raise_state()
    return TicTacToeState(cells, expected, first, got.get("seed"), got.get("chances", 0))


def render(state: TicTacToeState, player: int | None = None, narrow: bool = False) -> str:
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 90 90">']
    for i, name in enumerate(SQUARES):
        x, y = (i % 3) * 30, (2 - i // 3) * 30
        parts.append(
            f'<rect data-square="{name}" x="{x}" y="{y}" width="30" height="30" '
            'fill="#fff" stroke="#000"/>'
        )
        mark = state.cells[i]
        if mark is not None:
            parts.append(
                f'<text x="{x + 15}" y="{y + 20}" text-anchor="middle">{MARKS[mark]}</text>'
            )
    return "".join(parts) + "</svg>"


# -- schemas --------------------------------------------------------------------------------
_SQUARE: JSON = {"enum": list(SQUARES), "description": "A square, a1 (bottom left) … c3."}
_MOVER: JSON = {"enum": [0, 1], "description": "The mover, 0 X or 1 O. Derived."}


def _mark(answer: bool) -> JSON:
    """The move document as legal-moves answers it (``answer``) or as play accepts it."""
    return {
        "type": "object",
        "title": "Mark",
        "description": "XO-2: the mover marks an empty square.",
        "additionalProperties": False,
        "required": ["kind", "square", "player"] if answer else ["kind", "square"],
        "properties": {"kind": {"const": "mark"}, "square": _SQUARE, "player": _MOVER},
    }


def state_schema() -> JSON:
    return DOCUMENT.schema()


def move_schema() -> JSON:
    return {
        "$schema": DRAFT,
        "title": "Tic-Tac-Toe move",
        "oneOf": [{"type": "string"}, _mark(False)],
    }


def move_document_schema() -> JSON:
    return {"$schema": DRAFT, "title": "Tic-Tac-Toe move document", "oneOf": [_mark(True)]}


def event_schema_of() -> JSON:
    return event_schema(
        DESCRIPTOR,
        [
            event("marked", "XO-2: a square was marked.", {"player": player(2), "square": _SQUARE}),
            event(
                "gameOver",
                "XO-3 three in a row, or XO-4 a full board.",
                {
                    "winners": players(2, "The winner, none in a draw."),
                    "reason": {"enum": ["line", "draw"]},
                },
            ),
        ],
    )


def breakdown_schema() -> JSON:
    count = {"type": "integer", "minimum": 0, "maximum": 5}
    return {
        "$schema": DRAFT,
        "title": "Tic-Tac-Toe score breakdown",
        "description": "What the score is made of: the marks on the board.",
        "type": "object",
        "additionalProperties": False,
        "required": ["marks"],
        "properties": {"marks": per_player(2, count, "Marks on the board [X, O].")},
    }


SPEC: GameSpec[TicTacToeState, Mark] = GameSpec(
    rules=TicTacToe(),
    rule_prefix="XO",
    parse_move=parse_move,
    notation=notation,
    document=document,
    move_document=move_document,
    encode=encode,
    decode=decode,
    render=render,
    state_schema=state_schema,
    move_schema=move_schema,
    move_document_schema=move_document_schema,
    event_schema=event_schema_of,
    breakdown_schema=breakdown_schema,
    score_lines=score_lines,
)
