"""Tric Trac's public vocabulary (issue 16): every refusal with its code, reason and rule
(TT-1, TT-4 … TT-15), every event with its payload (TT-4 … TT-8, TT-12 … TT-15), one row each.

Positions are points -> stones (``build.position``, pointsToWin 15 unless given); the
completeness tests read ``service/games/tric_trac``, so a new reason or event type without a
row here fails them.
"""

from __future__ import annotations

import pytest

from service.games.core import GameOver, IllegalMove, InvalidNotation, NotYourTurn, driver
from service.games.tric_trac import ENGINE, Step, Turn
from service.games.tric_trac import resolve as resolving
from service.games.tric_trac.turns import Frame, generate, index_of, relative
from tests.games.vocabulary import (
    Emitted,
    Made,
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

# Reasons no position reaches through apply, and why (each still has a test of its words).
UNREACHED = {
    "NOT_LEGAL": "the fallback after every TT-7 … TT-13 step check and the TT-8/TT-11 turn "
    "checks; see test_tt8_not_legal_is_the_last_word_of_a_turn_refusal",
}


def opened(throw: str = "red 5-3"):
    return play(ENGINE.new(), throw)


def thrown_for_black():
    """Red played its opening 5-3; Black throws next (TT-5)."""
    return play(opened(), "1/4 1/6")


def eleven_points(dice=(2, 3)):
    """Red: 6 hits + 5 borne off = 11 of 12; a hit on Black's blot on 8 wins (TT-15)."""
    return position({5: 1, 16: 9}, {8: 1, 20: 14}, hits=(6, 0), dice=dice, pointsToWin=12)


def won():
    return play(eleven_points(), "5/8*")


def steps():
    """Red 5 ×2, 16 ×3 against Black's blot on 8, with 2-3 (TT-7)."""
    return position({5: 2, 16: 3}, {8: 1, 20: 3}, dice=(2, 3))


def doc_error(doc, field: str | None, case: str) -> Refusal:
    details = {} if field is None else {"field": field}
    return Refusal(None, doc, InvalidNotation, "BAD_DOCUMENT", details=details, case=case)


def turn(*steps: dict) -> dict:
    return {"kind": "turn", "steps": list(steps)}


LONG = "1/4 " * 60

REFUSALS = [
    Refusal(won, "pass", GameOver, "GAME_FINISHED", "TT-15", client=FINISHED_BY_DRIVER),
    Refusal(
        ENGINE.new,
        "red 3-5",
        NotYourTurn,
        "CHANCE_NODE",
        player=0,
        client=(NotYourTurn, {"reason": "NOT_TO_MOVE", "toMove": []}),
    ),
    Refusal(opened, "1/4 1/6", NotYourTurn, "NOT_TO_MOVE", details={"toMove": [0]}, player=1),
    Refusal(opened, "4-4", IllegalMove, "NOT_A_CHANCE_NODE", "TT-5"),
    Refusal(ENGINE.new, "3-5", IllegalMove, "EXPECTED_OPENING", "TT-4"),
    Refusal(ENGINE.new, "red 1-1", IllegalMove, "IMPOSSIBLE_OPENING", "TT-4"),
    Refusal(thrown_for_black, "24/21 24/19", IllegalMove, "EXPECTED_THROW", "TT-5"),
    # legal-moves describes a turn only while a throw is being played.
    Refusal(
        thrown_for_black,
        "24/21 24/19",
        IllegalMove,
        "NOT_A_TURN",
        "TT-5",
        call="move_document",
    ),
    Refusal(opened, "pass", IllegalMove, "PASS_NOT_ALLOWED", "TT-8"),
    Refusal(eleven_points, "5/8*/10", IllegalMove, "GAME_WON", "TT-15"),
    # No notation spells three steps (the parser stops at two: TOO_MANY below).
    Refusal(
        opened,
        Made(Turn((Step(1, 4), Step(1, 6), Step(4, 5)))),
        IllegalMove,
        "TOO_MANY_STEPS",
        "TT-7",
    ),
    Refusal(steps, "7/9 16/19", IllegalMove, "NO_STONE", "TT-7"),
    Refusal(
        lambda: position({15: 1}, {2: 3}, start=(3, 0), dice=(2, 3)),
        "15/17 1/4",
        IllegalMove,
        "START_FIRST",
        "TT-10",
    ),
    Refusal(
        lambda: position({5: 1, 16: 2}, {8: 2, 19: 1}, dice=(1, 3)),
        "5/8 16/17",
        IllegalMove,
        "BLOCKED",
        "TT-9",
    ),
    Refusal(
        lambda: position({10: 1, 16: 1}, {2: 3}, dice=(2, 5)),
        "10/12 16/21",
        IllegalMove,
        "OPPONENT_HUCKE",
        "TT-11",
    ),
    Refusal(
        lambda: position({22: 1, 10: 1}, {2: 3}, dice=(5, 6), homeBeforeBearOff=True),
        "22/off 10/15",
        IllegalMove,
        "NOT_ALL_HOME",
        "TT-13",
    ),
    Refusal(
        lambda: position({20: 1, 22: 1}, {2: 3}, dice=(1, 6), homeBeforeBearOff=True),
        "22/off 20/21",
        IllegalMove,
        "NOT_REARMOST",
        "TT-13",
    ),
    Refusal(
        lambda: position({5: 1, 16: 4}, {8: 2, 20: 3}, dice=(1, 3)),
        "5/6* 16/19",
        IllegalMove,
        "NO_HIT",
        "TT-12",
    ),
    Refusal(
        lambda: position({15: 1, 19: 1}, {2: 3}, dice=(1, 2)),
        "19/off 15/16",
        IllegalMove,
        "NO_SUCH_NUMBER",
        "TT-13",
    ),
    Refusal(
        lambda: position({3: 2}, {20: 2}, dice=(1, 2)),
        "3/2 3/5",
        IllegalMove,
        "WRONG_DIRECTION",
        "TT-1",
    ),
    Refusal(steps, "5/11", IllegalMove, "NO_SUCH_NUMBER", "TT-7"),
    # The spec's TT-11 example: a lone stone may not pass through its own empty Hucke.
    Refusal(
        lambda: position({11: 1, 18: 1}, {2: 3}, dice=(1, 2)),
        "11/13/14",
        IllegalMove,
        "HUCKE_NEEDS_PAIR",
        "TT-11",
    ),
    Refusal(
        lambda: position({13: 2, 18: 1}, {2: 3}, dice=(2, 3)),
        "13/15 18/21",
        IllegalMove,
        "HUCKE_LAST_PAIR",
        "TT-11",
    ),
    Refusal(opened, "1/4", IllegalMove, "MUST_PLAY_BOTH", "TT-8"),
    # Red 5 with 1-4: 5/6 or 5/9, and Black's 10 blocks whatever would come second.
    Refusal(
        lambda: position({5: 1}, {10: 2}, dice=(1, 4), mustPlayLarger=True),
        "5/6",
        IllegalMove,
        "MUST_PLAY_LARGER",
        "TT-8",
    ),
    # Turns built stone by stone (next-steps): the last step chosen is refused, as play
    # would refuse it, or because no legal turn goes on that way.
    Refusal(opened, ["1/4/9"], IllegalMove, "NOT_ONE_STEP", "TT-7", call="next_steps"),
    Refusal(
        lambda: position({11: 1, 18: 1}, {2: 3}, dice=(1, 2)),
        ["11/13"],
        IllegalMove,
        "HUCKE_NEEDS_PAIR",
        "TT-11",
        case="step",
        call="next_steps",
    ),
    # Red 2 and 10 with 1-2: after 2/3 Black's 5 blocks the 2, and 12 is Black's Hucke.
    Refusal(
        lambda: position({2: 1, 10: 1}, {5: 2}, dice=(1, 2)),
        ["2/3"],
        IllegalMove,
        "MUST_PLAY_BOTH",
        "TT-8",
        case="step",
        call="next_steps",
    ),
    Refusal(
        lambda: position({5: 1}, {10: 2}, dice=(1, 4), mustPlayLarger=True),
        ["5/6"],
        IllegalMove,
        "MUST_PLAY_LARGER",
        "TT-8",
        case="step",
        call="next_steps",
    ),
    Refusal(
        eleven_points,
        ["5/8*", "16/18"],
        IllegalMove,
        "GAME_WON",
        "TT-15",
        case="step",
        call="next_steps",
    ),
    # Notation: refused by the parser, whatever the position.
    Refusal(None, 5, InvalidNotation, "NOT_A_STRING"),
    Refusal(None, LONG, InvalidNotation, "TOO_LONG", details={"notation": LONG[:40] + "…"}),
    Refusal(None, "1-4-9", InvalidNotation, "UNPARSABLE", details={"notation": "1-4-9"}),
    Refusal(None, "1/4/9/12", InvalidNotation, "TOO_MANY", details={"notation": "1/4/9/12"}),
    Refusal(None, "20/off/22", InvalidNotation, "OFF_NOT_LAST", details={"notation": "20/off/22"}),
    Refusal(None, "25/26", InvalidNotation, "NO_SUCH_POINT", details={"notation": "25/26"}),
    doc_error({"kind": "throw", "dice": [0, 7]}, "dice", "dice"),
    doc_error({"kind": "opening", "player": 2, "dice": [3, 5]}, "player", "player"),
    doc_error(turn(), "steps", "steps"),
    doc_error(turn({"from": 1}), "steps[0]", "step"),
    doc_error(turn({"from": 0, "to": 4}), "steps[0]", "from"),
    doc_error(turn({"from": 1, "to": 25}), "steps[0]", "to"),
    doc_error(turn({"from": 1, "to": 4, "hit": "yes"}), "steps[0]", "hit"),
    doc_error({"kind": "jump"}, None, "kind"),
]

EVENTS = [
    Emitted(
        "TT-4-thrown-opening",
        ENGINE.new,
        "red 3-5",
        ({"type": "thrown", "player": 0, "dice": [3, 5], "double": False, "opening": True},),
    ),
    Emitted(
        "TT-5-thrown",
        thrown_for_black,
        "2-6",
        ({"type": "thrown", "player": 1, "dice": [2, 6], "double": False},),
    ),
    Emitted(
        "TT-6-thrown-double",
        thrown_for_black,
        "4-4",
        ({"type": "thrown", "player": 1, "dice": [4, 4], "double": True},),
    ),
    Emitted(
        "TT-7-stepped",
        opened,
        "1/4 1/6",
        (
            {"type": "stepped", "player": 0, "from": 1, "to": 4, "die": 3},
            {"type": "stepped", "player": 0, "from": 1, "to": 6, "die": 5},
        ),
    ),
    Emitted(
        "TT-6-extraThrow",
        lambda: opened("red 4-4"),
        "1/5/9",
        (
            {"type": "stepped", "player": 0, "from": 1, "to": 5, "die": 4},
            {"type": "stepped", "player": 0, "from": 5, "to": 9, "die": 4},
            {"type": "extraThrow", "player": 0},
        ),
    ),
    # Red: 5 stones on the board (10 borne off); Black: 4 (11 borne off).
    Emitted(
        "TT-12-TT-14-hit-scored",
        lambda: position({5: 1, 16: 4}, {8: 1, 20: 3}, dice=(1, 3)),
        "5/8* 16/17",
        (
            {"type": "stepped", "player": 0, "from": 16, "to": 17, "die": 1},
            {"type": "stepped", "player": 0, "from": 5, "to": 8, "die": 3},
            {"type": "hit", "player": 0, "point": 8, "stone": 1},
            {"type": "scored", "player": 0, "for": "hit", "scores": [11, 11]},
        ),
    ),
    Emitted(
        "TT-13-TT-14-borneOff-scored",
        lambda: position({22: 1, 19: 4}, {2: 3}, dice=(5, 6)),
        "22/off 19/off",
        (
            {"type": "stepped", "player": 0, "from": 19, "to": "off", "die": 5},
            {"type": "borneOff", "player": 0, "from": 19},
            {"type": "scored", "player": 0, "for": "borneOff", "scores": [11, 12]},
            {"type": "stepped", "player": 0, "from": 22, "to": "off", "die": 6},
            {"type": "borneOff", "player": 0, "from": 22},
            {"type": "scored", "player": 0, "for": "borneOff", "scores": [12, 12]},
        ),
    ),
    # Red 4 with 3-4: Black holds 7 and 8, every landing point.
    Emitted(
        "TT-8-passed",
        lambda: position({4: 1}, {7: 2, 8: 2}, dice=(3, 4)),
        "pass",
        ({"type": "passed", "player": 0, "dice": [3, 4]},),
    ),
    Emitted(
        "TT-8-forfeited",
        lambda: position({5: 1}, {10: 2}, dice=(1, 4)),
        "5/6",
        (
            {"type": "stepped", "player": 0, "from": 5, "to": 6, "die": 1},
            {"type": "forfeited", "player": 0, "numbers": [4]},
        ),
    ),
    Emitted(
        "TT-15-gameOver",
        eleven_points,
        "5/8*",
        (
            {"type": "stepped", "player": 0, "from": 5, "to": 8, "die": 3},
            {"type": "hit", "player": 0, "point": 8, "stone": 1},
            {"type": "scored", "player": 0, "for": "hit", "scores": [12, 0]},
            {"type": "gameOver", "winners": [0], "reason": "points", "scores": [12, 0]},
        ),
    ),
    # The seed "vocabulary" opens with Red 4-6; after Red's turn the driver throws for Black.
    Emitted(
        "TT-5-chance-played",
        lambda: driver.start(ENGINE, None, None, "vocabulary").state,
        "1/5/11",
        (
            {"type": "stepped", "player": 0, "from": 1, "to": 5, "die": 4, "ply": 0},
            {"type": "stepped", "player": 0, "from": 5, "to": 11, "die": 6, "ply": 0},
            {"type": "chance", "outcome": "2-5", "sampled": True, "ply": 0},
            {"type": "thrown", "player": 1, "dice": [2, 5], "double": False, "ply": 0},
        ),
        played=True,
    ),
]


@pytest.mark.parametrize("row", REFUSALS, ids=str)
def test_tt1_to_tt15_refusals_carry_code_reason_and_rule(row):
    check_refusal(ENGINE, row)


@pytest.mark.parametrize("row", [r for r in REFUSALS if r.sendable], ids=str)
def test_tt1_to_tt15_refusals_as_play_answers_them(row):
    check_client(ENGINE, row)


@pytest.mark.parametrize("row", EVENTS, ids=str)
def test_tt4_to_tt15_events_carry_type_and_payload(row):
    check_emitted(ENGINE, row)


def test_tt8_not_legal_is_the_last_word_of_a_turn_refusal():
    """TT-8 NOT_LEGAL: every step possible, the Hucke kept (TT-11), both numbers used, and
    still no legal position. Nothing reaches it through apply (the step checks refuse first;
    millions of spellings from random games never did), so its words are pinned where they are
    said: Red's opening 5-3 "reaching" the board it started from."""
    state = opened()
    rel = relative(state.board, 0)
    frame = Frame(0, index_of(13, 0), index_of(12, 0), home=False, larger=False, need=15)
    legal = generate(rel, 3, 5, frame)
    spelled = ENGINE.parse_move("1/4 1/6")
    reached = resolving.Reached(rel, entered=False, dice=(3, 5))
    err = resolving.turn_refusal(rel, (3, 5), frame, legal, spelled, reached)
    assert (type(err), err.as_details()) == (IllegalMove, {"reason": "NOT_LEGAL", "rule": "TT-8"})


def test_every_pinned_tric_trac_message_has_a_row():
    assert message_gaps(ENGINE, REFUSALS) == []


@pytest.mark.reads_source
def test_every_tric_trac_reason_and_rule_in_the_source_has_a_row():
    """TT-1 … TT-15: every reason (and reason/rule pair) the engine writes has a row."""
    assert refusal_gaps(scan(package_dir(ENGINE)), REFUSALS, UNREACHED) == []
    assert unique_ids(REFUSALS) == []


@pytest.mark.reads_source
def test_every_tric_trac_event_type_field_and_value_has_a_row():
    """TT-4 … TT-15: every event type, optional field and small enum value has a row."""
    assert event_gaps(ENGINE, scan(package_dir(ENGINE)), EVENTS) == []
    assert unique_ids(EVENTS) == []
