"""Tric Trac rules TT-1…TT-15 on hand-built positions, each test naming the rule it checks.

Positions are written as points -> stones; stones not listed are borne off (the builder sets
pointsToWin 15 so that parked stones do not end the game).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from service.games.core import GameOver, IllegalMove, InvalidOptions, NotYourTurn, Status
from service.games.tric_trac import ENGINE, PASS, Opening, Step, Throw, Turn

from .helpers import events, listed, notations, play, points, position


def refused(state, move: str) -> tuple[str | None, str | None]:
    with pytest.raises(IllegalMove) as err:
        ENGINE.apply(state, ENGINE.parse_move(move))
    assert err.value.message
    return err.value.reason, err.value.rule


def opened(throw: str = "red 5-3"):
    return play(ENGINE.new(), throw)


def test_descriptor():
    d = ENGINE.descriptor
    assert (d.id, d.name, d.min_players, d.max_players) == ("tric-trac", "Tric Trac", 2, 2)
    assert (d.rules_version, d.chance, d.hidden_information, d.simultaneous) == (
        "tric-trac-1",
        True,
        False,
        False,
    )
    options = d.describe()["options"]
    assert options["mustPlayLarger"]["default"] is False
    assert options["homeBeforeBearOff"]["default"] is False
    assert options["hucke"]["default"] == {"red": 13, "black": 12}
    assert options["pointsToWin"] == {
        "default": 12,
        "description": options["pointsToWin"]["description"],
        "type": "integer",
        "minimum": 1,
        "maximum": 15,
    }


# TT-1 ------------------------------------------------------------------------------------


def test_tt1_red_moves_up_black_moves_down():
    red = position({3: 2}, {20: 2}, dice=(1, 2), to_move=0)
    black = position({3: 2}, {20: 2}, dice=(1, 2), to_move=1)
    assert listed(red) == ["3/4 3/5", "3/4/6"]
    assert listed(black) == ["20/19 20/18", "20/19/17"]
    assert refused(red, "3/2 3/5") == ("WRONG_DIRECTION", "TT-1")
    assert refused(black, "20/21 20/18") == ("WRONG_DIRECTION", "TT-1")


# TT-2 ------------------------------------------------------------------------------------


def test_tt2_fifteen_stones_on_each_start_field():
    state = ENGINE.new()
    assert state.board[0] == 15 and state.board[23] == -15
    assert sum(abs(v) for v in state.board) == 30
    doc = ENGINE.encode(state)
    assert doc["start"] == [15, 15] and doc["points"] == {"red": {}, "black": {}}


@pytest.mark.parametrize("waiting", [1, 10])
def test_tt2_stones_on_start_fields_neither_block_nor_get_hit(waiting):
    # Black's start field (24) is Red's target: a lone stone there is no blot, ten no block.
    state = position({20: 1, 9: 4}, {5: 3}, start=(0, waiting), dice=(1, 4))
    assert "9/10 20/off" in notations(state)
    after = play(state, "20/off 9/10")
    assert ENGINE.encode(after)["start"] == [0, waiting]
    assert after.hits == (0, 0)


# TT-3 ------------------------------------------------------------------------------------


def test_tt3_red_bears_off_past_24_black_past_1():
    red = position({22: 1, 9: 4}, {3: 1, 16: 4}, dice=(2, 5), to_move=0)
    black = position({22: 1, 9: 4}, {3: 1, 16: 4}, dice=(2, 5), to_move=1)
    assert "22/off 9/14" in notations(red)
    assert "3/off 16/11" in notations(black)
    # the target point spelled out is the same bear-off
    assert play(red, "22/24 9/14") == play(red, "22/off 9/14")
    assert play(black, "3/1 16/11") == play(black, "3/off 16/11")


# TT-4 ------------------------------------------------------------------------------------


def test_tt4_opening_is_one_chance_node_with_ties_folded_in():
    state = ENGINE.new()
    assert ENGINE.is_chance(state) and ENGINE.to_move(state) == ()
    outcomes = dict(ENGINE.chance_outcomes(state))
    assert len(outcomes) == 40  # 21 throws per player, minus 1-1 which never wins
    assert sum(outcomes.values()) == 1
    # 6-5 (2 ways) beats the 33 ordered throws totalling less than 11; 146 of the 1296
    # pairs of throws tie and are thrown again
    assert outcomes[Opening(0, 5, 6)] == Fraction(2 * 33, 1296 - 146)
    assert outcomes[Opening(0, 5, 6)] == outcomes[Opening(1, 5, 6)]
    assert Opening(0, 1, 1) not in outcomes
    assert ENGINE.legal_moves(state) == tuple(m for m, _ in ENGINE.chance_outcomes(state))


def test_tt4_tt5_no_player_has_a_move_at_a_chance_node():
    throw = position({5: 1}, {10: 2}, dice=None, phase="throw")
    for state in (ENGINE.new(), throw):
        assert ENGINE.legal_moves(state)  # the outcomes, for the caller who throws
        assert ENGINE.legal_moves(state, 0) == ENGINE.legal_moves(state, 1) == ()


def test_tt4_the_starter_plays_its_own_throw():
    state = opened("black 6-2")
    assert ENGINE.to_move(state) == (1,) and state.dice == (2, 6)
    assert listed(state) == ["24/22 24/18", "24/22/16"]
    assert ENGINE.parse_move("red 5-3") == ENGINE.parse_move("RED 3-5") == Opening(0, 3, 5)
    assert ENGINE.notation(Opening(1, 2, 6)) == "black 2-6"


def test_tt4_opening_refusals():
    state = ENGINE.new()
    assert refused(state, "red 1-1") == ("IMPOSSIBLE_OPENING", "TT-4")
    assert refused(state, "3-5") == ("EXPECTED_OPENING", "TT-4")
    assert refused(state, "1/4 1/6") == ("EXPECTED_OPENING", "TT-4")
    with pytest.raises(NotYourTurn):
        ENGINE.apply(state, Opening(0, 3, 5), player=0)


# TT-5 ------------------------------------------------------------------------------------


def test_tt5_the_player_to_move_throws_two_dice():
    state = play(opened(), "1/4 1/6")
    assert state.phase == "throw" and state.player == 1
    assert ENGINE.is_chance(state) and ENGINE.to_move(state) == ()
    outcomes = dict(ENGINE.chance_outcomes(state))
    assert len(outcomes) == 21 and sum(outcomes.values()) == 1
    assert outcomes[Throw(3, 5)] == pytest.approx(1 / 18)
    assert outcomes[Throw(4, 4)] == pytest.approx(1 / 36)
    assert ENGINE.parse_move("5-3") == Throw(3, 5)
    assert refused(state, "24/21 24/19") == ("EXPECTED_THROW", "TT-5")
    thrown = ENGINE.apply(state, Throw(2, 6))
    assert thrown.state.chances == state.chances + 1
    assert thrown.events == ({"type": "thrown", "player": 1, "dice": [2, 6], "double": False},)
    assert refused(thrown.state, "4-4") == ("NOT_A_CHANCE_NODE", "TT-5")


# TT-6 ------------------------------------------------------------------------------------


def test_tt6_double_is_played_once_per_number_then_thrown_again():
    state = opened("red 4-4")
    assert listed(state) == ["1/5 1/5", "1/5/9"]  # two moves of 4, not four
    t = ENGINE.apply(state, ENGINE.parse_move("1/5/9"))
    assert t.events[-1] == {"type": "extraThrow", "player": 0}
    assert t.state.phase == "throw" and t.state.player == 0
    state = play(t.state, "2-2")  # repeated doubles: no limit
    assert listed(state) == ["1/3 1/3", "1/3/5"]
    state = play(state, "1/3 1/3", "1-2")
    assert state.player == 0
    state = play(state, "1/2 1/3")
    assert state.phase == "throw" and state.player == 1


# TT-7 ------------------------------------------------------------------------------------


def test_tt7_opening_5_3_has_exactly_two_turns():
    state = opened("red 5-3")
    assert listed(state) == ["1/4 1/6", "1/4/9"]
    # 1/6/9 reaches the same position as 1/4/9: one legal move, several spellings
    for spelling in ("1/6/9", "1/4 4/9", "1/6 6/9"):
        assert play(state, spelling) == play(state, "1/4/9")
    assert play(state, "1/6 1/4") == play(state, "1/4 1/6")


def test_tt7_sum_move_needs_legal_intermediate():
    # Red 4, Black holds 7 and 8: both intermediate points of 4 -> 11 are blocked.
    state = position({4: 1}, {7: 2, 8: 2}, dice=(3, 4))
    assert listed(state) == ["pass"]
    assert refused(state, "4/7/11") == ("BLOCKED", "TT-9")
    assert refused(state, "4/8/11") == ("BLOCKED", "TT-9")


def test_tt7_tt9_blocked_point_passed_over_but_not_landed_on():
    state = position({5: 1}, {8: 2}, dice=(2, 3))
    assert listed(state) == ["5/7/10"]  # over 8, by way of 7
    assert refused(state, "5/8/10") == ("BLOCKED", "TT-9")
    assert points(play(state, "5/7/10"))["red"] == {"10": 1}


def test_tt7_tt14_hit_during_sum_move_scores_immediately():
    state = position({5: 1, 16: 4}, {7: 1, 20: 3}, dice=(2, 3))
    assert {"5/7*/10", "5/8/10"} <= notations(state)
    got = events(state, "5/7*/10")
    assert [e["type"] for e in got] == ["stepped", "hit", "scored", "stepped"]
    assert got[2] == {"type": "scored", "player": 0, "for": "hit", "scores": [11, 11]}
    after = play(state, "5/7/10")  # the hit is found without its '*'
    assert after == play(state, "5/7*/10")
    assert ENGINE.encode(after)["start"] == [0, 1] and after.hits == (1, 0)


# TT-8 ------------------------------------------------------------------------------------


def test_tt8_both_numbers_must_be_played_when_possible():
    assert refused(opened(), "1/4") == ("MUST_PLAY_BOTH", "TT-8")


def only_one_number(**options):
    # Red 5 with 1-4: 5/6 or 5/9, but Black's 10 blocks whatever would come second.
    return position({5: 1}, {10: 2}, dice=(1, 4), **options)


def test_tt8_only_one_number_playable_player_chooses_by_default():
    state = only_one_number()
    assert listed(state) == ["5/6", "5/9"]
    assert events(state, "5/6")[-1] == {"type": "forfeited", "player": 0, "numbers": [4]}


def test_tt8_only_one_number_playable_must_play_larger_option():
    state = only_one_number(mustPlayLarger=True)
    assert listed(state) == ["5/9"]
    assert refused(state, "5/6") == ("MUST_PLAY_LARGER", "TT-8")
    # when the larger cannot be played at all, the smaller is played
    blocked = position({5: 1}, {9: 2, 10: 2}, dice=(1, 4), mustPlayLarger=True)
    assert listed(blocked) == ["5/6"]


def test_tt8_pass_only_when_nothing_is_playable():
    state = position({4: 1}, {7: 2, 8: 2}, dice=(3, 4))
    assert ENGINE.legal_moves(state) == (PASS,)
    t = ENGINE.apply(state, PASS)
    assert t.events == ({"type": "passed", "player": 0, "dice": [3, 4]},)
    assert t.state.phase == "throw" and t.state.player == 1
    assert refused(only_one_number(), "pass") == ("PASS_NOT_ALLOWED", "TT-8")


# TT-9 ------------------------------------------------------------------------------------


def test_tt9_two_opposing_stones_block_a_point():
    state = position({5: 1, 16: 2}, {8: 2, 19: 1}, dice=(1, 3))
    assert refused(state, "5/8 16/17") == ("BLOCKED", "TT-9")
    assert not any(s.target == 8 for m in ENGINE.legal_moves(state) for s in m.steps)
    assert "16/19* 5/6" in notations(state) or "5/6 16/19*" in notations(state)


# TT-10 -----------------------------------------------------------------------------------


def test_tt10_start_field_first():
    state = position({15: 1}, {2: 3}, start=(3, 0), dice=(2, 3))
    assert listed(state) == ["1/3 1/4", "1/3/6"]
    assert refused(state, "15/17 1/4") == ("START_FIRST", "TT-10")
    assert refused(state, "15/17/20") == ("START_FIRST", "TT-10")


def test_tt10_last_stone_off_the_start_field_frees_the_second_number():
    state = position({15: 1}, {2: 3}, start=(1, 0), dice=(2, 4))
    assert listed(state) == ["1/3/7", "1/3 15/19", "1/5 15/17"]
    assert play(state, "15/19 1/3") == play(state, "1/3 15/19")  # any order that is legal


# TT-11 -----------------------------------------------------------------------------------


def test_tt11_spec_example_lone_stone_may_not_pass_through_empty_hucke():
    # Red 11 with 2-1, Red's Hucke (13) empty, no other Red stone can reach 13.
    state = position({11: 1, 18: 1}, {2: 3}, dice=(1, 2))
    assert listed(state) == ["18/19/21"]
    assert refused(state, "11/13/14") == ("HUCKE_NEEDS_PAIR", "TT-11")
    assert refused(state, "11/12/14") == ("OPPONENT_HUCKE", "TT-11")


def test_tt11_empty_hucke_entered_by_two_stones_of_one_throw():
    state = position({10: 1, 11: 1, 18: 1}, {2: 3}, dice=(2, 3))
    assert "11/13 10/13" in notations(state)
    assert points(play(state, "10/13 11/13"))["red"] == {"13": 2, "18": 1}
    assert refused(state, "11/13 18/21") == ("HUCKE_NEEDS_PAIR", "TT-11")
    assert all(points(play(state, m))["red"].get("13") != 1 for m in notations(state))


def test_tt11_last_two_stones_leave_the_hucke_together():
    state = position({13: 2, 18: 1}, {2: 3}, dice=(2, 3))
    assert "13/15 13/16" in notations(state)
    assert refused(state, "13/15 18/21") == ("HUCKE_LAST_PAIR", "TT-11")
    assert refused(state, "13/15/18") == ("HUCKE_LAST_PAIR", "TT-11")
    # with three there, one may leave alone; and any number may join singly
    assert "13/15 18/21" in notations(position({13: 3, 18: 1}, {2: 3}, dice=(2, 3)))
    assert "11/13 18/21" in notations(position({11: 1, 13: 2, 18: 1}, {2: 3}, dice=(2, 3)))


def test_tt11_opponents_hucke_refused_even_when_empty():
    red = position({10: 1, 16: 1}, {2: 3}, dice=(2, 5))
    assert refused(red, "10/12 16/21") == ("OPPONENT_HUCKE", "TT-11")
    black = position({22: 3}, {15: 1, 9: 1}, dice=(2, 5), to_move=1)
    assert refused(black, "15/13 9/4") == ("OPPONENT_HUCKE", "TT-11")
    assert not any(s.target == 13 for m in ENGINE.legal_moves(black) for s in m.steps)


def test_tt11_hucke_option_moves_them():
    state = position({8: 1, 16: 1}, {2: 3}, dice=(2, 4), hucke={"red": 15, "black": 10})
    assert refused(state, "8/10 16/20") == ("OPPONENT_HUCKE", "TT-11")
    assert "8/12 16/18" in notations(state) or "16/18 8/12" in notations(state)
    assert ENGINE.new(options={"hucke": [15, 10]}).rules.hucke == (15, 10)


@pytest.mark.parametrize(
    "value",
    [[13, 13], {"red": 13}, "13", {"red": 1, "black": 12}, {"red": 13, "black": 24}, [13, True]],
)
def test_tt11_hucke_option_is_validated(value):
    with pytest.raises(InvalidOptions) as err:
        ENGINE.new(options={"hucke": value})
    assert [p.path for p in err.value.problems] == ["$.options.hucke"]


# TT-12 -----------------------------------------------------------------------------------


def test_tt12_blot_is_hit_back_to_its_start_field_and_must_reenter_first():
    state = position({5: 1, 16: 4}, {8: 1, 20: 3}, dice=(1, 3))
    after = play(state, "5/8* 16/17")
    assert ENGINE.encode(after)["start"] == [0, 1] and after.hits == (1, 0)
    black = play(after, "2-3")
    assert all(m.steps[0].source == 24 for m in ENGINE.legal_moves(black))
    assert refused(black, "20/18 20/17") == ("START_FIRST", "TT-10")
    assert refused(position({5: 1}, {9: 2}, dice=(1, 4)), "5/9* 5/6") == ("BLOCKED", "TT-9")


def test_tt12_false_hit_mark_is_refused():
    state = position({5: 1, 16: 4}, {8: 2, 20: 3}, dice=(1, 3))
    assert refused(state, "5/6* 16/19") == ("NO_HIT", "TT-12")


# TT-13 -----------------------------------------------------------------------------------


def test_tt13_bear_off_by_overshoot():
    state = position({22: 1, 19: 4}, {2: 3}, dice=(5, 6))
    assert "19/off 22/off" in notations(state)
    got = events(state, "22/off 19/off")
    assert {"type": "borneOff", "player": 0, "from": 22} in got
    assert ENGINE.scores(play(state, "22/off 19/off")).breakdown["borneOff"] == [12, 12]


def test_tt13_home_before_bear_off_option():
    free = position({22: 1, 10: 1}, {2: 3}, dice=(5, 6))
    assert "10/15 22/off" in notations(free)  # default: no home condition
    strict = position({22: 1, 10: 1}, {2: 3}, dice=(5, 6), homeBeforeBearOff=True)
    assert refused(strict, "22/off 10/15") == ("NOT_ALL_HOME", "TT-13")
    home = position({22: 1, 16: 1}, {2: 3}, dice=(2, 4), homeBeforeBearOff=True)
    assert "16/20 22/off" in notations(home)  # the last stone comes home, then one bears off
    rear = position({20: 1, 22: 1}, {2: 3}, dice=(1, 6), homeBeforeBearOff=True)
    assert refused(rear, "22/off 20/21") == ("NOT_REARMOST", "TT-13")
    assert "20/off 22/23" in notations(rear) or "22/23 20/off" in notations(rear)


def test_tt13_bear_off_needs_enough():
    state = position({15: 1, 19: 1}, {2: 3}, dice=(1, 2))
    assert refused(state, "19/off 15/16") == ("NO_SUCH_NUMBER", "TT-13")


# TT-14 -----------------------------------------------------------------------------------


def test_tt14_hits_and_bear_offs_score_one_point_each_at_once():
    state = position({20: 1, 16: 4}, {22: 1, 5: 3}, hits=(2, 1), dice=(2, 4))
    got = events(state, "20/22* 22/off")
    scored = [e for e in got if e["type"] == "scored"]
    assert scored == [
        {"type": "scored", "player": 0, "for": "hit", "scores": [13, 12]},
        {"type": "scored", "player": 0, "for": "borneOff", "scores": [14, 12]},
    ]
    after = play(state, "20/22* 22/off")
    assert ENGINE.scores(after).values == (14, 12)
    assert ENGINE.scores(after).breakdown == {
        "hits": [3, 1],
        "borneOff": [11, 11],
        "pointsToWin": 15,
    }


def test_tt14_the_breakdown_keeps_each_players_hits_and_stones_borne_off_apart():
    state = position({20: 1, 16: 4}, {5: 2}, hits=(2, 1), dice=(2, 4))
    assert ENGINE.scores(state).values == (12, 14)
    assert ENGINE.scores(state).breakdown == {
        "hits": [2, 1],
        "borneOff": [10, 13],
        "pointsToWin": 15,
    }


# TT-15 -----------------------------------------------------------------------------------


def eleven_points(dice):
    # Red: 6 hits + 5 borne off = 11 of 12; a hit on Black's blot at 8 wins.
    return position({5: 1, 16: 9}, {8: 1, 20: 14}, hits=(6, 0), dice=dice, pointsToWin=12)


def test_tt15_game_ends_mid_turn_at_points_to_win():
    state = eleven_points((2, 3))
    assert "5/8*" in notations(state)  # a complete turn although the 2 is left
    assert any(len(m.steps) == 2 for m in ENGINE.legal_moves(state))
    t = ENGINE.apply(state, ENGINE.parse_move("5/8*"))
    assert t.events[-1] == {
        "type": "gameOver",
        "winners": [0],
        "reason": "points",
        "scores": [12, 0],
    }
    assert ENGINE.status(t.state).finished and ENGINE.status(t.state).winners == (0,)
    assert ENGINE.legal_moves(t.state) == () and ENGINE.to_move(t.state) == ()
    with pytest.raises(GameOver):
        ENGINE.apply(t.state, PASS)
    assert refused(state, "5/8*/10") == ("GAME_WON", "TT-15")


def test_tt15_status_is_ongoing_until_a_player_has_the_points():
    state = eleven_points((2, 3))
    assert ENGINE.status(state) == Status(False)
    won = ENGINE.apply(state, ENGINE.parse_move("5/8*")).state
    assert ENGINE.status(won) == Status(True, (0,), "points")


def test_tt15_a_double_that_wins_gives_no_extra_throw():
    t = ENGINE.apply(eleven_points((3, 3)), ENGINE.parse_move("5/8*"))
    assert [e["type"] for e in t.events][-1] == "gameOver"
    assert "extraThrow" not in [e["type"] for e in t.events]


def test_tt8_tt11_tt13_tt15_new_keeps_every_option():
    options = {
        "mustPlayLarger": True,
        "homeBeforeBearOff": True,
        "hucke": {"red": 5, "black": 20},
        "pointsToWin": 7,
    }
    assert ENGINE.encode(ENGINE.new(None, options))["options"] == options


# the contract ----------------------------------------------------------------------------


def test_tt5_wrong_player_and_move_kinds():
    state = opened()
    with pytest.raises(NotYourTurn) as err:
        ENGINE.apply(state, ENGINE.parse_move("1/4 1/6"), player=1)
    assert err.value.details == {"toMove": [0]}
    assert ENGINE.legal_moves(state, player=1) == ()
    assert ENGINE.legal_moves(state, player=0) == ENGINE.legal_moves(state)
    assert refused(state, "red 3-5") == ("NOT_A_CHANCE_NODE", "TT-5")


def test_tt7_step_refusals_name_the_rule():
    """TT-7: a step needs an own stone and one of the numbers left."""
    state = position({5: 2, 16: 3}, {8: 1, 20: 3}, dice=(2, 3))
    assert refused(state, "7/9 16/19") == ("NO_STONE", "TT-7")
    assert refused(state, "5/11") == ("NO_SUCH_NUMBER", "TT-7")
    assert refused(state, "5/7 5/7") == ("NO_SUCH_NUMBER", "TT-7")
    assert ENGINE.apply(state, Turn((Step(5, 7), Step(16, 19)))).state == play(state, "16/19 5/7")
