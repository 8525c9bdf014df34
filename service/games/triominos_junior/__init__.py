"""Triominos Junior: see :mod:`service.games.triominos_junior.rules`."""

from .moves import Deal, Draw, Move, Pass, Place, Swap
from .rules import ENGINE, TriominosJunior
from .state import TriominosState

__all__ = [
    "ENGINE",
    "Deal",
    "Draw",
    "Move",
    "Pass",
    "Place",
    "Swap",
    "TriominosJunior",
    "TriominosState",
]
