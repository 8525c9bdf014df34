"""Te-Trix: see :mod:`service.games.te_trix.rules`."""

from .moves import Arrangement, Move, Placement, Roll, Stop
from .rules import TeTrix
from .sheet import Sheet
from .spec import ENGINE, SPEC
from .state import TeTrixState

__all__ = [
    "ENGINE",
    "SPEC",
    "Arrangement",
    "Move",
    "Placement",
    "Roll",
    "Sheet",
    "Stop",
    "TeTrix",
    "TeTrixState",
]
