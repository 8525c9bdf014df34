"""Mixtour's public vocabulary (issue 16): every refusal with its code, reason and rule
(MX-4 … MX-10), every event with its payload (MX-4, MX-5, MX-8, MX-9, MX-10), one row each.

The completeness tests read ``service/games/mixtour``: a new reason or event type without a
row here fails them.
"""

from __future__ import annotations

import pytest

from service.games.core import GameOver, IllegalMove, InvalidNotation, NotYourTurn
from service.games.mixtour import ENGINE
from tests.games.vocabulary import (
    Emitted,
    Refusal,
    check_client,
    check_emitted,
    check_refusal,
    event_gaps,
    message_gaps,
    package_dir,
    refusal_gaps,
    scan,
    unique_ids,
)

from .helpers import play, position

FINISHED_BY_DRIVER = (GameOver, {"reason": "GAME_FINISHED"})  # the driver names no rule


def won():
    """White reached pointsToWin (MX-10)."""
    return position({}, to_move=None, scores=(5, 0))  # type: ignore[arg-type]


def drawn():
    """Both passed in a row (MX-8): a1 and c5 cannot reach each other, supplies are empty."""
    return play(position({"a1": "w", "c5": "b"}, pieces=1), "pass", "pass")


def stuck():
    """White must pass (MX-8): no supply, and a1 reaches nothing."""
    return position({"a1": "w", "c5": "b"}, pieces=1)


REFUSALS = [
    Refusal(won, "a1", GameOver, "GAME_FINISHED", "MX-10", client=FINISHED_BY_DRIVER),
    Refusal(
        drawn, "a1", GameOver, "GAME_FINISHED", "MX-10", case="draw", client=FINISHED_BY_DRIVER
    ),
    Refusal(ENGINE.new, "a1", NotYourTurn, "NOT_TO_MOVE", details={"toMove": [0]}, player=1),
    Refusal(ENGINE.new, "pass", IllegalMove, "PASS_NOT_ALLOWED", "MX-8"),
    Refusal(
        lambda: position({"a1": "w", "e5": "b"}, pieces=1), "c3", IllegalMove, "NO_SUPPLY", "MX-4"
    ),
    Refusal(lambda: play(ENGINE.new(), "c3"), "c3", IllegalMove, "SQUARE_OCCUPIED", "MX-4"),
    Refusal(ENGINE.new, "a1-b2", IllegalMove, "EMPTY_SOURCE", "MX-5"),
    Refusal(
        lambda: position({"a1": "w", "b2": "b"}),
        "a1:2-b2",
        IllegalMove,
        "NOT_ENOUGH_PIECES",
        "MX-5",
    ),
    Refusal(lambda: position({"a1": "w", "b3": "bb"}), "a1-b3", IllegalMove, "NOT_A_LINE", "MX-5"),
    Refusal(lambda: position({"a1": "w"}), "a1-a2", IllegalMove, "EMPTY_TARGET", "MX-5"),
    # c1 is 2 squares from a1, which is 1 high.
    Refusal(
        lambda: position({"a1": "w", "c1": "bb"}), "c1-a1", IllegalMove, "WRONG_DISTANCE", "MX-6"
    ),
    # Seed figure 2: e1 is 3 squares from the 3-stack on b4, but d2 and c3 stand between.
    Refusal(
        lambda: position({"b4": "wbw", "e1": "w", "d2": "b", "c3": "w"}),
        "e1-b4",
        IllegalMove,
        "PATH_BLOCKED",
        "MX-5",
    ),
    # The spec's MX-7 example: White a1-b2, and Blue may not answer b2-a1.
    Refusal(
        lambda: play(position({"a1": "ww", "b2": "b"}), "a1-b2"),
        "b2-a1",
        IllegalMove,
        "TAKE_BACK_FORBIDDEN",
        "MX-7",
    ),
    # Notation: refused by the parser, whatever the position.
    Refusal(None, 5, InvalidNotation, "NOT_A_STRING"),
    Refusal(None, "f1", InvalidNotation, "UNPARSABLE", details={"notation": "f1"}),
    Refusal(
        None, "c3+", InvalidNotation, "UNPARSABLE", details={"notation": "c3+"}, case="not-notation"
    ),
    Refusal(None, "a1:0-b2", InvalidNotation, "BAD_COUNT", details={"notation": "a1:0-b2"}),
    Refusal(
        None,
        {"kind": "place", "square": "z9"},
        InvalidNotation,
        "BAD_DOCUMENT",
        details={"field": "square"},
        case="square",
    ),
    Refusal(
        None,
        {"kind": "shift", "from": "a9", "to": "b2"},
        InvalidNotation,
        "BAD_DOCUMENT",
        details={"field": "from"},
        case="from",
    ),
    Refusal(
        None,
        {"kind": "shift", "from": "a1", "count": 0, "to": "b2"},
        InvalidNotation,
        "BAD_DOCUMENT",
        details={"field": "count"},
        case="count",
    ),
    Refusal(None, {"kind": "jump"}, InvalidNotation, "BAD_DOCUMENT", case="kind"),
]

EVENTS = [
    Emitted(
        "MX-4-placed",
        ENGINE.new,
        "c3",
        ({"type": "placed", "player": 0, "square": "c3"},),
    ),
    Emitted(
        "MX-5-moved",
        lambda: position({"a1": "w", "b2": "b"}),
        "a1-b2",
        ({"type": "moved", "player": 0, "from": "a1", "to": "b2", "count": 1},),
    ),
    # White moves a Blue-topped pair onto a 3-stack: the 5-stack's top is Blue, Blue scores.
    Emitted(
        "MX-9-stackRemoved",
        lambda: position({"a1": "wwb", "a4": "wb"}),
        "a4:2-a1",
        (
            {"type": "moved", "player": 0, "from": "a4", "to": "a1", "count": 2},
            {"type": "stackRemoved", "square": "a1", "pieces": 5, "scorer": 1, "scores": [0, 1]},
        ),
    ),
    Emitted(
        "MX-10-gameOver-points",
        lambda: position({"a1": "bbbb", "e5": "w"}, to_move=1, scores=(4, 0)),
        "e5-a1",
        (
            {"type": "moved", "player": 1, "from": "e5", "to": "a1", "count": 1},
            {"type": "stackRemoved", "square": "a1", "pieces": 5, "scorer": 0, "scores": [5, 0]},
            {"type": "gameOver", "winners": [0], "reason": "points"},
        ),
        player=1,
    ),
    Emitted("MX-8-passed", stuck, "pass", ({"type": "passed", "player": 0},)),
    Emitted(
        "MX-8-gameOver-draw",
        lambda: play(stuck(), "pass"),
        "pass",
        (
            {"type": "passed", "player": 1},
            {"type": "gameOver", "winners": [], "reason": "draw"},
        ),
    ),
    Emitted(
        "MX-4-placed-played",
        ENGINE.new,
        "c3",
        ({"type": "placed", "player": 0, "square": "c3", "ply": 0},),
        played=True,
    ),
]


@pytest.mark.parametrize("row", REFUSALS, ids=str)
def test_mx4_to_mx10_refusals_carry_code_reason_and_rule(row):
    check_refusal(ENGINE, row)


@pytest.mark.parametrize("row", [r for r in REFUSALS if r.sendable], ids=str)
def test_mx4_to_mx10_refusals_as_play_answers_them(row):
    check_client(ENGINE, row)


@pytest.mark.parametrize("row", EVENTS, ids=str)
def test_mx4_to_mx10_events_carry_type_and_payload(row):
    check_emitted(ENGINE, row)


def test_every_pinned_mixtour_message_has_a_row():
    assert message_gaps(ENGINE, REFUSALS) == []


@pytest.mark.reads_source
def test_every_mixtour_reason_and_rule_in_the_source_has_a_row():
    """MX-4 … MX-10: every reason (and reason/rule pair) the engine writes has a row."""
    assert refusal_gaps(scan(package_dir(ENGINE)), REFUSALS) == []
    assert unique_ids(REFUSALS) == []


@pytest.mark.reads_source
def test_every_mixtour_event_type_field_and_value_has_a_row():
    """MX-4, MX-5, MX-8, MX-9, MX-10: every event type, optional field and small enum value."""
    assert event_gaps(ENGINE, scan(package_dir(ENGINE)), EVENTS) == []
    assert unique_ids(EVENTS) == []
