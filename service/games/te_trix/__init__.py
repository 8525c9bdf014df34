"""Te-Trix: see :mod:`service.games.te_trix.rules`."""

from .moves import Arrangement, Move, Placement, Roll, Stop
from .rules import ENGINE, TeTrix
from .sheet import Sheet
from .state import TeTrixState

__all__ = [
    "ENGINE",
    "Arrangement",
    "Move",
    "Placement",
    "Roll",
    "Sheet",
    "Stop",
    "TeTrix",
    "TeTrixState",
]
