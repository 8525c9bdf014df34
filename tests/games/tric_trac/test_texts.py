"""Tric Trac in words (``texts.py``): moves, events and prompts pinned in both languages, each
test naming the rules its texts tell about; then the golden playthroughs, where every
position's prompt, every legal move and every event must render in both languages with every
argument filled."""

from __future__ import annotations

from typing import Any

import pytest

from service import text
from service.games.core import driver
from service.games.core.text import Msg
from service.games.tric_trac import ENGINE, SPEC, TricTracState

from .. import golden
from .helpers import events, play, position

LANGUAGES = ("en", "de")


def told(msg: Msg) -> tuple[str, str]:
    return text.render(msg, "en"), text.render(msg, "de")


def move(state: TricTracState, notation: str) -> tuple[str, str]:
    chosen = ENGINE.parse_move(notation)
    if not ENGINE.is_chance(state):
        assert chosen in ENGINE.legal_moves(state), notation
    return told(SPEC.describe_move(state, chosen))


def event_texts(state: TricTracState, notation: str) -> list[tuple[str, str]]:
    return [told(SPEC.describe_event(e)) for e in events(state, notation)]


def opened() -> TricTracState:
    return play(ENGINE.new(), "red 5-3")


def thrown_for_black() -> TricTracState:
    """Red played its opening 5-3; Black throws next (TT-5)."""
    return play(opened(), "1/4 1/6")


# Red's last stone on 5, Black's blot on 8: the hit wins at 15 points (TT-12, TT-14, TT-15).
def hit_wins() -> TricTracState:
    return position({5: 1}, {8: 1, 20: 14}, dice=(2, 3))


# Red's one stone on its start field; Black holds 2 and 3, so 1-2 cannot be played (TT-8, TT-9).
def blocked() -> TricTracState:
    return position({}, {2: 2, 3: 2, 20: 11}, start=(1, 0), dice=(1, 2))


def test_the_opening_and_the_throws_tt_4_tt_5_tt_6():
    assert move(ENGINE.new(), "red 3-5") == (
        "Red wins the opening throw with 3 and 5 and starts",
        "Rot gewinnt den Eröffnungswurf mit 3 und 5 und beginnt",
    )
    assert move(thrown_for_black(), "2-6") == ("Black throws 2 and 6", "Schwarz würfelt 2 und 6")
    assert move(thrown_for_black(), "4-4") == (
        "Black throws a double: 4 and 4",
        "Schwarz würfelt einen Pasch: 4 und 4",
    )


def test_two_stones_from_the_start_field_or_one_by_both_numbers_tt_7_tt_10():
    assert move(opened(), "1/4 1/6") == (
        "Red moves two stones from the start field to 4 and 6",
        "Rot zieht zwei Steine vom Startfeld auf 4 und 6",
    )
    assert move(opened(), "1/4/9") == (
        "Red moves a stone from the start field via 4 to 9",
        "Rot zieht einen Stein vom Startfeld über 4 auf 9",
    )
    black = play(thrown_for_black(), "4-4")
    assert move(black, "24/20 24/20") == (
        "Black moves two stones from the start field to 20",
        "Schwarz zieht zwei Steine vom Startfeld auf 20",
    )


def test_a_hit_and_two_stones_from_two_points_tt_12():
    assert move(hit_wins(), "5/8*") == (
        "Red moves a stone from 5 to 8, hitting a Black stone on 8",
        "Rot zieht einen Stein von 5 auf 8 und schlägt einen schwarzen Stein auf 8",
    )
    state = position({6: 1, 9: 1}, {8: 1, 15: 1, 20: 13}, dice=(2, 6))
    assert move(state, "6/8* 9/15*") == (
        "Red moves a stone from 6 to 8 and one from 9 to 15, hitting Black stones on 8 and 15",
        "Rot zieht einen Stein von 6 auf 8 und einen von 9 auf 15 und schlägt schwarze Steine "
        "auf 8 und 15",
    )


def test_bearing_off_tt_13():
    assert move(position({22: 2}, {20: 15}, dice=(3, 5)), "22/off 22/off") == (
        "Red bears off two stones from 22",
        "Rot spielt zwei Steine von 22 hinaus",
    )
    black = position({20: 15}, {2: 1, 8: 1}, to_move=1, dice=(2, 6))
    assert move(black, "8/6/off") == (
        "Black bears off a stone from 8 via 6",
        "Schwarz spielt einen Stein von 8 über 6 hinaus",
    )
    assert move(black, "8/6 2/off") == (
        "Black moves a stone from 8 to 6 and bears off a stone from 2",
        "Schwarz zieht einen Stein von 8 auf 6 und spielt einen Stein von 2 hinaus",
    )


def test_a_pass_tt_8():
    assert move(blocked(), "pass") == (
        "Red cannot play 1-2 and passes",
        "Rot kann mit 1-2 nichts ziehen und setzt aus",
    )


def test_the_prompt_of_each_phase_tt_4_tt_5_tt_8():
    assert told(SPEC.prompt(ENGINE.new())) == (
        "Opening throw: both players throw, and the higher total starts",
        "Eröffnungswurf: Beide Spieler würfeln, die höhere Augensumme beginnt",
    )
    assert told(SPEC.prompt(thrown_for_black())) == (
        "Black to move: throw the dice",
        "Schwarz ist am Zug: würfeln",
    )
    assert told(SPEC.prompt(opened())) == (
        "Red to move: play 3 and 5",
        "Rot ist am Zug: 3 und 5 ziehen",
    )
    assert told(SPEC.prompt(blocked())) == (
        "Red to move: nothing of 1-2 can be played, so pass",
        "Rot ist am Zug: Mit 1-2 lässt sich nichts ziehen, also aussetzen",
    )


def test_the_prompt_of_a_finished_game_tells_the_winner_tt_15():
    assert told(SPEC.prompt(play(hit_wins(), "5/8*"))) == (
        "Game over: Red has won with 15 points to 0",
        "Partie beendet: Rot hat mit 15 zu 0 Punkten gewonnen",
    )
    first_hit = position({}, {3: 1, 20: 14}, start=(15, 0), dice=(1, 2), pointsToWin=1)
    assert told(SPEC.prompt(play(first_hit, "1/3*"))) == (
        "Game over: Red has won with 1 point to 0",
        "Partie beendet: Rot hat mit 1 zu 0 Punkten gewonnen",
    )


def test_the_events_of_a_throw_tt_4_tt_6():
    assert event_texts(ENGINE.new(), "red 5-3") == [
        (
            "Red wins the opening throw with 3 and 5 and starts",
            "Rot gewinnt den Eröffnungswurf mit 3 und 5 und beginnt",
        )
    ]
    assert event_texts(thrown_for_black(), "4-4") == [
        ("Black throws a double: 4 and 4", "Schwarz würfelt einen Pasch: 4 und 4")
    ]
    assert event_texts(play(thrown_for_black(), "4-4"), "24/20/16") == [
        (
            "Black moves a stone from the start field to 20 with the 4",
            "Schwarz zieht mit der 4 einen Stein vom Startfeld auf 20",
        ),
        (
            "Black moves a stone from 20 to 16 with the 4",
            "Schwarz zieht mit der 4 einen Stein von 20 auf 16",
        ),
        ("Black throws again after the double", "Schwarz würfelt nach dem Pasch noch einmal"),
    ]


def test_the_events_of_a_hit_that_wins_tt_12_tt_14_tt_15():
    assert event_texts(hit_wins(), "5/8*") == [
        ("Red moves a stone from 5 to 8 with the 3", "Rot zieht mit der 3 einen Stein von 5 auf 8"),
        (
            "Red hits a Black stone on 8; it goes back to its start field",
            "Rot schlägt auf 8 einen schwarzen Stein; er kehrt auf sein Startfeld zurück",
        ),
        (
            "Red scores a point for the hit: Red 15, Black 0",
            "Rot bekommt einen Punkt für den Schlag: Rot 15, Schwarz 0",
        ),
        ("Red wins with 15 points to 0", "Rot gewinnt mit 15 zu 0 Punkten"),
    ]


def test_the_events_of_bearing_off_tt_13_tt_14():
    assert event_texts(position({22: 2}, {20: 15}, dice=(3, 5)), "22/off 22/off")[:3] == [
        (
            "Red bears off a stone from 22 with the 3",
            "Rot spielt mit der 3 einen Stein von 22 hinaus",
        ),
        ("The Red stone from 22 leaves the board", "Der rote Stein von 22 verlässt das Brett"),
        (
            "Red scores a point for the stone borne off: Red 14, Black 0",
            "Rot bekommt einen Punkt für den hinausgespielten Stein: Rot 14, Schwarz 0",
        ),
    ]


def test_the_events_of_a_pass_and_a_lost_number_tt_8():
    assert event_texts(blocked(), "pass") == [
        ("Red cannot play 1-2 and passes", "Rot kann mit 1-2 nichts ziehen und setzt aus")
    ]
    one_number = position({}, {3: 2, 4: 2, 20: 11}, start=(1, 0), dice=(1, 2))
    assert event_texts(one_number, "1/2")[1:] == [
        ("Red cannot play the 2; it is lost", "Rot kann die 2 nicht ziehen; sie verfällt")
    ]


def test_the_drivers_chance_event_tt_4_tt_5():
    opening = {"type": "chance", "outcome": "red 3-5", "sampled": True}
    assert told(SPEC.describe_event(opening)) == (
        "The service throws the opening: Red starts with 3 and 5",
        "Der Dienst würfelt die Eröffnung aus: Rot beginnt mit 3 und 5",
    )
    throw = {"type": "chance", "outcome": "2-6", "sampled": True}
    assert told(SPEC.describe_event(throw)) == (
        "The service throws the dice: 2 and 6",
        "Der Dienst würfelt: 2 und 6",
    )


def test_tt4_a_new_game_says_the_opening_throw_decides():
    started = {"type": "gameStarted", "players": 2, "firstPlayer": None}
    assert told(SPEC.describe_event(started)) == (
        "A new game: the opening throw decides who begins (TT-4)",
        "Eine neue Partie: der Eröffnungswurf entscheidet, wer beginnt (TT-4)",
    )


def test_every_event_type_of_the_schema_is_told():
    kinds = {v["properties"]["type"]["const"] for v in SPEC.event_schema()["oneOf"]}
    pinned = {
        "thrown",
        "stepped",
        "hit",
        "borneOff",
        "scored",
        "passed",
        "forfeited",
        "extraThrow",
        "gameOver",
        "chance",
        "gameStarted",
    }
    assert kinds == pinned  # the tests above pin a text of each


def test_an_options_description_is_the_descriptors_own():
    """One truth: the English ``.description`` of each option label is the descriptor's."""
    catalog = text.catalog("en")
    for option in ENGINE.descriptor.options:
        id_ = f"tric-trac-option-{option.name}"
        assert catalog.attribute(id_, "description", {}) == option.description, option.name
        assert text.catalog("de").attribute(id_, "description", {})


def complete(msg: Msg, language: str) -> str:
    """``msg`` in ``language`` straight from its catalog, every nested message first; fails on
    an id the catalog lacks or an argument left unfilled (``format`` gives None)."""
    args: dict[str, str | int] = {
        k: complete(v, language) if isinstance(v, Msg) else v for k, v in msg.items
    }
    out = text.catalog(language).format(msg.id, args)
    assert out, f"{msg.id} {args} does not render in {language}"
    return out


def walk(record: dict[str, Any]) -> tuple[list[Msg], list[dict[str, Any]]]:
    """Every prompt and legal move's description of a golden playthrough, and its events."""
    seed = record.get("seed")
    start = driver.start(ENGINE, record["players"], record["options"], seed)
    state, said, seen = start.state, [], list(start.events)
    for request in golden.requests(record):
        said.append(SPEC.prompt(state))
        moves = ENGINE.legal_moves(state)
        if ENGINE.is_chance(state):
            moves = tuple(m for m, _ in ENGINE.chance_outcomes(state))
        said.extend(SPEC.describe_move(state, m) for m in moves)
        step = driver.play_one(ENGINE, state, request, auto_chance=seed is not None)
        state = step.state
        seen.extend(step.events)
    said.append(SPEC.prompt(state))
    assert ENGINE.status(state).finished
    return said, seen


@pytest.mark.parametrize("index", range(len(golden.load("tric-trac"))))
def test_every_text_of_a_golden_playthrough_renders_in_both_languages(index):
    said, seen = walk(golden.load("tric-trac")[index])
    said.extend(SPEC.describe_event(e) for e in seen)
    for language in LANGUAGES:
        for msg in said:
            complete(msg, language)
    assert {e["type"] for e in seen} >= {"thrown", "stepped", "scored"}
    if golden.load("tric-trac")[index].get("seed"):
        assert any(e["type"] == "chance" for e in seen)
