"""Turns built step by step for every game (issue 25, point 1): a game without steps of its
own answers each legal move as one step that ends the turn, so a front end has one code path
(service/games/core/steps.py); Tric Trac's own steps are tests/games/tric_trac/test_steps.py."""

from __future__ import annotations

import random

import pytest

from service.games import REGISTRY, SPECS
from service.games.core import GameOver, NextSteps, NotYourTurn, StepError, next_steps

ONE_STEP = [g for g, spec in SPECS.items() if spec.next_steps is None]


def test_only_a_game_with_steps_of_its_own_has_turns_of_several_steps():
    assert ONE_STEP and "tric-trac" not in ONE_STEP
    assert {g: s.turn_steps for g, s in SPECS.items() if s.next_steps is None} == dict.fromkeys(
        ONE_STEP, 1
    )
    assert SPECS["tric-trac"].turn_steps == 2


@pytest.mark.parametrize("game", ONE_STEP)
def test_each_legal_move_is_one_step_that_ends_the_turn(game):
    engine, rng = REGISTRY[game], random.Random(game)
    state = engine.new(seed=f"steps-{game}")
    checked = 0
    for _ in range(40):
        if engine.status(state).finished:
            break
        if engine.is_chance(state):
            assert next_steps(engine, state, None, []) == NextSteps()
            outcomes = engine.chance_outcomes(state)
            state = engine.apply(state, rng.choice(outcomes)[0]).state
            continue
        player = rng.choice(engine.to_move(state))
        legal = engine.legal_moves(state, player)
        answer = next_steps(engine, state, player, [])
        assert [(o.step, o.document) for o in answer.steps] == [
            (m, engine.move_document(state, m)) for m in legal
        ]
        assert not answer.can_end
        move = rng.choice(legal)
        for sent in (engine.notation(move), engine.move_document(state, move)):
            chosen = next_steps(engine, state, player, [sent])
            assert (chosen.steps, chosen.turn) == ((), move)
        with pytest.raises(
            ValueError, match="bounded by the caller"
        ):  # the API bounds the list before the engine reads it
            next_steps(engine, state, player, [engine.notation(move)] * 2)
        state = engine.apply(state, move, player).state
        checked += 1
    assert checked >= 10


def test_a_step_the_rules_refuse_carries_the_rules_refusal():
    mixtour = REGISTRY["mixtour"]
    with pytest.raises(StepError) as refused:
        next_steps(mixtour, mixtour.new(), None, ["a1-b2"])
    assert refused.value.step == 0
    assert refused.value.error.code == "ILLEGAL_MOVE"


def test_nobody_builds_a_turn_in_a_finished_game_or_out_of_turn():
    mixtour = REGISTRY["mixtour"]
    start = mixtour.new()
    assert next_steps(mixtour, start, 1, []) == NextSteps()
    with pytest.raises(StepError) as refused:
        next_steps(mixtour, start, 1, ["c3"])
    assert isinstance(refused.value.error, NotYourTurn)
    doc = {**mixtour.encode(start), "toMove": None, "scores": [5, 0]}
    over = mixtour.decode(doc)
    assert next_steps(mixtour, over, None, []) == NextSteps()
    with pytest.raises(StepError) as refused:
        next_steps(mixtour, over, None, ["c3"])
    assert isinstance(refused.value.error, GameOver)
