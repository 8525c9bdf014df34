"""Chance in Tric Trac: the opening (TT-4) and every later throw (TT-5, TT-6) as chance
nodes, and seeded sampling through the core driver."""

from __future__ import annotations

from fractions import Fraction

from service.games.core import MoveRequest, play, resolve_chance, start
from service.games.tric_trac import ENGINE, Opening, Throw

from .helpers import position


def test_tt4_tt5_outcome_probabilities_are_exact_and_sum_to_one():
    for state in (ENGINE.new(), position({5: 1}, {10: 2}, dice=None, phase="throw")):
        outcomes = ENGINE.chance_outcomes(state)
        assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
        assert sum(p for _, p in outcomes) == 1
        assert len({m for m, _ in outcomes}) == len(outcomes)
    throws = dict(ENGINE.chance_outcomes(position({5: 1}, {10: 2}, dice=None, phase="throw")))
    assert sum(p for m, p in throws.items() if m.low == m.high) == Fraction(1, 6)  # TT-6
    opening = dict(ENGINE.chance_outcomes(ENGINE.new()))
    assert sum(p for m, p in opening.items() if m.player == 0) == Fraction(1, 2)
    assert opening[Opening(1, 1, 2)] == Fraction(2 * 1, 1150)  # 1-2 beats only 1-1


def test_no_chance_outside_chance_nodes():
    state = position({5: 1}, {10: 2}, dice=(1, 4))
    assert not ENGINE.is_chance(state) and ENGINE.chance_outcomes(state) == ()


def test_every_chance_outcome_counts_for_sampling():
    state = ENGINE.new(seed="s")
    after = ENGINE.apply(state, Opening(0, 3, 5)).state
    assert (state.chances, after.chances) == (0, 1)
    after = ENGINE.apply(ENGINE.apply(after, ENGINE.parse_move("1/4 1/6")).state, Throw(2, 2))
    assert after.state.chances == 2


def run(seed: str, plies: int = 40):
    t = start(ENGINE, None, None, seed)
    state, log = t.state, list(t.events)
    assert ENGINE.to_move(state)  # a seeded game always waits for a player
    for _ in range(plies):
        if ENGINE.status(state).finished:
            break
        move = ENGINE.notation(ENGINE.legal_moves(state)[-1])
        t = play(
            ENGINE, state, [MoveRequest(move, 0 if state.player == 0 else 1)], auto_chance=True
        )
        state = t.state
        log.extend(t.events)
        assert ENGINE.status(state).finished or not ENGINE.is_chance(state)
    assert state.chances == sum(1 for e in log if e["type"] == "chance")
    return state, log


def test_same_seed_same_game_through_the_driver():
    first, second = run("table-7"), run("table-7")
    assert first == second
    assert run("table-8")[1] != first[1]


def test_unseeded_state_waits_for_the_caller():
    state = ENGINE.new()
    assert resolve_chance(ENGINE, state).state is state
