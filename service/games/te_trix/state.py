"""The Te-Trix position: every player's sheet and where the current round stands."""

from __future__ import annotations

from typing import Literal

from ..core.states import search_state
from .moves import Arrangement, Roll
from .sheet import Sheet

Phase = Literal["roll", "arrange", "place", "over"]
PHASES: tuple[Phase, ...] = ("roll", "arrange", "place", "over")

# Why a game ended (TX-10, TX-14).
CANNOT_PLACE = "cannotPlace"
SHEETS_FULL = "sheetsFull"
STOPPED = "stopped"
ENDINGS = (CANNOT_PLACE, SHEETS_FULL, STOPPED)

# A player's pre-printed cells: (cell index, symbol) pairs in reading order.
Printed = tuple[tuple[int, int], ...]


@search_state
class TeTrixState:
    """A position between moves.

    A round runs ``roll`` (chance, TX-5) → ``arrange`` (the roller, TX-6) → ``place`` (every
    player who can, simultaneously, TX-7–TX-9). In ``place``, ``placed`` lists the players who
    have placed and ``blocked`` those who cannot (TX-10: this is then the last round); the
    others still have to. ``bar`` is the solo overhang bar's free fields (TX-13), None outside
    solo. ``end`` says why the game is over (phase ``over``), else None.
    """

    size: int
    solo: bool
    preprinted: tuple[Printed, ...]
    sheets: tuple[Sheet, ...]
    round: int
    phase: Phase
    roll: Roll | None
    arrangement: Arrangement | None
    placed: tuple[int, ...]
    blocked: tuple[int, ...]
    bar: int | None
    end: str | None
    seed: str | None = None
    chances: int = 0

    @property
    def players(self) -> int:
        return len(self.sheets)

    @property
    def roller(self) -> int:
        """TX-5: player 0 in round 1, then clockwise; the solo player rolls every round."""
        return (self.round - 1) % self.players

    @property
    def pending(self) -> tuple[int, ...]:
        """Players who still have to place this round."""
        if self.phase != "place":
            return ()
        done = set(self.placed) | set(self.blocked)
        return tuple(p for p in range(self.players) if p not in done)
