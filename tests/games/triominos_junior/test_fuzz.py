"""Bad input never escapes as anything but the documented errors (Hypothesis)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.games.core import InvalidNotation, InvalidState
from service.games.triominos_junior import ENGINE

from .helpers import position

JSONS = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 40) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
BASE = ENGINE.encode(position({"0,0": "1-2-3", "1,0": "2-1-1"}, [["1-2-2", "J"], ["4-4-4"]]))
FIELDS = st.sampled_from(sorted(BASE))


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=20) | st.from_regex(r"(swap )?[0-9J]-[0-9]-[0-9]@-?[0-9],[0-9]"))
def test_parse_move_raises_only_invalid_notation(text):
    try:
        move = ENGINE.parse_move(text)
    except InvalidNotation:
        return
    assert ENGINE.parse_move(ENGINE.notation(move)) == move


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(FIELDS, JSONS, max_size=3))
def test_decode_of_a_damaged_state_raises_only_invalid_state(changes):
    doc = {**BASE, **changes}
    try:
        state = ENGINE.decode(json.loads(json.dumps(doc)))
    except InvalidState as exc:
        problems = exc.problems
    else:
        assert ENGINE.decode(ENGINE.encode(state)) == state
        return
    assert problems and all(p.path.startswith("$") for p in problems)


@settings(max_examples=100, deadline=None)
@given(JSONS)
def test_decode_of_junk_raises_only_invalid_state(doc):
    with pytest.raises(InvalidState):
        ENGINE.decode(doc)
