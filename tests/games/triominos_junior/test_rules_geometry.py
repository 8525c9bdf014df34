"""The triangular grid and the fit test: TJ-8, TJ-9 and the joker swap TJ-11.

Coordinates: ``(col,row)`` points up when col + row is even. Around the start tile::

             (0,1)D   (1,1)U
        (-1,0)D  (0,0)U  (1,0)D  (2,0)U
                 (0,-1)D (1,-1)U
"""

from __future__ import annotations

import pytest

from service.games.core import IllegalMove
from service.games.triominos_junior import ENGINE, Place, Swap
from service.games.triominos_junior.grid import CORNERS, NEIGHBOURS, is_up, triangles_at
from service.games.triominos_junior.tiles import DEFAULT_SET, JOKER, canonical, rotations

from .helpers import apply, notations, position

# The start tile 1-2-3: apex (0,1) shows 1, bottom-right (1,0) 2, bottom-left (-1,0) 3.
START = {"0,0": "1-2-3"}


def test_tj8_up_and_down_triangles_share_sides_as_the_spec_says():
    assert is_up((0, 0)) and not is_up((1, 0)) and not is_up((0, -1)) and is_up((1, 1))
    assert NEIGHBOURS[(0, 0)] == ((-1, 0), (1, 0), (0, -1))
    assert NEIGHBOURS[(1, 0)] == ((0, 0), (2, 0), (1, 1))
    for pos in [(0, 0), (1, 0), (-3, 2), (4, -5)]:
        for nb in NEIGHBOURS[pos]:
            assert len(set(CORNERS[pos]) & set(CORNERS[nb])) == 2, "a side is two corners"
            assert pos in NEIGHBOURS[nb]


def test_tj8_a_vertex_is_shared_by_six_triangles():
    for vertex in [(1, 0), (0, 1), (-3, 4)]:
        around = triangles_at(vertex)
        assert len(set(around)) == 6
        assert all(vertex in CORNERS[pos] for pos in around)


def test_tj8_tiles_rotate_but_never_flip():
    assert rotations((1, 2, 3)) == ((1, 2, 3), (2, 3, 1), (3, 1, 2))
    assert (1, 3, 2) not in rotations((1, 2, 3))
    assert rotations((2, 2, 2)) == ((2, 2, 2),)
    assert len(rotations((1, 1, 2))) == 3
    assert rotations(JOKER) == (JOKER,)


def test_tj9_side_corners_must_match():
    # (1,0) points down: bottom (1,0) touches the start's 2, top-left (0,1) its 1.
    state = position(START, [["1-1-2", "4-4-5"], ["5-5-5"]])
    assert notations(state) == ["2-1-1@1,0", "draw"]
    with pytest.raises(IllegalMove) as exc:
        apply(state, "1-1-2@1,0")
    assert exc.value.reason == "CORNER_MISMATCH" and exc.value.rule == "TJ-9"
    assert "bottom corner shows 1 but touches 2" in exc.value.message


def test_tj9_a_tile_must_share_a_complete_side():
    # (2,0) touches the start tile only at the point (1,0).
    state = position(START, [["J"], ["5-5-5"]])
    assert notations(state) == ["J@-1,0", "J@0,-1", "J@1,0", "draw"]
    with pytest.raises(IllegalMove) as exc:
        apply(state, "J@2,0")
    assert (exc.value.reason, exc.value.rule) == ("NO_SHARED_SIDE", "TJ-9")
    with pytest.raises(IllegalMove) as exc:
        apply(state, "J@30,30")
    assert exc.value.reason == "NO_SHARED_SIDE"
    with pytest.raises(IllegalMove) as exc:
        apply(state, "J@0,0")
    assert exc.value.reason == "POSITION_OCCUPIED"


def test_tj9_point_contact_corner_must_match():
    r"""(1,-1) shares a side only with (2,-1); its bottom-left corner (0,-1) touches the 4-4-4
    on (-1,-1) at a point. 2-3-3 matches the side but not that point; 2-3-4 fits.

          (-2,0)U (-1,0)D (0,0)U (1,0)D (2,0)U
          (-2,-1)D (-1,-1)U  ·  [1,-1] (2,-1)D
    """
    layout = {
        "0,0": "1-2-4",
        "1,0": "2-1-2",
        "2,0": "2-2-2",
        "2,-1": "3-2-2",
        "-1,0": "4-5-1",
        "-2,0": "5-4-5",
        "-2,-1": "4-5-4",
        "-1,-1": "4-4-4",
    }
    state = position(layout, [["2-3-3", "2-3-4"], ["5-5-5"]])
    with pytest.raises(IllegalMove) as exc:
        apply(state, "2-3-3@1,-1")
    assert (exc.value.reason, exc.value.rule) == ("CORNER_MISMATCH", "TJ-9")
    assert "bottom-left corner shows 3 but touches 4" in exc.value.message
    assert "2-3-4@1,-1" in notations(state)
    assert not [m for m in notations(state) if m.endswith("@1,-1") and m != "2-3-4@1,-1"]
    after = apply(state, "2-3-4@1,-1").state
    assert ((1, -1), (2, 3, 4)) in after.layout


def test_tj9_point_contact_next_to_a_layout_joker():
    # (2,0) shares its side only with the joker on (1,0), which imposes nothing; its
    # bottom-left corner (1,0) still touches the start tile's 2 at a point.
    state = position({**START, "1,0": "J"}, [["2-4-5", "1-2-5", "2-3-3"], ["5-5-5"]])
    with pytest.raises(IllegalMove) as exc:
        apply(state, "2-4-5@2,0")
    assert exc.value.reason == "CORNER_MISMATCH"
    at_2_0 = sorted(m for m in notations(state) if m.endswith("@2,0"))
    # the apex (2,1) touches only the joker: 3, 4 and 5 are all accepted there
    assert at_2_0 == ["3-3-2@2,0", "4-5-2@2,0", "5-1-2@2,0"]


def test_tj9_a_tile_filling_a_notch_touches_three_tiles():
    r"""(1,0) points down between (0,0), (2,0) and (1,1): bottom 1, top-left 1, top-right 5.

    (-1,1)U (0,1)D (1,1)U (2,1)D (3,1)U
    (-1,0)D (0,0)U [1,0]  (2,0)U (3,0)D
    """
    layout = {
        "0,0": "1-1-1",
        "-1,0": "1-3-1",
        "-1,1": "4-1-3",
        "0,1": "1-4-4",
        "1,1": "4-5-1",
        "2,1": "5-4-4",
        "3,1": "4-5-5",
        "3,0": "5-5-5",
        "2,0": "5-5-1",
    }
    state = position(layout, [["1-1-5", "1-1-4"], ["2-2-2"]])
    assert all(nb in dict(state.layout) for nb in NEIGHBOURS[(1, 0)])
    assert [m for m in notations(state) if m.endswith("@1,0")] == ["1-1-5@1,0"]
    for wrong in ("1-1-4@1,0", "1-5-1@1,0", "5-1-1@1,0"):
        with pytest.raises(IllegalMove) as exc:
            apply(state, wrong)
        assert exc.value.reason == "CORNER_MISMATCH"
    assert apply(state, "1-1-5@1,0").events[0]["type"] == "placed"


def test_tj9_the_joker_fits_every_open_position():
    state = position({**START, "1,0": "2-1-1"}, [["J"], ["5-5-5"]])
    places = [m for m in notations(state) if m.startswith("J@")]
    assert places == ["J@-1,0", "J@0,-1", "J@1,1", "J@2,0"]


def test_tj9_tj10_a_joker_on_the_rack_leaves_the_number_tiles_their_places():
    state = position(START, [["J", "1-1-2"], ["4-4-4"]])
    assert notations(state) == ["J@-1,0", "J@0,-1", "J@1,0", "2-1-1@1,0", "draw"]


def test_tj9_placements_are_deduplicated_by_effect():
    # 2-2-2 has one orientation; two identical rotations are never listed twice.
    state = position({"0,0": "2-2-3"}, [["2-2-2", "1-2-2"], ["5-5-5"]])
    moves = ENGINE.legal_moves(state)
    assert len(set(moves)) == len(moves)
    assert [ENGINE.notation(m) for m in moves if isinstance(m, Place) and m.at == (1, 0)] == [
        "2-2-1@1,0",
        "2-2-2@1,0",
    ]


def test_tj9_identical_rack_tiles_give_one_move_per_position():
    # Option tiles (TJ-1) allows repeated tiles: three 1-1-1 on the rack, one move each.
    tiles = ["J", *["1-1-1"] * 35]
    state = position({"0,0": "1-1-1"}, [["1-1-1"] * 3, ["1-1-1"] * 2], tiles=tiles)
    assert notations(state) == ["1-1-1@-1,0", "1-1-1@0,-1", "1-1-1@1,0", "draw"]


def test_tj11_joker_swap_fits_in_one_rotation_only():
    # The joker on (1,0): bottom touches 2, top-left 1, top-right nothing. Of 1-1-2's three
    # orientations only 2-1-1 fits.
    state = position({**START, "1,0": "J"}, [["1-1-2"], ["5-5-5"]])
    swaps = [m for m in ENGINE.legal_moves(state) if isinstance(m, Swap)]
    assert swaps == [Swap((1, 0), (2, 1, 1))]
    for wrong in ("swap 1-1-2@1,0", "swap 1-2-1@1,0"):
        with pytest.raises(IllegalMove) as exc:
            apply(state, wrong)
        assert (exc.value.reason, exc.value.rule) == ("CORNER_MISMATCH", "TJ-11")
    t = apply(state, "swap 2-1-1@1,0")
    assert dict(t.state.layout)[(1, 0)] == (2, 1, 1)
    assert t.state.racks[0] == (JOKER,)
    assert t.state.coins == state.coins and t.state.supply == state.supply, "no gain, no cost"
    assert t.state.turn == 1
    assert t.events[0] == {"type": "jokerSwapped", "player": 0, "tile": "2-1-1", "at": "1,0"}


def test_tj11_swap_takes_every_neighbour_into_account():
    # 4-5-2 on (2,0) shows 4 at (2,1), the joker's top-right: 2-1-1 no longer fits there.
    state = position({**START, "1,0": "J", "2,0": "4-5-2"}, [["1-1-2"], ["5-5-5"]])
    assert not [m for m in ENGINE.legal_moves(state) if isinstance(m, Swap)]
    with pytest.raises(IllegalMove) as exc:
        apply(state, "swap 2-1-1@1,0")
    assert "top-right corner shows 1 but touches 4" in exc.value.message


def test_tj11_swap_needs_a_joker_there_and_a_number_tile():
    state = position({**START, "1,0": "2-1-1"}, [["1-2-2", "J"], ["5-5-5"]])
    with pytest.raises(IllegalMove) as exc:
        apply(state, "swap 2-1-2@1,0")
    assert (exc.value.reason, exc.value.rule) == ("NO_JOKER_THERE", "TJ-11")
    with_joker = position({**START, "1,0": "J"}, [["1-2-2"], ["5-5-5"]])
    with pytest.raises(IllegalMove) as exc:
        apply(with_joker, "swap 5-5-5@1,0")
    assert exc.value.reason == "TILE_NOT_IN_RACK"


def test_tj11_swap_at_the_points_level_scores_nothing():
    state = position({**START, "1,0": "J"}, [["1-1-2", "3-3-3"], ["5-5-5"]], level="points")
    after = apply(state, "swap 2-1-1@1,0").state
    assert after.points == (0, 0)
    assert sorted(after.racks[0]) == sorted([JOKER, (3, 3, 3)])


def test_tj1_default_set_tiles_read_ascending_clockwise():
    numbered = [t for t in DEFAULT_SET if t != JOKER]
    assert len(numbered) == 35 and JOKER in DEFAULT_SET
    assert all(t == canonical(t) and t[0] <= t[1] <= t[2] for t in numbered)
