"""The Mixtour position.

Besides its fields a position keeps its heights as *levels*, one int made for counting: bit
``k * 25 + i`` is set when square ``i`` holds more than ``k`` pieces, so ``levels & mask``
keeps the pieces on the squares of ``mask`` and one ``bit_count`` counts them (level 0 alone is
the occupied squares). They are derived from ``stacks``: worked out on first use, or handed
over by ``successor``, which knows them from the move.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar, dataclass_transform

from .board import SIZE
from .moves import REMOVE_AT, Move

WHITE, BLUE = 0, 1
COLOUR_NAMES = ("White", "Blue")

# TOWERS[i][h]: the levels a stack of h pieces on square i sets (a standing stack is lower
# than REMOVE_AT: MX-9).
TOWERS = tuple(
    tuple(sum(1 << (k * SIZE * SIZE + i) for k in range(h)) for h in range(REMOVE_AT))
    for i in range(SIZE * SIZE)
)

T = TypeVar("T")


@dataclass_transform(frozen_default=True)
def search_state(cls: type[T]) -> type[T]:
    """A slotted dataclass that mypy holds frozen (assigning a field is a type error) and that
    hashes like a frozen one, but whose ``__init__`` stores plain slots: a frozen dataclass sets
    each field through ``object.__setattr__``, five times the cost, and search makes one state
    per move (Mixtour perft(5): 345,097)."""
    return dataclass(slots=True, unsafe_hash=True)(cls)


@search_state
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
    # Derived, so neither compared nor copied by dataclasses.replace; -1 until known.
    _levels: int = field(default=-1, init=False, repr=False, compare=False)

    @property
    def levels(self) -> int:
        """The heights of ``stacks`` as levels (see the module docstring)."""
        if self._levels < 0:
            self.know_levels(sum(TOWERS[i][len(s)] for i, s in enumerate(self.stacks)))
        return self._levels

    def know_levels(self, levels: int) -> None:
        """Hands over the levels of ``stacks`` (``successor`` knows them from the move)."""
        object.__setattr__(self, "_levels", levels)
