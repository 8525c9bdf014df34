"""``Game.offered``: the answer entry of a legal move (notation, move document, locations),
kept per (``GameSpec.offer_key``, move) where a game declares the key, equals the entry made
afresh along random games of every game, and an answer that adds to its entry does not
change the kept one (MX-4: a placement's locations name the mover's supply)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from service.games import REGISTRY
from service.games.core import game as core

from ..cache.sizes import grown_by
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
            legal = engine.legal_moves(ply.state, ply.mover)
            for move in legal:
                fresh = engine._offer(ply.state, move)
                assert engine.offered(ply.state, move) == fresh
                assert engine.offered(ply.state, move) == fresh  # the kept one, if any
                seen += 1
            # all at once, as a legal-moves answer asks: each kept, or made and kept
            made = [engine._offer(ply.state, move) for move in legal]
            engine._forget_offers()
            assert engine.offered_each(ply.state, legal[::2]) == made[::2]
            assert engine.offered_each(ply.state, legal) == made
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
    engine._forget_offers()
    state = next(iter(contract.random_game(engine, random.Random(2), None))).state
    for move in engine.legal_moves(state, 0)[:10]:
        engine.offered(state, move)
        assert engine.offers_kept() == sum(map(len, engine._offers.values())) <= 3
    engine._forget_offers()
    moves = engine.legal_moves(state, 0)[:10]
    assert engine.offered_each(state, moves) == [engine._offer(state, m) for m in moves]
    assert engine.offers_kept() == sum(map(len, engine._offers.values())) <= 3
    engine._forget_offers()
    assert engine.offered_each(state, []) == []
    assert engine._offers == {}  # no table kept for a position without moves


@pytest.mark.parametrize("game", [g for g in GAMES if REGISTRY[g].spec.offer_key is not None])
def test_a_kept_entry_holds_at_most_offer_bytes_on_average(game):
    """``OFFERS_KEPT`` is ``OFFER_BYTES`` a kept entry: measured here along random games, so
    the entries a game keeps stay within their bytes (TX-8, MX-4: the entries kept)."""
    engine = REGISTRY[game]
    rng = random.Random(f"offer-bytes-{game}")
    asked = [
        (ply.state, move)
        for n in range(2)
        for ply in contract.random_game(engine, rng, f"bytes-{n}", max_plies=120)
        if ply.mover is not None
        for move in engine.legal_moves(ply.state, ply.mover)
    ]
    engine._forget_offers()

    def offer_all() -> None:
        for state, move in asked:
            engine.offered(state, move)

    held = grown_by(offer_all)
    kept = engine.offers_kept()
    assert kept > 100
    assert held / kept <= core.OFFER_BYTES
    assert core.OFFERS_KEPT * core.OFFER_BYTES <= 24 << 20


def test_te_trix_solo_entries_are_kept_apart_by_the_bar():
    """TX-13: in solo a placement's document names the bar fields its overhang crosses off,
    which depend on the bar's free fields: the same placement of the same arrangement is kept
    apart for each bar (an ``offer_key`` without the bar fails here)."""
    engine = REGISTRY["te-trix"]
    rng = random.Random("offered-solo")
    checked = 0
    for ply in contract.random_game(engine, rng, "solo", options={"solo": True}, max_plies=200):
        state = ply.state
        if ply.mover is None or state.phase != "place" or state.bar is None:
            continue
        hanging = [m for m in engine.legal_moves(state, ply.mover) if m.turns == 0]
        for bar in (state.bar, state.bar - 1, state.bar - 2):
            other = dataclasses.replace(state, bar=bar)
            for move in hanging:
                fresh = engine._offer(other, move)
                assert engine.offered(other, move) == fresh
                checked += bool(fresh["move"]["bar"])
    assert checked > 10  # placements whose overhang crossed bar fields, under three bars


def test_tx8_kept_te_trix_entries_share_the_engines_cells_and_slots():
    """TX-6, TX-8: a kept entry's cells and an arrangement's slots are the engine's own table
    entries (``kept_document``: what lets ``answer_memory`` declare 3 bytes a JSON byte),
    equal to the copies ``move_document`` hands out; a fresh document is still a copy."""
    engine = REGISTRY["te-trix"]
    rng = random.Random("offered-shared")
    places = arranges = 0
    for ply in contract.random_game(engine, rng, "shared", max_plies=40):
        state = ply.state
        if ply.mover is None or state.phase not in ("place", "arrange"):
            continue
        legal = engine.legal_moves(state, ply.mover)[:5]
        engine._forget_offers()
        kept = engine.offered_each(state, legal)
        again = engine.offered_each(state, legal)
        for move, entry, other in zip(legal, kept, again, strict=True):
            fresh = engine.move_document(state, move)
            assert entry["move"] == fresh and other["move"] is entry["move"]
            part = "cells" if state.phase == "place" else "slots"
            ours, theirs = entry["move"][part][0], fresh[part][0]
            assert ours == theirs and ours is not theirs
            assert engine.rules.kept_document(state, move)[part][0] is ours
            places += part == "cells"
            arranges += part == "slots"
    assert places > 10 and arranges > 5
