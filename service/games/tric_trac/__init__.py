"""Tric Trac: see :mod:`service.games.tric_trac.rules`."""

from .moves import PASS, Move, Opening, Step, Throw, Turn
from .rules import ENGINE, TricTrac
from .state import Rules, TricTracState

__all__ = [
    "ENGINE",
    "PASS",
    "Move",
    "Opening",
    "Rules",
    "Step",
    "Throw",
    "TricTrac",
    "TricTracState",
    "Turn",
]
