"""Seeded random Tric Trac games: what only Tric Trac promises in every position, the turn
generator against the independent walk of ``reference.py``, and the engine's fast paths
against the plain implementations ``reference.py`` keeps. (Round trips, stones conserved,
chance well formed and finished games without moves are the shared contract's,
``tests/games/contract.py``.)"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from service.games.core import IllegalMove, RulesError
from service.games.tric_trac import ENGINE, TricTracState, Turn
from service.games.tric_trac.moves import OFF, Step
from service.games.tric_trac.rules import _frame
from service.games.tric_trac.state import POINTS
from service.games.tric_trac.turns import generate, relative

from ..contract import final, random_game
from . import reference
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


# -- the fast paths against the plain implementations (reference.py) ---------------------
# Compared as JSON text, so the order of keys counts too.


def _text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _answer(call: Callable[..., Any], *args: Any) -> str:
    """What ``call`` answers as JSON text: its result, or the refusal it raises (the error
    class, its message and its details, as an API answer shows them)."""
    try:
        return _text(call(*args))
    except RulesError as refused:
        return _text([type(refused).__name__, refused.code, str(refused), refused.as_details()])


def positions(seed: int, options: dict[str, Any]) -> Iterator[TricTracState]:
    """Every position of one seeded random game with ``options``, the last one included (the
    shared contract's ``random_game``, chance drawn with its weights)."""
    plies = list(random_game(ENGINE, random.Random(seed), None, options=options))
    yield from (ply.state for ply in plies)
    yield final(ENGINE, plies)


def _spellings(move: Turn) -> list[Turn]:
    """Other spellings of ``move``: the same steps as new objects, and in the other order."""
    again = ENGINE.parse_move(ENGINE.notation(move))
    assert isinstance(again, Turn)
    return [again, Turn(move.steps[::-1])] if len(move.steps) == 2 else [again]


def check_generated(state: TricTracState) -> None:
    p, dice = state.player, state.dice
    assert p is not None and dice is not None
    rel, frame = relative(state.board, p), _frame(state, p)
    expected = reference.generate(rel, dice[0], dice[1], frame)
    assert generate.__wrapped__(rel, dice[0], dice[1], frame) == expected
    assert ENGINE.rules.plays(state) == expected


def check_documents(state: TricTracState) -> None:
    for move in ENGINE.legal_moves(state):
        assert isinstance(move, Turn)
        for spelled in [move, *_spellings(move)]:
            expected = _answer(reference.move_document, state, spelled)
            assert _answer(ENGINE.move_document, state, spelled) == expected
        assert ENGINE.successor(state, move) == ENGINE.apply(state, move).state
        doc = ENGINE.move_document(state, move)
        want = reference.move_locations(state, doc)
        assert _text(ENGINE.move_locations(state, doc)) == _text(want)


def _after(call: Callable[..., TricTracState], state: TricTracState, move: Turn) -> str:
    """The position ``call(state, move)`` reaches (encoded), or the refusal it raises."""
    return _answer(lambda: ENGINE.encode(call(state, move)))


def _two_steps(state: TricTracState, turns: list[Turn], rng: random.Random) -> list[Turn]:
    """Two-step turns, legal or not: each step from a point of the mover's (or an empty one)
    by a number of the throw, its sum or one too many, towards a point or off, a hit claimed
    or not; and each legal one-step turn (a winning step among them, TT-15) with one more."""
    p, dice = state.player, state.dice
    assert p is not None and dice is not None
    sign = 1 if p == 0 else -1
    sources = [pt for pt in range(1, POINTS + 1) if state.board[pt - 1] * sign > 0]
    sources.append(rng.randint(1, POINTS))
    steps = []
    for source in sources:
        for d in {*dice, dice[0] + dice[1], dice[1] + 1}:
            to = source + sign * d
            for target in {to if 1 <= to <= POINTS else OFF, OFF}:
                steps.extend(Step(source, target, hit) for hit in (False, True))
    more = [Turn((*m.steps, rng.choice(steps))) for m in turns if len(m.steps) == 1]
    return more + [Turn((rng.choice(steps), rng.choice(steps))) for _ in range(30)]


def check_replayed(state: TricTracState, rng: random.Random) -> None:
    """``checked_successor`` reaches what ``apply`` reaches and refuses what it refuses,
    every legal turn in every spelling and two-step turns legal or not (TT-7 … TT-13)."""
    turns = [m for m in ENGINE.legal_moves(state) if isinstance(m, Turn)]
    spelled = [s for m in turns for s in _spellings(m)]
    for move in [*turns, *spelled, *_two_steps(state, turns, rng)]:
        expected = _after(lambda s, m: ENGINE.apply(s, m).state, state, move)
        assert _after(ENGINE.checked_successor, state, move) == expected, move


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(o) or "default")
def test_turns_documents_and_locations_match_the_plain_ones(options):
    """TT-6 … TT-13, TT-15: the generator, move documents, locations, the successor and the
    replay's checked successor along random games."""
    rng = random.Random(26)
    for seed in range(4):
        for state in positions(seed, options):
            if state.phase == "move":
                check_generated(state)
                check_documents(state)
                check_replayed(state, rng)
