"""Mixtour: see :mod:`service.games.mixtour.rules`."""

from .moves import Move, Pass, Place, Shift
from .rules import ENGINE, Mixtour
from .state import MixtourState

__all__ = ["ENGINE", "Mixtour", "MixtourState", "Move", "Pass", "Place", "Shift"]
