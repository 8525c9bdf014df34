"""Tric Trac: see :mod:`service.games.tric_trac.rules`."""

from .moves import PASS, Move, Opening, Step, Throw, Turn
from .rules import TricTrac
from .spec import ENGINE, SPEC
from .state import Rules, TricTracState

__all__ = [
    "ENGINE",
    "PASS",
    "SPEC",
    "Move",
    "Opening",
    "Rules",
    "Step",
    "Throw",
    "TricTrac",
    "TricTracState",
    "Turn",
]
