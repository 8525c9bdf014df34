"""The engines' search paths (``successor``, ``count_legal``: what perft and bots use) are the
rules themselves: along seeded random games of every game, for every legal move (and chance
outcome), ``successor`` gives ``apply``'s state and ``count_legal`` counts ``legal_moves``."""

from __future__ import annotations

import random

import pytest

from service.games import REGISTRY

CONFIGS = [
    ("mixtour", None, {"pointsToWin": 2}),
    ("mixtour", None, {}),
    ("tric-trac", None, {}),
    ("te-trix", 3, {}),
    ("te-trix", 1, {"solo": True}),
    ("triominos-junior", 3, {}),
]


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS)
def test_successor_is_apply_and_count_legal_counts_legal_moves(game, players, options):
    engine = REGISTRY[game]
    rng = random.Random(f"search/{game}/{players}")
    checked = 0
    for _ in range(4):
        state = engine.new(players, options)
        for _ply in range(400):
            if engine.status(state).finished:
                break
            movers = engine.to_move(state)
            player = rng.choice(movers) if len(movers) > 1 else None  # simultaneous: name one
            if engine.is_chance(state):
                moves = [m for m, _ in engine.chance_outcomes(state)]
            else:
                moves = list(engine.legal_moves(state, player))
            assert engine.count_legal(state, player) == len(engine.legal_moves(state, player))
            for move in moves:
                after = engine.apply(state, move, player).state
                assert engine.successor(state, move, player) == after
                checked += 1
            state = engine.successor(state, rng.choice(moves), player)
    assert checked > 500
