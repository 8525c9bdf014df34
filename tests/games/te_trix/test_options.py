"""Options: size (TX-3), preprinted (TX-3, TX-12), solo; every problem reported with its path."""

from __future__ import annotations

import pytest

from service.games.core import InvalidOptions, InvalidState

from .helpers import G


def paths(options, players=None) -> list[str]:
    with pytest.raises(InvalidOptions) as err:
        G.new(players, options)
    return [p.path for p in err.value.problems]


def test_descriptor():
    d = G.descriptor.describe()
    assert (d["id"], d["name"], d["minPlayers"], d["maxPlayers"]) == ("te-trix", "Te-Trix", 1, 4)
    assert (d["rulesVersion"], d["chance"], d["hiddenInformation"], d["simultaneous"]) == (
        "te-trix-1",
        True,
        False,
        True,
    )
    assert G.new().players == 2
    assert d["options"]["size"] == {
        "default": 7,
        "description": "Rows and columns of every sheet (TX-3).",
        "type": "integer",
        "minimum": 5,
        "maximum": 12,
    }


@pytest.mark.parametrize(("size", "centre"), [(5, "c3"), (7, "d4"), (8, "d4"), (12, "f6")])
def test_tx3_size_and_default_centre(size, centre):
    state = G.new(1, {"size": size})
    assert G.encode(state)["options"]["preprinted"] == [[{"cell": centre, "symbol": "o"}]]


def test_tx3_size_out_of_range():
    assert paths({"size": 4}) == ["$.options.size"]
    assert paths({"size": 13}) == ["$.options.size"]


def test_tx3_preprinted_per_player():
    options = {"preprinted": [[{"cell": "a1", "symbol": "s"}, {"cell": "G7", "symbol": "x"}], []]}
    doc = G.encode(G.new(2, options))
    assert doc["sheets"][0][0] == "s......" and doc["sheets"][0][6] == "......x"
    assert doc["sheets"][1] == ["......."] * 7
    assert doc["options"]["preprinted"][0] == [
        {"cell": "a1", "symbol": "s"},
        {"cell": "g7", "symbol": "x"},
    ]


def test_tx3_preprinted_errors_are_all_listed_with_paths():
    options = {
        "size": 5,
        "preprinted": [
            [{"cell": "f1", "symbol": "o"}, {"cell": "a1", "symbol": "q"}, "b2"],
            [{"cell": "a1", "symbol": "o"}, {"cell": "A1", "symbol": "x"}],
        ],
    }
    assert paths(options) == [
        "$.options.preprinted[0][0].cell",
        "$.options.preprinted[0][1].symbol",
        "$.options.preprinted[0][2]",
        "$.options.preprinted[1][1].cell",
    ]


def test_tx3_preprinted_cells_and_symbols_are_read_exactly():
    # Once accepted: 'ox' and '' (substrings of "oxs") as circles; 'd²' crashed int().
    options = {
        "preprinted": [
            [{"cell": "d4", "symbol": "ox"}, {"cell": "a1", "symbol": ""}],
            [{"cell": "d²", "symbol": "o"}],
        ]
    }
    assert paths(options) == [
        "$.options.preprinted[0][0].symbol",
        "$.options.preprinted[0][1].symbol",
        "$.options.preprinted[1][0].cell",
    ]
    doc = G.encode(G.new())
    doc["options"]["preprinted"][1] = [{"cell": "d²", "symbol": "x"}]
    with pytest.raises(InvalidState) as err:
        G.decode(doc)
    assert [p.path for p in err.value.problems] == ["$.options.preprinted[1][0].cell"]


def test_tx3_a_cell_has_one_name_without_a_leading_zero():
    options = {"preprinted": [[{"cell": "a05", "symbol": "o"}], [{"cell": "a5", "symbol": "o"}]]}
    assert paths(options) == ["$.options.preprinted[0][0].cell"]


def test_tx3_preprinted_needs_one_list_per_player():
    assert paths({"preprinted": [[]]}, players=3) == ["$.options.preprinted"]


def test_tx3_a_fully_preprinted_sheet_is_refused():
    cells = [{"cell": f"{c}{r}", "symbol": "o"} for c in "abcde" for r in range(1, 6)]
    assert paths({"size": 5, "preprinted": [cells]}, players=1) == ["$.options.preprinted[0]"]


def test_options_problems_are_collected_together():
    assert sorted(paths({"size": "big", "solo": "yes", "colour": 1, "preprinted": 3})) == [
        "$.options.colour",
        "$.options.preprinted",
        "$.options.size",
        "$.options.solo",
    ]
    assert paths({"solo": True, "size": 3}, players=7) == ["$.options.size", "$.players"]


def test_the_option_check_validates_the_format_alone():
    spec = next(s for s in G.descriptor.options if s.name == "preprinted")
    assert spec.check is not None
    with pytest.raises(ValueError, match=r"preprinted\[0\]\[0\]\.symbol"):
        spec.check([[{"cell": "a1", "symbol": "z"}]])
    assert spec.check(None) is None
