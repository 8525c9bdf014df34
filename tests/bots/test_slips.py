"""A weak level's slips (issue 27, "levels that mean something"): ``easy`` draws its move by
the game's own judgement (``GameSpec.judged``), a move that gives up more chosen less often,
exp(−given up / slip), so it makes a beginner's mistakes, small ones often and large ones
seldom, instead of random blunders; reproducible by its seed."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace

import pytest

from service import bots
from service.games import REGISTRY
from service.games.core import Game, driver

MIXTOUR = REGISTRY["mixtour"]


def _opening():
    return driver.start(MIXTOUR, 2, None, "slips").state


def _with_judgement(worths: list[float], slip: float = 1.0) -> tuple[Game, object, list]:
    """Mixtour's opening with a judgement that gives its first moves ``worths``."""
    state = _opening()
    legal = list(MIXTOUR.legal_moves(state))[: len(worths)]

    def judged(state, player, moves, looks):
        return list(zip(legal, worths, strict=True)), 7

    game = Game(replace(MIXTOUR.spec, judged=judged, slip=slip))
    return game, state, legal


def test_a_move_is_chosen_by_the_exponential_of_what_it_gives_up():
    """Worths 3, 2, 0 at a slip of 1: shares e^0 : e^-1 : e^-3 (73%, 27%, 4% of 1.42)."""
    game, state, legal = _with_judgement([3.0, 2.0, 0.0])
    picks = Counter(
        bots.suggest(game, state, 0, f"s{i}", 10, 610, None, 1.0).move for i in range(3000)
    )
    weights = [1.0, math.exp(-1), math.exp(-3)]
    for move, w in zip(legal, weights, strict=True):
        expected = 3000 * w / sum(weights)
        assert abs(picks[move] - expected) < 4 * math.sqrt(expected), (picks, expected)


def test_the_level_and_the_game_both_scale_the_slips():
    """A slip of 0.01 (the game's 1 × the level's 0.01) always plays the best; a large one
    nearly uniformly."""
    game, state, legal = _with_judgement([3.0, 2.0, 0.0])
    sharp = {bots.suggest(game, state, 0, f"s{i}", 10, 610, None, 0.01).move for i in range(50)}
    assert sharp == {legal[0]}
    game, state, legal = _with_judgement([3.0, 2.0, 0.0], slip=1000.0)
    wide = Counter(
        bots.suggest(game, state, 0, f"s{i}", 10, 610, None, 1.0).move for i in range(600)
    )
    assert all(150 <= wide[m] <= 250 for m in legal)


def test_a_slip_is_reproducible_and_says_what_it_judged():
    game, state, legal = _with_judgement([3.0, 2.0, 0.0])
    first = bots.suggest(game, state, 0, "same", 10, 610, None, 1.0)
    again = bots.suggest(game, state, 0, "same", 10, 610, None, 1.0)
    assert first.move == again.move
    stats = first.stats(MIXTOUR.notation)
    assert (stats["iterations"], stats["plies"], stats["moves"]) == (0, 7, 3)
    assert [t["notation"] for t in stats["top"]] == [MIXTOUR.notation(m) for m in legal]


def test_fewer_than_two_judged_moves_leave_the_choice_to_the_search():
    game, state, _ = _with_judgement([1.0])
    found = bots.suggest(game, state, 0, "s", 10, 610, None, 1.0)
    assert found.iterations == 10  # searched as without slips
    plain = bots.suggest(MIXTOUR, state, 0, "s", 10, 610)
    assert found.move == plain.move


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("mixtour", 2, None),
        ("tric-trac", 2, None),
        ("triominos-junior", 2, None),
        ("triominos-junior", 3, {"level": "points"}),
        ("te-trix", 2, None),
        ("te-trix", 1, {"solo": True}),
    ],
)
def test_every_game_judges_only_legal_moves_within_its_looks(game, players, options):
    """Every game's ``judged`` offers legal moves only, each once, looking at no more than
    it was given; easy's move is one of them."""
    import random

    engine = REGISTRY[game]
    rng = random.Random(game)
    state = driver.start(engine, players, options, f"judged-{game}").state
    checked = 0
    for ply in range(60):
        if engine.status(state).finished:
            break
        if engine.is_chance(state):
            state = driver.resolve_chance(engine, state).state
            continue
        movers = engine.to_move(state)
        player = movers[0]
        named = player if len(movers) > 1 else None
        legal = engine.legal_moves(state, named)
        found, looked = engine.spec.judged(state, player, legal, 305)
        moves = [m for m, _ in found]
        assert looked <= 305 and len(set(moves)) == len(moves)
        assert set(moves) <= set(legal)
        if len(found) >= 2:
            slipped = bots.suggest(engine, state, player, f"e{ply}", 10, 610, None, 1.0)
            assert slipped.move in moves and slipped.iterations == 0
            checked += 1
        state = engine.successor(state, rng.choice(legal), named)
    assert checked >= 3
