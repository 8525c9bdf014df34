"""The Mixtour position."""

from __future__ import annotations

from dataclasses import field

from ..core.states import search_state
from .moves import Move

WHITE, BLUE = 0, 1
# The colours as code names them (the picture's data-colour); what people read is the
# catalog's mixtour-player.
COLOURS = ("white", "blue")


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
    # Derived from stacks by the rules for search (see ``rules``), -1 until known; neither
    # compared, shown nor copied by dataclasses.replace (a new board must not keep them).
    levels: int = field(default=-1, init=False, repr=False, compare=False)
    shifts: int = field(default=-1, init=False, repr=False, compare=False)
