"""Mixtour rules MX-1…MX-11, each test naming the rule it checks."""

from __future__ import annotations

import pytest

from service.games.core import GameOver, IllegalMove, InvalidNotation, NotYourTurn, Status
from service.games.mixtour import ENGINE, Pass, Place, Shift

from .helpers import notations, play, position


def test_mx1_board_is_5x5_and_empty_at_start():
    state = ENGINE.new()
    assert len(state.stacks) == 25
    assert all(not s for s in state.stacks)
    assert ENGINE.notation(Place(0)) == "a1"
    assert ENGINE.notation(Place(24)) == "e5"
    assert ENGINE.to_move(state) == (0,)  # White moves first


def test_mx1_mx2_mx3_a_new_game_encodes_an_empty_board_and_full_supplies():
    state = ENGINE.new(None, {"piecesPerPlayer": 8, "pointsToWin": 3}, "s")
    assert ENGINE.encode(state) == {
        "game": "mixtour",
        "v": 1,
        "options": {"piecesPerPlayer": 8, "pointsToWin": 3},
        "board": {},
        "supply": [8, 8],
        "scores": [0, 0],
        "toMove": 0,
        "lastMove": None,
        "passes": 0,
        "seed": "s",
        "chances": 0,
    }
    assert ENGINE.status(state) == Status(False)


def test_mx2_pieces_per_player_default_and_option():
    assert ENGINE.new().supply == (20, 20)
    assert ENGINE.new(options={"piecesPerPlayer": 25}).supply == (25, 25)


@pytest.mark.parametrize("value", [0, 101, "20", True, None, 2.5])
def test_mx2_pieces_per_player_range_is_validated(value):
    from service.games.core import InvalidOptions

    with pytest.raises(InvalidOptions) as err:
        ENGINE.new(options={"piecesPerPlayer": value})
    assert err.value.problems[0].path == "$.options.piecesPerPlayer"


def test_mx3_points_to_win_default_and_option():
    assert ENGINE.new().points_to_win == 5
    assert ENGINE.new(options={"pointsToWin": 1}).points_to_win == 1


def test_unknown_option_and_wrong_player_count_are_refused():
    from service.games.core import InvalidOptions

    with pytest.raises(InvalidOptions, match="1 problem"):
        ENGINE.new(options={"speed": 3})
    with pytest.raises(InvalidOptions, match="2 players, not 3"):
        ENGINE.new(players=3)


def test_mx4_place_on_any_empty_square_from_own_supply():
    state = play(ENGINE.new(), "c3")
    assert state.stacks[12] == (0,)
    assert state.supply == (19, 20)
    assert "c3" not in notations(state)
    with pytest.raises(IllegalMove) as err:
        ENGINE.apply(state, Place(12))
    assert (err.value.reason, err.value.rule) == ("SQUARE_OCCUPIED", "MX-4")


def test_mx4_no_place_with_empty_supply():
    state = position({"a1": "w", "e5": "b"}, pieces=1)
    assert state.supply == (0, 0)
    assert not any(isinstance(m, Place) for m in ENGINE.legal_moves(state))
    with pytest.raises(IllegalMove) as err:
        ENGINE.apply(state, Place(12))
    assert err.value.reason == "NO_SUPPLY"


def test_mx5_move_any_colour_top_n_pieces_in_same_order():
    # b2 holds White, Blue (Blue on top); a 2-high stack on d4 is reached from 2 squares away.
    state = position({"b2": "wb", "d4": "ww"}, to_move=0)
    moves = notations(state)
    assert {"b2-d4", "b2:2-d4", "d4-b2", "d4:2-b2"} <= moves
    after = play(state, "b2:2-d4")
    assert after.stacks[18] == (0, 0, 0, 1)  # d4: White White + White Blue on top
    assert after.stacks[6] == ()
    after = play(state, "b2-d4")
    assert after.stacks[6] == (0,)
    assert after.stacks[18] == (0, 0, 1)


def test_mx5_move_must_land_on_a_stack_not_an_empty_square():
    state = position({"a1": "w"})
    assert notations(state) == {sq for sq in notations(state) if "-" not in sq}
    with pytest.raises(IllegalMove) as err:
        ENGINE.apply(state, ENGINE.parse_move("a1-a2"))
    assert (err.value.reason, err.value.rule) == ("EMPTY_TARGET", "MX-5")


def test_mx5_straight_lines_only_and_no_jumping():
    state = position({"a1": "w", "b3": "bb"})
    with pytest.raises(IllegalMove) as err:
        ENGINE.apply(state, ENGINE.parse_move("a1-b3"))
    assert err.value.reason == "NOT_A_LINE"
    state = position({"a1": "w", "a2": "b", "a3": "bb"})
    with pytest.raises(IllegalMove) as err:
        ENGINE.apply(state, ENGINE.parse_move("a1-a3"))
    assert err.value.reason in {"PATH_BLOCKED", "WRONG_DISTANCE"}


def test_mx5_cannot_take_more_pieces_than_the_stack_has():
    state = position({"a1": "w", "b2": "b"})
    with pytest.raises(IllegalMove) as err:
        ENGINE.apply(state, ENGINE.parse_move("a1:2-b2"))
    assert err.value.reason == "NOT_ENOUGH_PIECES"


def test_mx6_distance_equals_height_of_receiving_stack():
    state = position({"a1": "w", "c1": "bb", "b3": "w"})
    moves = notations(state)
    assert "a1-c1" in moves  # 2 away, receiving height 2
    assert "c1-a1" not in moves  # a1 is 1 high but 2 squares away
    with pytest.raises(IllegalMove) as err:
        ENGINE.apply(state, ENGINE.parse_move("c1-a1"))
    assert (err.value.reason, err.value.rule) == ("WRONG_DISTANCE", "MX-6")


def test_mx6_seed_figure_2_distance_and_blocking():
    """Seed figure 2: e4 reaches the 3-stack on b4; e1 cannot (d2 and c3 occupied)."""
    state = position({"b4": "wbw", "e4": "b", "e1": "w", "d2": "b", "c3": "w"})
    moves = notations(state)
    assert "e4-b4" in moves
    assert not any(m.startswith("e1") and m.endswith("b4") for m in moves)
    with pytest.raises(IllegalMove) as err:
        ENGINE.apply(state, ENGINE.parse_move("e1-b4"))
    assert (err.value.reason, err.value.rule) == ("PATH_BLOCKED", "MX-5")


def test_mx6_seed_figure_3_single_piece_reached_by_every_neighbour():
    """Seed figure 3: a single piece on b2 is reached from all 8 neighbours."""
    neighbours = ["a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"]
    board = dict.fromkeys(neighbours, "ww") | {"b2": "b"}
    moves = notations(position(board))
    for sq in neighbours:
        assert f"{sq}-b2" in moves
        assert f"{sq}:2-b2" in moves


def test_mx7_take_back_worked_example():
    """MX-7 spec example: a1 2-high, b2 single; White a1-b2; Blue may not b2-a1."""
    state = position({"a1": "ww", "b2": "b"}, to_move=0)
    state = play(state, "a1-b2")
    assert state.stacks[0] == (0,) and state.stacks[6] == (1, 0)
    moves = notations(state)
    assert "b2-a1" not in moves
    assert "b2:2-a1" in moves
    with pytest.raises(IllegalMove) as err:
        ENGINE.apply(state, ENGINE.parse_move("b2-a1"))
    assert (err.value.reason, err.value.rule) == ("TAKE_BACK_FORBIDDEN", "MX-7")
    # Once Blue has made any other move, White may play b2-a1.
    state = play(state, "e5")
    assert "b2-a1" in notations(state)


def test_mx7_placements_and_passes_create_no_ban():
    state = play(position({"a1": "w"}, to_move=0), "b2")
    assert "b2-a1" in notations(state) and "a1-b2" in notations(state)
    # After a pass the previous shift no longer bans anything.
    state = position({"a1": "w", "e5": "b"}, to_move=0, pieces=1, last="pass", passes=1)
    assert "a1-e5" not in notations(state)  # too far: nothing but pass
    assert ENGINE.legal_moves(state) == (Pass(),)


def test_mx8_pass_only_when_nothing_else_is_legal():
    state = ENGINE.new()
    with pytest.raises(IllegalMove) as err:
        ENGINE.apply(state, Pass())
    assert (err.value.reason, err.value.rule) == ("PASS_NOT_ALLOWED", "MX-8")
    stuck = position({"a1": "w", "c5": "b"}, pieces=1)
    assert ENGINE.legal_moves(stuck) == (Pass(),)


def test_mx8_the_search_path_counts_and_plays_the_pass_too():
    """successor and count_legal (perft, bots) on a position where only the pass is left,
    decoded with a seed and a chance count that the pass must keep."""
    doc = ENGINE.encode(position({"a1": "w", "c5": "b"}, pieces=1))
    stuck = ENGINE.decode({**doc, "seed": "s", "chances": 3})
    assert ENGINE.count_legal(stuck) == 1 and ENGINE.count_legal(stuck, 1) == 0
    assert ENGINE.successor(stuck, Pass()) == ENGINE.apply(stuck, Pass()).state
    for pieces in (1, 2):  # supplies empty (a1-b1 and b1-a1 alone), then places as well
        doc = ENGINE.encode(position({"a1": "w", "b1": "b"}, pieces=pieces))
        moving = ENGINE.decode({**doc, "seed": "s", "chances": 3})
        assert ENGINE.count_legal(moving) == len(ENGINE.legal_moves(moving))
        for move in ENGINE.legal_moves(moving):
            assert ENGINE.successor(moving, move) == ENGINE.apply(moving, move).state


def test_mx8_two_passes_in_a_row_draw():
    stuck = position({"a1": "w", "c5": "b"}, pieces=1)
    once = ENGINE.apply(stuck, Pass()).state
    assert ENGINE.to_move(once) == (1,)
    twice = ENGINE.apply(once, Pass())
    status = ENGINE.status(twice.state)
    assert status.finished and status.winners == () and status.reason == "draw"
    assert ENGINE.legal_moves(twice.state) == ()
    assert {"type": "gameOver", "winners": [], "reason": "draw"} in twice.events


def test_mx8_a_move_between_two_passes_resets_the_count():
    """Pass, move, pass is no draw: only two passes *in a row* end the game (MX-8).
    White's two pieces stand on a1 with nothing to reach, her supply is empty; Blue places
    on b3, out of line with a1, so White must pass again."""
    stuck = position({"a1": "ww"}, pieces=2, supply=(0, 2))
    assert ENGINE.legal_moves(stuck) == (Pass(),)
    after = play(stuck, "pass", "b3")
    assert after.passes == 0
    assert ENGINE.legal_moves(after) == (Pass(),)
    again = ENGINE.apply(after, Pass())
    assert not ENGINE.status(again.state).finished
    assert again.state.passes == 1
    assert not any(e["type"] == "gameOver" for e in again.events)
    assert ENGINE.to_move(again.state) == (1,)


def test_mx9_stack_of_five_removed_top_owner_scores_even_opponent():
    # White moves a Blue-topped pair onto a 3-stack: the 5-stack's top is Blue, Blue scores.
    state = position({"a1": "wwb", "a4": "wb"}, to_move=0)
    t = ENGINE.apply(state, ENGINE.parse_move("a4:2-a1"))
    after = t.state
    assert after.stacks[0] == () and after.stacks[15] == ()
    assert after.points == (0, 1)
    assert after.supply == (20, 20)  # every piece back to its owner
    assert {
        "type": "stackRemoved",
        "square": "a1",
        "pieces": 5,
        "scorer": 1,
        "scores": [0, 1],
    } in t.events


def test_mx9_the_breakdown_counts_each_players_pieces_on_the_board():
    state = position({"a1": "wwb", "c3": "w"}, scores=(1, 0))
    assert ENGINE.scores(state).breakdown == {
        "points": [1, 0],
        "pointsToWin": 5,
        "supply": [17, 19],
        "onBoard": [3, 1],
    }


def test_mx9_stacks_above_five_are_removed_too():
    state = position({"a1": "wwww", "e5": "bbbb"}, to_move=0)
    # e5 (4 high) cannot reach a1 (4 squares diagonal) unless b2..d4 are empty: they are.
    after = play(state, "e5:4-a1")
    assert after.stacks[0] == ()
    assert after.points == (0, 1)  # the 8-stack's top piece is Blue
    assert after.supply == (20, 20)


def test_mx10_first_to_points_to_win_wins_at_once_and_game_has_no_moves():
    # Blue moves White's single piece onto the 4-stack: the 5-stack is White's, White wins.
    state = position({"a1": "bbbb", "e5": "w"}, to_move=1, scores=(4, 0))
    t = ENGINE.apply(state, ENGINE.parse_move("e5-a1"), player=1)
    status = ENGINE.status(t.state)
    assert status.finished and status.winners == (0,) and status.reason == "points"
    assert ENGINE.to_move(t.state) == ()
    assert ENGINE.legal_moves(t.state) == ()
    with pytest.raises(GameOver):
        ENGINE.apply(t.state, Place(12))


def test_mx10_points_to_win_option_one():
    state = position({"a1": "bbbb", "e5": "w"}, points_to_win=1)
    after = play(state, "e5-a1")
    assert ENGINE.status(after).winners == (0,)


def test_mx11_no_automatic_repetition_draw():
    """A four-ply cycle repeats the position again and again; the game goes on."""
    start = position({"a1": "ww", "a2": "b", "d4": "bb", "d5": "w"}, pieces=3, supply=(0, 0))
    state = start
    for _ in range(5):
        state = play(state, "a1-a2", "d4-d5", "a2-a1", "d5-d4")
        assert state.stacks == start.stacks and state.turn == start.turn
        assert not ENGINE.status(state).finished


def test_player_who_is_not_to_move_is_refused():
    with pytest.raises(NotYourTurn):
        ENGINE.apply(ENGINE.new(), Place(0), player=1)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("b2", "b2"),
        (" B2 ", "b2"),
        ("a1-b2", "a1-b2"),
        ("a1:1-b2", "a1-b2"),
        ("C4:3-D3", "c4:3-d3"),
        ("PASS", "pass"),
    ],
)
def test_notation_parsing_is_case_insensitive_and_printing_canonical(text, canonical):
    assert ENGINE.notation(ENGINE.parse_move(text)) == canonical


@pytest.mark.parametrize("text", ["", "f1", "a0", "a1-", "a1:0-b2", "a1b2", "pas", "a1-b2-c3"])
def test_bad_notation_is_invalid_notation(text):
    with pytest.raises(InvalidNotation):
        ENGINE.parse_move(text)


def test_move_documents_round_trip():
    from service.games.mixtour.moves import document

    for move in (Place(3), Shift(0, 2, 6), Pass()):
        assert ENGINE.parse_move(document(move)) == move
    with pytest.raises(InvalidNotation):
        ENGINE.parse_move({"kind": "shift", "from": "a1", "to": "z9"})


@pytest.mark.parametrize(
    ("board", "pieces", "supply", "last"),
    [
        ({}, 20, None, None),  # the start: every placement counted without being made
        ({"a1": "w", "b2": "b", "c3": "b", "d4": "w"}, 20, None, "c3"),
        ({"a1": "w", "b1": "b", "c3": "b"}, 2, (1, 0), "c3"),  # Blue has none to place
        # Blue has nothing to place: a placement apart from every piece leaves Blue the pass
        ({"a1": "w", "c5": "b", "e1": "b"}, 2, (1, 0), None),
        ({"a1": "wb", "c3": "w", "d4": "b"}, 20, None, "d4"),  # a higher stack: made, counted
        ({"a1": "w", "b1": "bw"}, 20, None, "a1-b1"),  # b1-a1 banned (MX-7)
    ],
)
def test_mx7_mx8_perft_counts_the_next_moves_as_made_positions_do(board, pieces, supply, last):
    """perft's last two plies (``count_next``) add up what each position one move ahead
    counts: placements among single pieces counted without making them (MX-4, MX-5, MX-6),
    the pass when nothing else is left (MX-8), no reverse ban after a placement (MX-7)."""
    state = position(board, last=last, pieces=pieces, supply=supply)
    plain = sum(ENGINE.count_legal(ENGINE.successor(state, m)) for m in ENGINE.legal_moves(state))
    assert ENGINE.count_next(state) == plain
