"""The engine contract, checked the same way for every registered game by seeded playouts."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from service.games import REGISTRY
from service.games.core import InvalidOptions, MoveRequest, driver

GAMES = sorted(REGISTRY)


def random_game(engine, rng: random.Random, seed: str | None, max_plies: int = 400):
    """Yields (state, mover, move) along one random game; chance sampled from the seed."""
    state = driver.start(engine, None, None, seed).state
    for _ in range(max_plies):
        if engine.status(state).finished:
            return
        if engine.is_chance(state):
            outcomes = engine.chance_outcomes(state)
            move = rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0]
            yield state, None, move
            state = engine.apply(state, move).state
            continue
        mover = rng.choice(engine.to_move(state))
        move = rng.choice(engine.legal_moves(state, mover))
        yield state, mover, move
        state = engine.apply(state, move, mover).state


@pytest.mark.parametrize("game", GAMES)
def test_playouts_keep_the_contract(game):
    engine = REGISTRY[game]
    rng = random.Random(f"contract-{game}")
    for n in range(6):
        last = None
        for state, mover, _ in random_game(engine, rng, seed=None if n % 2 else f"s{n}"):
            doc = engine.encode(state)
            json.dumps(doc)
            assert engine.decode(json.loads(json.dumps(doc))) == state
            assert "seed" not in engine.view(state, mover)
            if engine.is_chance(state):
                outcomes = engine.chance_outcomes(state)
                assert sum((p for _, p in outcomes), Fraction(0)) == 1
                assert all(p > 0 for _, p in outcomes)
                moves = tuple(m for m, _ in outcomes)
                assert engine.to_move(state) == ()
            else:
                moves = engine.legal_moves(state, mover)
            assert moves, "an ongoing game always has a move (a pass at least)"
            assert len(set(moves)) == len(moves), "legal moves are duplicate-free"
            for m in moves:
                assert engine.parse_move(engine.notation(m)) == m
            last = state
        assert last is not None


@pytest.mark.parametrize("game", GAMES)
def test_finished_games_have_no_moves(game):
    engine = REGISTRY[game]
    rng = random.Random(f"finish-{game}")
    *_, (state, mover, move) = random_game(engine, rng, seed="finish", max_plies=5000)
    final = engine.apply(state, move, mover).state
    status = engine.status(final)
    assert status.finished
    assert engine.to_move(final) == ()
    assert engine.legal_moves(final) == ()
    assert status.reason


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_game(game):
    """Sampling keys on (seed, chance count): two runs from one seed agree move for move."""
    engine = REGISTRY[game]

    def run() -> list[str]:
        rng = random.Random(7)
        return [engine.notation(m) for _, _, m in random_game(engine, rng, "same", 60)]

    assert run() == run()


@pytest.mark.parametrize("game", GAMES)
def test_replay_of_a_played_game_reaches_the_same_state(game):
    engine = REGISTRY[game]
    rng = random.Random(3)
    requests = [
        MoveRequest(engine.notation(m), p) for _, p, m in random_game(engine, rng, None, 80)
    ]
    start = driver.start(engine, None, None, None).state
    once = driver.play(engine, start, requests, auto_chance=False).state
    twice = driver.play(engine, start, requests, auto_chance=False).state
    assert once == twice


@pytest.mark.parametrize("game", GAMES)
def test_new_refuses_a_player_count_the_game_does_not_allow(game):
    engine = REGISTRY[game]
    d = engine.descriptor
    for players in (d.min_players - 1, d.max_players + 1):
        with pytest.raises(InvalidOptions):
            engine.new(players)
    assert engine.player_count(engine.new(d.max_players)) == d.max_players


@pytest.mark.parametrize("game", GAMES)
def test_descriptor_describes_the_options(game):
    d = REGISTRY[game].descriptor.describe()
    assert d["id"] == game
    assert d["minPlayers"] <= d["maxPlayers"]
    for spec in d["options"].values():
        assert {"default", "description"} <= set(spec)


@pytest.mark.parametrize("game", GAMES)
def test_chance_outcomes_and_players_moves_are_told_apart(game):
    """is_chance_outcome holds for every outcome and for no player's move: the driver refuses
    outcomes in seeded games by it."""
    engine = REGISTRY[game]
    rng = random.Random(f"outcome-{game}")
    seen = set()
    for n in range(4):
        for state, mover, _ in random_game(engine, rng, seed=f"o{n}", max_plies=150):
            if engine.is_chance(state):
                assert all(engine.is_chance_outcome(m) for m, _ in engine.chance_outcomes(state))
                seen.add("chance")
            else:
                assert not any(
                    engine.is_chance_outcome(m) for m in engine.legal_moves(state, mover)
                )
                seen.add("player")
    assert seen == ({"chance", "player"} if engine.descriptor.chance else {"player"})


@pytest.mark.parametrize("game", [g for g in GAMES if REGISTRY[g].descriptor.chance])
def test_a_seeded_game_refuses_every_outcome_sent_to_it(game):
    """DESIGN "Chance and trust": a game with a seed is rolled by the service only, at a
    chance node (left there by auto_chance=False) and at a player's turn alike."""
    engine = REGISTRY[game]
    unseeded = engine.new(None, None, None)
    outcome = engine.notation(engine.chance_outcomes(unseeded)[0][0])
    pending = engine.new(None, None, "seeded")
    assert engine.is_chance(pending)
    started = driver.start(engine, None, None, "seeded").state
    assert not engine.is_chance(started)
    for state, auto in [(pending, False), (started, False), (started, True)]:
        with pytest.raises(driver.PlyError) as caught:
            driver.play(engine, state, [MoveRequest(outcome)], auto_chance=auto)
        assert (caught.value.ply, caught.value.error.code) == (0, "ILLEGAL_MOVE")
        assert caught.value.error.reason == "CHANCE_IS_SAMPLED"
    rolled = driver.play(engine, pending, [], auto_chance=True)
    assert rolled.state == started
    assert rolled.events and all("ply" not in e for e in rolled.events)
