"""Tric Trac: whole-turn generation over a seeded set of positions, doubles included.

Turn generation memoises recent positions; every timed pass starts with that memo cleared so
that it measures generation, not look-ups.
"""

from __future__ import annotations

from typing import Any

from service.games.tric_trac import ENGINE
from service.games.tric_trac.turns import generate

from .common import best_of, playout_positions, rate


def _pass(states: list[Any]) -> None:
    generate.cache_clear()
    for s in states:
        ENGINE.legal_moves(s)


def run(quick: bool = False) -> None:
    positions = playout_positions(
        ENGINE, 300 if quick else 3000, seed=3, keep=lambda s: s.dice is not None
    )
    doubles = [s for s in positions if s.dice[0] == s.dice[1]]
    for label, states in (("all throws", positions), ("doubles only", doubles)):
        seconds = best_of(lambda: _pass(states))  # noqa: B023 (called before the loop moves on)
        turns = sum(len(ENGINE.legal_moves(s)) for s in states)
        print(rate(f"legal turns, {len(states)} positions ({label})", len(states), seconds))
        print(f"{'  average distinct turns per position':<48} {turns / len(states):>12.1f}")
