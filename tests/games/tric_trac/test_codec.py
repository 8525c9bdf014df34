"""The Tric Trac state document, its validation, schemas, view and picture."""

from __future__ import annotations

import copy
import re
from xml.etree import ElementTree

import pytest

from service.games.core import InvalidState
from service.games.tric_trac import ENGINE

from .helpers import play, position


def opened():
    return play(ENGINE.new(seed="s"), "red 5-3")


def test_encode_new_game():
    assert ENGINE.encode(ENGINE.new()) == {
        "game": "tric-trac",
        "v": 1,
        "options": {
            "mustPlayLarger": False,
            "homeBeforeBearOff": False,
            "hucke": {"red": 13, "black": 12},
            "pointsToWin": 12,
        },
        "points": {"red": {}, "black": {}},
        "start": [15, 15],
        "borneOff": [0, 0],
        "hits": [0, 0],
        "scores": [0, 0],
        "phase": "opening",
        "toMove": None,
        "dice": None,
        "seed": None,
        "chances": 0,
    }


def test_encode_decode_round_trip():
    state = play(opened(), "1/4/9", "2-6")
    doc = ENGINE.encode(state)
    assert doc["points"] == {"red": {"9": 1}, "black": {}}
    assert (doc["phase"], doc["toMove"], doc["dice"]) == ("move", 1, [2, 6])
    assert ENGINE.decode(doc) == state
    won = position({5: 1, 16: 9}, {8: 1, 20: 14}, hits=(6, 0), dice=(2, 3), pointsToWin=12)
    over = play(won, "5/8*")
    assert ENGINE.decode(ENGINE.encode(over)) == over
    assert ENGINE.encode(over)["phase"] == "over"


def problems(doc) -> dict[str, str]:
    with pytest.raises(InvalidState) as err:
        ENGINE.decode(doc)
    return {p.path: p.reason for p in err.value.problems}


def test_decode_lists_every_problem():
    """TT-2 (15 stones), TT-11 (Huckes), TT-14 (scores): all problems at once, with paths."""
    doc = ENGINE.encode(opened())
    doc.update(
        colour="blue",
        points={"red": {"13": 1, "12": 2, "7": 1}, "black": {"7": 2, "25": 1}, "green": {}},
        start=[10, 16],
        scores=[1, 0],
        toMove=None,
    )
    found = problems(doc)
    assert set(found) == {
        "$.colour",
        "$.points.green",
        "$.points.red.13",  # a lone stone in Red's Hucke (TT-11)
        "$.points.red.12",  # Black's Hucke (TT-11)
        "$.points.black.25",  # no such point
        "$.points.black.7",  # both colours on 7
        "$.start[1]",  # (Black's sums are not checked: its entries are wrong already)
        "$.points.red",  # 15 stones (TT-2)
        "$.scores[0]",  # hits + borneOff (TT-14)
        "$.toMove",
    }
    assert "TT-11" in found["$.points.red.13"] and "one colour" in found["$.points.black.7"]


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"phase": "move", "dice": None}, "$.dice"),
        ({"phase": "throw", "dice": [3, 5]}, "$.dice"),
        ({"phase": "play"}, "$.phase"),
        ({"phase": "over", "toMove": None, "dice": None}, "$.phase"),
        ({"phase": "opening", "toMove": None, "dice": None}, "$.phase"),
        ({"toMove": 2}, "$.toMove"),
        ({"dice": [0, 7]}, "$.dice"),
        ({"chances": 0}, "$.chances"),
        ({"chances": -1}, "$.chances"),
        ({"seed": ""}, "$.seed"),
        ({"hits": [0, True]}, "$.hits"),
        ({"options": {"pointsToWin": 40}}, "$.options.pointsToWin"),
        ({"options": {"hucke": [4, 4]}}, "$.options.hucke"),
        ({"options": {"speed": 3}}, "$.options.speed"),
        ({"points": []}, "$.points"),
        ({"points": {"red": {"4": 0, "6": 1}, "black": {}}}, "$.points.red.4"),
        ({"v": 2}, "$.v"),
    ],
)
def test_decode_rejects_each_inconsistency(change, path):
    doc = ENGINE.encode(play(opened(), "1/4 1/6", "2-6"))
    doc.update(copy.deepcopy(change))
    assert path in problems(doc)


def test_tt15_decode_checks_the_score_against_the_end():
    doc = ENGINE.encode(position({5: 1, 16: 9}, {8: 1, 20: 14}, hits=(6, 0), pointsToWin=12))
    doc.update(hits=[7, 0], scores=[12, 0])
    assert "must be over" in problems(doc)["$.phase"]  # TT-15
    doc.update(hits=[9, 0], scores=[14, 0], phase="over", toMove=None, dice=None)
    assert "$.scores[0]" in problems(doc)


@pytest.mark.parametrize("doc", [None, [], "tric-trac", {"game": "mixtour", "v": 1}])
def test_decode_rejects_non_documents(doc):
    with pytest.raises(InvalidState):
        ENGINE.decode(doc)


def test_view_hides_the_seed():
    view = ENGINE.view(opened(), 1)
    assert "seed" not in view and view["chances"] == 1


def test_schemas():
    state, move = ENGINE.state_schema(), ENGINE.move_schema()
    assert state["$id"] == "https://regelwerk.dev/schema/states/tric-trac.json"
    assert move["$id"] == "https://regelwerk.dev/schema/moves/tric-trac.json"
    for schema in (state, move):
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    doc = ENGINE.encode(opened())
    assert set(doc) <= set(state["properties"]) and set(state["required"]) <= set(doc)
    assert set(doc["options"]) == set(state["properties"]["options"]["properties"])
    pattern = re.compile(move["oneOf"][0]["pattern"])
    for text in ("1/4 1/6", "1/4/9", "6/9*/14", "20/off", "PASS", "3-5", "black 6-2"):
        assert pattern.fullmatch(text), text
    for text in ("1/4/9/12", "25/1", "pass pass", "1/off/4"):
        assert not pattern.fullmatch(text), text


def test_render_is_a_readable_svg():
    state = play(opened(), "1/4 1/6", "2-6")
    svg = ENGINE.render(state)
    root = ElementTree.fromstring(svg)
    assert root.tag.endswith("svg")
    text = " ".join(t for t in root.itertext())
    for words in ("Red Hucke", "Black Hucke", "Red start", "Black start", "Black to play 2-6"):
        assert words in text
    assert "13" in text and "15" in text  # stones waiting on the start fields, with counts
    assert "Red 0 – Black 0" in text
    over = ENGINE.render(
        play(
            position({5: 1, 16: 9}, {8: 1, 20: 14}, hits=(6, 0), dice=(2, 3), pointsToWin=12),
            "5/8*",
        )
    )
    assert "Red wins" in over
    assert "opening throw" in ENGINE.render(ENGINE.new())
