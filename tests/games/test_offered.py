"""``Game.offered``: the answer entry of a legal move (notation, move document, locations),
kept per (``GameSpec.offer_key``, move) where a game declares the key, equals the entry made
afresh along random games of every game, and an answer that adds to its entry does not
change the kept one (MX-4: a placement's locations name the mover's supply)."""

from __future__ import annotations

import random

import pytest

from service.games import REGISTRY
from service.games.core import game as core

from . import contract

GAMES = sorted(REGISTRY)


@pytest.mark.parametrize("game", GAMES)
def test_offered_entries_equal_the_ones_made_afresh_along_random_games(game):
    engine = REGISTRY[game]
    rng = random.Random(f"offered-{game}")
    seen = 0
    for n in range(3):
        for ply in contract.random_game(engine, rng, f"offered-{n}", max_plies=120):
            if ply.mover is None:
                continue
            for move in engine.legal_moves(ply.state, ply.mover):
                fresh = engine._offer(ply.state, move)
                assert engine.offered(ply.state, move) == fresh
                assert engine.offered(ply.state, move) == fresh  # the kept one, if any
                seen += 1
    assert seen > 100


def test_an_answer_adding_to_its_entry_leaves_the_kept_entry_alone():
    engine = REGISTRY["mixtour"]
    assert engine.spec.offer_key is not None
    state = next(iter(contract.random_game(engine, random.Random(1), None))).state
    move = engine.legal_moves(state, 0)[0]
    first = engine.offered(state, move)
    first["probability"] = "1/2"
    first["description"] = "changed"
    again = engine.offered(state, move)
    assert again == engine._offer(state, move)
    assert "probability" not in again and "description" not in again
    assert again is not first


def test_the_kept_entries_are_bounded(monkeypatch):
    engine = REGISTRY["mixtour"]
    monkeypatch.setattr(core, "OFFERS_KEPT", 3)
    engine._offers.clear()
    state = next(iter(contract.random_game(engine, random.Random(2), None))).state
    for move in engine.legal_moves(state, 0)[:10]:
        engine.offered(state, move)
        assert len(engine._offers) <= 3
