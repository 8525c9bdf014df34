"""Seeded random Mixtour games: what only Mixtour promises in every position, and its move
generator against the plain one in ``reference.py``. (Round trips, conservation of pieces and
finished games without moves are the shared contract's, ``tests/games/contract.py``.)"""

from __future__ import annotations

import random

import pytest

from service.games.mixtour import ENGINE, Pass

from ..contract import final, random_game
from .reference import reference_moves

GAMES = 150


def _games():
    rng = random.Random(20261129)
    for _ in range(GAMES):
        opts = {"piecesPerPlayer": rng.choice([20, 20, 8, 3]), "pointsToWin": rng.choice([5, 2])}
        plies = list(random_game(ENGINE, rng, None, options=opts, max_plies=600))
        yield [p.state for p in plies] + [final(ENGINE, plies)]


@pytest.mark.slow
def test_random_games_keep_the_rules_and_match_the_reference_generator():
    """MX-9 no stack of 5 stays and scores only grow, MX-8 a pass only alone, MX-10 games end;
    MX-4..MX-8: the legal moves equal the reference generator's at every third position."""
    finished = checked = 0
    for path in _games():
        for n, state in enumerate(path):
            assert all(len(s) < 5 for s in state.stacks)  # MX-9
            moves = ENGINE.legal_moves(state)
            if Pass() in moves:
                assert moves == (Pass(),)  # MX-8
            if n:
                assert all(a >= b for a, b in zip(state.points, path[n - 1].points, strict=True))
            if n % 3 == 0 and not ENGINE.status(state).finished:
                assert {ENGINE.notation(m) for m in moves} == reference_moves(state)
                checked += 1
        finished += ENGINE.status(path[-1]).finished
    assert finished > GAMES // 2
    assert checked > 2000
