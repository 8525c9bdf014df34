"""The state document: encode/decode, every problem reported with its path, the schemas and
the ``tiles`` option (TJ-1)."""

from __future__ import annotations

import json
import re

import pytest

from service.games.core import InvalidOptions, InvalidState, start
from service.games.triominos_junior import ENGINE

from .helpers import position

START = {"0,0": "1-2-3"}


def _doc(**changes):
    doc = ENGINE.encode(position({**START, "1,0": "2-1-1"}, [["1-2-2"], ["4-4-4"]]))
    doc.update(changes)
    return doc


def _problems(doc) -> dict[str, str]:
    with pytest.raises(InvalidState) as exc:
        ENGINE.decode(doc)
    out: dict[str, str] = {}
    for p in exc.value.problems:
        out[p.path] = out.get(p.path, "") + p.reason
    return out


def test_encode_is_readable_json_and_round_trips():
    state = position({**START, "1,0": "2-1-1"}, [["1-2-2", "J"], ["4-4-4"]], to_move=1)
    doc = ENGINE.encode(state)
    assert doc["game"] == "triominos-junior" and doc["v"] == 1
    assert doc["layout"] == [{"at": "0,0", "tile": "1-2-3"}, {"at": "1,0", "tile": "2-1-1"}]
    assert doc["racks"] == [["J", "1-2-2"], ["4-4-4"]]
    assert (doc["toMove"], doc["phase"], doc["coins"], doc["supply"]) == (1, "play", [4, 4], 52)
    assert len(doc["pool"]) == 31 and "points" not in doc
    assert ENGINE.decode(json.loads(json.dumps(doc))) == state


def test_decode_accepts_any_order_and_rotation_in_racks_and_pool():
    doc = _doc()
    doc["racks"] = [["2-1-2"], ["4-4-4"]]
    doc["pool"] = list(reversed(doc["pool"]))
    doc["layout"] = list(reversed(doc["layout"]))
    assert ENGINE.encode(ENGINE.decode(doc)) == _doc()


def test_seeded_new_game_round_trips_with_seed_and_chances():
    state = start(ENGINE, 4, {"level": "points"}, "xyz").state
    doc = ENGINE.encode(state)
    assert doc["seed"] == "xyz" and doc["chances"] == 21 and doc["points"] == [0, 0, 0, 0]
    assert ENGINE.decode(doc) == state


def test_decode_reports_every_problem_with_its_path():
    doc = _doc(
        colour="red",
        phase="play",
        toMove=None,
        coins=[4, -1],
        supply=50,
        points=[1, 2],
        endReason="blocked",
        chances=-3,
    )
    doc["layout"] = [
        {"at": "0,0", "tile": "2-3-1"},  # start tile not smallest at apex
        {"at": "1,0", "tile": "5-1-1"},  # bottom 5 meets the start tile's 3
        {"at": "5,5", "tile": "4-5-5"},  # not joined
        {"at": "1,0", "tile": "J"},  # covered twice
        {"at": "x", "tile": "1-1-1"},
    ]
    doc["racks"][0] = ["1-2-2", "9-9", "1-2-2"]
    problems = _problems(doc)
    assert set(problems) >= {
        "$.colour",
        "$.toMove",
        "$.coins",
        "$.points",
        "$.endReason",
        "$.chances",
        "$.layout[0].tile",
        "$.layout[1].tile",
        "$.layout[2].at",
        "$.layout[3].at",
        "$.layout[4]",
        "$.racks[0][1]",
        "$",
    }
    assert "smallest number at the apex" in problems["$.layout[0].tile"]
    assert "TJ-9" in problems["$.layout[1].tile"] and "TJ-9" in problems["$.layout[2].at"]
    assert "more tiles than the set holds: 1-1-5, 1-2-2, 4-5-5" in problems["$"]


def test_tj9_a_layout_joker_hides_no_mismatch_after_it():
    doc = _doc()
    doc["layout"] = [
        {"at": "-1,0", "tile": "J"},  # checked first (reading order); it imposes nothing
        {"at": "0,0", "tile": "1-2-3"},
        {"at": "1,0", "tile": "5-1-1"},  # bottom 5 meets the start tile's 3
    ]
    assert "TJ-9" in _problems(doc)["$.layout[2].tile"]


def test_tj1_tiles_must_be_conserved():
    doc = _doc()
    doc["pool"] = doc["pool"][:-2]
    assert "missing from layout, racks and pool" in _problems(doc)["$.pool"]


def test_tj2_coins_must_add_up_to_sixty():
    assert "not 60 (TJ-2)" in _problems(_doc(supply=40))["$.supply"]
    assert "only at the points level" in _problems(_doc(points=[0, 0]))["$.points"]


def test_tj6_start_tile_rules_are_checked():
    doc = _doc()
    doc["layout"] = [{"at": "1,0", "tile": "1-2-3"}, {"at": "0,0", "tile": "2-1-1"}]
    assert "start tile at 0,0" not in json.dumps(_problems(doc))  # present, but mis-oriented
    doc["layout"] = [{"at": "1,0", "tile": "2-1-1"}]
    doc["pool"].append("1-2-3")
    assert "the start tile at 0,0 is missing" in _problems(doc)["$.layout"]


def test_phases_constrain_racks_pool_and_turn():
    doc = ENGINE.encode(ENGINE.new())
    doc["racks"] = [["1-1-1"], ["1-1-2"]]
    doc["pool"] = [t for t in doc["pool"] if t not in ("1-1-1", "1-1-2")]
    assert "one after another" in _problems(doc)["$.racks"]
    empty = _doc()
    empty["racks"][0] = []
    empty["pool"].append("1-2-2")
    assert "an empty rack ends the game" in _problems(empty)["$.racks[0]"]
    assert "must be null" in _problems(_doc(endReason="blocked"))["$.endReason"]
    over = _doc(phase="over", toMove=None, endReason="rackEmptied")
    assert "no rack is empty" in _problems(over)["$.endReason"]
    assert "must be a player" in _problems(_doc(toMove=2))["$.toMove"]
    assert "must be one of" in _problems(_doc(phase="lunch"))["$.phase"]


def test_points_cannot_exceed_the_placed_tiles():
    doc = ENGINE.encode(position(START, [["1-1-2"], ["4-4-4"]], level="points"))
    doc["points"] = [1, 0]
    assert "more than the 0" in _problems(doc)["$.points"]


@pytest.mark.parametrize("doc", [None, [], "x", {"game": "mixtour", "v": 1}, {"v": 2}])
def test_decode_rejects_what_is_not_a_state(doc):
    with pytest.raises(InvalidState):
        ENGINE.decode(doc)


def test_tj1_option_tiles_takes_another_set():
    custom = ["1-3-2", "J", *[f"{a}-{a}-{b}" for a in range(6) for b in range(6)][:34]]
    state = ENGINE.new(2, {"tiles": custom})
    assert (1, 3, 2) in state.tile_set and (1, 2, 3) not in state.tile_set, "chiral tiles"
    assert ENGINE.encode(state)["options"]["tiles"][:3] == ["J", "0-0-0", "0-0-1"]
    assert ENGINE.decode(ENGINE.encode(state)) == state
    default = list(ENGINE.encode(ENGINE.new())["pool"])
    assert ENGINE.new(2, {"tiles": default}) == ENGINE.new(), "the default set normalises"


@pytest.mark.parametrize(
    ("tiles", "words"),
    [
        ("1-2-3", "must be a list"),
        (["1-1-1"] * 36, "got 36 and 0"),
        (["J", "J", *["1-1-1"] * 34], "got 34 and 2"),
        (["J", *["1-1-1"] * 34], "got 34 and 1"),
        (["J", "1-1", *["1-1-1"] * 34], "item 1"),
    ],
)
def test_tj1_option_tiles_is_validated(tiles, words):
    with pytest.raises(InvalidOptions) as exc:
        ENGINE.new(2, {"tiles": tiles})
    assert exc.value.problems[0].path == "$.options.tiles"
    assert words in exc.value.problems[0].reason


def test_options_and_players_are_validated():
    with pytest.raises(InvalidOptions):
        ENGINE.new(5)
    with pytest.raises(InvalidOptions):
        ENGINE.new(2, {"level": "hard"})
    d = ENGINE.descriptor.describe()
    assert d["options"]["level"]["enum"] == ["coins", "points"]
    assert (d["minPlayers"], d["maxPlayers"], d["rulesVersion"]) == (2, 4, "triominos-junior-1")
    assert d["chance"] and d["hiddenInformation"] and not d["simultaneous"]


def _conforms(doc, schema) -> None:
    """A small structural check (no JSON Schema library here): fields, required, patterns."""
    assert set(doc) <= set(schema["properties"]), set(doc) - set(schema["properties"])
    assert set(schema["required"]) <= set(doc)
    tile = re.compile(schema["properties"]["layout"]["items"]["properties"]["tile"]["pattern"])
    at = re.compile(schema["properties"]["layout"]["items"]["properties"]["at"]["pattern"])
    for item in doc["layout"]:
        assert tile.match(item["tile"]) and at.match(item["at"])


def test_schemas_describe_the_documents():
    state = position({**START, "1,0": "2-1-1"}, [["1-2-2", "J"], ["4-4-4"]])
    schema = ENGINE.state_schema()
    assert schema["$id"] == "https://regelwerk.dev/schema/states/triominos-junior.json"
    _conforms(ENGINE.encode(state), schema)
    view = ENGINE.view_schema()
    assert view["$id"] == "https://regelwerk.dev/schema/views/triominos-junior.json"
    _conforms(ENGINE.view(state, 0), view)
    _conforms(ENGINE.view(state, None), view)
    moves = ENGINE.move_schema()
    assert moves["$id"] == "https://regelwerk.dev/schema/moves/triominos-junior.json"
    pattern = re.compile(moves["oneOf"][0]["pattern"])
    for text in ["3-5-1@1,-2", "J@0,1", "swap 2-1-1@1,0", "draw", "pass", "deal J", "DEAL 1-2-3"]:
        assert pattern.match(text), text
    assert not pattern.match("jump")
    json.dumps([schema, view, moves])
