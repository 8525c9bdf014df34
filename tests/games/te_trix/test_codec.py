"""The state document: round trips, a readable layout, and decode listing every problem."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.games.core import InvalidState

from .helpers import G, play


def mid_game():
    return play(G.new(2, seed="doc"), "ooxs", "T:oxso", (1, "r90@1,1"))


def problems(doc) -> list[str]:
    with pytest.raises(InvalidState) as err:
        G.decode(doc)
    return [p.path for p in err.value.problems]


def test_encode_is_readable():
    doc = G.encode(mid_game())
    assert doc == {
        "game": "te-trix",
        "v": 1,
        "options": {
            "size": 7,
            "solo": False,
            "preprinted": [[{"cell": "d4", "symbol": "o"}], [{"cell": "d4", "symbol": "x"}]],
        },
        "round": 1,
        "roller": 0,
        "phase": "place",
        "roll": "ooxs",
        "arrangement": "T:oxso",
        "placed": [1],
        "blocked": [],
        "sheets": [
            [".......", ".......", ".......", "...o...", ".......", ".......", "......."],
            [".o.....", "ox.....", ".s.....", "...x...", ".......", ".......", "......."],
        ],
        "bar": None,
        "end": None,
        "scores": [0, 0],
        "seed": "doc",
        "chances": 1,
    }


@pytest.mark.parametrize(
    "state",
    [
        G.new(),
        G.new(4, {"size": 12}),
        mid_game(),
        play(G.new(1, {"solo": True}), "ooxs", "I:oxso", "r0@1,-1"),
        play(G.new(1, {"solo": True}), "ooxs", "stop"),
    ],
)
def test_round_trip(state):
    assert G.decode(json.loads(json.dumps(G.encode(state)))) == state


def test_scores_may_be_left_out_and_view_hides_the_seed():
    doc = G.encode(mid_game())
    del doc["scores"], doc["roller"]
    assert G.decode(doc) == mid_game()
    assert "seed" not in G.view(mid_game(), 0)


def test_decode_lists_every_problem():
    doc = G.encode(mid_game())
    doc["extra"] = 1
    doc["options"]["size"] = 7
    doc["sheets"][0][2] = "..q...."
    doc["sheets"][1][3] = "......."  # the pre-printed cross is gone
    doc["roller"] = 1
    doc["roll"] = "oox"
    doc["placed"] = [5]
    doc["bar"] = 3
    doc["end"] = "bored"
    doc["chances"] = -1
    assert problems(doc) == [
        "$.extra",
        "$.sheets[0][2]",
        "$.sheets[1]",
        "$.roller",
        "$.roll",
        "$.placed",
        "$.bar",
        "$.end",
        "$.chances",
    ]


def test_decode_checks_the_phase():
    doc = G.encode(mid_game())
    doc["phase"] = "roll"
    assert problems(doc) == ["$.roll", "$.arrangement", "$.placed"]
    doc = G.encode(mid_game())
    doc["arrangement"] = "T:ooxx"
    assert problems(doc) == ["$.arrangement"]
    doc = G.encode(mid_game())
    doc["phase"] = "over"
    assert problems(doc) == ["$.end"]
    doc["end"] = "sheetsFull"
    assert problems(doc) == ["$.placed", "$.end", "$.end"]


def test_decode_checks_entered_cells_against_the_rounds():
    doc = G.encode(mid_game())
    doc["sheets"][0][0] = "ooooooo"  # 7 cells before player 0 placed at all
    assert problems(doc) == ["$.sheets[0]"]
    solo = G.encode(play(G.new(1, {"solo": True}), "ooxs", "I:oxso", "r0@1,-1"))
    solo["bar"] = 8  # two symbols hung over: 6 fields left
    assert problems(solo) == ["$.sheets[0]"]


def test_decode_checks_blocked_players_and_scores():
    doc = G.encode(play(G.new(3), "ooxs", "T:oxso", (1, "r90@1,1")))
    doc["blocked"] = [0]
    assert problems(doc) == ["$.blocked"]
    doc = G.encode(mid_game())
    doc["scores"] = [0, 1]
    assert problems(doc) == ["$.scores"]


def test_decode_requires_a_player_who_cannot_place_to_be_blocked():
    # Player 1's sheet is pre-printed everywhere but the inner cell c3 (TX-10).
    stuck = [
        {"cell": f"{c}{r}", "symbol": "x"}
        for r in range(1, 8)
        for c in "abcdefg"
        if f"{c}{r}" != "c3"
    ]
    state = play(G.new(2, {"preprinted": [[], stuck]}), "ooxs", "T:oxso")
    assert state.blocked == (1,)
    doc = G.encode(state)
    doc["blocked"] = []
    assert problems(doc) == ["$.blocked"]


def test_decode_rejects_wrong_game_and_version():
    doc = G.encode(G.new())
    assert problems({**doc, "game": "mixtour"}) == ["$.game"]
    assert problems({**doc, "v": 2}) == ["$.v"]
    assert problems([1, 2]) == ["$"]
    bare = {"game": "te-trix", "v": 1}
    assert problems(bare) == ["$.options", "$.sheets", "$.round", "$.phase"]


def test_decode_checks_preprinted_and_solo():
    doc = G.encode(G.new(2))
    doc["options"]["preprinted"] = [[{"cell": "z9", "symbol": "o"}]]
    doc["options"]["solo"] = True
    assert problems(doc) == ["$.options.solo", "$.options.preprinted", "$.bar"]


def test_schemas():
    state_schema, move_schema = G.state_schema(), G.move_schema()
    assert state_schema["$id"] == "https://regelwerk.dev/schema/states/te-trix.json"
    assert move_schema["$id"] == "https://regelwerk.dev/schema/moves/te-trix.json"
    assert set(G.encode(mid_game())) <= set(state_schema["properties"])
    assert set(state_schema["required"]) <= set(G.encode(G.new()))
    json.dumps(state_schema)
    json.dumps(move_schema)


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 9) | st.sampled_from(["o", "x", "d4", "....."]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(sorted(G.encode(G.new()))), JSONISH, max_size=8))
def test_decode_never_fails_with_anything_but_invalid_state(changes):
    doc = copy.deepcopy(G.encode(mid_game()))
    doc.update(changes)
    try:
        state = G.decode(doc)
    except InvalidState as err:
        problems = err.problems
    else:
        assert G.decode(G.encode(state)) == state
        return
    assert problems and all(p.path.startswith("$") for p in problems)
