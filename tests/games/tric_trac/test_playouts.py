"""Seeded random Tric Trac games: what only Tric Trac promises in every position, and the turn
generator against the independent walk of ``reference.py``. (Round trips, stones conserved,
chance well formed and finished games without moves are the shared contract's,
``tests/games/contract.py``.)"""

from __future__ import annotations

import random
import re

import pytest

from service.games.core import IllegalMove
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
    for p, key in enumerate(("red", "black")):
        assert doc["scores"][p] == doc["hits"][p] + doc["borneOff"][p]  # TT-14
        assert ENGINE.scores(state).values[p] == doc["scores"][p]
        assert doc["points"][key].get(str(state.rules.hucke[p])) != 1  # TT-11
        assert str(state.rules.hucke[1 - p]) not in doc["points"][key]  # TT-11
    status = ENGINE.status(state)
    if status.finished:
        assert len(status.winners) == 1  # TT-15
        assert ENGINE.scores(state).values[status.winners[0]] == state.rules.points_to_win


def check_turns(state: TricTracState) -> None:
    """TT-7…TT-13: every turn leads to a position of its own, the reference walk reaches the
    same positions, and two steps played in the other order (where legal) are the same turn."""
    moves = ENGINE.legal_moves(state)
    assert len({p.board for p in ENGINE.rules.plays(state)}) == len(ENGINE.rules.plays(state))
    results = set()
    for move in moves:
        assert MOVE_PATTERN.fullmatch(ENGINE.notation(move)), move
        after = ENGINE.apply(state, move).state
        results.add((after.board, after.hits))
        assert isinstance(move, Turn)
        if len(move.steps) == 2:
            try:
                again = ENGINE.apply(state, Turn(move.steps[::-1])).state
            except IllegalMove:
                continue
            assert again == after
    assert results == reference_results(state)


def playout(seed: int, options: dict) -> TricTracState:
    """One game; odd seeds avoid hitting when they can, so that races reach bearing off."""
    rng, racing = random.Random(seed), seed % 2 == 1
    state = ENGINE.new(options=options)
    plies = 0
    while not ENGINE.status(state).finished:
        check_position(state)
        if ENGINE.is_chance(state):
            outcomes = ENGINE.chance_outcomes(state)
            move = rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            if plies % 3 == 0:
                check_turns(state)
            moves = ENGINE.legal_moves(state)
            if racing:
                moves = tuple(m for m in moves if not any(s.hit for s in m.steps)) or moves
            move = rng.choice(moves)
        after = ENGINE.apply(state, move).state
        assert after.chances == state.chances + (not isinstance(move, Turn))
        state, plies = after, plies + 1
        assert plies < 3000, "a game that never ends"
    check_position(state)
    return state


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_random_games_keep_the_rules_and_match_the_reference(options):
    """TT-11, TT-14, TT-15 in every position; generator == reference walk (TT-7…TT-13)."""
    for seed in range(8):
        assert ENGINE.status(playout(seed, options)).finished
