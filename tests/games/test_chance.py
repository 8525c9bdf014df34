"""Seeded chance (``core.chance``): ``pick`` and ``Slots`` choose exactly as a sum of
``Fraction``s does, for the games' own outcome lists and for any list (every game's chance
rule: Tric Trac's throws TT-5, Te-Trix's rolls, Triominos Junior's deals and draws)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.games import REGISTRY
from service.games.core import chance

from .contract import random_game


def reference(outcomes: list[tuple[object, Fraction]], u: Fraction) -> object:
    total = Fraction(0)
    for outcome, p in outcomes:
        total += p
        if u < total:
            return outcome
    return outcomes[-1][0]


@given(
    st.lists(
        st.tuples(st.integers(1, 50), st.integers(1, 64)).map(lambda t: Fraction(*t)),
        min_size=1,
        max_size=30,
    ),
    st.integers(0, (1 << 64) - 1),
)
def test_pick_is_the_fraction_sum_for_any_outcomes(weights, n):
    total = sum(weights)
    outcomes = [(i, w / total) for i, w in enumerate(weights)]  # probabilities summing to 1
    u = Fraction(n, 1 << 64)
    assert chance.pick(outcomes, u) == reference(outcomes, u)
    # the boundaries themselves: u exactly at a cumulative probability
    running = Fraction(0)
    for _, p in outcomes:
        running += p
        if running < 1:
            assert chance.pick(outcomes, running) == reference(outcomes, running)


@given(st.lists(st.integers(1, 40), min_size=1, max_size=30), st.integers(0, (1 << 64) - 1))
def test_slots_pick_as_the_fraction_sum(weights, n):
    """Outcomes of a common denominator (the sum of integer weights, at most 1,200)."""
    total = sum(weights)
    outcomes = [(i, Fraction(w, total)) for i, w in enumerate(weights)]
    slots = chance.Slots(outcomes)
    assert chance.Slots(outcomes).pick(Fraction(n, 1 << 64)) == reference(
        outcomes, Fraction(n, 1 << 64)
    )
    running = Fraction(0)
    for _, p in outcomes[:-1]:  # at each cumulative probability, and just below it
        running += p
        for at in (running, running - Fraction(1, 1 << 64)):
            assert slots.pick(at) == reference(outcomes, at)


def test_slots_refuse_what_they_cannot_lay_out():
    with pytest.raises(ValueError, match="sum to 1"):
        chance.Slots([("a", Fraction(1, 2)), ("b", Fraction(1, 3))])
    with pytest.raises(ValueError, match="slots"):
        chance.Slots([("a", Fraction(1, 10**6)), ("b", Fraction(10**6 - 1, 10**6))])


def test_pick_is_the_fraction_sum_at_every_chance_node_of_random_games():
    for game in ("tric-trac", "te-trix", "triominos-junior"):
        engine = REGISTRY[game]
        for seed in range(3):
            for ply in random_game(engine, random.Random(seed), f"chance-{seed}", players=2):
                if not engine.is_chance(ply.state):
                    continue
                outcomes = list(engine.chance_outcomes(ply.state))
                for index in range(20):
                    u = chance.unit(f"s{seed}", index, b"secret")
                    assert chance.pick(outcomes, u) == reference(outcomes, u)


def test_unit_is_the_keyed_hash_of_seed_and_index():
    """The same seed, index and secret give the same number; any change another."""
    u = chance.unit("game-1", 3, b"k")
    assert u == chance.unit("game-1", 3, b"k") and 0 <= u < 1
    assert len({u, chance.unit("game-1", 4, b"k"), chance.unit("game-2", 3, b"k")}) == 3
    assert chance.unit("game-1", 3, b"other") != u


def test_seeded_shuffles_alike_for_a_seed_and_reaches_every_order():
    """``Seeded`` (an engine's own shuffler, TJ-17's sampled worlds): the same seed, the same
    order; a permutation always; over seeds every order of three items, none far from a sixth
    of the time."""
    items = list(range(10))
    first, again = items[:], items[:]
    chance.Seeded("view").shuffle(first)
    chance.Seeded("view").shuffle(again)
    assert first == again and sorted(first) == items
    other = items[:]
    chance.Seeded("view 2").shuffle(other)
    assert other != first
    counts: dict[tuple[int, ...], int] = {}
    for i in range(600):
        three = [0, 1, 2]
        chance.Seeded(f"s{i}").shuffle(three)
        counts[tuple(three)] = counts.get(tuple(three), 0) + 1
    assert len(counts) == 6 and all(60 <= n <= 140 for n in counts.values())
    assert all(0 <= chance.Seeded(f"b{i}").below(7) < 7 for i in range(100))
