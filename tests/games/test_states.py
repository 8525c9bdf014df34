"""``evolve`` is ``dataclasses.replace`` for every game's state: each field changed alone and
all at once, along random games of every game; the fields ``__init__`` does not take start
again from their defaults; an unknown name is refused."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

from service.games import REGISTRY
from service.games.core.states import evolve

from .contract import random_game


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_evolve_is_replace_along_random_games(game):
    engine = REGISTRY[game]
    rng = random.Random(game)
    states = [ply.state for ply in random_game(engine, rng, "evolve", max_plies=40)]
    assert len(states) > 5
    for state, other in itertools.pairwise(states):
        names = [f.name for f in dataclasses.fields(state) if f.init]
        assert evolve(state) == dataclasses.replace(state) == state
        for name in names:
            change = {name: getattr(other, name)}
            assert evolve(state, **change) == dataclasses.replace(state, **change), name
        every = {name: getattr(other, name) for name in names}
        assert evolve(state, **every) == other


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_evolve_refuses_an_unknown_field(game):
    state = REGISTRY[game].new()
    with pytest.raises(TypeError):
        evolve(state, no_such_field=1)


def test_fields_init_does_not_take_start_again():
    """Mixtour's derived counts and Triominos Junior's board are not carried over."""
    for game, derived, known in (("mixtour", "levels", 5), ("triominos-junior", "_board", {})):
        state = REGISTRY[game].new()
        fresh = getattr(state, derived)
        object.__setattr__(state, derived, known)
        assert getattr(evolve(state), derived) == getattr(dataclasses.replace(state), derived)
        assert getattr(evolve(state), derived) == fresh != known
