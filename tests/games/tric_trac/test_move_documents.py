"""Tric Trac move documents enriched for front ends: the mover (``player``) and the number
each step uses (``die``), for hand-built positions of every move kind, any spelling the parser
accepts, and the schemas of both the answers and what ``play`` accepts."""

from __future__ import annotations

import jsonschema
import pytest

from service.games.core import IllegalMove, InvalidNotation, MoveRequest, driver
from service.games.tric_trac import ENGINE, Opening, Throw

from .helpers import play, position


def doc_of(state, text):
    return ENGINE.move_document(state, ENGINE.parse_move(text))


def listed_documents(state):
    return {ENGINE.notation(m): ENGINE.move_document(state, m) for m in ENGINE.legal_moves(state)}


def step(source, to, die, hit=False):
    return {"from": source, "to": to, "hit": hit, "die": die}


def test_tt7_opening_turns_and_a_one_stone_sum_move():
    """TT-7: with 5-3 from the start, two stones or one stone by both numbers."""
    state = play(ENGINE.new(), "red 5-3")
    assert listed_documents(state) == {
        "1/4 1/6": {"kind": "turn", "player": 0, "steps": [step(1, 4, 3), step(1, 6, 5)]},
        "1/4/9": {"kind": "turn", "player": 0, "steps": [step(1, 4, 3), step(4, 9, 5)]},
    }


@pytest.mark.parametrize(
    ("text", "steps"),
    [
        ("1/6/9", [step(1, 6, 5), step(6, 9, 3)]),
        ("1/6 6/9", [step(1, 6, 5), step(6, 9, 3)]),
        ("4/9 1/4", [step(4, 9, 5), step(1, 4, 3)]),  # played in the other order
    ],
)
def test_tt7_other_spellings_of_the_sum_move_name_their_own_numbers(text, steps):
    """TT-7: ``1/6/9`` reaches what ``1/4/9`` reaches; its document says 5 then 3."""
    state = play(ENGINE.new(), "red 5-3")
    doc = doc_of(state, text)
    assert doc == {"kind": "turn", "player": 0, "steps": steps}
    by_doc = driver.play_one(ENGINE, state, MoveRequest(doc, 0), auto_chance=False)
    assert by_doc.state == play(state, "1/4/9")


def test_tt12_a_hit_names_the_blot_point_and_the_number():
    """TT-12: Red 8/11* hits Black's blot with the 3, then goes on or moves another stone."""
    state = position({8: 1, 16: 2}, {11: 1, 20: 2}, dice=(3, 5))
    docs = listed_documents(state)
    assert docs["8/11*/16"] == {
        "kind": "turn",
        "player": 0,
        "steps": [step(8, 11, 3, hit=True), step(11, 16, 5)],
    }
    assert docs["8/11* 16/21"] == {
        "kind": "turn",
        "player": 0,
        "steps": [step(8, 11, 3, hit=True), step(16, 21, 5)],
    }
    # A hit spelled without its star keeps the spelling (defining) and gains the numbers.
    assert doc_of(state, "16/21 8/11")["steps"] == [step(16, 21, 5), step(8, 11, 3)]


def test_tt13_bearing_off_by_overshoot_uses_the_number_the_turn_leaves():
    """TT-13: Red's stone on 22 needs 2 or more; which number bears it off depends on the
    other step (5/8 takes the 3, so the 4 bears off, and the other way round)."""
    state = position({5: 1, 22: 1}, {20: 2}, dice=(3, 4))
    assert listed_documents(state) == {
        "5/8 22/off": {"kind": "turn", "player": 0, "steps": [step(5, 8, 3), step(22, "off", 4)]},
        "22/off 5/9": {"kind": "turn", "player": 0, "steps": [step(22, "off", 3), step(5, 9, 4)]},
    }
    assert doc_of(state, "22/off 5/8")["steps"] == [step(22, "off", 4), step(5, 8, 3)]
    assert doc_of(state, "5/9 22/off")["steps"] == [step(5, 9, 4), step(22, "off", 3)]


@pytest.mark.parametrize(("larger", "die"), [(False, 3), (True, 5)])
def test_tt13_tt8_black_bears_off_past_1_with_the_number_the_events_report(larger, die):
    """TT-13 for Black (past point 1) when only one number can be played (TT-8): the smaller
    by default, the larger with mustPlayLarger; the document agrees with the events."""
    state = position({15: 2, 17: 2}, {2: 1, 20: 1}, to_move=1, dice=(3, 5), mustPlayLarger=larger)
    (move,) = ENGINE.legal_moves(state)
    assert ENGINE.move_document(state, move) == {
        "kind": "turn",
        "player": 1,
        "steps": [step(2, "off", die)],
    }
    stepped = [e for e in ENGINE.apply(state, move).events if e["type"] == "stepped"]
    assert [e["die"] for e in stepped] == [die]


def test_tt6_a_double_names_the_same_number_twice():
    """TT-6: 4-4 is played as two moves of 4."""
    state = position(start=(15, 15), off=(0, 0), dice=(4, 4))
    assert listed_documents(state) == {
        "1/5 1/5": {"kind": "turn", "player": 0, "steps": [step(1, 5, 4), step(1, 5, 4)]},
        "1/5/9": {"kind": "turn", "player": 0, "steps": [step(1, 5, 4), step(5, 9, 4)]},
    }


def test_tt8_pass_names_the_mover():
    """TT-8 (the spec's worked example): Red's lone stone on 11 cannot play 2-1."""
    state = position({11: 1}, {20: 2}, dice=(1, 2))
    assert listed_documents(state) == {"pass": {"kind": "pass", "player": 0}}
    black = position({19: 2, 21: 2}, {20: 2, 22: 2}, to_move=1, dice=(1, 1))
    assert listed_documents(black) == {"pass": {"kind": "pass", "player": 1}}


def test_tt4_tt5_chance_outcomes_add_nothing():
    """TT-4, TT-5: throws and the opening are defined by their fields alone."""
    state = ENGINE.new()
    assert ENGINE.move_document(state, Opening(1, 2, 6)) == {
        "kind": "opening",
        "player": 1,
        "dice": [2, 6],
    }
    thrown = play(ENGINE.new(), "red 5-3", "1/4/9")
    assert ENGINE.move_document(thrown, Throw(3, 5)) == {"kind": "throw", "dice": [3, 5]}


def test_a_turn_has_no_document_outside_its_throw():
    with pytest.raises(IllegalMove, match="no throw is being played"):
        ENGINE.move_document(ENGINE.new(), ENGINE.parse_move("1/4"))


def test_the_parser_accepts_and_ignores_the_derived_fields():
    state = play(ENGINE.new(), "red 5-3")
    move = ENGINE.parse_move("1/4/9")
    assert ENGINE.parse_move(ENGINE.move_document(state, move)) == move
    wrong = {"kind": "turn", "player": 1, "steps": [step(1, 4, 6), step(4, 9, 6)]}
    assert ENGINE.parse_move(wrong) == move  # parsed; the driver refuses it (below)
    assert ENGINE.parse_move({"kind": "pass", "player": 0}) == ENGINE.parse_move("pass")


@pytest.mark.parametrize(
    "doc",
    [
        {"kind": "turn", "steps": [{"from": 1, "to": 4, "dice": 3}]},
        {"kind": "turn", "steps": [], "player": 0},  # a turn without steps is a pass
        {"kind": "turn", "steps": [step(1, 4, 3)], "mover": 0},
        {"kind": "pass", "player": 0, "die": 3},
        {"kind": "throw", "dice": [3, 5], "player": 0},
    ],
)
def test_unknown_fields_are_still_refused(doc):
    with pytest.raises(InvalidNotation) as err:
        ENGINE.parse_move(doc)
    assert err.value.reason == "BAD_DOCUMENT"


@pytest.mark.parametrize(
    ("doc", "field"),
    [
        ({"kind": "turn", "player": 1, "steps": [step(1, 4, 3), step(4, 9, 5)]}, "$.player"),
        ({"kind": "turn", "steps": [step(1, 4, 5), step(4, 9, 3)]}, "$.steps[0].die"),
        ({"kind": "turn", "steps": [{"from": 1, "to": 4}, step(4, 9, 3)]}, "$.steps[1].die"),
    ],
)
def test_derived_fields_that_disagree_with_the_throw_are_refused(doc, field):
    state = play(ENGINE.new(), "red 5-3")
    with pytest.raises(InvalidNotation) as err:
        driver.play_one(ENGINE, state, MoveRequest(doc, 0), auto_chance=False)
    assert (err.value.reason, err.value.details["field"]) == ("DOCUMENT_MISMATCH", field)


def test_schemas_require_derived_fields_in_answers_only():
    answer = jsonschema.Draft202012Validator(ENGINE.move_document_schema())
    request = jsonschema.Draft202012Validator(ENGINE.move_schema())
    full = {"kind": "turn", "player": 0, "steps": [step(1, 4, 3), step(4, 9, 5)]}
    bare = {"kind": "turn", "steps": [{"from": 1, "to": 4}, {"from": 4, "to": 9}]}
    for doc in (full, {"kind": "pass", "player": 1}):
        answer.validate(doc)
        request.validate(doc)
    request.validate(bare)
    request.validate({"kind": "pass"})
    for doc in (bare, {"kind": "pass"}, {**full, "steps": [step(1, 4, 7)]}):
        assert not answer.is_valid(doc), doc
    assert not request.is_valid({**full, "player": 2})
    assert not request.is_valid({"kind": "turn", "steps": []})
    schema = ENGINE.move_document_schema()
    assert "$ref" not in str(schema) and "$defs" not in str(schema)
    for variant in schema["oneOf"]:
        assert variant["additionalProperties"] is False
        assert set(variant["required"]) == set(variant["properties"])
        assert variant["title"] and variant["description"]
    turn = schema["oneOf"][0]["properties"]["steps"]["items"]
    assert set(turn["required"]) == set(turn["properties"])
