"""Enriched move documents (what a move touches, named as the SVG names it) and the clickable
SVG: an arrangement's ``slots`` (TX-6), a placement's ``cells``, ``overhang`` (TX-7, TX-8)
and solo ``bar`` fields (TX-13); every one of them is an element of the rendered picture."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET

import pytest

from service.games.core import InvalidNotation, MoveRequest, driver
from service.games.te_trix import Placement

from .helpers import EMPTY7, G, arranged, play, position

NS = "{http://www.w3.org/2000/svg}"
CORNERS_FREE = (".sxsxs.", *("xsxsxsx",) * 5, ".sxsxs.")


def doc(state, text: str):
    return G.move_document(state, G.parse_move(text))


def test_tx8_every_move_document_is_a_new_object():
    """TX-8: the cells come from tables, but a document changed by its reader leaves the
    next answer alone."""
    state = arranged(position(EMPTY7), "T:oxso")
    first = doc(state, "r0@1,1")
    first["cells"][0]["symbol"] = "changed"
    first["cells"].clear()
    assert doc(state, "r0@1,1")["cells"][0] == {"cell": "a1", "row": 1, "col": 1, "symbol": "o"}


def test_tx13_corner_o_in_solo_lands_one_cell_and_crosses_three_bar_fields():
    """Spec worked example (TX-8, TX-13): only the corners are free; an O at a1 hangs three
    symbols over the edge and crosses the first three bar fields."""
    state = arranged(position(CORNERS_FREE, solo=True, bar=8), "O:oxso")
    assert doc(state, "r0@0,0") == {
        "kind": "place",
        "rotation": 0,
        "row": 0,
        "col": 0,
        "cells": [{"cell": "a1", "row": 1, "col": 1, "symbol": "o"}],
        "overhang": 3,
        "bar": [1, 2, 3],
    }
    assert doc(state, "r0@7,7")["cells"] == [{"cell": "g7", "row": 7, "col": 7, "symbol": "o"}]


def test_tx13_bar_fields_continue_after_the_crossed_ones():
    state = arranged(position(CORNERS_FREE, solo=True, bar=5), "O:oxso")
    assert doc(state, "r0@0,7")["bar"] == [4, 5, 6]
    after = play(state, "r0@0,7")
    assert after.bar == 2
    crossed = {
        int(r.get("data-bar")): r.get("data-crossed") == "true"
        for r in ET.fromstring(G.render(after)).iter(f"{NS}rect")
        if r.get("class") == "rw-bar"
    }
    assert crossed == {i: i <= 6 for i in range(1, 9)}


def test_tx7_rotated_t_names_its_cells_in_the_shapes_reading_order():
    """r90 turns T:oxso clockwise: the top bar becomes the right column, the stem points left;
    every symbol keeps its slot (TX-7). Several players: no bar fields."""
    state = arranged(position(EMPTY7, EMPTY7), "T:oxso")
    assert doc(state, "r90@2,3") == {
        "kind": "place",
        "rotation": 90,
        "row": 2,
        "col": 3,
        "cells": [
            {"cell": "d2", "row": 2, "col": 4, "symbol": "o"},
            {"cell": "d3", "row": 3, "col": 4, "symbol": "x"},
            {"cell": "d4", "row": 4, "col": 4, "symbol": "s"},
            {"cell": "c3", "row": 3, "col": 3, "symbol": "o"},
        ],
        "overhang": 0,
        "bar": [],
    }


def test_tx8_a_t_hanging_over_the_edge_lists_only_the_cells_on_the_sheet():
    state = arranged(position(EMPTY7, EMPTY7), "T:oxso")
    # r180: stem on top (slot 3 at (0,1)), the bar reversed below: s x o from left to right.
    assert doc(state, "r180@7,6") == {
        "kind": "place",
        "rotation": 180,
        "row": 7,
        "col": 6,
        "cells": [{"cell": "g7", "row": 7, "col": 7, "symbol": "o"}],
        "overhang": 3,
        "bar": [],
    }


def test_tx9_a_non_canonical_spelling_of_a_placement_is_documented_as_spelled():
    """TX-9: r180 of I:oooo writes what r0 writes, so legal moves list only r0; r180 is
    still legal when sent, and documented as spelled (slots in the shape's reading order)."""
    state = arranged(position(EMPTY7, EMPTY7), "I:oooo")
    assert G.parse_move("r180@1,1") not in G.legal_moves(state, 0)
    r180 = doc(state, "r180@1,1")
    assert [c["cell"] for c in r180["cells"]] == ["d1", "c1", "b1", "a1"]
    sent = MoveRequest(r180, 0)
    assert driver.play_one(G, state, sent, auto_chance=False).state.sheets[0].rows(7)[0] == (
        "oooo..."
    )


def test_tx6_an_arrangement_lists_its_slots_in_base_orientation():
    state = play(G.new(2), "ooxs")
    assert doc(state, "T:oxso") == {
        "kind": "arrange",
        "shape": "T",
        "symbols": "oxso",
        "slots": [
            {"row": 0, "col": 0, "symbol": "o"},
            {"row": 0, "col": 1, "symbol": "x"},
            {"row": 0, "col": 2, "symbol": "s"},
            {"row": 1, "col": 1, "symbol": "o"},
        ],
    }
    assert [(s["row"], s["col"]) for s in doc(state, "S:ooxs")["slots"]] == [
        (0, 1),
        (0, 2),
        (1, 0),
        (1, 1),
    ]


def test_rolls_and_stop_add_nothing():
    assert G.move_document(G.new(2), G.parse_move("sxoo")) == {"kind": "roll", "symbols": "ooxs"}
    solo = play(G.new(1, {"solo": True}), "ooxs")
    assert doc(solo, "stop") == {"kind": "stop"}
    placing = play(solo, "T:oxso")  # an arrangement to place: still nothing to add
    assert doc(placing, "stop") == {"kind": "stop"}
    assert doc(placing, "sxoo") == {"kind": "roll", "symbols": "ooxs"}


def test_documents_with_derived_fields_parse_but_unknown_keys_do_not():
    state = arranged(position(EMPTY7, EMPTY7), "T:oxso")
    full = doc(state, "r90@2,3")
    assert G.parse_move(full) == Placement(1, 2, 3)
    assert G.parse_move({"kind": "place", "rotation": 90, "row": 2, "col": 3, "bar": []})
    for bad in (
        {**full, "player": 0},
        {**full, "slots": []},
        {"kind": "roll", "symbols": "oooo", "cells": []},
    ):
        with pytest.raises(InvalidNotation) as err:
            G.parse_move(bad)
        assert err.value.reason == "BAD_DOCUMENT"


def test_a_document_from_another_position_is_refused():
    """The derived fields must agree with the position the move is played in."""
    elsewhere = arranged(position(CORNERS_FREE, solo=True, bar=5), "O:oxso")
    here = arranged(position(CORNERS_FREE, solo=True, bar=8), "O:oxso")
    sent = doc(elsewhere, "r0@0,0")
    with pytest.raises(InvalidNotation) as err:
        driver.play_one(G, here, MoveRequest(sent), auto_chance=False)
    assert err.value.reason == "DOCUMENT_MISMATCH"
    assert err.value.details["field"].startswith("$.bar")
    after = driver.play_one(G, elsewhere, MoveRequest(sent), auto_chance=False).state
    assert after.bar == 2


# --- the clickable SVG ---------------------------------------------------------------------

CASES = [
    (2, {}),
    (3, {}),
    (4, {"size": 5}),
    (1, {"solo": True}),
    (1, {"solo": True, "size": 6}),
    (2, {"size": 9}),
]


def place_positions(players: int, options: dict, rng: random.Random, count: int):
    """Seeded games' placement positions (and arrangement positions) as (state, player)."""
    out = []
    game = 0
    while len(out) < count:
        game += 1
        state = driver.start(G, players, options, f"svg-{players}-{options}-{game}").state
        while not G.status(state).finished and len(out) < count:
            mover = rng.choice(G.to_move(state))
            out.append((state, mover))
            state = G.apply(state, rng.choice(G.legal_moves(state, mover)), mover).state
            state = driver.resolve_chance(G, state).state
    return out


def index(svg: str):
    root = ET.fromstring(svg)
    cells = {
        (e.get("data-sheet"), e.get("data-cell")): e
        for e in root.iter()
        if e.get("data-cell") is not None
    }
    bars = {(e.get("data-sheet"), e.get("data-bar")): e for e in root.iter() if e.get("data-bar")}
    return root, cells, bars


@pytest.mark.parametrize(("players", "options"), CASES)
def test_every_cell_and_bar_field_a_move_names_is_in_the_svg(players, options):
    """TX-7, TX-8, TX-13: a click on the SVG finds what the legal moves name."""
    rng = random.Random(f"svg-{players}-{options}")
    named = crossing = 0
    for state, player in place_positions(players, options, rng, 25):
        root, cells, bars = index(G.render(state, player))
        assert root.get("data-game") == "te-trix"
        assert len(cells) == players * state.size**2
        sheets = [g for g in root.iter(f"{NS}g") if g.get("class") == "rw-sheet"]
        assert [g.get("data-sheet") for g in sheets] == [str(p) for p in range(players)]
        if state.arrangement is not None:
            assert [g for g in root.iter(f"{NS}g") if g.get("class") == "rw-arrangement"]
        for move in G.legal_moves(state, player):
            full = json.loads(json.dumps(G.move_document(state, move)))
            for cell in full.get("cells", []):
                e = cells[(str(player), cell["cell"])]
                assert e.tag == f"{NS}rect" and e.get("class") == "rw-cell"
                assert (e.get("data-row"), e.get("data-col")) == (
                    str(cell["row"]),
                    str(cell["col"]),
                )
                named += 1
            for field in full.get("bar", []):
                e = bars[(str(player), str(field))]
                assert (e.get("class"), e.get("data-crossed")) == ("rw-bar", "false")
                crossing += 1
    assert named > 1000
    assert crossing if options.get("solo") else not crossing


def test_symbols_and_outlines_do_not_swallow_clicks():
    state = play(G.new(2), "oooo", "L:oooo", (0, "r0@3,1"), (1, "r0@1,1"), "ooxs", "T:oxso")
    root = ET.fromstring(G.render(state))
    for e in root.iter():
        clickable = e.get("class") in ("rw-cell", "rw-bar")
        if e.tag in (f"{NS}circle", f"{NS}path") or (
            e.tag == f"{NS}rect" and not clickable and e.get("width") != root.get("width")
        ):
            assert e.get("pointer-events") == "none", ET.tostring(e)


def test_pre_printed_cells_are_cells_too():
    """TX-3: the pre-printed d4 is drawn on its cell, which still carries its name."""
    _, cells, _ = index(G.render(G.new(2)))
    d4 = cells[("1", "d4")]
    assert (d4.get("data-row"), d4.get("data-col"), d4.get("fill")) == ("4", "4", "#e5e7eb")
