"""TX-10: the game ends in the round a player cannot enter the shape, or when sheets are full."""

from __future__ import annotations

import pytest

from service.games.core import GameOver, NotYourTurn, Status

from .helpers import EMPTY7, G, arranged, play, position

# Every cell filled except the inner cell c3, which no tetromino can reach with overhang.
STUCK = ("xsxsxsx", "sxsxsxs", "xs.sxsx", "sxsxsxs", "xsxsxsx", "sxsxsxs", "xsxsxsx")


def test_tx10_a_blocked_player_ends_the_game_after_the_others_place():
    state = arranged(position(EMPTY7, STUCK, EMPTY7), "T:oxso")
    assert state.blocked == (1,)
    assert G.to_move(state) == (0, 2)
    state = play(state, (2, "r0@1,1"))
    assert not G.status(state).finished
    t = G.apply(state, G.parse_move("r0@3,3"), 0)
    assert G.status(t.state).finished and G.status(t.state).reason == "cannotPlace"
    assert t.events[-1]["type"] == "gameOver"
    assert t.events[-1]["blocked"] == [1]
    assert G.to_move(t.state) == () and G.legal_moves(t.state, 0) == ()


def test_tx10_the_arranged_event_names_the_blocked_players():
    state = play(position(EMPTY7, STUCK), "ooxs")
    event = G.apply(state, G.parse_move("T:oxso")).events[0]
    assert event == {"type": "arranged", "player": 0, "arrangement": "T:oxso", "blocked": [1]}


def test_tx10_a_blocked_player_may_not_place():
    state = arranged(position(EMPTY7, STUCK), "T:oxso")
    with pytest.raises(NotYourTurn) as err:
        play(state, (1, "r0@3,3"))
    assert err.value.reason == "CANNOT_PLACE"


def test_tx10_when_nobody_can_place_the_game_ends_at_once():
    t = G.apply(play(position(STUCK, STUCK), "oooo"), G.parse_move("I:oooo"))
    assert G.status(t.state).finished
    assert t.state.blocked == (0, 1)
    assert [e["type"] for e in t.events] == ["arranged", "gameOver"]


def test_tx10_a_full_sheet_ends_the_game():
    """Spec example: the last free 2 × 2 block takes an O, every sheet is full, game over."""
    rows = ("xsxsx", "sxsxs", "xs..x", "sx..s", "xsxsx")
    state = arranged(position(rows, rows), "O:oooo")
    state = play(state, (0, "r0@3,3"))
    t = G.apply(state, G.parse_move("r0@3,3"), 1)
    assert G.status(t.state).finished and t.state.end == "sheetsFull"
    with pytest.raises(GameOver):
        G.apply(t.state, G.parse_move("oooo"))


def test_tx10_one_full_sheet_lets_the_round_finish_then_blocks_next_round():
    rows = ("xsxsx", "sxsxs", "xs..x", "sx..s", "xsxsx")
    state = play(arranged(position(rows, ("." * 5,) * 5), "O:oooo"), (0, "r0@3,3"), (1, "r0@1,1"))
    assert state.phase == "roll" and state.round == 2
    state = play(state, "oooo", "O:oooo")
    assert state.blocked == (0,) and G.to_move(state) == (1,)
    assert G.status(play(state, (1, "r0@4,4"))).reason == "cannotPlace"


def test_tx10_status_is_ongoing_until_the_game_ends():
    state = arranged(position(STUCK, STUCK), "O:oooo")
    assert G.status(G.new()) == Status(False)
    assert G.status(state) == Status(True, (0, 1), "cannotPlace")


def test_tx10_ties_share_the_win():
    state = arranged(position(STUCK, STUCK), "O:oooo")
    assert G.status(state).winners == (0, 1)
