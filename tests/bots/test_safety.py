"""The bot never hands the opponent a Mixtour point while it has a move that does not (issue
27: medium lost 50 of 50 games to a greedy player, each point to a reply it had left open).

A move is safe when the game is over after it, or when it gave the opponent no point (MX-9: a
stack of five or more scores for the colour on top) and no legal reply of theirs scores (MX-7's
ban counts). Safety is worked out here by playing every reply and comparing the scores, apart
from the engine's own ``GameSpec.threat``."""

from __future__ import annotations

import random

import pytest

from service import bots
from service.games import REGISTRY
from service.games.core import driver

ENGINE = REGISTRY["mixtour"]
LEVELS = {"easy": 10, "medium": 50, "strong": 160}


def scores_at_once(state) -> bool:
    """Whether some legal move of the player to move raises their score (MX-9)."""
    mover = state.turn
    if mover is None:
        return False
    before = ENGINE.totals(state)[mover]
    return any(
        ENGINE.totals(ENGINE.successor(state, m))[mover] > before for m in ENGINE.legal_moves(state)
    )


def safe(state, move) -> bool:
    after = ENGINE.successor(state, move)
    if ENGINE.status(after).finished:
        return True
    other = 1 - state.turn
    if ENGINE.totals(after)[other] > ENGINE.totals(state)[other]:
        return False
    return not scores_at_once(after)


def positions(count: int, seed: str):
    """Positions from seeded games in which both sides take a scoring move when they have one
    (so stacks grow tall and threats are common), else a random one."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = driver.start(ENGINE, None, None, None).state
        for _ in range(rng.randrange(6, 60)):
            if ENGINE.status(state).finished:
                break
            legal = ENGINE.legal_moves(state)
            state = ENGINE.successor(state, ENGINE.spec.playout(state, legal, state.turn, rng))
        if not ENGINE.status(state).finished:
            out.append(state)
    return out


ISSUE = {
    "game": "mixtour",
    "v": 1,
    "options": {"piecesPerPlayer": 20, "pointsToWin": 5},
    "board": {"a2": "wwbw", "e2": "wb", "d3": "w", "b5": "w"},
    "supply": [14, 18],
    "scores": [0, 0],
    "toMove": 0,
    "lastMove": "d5-a2",
    "passes": 0,
    "seed": "arena-mixtour-0",
    "chances": 0,
}


def test_mx9_the_threat_hook_is_the_brute_force_look():
    for state in positions(60, "threat"):
        assert ENGINE.spec.threat(state) == scores_at_once(state)
        for move in ENGINE.legal_moves(state)[:8]:
            after = ENGINE.successor(state, move)
            assert ENGINE.spec.threat(after) == scores_at_once(after)


@pytest.mark.parametrize("level", list(LEVELS))
def test_mx9_the_issues_position_gets_a_safe_move_at_every_level(client, level):
    """White to move; e4 (what medium answered) lets Blue score with e2:2-a2."""
    state = ENGINE.decode(ISSUE)
    e4 = ENGINE.parse_move("e4")
    assert not safe(state, e4)
    good = {ENGINE.notation(m) for m in ENGINE.legal_moves(state) if safe(state, m)}
    assert {"b2", "c2", "d2", "e2-d3"} <= good
    for seed in ("arena-mixtour-0-12-bot", "x", "y"):
        body = {"state": ISSUE, "player": 0, "seed": seed, "level": level}
        r = client.post("/v1/games/mixtour/suggest", json=body)
        assert r.status_code == 200, r.text
        assert r.json()["move"]["notation"] in good, (level, seed)


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_mx9_the_bot_never_leaves_a_point_when_a_safe_move_exists(level):
    checked = 0
    for i, state in enumerate(positions(40, f"safety-{level}")):
        moves = ENGINE.legal_moves(state)
        if not any(safe(state, m) for m in moves):
            continue
        n = LEVELS[level]
        found = bots.suggest(ENGINE, state, state.turn, f"s{i}", n, n * 61)
        assert safe(state, found.move), (ENGINE.encode(state), ENGINE.notation(found.move))
        checked += 1
    assert checked >= 30


def test_mx9_with_no_safe_move_every_move_stays_in_the_search():
    """Where every move hands Blue a point, nothing is left out: the bot still plays one."""
    for state in positions(200, "unsafe"):
        moves = ENGINE.legal_moves(state)
        if len(moves) > 1 and not any(safe(state, m) for m in moves):
            found = bots.suggest(ENGINE, state, state.turn, "u", 10, 610)
            assert found.move in moves and len(found.arms) == len(moves)
            return
    raise AssertionError("the seeded games hold no position without a safe move")
