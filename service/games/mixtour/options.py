"""Mixtour's options (``piecesPerPlayer`` MX-2, ``pointsToWin`` MX-3, MX-10) and its
descriptor."""

from __future__ import annotations

from ..core import Descriptor, OptionSpec
from ..core.game import Colour
from .state import COLOURS

# The CSS colours the picture paints White's and Blue's pieces with.
FILLS = ("#f5f5f0", "#2563eb")

OPTIONS = (
    OptionSpec("piecesPerPlayer", "int", 20, "Pieces in each player's supply (MX-2).", 1, 100),
    OptionSpec("pointsToWin", "int", 5, "Points that win the game at once (MX-3, MX-10).", 1, 99),
)

DESCRIPTOR = Descriptor(
    id="mixtour",
    name="Mixtour",
    min_players=2,
    max_players=2,
    default_players=2,
    rules_version="mixtour-1",
    chance=False,
    hidden_information=False,
    simultaneous=False,
    options=OPTIONS,
    summary="Stacking abstract on 5 × 5 by Dieter Stein.",
    colours=tuple(Colour(key, fill) for key, fill in zip(COLOURS, FILLS, strict=True)),
)
