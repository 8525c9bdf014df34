"""What one player may see (TJ-17): the layout, their own rack, every rack's size, coins or
points, the pool's size. No other rack, no pool content, no seed, no chance counter.

::

    {"game": "triominos-junior", "v": 1, "kind": "view", "player": 0,
     "options": {"level": "coins"}, "phase": "play", "toMove": 0, "endReason": null,
     "layout": [{"at": "0,0", "tile": "1-3-5"}],
     "rack": ["J", "1-1-2"],               # absent for a spectator (player null)
     "rackSizes": [2, 5], "poolSize": 24,
     "coins": [4, 4], "supply": 52}        # or "points": [0, 0]
"""

from __future__ import annotations

from ..core import InvalidOptions, Problem
from ..core.game import JSON
from ..core.text import Msg
from .codec import GAME, VERSION, layout_doc, options_doc
from .state import TriominosState
from .tiles import tile_name


def check_viewer(state: TriominosState, player: object) -> None:
    """A player of this game or None (a spectator); raises InvalidOptions otherwise."""
    if player is not None and (
        isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < state.players
    ):
        last = state.players - 1
        got = Msg.of("triominos-junior-viewer-got", last=last, got=repr(player))
        raise InvalidOptions(
            Msg.of("triominos-junior-viewer", last=last), [Problem("$.player", got)]
        )


def view(state: TriominosState, player: int | None) -> JSON:
    check_viewer(state, player)
    doc: JSON = {
        "game": GAME,
        "v": VERSION,
        "kind": "view",
        "player": player,
        "options": options_doc(state),
        "phase": state.phase,
        "toMove": state.turn,
        "endReason": state.end,
        "layout": layout_doc(state),
    }
    if player is not None:
        doc["rack"] = [tile_name(t) for t in state.racks[player]]
    doc["rackSizes"] = [len(r) for r in state.racks]
    doc["poolSize"] = len(state.pool)
    if state.level == "coins":
        doc["coins"] = list(state.coins)
        doc["supply"] = state.supply
    else:
        doc["points"] = list(state.points)
    return doc
