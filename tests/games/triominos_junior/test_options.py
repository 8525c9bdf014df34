"""TJ-3: the ``level`` option, coins by default or points, nothing else (issue 16), through
``new`` and through ``POST /v1/games/triominos-junior/new``."""

from __future__ import annotations

import pytest

from service.games.core import InvalidOptions
from service.games.triominos_junior import ENGINE

NEW = "/v1/games/triominos-junior/new"

# Bad values and the reason each gets; wrong case and spaces are refused, not forgiven.
BAD_LEVELS = [
    pytest.param(5, "must be one of coins, points, got 5", id="integer"),
    pytest.param(True, "must be one of coins, points, got True", id="boolean"),
    pytest.param(None, "must be one of coins, points, got None", id="null"),
    pytest.param(["coins"], "must be one of coins, points, got ['coins']", id="list"),
    pytest.param("hard", "must be one of coins, points, got 'hard'", id="unknown"),
    pytest.param("Coins", "must be one of coins, points, got 'Coins'", id="wrong-case"),
    pytest.param("POINTS", "must be one of coins, points, got 'POINTS'", id="upper-case"),
    pytest.param(" coins", "must be one of coins, points, got ' coins'", id="space"),
]


@pytest.mark.parametrize("options", [None, {}], ids=["no-options", "empty-options"])
def test_tj3_the_default_level_is_coins(options):
    """TJ-3 default coins: 4 coins each from the 60 (TJ-2, TJ-5), no points."""
    state = ENGINE.new(2, options)
    assert state.level == "coins"
    assert (state.coins, state.supply) == ((4, 4), 52)
    assert ENGINE.encode(state)["options"]["level"] == "coins"
    assert ENGINE.descriptor.describe()["options"]["level"]["default"] == "coins"


def test_tj3_the_points_level():
    state = ENGINE.new(3, {"level": "points"})
    assert (state.level, state.points) == ("points", (0, 0, 0))
    assert (state.coins, state.supply) == ((0, 0, 0), 0)
    assert ENGINE.encode(state)["options"]["level"] == "points"


@pytest.mark.parametrize(("level", "reason"), BAD_LEVELS)
def test_tj3_bad_levels_are_refused_by_new(level, reason):
    with pytest.raises(InvalidOptions) as caught:
        ENGINE.new(2, {"level": level})
    assert [p.as_dict() for p in caught.value.problems] == [
        {"path": "$.options.level", "reason": reason}
    ]
    assert caught.value.total == 1


def test_tj3_a_bad_level_is_listed_with_the_other_problems():
    with pytest.raises(InvalidOptions) as caught:
        ENGINE.new(2, {"level": "hard", "tiles": 3, "speed": 1})
    assert sorted(p.path for p in caught.value.problems) == [
        "$.options.level",
        "$.options.speed",
        "$.options.tiles",
    ]


@pytest.mark.parametrize("body", [{}, {"options": {}}, {"options": None}], ids=str)
def test_tj3_the_rest_api_defaults_to_coins(client, body):
    r = client.post(NEW, json=body)
    assert r.status_code == 200, r.text
    state = r.json()["state"]
    assert state["options"]["level"] == "coins"
    assert (state["coins"], state["supply"]) == ([4, 4], 52)


def test_tj3_the_rest_api_starts_a_points_game(client):
    r = client.post(NEW, json={"players": 4, "options": {"level": "points"}})
    assert r.status_code == 200, r.text
    state = r.json()["state"]
    assert (state["options"]["level"], state["points"]) == ("points", [0, 0, 0, 0])
    assert "coins" not in state


@pytest.mark.parametrize(("level", "reason"), BAD_LEVELS)
def test_tj3_bad_levels_are_refused_by_the_rest_api(client, level, reason):
    r = client.post(NEW, json={"options": {"level": level}})
    assert r.status_code == 422
    error = r.json()["error"]
    assert error["code"] == "INVALID_OPTIONS"
    (problem,) = error["details"]["problems"]
    assert (problem["path"], problem["reason"], error["details"]["problemCount"]) == (
        "$.options.level",
        reason,
        1,
    )
    assert problem["messageId"]
