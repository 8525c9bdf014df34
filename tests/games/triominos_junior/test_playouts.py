"""Seeded random playouts at both levels for 2–4 players, checking invariants at every ply:
tiles conserved (TJ-1), coins conserved and never negative (TJ-2), chance well formed, encode
and notation round trips, scores as TJ-14/TJ-15 define them, finished games without moves."""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction

import pytest

from service.games.core import resolve_chance, start
from service.games.triominos_junior import ENGINE, Place, TriominosState
from service.games.triominos_junior.tiles import canonical, value

from .helpers import random_game

CASES = [(n, level) for n in (2, 3, 4) for level in ("coins", "points")]


def _check_state(state: TriominosState) -> None:
    tiles = Counter(canonical(t) for _, t in state.layout)
    for rack in state.racks:
        tiles.update(rack)
    tiles.update(state.pool)
    assert tiles == Counter(state.tile_set) and sum(tiles.values()) == 36, "TJ-1"
    if state.level == "coins":
        assert min(state.coins) >= 0 and state.supply >= 0, "TJ-2"
        assert sum(state.coins) + state.supply == 60, "TJ-2"
    doc = json.loads(json.dumps(ENGINE.encode(state)))
    assert ENGINE.decode(doc) == state


def _check_moves(state: TriominosState) -> None:
    if ENGINE.is_chance(state):
        outcomes = ENGINE.chance_outcomes(state)
        assert sum((p for _, p in outcomes), Fraction(0)) == 1
        assert all(p > 0 for _, p in outcomes)
        moves = tuple(m for m, _ in outcomes)
        assert ENGINE.legal_moves(state) == moves and ENGINE.to_move(state) == ()
    else:
        moves = ENGINE.legal_moves(state)
        assert ENGINE.to_move(state) == (state.turn,)
    assert moves and len(set(moves)) == len(moves)
    for m in moves:
        assert ENGINE.parse_move(ENGINE.notation(m)) == m


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
    assert status.finished and status.reason in ("rackEmptied", "poolEmptied", "blocked")
    assert ENGINE.legal_moves(state) == () and ENGINE.to_move(state) == ()
    assert ENGINE.chance_outcomes(state) == ()
    scores = ENGINE.scores(state).values
    if state.level == "points":
        assert list(state.points) == placed
        assert list(scores) == [placed[p] - sum(map(value, r)) for p, r in enumerate(state.racks)]
    assert status.winners == tuple(p for p, s in enumerate(scores) if s == max(scores))


@pytest.mark.parametrize(("players", "level"), CASES)
def test_random_playouts_keep_every_invariant(players, level):
    rng = random.Random(f"playout-{players}-{level}")
    for _ in range(4):
        placed = [0] * players
        previous = None
        for state, move in random_game(players, level, rng):
            _check_state(state)
            if previous is not None:
                _check_gain(*previous, state)
            if move is None:
                _check_end(state, placed)
                break
            _check_moves(state)
            if isinstance(move, Place):
                placed[state.turn] += value(move.tile)
            previous = (state, move)


@pytest.mark.parametrize(("players", "level"), CASES)
def test_greedy_playouts_build_large_layouts(players, level):
    """Placing whenever possible reaches long games; the same invariants hold throughout."""
    rng = random.Random(f"greedy-{players}-{level}")
    biggest = 0
    for n in range(3):
        state = start(ENGINE, players, {"level": level}, f"greedy-{n}").state
        while not ENGINE.status(state).finished:
            moves = ENGINE.legal_moves(state)
            places = [m for m in moves if isinstance(m, Place)]
            move = rng.choice(places or moves)
            state = resolve_chance(ENGINE, ENGINE.apply(state, move).state).state
            _check_state(state)
        biggest = max(biggest, len(state.layout))
    assert biggest >= 8


def test_same_seed_same_deal():
    one = start(ENGINE, 3, None, "replay me").state
    two = start(ENGINE, 3, None, "replay me").state
    other = start(ENGINE, 3, None, "another seed").state
    assert one == two and one.racks != other.racks
