"""The Mixtour position."""

from __future__ import annotations

from dataclasses import dataclass

from .moves import Move

WHITE, BLUE = 0, 1
COLOUR_NAMES = ("White", "Blue")


@dataclass(frozen=True, slots=True)
class MixtourState:
    """A position. ``stacks[i]`` lists the colours on square ``i`` from bottom to top.

    ``turn`` is None once the game is over. ``last`` is the previous move (the MX-7 ban);
    ``passes`` counts passes in a row (MX-8).
    """

    stacks: tuple[tuple[int, ...], ...]
    supply: tuple[int, int]
    points: tuple[int, int]
    turn: int | None
    last: Move | None
    passes: int
    pieces_per_player: int
    points_to_win: int
    seed: str | None = None
    chances: int = 0
