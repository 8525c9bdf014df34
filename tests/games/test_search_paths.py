"""The engines' search paths (``successor``, ``count_legal``: what perft and bots use) are the
rules themselves: along seeded random games of every game, for every legal move (and chance
outcome), ``successor`` gives ``apply``'s state and ``count_legal`` counts ``legal_moves``, for
the player to move, the others and the finished game alike; half the games carry a seed."""

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
    for n in range(4):
        state = engine.new(players, options, f"search-{n}" if n % 2 else None)
        for _ply in range(400):
            if engine.status(state).finished:
                break
            movers = engine.to_move(state)
            player = rng.choice(movers) if len(movers) > 1 else None  # simultaneous: name one
            if engine.is_chance(state):
                moves = [m for m, _ in engine.chance_outcomes(state)]
            else:
                moves = list(engine.legal_moves(state, player))
            for asked in (player, *range(engine.player_count(state))):  # movers or not
                assert engine.count_legal(state, asked) == len(engine.legal_moves(state, asked))
            for move in moves:
                after = engine.apply(state, move, player).state
                assert engine.successor(state, move, player) == after
                checked += 1
            state = engine.successor(state, rng.choice(moves), player)
        if engine.status(state).finished:
            assert engine.count_legal(state) == len(engine.legal_moves(state)) == 0
    assert checked > 500
