"""Mixtour in words (issue 24): moves, events and prompts as people read them, in English and
German, and every text of the golden playthrough rendering with all its arguments."""

from __future__ import annotations

from typing import Any

import pytest

from service import text
from service.games import SPECS
from service.games.core import IllegalMove, MoveRequest, driver
from service.games.core.text import Msg
from service.games.mixtour import ENGINE, Pass, Shift, texts

from .. import golden
from .helpers import play, position


def both(msg: Msg) -> tuple[str, str]:
    return text.render(msg, "en"), text.render(msg, "de")


def move(state, notation: str) -> tuple[str, str]:
    return both(texts.describe_move(state, ENGINE.parse_move(notation)))


def test_the_spec_tells_moves_events_and_positions():
    spec = SPECS["mixtour"]
    assert spec.describe_move is texts.describe_move
    assert spec.describe_event is texts.describe_event
    assert spec.prompt is texts.prompt


def test_mx4_a_placement_told():
    assert move(ENGINE.new(), "c3") == (
        "White places a piece on c3",
        "Weiß setzt einen Stein auf c3",
    )


def test_mx5_a_move_of_one_and_of_several_pieces_told():
    state = position({"c4": "wb", "d3": "b"}, to_move=1)
    assert move(state, "c4-d3") == (
        "Blue moves one piece from c4 to d3",
        "Blau zieht einen Stein von c4 nach d3",
    )
    assert move(state, "c4:2-d3") == (
        "Blue moves 2 pieces from c4 to d3",
        "Blau zieht 2 Steine von c4 nach d3",
    )


def test_mx9_a_stack_of_five_leaves_the_board_and_the_top_piece_scores():
    """White moves Blue's top piece and the one under it three squares onto a stack of three
    (MX-6): Blue's piece stays on top and Blue scores (MX-9)."""
    state = position({"d1": "bwb", "a1": "www"})
    assert move(state, "d1:2-a1") == (
        "White moves 2 pieces from d1 to a1; the stack of five leaves the board and Blue "
        "scores a point",
        "Weiß zieht 2 Steine von d1 nach a1; der Fünferstapel geht vom Brett, und Blau "
        "bekommt einen Punkt",
    )
    en, de = move(state, "d1:3-a1")
    assert "the stack of six" in en and "der Sechserstapel" in de


def test_mx10_the_winning_point_told():
    state = position({"e1": "w", "a1": "wbwb"}, scores=(4, 0))
    assert move(state, "e1-a1") == (
        "White moves one piece from e1 to a1; the stack of five leaves the board and White wins",
        "Weiß zieht einen Stein von e1 nach a1; der Fünferstapel geht vom Brett, und Weiß gewinnt",
    )


def test_mx8_a_pass_and_the_second_pass_that_draws():
    stuck = position({"a1": "w", "c5": "b"}, pieces=1)
    assert move(stuck, "pass") == ("White passes", "Weiß passt")
    once = ENGINE.apply(stuck, Pass()).state
    assert move(once, "pass") == (
        "Blue passes too; after two passes in a row the game is drawn",
        "Blau passt ebenfalls; nach zweimaligem Passen endet die Partie unentschieden",
    )


EVENTS = [
    (
        {"type": "gameStarted", "players": 2, "firstPlayer": 0},
        "A new game: White begins",
        "Eine neue Partie: Weiß beginnt",
    ),
    (
        {"type": "placed", "player": 0, "square": "b2"},
        "White places a piece on b2",
        "Weiß setzt einen Stein auf b2",
    ),
    (
        {"type": "moved", "player": 1, "from": "a1", "to": "b2", "count": 3},
        "Blue moves 3 pieces from a1 to b2",
        "Blau zieht 3 Steine von a1 nach b2",
    ),
    (
        {"type": "stackRemoved", "square": "b2", "pieces": 7, "scorer": 1, "scores": [2, 3]},
        "Blue scores a point: the stack of seven on b2 leaves the board (White 2 – Blue 3)",
        "Blau bekommt einen Punkt: der Siebenerstapel auf b2 geht vom Brett (Weiß 2 – Blau 3)",
    ),
    ({"type": "passed", "player": 1}, "Blue passes", "Blau passt"),
    (
        {"type": "gameOver", "winners": [0], "reason": "points"},
        "White wins",
        "Weiß gewinnt",
    ),
    (
        {"type": "gameOver", "winners": [], "reason": "draw"},
        "The game is drawn: both players passed in a row",
        "Die Partie endet unentschieden: beide Seiten haben nacheinander gepasst",
    ),
]


@pytest.mark.parametrize(("event", "en", "de"), EVENTS)
def test_mx4_mx5_mx8_mx9_mx10_every_event_told(event, en, de):
    assert both(texts.describe_event(event)) == (en, de)


def test_every_event_type_of_the_schema_is_told():
    schema = SPECS["mixtour"].event_schema()
    assert {v["properties"]["type"]["const"] for v in schema["oneOf"]} == {
        e["type"] for e, _, _ in EVENTS
    }


PROMPTS = [
    (
        ENGINE.new(),
        "White to move: place a piece",
        "Weiß ist am Zug: einen Stein einsetzen",
    ),
    (
        play(ENGINE.new(), "c3", "c4"),  # MX-5: c3 and c4 can move onto each other
        "White to move: place a piece or move a stack",
        "Weiß ist am Zug: einen Stein einsetzen oder einen Stapel ziehen",
    ),
    (
        position({"a1": "w", "b1": "b"}, pieces=1),  # MX-4: both supplies are empty
        "White to move: move a stack",
        "Weiß ist am Zug: einen Stapel ziehen",
    ),
    (
        position({"a1": "w", "c5": "b"}, pieces=1),  # MX-8: nothing in reach, nothing to place
        "White to move: pass, as nothing can be placed or moved",
        "Weiß ist am Zug und muss passen: weder Einsetzen noch Ziehen ist möglich",
    ),
    (
        position({}, to_move=None, scores=(2, 5)),  # MX-10
        "Blue has won with 5 points to 2",
        "Blau hat mit 5 zu 2 Punkten gewonnen",
    ),
    (
        position({}, to_move=None, scores=(1, 0), points_to_win=1),
        "White has won with 1 point to 0",
        "Weiß hat mit 1 zu 0 Punkten gewonnen",
    ),
    (
        position({"a1": "w", "c5": "b"}, to_move=None, pieces=1, last="pass", passes=2),  # MX-8
        "The game is drawn: both players passed in a row",
        "Die Partie endet unentschieden: beide Seiten haben nacheinander gepasst",
    ),
]


@pytest.mark.parametrize(("state", "en", "de"), PROMPTS)
def test_mx4_mx5_mx8_mx10_the_prompt_of_each_kind_of_position(state, en, de):
    assert both(texts.prompt(state)) == (en, de)


def test_a_refusal_in_german():
    """MX-7, MX-5: a refusal names the same move and square in either language."""
    state = play(position({"a1": "ww", "b2": "b"}), "a1-b2")
    with pytest.raises(IllegalMove) as err:
        ENGINE.apply(state, ENGINE.parse_move("b2-a1"))
    assert both(err.value.msg) == (
        "b2-a1 would undo the opponent's last move",
        "b2-a1 würde den letzten Zug des Gegners umkehren",
    )
    with pytest.raises(IllegalMove) as err:
        ENGINE.apply(ENGINE.new(), Shift(0, 1, 2))
    assert text.render(err.value.msg, "de") == "auf a1 steht kein Stapel"


def test_the_picture_speaks_the_answers_language():
    state = play(ENGINE.new(), "c3")
    token = text.LANGUAGE.set("de")
    try:
        svg = ENGINE.render(state, None)
    finally:
        text.LANGUAGE.reset(token)
    assert "Weiß 0 – Blau 0 · Blau ist am Zug" in svg and "Vorrat Blau: 20" in svg
    assert "Blue to move" in ENGINE.render(state, None)


def test_options_and_players_are_named_in_both_languages():
    for lang, white, label in (("en", "White", "Points to win"), ("de", "Weiß", "Punkte zum Sieg")):
        catalog = text.catalog(lang)
        assert catalog.format("mixtour-player", {"player": 0}) == white
        assert catalog.format("mixtour-option-pointsToWin", {}) == label
        for option in ("piecesPerPlayer", "pointsToWin"):
            assert catalog.attribute(f"mixtour-option-{option}", "description", {})


def filled(msg: Msg) -> None:
    """``msg`` renders in both languages, non-empty, every argument (nested ones too) given."""
    for lang in text.LANGUAGES:
        args: dict[str, Any] = {}
        for name, value in msg.items:
            if isinstance(value, Msg):
                filled(value)
                args[name] = text.render(value, lang)
            else:
                args[name] = value
        assert text.catalog(lang).format(msg.id, args), (lang, msg)


def test_every_position_move_and_event_of_the_golden_playthrough_is_told():
    """The recorded games (MX-4…MX-10): every prompt, every legal move's description and
    every event, in English and German. (The two records end on points and in a draw.)"""
    told = set()
    for record in golden.load("mixtour"):
        start = driver.start(ENGINE, record["players"], record["options"], None)
        state = start.state
        for event in start.events:
            filled(texts.describe_event(event))
            told.add(event["type"])
        for ply in record["plies"]:
            filled(texts.prompt(state))
            for legal in ENGINE.legal_moves(state):
                filled(texts.describe_move(state, legal))
            _, notation, _ = golden.parse_ply(ply)
            step = driver.play_one(ENGINE, state, MoveRequest(notation, None), auto_chance=False)
            for event in step.events:
                filled(texts.describe_event(event))
                told.add(event["type"])
            state = step.state
        filled(texts.prompt(state))
        assert ENGINE.status(state).finished
    assert told == {e["type"] for e, _, _ in EVENTS}
