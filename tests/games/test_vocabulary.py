"""The vocabulary every game shares (issue 16): the error classes' codes and the refusals of
the driver, which ``play`` runs before an engine sees the move. Each game's own refusals and
events are pinned in ``tests/games/<game>/test_vocabulary.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

from service.games import REGISTRY
from service.games.core import (
    GameOver,
    IllegalMove,
    InvalidNotation,
    InvalidOptions,
    InvalidState,
    MoveRequest,
    NotYourTurn,
    RulesError,
    driver,
)
from service.games.core.fair import FairDice
from tests.games.mixtour.helpers import position as mixtour_position
from tests.games.vocabulary import Refusal, check_client, refusal_gaps, scan, unique_ids

MIXTOUR, TRIC_TRAC = REGISTRY["mixtour"], REGISTRY["tric-trac"]
OPENED = "red 5-3"  # Red starts with 3-5 (TT-4)


def opened():
    return TRIC_TRAC.apply(TRIC_TRAC.new(), TRIC_TRAC.parse_move(OPENED)).state


# Sent without its derived "player" this is Red's 1/4 1/6; the one sent names Black.
WRONG_PLAYER = {"kind": "turn", "player": 1, "steps": [{"from": 1, "to": 4}, {"from": 1, "to": 6}]}
RED_TURN = {
    "kind": "turn",
    "player": 0,
    "steps": [
        {"from": 1, "to": 4, "hit": False, "die": 3},
        {"from": 1, "to": 6, "hit": False, "die": 5},
    ],
}

DRIVER = [
    # MX-10: White has won; the driver refuses before the engine, naming no rule.
    (
        MIXTOUR,
        Refusal(
            lambda: mixtour_position({}, to_move=None, scores=(5, 0)),  # type: ignore[arg-type]
            "a1",
            GameOver,
            "GAME_FINISHED",
        ),
    ),
    (
        MIXTOUR,
        Refusal(MIXTOUR.new, "a1", NotYourTurn, "NOT_TO_MOVE", details={"toMove": [0]}, player=1),
    ),
    # TT-4: a seeded game resting at its opening throw; only the service rolls it.
    (
        TRIC_TRAC,
        Refusal(lambda: TRIC_TRAC.new(seed="s"), OPENED, IllegalMove, "CHANCE_IS_SAMPLED"),
    ),
    # TT-5: an outcome sent at a player's turn of a seeded game.
    (
        TRIC_TRAC,
        Refusal(
            lambda: driver.start(TRIC_TRAC, None, None, "s").state,
            "3-5",
            IllegalMove,
            "CHANCE_IS_SAMPLED",
            case="turn",
        ),
    ),
    (
        TRIC_TRAC,
        Refusal(
            opened,
            WRONG_PLAYER,
            InvalidNotation,
            "DOCUMENT_MISMATCH",
            details={"field": "$.player", "expected": RED_TURN},
        ),
    ),
]


@pytest.mark.parametrize(
    ("error", "code"),
    [
        (RulesError, "RULES_ERROR"),
        (InvalidNotation, "INVALID_NOTATION"),
        (IllegalMove, "ILLEGAL_MOVE"),
        (NotYourTurn, "NOT_YOUR_TURN"),
        (GameOver, "GAME_OVER"),
        (InvalidState, "INVALID_STATE"),
        (InvalidOptions, "INVALID_OPTIONS"),
    ],
)
def test_every_error_class_carries_its_code(error, code):
    assert error.code == code


@pytest.mark.parametrize(("engine", "row"), DRIVER, ids=[f"{e.id}-{r}" for e, r in DRIVER])
def test_mx10_tt4_tt5_the_drivers_refusals_as_play_answers_them(engine, row):
    """MX-10, TT-4, TT-5: what the driver refuses before the engine sees the move."""
    check_client(engine, row)


# TT-4: a fair game's record lists an opening throw its committed seed did not draw (the
# driver's ``play`` checks each outcome a fair record lists; play_one sees none of them).
FAIR_ROW = Refusal(None, "red 1-1", IllegalMove, "CHANCE_DIFFERS", case="fair")


def test_tt4_a_fair_record_s_outcome_that_was_not_drawn_is_refused():
    dice = FairDice(["a", None], seed=bytes(32))
    state = driver.start(TRIC_TRAC, None, None, "s", dice, opening=False).state
    drawn = driver.sample(TRIC_TRAC, state, dice)
    assert TRIC_TRAC.notation(drawn) != FAIR_ROW.move
    with pytest.raises(driver.PlyError) as caught:
        driver.play(TRIC_TRAC, state, [MoveRequest(FAIR_ROW.move)], auto_chance=True, secret=dice)
    error = caught.value.error
    expected = {**FAIR_ROW.expected(), "drawn": TRIC_TRAC.notation(drawn)}
    assert (type(error), error.as_details()) == (FAIR_ROW.error, expected)
    # the outcome drawn, listed, is taken; the game goes on to the player it names
    listed = [MoveRequest(TRIC_TRAC.notation(drawn))]
    after = driver.play(TRIC_TRAC, state, listed, auto_chance=True, secret=dice).state
    assert not TRIC_TRAC.is_chance(after)


@pytest.mark.reads_source
def test_every_driver_reason_has_a_row():
    source = scan(Path(driver.__file__))
    assert refusal_gaps(source, [*(r for _, r in DRIVER), FAIR_ROW]) == []
    assert unique_ids([r for _, r in DRIVER]) == []
    # every game with chance pins chance in its own table; gameStarted, which driver.start
    # opens every new game with, is pinned for every game by tests/games/test_started.py
    assert source.events == {"chance", "gameStarted"}
