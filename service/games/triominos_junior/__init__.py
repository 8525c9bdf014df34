"""Triominos Junior: see :mod:`service.games.triominos_junior.rules`.

The modules every game has (``docs/adding-a-game.md``), plus:

- ``tiles.py``: the tiles, their names and rotations, the tile set (TJ-1);
- ``grid.py``: the triangular grid and its positions (TJ-8);
- ``layout.py``: the layout and the fit test (TJ-9, TJ-11);
- ``turns.py``: the state transitions of the deal, the four kinds of turn and the end;
- ``texts.py``: a move, an event and the position told in words (the catalog's messages);
- ``view.py``: what one player may see (TJ-17);
- ``bot.py``: how the bots judge a turn from what the mover can know.
"""

from .moves import Deal, Draw, Move, Pass, Place, Swap
from .rules import TriominosJunior
from .spec import ENGINE, SPEC
from .state import TriominosState

__all__ = [
    "ENGINE",
    "SPEC",
    "Deal",
    "Draw",
    "Move",
    "Pass",
    "Place",
    "Swap",
    "TriominosJunior",
    "TriominosState",
]
