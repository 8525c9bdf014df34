"""Pure rules engines (stdlib only: no I/O, no clock, no global random) and their registry.

A game is one package here exporting its :class:`~service.games.core.GameSpec` as ``SPEC``,
plus one entry in ``GAMES`` below (docs/adding-a-game.md). Everything else (the API, the
schemas, the bots, the clients' game ids) reads the registry.
"""

from __future__ import annotations

from typing import Any

from . import mixtour, te_trix, tric_trac, triominos_junior
from .core import Game, GameSpec

# The games in the order the service lists them.
GAMES: tuple[GameSpec[Any, Any], ...] = (
    mixtour.SPEC,
    tric_trac.SPEC,
    te_trix.SPEC,
    triominos_junior.SPEC,
)

SPECS: dict[str, GameSpec[Any, Any]] = {}
"""Game id -> its spec."""
REGISTRY: dict[str, Game[Any, Any]] = {}
"""Game id -> the game as the driver and the operations call it."""


def register(spec: GameSpec[Any, Any]) -> Game[Any, Any]:
    """Adds a game; ValueError when its id or rule prefix is taken."""
    if spec.id in SPECS:
        raise ValueError(f"game {spec.id!r} is registered already")
    taken = {s.rule_prefix: s.id for s in SPECS.values()}
    if spec.rule_prefix in taken:
        raise ValueError(f"rule prefix {spec.rule_prefix!r} is {taken[spec.rule_prefix]}'s")
    SPECS[spec.id] = spec
    REGISTRY[spec.id] = spec.game
    return spec.game


def unregister(game_id: str) -> None:
    """Removes a game registered with :func:`register` (tests register extra games)."""
    del SPECS[game_id], REGISTRY[game_id]


def rule_prefixes() -> tuple[str, ...]:
    """The prefix of every registered game's rule ids (``MX`` for ``MX-7``)."""
    return tuple(s.rule_prefix for s in SPECS.values())


for _spec in GAMES:
    register(_spec)
