"""The Triominos Junior position (the full state, for the trusted host: TJ-17)."""

from __future__ import annotations

from dataclasses import field
from typing import Literal

from ..core.states import search_state
from .layout import Board, Placed, board_of
from .tiles import Tile

Level = Literal["coins", "points"]
# deal: racks are being dealt; start: the start tile is drawn (TJ-4, TJ-6); play: ``turn``
# acts; draw: ``turn`` drew and the tile is not yet known (TJ-12); over: finished.
Phase = Literal["deal", "start", "play", "draw", "over"]
EndReason = Literal["rackEmptied", "poolEmptied", "blocked"]

PHASES: tuple[Phase, ...] = ("deal", "start", "play", "draw", "over")
END_REASONS: tuple[EndReason, ...] = ("rackEmptied", "poolEmptied", "blocked")
CHANCE_PHASES = frozenset({"deal", "start", "draw"})

RACK_SIZE = 5  # TJ-4
COINS_TOTAL = 60  # TJ-2
COINS_EACH = 4  # TJ-5


@search_state
class TriominosState:
    """A position.

    ``layout`` holds (position, tile as oriented) sorted by position; ``racks`` and ``pool``
    hold canonical tiles sorted, so a state says nothing about the order of future draws.
    ``turn`` is the player to act (at phase ``draw`` the one receiving the drawn tile), None
    during the deal and after the end. ``coins``/``supply`` are used at the coin level only,
    ``points`` (values of the tiles each player placed) at the points level only.
    """

    level: Level
    tile_set: tuple[Tile, ...]
    phase: Phase
    turn: int | None
    layout: tuple[Placed, ...]
    racks: tuple[tuple[Tile, ...], ...]
    pool: tuple[Tile, ...]
    coins: tuple[int, ...]
    supply: int
    points: tuple[int, ...]
    end: EndReason | None = None
    seed: str | None = None
    chances: int = 0
    # The layout indexed, made when first asked for (or handed over by decode and by a
    # placement, which have it at hand): decode, the moves and the end of a turn all ask.
    # Derived from ``layout`` alone, so not compared, and ``replace`` starts without it.
    _board: Board | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def players(self) -> int:
        return len(self.racks)

    @property
    def board(self) -> Board:
        """``board_of(self.layout)``, made once."""
        board = self._board
        if board is None:
            board = board_of(self.layout)
            object.__setattr__(self, "_board", board)
        return board

    def with_board(self, board: Board | None) -> TriominosState:
        """This state, its board given: ``board`` must be ``board_of(self.layout)`` (None:
        made when asked for)."""
        object.__setattr__(self, "_board", board)
        return self

    def keep_board(self, before: TriominosState) -> TriominosState:
        """This state, whose layout is ``before``'s, with ``before``'s board if it has one."""
        return self.with_board(before._board)
