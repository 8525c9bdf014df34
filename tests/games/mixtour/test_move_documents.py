"""Mixtour move documents as the service lists them: exact shapes per kind, and the two JSON
Schemas (answers with every field required; requests as lenient as the parser's spellings)."""

from __future__ import annotations

import jsonschema
import pytest

from service.games.mixtour import ENGINE, Pass, Place, Shift
from service.games.mixtour.board import INDEX, SQUARES

from .helpers import notations, position

ANSWER = jsonschema.Draft202012Validator(ENGINE.move_document_schema())
REQUEST = jsonschema.Draft202012Validator(ENGINE.move_schema())


def test_mx4_a_placement_names_its_square():
    state = position({"c3": "b"})
    move = ENGINE.parse_move("b2")
    assert move in ENGINE.legal_moves(state)
    assert ENGINE.move_document(state, move) == {"kind": "place", "square": "b2"}
    assert ENGINE.move_document(state, Place(INDEX["e5"])) == {"kind": "place", "square": "e5"}


def test_mx5_a_one_piece_move_carries_its_count():
    state = position({"a1": "ww", "b2": "b"}, to_move=1)
    move = ENGINE.parse_move("a1-b2")
    assert move in ENGINE.legal_moves(state)
    assert ENGINE.move_document(state, move) == {
        "kind": "shift",
        "from": "a1",
        "to": "b2",
        "count": 1,
    }


def test_mx6_a_three_piece_move_three_squares_away():
    # 4 . . . .      a three-stack on b4 is reached from e4 over d4 and c4 (MX-6);
    # . . . . .      White takes three of e4's four pieces
    state = position({"b4": "wbw", "e4": "bwbw"})
    move = ENGINE.parse_move(" E4:3-B4 ")
    assert move == Shift(INDEX["e4"], 3, INDEX["b4"]) and move in ENGINE.legal_moves(state)
    assert ENGINE.move_document(state, move) == {
        "kind": "shift",
        "from": "e4",
        "to": "b4",
        "count": 3,
    }


def test_mx8_the_forced_pass():
    state = position({"a1": "w", "c3": "b"}, to_move=1, pieces=1)
    assert notations(state) == {"pass"}
    assert ENGINE.move_document(state, Pass()) == {"kind": "pass"}


def test_mx9_a_whole_four_stack_is_the_largest_count_the_answers_allow():
    state = position({"a1": "wbwb", "b2": "b"})
    assert "a1:4-b2" in notations(state)
    doc = ENGINE.move_document(state, ENGINE.parse_move("a1:4-b2"))
    ANSWER.validate(doc)
    assert not ANSWER.is_valid({**doc, "count": 5})
    assert not ANSWER.is_valid({**doc, "count": 0})


def test_answers_require_every_field_and_name_squares_in_lower_case():
    assert ANSWER.is_valid({"kind": "shift", "from": "a1", "to": "b2", "count": 1})
    assert not ANSWER.is_valid({"kind": "shift", "from": "a1", "to": "b2"})
    assert not ANSWER.is_valid({"kind": "place", "square": "B2"})
    assert not ANSWER.is_valid({"kind": "place", "square": "f1"})
    assert not ANSWER.is_valid({"kind": "place", "square": "b2", "stack": []})
    assert not ANSWER.is_valid({"kind": "pass", "square": "b2"})
    schema = ENGINE.move_document_schema()
    assert [v["properties"]["kind"]["const"] for v in schema["oneOf"]] == [
        "place",
        "shift",
        "pass",
    ]
    assert schema["oneOf"][0]["properties"]["square"]["enum"] == list(SQUARES)
    assert "$ref" not in str(schema) and "$defs" not in str(schema)


@pytest.mark.parametrize(
    "sent",
    [
        "b2",
        "A1:2-b2",
        "pass",
        {"kind": "shift", "from": "A1", "to": "b2"},
        {"kind": "shift", "from": "a1", "to": "b2", "count": 7},
        {"kind": "place", "square": "B2"},
    ],
)
def test_requests_keep_accepting_what_the_parser_reads(sent):
    """The request schema stays as lenient as before: count optional, either letter case."""
    REQUEST.validate(sent)
    ENGINE.parse_move(sent)
