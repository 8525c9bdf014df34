"""Triominos Junior's public vocabulary (issue 16): every refusal with its code, reason and
rule (TJ-4 … TJ-14), every event with its payload (TJ-4, TJ-6, TJ-10 … TJ-15), one row each.

Positions are decoded state documents (``helpers.position``) or a new game dealt by hand;
the completeness tests read ``service/games/triominos_junior``, so a new reason or event type
without a row here fails them.
"""

from __future__ import annotations

import pytest

from service.games.core import GameOver, IllegalMove, InvalidNotation, NotYourTurn, driver
from service.games.triominos_junior import ENGINE
from service.games.triominos_junior.tiles import DEFAULT_SET, tile_name
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
START = {"0,0": "1-2-3"}  # 2-1-1 fits on 1,0 (TJ-9)


def at_start():
    """Both racks dealt from the top of the sorted pool (3-3-3 … 5-5-5); the start tile is
    next (TJ-6) and the joker still in the pool."""
    state = ENGINE.new()
    while state.phase == "deal":
        state = ENGINE.apply(state, ENGINE.chance_outcomes(state)[-1][0]).state
    return state


def playing(level: str = "coins"):
    return position(START, [["1-1-2", "5-5-5"], ["4-4-4"]], level=level)


def two_laid():
    """1,1 points up and touches both tiles: 4-4-4 breaks two of its corners there (TJ-9)."""
    return position({**START, "1,0": "2-1-1"}, [["4-4-4"], ["5-5-5"]])


def drawing():
    """Player 0 drew; the pool decides the tile (TJ-12)."""
    return play(playing(), "draw")


def last_tile():
    """Player 0 holds one tile that fits (TJ-14)."""
    return position(START, [["1-1-2"], ["4-4-4"]])


def with_joker():
    return position({**START, "1,0": "J"}, [["1-1-2", "3-3-3"], ["5-5-5"]])


def blocked_coins():
    """A custom set (TJ-1) in which 5-5-5 never fits next to 1-1-1, the pool empty: player 0
    can neither place, swap nor draw (TJ-13); player 1 holds the joker."""
    tiles = ["1-1-1", "J", *["5-5-5"] * 34]
    racks = [["5-5-5"] * 17, ["J", *["5-5-5"] * 17]]
    return position({"0,0": "1-1-1"}, racks, pool=[], tiles=tiles)


def one_in_the_pool():
    """Player 0 drew the last pool tile (TJ-14)."""
    taken = {"1-2-3", "1-1-2", "5-5-5"}
    others = [tile_name(t) for t in DEFAULT_SET if tile_name(t) not in taken]
    return play(position(START, [["1-1-2"], others], pool=["5-5-5"]), "draw")


def doc_error(doc, field: str | None, case: str) -> Refusal:
    details = {} if field is None else {"field": field}
    return Refusal(None, doc, InvalidNotation, "BAD_DOCUMENT", details=details, case=case)


def finished():
    return play(last_tile(), "2-1-1@1,0")


REFUSALS = [
    Refusal(finished, "draw", GameOver, "GAME_FINISHED", "TJ-14", client=FINISHED_BY_DRIVER),
    Refusal(playing, "draw", NotYourTurn, "NOT_TO_MOVE", details={"toMove": [0]}, player=1),
    Refusal(
        ENGINE.new,
        "deal 1-1-1",
        NotYourTurn,
        "NOT_TO_MOVE",
        details={"toMove": []},
        player=0,
        case="chance",
    ),
    Refusal(playing, "deal 3-3-3", IllegalMove, "NO_CHANCE_PENDING", "TJ-12"),
    Refusal(ENGINE.new, "draw", IllegalMove, "CHANCE_PENDING", "TJ-4"),
    Refusal(at_start, "draw", IllegalMove, "CHANCE_PENDING", "TJ-6"),
    Refusal(drawing, "pass", IllegalMove, "CHANCE_PENDING", "TJ-12"),
    Refusal(
        lambda: play(ENGINE.new(), "deal 1-1-1"),
        "deal 1-1-1",
        IllegalMove,
        "TILE_NOT_IN_POOL",
        "TJ-4",
    ),
    # The start tile is drawn from the pool too; its refusal names the deal's rule.
    Refusal(at_start, "deal 5-5-5", IllegalMove, "TILE_NOT_IN_POOL", "TJ-4", case="start"),
    Refusal(drawing, "deal 1-1-2", IllegalMove, "TILE_NOT_IN_POOL", "TJ-12"),
    Refusal(at_start, "deal J", IllegalMove, "JOKER_AS_START_TILE", "TJ-6"),
    Refusal(
        lambda: position(START, [["5-5-5"], ["1-1-2"]]),
        "2-1-1@1,0",
        IllegalMove,
        "TILE_NOT_IN_RACK",
        "TJ-10",
    ),
    Refusal(playing, "1-1-2@99,0", IllegalMove, "NO_SHARED_SIDE", "TJ-9", case="off-grid"),
    Refusal(playing, "1-1-2@5,5", IllegalMove, "NO_SHARED_SIDE", "TJ-9"),
    Refusal(playing, "1-1-2@0,0", IllegalMove, "POSITION_OCCUPIED", "TJ-9"),
    Refusal(playing, "1-1-2@1,0", IllegalMove, "CORNER_MISMATCH", "TJ-9"),
    Refusal(two_laid, "4-4-4@1,1", IllegalMove, "CORNER_MISMATCH", "TJ-9", case="two corners"),
    Refusal(with_joker, "swap 1-1-2@0,0", IllegalMove, "NO_JOKER_THERE", "TJ-11"),
    Refusal(with_joker, "swap J@1,0", IllegalMove, "JOKER_FOR_JOKER", "TJ-11"),
    Refusal(with_joker, "swap 4-4-4@1,0", IllegalMove, "TILE_NOT_IN_RACK", "TJ-11"),
    Refusal(with_joker, "swap 1-1-2@1,0", IllegalMove, "CORNER_MISMATCH", "TJ-11"),
    Refusal(blocked_coins, "draw", IllegalMove, "POOL_EMPTY", "TJ-12"),
    Refusal(playing, "pass", IllegalMove, "PASS_NOT_ALLOWED", "TJ-13"),
    # Notation: refused by the parser, whatever the position.
    Refusal(None, 5, InvalidNotation, "NOT_A_STRING"),
    Refusal(None, "x", InvalidNotation, "UNPARSABLE", details={"notation": "x"}),
    Refusal(
        None,
        "1-1-2@1;0",
        InvalidNotation,
        "UNPARSABLE",
        details={"notation": "1-1-2@1;0"},
        case="position",
    ),
    doc_error({"kind": "place", "tile": "x", "at": "1,0"}, "tile", "tile"),
    doc_error({"kind": "place", "tile": "1-1-2", "at": "x"}, "at", "at"),
    doc_error({"kind": "jump"}, None, "kind"),
]

EVENTS = [
    Emitted("TJ-4-dealt", ENGINE.new, "deal 1-1-1", ({"type": "dealt", "player": 0},)),
    Emitted(
        "TJ-6-startTile",
        at_start,
        "deal 3-1-2",
        ({"type": "startTile", "at": "0,0", "tile": "1-2-3"},),
    ),
    Emitted(
        "TJ-10-placed-coins",
        playing,
        "2-1-1@1,0",
        ({"type": "placed", "player": 0, "tile": "2-1-1", "at": "1,0", "coins": 1},),
    ),
    # Neither 5-5-5 nor 4-4-4 fits any more: the points level ends (TJ-15), racks subtracted.
    Emitted(
        "TJ-10-TJ-15-placed-points-gameOver-blocked",
        lambda: playing("points"),
        "2-1-1@1,0",
        (
            {"type": "placed", "player": 0, "tile": "2-1-1", "at": "1,0", "points": 4},
            {"type": "gameOver", "winners": [0], "reason": "blocked", "scores": [4 - 15, -12]},
        ),
    ),
    Emitted(
        "TJ-11-jokerSwapped",
        with_joker,
        "swap 2-1-1@1,0",
        ({"type": "jokerSwapped", "player": 0, "tile": "2-1-1", "at": "1,0"},),
    ),
    Emitted("TJ-12-draw-paid", playing, "draw", ({"type": "draw", "player": 0, "paid": 1},)),
    Emitted(
        "TJ-12-draw-points",
        lambda: playing("points"),
        "draw",
        ({"type": "draw", "player": 0},),
    ),
    # 36 tiles - 2 racks of 5 - the start tile - the one drawn (the schema's largest pool).
    Emitted(
        "TJ-12-tileDrawn",
        lambda: play(at_start(), "deal 3-1-2", "draw"),
        "deal 1-1-1",
        ({"type": "tileDrawn", "player": 0, "poolSize": 24},),
    ),
    Emitted("TJ-13-passed", blocked_coins, "pass", ({"type": "passed", "player": 0},)),
    Emitted(
        "TJ-14-bonusCoin-gameOver-rackEmptied",
        last_tile,
        "2-1-1@1,0",
        (
            {"type": "placed", "player": 0, "tile": "2-1-1", "at": "1,0", "coins": 1},
            {"type": "bonusCoin", "player": 0, "rule": "TJ-14"},
            {"type": "gameOver", "winners": [0], "reason": "rackEmptied", "scores": [6, 4]},
        ),
    ),
    Emitted(
        "TJ-14-gameOver-poolEmptied",
        one_in_the_pool,
        "deal 5-5-5",
        (
            {"type": "tileDrawn", "player": 0, "poolSize": 0},
            {"type": "gameOver", "winners": [1], "reason": "poolEmptied", "scores": [3, 4]},
        ),
    ),
    # The seed "vocabulary" deals 1-1-3 to the first draw.
    Emitted(
        "TJ-12-chance-played",
        lambda: driver.start(ENGINE, 2, None, "vocabulary").state,
        "draw",
        (
            {"type": "draw", "player": 0, "paid": 1, "ply": 0},
            {"type": "chance", "outcome": "deal 1-1-3", "sampled": True, "ply": 0},
            {"type": "tileDrawn", "player": 0, "poolSize": 24, "ply": 0},
        ),
        played=True,
    ),
]


@pytest.mark.parametrize("row", REFUSALS, ids=str)
def test_tj4_to_tj14_refusals_carry_code_reason_and_rule(row):
    check_refusal(ENGINE, row)


@pytest.mark.parametrize("row", [r for r in REFUSALS if r.sendable], ids=str)
def test_tj4_to_tj14_refusals_as_play_answers_them(row):
    check_client(ENGINE, row)


@pytest.mark.parametrize("row", EVENTS, ids=str)
def test_tj4_to_tj15_events_carry_type_and_payload(row):
    check_emitted(ENGINE, row)


def test_every_pinned_triominos_message_has_a_row():
    assert message_gaps(ENGINE, REFUSALS) == []


@pytest.mark.reads_source
def test_every_triominos_reason_and_rule_in_the_source_has_a_row():
    """TJ-4 … TJ-14: every reason (and reason/rule pair) the engine writes has a row."""
    assert refusal_gaps(scan(package_dir(ENGINE)), REFUSALS) == []
    assert unique_ids(REFUSALS) == []


@pytest.mark.reads_source
def test_every_triominos_event_type_field_and_value_has_a_row():
    """TJ-4 … TJ-15: every event type, optional field and small enum value has a row."""
    assert event_gaps(ENGINE, scan(package_dir(ENGINE)), EVENTS) == []
    assert unique_ids(EVENTS) == []
