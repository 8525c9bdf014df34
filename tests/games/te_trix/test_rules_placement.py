"""TX-7 … TX-9: entering the arrangement — rotations, overhang, no overwriting, one move per
effect — checked against an independent brute force."""

from __future__ import annotations

import pytest

from service.games.core import IllegalMove
from service.games.te_trix import Placement, sheet
from service.games.te_trix.rules import ROLLS, arrangements

from . import reference
from .helpers import G, arranged, play, position

PICTURES = {
    "O": ["##", "##"],
    "I": ["####"],
    "T": ["###", ".#."],
    "L": ["#..", "###"],
    "J": ["..#", "###"],
    "S": [".##", "##."],
    "Z": ["##.", ".##"],
}


def brute_force(rows: list[str], shape: str, symbols: str) -> dict[frozenset, list[str]]:
    """Every (rotation, anchor) that is legal by TX-8, grouped by effect (TX-9).

    Written without the engine: fill the picture's '#' in reading order with the symbols,
    rotate the picture clockwise with zip, slide it over a generous range of anchors.
    """
    size = len(rows)
    it = iter(symbols)
    pic = ["".join(next(it) if ch == "#" else "." for ch in line) for line in PICTURES[shape]]
    effects: dict[frozenset, list[str]] = {}
    for degrees in (0, 90, 180, 270):
        for row in range(-6, size + 6):
            for col in range(-6, size + 6):
                cells = {
                    (row + r, col + c): ch
                    for r, line in enumerate(pic)
                    for c, ch in enumerate(line)
                    if ch != "." and 1 <= row + r <= size and 1 <= col + c <= size
                }
                if cells and all(rows[r - 1][c - 1] == "." for r, c in cells):
                    effects.setdefault(frozenset(cells.items()), []).append(
                        f"r{degrees}@{row},{col}"
                    )
        pic = ["".join(line[c] for line in reversed(pic)) for c in range(len(pic[0]))]
    return effects


def effect_of(state, player: int, move) -> frozenset:
    after = G.apply(state, move, player).state
    before, now = G.encode(state)["sheets"][player], G.encode(after)["sheets"][player]
    return frozenset(
        ((r + 1, c + 1), now[r][c])
        for r in range(state.size)
        for c in range(state.size)
        if before[r][c] != now[r][c]
    )


# Legal placements on an empty 7 × 7 sheet with d4 pre-printed (TX-3), per arrangement.
# O:oooo: 64 anchors of the 2 × 2 box, 4 of them cover d4. Repeated symbols merge rotations
# with equal effect (TX-9), so the counts depend on the symbols, not only on the shape.
COUNTS = {
    "O:oxso": 236,
    "O:oooo": 60,
    "I:oxso": 232,
    "I:oooo": 128,
    "T:oxso": 228,
    "L:oxso": 232,
    "J:oxso": 252,
    "S:oxso": 252,
    "Z:oxso": 232,
    "S:oooo": 124,
}


@pytest.mark.parametrize("arrangement", sorted(COUNTS))
def test_tx8_tx9_placement_counts_match_an_independent_brute_force(arrangement):
    start = G.new(1)
    state = arranged(start, arrangement)
    rows = G.encode(state)["sheets"][0]
    shape, symbols = arrangement.split(":")
    expected = brute_force(rows, shape, symbols)
    moves = G.legal_moves(state, 0)
    assert len(moves) == len(set(moves)) == len(expected) == COUNTS[arrangement]
    assert {effect_of(state, 0, m) for m in moves} == set(expected)
    for m in moves:  # the canonical notation is the first of its effect
        assert expected[effect_of(state, 0, m)][0] == G.notation(m)


def test_tx9_two_rotations_with_the_same_effect_are_one_move():
    state = arranged(G.new(1), "I:oooo")
    moves = G.legal_moves(state, 0)
    assert Placement(0, 1, 1) in moves
    assert Placement(2, 1, 1) not in moves  # r180 of I:oooo writes the same cells
    assert play(state, "r180@1,1") == play(state, "r0@1,1")  # still accepted


def test_tx7_rotation_keeps_the_symbols_in_their_slots():
    state = arranged(G.new(1), "T:oxso")
    after = play(state, "r90@1,1")
    # r90 of T:oxso is  .o / ox / .s
    assert G.encode(after)["sheets"][0][:3] == [".o.....", "ox.....", ".s....."]


def test_tx7_placement_event_lists_the_cells_written():
    state = arranged(G.new(1), "L:oxso")
    event = G.apply(state, G.parse_move("r0@1,1")).events[0]
    assert event == {
        "type": "placed",
        "player": 0,
        "placement": "r0@1,1",
        "cells": {"a1": "o", "a2": "x", "b2": "s", "c2": "o"},
        "overhang": 0,
    }


def test_tx7_the_placement_need_not_touch_earlier_entries():
    state = arranged(G.new(1), "O:oooo")
    assert Placement(0, 6, 6) in G.legal_moves(state, 0)


def test_tx8_no_overwriting():
    state = play(arranged(G.new(1), "O:oooo"), "r0@1,1", "oooo", "O:oooo")
    assert Placement(0, 2, 2) not in G.legal_moves(state, 0)
    with pytest.raises(IllegalMove) as err:
        play(state, "r0@2,2")
    assert (err.value.reason, err.value.rule) == ("CELL_OCCUPIED", "TX-8")
    assert "b2" in err.value.message


def test_tx8_preprinted_cells_are_occupied():
    state = arranged(G.new(1), "O:xxxx")
    with pytest.raises(IllegalMove) as err:
        play(state, "r0@3,3")
    assert (err.value.reason, err.value.rule) == ("CELL_OCCUPIED", "TX-8")
    assert "d4 (pre-printed)" in err.value.message


def test_tx8_overhang_is_allowed_but_one_symbol_must_land():
    state = arranged(G.new(1), "I:oxsx")
    after = G.apply(state, G.parse_move("r0@1,-2"))
    assert after.events[0]["cells"] == {"a1": "x"}
    assert after.events[0]["overhang"] == 3
    with pytest.raises(IllegalMove) as err:
        play(state, "r0@1,-3")
    assert (err.value.reason, err.value.rule) == ("OFF_SHEET", "TX-8")
    with pytest.raises(IllegalMove):
        play(state, "r90@-999,999")


def test_tx8_only_the_four_corners_free_still_takes_an_o():
    """Spec example: one cell on the sheet, three hanging over."""
    full = "xsxsxsx"
    rows = (".sxsxs.", *(full,) * 5, ".sxsxs.")
    state = arranged(position(rows), "O:oxso")
    moves = G.legal_moves(state, 0)
    assert len(moves) == 12  # 4 corners × 3 distinct symbols
    after = G.apply(state, G.parse_move("r0@0,0"))
    assert after.events[0]["cells"] == {"a1": "o"} and after.events[0]["overhang"] == 3


@pytest.mark.parametrize("size", [5, 7, 9])
def test_tx9_candidates_kept_by_symbol_pattern_are_the_plain_ones(size):
    """TX-8, TX-9: the engine keeps one placement per effect for each pattern of equal symbols
    (``sheet.pattern``); for every arrangement that is the plain search's list, in order."""
    for roll in ROLLS:
        for arrangement in arrangements(roll):
            assert sheet.candidates(size, arrangement) == reference.candidates(size, arrangement)
