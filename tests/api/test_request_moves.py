"""A body's move list read the quick way (a record's usual items: a notation, or
``{"player": 0, "move": "c3"}``) is read as the full reader reads it: the same move requests,
and every item the quick way does not take is left to the full reader (the same problems)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from service.api import request
from service.games.core import MoveRequest

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.text(max_size=4),
    st.floats(allow_nan=False),
    st.integers(),
    st.integers(min_value=2**63 - 2, max_value=2**64 + 2),
)
ITEMS = st.one_of(
    SCALARS,
    st.dictionaries(st.sampled_from(["player", "move", "x"]), SCALARS, max_size=3),
    st.dictionaries(
        st.sampled_from(["player", "move"]),
        st.one_of(SCALARS, st.dictionaries(st.text(max_size=2), SCALARS, max_size=2)),
        max_size=2,
    ),
)


def full(item: object, player: int | None) -> MoveRequest | None:
    if request.document_problem(item) is not None:
        return None
    return request.parse_move_item(item, player)


@given(ITEMS, st.one_of(st.none(), st.integers(min_value=0, max_value=3)))
def test_the_quick_reader_takes_only_what_the_full_reader_takes_alike(item, player):
    quick = request._quick_move_item(item, player)
    if quick is not None:
        assert full(item, player) == quick


def test_the_usual_items_are_read_the_quick_way():
    assert request._quick_move_item("c3", None) == MoveRequest("c3", None)
    assert request._quick_move_item({"player": 1, "move": "c3"}, 0) == MoveRequest("c3", 1)
    assert request._quick_move_item({"move": "c3"}, 2) == MoveRequest("c3", 2)
    for left in ({"player": True, "move": "c3"}, {"player": 2**64, "move": "c3"}, {"move": 3}):
        assert request._quick_move_item(left, None) is None


def test_a_body_reads_its_moves_with_their_problems():
    body = request.Body(
        {"moves": ["c3", {"player": 1, "move": "d4"}, {"player": 2**64, "move": "e5"}, 7]},
        {"moves"},
    )
    moves = body.moves(None, single=False)
    assert moves == [MoveRequest("c3", None), MoveRequest("d4", 1)]
    assert [p["path"] for p in body.problems] == ["$.moves[2]", "$.moves[3]"]
