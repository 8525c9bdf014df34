"""TX-9: every player places at once; the order of submission does not matter."""

from __future__ import annotations

from itertools import permutations

import pytest

from service.games.core import IllegalMove, MoveRequest, NotYourTurn, driver

from .helpers import G, play


def _round(players: int):
    return play(G.new(players), "ooxs", "T:oxso")


def test_tx9_every_player_places_the_same_arrangement():
    state = _round(3)
    assert G.to_move(state) == (0, 1, 2)
    assert all(G.legal_moves(state, p) for p in range(3))


def test_tx9_submission_order_does_not_change_the_result():
    state = _round(3)
    choice = {0: "r0@1,1", 1: "r90@5,6", 2: "r270@0,0"}
    results = set()
    for order in permutations(range(3)):
        s = state
        for p in order:
            s = play(s, (p, choice[p]))
        results.add(s)
    assert len(results) == 1
    (final,) = results
    assert final.round == 2 and final.phase == "roll"


def test_tx9_to_move_shrinks_as_players_place():
    state = play(_round(3), (1, "r0@1,1"))
    assert G.to_move(state) == (0, 2)
    assert state.placed == (1,)
    assert G.legal_moves(state, 1) == ()


def test_tx9_placing_twice_in_a_round_is_refused():
    state = play(_round(2), (1, "r0@1,1"))
    with pytest.raises(NotYourTurn) as err:
        play(state, (1, "r0@5,5"))
    assert err.value.reason == "ALREADY_PLACED"
    assert "already placed" in err.value.message
    assert err.value.details == {"toMove": [0]}


def test_tx9_the_player_is_required_when_several_place():
    state = _round(2)
    with pytest.raises(NotYourTurn) as err:
        play(state, "r0@1,1")
    assert err.value.reason == "PLAYER_REQUIRED"
    with pytest.raises(NotYourTurn):
        G.legal_moves(state)
    last = play(state, (0, "r0@1,1"))
    assert play(last, "r0@1,1").round == 2  # one placer left: the player may be omitted


def test_tx9_a_player_outside_the_game_is_refused():
    with pytest.raises(NotYourTurn) as err:
        play(_round(2), (2, "r0@1,1"))
    assert err.value.reason == "NOT_A_PLAYER"


def test_tx9_the_driver_refuses_a_player_not_in_to_move():
    state = play(_round(2), (0, "r0@1,1"))
    with pytest.raises(driver.PlyError) as err:
        driver.play(G, state, [MoveRequest("r0@2,2", 0)], auto_chance=False)
    assert err.value.ply == 0 and err.value.error.code == "NOT_YOUR_TURN"


def test_tx9_an_arrangement_during_placement_is_refused():
    with pytest.raises(IllegalMove) as err:
        play(_round(2), (0, "O:oxso"))
    assert (err.value.reason, err.value.rule) == ("PLACE_NOW", "TX-7")


def test_tx9_a_seeded_game_rolls_the_next_round_by_itself():
    state = driver.start(G, 2, None, "seeded").state
    state = G.apply(state, G.legal_moves(state)[0]).state
    t = driver.play(
        G,
        state,
        [MoveRequest(G.notation(G.legal_moves(state, p)[0]), p) for p in (1, 0)],
        auto_chance=True,
    )
    assert t.state.phase == "arrange" and t.state.round == 2 and t.state.chances == 2
    assert [e["type"] for e in t.events] == ["placed", "placed", "roundEnded", "chance", "rolled"]
