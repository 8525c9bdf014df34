"""Tric Trac notation (spec "Notation"): canonical printing, lenient reading, move documents."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.games.core import InvalidNotation
from service.games.tric_trac import ENGINE, PASS, Opening, Step, Throw, Turn
from service.games.tric_trac.moves import OFF, document


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("1/4 1/6", "1/4 1/6"),
        ("1/4 4/9", "1/4/9"),
        ("  1/4\t 1/6 ", "1/4 1/6"),
        ("6/9*/14", "6/9*/14"),
        ("6/9* 9/14", "6/9*/14"),
        ("20/OFF", "20/off"),
        ("19/off 22/off", "19/off 22/off"),
        ("PASS", "pass"),
        ("5-3", "3-5"),
        ("5 - 3", "3-5"),
        ("Black 6-2", "black 2-6"),
        ("red 4-4", "red 4-4"),
    ],
)
def test_notation_round_trip(text, canonical):
    move = ENGINE.parse_move(text)
    assert ENGINE.notation(move) == canonical
    assert ENGINE.parse_move(canonical) == move


def test_notation_objects():
    assert ENGINE.parse_move("1/4/9") == Turn((Step(1, 4), Step(4, 9)))
    assert ENGINE.parse_move("9/12* 20/off") == Turn((Step(9, 12, True), Step(20, OFF)))
    assert ENGINE.parse_move("pass") == PASS == Turn()
    assert ENGINE.parse_move("6-1") == Throw(1, 6)
    assert ENGINE.parse_move("black 1-6") == Opening(1, 1, 6)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "1",
        "1/",
        "/4",
        "25/3",
        "0/3",
        "1/25",
        "off/3",
        "1/off/4",
        "1/4/9/12",
        "1/4 4/9 9/12",
        "7-7",
        "0-3",
        "green 3-5",
        "red 3-7",
        "1/4**",
        "1*/4",
        "pass pass",
        "x" * 300,
        42,
        None,
    ],
)
def test_unparsable_notation_is_refused(text):
    with pytest.raises(InvalidNotation) as err:
        ENGINE.parse_move(text)
    assert err.value.reason


@pytest.mark.parametrize(
    "move",
    [
        PASS,
        Turn((Step(1, 4), Step(4, 9, True))),
        Turn((Step(22, OFF),)),
        Throw(3, 5),
        Opening(1, 2, 6),
    ],
)
def test_move_documents_round_trip(move):
    assert ENGINE.parse_move(document(move)) == move


@pytest.mark.parametrize(
    "doc",
    [
        {},
        {"kind": "turn"},
        {"kind": "turn", "steps": [{"from": 1}]},
        {"kind": "turn", "steps": [{"from": 0, "to": 4}]},
        {"kind": "turn", "steps": [{"from": 1, "to": "out"}]},
        {"kind": "turn", "steps": [{"from": 1, "to": 4, "hit": "yes"}]},
        {"kind": "turn", "steps": [{"from": 1, "to": 4}] * 3},
        {"kind": "throw", "dice": [3, 7]},
        {"kind": "throw", "dice": [True, 3]},
        {"kind": "opening", "player": 2, "dice": [3, 5]},
        {"kind": "pass", "extra": 1},
    ],
)
def test_bad_move_documents_are_refused(doc):
    with pytest.raises(InvalidNotation):
        ENGINE.parse_move(doc)


@settings(deadline=None)  # as every other @given: nothing bounds a wall-clock time by accident
@given(st.text(alphabet="0123456789/* -offpasredblck", max_size=24))
def test_any_text_parses_or_is_refused_cleanly(text):
    try:
        move = ENGINE.parse_move(text)
    except InvalidNotation:
        return
    assert ENGINE.parse_move(ENGINE.notation(move)) == move
