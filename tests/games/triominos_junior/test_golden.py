"""Golden playthroughs (``golden.json``): full games with every chance outcome written out,
the number of legal moves at each player's turn, and the final scores (TJ-14, TJ-15)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from service.games.core import MoveRequest, play
from service.games.triominos_junior import ENGINE

GAMES = json.loads((Path(__file__).parent / "golden.json").read_text())


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g['players']}p-{g['options']['level']}")
def test_golden_playthrough(game):
    state = ENGINE.new(game["players"], game["options"])
    for ply in game["plies"]:
        move, _, count = ply.partition(" /")
        if count:
            assert len(ENGINE.legal_moves(state)) == int(count), ply
        state = ENGINE.apply(state, ENGINE.parse_move(move)).state
    status, scores = ENGINE.status(state), ENGINE.scores(state)
    assert (list(scores.values), list(status.winners)) == (game["scores"], game["winners"])
    assert status.reason == game["reason"] and len(state.layout) == game["layout"]


def test_golden_playthrough_replays_through_the_driver():
    game = GAMES[0]
    requests = [MoveRequest(p.partition(" /")[0]) for p in game["plies"]]
    start = ENGINE.new(game["players"], game["options"])
    final = play(ENGINE, start, requests, auto_chance=False).state
    assert list(ENGINE.scores(final).values) == game["scores"]
