"""Tric Trac: see :mod:`service.games.tric_trac.rules`.

The modules every game has (``docs/adding-a-game.md``), plus:

- ``turns.py``: whole turns, every distinct position one throw reaches (TT-7 … TT-13);
- ``resolve.py``: a spelled turn matched to a legal one, or why not;
- ``steps.py``: turns built stone by stone, every order of their steps (issue 25);
- ``bot.py``: how the bots judge a position and choose a turn (pips, points, blots);
- ``texts.py``: moves, events and the position told in words (catalog messages).
"""

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
