"""Triominos Junior: see :mod:`service.games.triominos_junior.rules`."""

from .moves import Deal, Draw, Move, Pass, Place, Swap
from .rules import TriominosJunior
from .spec import ENGINE, SPEC
from .state import TriominosState

__all__ = [
    "ENGINE",
    "SPEC",
    "Deal",
    "Draw",
    "Move",
    "Pass",
    "Place",
    "Swap",
    "TriominosJunior",
    "TriominosState",
]
