"""Seeded random playouts to the end (1–4 players and solo), checking invariants every step:
cells are never overwritten, filled cells = pre-printed + entered symbols, the solo bar never
drops below 0, notation and encode/decode round trip, finished games have no moves."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from service.games.core import GameOver, driver
from service.games.te_trix import Stop

from .helpers import G

CASES = [
    (1, {}, 2),
    (2, {}, 2),
    (3, {}, 2),
    (4, {}, 1),
    (2, {"size": 5}, 2),
    (1, {"solo": True}, 3),
    (3, {"size": 9, "preprinted": [[], [{"cell": "a1", "symbol": "s"}], []]}, 1),
]


def check_state(state, entered: list[int], overhang: int) -> None:
    doc = G.encode(state)
    assert G.decode(json.loads(json.dumps(doc))) == state
    for p, sheet in enumerate(state.sheets):
        assert sheet.filled.bit_count() == len(state.preprinted[p]) + entered[p]
        for cell, symbol in state.preprinted[p]:
            assert sheet.symbol_at(cell) == symbol
        o, x, s = sheet.masks
        assert not (o & x or o & s or x & s)
    if state.solo:
        assert state.bar == 8 - overhang >= 0


def check_moves(state, player) -> tuple:
    moves = G.legal_moves(state, player)
    assert moves and len(set(moves)) == len(moves)
    for m in moves:
        assert G.parse_move(G.notation(m)) == m
    return moves


def playout(players: int, options: dict, seed: str, rng: random.Random, stop: bool):
    state = driver.start(G, players, options, seed).state
    entered, overhang, rounds = [0] * state.players, 0, 0
    while not G.status(state).finished:
        check_state(state, entered, overhang)
        if G.is_chance(state):  # only after a round that the driver did not resolve
            outcomes = G.chance_outcomes(state)
            assert sum((p for _, p in outcomes), Fraction(0)) == 1
            state = G.apply(state, rng.choice([m for m, _ in outcomes])).state
            continue
        if state.phase == "arrange":
            assert G.to_move(state) == (state.roller,)
            moves = check_moves(state, state.roller)
            choices = [m for m in moves if stop or m != Stop()]
            state = G.apply(state, rng.choice(choices), state.roller).state
            rounds += 1
            continue
        order = list(G.to_move(state))
        rng.shuffle(order)
        for p in order:
            before = state.sheets[p].masks
            t = G.apply(state, rng.choice(check_moves(state, p)), p)
            state = t.state
            entered[p] += len(t.events[0]["cells"])
            overhang += t.events[0]["overhang"] if state.solo else 0
            assert all(b & ~a == 0 for a, b in zip(state.sheets[p].masks, before, strict=True))
        if rounds % 2 and not G.status(state).finished:
            state = driver.resolve_chance(G, state).state
            assert state.chances == rounds + 1
    return state, rounds


@pytest.mark.parametrize(("players", "options", "games"), CASES)
def test_random_playouts_keep_the_invariants(players, options, games):
    rng = random.Random(f"te-trix-{players}-{sorted(options)}")
    for n in range(games):
        state, rounds = playout(players, options, f"p{n}", rng, stop=n == 2)
        status = G.status(state)
        assert status.finished and status.reason in ("cannotPlace", "sheetsFull", "stopped")
        assert rounds >= 1 and state.chances == rounds
        assert G.to_move(state) == () and not G.is_chance(state)
        assert all(G.legal_moves(state, p) == () for p in range(state.players))
        assert G.legal_moves(state) == ()
        with pytest.raises(GameOver):
            G.apply(state, G.parse_move("oooo"))
        best = max(G.scores(state).values)
        assert status.winners == tuple(p for p, v in enumerate(G.scores(state).values) if v == best)
        assert G.decode(G.encode(state)) == state
        assert "<svg" in G.render(state)


def test_the_same_seed_replays_the_same_game():
    def run():
        state, _ = playout(2, {}, "same", random.Random(5), stop=False)
        return G.encode(state)

    assert run() == run()
