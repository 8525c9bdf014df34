r"""Enriched move documents and the clickable SVG: what a logic-free front end reads.

Hand-built positions: the start tile 1-2-3 on the up triangle 0,0 reads top 1, bottom-right 2,
bottom-left 3; 2-1-1 on the down triangle 1,0 reads bottom 2, top-left 1, top-right 1::

          1_______1
         /\       /
        /  \ 1,0 /
       / 0,0\   /
      /      \ /
     3--------2
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import replace
from typing import Any
from xml.etree import ElementTree

import jsonschema
import pytest

from service.games.core import InvalidNotation, MoveRequest, driver
from service.games.triominos_junior import ENGINE, Deal, Draw, Pass, Place, Swap
from service.games.triominos_junior.grid import CORNER_NAMES, is_up, pos_name
from service.games.triominos_junior.layout import board_of
from service.games.triominos_junior.state import TriominosState
from service.games.triominos_junior.tiles import JOKER, tile_name

from .helpers import position, random_game

START = {"0,0": "1-2-3"}
TWO = {**START, "1,0": "2-1-1"}
LAY_KEYS = {"kind", "tile", "at", "player", "col", "row", "orientation", "corners", "rackTile"}
VALIDATOR = jsonschema.Draft202012Validator(ENGINE.move_document_schema())


def documented(state: TriominosState, text: str) -> dict[str, Any]:
    """The enriched document of a legal move, checked against the answer schema."""
    move = ENGINE.parse_move(text)
    assert move in ENGINE.legal_moves(state, state.turn), text
    doc = ENGINE.move_document(state, move)
    VALIDATOR.validate(doc)
    return doc


def corners(*pairs: tuple[str, int | None]) -> list[dict[str, Any]]:
    return [{"corner": c, "number": n} for c, n in pairs]


# -- exact documents ---------------------------------------------------------------------------


def test_tj8_tj10_place_on_a_down_triangle():
    state = position(START, [["1-1-2"], ["4-4-4"]])
    assert documented(state, "2-1-1@1,0") == {
        "kind": "place",
        "tile": "2-1-1",
        "at": "1,0",
        "player": 0,
        "col": 1,
        "row": 0,
        "orientation": "down",
        "corners": corners(("bottom", 2), ("top-left", 1), ("top-right", 1)),
        "rackTile": "1-1-2",
    }


def test_tj8_tj10_place_on_an_up_triangle_names_the_rotated_rack_tile():
    # 1,1 points up: its bottom corners touch the 1s of 0,0 and 1,0; the top is free.
    state = position(TWO, [["4-4-4"], ["1-1-3"]], to_move=1)
    assert documented(state, "3-1-1@1,1") == {
        "kind": "place",
        "tile": "3-1-1",
        "at": "1,1",
        "player": 1,
        "col": 1,
        "row": 1,
        "orientation": "up",
        "corners": corners(("top", 3), ("bottom-right", 1), ("bottom-left", 1)),
        "rackTile": "1-1-3",
    }


def test_tj9_tj10_a_placed_joker_has_no_corner_numbers():
    state = position(TWO, [["J", "5-5-5"], ["4-4-4"]])
    assert documented(state, "J@0,-1") == {
        "kind": "place",
        "tile": "J",
        "at": "0,-1",
        "player": 0,
        "col": 0,
        "row": -1,
        "orientation": "down",
        "corners": corners(("bottom", None), ("top-left", None), ("top-right", None)),
        "rackTile": "J",
    }


def test_tj11_swap_names_the_joker_position_and_the_rack_tile():
    state = position({**START, "1,0": "J"}, [["4-4-4"], ["1-1-2", "5-5-5"]], to_move=1)
    assert documented(state, "swap 2-1-1@1,0") == {
        "kind": "swap",
        "tile": "2-1-1",
        "at": "1,0",
        "player": 1,
        "col": 1,
        "row": 0,
        "orientation": "down",
        "corners": corners(("bottom", 2), ("top-left", 1), ("top-right", 1)),
        "rackTile": "1-1-2",
    }


def test_tj12_tj13_draw_and_pass_name_the_mover_and_a_deal_nothing_more():
    state = position(START, [["5-5-5"], ["4-4-4"]], to_move=1)
    assert documented(state, "draw") == {"kind": "draw", "player": 1}
    blocked = ["1-1-1", "J", *["5-5-5"] * 34]
    racks = [["5-5-5"] * 17, ["J", *["5-5-5"] * 17]]
    stuck = position({"0,0": "1-1-1"}, racks, pool=[], tiles=blocked)
    assert documented(stuck, "pass") == {"kind": "pass", "player": 0}
    drawing = replace(state, phase="draw")
    for move, _ in ENGINE.chance_outcomes(drawing):
        assert isinstance(move, Deal)
        doc = ENGINE.move_document(drawing, move)
        assert doc == {"kind": "deal", "tile": tile_name(move.tile)}, "the host's, nothing added"
        VALIDATOR.validate(doc)


# -- parsing enriched documents ----------------------------------------------------------------


def test_parse_move_ignores_derived_fields_and_still_refuses_unknown_keys():
    state = position(START, [["1-1-2"], ["4-4-4"]])
    doc = documented(state, "2-1-1@1,0")
    assert ENGINE.parse_move(doc) == Place((1, 0), (2, 1, 1))
    assert ENGINE.parse_move({**doc, "kind": "swap"}) == Swap((1, 0), (2, 1, 1))
    assert ENGINE.parse_move({"kind": "draw", "player": 0}) == Draw()
    assert ENGINE.parse_move({"kind": "pass", "player": 3}) == Pass()
    assert ENGINE.parse_move({"kind": "deal", "tile": "J"}) == Deal(JOKER)
    for bad in (
        {**doc, "colour": "red"},
        {"kind": "draw", "player": 0, "tile": "J"},
        {"kind": "deal", "tile": "J", "player": 0},
        {"kind": "place", "at": "1,0", "player": 0},
    ):
        with pytest.raises(InvalidNotation) as exc:
            ENGINE.parse_move(bad)
        assert exc.value.reason == "BAD_DOCUMENT", bad


def test_derived_fields_are_checked_against_the_position_in_any_spelling():
    state = position(START, [["1-1-2"], ["4-4-4"]])
    doc = documented(state, "2-1-1@1,0")
    loose = {**doc, "at": " (1, 0) ", "tile": "2 - 1 - 1"}
    played = driver.play_one(ENGINE, state, MoveRequest(loose, 0), auto_chance=False)
    assert played == ENGINE.apply(state, Place((1, 0), (2, 1, 1)), 0)
    for field, wrong in (("player", 1), ("orientation", "up"), ("rackTile", "2-1-1")):
        with pytest.raises(InvalidNotation) as exc:
            driver.play_one(ENGINE, state, MoveRequest({**doc, field: wrong}), auto_chance=False)
        assert (exc.value.reason, exc.value.details["field"]) == ("DOCUMENT_MISMATCH", f"$.{field}")


# -- seeded positions --------------------------------------------------------------------------


def play_positions(count: int, seed: str) -> list[TriominosState]:
    """Positions where a player acts, from random games of 2-4 players at both levels."""
    rng = random.Random(seed)
    out: list[TriominosState] = []
    while len(out) < count:
        players, level = rng.choice((2, 3, 4)), rng.choice(("coins", "points"))
        states = [s for s, _ in random_game(players, level, rng) if s.phase == "play"]
        out.extend(rng.sample(states, min(len(states), 6)))
    return out[:count]


def svg_index(svg: str) -> tuple[ElementTree.Element, dict[str, list[ElementTree.Element]]]:
    root = ElementTree.fromstring(svg)
    at: dict[str, list[ElementTree.Element]] = defaultdict(list)
    for el in root.iter():
        if el.get("data-at") is not None:
            at[el.attrib["data-at"]].append(el)
    return root, at


def of_class(elements: list[ElementTree.Element], cls: str) -> list[ElementTree.Element]:
    return [el for el in elements if el.get("class") == cls]


def test_every_target_and_rack_tile_of_a_legal_move_is_in_the_players_svg():
    """TJ-8…TJ-11: a click on what a document names finds that element, in the mover's view."""
    seen: set[str] = set()
    for state in play_positions(120, "svg-targets"):
        p = state.turn
        assert p is not None
        root, at = svg_index(ENGINE.render(state, p))
        assert root.get("data-game") == "triominos-junior"
        rack = {
            el.get("data-tile")
            for el in root.iter()
            if el.get("class") == "rw-rack-tile" and el.get("data-rack") == str(p)
        }
        for move in ENGINE.legal_moves(state, p):
            doc = ENGINE.move_document(state, move)
            seen.add(doc["kind"])
            if doc["kind"] == "place":
                assert len(of_class(at[doc["at"]], "rw-open")) == 1, doc
            elif doc["kind"] == "swap":
                jokers = of_class(at[doc["at"]], "rw-tile")
                assert [el.get("data-tile") for el in jokers] == ["J"], doc
            if "rackTile" in doc:
                assert doc["rackTile"] in rack, doc
            assert set(doc) <= LAY_KEYS
    assert seen == {"place", "swap", "draw"}


def test_the_svg_marks_every_layout_tile_its_corners_and_every_open_triangle():
    for state in play_positions(40, "svg-layout"):
        svg = ENGINE.render(state, None)
        root, at = svg_index(svg)
        width, height = (float(v) for v in root.attrib["viewBox"].split()[2:])
        board = board_of(state.layout)
        for pos, tile in state.layout:
            name = pos_name(pos)
            (group,) = of_class(at[name], "rw-tile")
            assert group.get("data-tile") == tile_name(tile)
            numbers = [el for el in at[name] if el.get("data-corner")]
            assert all(el.get("pointer-events") == "none" for el in numbers)
            if tile != JOKER:
                names = CORNER_NAMES[0 if is_up(pos) else 1]
                assert [(el.get("data-corner"), int(el.text or "")) for el in numbers] == list(
                    zip(names, tile, strict=True)
                )
        opened = sorted(
            el.get("data-at") or "" for el in root.iter() if el.get("class") == "rw-open"
        )
        assert opened == sorted(pos_name(pos) for pos in board.open)
        for el in root.iter():
            if el.tag.endswith("text"):
                assert el.get("pointer-events") == "none", "labels never swallow a click"
            if el.get("class") == "rw-open":
                for point in el.attrib["points"].split():
                    x, y = (float(v) for v in point.split(","))
                    assert 0 <= x <= width and 0 <= y <= height, "open triangles are in view"


def test_tj17_documents_and_pictures_depend_only_on_what_the_mover_sees():
    """Re-dealing every hidden tile (other racks, the pool) changes no document of the mover's
    legal moves and no pixel of the mover's picture."""
    rng = random.Random("tj17")
    for state in play_positions(80, "tj17-positions"):
        p = state.turn
        assert p is not None
        hidden = [t for q, rack in enumerate(state.racks) if q != p for t in rack]
        hidden += state.pool
        rng.shuffle(hidden)
        racks = []
        for q, rack in enumerate(state.racks):
            if q == p:
                racks.append(rack)
            else:
                racks.append(tuple(sorted(hidden[: len(rack)])))
                hidden = hidden[len(rack) :]
        other = replace(state, racks=tuple(racks), pool=tuple(sorted(hidden)))

        def answers(s: TriominosState, player: int = p) -> list[dict[str, Any]]:
            return [ENGINE.move_document(s, m) for m in ENGINE.legal_moves(s, player)]

        assert answers(other) == answers(state)
        assert ENGINE.render(other, p) == ENGINE.render(state, p)
        for doc in answers(state):
            assert set(doc) <= LAY_KEYS and doc.get("player", p) == p
