"""Notation (spec "Notation"): ooxs, T:oxso, r90@2,3, stop — and move documents."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.games.core import InvalidNotation
from service.games.te_trix import Arrangement, Placement, Roll, Stop
from service.games.te_trix.moves import document

from .helpers import G


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("ooxs", Roll((0, 0, 1, 2))),
        ("T:oxso", Arrangement(2, (0, 1, 2, 0))),
        ("r90@2,3", Placement(1, 2, 3)),
        ("r0@0,6", Placement(0, 0, 6)),
        ("r270@-2,-1", Placement(3, -2, -1)),
        ("stop", Stop()),
    ],
)
def test_canonical_notation_round_trips(text, move):
    assert G.parse_move(text) == move
    assert G.notation(move) == text
    assert G.parse_move(document(move)) == move


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("SXOO", "ooxs"), ("t : OXSO", "T:oxso"), (" R90 @ 2, 3 ", "r90@2,3"), ("Stop", "stop")],
)
def test_parsing_forgives_case_spacing_and_roll_order(text, canonical):
    assert G.notation(G.parse_move(text)) == canonical


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("ooo", "UNPARSABLE"),
        ("Q:oxso", "UNPARSABLE"),
        ("T:oxsa", "UNPARSABLE"),
        ("r45@1,1", "BAD_ROTATION"),
        ("r90@1", "UNPARSABLE"),
        ("r90@1000,1", "UNPARSABLE"),
        ("", "UNPARSABLE"),
    ],
)
def test_unparsable_text_is_invalid_notation(text, reason):
    with pytest.raises(InvalidNotation) as err:
        G.parse_move(text)
    assert err.value.reason == reason


@pytest.mark.parametrize(
    "doc",
    [
        {"kind": "place", "rotation": 90, "row": 1},
        {"kind": "place", "rotation": 45, "row": 1, "col": 1},
        {"kind": "place", "rotation": 0, "row": True, "col": 1},
        {"kind": "arrange", "shape": "Q", "symbols": "oxso"},
        {"kind": "roll", "symbols": "oxs"},
        {"kind": "stop", "extra": 1},
        {"kind": 3},
    ],
)
def test_bad_move_documents_are_invalid_notation(doc):
    with pytest.raises(InvalidNotation):
        G.parse_move(doc)


def test_a_non_string_is_invalid_notation():
    with pytest.raises(InvalidNotation) as err:
        G.parse_move(42)  # type: ignore[arg-type]
    assert err.value.reason == "NOT_A_STRING"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="oxsOITLJSZr@:,-0123456789 tp", max_size=14))
def test_any_text_parses_or_raises_invalid_notation(text):
    try:
        move = G.parse_move(text)
    except InvalidNotation:
        return
    assert G.parse_move(G.notation(move)) == move
