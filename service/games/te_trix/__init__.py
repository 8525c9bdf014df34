"""Te-Trix: see :mod:`service.games.te_trix.rules`.

The modules every game has (``docs/adding-a-game.md``), plus:

- ``shapes.py``: the symbols, the seven tetrominoes and their rotations (TX-1, TX-4, TX-7);
- ``sheet.py``: a player's sheet as bitmasks and placement generation (TX-3, TX-7, TX-8);
- ``scoring.py``: regions and scores (TX-11, TX-15);
- ``bot.py``: how the bots judge a sheet and choose a shape and a placement (TX-6, TX-11);
- ``texts.py``: moves, events and the position told in words (the catalog's ``messages/``).
"""

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
