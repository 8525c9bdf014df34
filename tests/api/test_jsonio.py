"""``jsonio.unprintable``: what the service could not echo back (a move document nested too
deep, an integer beyond 64 bits), found as well by its one-pass look at a flat object (a
record's ``{"player": 0, "move": "c3"}``) as by its walk."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from service import jsonio

SCALARS = st.one_of(
    st.none(), st.booleans(), st.text(max_size=5), st.floats(allow_nan=False), st.integers()
)


@given(st.dictionaries(st.text(max_size=5), SCALARS, max_size=6))
def test_a_flat_object_is_judged_as_the_walk_judges_it(value):
    walked = jsonio.unprintable([value])  # inside a list: the walk, not the one pass
    found = jsonio.unprintable(value)
    assert (found is None) == (walked is None)
    if found is not None:
        assert found.id == walked.id == "json-integer-too-big"


def test_too_big_and_too_deep_are_found():
    assert jsonio.unprintable({"player": 0, "move": "c3"}) is None
    assert jsonio.unprintable({"player": 2**64}).id == "json-integer-too-big"
    assert jsonio.unprintable({"player": -(2**63) - 1}).id == "json-integer-too-big"
    deep: object = "x"
    for _ in range(40):
        deep = {"a": deep}
    assert jsonio.unprintable(deep).id == "json-too-deep"
