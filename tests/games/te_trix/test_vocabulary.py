"""Te-Trix's public vocabulary (issue 16): every refusal with its code, reason and rule
(TX-5 … TX-14), every event with its payload (TX-5 … TX-14), one row each.

Positions come from ``new`` (sizes and pre-printed cells as options) and moves in notation;
the completeness tests read ``service/games/te_trix``, so a new reason or event type without
a row here fails them.
"""

from __future__ import annotations

import pytest

from service.games.core import GameOver, IllegalMove, InvalidNotation, NotYourTurn, driver
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

from .helpers import G, play

FINISHED_BY_DRIVER = (GameOver, {"reason": "GAME_FINISHED"})  # the driver names no rule
SOLO = {"solo": True}
NOT_A_REASON = frozenset({"OITLJSZ"})  # the shape letters


def circles_except(*free: str, size: int = 5) -> list[dict[str, str]]:
    """Pre-printed circles on every cell of a sheet but ``free`` (TX-3)."""
    cells = [f"{'abcdefghijkl'[c]}{r + 1}" for r in range(size) for c in range(size)]
    return [{"cell": cell, "symbol": "o"} for cell in cells if cell not in free]


def only_c3_free(players: int = 1):
    """The last sheet's only free cell is c3, in the middle: no O fits (TX-8, TX-10)."""
    printed = [[] for _ in range(players - 1)] + [circles_except("c3")]
    return G.new(players, {"size": 5, "preprinted": printed})


def blocked_round():
    """Two players arranged O:oooo; player 1 cannot enter it (TX-10)."""
    return play(only_c3_free(2), "oooo", "O:oooo")


def arranged(players: int = 2, options: dict | None = None, arrangement: str = "T:oxso"):
    return play(G.new(players, options), "ooxs", arrangement)


def cannot_place():
    return play(only_c3_free(), "oooo", "O:oooo")


def stopped():
    return play(G.new(1, SOLO), "ooxs", "stop")


def c3_entered():
    """One player: round 1 entered an O on b2, c2, b3, c3; round 2 arranged another O."""
    return play(G.new(1), "oooo", "O:oooo", "r0@2,2", "ooxs", "O:ooxs")


def two_bar_fields_left():
    """Solo: two I's hung three symbols each over the left edge (TX-13); one more is arranged."""
    rounds = [("oooo", "I:oooo", f"r0@{row},-2") for row in (1, 2)]
    return play(G.new(1, SOLO), *(m for r in rounds for m in r), "oooo", "I:oooo")


def doc_error(doc, field: str | None, case: str) -> Refusal:
    details = {} if field is None else {"field": field}
    return Refusal(None, doc, InvalidNotation, "BAD_DOCUMENT", details=details, case=case)


ROTATED = {"kind": "place", "rotation": 45, "row": 1, "col": 1}

REFUSALS = [
    Refusal(cannot_place, "oooo", GameOver, "GAME_FINISHED", "TX-10", client=FINISHED_BY_DRIVER),
    Refusal(stopped, "oooo", GameOver, "GAME_FINISHED", "TX-14", client=FINISHED_BY_DRIVER),
    Refusal(
        G.new,
        "oooo",
        NotYourTurn,
        "CHANCE_NODE",
        details={"toMove": []},
        player=0,
        client=(NotYourTurn, {"reason": "NOT_TO_MOVE", "toMove": []}),
    ),
    Refusal(G.new, "T:oxso", IllegalMove, "ROLL_FIRST", "TX-5"),
    Refusal(
        lambda: play(G.new(), "ooox"),
        "T:ooox",
        NotYourTurn,
        "NOT_TO_MOVE",
        details={"toMove": [0]},
        player=1,
    ),
    Refusal(lambda: play(G.new(1), "oooo"), "stop", IllegalMove, "STOP_SOLO_ONLY", "TX-14"),
    Refusal(lambda: play(G.new(), "ooxs"), "r0@1,1", IllegalMove, "ARRANGE_FIRST", "TX-6"),
    Refusal(lambda: play(G.new(), "ooxs"), "Z:sxxo", IllegalMove, "NOT_THE_ROLL", "TX-6"),
    Refusal(arranged, "r0@1,1", NotYourTurn, "PLAYER_REQUIRED", details={"toMove": [0, 1]}),
    # The driver checks the mover first, so a client reads NOT_TO_MOVE for the next three.
    Refusal(
        arranged,
        "r0@1,1",
        NotYourTurn,
        "NOT_A_PLAYER",
        details={"toMove": [0, 1]},
        player=5,
        client=(NotYourTurn, {"reason": "NOT_TO_MOVE", "toMove": [0, 1]}),
    ),
    Refusal(
        lambda: play(arranged(), (0, "r0@1,1")),
        "r0@4,1",
        NotYourTurn,
        "ALREADY_PLACED",
        details={"toMove": [1]},
        player=0,
        client=(NotYourTurn, {"reason": "NOT_TO_MOVE", "toMove": [1]}),
    ),
    Refusal(
        blocked_round,
        "r0@1,1",
        NotYourTurn,
        "CANNOT_PLACE",
        details={"toMove": [0]},
        player=1,
        client=(NotYourTurn, {"reason": "NOT_TO_MOVE", "toMove": [0]}),
    ),
    Refusal(lambda: arranged(1, SOLO, "O:ooxs"), "stop", IllegalMove, "STOP_NOT_NOW", "TX-14"),
    Refusal(lambda: arranged(1), "ooxs", IllegalMove, "PLACE_NOW", "TX-7"),
    Refusal(lambda: arranged(1), "r0@-5,-5", IllegalMove, "OFF_SHEET", "TX-8"),
    # The O on r0@4,4 covers d4, pre-printed with player 0's circle (TX-3).
    Refusal(lambda: arranged(1, None, "O:ooxs"), "r0@4,4", IllegalMove, "CELL_OCCUPIED", "TX-8"),
    # r0@3,3 covers c3, entered in round 1, and d4, pre-printed: the message names both.
    Refusal(c3_entered, "r0@3,3", IllegalMove, "CELL_OCCUPIED", "TX-8", case="two cells"),
    Refusal(two_bar_fields_left, "r0@3,-2", IllegalMove, "BAR_EXHAUSTED", "TX-13"),
    # Notation: refused by the parser, whatever the position.
    Refusal(None, 5, InvalidNotation, "NOT_A_STRING"),
    Refusal(None, "q", InvalidNotation, "UNPARSABLE", details={"notation": "q"}),
    Refusal(None, "r45@1,1", InvalidNotation, "BAD_ROTATION", details={"notation": "r45@1,1"}),
    Refusal(
        None, ROTATED, InvalidNotation, "BAD_ROTATION", details={"notation": ROTATED}, case="doc"
    ),
    doc_error({"kind": "jump"}, None, "kind"),
    doc_error({"kind": "place", "rotation": 0, "row": "1", "col": 1}, None, "place"),
    doc_error({"kind": "roll", "symbols": "abcd"}, "symbols", "symbols"),
    doc_error({"kind": "arrange", "shape": "Q", "symbols": "oxso"}, "shape", "shape"),
]

T_CELLS = {"a1": "o", "b1": "x", "c1": "s", "b2": "o"}  # T:oxso on r0@1,1
O_CELLS = {"a1": "o", "b1": "o", "a2": "o", "b2": "o"}  # O:oooo on r0@1,1

EVENTS = [
    Emitted(
        "TX-5-rolled",
        G.new,
        "ooxs",
        ({"type": "rolled", "round": 1, "roller": 0, "roll": "ooxs"},),
    ),
    Emitted(
        "TX-6-arranged",
        lambda: play(G.new(), "ooxs"),
        "T:oxso",
        ({"type": "arranged", "player": 0, "arrangement": "T:oxso", "blocked": []},),
    ),
    Emitted(
        "TX-7-placed",
        arranged,
        "r0@1,1",
        ({"type": "placed", "player": 0, "placement": "r0@1,1", "cells": T_CELLS, "overhang": 0},),
        player=0,
    ),
    Emitted(
        "TX-9-roundEnded",
        lambda: play(arranged(), (0, "r0@1,1")),
        "r0@1,1",
        (
            {"type": "placed", "player": 1, "placement": "r0@1,1", "cells": T_CELLS, "overhang": 0},
            {"type": "roundEnded", "round": 1, "nextRoller": 1},
        ),
        player=1,
    ),
    # I:oxso hangs its first two symbols over the left edge.
    Emitted(
        "TX-13-placed-bar",
        lambda: arranged(1, SOLO, "I:oxso"),
        "r0@1,-1",
        (
            {
                "type": "placed",
                "player": 0,
                "placement": "r0@1,-1",
                "cells": {"a1": "s", "b1": "o"},
                "overhang": 2,
                "bar": 6,
            },
            {"type": "roundEnded", "round": 1, "nextRoller": 0},
        ),
    ),
    Emitted(
        "TX-10-arranged-blocked-gameOver",
        lambda: play(only_c3_free(), "oooo"),
        "O:oooo",
        (
            {"type": "arranged", "player": 0, "arrangement": "O:oooo", "blocked": [0]},
            # 24 circles in one region: 1 × 24 (TX-11).
            {
                "type": "gameOver",
                "reason": "cannotPlace",
                "winners": [0],
                "scores": [24],
                "blocked": [0],
            },
        ),
    ),
    Emitted(
        "TX-10-gameOver-cannotPlace",
        blocked_round,
        "r0@1,1",
        (
            {"type": "placed", "player": 0, "placement": "r0@1,1", "cells": O_CELLS, "overhang": 0},
            {
                "type": "gameOver",
                "reason": "cannotPlace",
                "winners": [1],
                "scores": [0, 24],
                "blocked": [1],
            },
        ),
        player=0,
    ),
    Emitted(
        "TX-10-gameOver-sheetsFull",
        lambda: play(
            G.new(1, {"size": 5, "preprinted": [circles_except("a1", "b1", "a2", "b2")]}),
            "oooo",
            "O:oooo",
        ),
        "r0@1,1",
        (
            {"type": "placed", "player": 0, "placement": "r0@1,1", "cells": O_CELLS, "overhang": 0},
            {"type": "gameOver", "reason": "sheetsFull", "winners": [0], "scores": [25]},
        ),
    ),
    # Nothing on the sheet, eight bar fields free (TX-15).
    Emitted(
        "TX-14-stopped-gameOver",
        lambda: play(G.new(1, SOLO), "ooxs"),
        "stop",
        (
            {"type": "stopped", "player": 0, "round": 1},
            {"type": "gameOver", "reason": "stopped", "winners": [0], "scores": [8]},
        ),
    ),
    # The seed "vocabulary" rolls ooss, then oxxs for round 2.
    Emitted(
        "TX-5-chance-played",
        lambda: play(driver.start(G, 1, None, "vocabulary").state, "O:ooss"),
        "r0@1,1",
        (
            {
                "type": "placed",
                "player": 0,
                "placement": "r0@1,1",
                "cells": {"a1": "o", "b1": "o", "a2": "s", "b2": "s"},
                "overhang": 0,
                "ply": 0,
            },
            {"type": "roundEnded", "round": 1, "nextRoller": 0, "ply": 0},
            {"type": "chance", "outcome": "oxxs", "sampled": True, "ply": 0},
            {"type": "rolled", "round": 2, "roller": 0, "roll": "oxxs", "ply": 0},
        ),
        played=True,
    ),
]


@pytest.mark.parametrize("row", REFUSALS, ids=str)
def test_tx5_to_tx14_refusals_carry_code_reason_and_rule(row):
    check_refusal(G, row)


@pytest.mark.parametrize("row", [r for r in REFUSALS if r.sendable], ids=str)
def test_tx5_to_tx14_refusals_as_play_answers_them(row):
    check_client(G, row)


@pytest.mark.parametrize("row", EVENTS, ids=str)
def test_tx5_to_tx14_events_carry_type_and_payload(row):
    check_emitted(G, row)


def test_every_pinned_te_trix_message_has_a_row():
    assert message_gaps(G, REFUSALS) == []


@pytest.mark.reads_source
def test_every_te_trix_reason_and_rule_in_the_source_has_a_row():
    """TX-5 … TX-14: every reason (and reason/rule pair) the engine writes has a row."""
    assert refusal_gaps(scan(package_dir(G), NOT_A_REASON), REFUSALS) == []
    assert unique_ids(REFUSALS) == []


@pytest.mark.reads_source
def test_every_te_trix_event_type_field_and_value_has_a_row():
    """TX-5 … TX-14: every event type, optional field and small enum value has a row."""
    assert event_gaps(G, scan(package_dir(G), NOT_A_REASON), EVENTS) == []
    assert unique_ids(EVENTS) == []
