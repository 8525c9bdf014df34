"""Seeded random Te-Trix games to the end (1–4 players and solo), checking in every step what
only Te-Trix promises: cells are never overwritten (TX-8), filled cells = pre-printed + entered
symbols (TX-3), the solo bar counts the overhang (TX-13), the game ends for a reason TX-10 or
TX-14 names and the best sheets win (TX-11). (Round trips, notation, simultaneous movers and
finished games without moves are the shared contract's, ``tests/games/contract.py``.)

The engine's fast paths against the plain code they replaced (``reference.py``), in every
position of seeded random games: each move document and its locations (TX-6, TX-7, TX-8,
TX-13), the score breakdown (TX-11, TX-15), the state document (encode, decode)."""

from __future__ import annotations

import json
import random

import pytest

from service.games.core import driver
from service.games.te_trix import Placement, Stop

from ..contract import random_game
from . import reference as plain
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
    for p, sheet in enumerate(state.sheets):
        assert sheet.filled.bit_count() == len(state.preprinted[p]) + entered[p]  # TX-3
        for cell, symbol in state.preprinted[p]:
            assert sheet.symbol_at(cell) == symbol
        o, x, s = sheet.masks
        assert not (o & x or o & s or x & s)
    if state.solo:
        assert state.bar == 8 - overhang >= 0  # TX-13


def playout(players: int, options: dict, seed: str, rng: random.Random, stop: bool):
    state = driver.start(G, players, options, seed).state
    entered, overhang, rounds = [0] * state.players, 0, 0
    while not G.status(state).finished:
        check_state(state, entered, overhang)
        if G.is_chance(state):  # only after a round that the driver did not resolve
            state = G.apply(state, rng.choice([m for m, _ in G.chance_outcomes(state)])).state
            continue
        if state.phase == "arrange":
            assert G.to_move(state) == (state.roller,)  # TX-5, TX-6
            choices = [m for m in G.legal_moves(state, state.roller) if stop or m != Stop()]
            state = G.apply(state, rng.choice(choices), state.roller).state
            rounds += 1
            continue
        order = list(G.to_move(state))
        rng.shuffle(order)  # TX-9: any order
        for p in order:
            before = state.sheets[p].masks
            t = G.apply(state, rng.choice(G.legal_moves(state, p)), p)
            state = t.state
            entered[p] += len(t.events[0]["cells"])
            overhang += t.events[0]["overhang"] if state.solo else 0
            assert all(b & ~a == 0 for a, b in zip(state.sheets[p].masks, before, strict=True))
        if rounds % 2 and not G.status(state).finished:
            state = driver.resolve_chance(G, state).state
            assert state.chances == rounds + 1
    check_state(state, entered, overhang)
    return state, rounds


@pytest.mark.parametrize(("players", "options", "games"), CASES)
def test_random_games_keep_the_rules(players, options, games):
    rng = random.Random(f"te-trix-{players}-{sorted(options)}")
    for n in range(games):
        state, rounds = playout(players, options, f"p{n}", rng, stop=n == 2)
        status = G.status(state)
        assert status.reason in ("cannotPlace", "sheetsFull", "stopped")  # TX-10, TX-14
        assert rounds >= 1 and state.chances == rounds
        best = max(G.scores(state).values)
        assert status.winners == tuple(p for p, v in enumerate(G.scores(state).values) if v == best)


FAST_CASES = [
    (1, {}, "a"),
    (2, {}, "b"),
    (3, {}, None),
    (4, {"size": 9}, "c"),
    (2, {"size": 5}, None),
    (4, {"size": 12}, "d"),
    (1, {"solo": True}, "e"),
    (1, {"solo": True, "size": 9}, None),
    (3, {"size": 8, "preprinted": [[], [{"cell": "a1", "symbol": "s"}], []]}, "f"),
]


def _probes(state, rng: random.Random) -> list[Placement]:
    """Placements beyond the legal ones: anywhere near or off the sheet, taken cells or not
    (a placement's document has cells once there is an arrangement to place)."""
    n = state.size
    if state.arrangement is None:
        return []
    return [
        Placement(rng.randrange(4), rng.randint(-4, n + 3), rng.randint(-4, n + 3))
        for _ in range(8)
    ]


@pytest.mark.parametrize(("players", "options", "seed"), FAST_CASES)
def test_fast_paths_equal_the_plain_reference(players, options, seed):
    rng = random.Random(f"{players}{options}{seed}")
    for ply in random_game(G, rng, seed, players=players, options=options):
        state = ply.state
        movers = G.to_move(state) or (None,)
        for player in movers:
            legal = [] if G.is_chance(state) else list(G.legal_moves(state, player))
            for move in [*legal, *_probes(state, rng)]:
                doc = G.move_document(state, move)
                assert doc == plain.move_document(state, move)
                assert json.dumps(doc) == json.dumps(plain.move_document(state, move))
                assert G.move_locations(state, doc) == plain.move_locations(state, doc)
        scores = G.scores(state)
        assert json.dumps(scores.breakdown) == json.dumps(plain.scores(state))
        assert list(scores.values) == [p["total"] for p in scores.breakdown["players"]]
        encoded = G.encode(state)
        assert json.dumps(encoded) == json.dumps(plain.encode(state))
        assert G.decode(json.loads(json.dumps(encoded))) == state
