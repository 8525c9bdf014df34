"""Tric Trac turns built stone by stone (issue 25, point 1): the steps offered after every
choice, against the independent walk of ``reference.py`` (TT-6 … TT-13, TT-15).

Done when: for every legal turn of many seeded positions, every order its steps may be
played in is offered step by step (each step among the next steps, the turn ending only at
its end), and playing that order reaches the state the canonical spelling reaches.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from service.games.core import NotYourTurn, StepError, next_steps
from service.games.tric_trac import ENGINE, PASS, TricTracState, Turn
from service.games.tric_trac.rules import _frame
from service.games.tric_trac.steps import orders
from service.games.tric_trac.turns import generate, relative

from .helpers import play, position
from .reference import reference_orders
from .test_playouts import OPTION_SETS


@cache
def documents() -> Draft202012Validator:
    return Draft202012Validator(ENGINE.move_document_schema())


def plain(step: str) -> str:
    return step.replace("*", "")


def explore(state: TricTracState) -> dict[tuple[str, ...], TricTracState]:
    """Every complete order reached by choosing offered steps one by one (spelled without
    ``*``), with the state its turn leads to; no offered step leads to a dead end."""
    found: dict[tuple[str, ...], TricTracState] = {}

    def choose(chosen: list[Any]) -> None:
        answer = next_steps(ENGINE, state, None, chosen)
        # the turn may end exactly where no step follows: never a dead end, never a choice
        assert answer.can_end != bool(answer.steps), chosen
        for offered in answer.steps:
            documents().validate(offered.document)
            assert ENGINE.parse_move(offered.document) == offered.step
            assert len(offered.step.steps) == 1
            # the step is sent back as notation and as its move document, alternately
            sent = offered.document if len(chosen) % 2 else ENGINE.notation(offered.step)
            choose([*chosen, sent])
        if answer.turn is not None:
            turn = answer.turn
            assert isinstance(turn, Turn)
            documents().validate(ENGINE.move_document(state, turn))
            spelled = tuple(plain(ENGINE.notation(Turn((s,)))) for s in turn.steps)
            found[spelled] = ENGINE.apply(state, turn).state

    choose([])
    return found


def check_position(state: TricTracState) -> None:
    """TT-6 … TT-13, TT-15: the orders offered are the reference's legal sequences, each
    reaching the state of the legal turn it spells; the turn generator's positions are the
    orders' positions."""
    found = explore(state)
    canonical = {
        after.board: after
        for after in (ENGINE.apply(state, m).state for m in ENGINE.legal_moves(state))
    }
    expected = reference_orders(state)
    if not expected:  # nothing can be played: the turn is pass (TT-8)
        assert found == {(): ENGINE.apply(state, PASS).state}
        return
    assert set(found) == set(expected)
    for order, after in found.items():
        assert after.board == expected[order]
        assert after == canonical[after.board], order  # the same state as the canonical turn
        # play accepts the order as a player spells it (TT-7: a stone by both numbers in
        # passing, two stones in either order)
        assert play(state, " ".join(order)) == after
    assert set(canonical) == {after.board for after in found.values()}


def positions(seed: int, options: dict[str, Any], every: int):
    """Every ``every``-th position of one seeded random game where a player plays a throw."""
    rng = random.Random(seed)
    state = ENGINE.new(options=options)
    plies = 0
    while not ENGINE.status(state).finished:
        if ENGINE.is_chance(state):
            outcomes = ENGINE.chance_outcomes(state)
            move = rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            if plies % every == 0:
                yield state
            move = rng.choice(ENGINE.legal_moves(state))
            plies += 1
        state = ENGINE.apply(state, move).state


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_tt6_to_tt15_every_order_of_every_legal_turn_is_offered_step_by_step(options):
    checked, seed = 0, 0
    while checked < 60:  # three long games, or more of the short ones (pointsToWin 3)
        for state in positions(seed, options, every=4):
            check_position(state)
            checked += 1
        seed += 1


def test_tt7_the_opening_3_5_offers_both_numbers_from_point_1():
    """The issue's example: after red 3-5 a stone leaves point 1 by 3 or by 5, and both
    orders of each turn end it (TT-7); 1/6/9 is 1/4/9, 1/6 1/4 is 1/4 1/6."""
    state = play(ENGINE.new(), "red 3-5")
    first = next_steps(ENGINE, state, None, [])
    assert [ENGINE.notation(o.step) for o in first.steps] == ["1/4", "1/6"]
    assert not first.can_end
    assert [o.document["steps"][0]["die"] for o in first.steps] == [3, 5]
    after_6 = next_steps(ENGINE, state, None, ["1/6"])
    assert [ENGINE.notation(o.step) for o in after_6.steps] == ["1/4", "6/9"]
    for chosen, spelled, same in (
        (["1/6", "6/9"], "1/6/9", "1/4/9"),
        (["1/6", "1/4"], "1/6 1/4", "1/4 1/6"),
        (["1/4", "4/9"], "1/4/9", "1/4/9"),
    ):
        answer = next_steps(ENGINE, state, None, chosen)
        assert answer.steps == () and answer.turn is not None
        assert ENGINE.notation(answer.turn) == spelled
        assert play(state, spelled) == play(state, same)


def test_tt11_an_empty_hucke_is_entered_by_two_stones_of_the_throw():
    """Red 10 and 11 with 2-3: 10/13 may be chosen only because 11/13 can follow; a lone
    stone passing on from the Hucke (13/15) is refused, naming TT-11."""
    state = position({10: 1, 11: 1}, {2: 3}, dice=(2, 3))
    answer = next_steps(ENGINE, state, None, ["10/13"])
    assert [ENGINE.notation(o.step) for o in answer.steps] == ["11/13"]
    with pytest.raises(StepError) as refused:
        next_steps(ENGINE, state, None, ["10/13", "13/15"])
    assert refused.value.step == 1
    assert refused.value.error.as_details() == {"reason": "HUCKE_NEEDS_PAIR", "rule": "TT-11"}


def test_tt8_a_step_after_which_the_other_number_cannot_be_played_is_not_offered():
    state = position({2: 1, 10: 1}, {5: 2}, dice=(1, 2))
    first = next_steps(ENGINE, state, None, [])
    assert sorted(ENGINE.notation(o.step) for o in first.steps) == ["10/11", "2/4"]
    with pytest.raises(StepError) as refused:
        next_steps(ENGINE, state, None, ["2/3"])
    assert (refused.value.step, refused.value.error.reason) == (0, "MUST_PLAY_BOTH")


def test_tt13_a_stone_borne_off_by_the_exact_number_may_be_written_to_the_target_field():
    """Red 20 and 22 with 2-4: 22/24 bears off by the exact 2; 22/off by the 2 or the 4, so
    either number may be left for the stone on 20."""
    state = position({20: 1, 22: 1}, {2: 3}, dice=(2, 4))
    by_point = next_steps(ENGINE, state, None, ["22/24"])
    by_off = next_steps(ENGINE, state, None, ["22/off"])
    assert [ENGINE.notation(o.step) for o in by_point.steps] == ["20/off"]
    assert [ENGINE.notation(o.step) for o in by_off.steps] == ["20/off", "20/22"]


def test_tt8_a_turn_with_nothing_to_play_is_pass_at_once():
    state = position({11: 1}, {2: 3}, dice=(1, 2))  # 11/12 is Black's Hucke, 11/13 alone
    assert next_steps(ENGINE, state, None, []).turn == PASS
    with pytest.raises(StepError) as refused:
        next_steps(ENGINE, state, None, ["11/13"])
    assert refused.value.error.reason == "HUCKE_NEEDS_PAIR"


def test_tt5_nobody_builds_a_turn_at_a_throw_or_out_of_turn():
    thrown = play(ENGINE.new(), "red 3-5", "1/4 1/6")  # Black throws next
    assert next_steps(ENGINE, thrown, None, []).steps == ()
    state = play(ENGINE.new(), "red 3-5")
    assert next_steps(ENGINE, state, 1, []).steps == ()
    with pytest.raises(StepError) as refused:
        next_steps(ENGINE, state, 1, ["24/21"])
    assert isinstance(refused.value.error, NotYourTurn)


def test_the_orders_reach_the_turn_generator_s_positions():
    """Every legal order reaches a legal turn's position and every legal turn has one."""
    state = play(ENGINE.new(), "red 3-5", "1/4 1/6", "2-6")
    p, dice = 1, state.dice
    assert dice is not None
    rel = relative(state.board, p)
    f = _frame(state, p)
    legal = {play_.board for play_ in generate(rel, *dice, f)}
    assert {o.board for o in orders(rel, *dice, f) if o.legal} == legal
