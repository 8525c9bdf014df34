"""TX-5 and TX-6: the roll as a chance node, the roller and the arrangement."""

from __future__ import annotations

import pytest

from service.games.core import IllegalMove, NotYourTurn
from service.games.te_trix import Stop
from service.games.te_trix.rules import arrangements

from .helpers import G, play


def test_tx5_a_new_game_starts_at_the_first_roll():
    state = G.new(3, seed="s")
    assert G.is_chance(state) and G.to_move(state) == ()
    assert state.round == 1 and state.roller == 0 and state.chances == 0


def test_tx2_the_roll_is_the_only_chance_node():
    rolled = play(G.new(), "ooxs")
    assert len(G.chance_outcomes(G.new())) == 15
    assert G.chance_outcomes(rolled) == () and not G.is_chance(rolled)
    assert G.chance_outcomes(play(rolled, "T:oxso")) == ()


def test_tx5_applying_a_roll_counts_a_chance_event():
    state = G.new()
    after = G.apply(state, G.parse_move("ooxs"))
    assert after.state.chances == 1
    assert after.state.phase == "arrange"
    assert G.to_move(after.state) == (0,)
    assert after.events == ({"type": "rolled", "round": 1, "roller": 0, "roll": "ooxs"},)


def test_tx5_the_roller_moves_clockwise_every_round():
    state = G.new(3)
    rollers = []
    for _ in range(4):
        state = play(state, "oooo")
        rollers.append(G.to_move(state))
        state = play(state, "I:oooo")
        for p in G.to_move(state):
            state = G.apply(state, G.legal_moves(state, p)[0], p).state
    assert rollers == [(0,), (1,), (2,), (0,)]


def test_tx5_a_roll_is_not_a_players_move():
    state = G.new()
    with pytest.raises(NotYourTurn) as err:
        G.apply(state, G.parse_move("oooo"), 0)
    assert err.value.reason == "CHANCE_NODE"
    with pytest.raises(IllegalMove) as err2:
        G.apply(state, G.parse_move("T:oxso"))
    assert (err2.value.reason, err2.value.rule) == ("ROLL_FIRST", "TX-5")
    assert G.legal_moves(state, 0) == ()


@pytest.mark.parametrize(
    ("roll", "count"), [("oooo", 7), ("ooox", 28), ("ooxx", 42), ("ooxs", 84), ("xsss", 28)]
)
def test_tx6_legal_arrangements_are_the_distinct_orders_on_seven_shapes(roll, count):
    state = play(G.new(), roll)
    moves = G.legal_moves(state)
    assert len(moves) == len(set(moves)) == count
    assert all(sorted(m.symbols) == list(state.roll.symbols) for m in moves)
    assert moves == arrangements(state.roll)


def test_tx6_the_dice_may_be_rearranged_but_not_turned():
    state = play(G.new(), "ooxs")
    play(state, "Z:sxoo")  # any order
    with pytest.raises(IllegalMove) as err:
        play(state, "Z:sxxo")
    assert (err.value.reason, err.value.rule) == ("NOT_THE_ROLL", "TX-6")


def test_tx6_only_the_roller_arranges():
    state = play(G.new(2), "oooo", "I:oooo", (0, "r0@1,1"), (1, "r0@1,1"), "ooox")
    assert state.roller == 1 and G.to_move(state) == (1,)
    with pytest.raises(NotYourTurn) as err:
        G.apply(state, G.parse_move("T:ooox"), 0)
    assert err.value.reason == "NOT_TO_MOVE"
    assert G.legal_moves(state, 0) == ()
    assert len(G.legal_moves(state, 1)) == 28


def test_tx6_a_placement_before_the_arrangement_is_refused():
    state = play(G.new(), "ooxs")
    with pytest.raises(IllegalMove) as err:
        play(state, "r0@1,1")
    assert (err.value.reason, err.value.rule) == ("ARRANGE_FIRST", "TX-6")
    assert Stop() not in G.legal_moves(state)


def test_tx6_the_arrangement_fixes_the_shape_for_everybody():
    state = play(G.new(3), "ooxs", "T:oxso")
    assert G.to_move(state) == (0, 1, 2)
    assert G.notation(state.arrangement) == "T:oxso"
