"""Seeded random playouts of whole games, checking invariants in every position, and the
turn generator against the independent reference walk of ``reference.py``."""

from __future__ import annotations

import random
import re

import pytest

from service.games.core import IllegalMove
from service.games.core.chance import pick
from service.games.tric_trac import ENGINE, TricTracState, Turn

from .reference import reference_results

OPTION_SETS = [
    {},
    {"mustPlayLarger": True},
    {"homeBeforeBearOff": True, "pointsToWin": 15},
    {"hucke": {"red": 7, "black": 18}, "pointsToWin": 15},
    {"pointsToWin": 3},
]
MOVE_PATTERN = re.compile(ENGINE.move_schema()["oneOf"][0]["pattern"])


def check_position(state: TricTracState) -> None:
    doc = ENGINE.encode(state)
    assert ENGINE.decode(doc) == state
    for p, key in enumerate(("red", "black")):
        on_points = sum(doc["points"][key].values())
        assert on_points + doc["start"][p] + doc["borneOff"][p] == 15  # TT-2
        assert doc["scores"][p] == doc["hits"][p] + doc["borneOff"][p]  # TT-14
        assert ENGINE.scores(state).values[p] == doc["scores"][p]
        hucke = state.rules.hucke[p]
        assert doc["points"][key].get(str(hucke)) != 1  # TT-11
        assert str(state.rules.hucke[1 - p]) not in doc["points"][key]
    status = ENGINE.status(state)
    if status.finished:
        assert ENGINE.legal_moves(state) == () and ENGINE.to_move(state) == ()
        assert len(status.winners) == 1
        assert ENGINE.scores(state).values[status.winners[0]] == state.rules.points_to_win
    elif ENGINE.is_chance(state):
        assert sum(p for _, p in ENGINE.chance_outcomes(state)) == 1
        assert ENGINE.legal_moves(state) == tuple(m for m, _ in ENGINE.chance_outcomes(state))


def check_turns(state: TricTracState, thorough: bool) -> None:
    moves = ENGINE.legal_moves(state)
    assert moves and len(set(moves)) == len(moves)
    plays = ENGINE.rules.plays(state)
    assert len({p.board for p in plays}) == len(plays)  # one move per resulting position
    for move in moves:
        text = ENGINE.notation(move)
        assert ENGINE.parse_move(text) == move
        assert MOVE_PATTERN.fullmatch(text), text
    if not thorough:
        return
    results = set()
    for move in moves:
        after = ENGINE.apply(state, move).state
        results.add((after.board, after.hits))
        assert isinstance(move, Turn)
        if len(move.steps) == 2:  # the other order, where legal, is the same turn
            other = Turn(move.steps[::-1])
            try:
                again = ENGINE.apply(state, other).state
            except IllegalMove:
                continue
            assert again == after
    assert results == reference_results(state)


def playout(seed: int, options: dict, thorough_every: int) -> tuple[TricTracState, int]:
    """One game; odd seeds avoid hitting when they can, so that races reach bearing off."""
    rng = random.Random(seed)
    racing = seed % 2 == 1
    state = ENGINE.new(options=options, seed=f"playout-{seed}")
    plies = 0
    while not ENGINE.status(state).finished:
        check_position(state)
        if ENGINE.is_chance(state):
            move = pick(ENGINE.chance_outcomes(state), rng.random())
        else:
            check_turns(state, plies % thorough_every == 0)
            moves = ENGINE.legal_moves(state)
            if racing:
                moves = tuple(m for m in moves if not any(s.hit for s in m.steps)) or moves
            move = rng.choice(moves)
        chances = state.chances
        state = ENGINE.apply(state, move).state
        if isinstance(move, Turn):
            assert state.chances == chances
        else:
            assert state.chances == chances + 1
        plies += 1
        assert plies < 3000, "a game that never ends"
    check_position(state)
    return state, plies


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_seeded_random_playouts_keep_every_invariant(options):
    """TT-2, TT-11, TT-14, TT-15 invariants; generator == reference walk (TT-7…TT-13)."""
    for seed in range(8):
        final, plies = playout(seed, options, thorough_every=3)
        assert ENGINE.status(final).finished and plies > 0


def test_playouts_are_reproducible():
    assert playout(7, {}, 1000) == playout(7, {}, 1000)
