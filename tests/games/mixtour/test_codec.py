"""Mixtour state documents: encode/decode round trips and every problem listed."""

from __future__ import annotations

import pytest

from service.games.core import InvalidState
from service.games.mixtour import ENGINE

from .helpers import play


def doc(**changes):
    base = ENGINE.encode(ENGINE.new())
    base.update(changes)
    return base


def problems(document) -> dict[str, str]:
    with pytest.raises(InvalidState) as err:
        ENGINE.decode(document)
    return {p.path: p.reason for p in err.value.problems}


def test_round_trip_of_a_played_position():
    state = play(ENGINE.new(), "c3", "c4", "c3-c4", "b2")
    assert ENGINE.decode(ENGINE.encode(state)) == state


def test_not_an_object_or_wrong_game_or_version():
    assert "$" in problems([1, 2])
    assert "$.game" in problems(doc(game="chess"))
    assert "$.v" in problems(doc(v=2))


def test_mx2_more_pieces_than_the_option_allows():
    found = problems(doc(board={"a1": "ww"}))
    assert "piecesPerPlayer is 20" in found["$.supply"]


def test_mx9_stack_of_five_or_more_cannot_stand():
    found = problems(doc(board={"a1": "wwwbb"}, supply=[17, 18]))
    assert "removed at once" in found["$.board.a1"]


def test_unknown_colour_and_square_and_field_all_reported():
    found = problems(doc(board={"a1": "wx", "f9": "w"}, colour="red"))
    assert set(found) >= {"$.board.a1", "$.board.f9", "$.colour"}


def test_mx10_winner_still_to_move_is_impossible():
    found = problems(doc(scores=[5, 0], toMove=0))
    assert "must be null" in found["$.toMove"]
    assert "$.toMove" in problems(doc(toMove=None))  # nobody won, yet nobody to move


def test_both_players_at_points_to_win_is_impossible():
    assert "$.scores" in problems(doc(scores=[5, 5], toMove=None))


def test_bad_last_move_is_reported():
    assert "$.lastMove" in problems(doc(lastMove="z9"))
    assert "$.lastMove" in problems(doc(lastMove="a1"))  # a1 is empty: nobody placed there
    assert "$.lastMove" in problems(doc(lastMove="pass"))  # passes is 0
    # Two pieces cannot have landed on b2 when b2 is only two high (it was empty before).
    found = problems(doc(board={"a1": "w", "b2": "bw"}, supply=[18, 19], lastMove="a1:2-b2"))
    assert "$.lastMove" in found
    # One piece from a1 onto a single piece on b2 fits the board.
    ENGINE.decode(doc(board={"a1": "w", "b2": "bw"}, supply=[18, 19], lastMove="a1-b2"))


def test_many_problems_in_one_answer():
    found = problems(doc(supply="x", scores=[1], passes=7, toMove="white", chances=-1))
    assert {"$.supply", "$.scores", "$.passes", "$.toMove", "$.chances"} <= set(found)


def test_options_in_the_document_are_validated():
    assert "$.options.pointsToWin" in problems(doc(options={"pointsToWin": 0}))


def test_a_square_given_twice_is_reported():
    found = problems(doc(board={"a1": "w", "A1": "b"}, supply=[19, 19]))
    assert "given twice" in found["$.board.A1"]
