"""service/games/core/fields.py: one description gives a reader and its JSON Schema, and the
two read values alike (issue 23, point 1). Each game's Document is held to its codec by
tests/games/test_codec_and_schema.py; these pin the field kinds themselves."""

from __future__ import annotations

import re

import pytest
from jsonschema import Draft202012Validator

from service.games.core import Problems
from service.games.core import fields as f
from service.games.core.text import Msg

_WORD = re.compile("^[a-z]{1,3}$")

FIELDS = {
    "int": f.Int(minimum=0, maximum=3),
    "nullable int": f.Int(nullable=True),
    "bool": f.Bool(),
    "str": f.Str(pattern=_WORD),
    "enum": f.Enum(values=(0, 1), nullable=True),
    "array": f.Array(items=f.Int(minimum=1), min_items=1, max_items=2, unique=True),
    "obj": f.Obj(properties={"a": f.Int(), "b": f.Bool(default=False)}, required=("a",)),
    "map": f.Map(keys=f.Str(pattern=_WORD), values=f.Int(minimum=0)),
}
SCALARS = [None, True, False, 0, 1, 1.0, 2.5, 3, 4, -1, "", "ab", "abcd"]
VALUES = [*SCALARS, [], [1], [1.0, 2], [1, 1], [1, 2, 3], {}, {"a": 1}, {"a": 1.0, "b": True}]
VALUES += [{"b": 1}, {"ab": 2}, {"A": 2}]


def read(field, value):
    problems = Problems()
    return field.read(value, problems, "$.x"), problems


@pytest.mark.parametrize("name", FIELDS)
def test_reader_and_schema_accept_the_same_values(name):
    field = FIELDS[name]
    schema = Draft202012Validator(field.schema())
    for value in VALUES:
        got, problems = read(field, value)
        assert (got is not f.INVALID) == schema.is_valid(value), (name, value, got)
        assert bool(problems) == (got is f.INVALID), (name, value)
        assert all(p.path.startswith("$.x") for p in problems.items)


def test_integral_floats_read_as_integers_and_booleans_never_as_numbers():
    assert read(FIELDS["int"], 1.0)[0] == 1 and type(read(FIELDS["int"], 1.0)[0]) is int
    assert read(FIELDS["enum"], 1.0)[0] == 1
    assert read(f.Const(value=1), 1.0)[0] == 1
    for field in (FIELDS["int"], FIELDS["enum"], f.Const(value=1)):
        assert read(field, True)[0] is f.INVALID
        assert read(field, False)[0] is f.INVALID


def test_every_problem_of_a_value_is_listed_with_its_path():
    problems = Problems()
    doc = f.Obj(properties={"n": FIELDS["int"], "s": FIELDS["str"], "m": FIELDS["map"]})
    doc.members({"n": 9, "s": "ABC", "m": {"ok": -1, "BAD": 1}, "zz": 0}, problems, "$")
    assert {p.path: p.reason for p in problems.items} == {
        "$.zz": "unknown field",
        "$.n": "must be between 0 and 3, got 9",
        "$.s": "must match ^[a-z]{1,3}$, got 'ABC'",
        "$.m.ok": "must be at least 0, got -1",
        "$.m.BAD": "must match ^[a-z]{1,3}$, got 'BAD'",
    }


def test_a_reason_words_the_field_and_whole_reports_an_item_at_the_list():
    pair = f.Array(
        items=f.Int(minimum=0, maximum=5), min_items=2, max_items=2, reason=Msg.of("field-refused")
    )
    assert [(p.path, p.reason) for p in read(pair, [1, "x"])[1].items] == [
        ("$.x", "is not a value of this field")
    ]
    assert [p.path for p in read(pair, [1, 9])[1].items] == ["$.x[1]"]  # the right kind
    whole = f.Array(items=f.Int(minimum=0, maximum=5), whole=True)
    assert [p.path for p in read(whole, [1, 9])[1].items] == ["$.x"]


def test_a_look_up_is_checked_against_the_pattern_and_patterns_are_anchored():
    assert read(f.Str(pattern=_WORD, convert={"ab": 7}), "ab")[0] == 7
    with pytest.raises(ValueError, match="look-up keys"):
        f.Str(pattern=_WORD, convert={"AB": 7})
    with pytest.raises(ValueError, match="anchored"):
        f.Str(pattern=re.compile("[a-z]+"))


def test_parts_keeps_what_can_be_read_of_a_refused_value():
    assert FIELDS["array"].parts([1, "x"]) == [1, f.INVALID]
    assert FIELDS["map"].parts({"ok": 1, "BAD": 2, "no": -1}) == {"ok": 1}
    assert FIELDS["obj"].parts({"a": "x", "b": True}) == {"b": True}


def test_a_whole_list_with_an_item_twice_is_a_problem_of_the_list():
    """Every item good but one there twice: the list's problem (it was a StopIteration, a 500
    for a Te-Trix state whose ``placed`` held a player twice)."""
    whole = f.Array(items=f.Int(minimum=0, maximum=5), whole=True, unique=True)
    got, problems = read(whole, [1, 1])
    assert got is f.INVALID
    assert [(p.path, p.reason) for p in problems.items] == [("$.x", "must not hold an item twice")]
