"""Seeded random Mixtour games: the invariants that must hold in every position."""

from __future__ import annotations

import random

import pytest

from service.games.mixtour import ENGINE, Pass

GAMES = 150


def _games():
    rng = random.Random(20261129)
    for n in range(GAMES):
        opts = {"piecesPerPlayer": rng.choice([20, 20, 8, 3]), "pointsToWin": rng.choice([5, 2])}
        state = ENGINE.new(options=opts)
        path = [state]
        while not ENGINE.status(state).finished and len(path) < 600:
            state = ENGINE.apply(state, rng.choice(ENGINE.legal_moves(state))).state
            path.append(state)
        yield n, path


@pytest.mark.slow
def test_random_playouts_keep_every_invariant():
    """MX-2 pieces conserved, MX-9 scores only grow, MX-10 finished games have no moves,
    notation and encode/decode round trips everywhere."""
    finished = 0
    for _, path in _games():
        previous = None
        for state in path:
            for p in (0, 1):
                on_board = sum(s.count(p) for s in state.stacks)
                assert on_board + state.supply[p] == state.pieces_per_player
            assert all(len(s) < 5 for s in state.stacks)
            assert ENGINE.decode(ENGINE.encode(state)) == state
            moves = ENGINE.legal_moves(state)
            for m in moves:
                assert ENGINE.parse_move(ENGINE.notation(m)) == m
            if Pass() in moves:
                assert moves == (Pass(),)
            if previous is not None:
                assert state.points[0] >= previous.points[0]
                assert state.points[1] >= previous.points[1]
            previous = state
        if ENGINE.status(path[-1]).finished:
            finished += 1
            assert ENGINE.legal_moves(path[-1]) == ()
    assert finished > GAMES // 2


@pytest.mark.slow
def test_moves_match_an_independent_reference_generator():
    """MX-4..MX-8: the engine's legal moves equal a plain generator's, position by position,
    along seeded random games, and perft(4) agrees with the reference's own count."""
    from service.games.core import perft

    from .reference import reference_moves

    checked = 0
    for _, path in _games():
        for state in path[::3]:
            if ENGINE.status(state).finished:
                continue
            assert {ENGINE.notation(m) for m in ENGINE.legal_moves(state)} == reference_moves(state)
            checked += 1
    assert checked > 2000

    def reference_perft(state, depth):
        if depth == 0:
            return 1
        moves = reference_moves(state)
        if depth == 1:
            return len(moves)
        return sum(
            reference_perft(ENGINE.apply(state, ENGINE.parse_move(m)).state, depth - 1)
            for m in moves
        )

    assert reference_perft(ENGINE.new(), 3) == perft(ENGINE, ENGINE.new(), 3) == 14088
