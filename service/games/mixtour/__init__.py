"""Mixtour: see :mod:`service.games.mixtour.rules`.

The modules every game has (``docs/adding-a-game.md``), plus:

- ``board.py``: the 5 × 5 board's squares, rays and lines (MX-1, MX-5).
- ``texts.py``: moves, events and positions told in words (catalog messages, issue 24).
- ``bot.py``: how the bots judge a move (points, replies that score, threats; MX-9).
"""

from .moves import Move, Pass, Place, Shift
from .rules import Mixtour
from .spec import ENGINE, SPEC
from .state import MixtourState

__all__ = ["ENGINE", "SPEC", "Mixtour", "MixtourState", "Move", "Pass", "Place", "Shift"]
