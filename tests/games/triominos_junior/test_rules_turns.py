"""Setup, turns and the end: TJ-2…TJ-7, TJ-10, TJ-12…TJ-16, and the error codes."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from service.games.core import (
    GameOver,
    IllegalMove,
    InvalidNotation,
    NotYourTurn,
    Scores,
    Status,
    start,
)
from service.games.triominos_junior import ENGINE, Deal, Draw, Pass, Place, Swap
from service.games.triominos_junior.tiles import DEFAULT_SET, JOKER, tile_name

from .helpers import apply, dealt, notations, position

START = {"0,0": "1-2-3"}  # 2 at (1,0), 1 at (0,1): 2-1-1 fits on (1,0)


# -- setup -------------------------------------------------------------------------------------


def test_tj4_a_new_game_waits_at_the_deal_chance_node():
    state = ENGINE.new()
    assert state.phase == "deal" and state.players == 2
    assert ENGINE.is_chance(state) and ENGINE.to_move(state) == ()
    outcomes = ENGINE.chance_outcomes(state)
    assert len(outcomes) == 36 and {p for _, p in outcomes} == {Fraction(1, 36)}
    assert ENGINE.legal_moves(state) == tuple(m for m, _ in outcomes)
    assert ENGINE.legal_moves(state, 0) == (), "players never see the pool's outcomes"


def test_tj4_racks_are_dealt_five_tiles_each_one_after_another():
    state = ENGINE.new(3)
    receivers = []
    while state.phase == "deal":
        t = ENGINE.apply(state, ENGINE.chance_outcomes(state)[-1][0])
        receivers.append(t.events[0]["player"])
        assert "tile" not in t.events[0], "a dealt tile is never named in an event"
        state = t.state
    assert receivers == [0] * 5 + [1] * 5 + [2] * 5
    assert [len(r) for r in state.racks] == [5, 5, 5] and len(state.pool) == 21
    assert state.phase == "start" and state.chances == 15


def test_tj5_coin_level_players_start_with_four_coins():
    assert ENGINE.new(3).coins == (4, 4, 4) and ENGINE.new(3).supply == 48
    points = ENGINE.new(4, {"level": "points"})
    assert points.points == (0, 0, 0, 0) and "coins" not in ENGINE.encode(points)


def test_tj6_the_start_tile_is_never_the_joker():
    state = ENGINE.new()
    while state.phase == "deal":  # deal from the top of the sorted pool: the joker stays
        state = ENGINE.apply(state, ENGINE.chance_outcomes(state)[-1][0]).state
    assert JOKER in state.pool
    outcomes = ENGINE.chance_outcomes(state)
    assert Deal(JOKER) not in [m for m, _ in outcomes]
    assert sum(p for _, p in outcomes) == 1 and len(outcomes) == len(state.pool) - 1
    with pytest.raises(IllegalMove) as exc:
        apply(state, "deal J")
    assert (exc.value.reason, exc.value.rule) == ("JOKER_AS_START_TILE", "TJ-6")


def test_tj6_the_start_tile_lies_at_the_origin_smallest_number_at_the_apex():
    racks = ["1-1-1", "1-1-2", "1-1-3", "1-1-4", "1-1-5", "2-2-2", "2-2-3", "2-2-4", "2-2-5", "J"]
    state = dealt(deal=[*racks, "5-3-4"])
    assert state.racks[1] == ((-1, -1, -1), (2, 2, 2), (2, 2, 3), (2, 2, 4), (2, 2, 5))
    assert state.layout == (((0, 0), (3, 4, 5)),)
    assert state.phase == "play" and ENGINE.to_move(state) == (0,)


def test_tj6_a_seeded_game_resolves_the_whole_deal():
    t = start(ENGINE, 2, None, "a seed")
    assert t.state.phase == "play" and ENGINE.to_move(t.state) == (0,)
    assert t.state.chances == 11 and len(t.state.layout) == 1
    assert start(ENGINE, 2, None, "a seed").state == t.state


def test_tj7_player_0_begins_and_play_passes_clockwise():
    state = dealt(3)
    movers = []
    for _ in range(4):
        movers.append(ENGINE.to_move(state)[0])
        drawing = ENGINE.apply(state, Draw()).state
        state = ENGINE.apply(drawing, ENGINE.chance_outcomes(drawing)[0][0]).state
    assert movers == [0, 1, 2, 0]


# -- turns -------------------------------------------------------------------------------------


def test_tj10_placing_takes_a_coin_from_the_supply():
    state = position(START, [["1-1-2", "5-5-5"], ["4-4-4"]])
    t = apply(state, "2-1-1@1,0")
    assert t.state.coins == (5, 4) and t.state.supply == 51
    assert t.events == ({"type": "placed", "player": 0, "tile": "2-1-1", "at": "1,0", "coins": 1},)


def test_tj10_no_coin_when_the_supply_is_empty():
    state = position(START, [["1-1-2", "5-5-5"], ["4-4-4"]], coins=[30, 30], supply=0)
    t = apply(state, "2-1-1@1,0")
    assert t.state.coins == (30, 30) and t.events[0]["coins"] == 0


def test_tj10_points_level_scores_the_tile_value_and_the_joker_nothing():
    state = position(START, [["1-1-2", "J", "5-5-5"], ["4-4-4"]], level="points")
    assert apply(state, "2-1-1@1,0").state.points == (4, 0)
    assert apply(state, "J@1,0").state.points == (0, 0)


def test_tj10_a_tile_must_be_on_the_movers_rack():
    state = position(START, [["5-5-5"], ["1-1-2"]])
    with pytest.raises(IllegalMove) as exc:
        apply(state, "2-1-1@1,0")
    assert (exc.value.reason, exc.value.rule) == ("TILE_NOT_IN_RACK", "TJ-10")


def test_tj12_drawing_pays_a_coin_and_the_pool_decides_the_tile():
    state = position(START, [["1-1-2"], ["4-4-4"]])
    assert "draw" in notations(state), "a draw is allowed even when a placement exists"
    t = apply(state, "draw")
    assert t.state.coins == (3, 4) and t.state.supply == 53
    assert t.events == ({"type": "draw", "player": 0, "paid": 1},)
    assert ENGINE.is_chance(t.state) and ENGINE.to_move(t.state) == ()
    outcomes = ENGINE.chance_outcomes(t.state)
    assert len(outcomes) == 33 and sum(p for _, p in outcomes) == 1
    drawn = apply(t.state, "deal 5-5-5")
    assert drawn.state.racks[0] == ((1, 1, 2), (5, 5, 5)) and drawn.state.turn == 1
    assert drawn.state.chances == state.chances + 1
    assert "5-5-5" not in json.dumps(drawn.events), "the drawn tile stays hidden"
    assert drawn.events == ({"type": "tileDrawn", "player": 0, "poolSize": 32},)


def test_tj12_a_player_without_coins_draws_for_free():
    state = position(START, [["1-1-2"], ["4-4-4"]], coins=[0, 4], supply=56)
    t = apply(state, "draw")
    assert t.state.coins == (0, 4) and t.state.supply == 56 and t.events[0]["paid"] == 0


def test_tj12_points_level_draws_cost_nothing():
    state = position(START, [["1-1-2"], ["4-4-4"]], level="points")
    t = apply(state, "draw")
    assert t.state.points == (0, 0) and "paid" not in t.events[0]


def _blocked_set() -> list[str]:
    """A custom set (option ``tiles``) in which 5-5-5 tiles never fit next to 1-1-1."""
    return ["1-1-1", "J", *["5-5-5"] * 34]


def test_tj12_tj13_empty_pool_no_draw_and_a_pass_only_when_nothing_else():
    # Hand-made coin-level state (the default game ends before this): the pool is empty,
    # player 0 holds nothing that fits, player 1 holds the joker.
    tiles = _blocked_set()
    racks = [["5-5-5"] * 17, ["J", *["5-5-5"] * 17]]
    state = position({"0,0": "1-1-1"}, racks, pool=[], tiles=tiles)
    with pytest.raises(IllegalMove) as exc:
        apply(state, "draw")
    assert (exc.value.reason, exc.value.rule) == ("POOL_EMPTY", "TJ-12")
    assert ENGINE.legal_moves(state) == (Pass(),)
    t = apply(state, "pass")
    assert t.events == ({"type": "passed", "player": 0},) and t.state.turn == 1
    assert notations(t.state) == ["J@-1,0", "J@0,-1", "J@1,0"]


def test_tj13_pass_is_refused_while_a_draw_is_possible():
    state = position(START, [["5-5-5"], ["4-4-4"]])
    assert Pass() not in ENGINE.legal_moves(state)
    with pytest.raises(IllegalMove) as exc:
        apply(state, "pass")
    assert (exc.value.reason, exc.value.rule) == ("PASS_NOT_ALLOWED", "TJ-13")


def test_tj11_tj13_tj14_with_the_pool_empty_a_possible_swap_forbids_the_pass():
    # Hand-made coin level, the pool empty: 4-5-1 can replace the joker on (-1,0) and fits
    # nowhere else. The swap ends nothing: no draw emptied the pool, and the joker fits.
    layout = {"-1,0": "J", "-1,1": "1-1-5", "0,0": "1-2-4"}
    mine = ["1-4-5", "2-3-3", "3-3-5", "5-5-5"]
    taken = {JOKER, (1, 1, 5), (1, 2, 4), (1, 4, 5), (2, 3, 3), (3, 3, 5), (5, 5, 5)}
    rest = [tile_name(t) for t in DEFAULT_SET if t not in taken]
    state = position(layout, [mine, rest], pool=[])
    assert notations(state) == ["swap 4-5-1@-1,0"]
    with pytest.raises(IllegalMove) as exc:
        apply(state, "pass")
    assert (exc.value.reason, exc.value.rule) == ("PASS_NOT_ALLOWED", "TJ-13")
    after = apply(state, "swap 4-5-1@-1,0").state
    assert (after.phase, after.turn) == ("play", 1)


def test_tj14_tj15_a_placement_beside_an_empty_pool_ends_the_game_only_when_blocked():
    # Hand-made coin level, the pool empty from the start: the game ends because nobody can
    # place any more, not because a draw emptied the pool.
    racks = [["5-5-5"] * 17, ["J", *["5-5-5"] * 17]]
    state = position({"0,0": "1-1-1"}, racks, pool=[], tiles=_blocked_set())
    state = apply(apply(state, "pass").state, "J@1,0").state
    assert ENGINE.status(state).reason == "blocked"


def test_tj13_a_blocked_hand_made_coin_game_ends_after_the_pass():
    # The joker lies on (1,0); 5-5-5 fits nowhere and cannot replace it.
    racks = [["5-5-5"] * 17, ["5-5-5"] * 17]
    state = position({"0,0": "1-1-1", "1,0": "J"}, racks, pool=[], tiles=_blocked_set())
    t = apply(state, "pass")
    assert ENGINE.status(t.state).finished and ENGINE.status(t.state).reason == "blocked"
    assert ENGINE.status(t.state).winners == (0, 1)


# -- the end -----------------------------------------------------------------------------------


def test_tj14_emptying_the_rack_ends_the_game_with_an_extra_coin():
    state = position(START, [["1-1-2"], ["4-4-4"]])
    t = apply(state, "2-1-1@1,0")
    assert t.state.coins == (6, 4) and t.state.supply == 50
    assert [e["type"] for e in t.events] == ["placed", "bonusCoin", "gameOver"]
    status = ENGINE.status(t.state)
    assert (status.finished, status.winners, status.reason) == (True, (0,), "rackEmptied")
    assert ENGINE.legal_moves(t.state) == () and ENGINE.to_move(t.state) == ()
    with pytest.raises(GameOver):
        apply(t.state, "draw")


def test_tj14_the_coin_level_scores_the_coins_and_shows_the_supply():
    state = position(START, [["1-1-2"], ["4-4-4"]], coins=[3, 6], supply=51)
    assert ENGINE.status(state) == Status(False)
    assert ENGINE.scores(state) == Scores((3, 6), {"level": "coins", "coins": [3, 6], "supply": 51})


def test_tj14_the_extra_coin_only_while_the_supply_lasts():
    state = position(START, [["1-1-2"], ["4-4-4"]], coins=[30, 29], supply=1)
    t = apply(state, "2-1-1@1,0")
    assert t.state.coins == (31, 29) and t.state.supply == 0
    assert "bonusCoin" not in [e["type"] for e in t.events]


def test_tj14_drawing_the_last_pool_tile_ends_the_game_and_is_paid():
    rest = [tile_name(t) for t in DEFAULT_SET if t not in {(1, 2, 3), (1, 1, 2), (5, 5, 5)}]
    state = position(START, [["1-1-2"], rest], pool=["5-5-5"])
    t = apply(state, "draw")
    assert t.state.coins == (3, 4)
    assert ENGINE.chance_outcomes(t.state) == ((Deal((5, 5, 5)), Fraction(1)),)
    over = apply(t.state, "deal 5-5-5")
    assert ENGINE.status(over.state).reason == "poolEmptied"
    assert ENGINE.status(over.state).winners == (1,)
    assert over.events[-1]["type"] == "gameOver"


def test_tj15_points_level_rack_values_are_subtracted_at_the_end():
    # 14 points' worth of tiles were placed after the start tile: 3 by player 0, 10 by 1.
    layout = {**START, "0,-1": "2-3-2", "-1,0": "3-3-1"}
    state = position(layout, [["1-1-2"], ["4-4-4", "5-5-5"]], level="points", points=[3, 10])
    t = apply(state, "2-1-1@1,0")
    assert ENGINE.status(t.state).reason == "rackEmptied"
    scores = ENGINE.scores(t.state)
    assert scores.values == (7, 10 - 12 - 15)
    assert scores.breakdown == {
        "level": "points",
        "placed": [7, 10],
        "rackPenalty": [0, 27],
        "penaltyApplied": True,
    }
    assert t.events[-1] == {
        "type": "gameOver",
        "winners": [0],
        "reason": "rackEmptied",
        "scores": [7, -17],
    }


def test_tj15_points_level_ends_when_the_pool_is_empty():
    rest = [tile_name(t) for t in DEFAULT_SET if t not in {(1, 2, 3), (1, 1, 2), (5, 5, 5)}]
    state = position(START, [["1-1-2"], rest], pool=["5-5-5"], level="points")
    over = play_draw(state, "deal 5-5-5")
    assert ENGINE.status(over).reason == "poolEmptied"


def play_draw(state, outcome):
    return apply(apply(state, "draw").state, outcome).state


def test_tj15_points_level_ends_once_nobody_can_place_or_swap():
    # After 2-1-1 on (1,0) neither 5-5-5 nor 4-4-4 fits anywhere: the game ends although
    # both players could still draw (TJ-15 Choice: draws don't count).
    state = position(START, [["1-1-2", "5-5-5"], ["4-4-4"]], level="points")
    t = apply(state, "2-1-1@1,0")
    status = ENGINE.status(t.state)
    assert (status.reason, status.winners) == ("blocked", (0,))
    assert ENGINE.scores(t.state).values == (4 - 15, -12)


def test_tj15_the_coin_level_has_no_blocked_end():
    state = position(START, [["1-1-2", "5-5-5"], ["4-4-4"]])
    after = apply(state, "2-1-1@1,0").state
    assert not ENGINE.status(after).finished and notations(after) == ["draw"]


def test_tj15_points_level_goes_on_while_someone_can_place():
    state = position(START, [["1-1-2", "5-5-5"], ["1-2-2"]], level="points")
    after = apply(state, "2-1-1@1,0").state
    assert not ENGINE.status(after).finished
    assert ENGINE.scores(after).values == (4, 0), "no penalty before the end"
    assert ENGINE.scores(after).breakdown["penaltyApplied"] is False


def test_tj16_ties_share_the_win():
    state = position(START, [["1-1-2"], ["4-4-4"]], coins=[3, 5], supply=52)
    t = apply(state, "2-1-1@1,0")
    assert t.state.coins == (5, 5)
    assert ENGINE.status(t.state).winners == (0, 1)


# -- errors ------------------------------------------------------------------------------------


def test_wrong_player_and_chance_nodes_are_refused():
    state = position(START, [["1-1-2"], ["4-4-4"]])
    with pytest.raises(NotYourTurn):
        apply(state, "draw", player=1)
    assert ENGINE.legal_moves(state, 1) == ()
    drawing = apply(state, "draw").state
    with pytest.raises(NotYourTurn):
        apply(drawing, "deal 5-5-5", player=0)
    with pytest.raises(IllegalMove) as exc:
        apply(drawing, "2-1-1@1,0")
    assert exc.value.reason == "CHANCE_PENDING"
    with pytest.raises(IllegalMove) as exc:
        apply(drawing, "deal 1-1-2")
    assert (exc.value.reason, exc.value.rule) == ("TILE_NOT_IN_POOL", "TJ-12")
    with pytest.raises(IllegalMove) as exc:
        apply(state, "deal 5-5-5")
    assert exc.value.reason == "NO_CHANCE_PENDING"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "1-2@0,0",
        "1-2-3",
        "1-2-3@",
        "1-2-3@a,b",
        "swap",
        "deal",
        "deal 1-2",
        "draw 1",
        "12-1-1@0,0",
    ],
)
def test_unparsable_notation_is_invalid_notation(text):
    with pytest.raises(InvalidNotation):
        ENGINE.parse_move(text)


@pytest.mark.parametrize(
    "doc", [5, {"kind": "jump"}, {"kind": "draw", "x": 1}, {"kind": "place", "tile": "J"}]
)
def test_bad_move_documents_are_invalid_notation(doc):
    with pytest.raises(InvalidNotation):
        ENGINE.parse_move(doc)


def test_notation_and_documents_round_trip():
    moves = [
        Place((1, -2), (3, 5, 1)),
        Place((-3, 0), JOKER),
        Swap((2, 0), (2, 1, 1)),
        Draw(),
        Pass(),
        Deal((1, 3, 5)),
        Deal(JOKER),
    ]
    texts = ["3-5-1@1,-2", "J@-3,0", "swap 2-1-1@2,0", "draw", "pass", "deal 1-3-5", "deal J"]
    assert [ENGINE.notation(m) for m in moves] == texts
    from service.games.triominos_junior.moves import document

    for m in moves:
        assert ENGINE.parse_move(ENGINE.notation(m)) == m
        assert ENGINE.parse_move(document(m)) == m
    assert ENGINE.parse_move("  SWAP 2 - 1 - 1 @ (2, 0) ") == Swap((2, 0), (2, 1, 1))
    assert ENGINE.parse_move("deal 5-3-4") == Deal((3, 4, 5)), "outcomes are canonical"
