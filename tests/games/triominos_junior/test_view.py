"""Hidden information (TJ-17): views, legal moves from a player's knowledge, events, pictures."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from xml.etree import ElementTree

import pytest

from service.games.core import InvalidOptions
from service.games.triominos_junior import ENGINE, Deal, TriominosState
from service.games.triominos_junior.tiles import canonical, rotations, tile_name

from .helpers import apply, position, random_game

START = {"0,0": "1-2-3"}


def test_tj17_a_view_shows_the_layout_own_rack_sizes_coins_and_pool_size():
    state = replace(position(START, [["1-1-2", "J"], ["4-4-4"]]), seed="do not tell")
    assert ENGINE.view(state, 0) == {
        "game": "triominos-junior",
        "v": 1,
        "kind": "view",
        "player": 0,
        "options": {"level": "coins"},
        "phase": "play",
        "toMove": 0,
        "endReason": None,
        "layout": [{"at": "0,0", "tile": "1-2-3"}],
        "rack": ["J", "1-1-2"],
        "rackSizes": [2, 1],
        "poolSize": 32,
        "coins": [4, 4],
        "supply": 52,
    }
    assert ENGINE.view(state, 1)["rack"] == ["4-4-4"]


def test_tj17_a_spectator_sees_no_rack_and_the_points_level_shows_points():
    state = position(START, [["1-1-2"], ["4-4-4"]], level="points")
    view = ENGINE.view(state, None)
    assert "rack" not in view and view["player"] is None
    assert view["points"] == [0, 0] and "coins" not in view
    with pytest.raises(InvalidOptions):
        ENGINE.view(state, 2)


def _hidden_shuffle(state: TriominosState, player: int, rng: random.Random) -> TriominosState:
    """The same position as ``player`` knows it: other racks and pool dealt differently."""
    hidden = [t for p, r in enumerate(state.racks) if p != player for t in r] + list(state.pool)
    rng.shuffle(hidden)
    racks = []
    for p, rack in enumerate(state.racks):
        if p == player:
            racks.append(rack)
        else:
            racks.append(tuple(sorted(hidden[: len(rack)])))
            hidden = hidden[len(rack) :]
    return replace(state, racks=tuple(racks), pool=tuple(sorted(hidden)))


def test_tj17_legal_moves_need_only_the_players_knowledge():
    rng = random.Random(17)
    for state, _ in random_game(3, "coins", rng):
        if ENGINE.is_chance(state):
            assert all(ENGINE.legal_moves(state, p) == () for p in range(3))
            continue
        for p in range(3):
            other = _hidden_shuffle(state, p, rng)
            assert ENGINE.view(other, p) == ENGINE.view(state, p)
            assert ENGINE.legal_moves(other, p) == ENGINE.legal_moves(state, p)


def _hidden_names(state: TriominosState, player: int | None) -> set[str]:
    """Every way of writing a tile the viewer cannot see and that is not visible elsewhere."""
    visible = {canonical(t) for _, t in state.layout}
    if player is not None:
        visible |= set(state.racks[player])
    hidden = {t for p, r in enumerate(state.racks) if p != player for t in r}
    hidden |= set(state.pool)
    return {tile_name(rot) for t in hidden - visible for rot in rotations(t)}


@pytest.mark.parametrize(("players", "level"), [(2, "points"), (3, "coins"), (4, "points")])
def test_tj17_views_never_contain_hidden_tiles(players, level):
    rng = random.Random(f"view-{players}-{level}")
    for _ in range(2):
        for state, move in random_game(players, level, rng):
            for viewer in [None, *range(players)]:
                text = json.dumps(ENGINE.view(state, viewer))
                leaked = [n for n in _hidden_names(state, viewer) if f'"{n}"' in text]
                assert not leaked, (viewer, leaked)
                assert state.seed is not None and state.seed not in text
                assert "pool" not in json.loads(text) and "racks" not in json.loads(text)
            if isinstance(move, Deal) and state.phase != "start":
                events = ENGINE.apply(state, move).events
                assert '"tile"' not in json.dumps(events), "a drawn tile is never named"


def unseen_by(state: TriominosState, player: int) -> Counter:
    """The tiles ``player`` cannot see: the other racks and the pool."""
    others = [t for i, rack in enumerate(state.racks) if i != player for t in rack]
    return Counter(others) + Counter(state.pool)


@pytest.mark.parametrize("player", [0, 1, 2])
def test_tj17_determinize_deals_again_only_what_the_player_cannot_see(player):
    state = position(START, [["1-1-2", "J"], ["4-4-4", "2-2-5", "1-3-5"], ["3-3-3"]], to_move=1)
    worlds = [ENGINE.determinize(state, player, random.Random(n)) for n in range(20)]
    for world in worlds:
        assert ENGINE.view(world, player) == ENGINE.view(state, player)
        assert unseen_by(world, player) == unseen_by(state, player)
        assert ENGINE.decode(ENGINE.encode(world)) == world  # racks and pool kept sorted
    assert len({w.racks for w in worlds}) > 1


def test_render_draws_the_layout_and_only_the_given_players_rack():
    state = position({**START, "1,0": "J"}, [["1-1-2", "2-4-5"], ["4-4-4"]])
    spectator = ENGINE.render(state, None)
    root = ElementTree.fromstring(spectator)
    assert [g.get("data-at") for g in root.iter() if g.get("class") == "rw-tile"] == ["0,0", "1,0"]
    assert not [g for g in root.iter() if g.get("class") == "rw-rack-tile"]
    assert "rack of player" not in spectator and "4-4-4" not in spectator
    mine = ENGINE.render(state, 0)
    racked = [g for g in ElementTree.fromstring(mine).iter() if g.get("class") == "rw-rack-tile"]
    assert [g.get("data-tile") for g in racked] == ["1-1-2", "2-4-5"]
    assert "1-1-2" in mine and "2-4-5" in mine and "4-4-4" not in mine
    assert "#dc2626" in mine, "the number 1 has its own colour"
    over = apply(position(START, [["1-1-2"], ["4-4-4"]]), "2-1-1@1,0").state
    assert "game over" in ENGINE.render(over).lower()  # the prompt, told in the picture
    ElementTree.fromstring(ENGINE.render(ENGINE.new()))
    with pytest.raises(InvalidOptions):
        ENGINE.render(state, 7)
