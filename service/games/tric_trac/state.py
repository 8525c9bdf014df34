"""The Tric Trac position.

The board is one signed tuple of 24 counts, ``board[p - 1]`` for point ``p``: ``+n`` Red
stones, ``-n`` Black stones. Point 1 holds Red's start field and point 24 Black's (TT-2), so
``board[0]`` is Red's start count and ``-board[23]`` Black's. Borne-off stones are whatever
is missing from 15 (TT-13); scores are hits plus stones borne off (TT-14).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..core.states import search_state

RED, BLACK = 0, 1
COLOUR_KEYS: Final = ("red", "black")
STONES: Final = 15
POINTS: Final = 24

OPENING: Final = "opening"  # chance: who starts, with which throw (TT-4)
THROW: Final = "throw"  # chance: ``player`` throws (TT-5, TT-6)
MOVE: Final = "move"  # ``player`` plays ``dice``
OVER: Final = "over"
PHASES: Final = (OPENING, THROW, MOVE, OVER)

INITIAL_BOARD: Final = (STONES,) + (0,) * (POINTS - 2) + (-STONES,)


@dataclass(frozen=True, slots=True)
class Rules:
    """The options a game was started with (TT-8, TT-11, TT-13, TT-15)."""

    must_play_larger: bool = False
    home_before_bear_off: bool = False
    hucke: tuple[int, int] = (13, 12)  # the Hucke points of (Red, Black)
    points_to_win: int = 12


@search_state
class TricTracState:
    """A position between two throws or between a throw and its turn.

    ``player`` is the one who throws next (phase ``throw``) or plays ``dice`` (phase
    ``move``); None in the opening and once the game is over. ``hits`` counts the opposing
    stones each player has hit.
    """

    board: tuple[int, ...]
    hits: tuple[int, int]
    phase: str
    player: int | None
    dice: tuple[int, int] | None
    rules: Rules
    seed: str | None = None
    chances: int = 0


def start_count(board: tuple[int, ...], player: int) -> int:
    """Stones on the player's start field (TT-2)."""
    return board[0] if player == RED else -board[POINTS - 1]


def on_board(board: tuple[int, ...], player: int) -> int:
    """Stones of the player on the board, start field included."""
    # Red's count less Black's, and both together: two sums at C speed, asked several times
    # per answer (scores, events, the encoded state).
    difference, both = sum(board), sum(map(abs, board))
    return (both + difference) // 2 if player == RED else (both - difference) // 2


def borne_off(board: tuple[int, ...], player: int) -> int:
    return STONES - on_board(board, player)


def score(state: TricTracState, player: int) -> int:
    """TT-14: one point per opposing stone hit and per own stone borne off."""
    return state.hits[player] + borne_off(state.board, player)
