"""What starts a game (issue 25, point 2): ``driver.start`` opens every new game's events with
``gameStarted`` (how many play, who acts first by the rules), then, with a seed, the opening's
sampled chance and what it did: Tric Trac's opening throw that decides who starts (TT-4), the
Triominos Junior deal and start tile (TJ-4, TJ-6), the first Te-Trix roll (TX-5). Without a
seed only ``gameStarted``: the opening waits for the caller's outcome. Every event fits the
game's event schema."""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest
from jsonschema import Draft202012Validator

from service.games import REGISTRY
from service.games.core import driver

GAMES = sorted(REGISTRY)
SEEDS = [f"started-{i}" for i in range(12)]


@cache
def _events_schema(game: str) -> Draft202012Validator:
    return Draft202012Validator(REGISTRY[game].event_schema())


def start(game: str, seed: str | None, players: int | None = None):
    engine = REGISTRY[game]
    t = driver.start(engine, players, None, seed)
    for event in t.events:
        _events_schema(game).validate(event)
    return engine, t


@pytest.mark.parametrize("game", GAMES)
def test_an_unseeded_game_says_only_that_it_started(game):
    engine, t = start(game, None)
    assert t.events == (
        {
            "type": "gameStarted",
            "players": engine.descriptor.default_players,
            "firstPlayer": None if game == "tric-trac" else 0,
        },
    )


@pytest.mark.parametrize("seed", SEEDS)
def test_mx_white_begins(seed):
    _, t = start("mixtour", seed)
    assert t.events == ({"type": "gameStarted", "players": 2, "firstPlayer": 0},)
    assert REGISTRY["mixtour"].to_move(t.state) == (0,)


@pytest.mark.parametrize("seed", SEEDS)
def test_tt4_a_seeded_opening_throw_names_who_starts_and_is_the_throw_to_play(seed):
    engine, t = start("tric-trac", seed)
    started, chance, thrown = t.events
    assert started == {"type": "gameStarted", "players": 2, "firstPlayer": None}
    assert chance["type"] == "chance" and chance["sampled"] is True
    assert thrown["type"] == "thrown" and thrown["opening"] is True
    assert engine.to_move(t.state) == (thrown["player"],)
    assert tuple(thrown["dice"]) == t.state.dice
    colour = ("red", "black")[thrown["player"]]
    assert chance["outcome"] == f"{colour} {thrown['dice'][0]}-{thrown['dice'][1]}"


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", SEEDS[:4])
def test_tj4_tj6_tj7_a_seeded_deal_gives_five_tiles_each_then_the_start_tile(seed, players):
    engine, t = start("triominos-junior", seed, players)
    started, *rest = t.events
    assert started == {"type": "gameStarted", "players": players, "firstPlayer": 0}
    kinds = [e["type"] for e in rest]
    assert kinds == ["chance", "dealt"] * 5 * players + ["chance", "startTile"]
    dealt = Counter(e["player"] for e in rest if e["type"] == "dealt")
    assert dealt == dict.fromkeys(range(players), 5)
    assert rest[-1]["at"] == "0,0"
    assert engine.to_move(t.state) == (0,)


@pytest.mark.parametrize("players", [1, 2, 4])
@pytest.mark.parametrize("seed", SEEDS[:4])
def test_tx5_a_seeded_game_opens_with_player_0_s_first_roll(seed, players):
    engine, t = start("te-trix", seed, players)
    started, chance, rolled = t.events
    assert started == {"type": "gameStarted", "players": players, "firstPlayer": 0}
    assert chance["type"] == "chance" and rolled["type"] == "rolled"
    assert (rolled["round"], rolled["roller"], rolled["roll"]) == (1, 0, chance["outcome"])
    assert engine.to_move(t.state) == (0,)
