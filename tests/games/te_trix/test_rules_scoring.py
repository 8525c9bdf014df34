"""TX-11: regions of orthogonally connected equal symbols; fewer than 5 cells are struck;
per symbol (regions kept) × (cells in them), summed over the three symbols."""

from __future__ import annotations

from dataclasses import replace

from service.games.te_trix import scoring

from .helpers import G, play, position, sheet


def points(*rows: str) -> int:
    return scoring.sheet_points(sheet(*rows), len(rows))


def test_tx11_spec_example_scores_26_for_one_symbol():
    """Regions of 6, 7 and 3 cells: the 3 is struck, 2 regions × 13 cells = 26."""
    rows = ("oooooo.", ".......", "ooooooo", ".......", "ooo....", ".......", ".......")
    assert points(*rows) == 26
    o = scoring.breakdown(sheet(*rows), 7, None, 0)["symbols"]["o"]
    assert [(r["size"], r["struck"]) for r in o["regions"]] == [(6, False), (7, False), (3, True)]
    assert (o["kept"], o["cells"], o["points"], o["arithmetic"]) == (2, 13, 26, "2 × 13 = 26")
    assert o["regions"][2]["cells"] == ["a5", "b5", "c5"]


def test_tx11_exactly_four_cells_are_struck_five_count():
    assert points("oooo.", ".....", ".....", ".....", ".....") == 0
    assert points("ooooo", ".....", ".....", ".....", ".....") == 5
    assert points("oooo.", "o....", ".....", ".....", ".....") == 5


def test_tx11_diagonal_contact_does_not_connect():
    # Two regions of 5 meeting only at the corner b2/c3: 2 × 10, not 1 × 10.
    rows = ("ooo....", "oo.....", "..ooo..", "..oo...", ".......", ".......", ".......")
    assert points(*rows) == 20
    # Two threes touching diagonally would be a six if diagonals counted; both are struck.
    assert points("oo...", "o....", ".oo..", ".o...", ".....") == 0


def test_tx11_different_symbols_never_merge_and_scores_add_up():
    rows = ("ooooo", "xxxxx", "sssss", "s....", "oooo.")
    # o: 5 kept, 4 struck → 1 × 5; x: 1 × 5; s: 1 × 6
    assert points(*rows) == 16


def test_tx11_the_preprinted_cell_counts_in_a_region():
    """Player 0's pre-printed circle on d4 completes a region of five with an entered L."""
    state = play(G.new(1), "oooo", "L:oooo", "r0@3,1")  # a3, a4, b4, c4 + d4
    assert G.scores(state).values == (5,)
    region = G.scores(state).breakdown["players"][0]["symbols"]["o"]["regions"][0]
    assert region == {"cells": ["a3", "a4", "b4", "c4", "d4"], "size": 5, "struck": False}


def test_tx11_breakdown_per_player_and_symbol():
    state = position(("ooooo", "x....", ".....", ".....", "....."), ("." * 5,) * 5)
    scores = G.scores(state)
    assert scores.values == (5, 0)
    first = scores.breakdown["players"][0]
    assert set(first["symbols"]) == {"o", "x", "s"}
    assert first["symbols"]["x"]["regions"] == [{"cells": ["a2"], "size": 1, "struck": True}]
    assert first["sheet"] == first["total"] == 5
    assert "bar" not in first
    assert scores.breakdown["minRegion"] == 5


def test_tx11_highest_score_wins_and_ties_share():
    leader = ("ooooo", *(".....",) * 4)
    over = replace(position(leader, ("." * 5,) * 5), phase="over", end="cannotPlace", blocked=(1,))
    assert G.status(over).winners == (0,)
    level = replace(position(leader, leader), phase="over", end="cannotPlace", blocked=(0, 1))
    assert G.status(level).winners == (0, 1)
