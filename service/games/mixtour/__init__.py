"""Mixtour: see :mod:`service.games.mixtour.rules`."""

from .moves import Move, Pass, Place, Shift
from .rules import Mixtour
from .spec import ENGINE, SPEC
from .state import MixtourState

__all__ = ["ENGINE", "SPEC", "Mixtour", "MixtourState", "Move", "Pass", "Place", "Shift"]
