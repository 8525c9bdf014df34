"""Seeded random games at both levels for 2–4 players, checking at every ply what only
Triominos Junior promises: coins never negative (TJ-2), the gain of each placement (TJ-10,
TJ-14), the final scores (TJ-14, TJ-15) and shared wins (TJ-16), and the moves against the
plain lister of ``reference.py`` (TJ-9 to TJ-13). (Round trips, tiles and coins
conserved, chance well formed and finished games without moves are the shared contract's,
``tests/games/contract.py``.)"""

from __future__ import annotations

import random

import pytest

from service.games.core import resolve_chance, start
from service.games.triominos_junior import ENGINE, Place, TriominosState
from service.games.triominos_junior.tiles import value

from .helpers import random_game
from .reference import reference_moves

CASES = [(n, level) for n in (2, 3, 4) for level in ("coins", "points")]


def _check_coins(state: TriominosState) -> None:
    if state.level == "coins":
        assert min(state.coins) >= 0 and state.supply >= 0, "TJ-2"


def _check_gain(before: TriominosState, move, after: TriominosState) -> None:
    """TJ-10/TJ-14: one coin per placed tile, one more for emptying the rack."""
    if not isinstance(move, Place):
        return
    p = before.turn
    assert p is not None
    if before.level == "coins":
        emptied = not after.racks[p]
        expected = min(before.supply, 1 + emptied)
        assert after.coins[p] - before.coins[p] == expected
    else:
        assert after.points[p] - before.points[p] == value(move.tile)


def _check_end(state: TriominosState, placed: list[int]) -> None:
    status = ENGINE.status(state)
    assert status.reason in ("rackEmptied", "poolEmptied", "blocked")
    scores = ENGINE.scores(state).values
    if state.level == "points":
        assert list(state.points) == placed
        assert list(scores) == [placed[p] - sum(map(value, r)) for p, r in enumerate(state.racks)]
    assert status.winners == tuple(p for p, s in enumerate(scores) if s == max(scores))


@pytest.mark.parametrize(("players", "level"), CASES)
def test_random_games_keep_the_rules(players, level):
    rng = random.Random(f"playout-{players}-{level}")
    for _ in range(4):
        placed = [0] * players
        previous = None
        for state, move in random_game(players, level, rng):
            _check_coins(state)
            if previous is not None:
                _check_gain(*previous, state)
            if move is None:
                _check_end(state, placed)
                break
            if state.phase == "play":
                moves = {ENGINE.notation(m) for m in ENGINE.legal_moves(state)}
                assert moves == reference_moves(ENGINE.encode(state))
            if isinstance(move, Place):
                placed[state.turn] += value(move.tile)
            previous = (state, move)


@pytest.mark.parametrize(("players", "level"), CASES)
def test_greedy_games_build_large_layouts(players, level):
    """Placing whenever possible reaches long games (TJ-9 on large layouts) and still ends
    (TJ-14, TJ-15) with coins never negative."""
    rng = random.Random(f"greedy-{players}-{level}")
    biggest = 0
    for n in range(3):
        state = start(ENGINE, players, {"level": level}, f"greedy-{n}").state
        while not ENGINE.status(state).finished:
            moves = ENGINE.legal_moves(state)
            places = [m for m in moves if isinstance(m, Place)]
            move = rng.choice(places or moves)
            state = resolve_chance(ENGINE, ENGINE.apply(state, move).state).state
            _check_coins(state)
        biggest = max(biggest, len(state.layout))
    assert biggest >= 8
