"""TX-12 … TX-15: the solo variant — bar, stop, bonus and rating."""

from __future__ import annotations

import pytest

from service.games.core import IllegalMove, InvalidOptions
from service.games.te_trix import Stop, scoring

from .helpers import G, arranged, play, position

SOLO = {"solo": True}


def test_tx12_solo_is_one_player_without_preprinted_cells():
    state = G.new(None, SOLO)
    assert state.players == 1 and state.bar == 8
    assert state.preprinted == ((),) and state.sheets[0].filled == 0


def test_tx12_solo_with_more_players_is_refused():
    with pytest.raises(InvalidOptions) as err:
        G.new(2, SOLO)
    assert [p.path for p in err.value.problems] == ["$.options.solo"]


def test_tx12_the_solo_player_rolls_every_round():
    state = play(G.new(1, SOLO), "oooo", "O:oooo", "r0@1,1", "oooo")
    assert state.round == 2 and G.to_move(state) == (0,)


def test_tx13_overhang_crosses_bar_fields():
    t = G.apply(arranged(G.new(1, SOLO), "I:oxso"), G.parse_move("r0@1,-1"))
    assert t.state.bar == 6 and t.events[0]["bar"] == 6 and t.events[0]["overhang"] == 2


def test_tx13_corner_o_crosses_three_bar_fields():
    """Spec example: only the corners free; an O lands one cell and crosses three fields."""
    rows = (".sxsxs.", *("xsxsxsx",) * 5, ".sxsxs.")
    state = arranged(position(rows, solo=True, bar=8), "O:oxso")
    assert len(G.legal_moves(state, 0)) == 12
    assert play(state, "r0@0,0").bar == 5


def test_tx13_a_placement_needing_more_fields_than_left_is_illegal():
    state = arranged(position(("." * 7,) * 7, solo=True, bar=1), "I:oxso")
    moves = G.legal_moves(state, 0)
    assert G.parse_move("r0@1,0") in moves  # one over the edge
    assert G.parse_move("r0@1,-1") not in moves
    with pytest.raises(IllegalMove) as err:
        play(state, "r0@1,-1")
    assert (err.value.reason, err.value.rule) == ("BAR_EXHAUSTED", "TX-13")


def test_tx13_tx14_nothing_fits_within_the_bar_ends_the_game():
    rows = (".sxsxs.", *("xsxsxsx",) * 5, ".sxsxs.")
    t = G.apply(play(position(rows, solo=True, bar=2), "oxso"), G.parse_move("O:oxso"))
    assert G.status(t.state).finished and t.state.end == "cannotPlace"


def test_tx13_tx14_a_placement_that_uses_the_last_bar_fields_still_fits():
    rows = (".sxsxs.", *("xsxsxsx",) * 5, ".sxsxs.")
    t = G.apply(play(position(rows, solo=True, bar=3), "oxso"), G.parse_move("O:oxso"))
    assert not G.status(t.state).finished and t.events[0]["blocked"] == []
    assert play(t.state, "r0@0,0").bar == 0


def test_tx14_stop_is_offered_at_the_start_of_a_round():
    state = play(G.new(1, SOLO), "ooxs")
    assert G.legal_moves(state)[-1] == Stop()
    t = G.apply(state, Stop())
    assert G.status(t.state).finished and G.status(t.state).reason == "stopped"
    assert [e["type"] for e in t.events] == ["stopped", "gameOver"]
    assert G.scores(t.state).values == (8,)  # nothing on the sheet, every bar field free


def test_tx14_stop_is_refused_after_the_arrangement_and_outside_solo():
    with pytest.raises(IllegalMove) as err:
        play(arranged(G.new(1, SOLO), "O:oooo"), "stop")
    assert (err.value.reason, err.value.rule) == ("STOP_NOT_NOW", "TX-14")
    with pytest.raises(IllegalMove) as err:
        play(G.new(1), "oooo", "stop")
    assert (err.value.reason, err.value.rule) == ("STOP_SOLO_ONLY", "TX-14")
    assert Stop() not in G.legal_moves(play(G.new(1), "oooo"))


def test_tx15_every_free_bar_field_scores_a_point():
    state = position(("ooooo",) + (".....",) * 4, solo=True, bar=3)
    scores = G.scores(state)
    assert scores.values == (5 + 3,)
    assert scores.breakdown["players"][0]["bar"] == {"free": 3, "crossed": 5, "points": 3}


@pytest.mark.parametrize(
    ("points", "label"),
    [(119, None), (120, "good"), (129, "good"), (130, "Chapeau!"), (200, "Chapeau!")],
)
def test_tx15_rating(points, label):
    assert scoring.rating(points) == label


def test_tx15_rating_in_the_breakdown():
    rows = ("o" * 12,) * 11 + ("x" * 12,)  # 1 × 132 circles + 1 × 12 crosses
    state = position(rows, solo=True, bar=0)
    first = G.scores(state).breakdown["players"][0]
    assert first["total"] == 144 and first["rating"] == "Chapeau!"
