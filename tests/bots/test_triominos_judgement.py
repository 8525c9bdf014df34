"""Triominos Junior's own judgement of a turn, by which the bots choose (issue 27): a lay
before a draw (TJ-10, TJ-12), the opponents' chance to place next (TJ-9), a won game (TJ-14),
and never a hidden tile read (TJ-17)."""

from __future__ import annotations

import random

import pytest

from service import bots
from service.games import REGISTRY
from service.games.core import driver
from service.games.core.states import evolve
from service.games.triominos_junior import bot as tj_bot
from service.games.triominos_junior.moves import Draw, Place, Swap
from service.games.triominos_junior.tiles import JOKER

GAME = REGISTRY["triominos-junior"]
RULES = GAME.rules


def _positions(seed: str, level: str | None = None, count: int = 40, judged: bool = False):
    """Positions of seeded games where a player is to act (no chance pending): random moves,
    or (``judged``) the judgement's own."""
    rng = random.Random(seed)
    options = {"level": level} if level else None
    found = []
    for game in range(count):
        state = driver.start(GAME, 2, options, f"{seed}-{game}").state
        while not GAME.status(state).finished and len(found) < count:
            if GAME.is_chance(state):
                state = driver.resolve_chance(GAME, state).state
                continue
            found.append(state)
            legal = GAME.legal_moves(state)
            if judged:
                move = tj_bot.choose(RULES, state, state.turn, legal, 10_000)[0][0]
            else:
                move = rng.choice(legal)
            state = GAME.successor(state, move)
        if len(found) >= count:
            break
    return found


@pytest.mark.parametrize("level", ["coins", "points"])
def test_tj10_tj12_the_bot_lays_a_tile_whenever_it_can_and_draws_only_when_it_cannot(level):
    """A draw costs a coin (TJ-12) where a placement earns one (TJ-10): the judgement keeps
    one lay while any exists, and the draw when none does."""
    for i, state in enumerate(_positions(f"lay-{level}", level)):
        player = state.turn
        legal = RULES.legal_moves(state)
        chosen, _ = GAME.spec.candidates(state, player, legal, 10 * 61 // 2, None)  # suggest's
        assert len(chosen) == 1
        can_lay = any(isinstance(m, Place | Swap) for m in legal)
        assert isinstance(chosen[0], Place | Swap) == can_lay, (i, legal)
        suggested = bots.suggest(GAME, state, player, f"s{i}", 10, 10 * 61).move
        assert suggested == chosen[0]


def test_tj17_the_judgement_reads_only_what_the_player_can_see():
    """Tiles moved between the opponent's rack and the pool (both unseen by the mover) change
    neither the worth of any lay nor the chosen one, though the game's end may depend on
    them (TJ-15's blocked end, the points left on the racks)."""
    checked = 0
    for level in ("coins", "points"):
        for state in _positions(f"hidden-{level}", level, count=80):
            player = state.turn
            other = 1 - player
            if not state.pool or not state.racks[other]:
                continue
            rack, pool = list(state.racks[other]), list(state.pool)
            rack[0], pool[-1] = pool[-1], rack[0]
            racks = list(state.racks)
            racks[other] = tuple(sorted(rack))
            changed = evolve(state, racks=tuple(racks), pool=tuple(sorted(pool)))
            assert changed != state
            legal = RULES.legal_moves(state)
            assert RULES.legal_moves(changed) == legal
            assert tj_bot.judged(RULES, state, player, legal, 10_000) == tj_bot.judged(
                RULES, changed, player, legal, 10_000
            )
            checked += 1
    assert checked > 40


def test_tj17_the_deeper_look_plays_rounds_only_in_worlds_the_player_cannot_rule_out():
    """Strong's look (a round in worlds dealt from the unseen tiles) chooses alike in two
    positions that differ only in what the mover cannot see, stays within its looks, and is
    taken only when the looks allow every world of every lay."""
    looks = 160 * 61 // 2  # strong's
    deep = 0
    for state in _positions("deeper", count=60)[::3]:
        player, other = state.turn, 1 - state.turn
        if not state.pool or not state.racks[other]:
            continue
        rack, pool = list(state.racks[other]), list(state.pool)
        rack[-1], pool[0] = pool[0], rack[-1]
        racks = list(state.racks)
        racks[other] = tuple(sorted(rack))
        changed = evolve(state, racks=tuple(racks), pool=tuple(sorted(pool)))
        legal = RULES.legal_moves(state)
        chosen, looked = tj_bot.choose(RULES, state, player, legal, looks)
        assert (chosen, looked) == tj_bot.choose(RULES, changed, player, legal, looks)
        lays = [m for m in legal if isinstance(m, Place | Swap)]
        assert looked <= looks
        per_world = max(2 * len(lays) + 2, tj_bot.ROUND)
        needed = len(lays) + tj_bot.DEEP * tj_bot.WORLDS * per_world
        deep += looked > len(lays)
        assert (looked > len(lays)) == (len(lays) >= 2 and needed <= looks)
    assert deep >= 5
    medium = 50 * 61 // 2
    for state in _positions("medium", count=40):
        legal = RULES.legal_moves(state)
        lays = [m for m in legal if isinstance(m, Place | Swap)]
        _, looked = tj_bot.choose(RULES, state, state.turn, legal, medium)
        assert looked == (len(lays) if lays else 0)  # medium: one ply


def test_tj9_a_lay_that_leaves_the_opponent_fewer_fitting_tiles_is_worth_more():
    """The opponents' expected gain falls with the unseen tiles that fit an open position
    (TJ-9): with the lead and the mover's own tiles alike, fewer fitting tiles is better."""
    (state,) = _positions("reply", count=1)
    player = state.turn
    world = RULES.successor(state, next(m for m in RULES.legal_moves(state)))
    hidden = tj_bot.unseen(world, player)
    needs = tj_bot._needs(world.board)
    fitting = [t for t in hidden if tj_bot._fitting([t], needs)]
    stuck = [t for t in hidden if t not in fitting]
    assert fitting and stuck
    easier = tj_bot.worth(world, player, fitting + stuck)
    harder = tj_bot.worth(world, player, stuck + stuck[:1] * len(fitting))
    assert harder > easier


def test_tj14_placing_the_last_tile_to_win_is_chosen():
    """A player whose last tile fits and who leads ends the game at once (TJ-14: the bonus
    coin, most coins wins)."""
    for state in _positions("last", count=400, judged=True):
        player = state.turn
        if len(state.racks[player]) != 1 or state.coins[player] < state.coins[1 - player]:
            continue
        legal = RULES.legal_moves(state)
        lays = [m for m in legal if isinstance(m, Place)]
        if not lays:
            continue
        (chosen,), _ = tj_bot.choose(RULES, state, player, legal, 10_000)
        assert isinstance(chosen, Place)
        assert RULES.status(RULES.successor(state, chosen)).finished
        return
    raise AssertionError("no such position in the seeded games")


def test_tj11_a_joker_counts_as_a_tile_that_fits():
    assert tj_bot._fitting([JOKER], {(1, 2, None)}) == 1
    assert tj_bot._fitting([JOKER], set()) == 0


def test_the_judgement_stays_within_its_looks():
    for state in _positions("looks"):
        legal = RULES.legal_moves(state)
        lays = [m for m in legal if isinstance(m, Place | Swap)]
        found, looked = tj_bot.judged(RULES, state, state.turn, legal, len(lays) - 1)
        assert (found, looked) == ([], 0) or not lays
        chosen, _ = tj_bot.choose(RULES, state, state.turn, legal, max(len(lays) - 1, 0))
        assert list(chosen) == list(legal) or not lays or isinstance(chosen[0], Draw)


def test_tj1_easy_judges_a_set_of_zero_valued_tiles_at_the_points_level():
    """A custom set may carry only zeros (TJ-1): easy's worth in tiles of the set's average
    value then counts in points instead of dividing by zero."""
    tiles = ["0-0-0"] * 35 + ["J"]
    state = driver.start(GAME, 2, {"level": "points", "tiles": tiles}, "zeros").state
    while GAME.is_chance(state):
        state = driver.resolve_chance(GAME, state).state
    found = bots.suggest(GAME, state, state.turn, "z", 10, 610, None, bots.SLIPS["easy"])
    assert found.move in GAME.legal_moves(state) and found.iterations == 0
