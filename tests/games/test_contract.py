"""The engine contract (``contract.py``), checked the same way for every registered game.

What is conserved is written here from the rules, as a function of the state document:
Mixtour's pieces (MX-2, MX-9: a removed stack goes back to the supplies), Tric Trac's stones
(TT-2, TT-12: a hit stone goes back to its start field), Triominos Junior's tiles (TJ-1) and
coins (TJ-2). Te-Trix conserves nothing: its sheets fill up (its own tests check that).
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

import pytest

from service.games import REGISTRY

from . import contract

GAMES = sorted(REGISTRY)


def _mixtour(doc: dict[str, Any]) -> object:
    board = "".join(doc["board"].values())
    return (board.count("w") + doc["supply"][0], board.count("b") + doc["supply"][1])


def _tric_trac(doc: dict[str, Any]) -> object:
    return tuple(
        sum(doc["points"][colour].values()) + doc["start"][p] + doc["borneOff"][p]
        for p, colour in enumerate(("red", "black"))
    )


def _tile(name: str) -> tuple[str, ...]:
    """A tile as placed or racked, turned to one reading (tiles rotate, TJ-8)."""
    corners = tuple(name.split("-"))
    return min(corners[i:] + corners[:i] for i in range(len(corners)))


def _triominos(doc: dict[str, Any]) -> object:
    tiles = Counter(_tile(t["tile"]) for t in doc["layout"])
    for rack in doc["racks"]:
        tiles.update(map(_tile, rack))
    tiles.update(map(_tile, doc["pool"]))
    coins = sum(doc["coins"]) + doc["supply"] if "coins" in doc else None
    return sorted(tiles.items()), coins


MATERIAL: dict[str, contract.Material] = {
    "mixtour": _mixtour,
    "tric-trac": _tric_trac,
    "triominos-junior": _triominos,
}

# Setups beyond the ones the descriptor gives (contract.setups): the options a player uses
# that no default, minimum or other choice reaches. (Te-Trix's pre-printed sheets are played
# by its own test_playouts.py.)
MORE_SETUPS: dict[str, list[contract.Setup]] = {
    "mixtour": [(2, {"piecesPerPlayer": 3, "pointsToWin": 2})],
    "tric-trac": [(2, {"hucke": {"red": 7, "black": 18}, "pointsToWin": 15})],
}


def _setups(game: str) -> list[contract.Setup]:
    return contract.setups(REGISTRY[game]) + MORE_SETUPS.get(game, [])


def test_setups_cover_every_player_count_and_simple_option():
    assert _setups("mixtour") == [
        (2, {}),
        (2, {"piecesPerPlayer": 1}),
        (2, {"pointsToWin": 1}),
        (2, {"piecesPerPlayer": 3, "pointsToWin": 2}),
    ]
    assert (1, {"solo": True}) in _setups("te-trix")  # solo takes exactly one player


@pytest.mark.parametrize("game", GAMES)
def test_random_games_keep_the_contract(game):
    engine = REGISTRY[game]
    seen = contract.check_playouts(
        engine, random.Random(f"contract-{game}"), MATERIAL.get(game), _setups(game)
    )
    assert seen.positions > 100


@pytest.mark.parametrize("check", contract.CHECKS[1:], ids=lambda c: c.__name__)
@pytest.mark.parametrize("game", GAMES)
def test_the_contract(game, check):
    check(REGISTRY[game], random.Random(f"{check.__name__}-{game}"))


def test_a_broken_engine_fails_the_contract():
    """The checks can fail: an engine whose notation loses a move is caught."""
    engine = REGISTRY["mixtour"]

    class Broken(type(engine)):  # type: ignore[misc]
        def notation(self, move):
            return "pass"

    with pytest.raises(AssertionError):
        contract.check_playout(Broken(engine.spec), random.Random(1), "broken", material=_mixtour)


def test_a_leaking_view_fails_the_contract():
    """A view that shows another player's rack is caught by the determinize comparison."""
    engine = REGISTRY["triominos-junior"]

    class Leaky(type(engine)):  # type: ignore[misc]
        def view(self, state, player=None):
            return {**super().view(state, player), "racks": [list(r) for r in state.racks]}

    with pytest.raises(AssertionError, match="cannot see"):
        contract.check_playout(Leaky(engine.spec), random.Random(1), None, (2, {}))


@pytest.mark.parametrize("game", GAMES)
def test_every_game_explains_its_score(game):
    """Issue 24: every registered game tells its scores in lines (checked in every position
    of the random games above)."""
    spec = REGISTRY[game].spec
    assert spec.score_lines is not None


def test_score_lines_that_miss_a_point_fail_the_contract():
    """The score-lines check can fail: a line one point short is caught."""
    engine = REGISTRY["tric-trac"]
    told = engine.spec.score_lines
    assert told is not None

    def short(state, scores):
        lines = list(told(state, scores))
        first = lines[0]
        return [dataclasses.replace(first, points=first.points - 1), *lines[1:]]

    broken = dataclasses.replace(engine.spec, score_lines=short).game
    state = engine.new(None, None, None)
    with pytest.raises(AssertionError, match="add up"):
        contract.check_score_lines(broken, state)
