"""Who plays, in the pictures: the players as the games catalogue names them (issue 25)."""

from __future__ import annotations

from .game import Descriptor
from .svg import esc
from .text import Msg


def player_tags(descriptor: Descriptor, count: int) -> list[str]:
    """One ``<g class="rw-player">`` per player of the game, naming them as the games catalogue
    does (``players``): ``data-player``, ``data-player-name`` in the picture's language and,
    where the players have colours, ``data-player-colour`` (the colour's key) and
    ``data-player-fill`` (the CSS colour their pieces are painted with). Empty groups: they
    tell a front end who plays, and draw nothing."""
    out = []
    for entry in descriptor.players()[:count]:
        p = entry["player"]
        name = esc(str(Msg.of(f"{descriptor.id}-player", player=p)))
        colour = (
            f' data-player-colour="{entry["colour"]}" data-player-fill="{entry["fill"]}"'
            if entry["colour"] is not None
            else ""
        )
        out.append(f'<g class="rw-player" data-player="{p}" data-player-name="{name}"{colour}/>')
    return out
