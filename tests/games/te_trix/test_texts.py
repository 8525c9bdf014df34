"""Te-Trix in words for people (``texts.py``): moves, events and prompts pinned in English and
German, and every position, legal move and event of the golden playthroughs told in both
languages with every argument filled."""

from __future__ import annotations

from dataclasses import replace

import pytest

from service import text
from service.games.core import MoveRequest, driver
from service.games.core.events import event_types
from service.games.core.text import Msg
from service.games.te_trix import texts

from .. import golden
from ..vocabulary import refusal
from .helpers import EMPTY7, G, play, position
from .test_vocabulary import EVENTS as EVENT_ROWS
from .test_vocabulary import REFUSALS

# Player 1's sheet takes nothing: its one empty cell, d4, lies inside (TX-8, TX-10).
FULL_BUT_D4 = tuple("xxx.xxx" if r == 3 else "x" * 7 for r in range(7))
SOLO = {"solo": True}


def complete(msg: Msg, language: str, seen: set[tuple[str, Msg]]) -> str:
    """``msg`` in ``language``, failing when it or a message in it is not in the catalog or
    leaves an argument unfilled (``format`` gives None then); ``seen`` holds those checked."""
    if (language, msg) in seen:
        return text.render(msg, language)
    args = {k: complete(v, language, seen) if isinstance(v, Msg) else v for k, v in msg.items}
    got = text.catalog(language).format(msg.id, args)
    assert got is not None, f"{msg} does not render in {language}"
    seen.add((language, msg))
    return got


def told(msg: Msg) -> tuple[str, str]:
    return text.render(msg, "en"), text.render(msg, "de")


def three_arranged():
    return play(G.new(3), "ooxs", "T:oxso")


def last_round():
    return play(position(EMPTY7, FULL_BUT_D4), "oooo", "O:oooo")


# -- moves -------------------------------------------------------------------------------------


def test_tx2_a_roll_is_told_by_how_many_of_each_symbol_it_shows():
    assert told(texts.describe_move(G.new(3), G.parse_move("ooxs"))) == (
        "The dice show two circles, a cross and a square",
        "Die Würfel zeigen zwei Kreise, ein Kreuz und ein Quadrat",
    )


def test_tx6_an_arrangement_is_told_slot_by_slot_in_reading_order():
    state = play(G.new(3), "ooxs")
    assert told(texts.describe_move(state, G.parse_move("T:oxso"))) == (
        "Player 1 chooses the T shape and fills it row by row with circle, cross, square and "
        "circle",
        "Spieler 1 wählt die Form T und belegt sie Reihe für Reihe mit Kreis, Kreuz, Quadrat und "
        "Kreis",
    )


def test_tx7_tx9_a_placement_while_several_place_is_for_anyone_s_own_sheet():
    assert told(texts.describe_move(three_arranged(), G.parse_move("r90@1,1"))) == (
        "Enter the T shape turned 90° clockwise in b1, a2, b2 and b3 on your own sheet",
        "Die Form T um 90° im Uhrzeigersinn gedreht in b1, a2, b2 und b3 ins eigene Blatt "
        "eintragen",
    )


def test_tx8_the_last_player_to_place_is_named_with_the_overhang():
    state = play(three_arranged(), (0, "r0@1,1"), (2, "r0@1,1"))
    assert told(texts.describe_move(state, G.parse_move("r0@0,6"))) == (
        "Player 2 enters the T shape unturned in g1; three symbols hang over the edge",
        "Spieler 2 trägt die Form T ungedreht in g1 ein; drei Symbole ragen über den Rand",
    )


def test_tx13_a_solo_placement_tells_the_bar_fields_it_crosses_off():
    state = play(G.new(1, SOLO), "ooxs", "I:oxso")
    assert told(texts.describe_move(state, G.parse_move("r0@1,-1"))) == (
        "Player 1 enters the I shape unturned in a1 and b1; two symbols hang over the edge and "
        "cross off two bar fields (6 still free)",
        "Spieler 1 trägt die Form I ungedreht in a1 und b1 ein; zwei Symbole ragen über den Rand "
        "und streichen zwei Felder der Leiste (noch 6 frei)",
    )
    assert told(texts.describe_move(state, G.parse_move("r0@1,1"))) == (
        "Player 1 enters the I shape unturned in a1, b1, c1 and d1",
        "Spieler 1 trägt die Form I ungedreht in a1, b1, c1 und d1 ein",
    )


def test_tx14_stop_is_told():
    state = play(G.new(1, SOLO), "ooxs")
    assert told(texts.describe_move(state, G.parse_move("stop"))) == (
        "Player 1 stops; the game is scored as it stands",
        "Spieler 1 hört auf; die Partie wird gewertet, wie sie steht",
    )


# -- events ------------------------------------------------------------------------------------

# The events test_vocabulary's rows emit (the engine's and the driver's own), by row and index.
EMITTED = {f"{row}:{i}": event for row in EVENT_ROWS for i, event in enumerate(row.events)}
# ... and the event driver.start opens a new game with (tests/games/test_started.py)
EMITTED["TX-5-gameStarted:0"] = {"type": "gameStarted", "players": 1, "firstPlayer": 0}
EMITTED["TX-5-gameStarted:1"] = {"type": "gameStarted", "players": 3, "firstPlayer": 0}
TOLD_EVENTS = {
    "TX-5-gameStarted:0": (
        "A new game for one player: Player 1 rolls first (TX-5)",
        "Eine neue Partie für einen Spieler: Spieler 1 würfelt zuerst (TX-5)",
    ),
    "TX-5-gameStarted:1": (
        "A new game for 3 players: Player 1 rolls first (TX-5)",
        "Eine neue Partie für 3 Spieler: Spieler 1 würfelt zuerst (TX-5)",
    ),
    "TX-5-rolled:0": (
        "Round 1: Player 1 rolled two circles, a cross and a square",
        "Runde 1: Spieler 1 hat zwei Kreise, ein Kreuz und ein Quadrat gewürfelt",
    ),
    "TX-5-chance-played:2": (
        "The service rolled a circle, two crosses and a square",
        "Der Dienst hat einen Kreis, zwei Kreuze und ein Quadrat gewürfelt",
    ),
    "TX-6-arranged:0": (
        "Player 1 chose the T shape, filled row by row with circle, cross, square and circle",
        "Spieler 1 hat die Form T gewählt und Reihe für Reihe mit Kreis, Kreuz, Quadrat und "
        "Kreis belegt",
    ),
    "TX-10-arranged-blocked-gameOver:0": (
        "Player 1 chose the O shape, filled row by row with circle, circle, circle and circle; "
        "Player 1 cannot enter it, so this is the last round",
        "Spieler 1 hat die Form O gewählt und Reihe für Reihe mit Kreis, Kreis, Kreis und Kreis "
        "belegt; Spieler 1 kann sie nicht eintragen, also ist dies die letzte Runde",
    ),
    "TX-7-placed:0": (
        "Player 1 entered the shape in a1, b1, c1 and b2",
        "Spieler 1 hat die Form in a1, b1, c1 und b2 eingetragen",
    ),
    "TX-13-placed-bar:0": (
        "Player 1 entered the shape in a1 and b1; two symbols hang over the edge and cross off "
        "two bar fields (6 still free)",
        "Spieler 1 hat die Form in a1 und b1 eingetragen; zwei Symbole ragen über den Rand und "
        "streichen zwei Felder der Leiste (noch 6 frei)",
    ),
    "TX-9-roundEnded:1": (
        "Round 1 is over; Player 2 rolls next",
        "Runde 1 ist vorbei; als Nächstes würfelt Spieler 2",
    ),
    "TX-10-gameOver-cannotPlace:1": (
        "The game is over: Player 2 cannot enter the shape any more; Player 2 wins with 24 points",
        "Die Partie ist vorbei: Spieler 2 kann die Form nicht mehr eintragen; Spieler 2 gewinnt "
        "mit 24 Punkten",
    ),
    "TX-10-gameOver-sheetsFull:1": (
        "The game is over: the sheet is full; Player 1 scores 25 points",
        "Die Partie ist vorbei: das Blatt ist voll; Spieler 1 erzielt 25 Punkte",
    ),
    "TX-14-stopped-gameOver:0": (
        "Player 1 stopped in round 1",
        "Spieler 1 hat in Runde 1 aufgehört",
    ),
    "TX-14-stopped-gameOver:1": (
        "The game is over: Player 1 stopped; Player 1 scores 8 points",
        "Die Partie ist vorbei: Spieler 1 hat aufgehört; Spieler 1 erzielt 8 Punkte",
    ),
}


@pytest.mark.parametrize("key", sorted(TOLD_EVENTS))
def test_tx5_to_tx14_the_events_the_engine_emits_are_told(key):
    assert told(texts.describe_event(EMITTED[key])) == TOLD_EVENTS[key]


def test_every_event_type_of_the_schema_is_told_and_every_emitted_event_renders():
    assert event_types(G.event_schema()) == {EMITTED[k]["type"] for k in TOLD_EVENTS}
    seen: set[tuple[str, Msg]] = set()
    for event in EMITTED.values():
        msg = texts.describe_event(event)
        assert complete(msg, "en", seen) != complete(msg, "de", seen)


@pytest.mark.parametrize(
    ("event", "english", "german"),
    [
        (  # TX-8: overhang outside solo
            {
                "type": "placed",
                "player": 1,
                "placement": "r0@0,6",
                "cells": {"g1": "o"},
                "overhang": 3,
            },
            "Player 2 entered the shape in g1; three symbols hang over the edge",
            "Spieler 2 hat die Form in g1 eingetragen; drei Symbole ragen über den Rand",
        ),
        (  # TX-10: two players blocked
            {"type": "arranged", "player": 0, "arrangement": "S:xosx", "blocked": [1, 2]},
            "Player 1 chose the S shape, filled row by row with cross, circle, square and cross; "
            "Player 2 and Player 3 cannot enter it, so this is the last round",
            "Spieler 1 hat die Form S gewählt und Reihe für Reihe mit Kreuz, Kreis, Quadrat und "
            "Kreuz belegt; Spieler 2 und Spieler 3 können sie nicht eintragen, also ist dies die "
            "letzte Runde",
        ),
        (  # TX-11: ties share the win
            {"type": "gameOver", "reason": "sheetsFull", "winners": [0, 2], "scores": [30, 12, 30]},
            "The game is over: every sheet is full; Player 1 and Player 3 share the win with 30 "
            "points",
            "Die Partie ist vorbei: alle Blätter sind voll; Spieler 1 und Spieler 3 gewinnen "
            "gemeinsam mit 30 Punkten",
        ),
    ],
    ids=["TX-8-overhang", "TX-10-two-blocked", "TX-11-tie"],
)
def test_tx8_tx10_tx11_lists_and_overhang_in_events(event, english, german):
    assert told(texts.describe_event(event)) == (english, german)


# -- prompts -----------------------------------------------------------------------------------


def test_tx5_tx6_the_roll_and_the_arrangement_are_prompted():
    assert told(texts.prompt(G.new(3))) == (
        "Round 1: Player 1 rolls the four dice",
        "Runde 1: Spieler 1 würfelt mit allen vier Würfeln",
    )
    assert told(texts.prompt(play(G.new(3), "ooxs"))) == (
        "Player 1 rolled two circles, a cross and a square and now lays the dice out as one of "
        "the seven shapes",
        "Spieler 1 hat zwei Kreise, ein Kreuz und ein Quadrat gewürfelt und legt die Würfel nun "
        "zu einer der sieben Formen",
    )


def test_tx14_the_solo_player_is_offered_the_stop():
    assert told(texts.prompt(play(G.new(1, SOLO), "ooxs"))) == (
        "Player 1 rolled two circles, a cross and a square and now lays the dice out as one of "
        "the seven shapes, or stops",
        "Spieler 1 hat zwei Kreise, ein Kreuz und ein Quadrat gewürfelt und legt die Würfel nun "
        "zu einer der sieben Formen – oder hört auf",
    )


def test_tx7_tx9_everyone_who_still_places_is_prompted():
    assert told(texts.prompt(three_arranged())) == (
        "Player 1, Player 2 and Player 3 enter the T shape (circle, cross, square, circle, row "
        "by row) on their own sheets",
        "Spieler 1, Spieler 2 und Spieler 3 tragen die Form T (Kreis, Kreuz, Quadrat, Kreis, "
        "Reihe für Reihe) jeweils ins eigene Blatt ein",
    )
    assert told(texts.prompt(play(three_arranged(), (0, "r0@1,1"), (2, "r0@1,1")))) == (
        "Player 2 enters the T shape (circle, cross, square, circle, row by row) on their sheet",
        "Spieler 2 trägt die Form T (Kreis, Kreuz, Quadrat, Kreis, Reihe für Reihe) ins eigene "
        "Blatt ein",
    )


def test_tx10_the_last_round_is_prompted_with_who_cannot_enter():
    assert told(texts.prompt(last_round())) == (
        "Player 1 enters the O shape (circle, circle, circle, circle, row by row) on their "
        "sheet; Player 2 cannot enter it, so this is the last round",
        "Spieler 1 trägt die Form O (Kreis, Kreis, Kreis, Kreis, Reihe für Reihe) ins eigene "
        "Blatt ein; Spieler 2 kann sie nicht eintragen, also ist dies die letzte Runde",
    )


def test_tx10_tx11_a_finished_game_tells_why_it_ended_and_who_won():
    over = play(last_round(), (0, "r0@1,1"))
    assert told(texts.prompt(over)) == (
        "The game is over: Player 2 cannot enter the shape any more; Player 2 wins with 48 points",
        "Die Partie ist vorbei: Spieler 2 kann die Form nicht mehr eintragen; Spieler 2 gewinnt "
        "mit 48 Punkten",
    )
    tie = replace(position(EMPTY7, EMPTY7), phase="over", end="cannotPlace", blocked=(1,))
    assert told(texts.prompt(tie)) == (
        "The game is over: Player 2 cannot enter the shape any more; Player 1 and Player 2 share "
        "the win with 0 points",
        "Die Partie ist vorbei: Spieler 2 kann die Form nicht mehr eintragen; Spieler 1 und "
        "Spieler 2 gewinnen gemeinsam mit 0 Punkten",
    )


def test_tx15_a_finished_solo_game_tells_its_rating():
    rows = ("ooooooo", "xxxxxxx") * 3  # circles 3 × 21, crosses 3 × 21 (TX-11)
    good = replace(position((*rows, "......."), solo=True, bar=0, phase="over"), end="stopped")
    assert told(texts.prompt(good)) == (
        "The game is over: Player 1 stopped; Player 1 scores 126 points: good",
        "Die Partie ist vorbei: Spieler 1 hat aufgehört; Spieler 1 erzielt 126 Punkte: gut",
    )
    top = replace(position((*rows, "ooooooo"), solo=True, bar=2, phase="over"), end="stopped")
    assert told(texts.prompt(top))[1] == (
        "Die Partie ist vorbei: Spieler 1 hat aufgehört; Spieler 1 erzielt 177 Punkte: Chapeau!"
    )
    stopped = play(G.new(1, SOLO), "ooxs", "stop")
    assert told(texts.prompt(stopped)) == (
        "The game is over: Player 1 stopped; Player 1 scores 8 points",
        "Die Partie ist vorbei: Spieler 1 hat aufgehört; Spieler 1 erzielt 8 Punkte",
    )


# -- refusals, options -------------------------------------------------------------------------

GERMAN_REFUSALS = {
    "TX-8-CELL_OCCUPIED-two cells": "r0@3,3 würde c3 und d4 (vorgedruckt) auf dem Blatt von "
    "Spieler 1 überschreiben",
    "TX-13-BAR_EXHAUSTED": "r0@3,-2 lässt 3 Symbole über den Rand ragen, aber auf der Leiste "
    "sind nur noch 2 Felder frei",
    "TX-6-NOT_THE_ROLL": "Z:sxxo verwendet nicht die gewürfelten Symbole ooxs; die Würfel dürfen "
    "umgestellt, aber nicht auf eine andere Seite gedreht werden",
    "TX-10-GAME_FINISHED": "die Partie ist vorbei (eine Form ließ sich nicht mehr eintragen); es "
    "kann kein Zug mehr gespielt werden",
}


@pytest.mark.parametrize("row", REFUSALS, ids=str)
def test_tx5_to_tx14_every_refusal_reads_in_german_too(row):
    """The English is pinned in messages.json; the German names the same things."""
    msg = refusal(G, row).msg
    german = complete(msg, "de", set())
    assert german != complete(msg, "en", set())
    if str(row) in GERMAN_REFUSALS:
        assert german == GERMAN_REFUSALS[str(row)]


def test_the_pinned_german_refusals_have_rows():
    assert set(GERMAN_REFUSALS) <= {str(row) for row in REFUSALS}


@pytest.mark.parametrize("language", text.LANGUAGES)
def test_every_option_has_a_label_and_a_description(language):
    catalog = text.catalog(language)
    for option in G.descriptor.options:
        id_ = f"te-trix-option-{option.name}"
        assert catalog.format(id_, {}), id_
        assert catalog.attribute(id_, "description", {}), id_


# -- the golden playthroughs, told ------------------------------------------------------------


@pytest.mark.parametrize("record", golden.load("te-trix"), ids=lambda r: r["about"][:20])
def test_every_golden_position_move_and_event_is_told_in_both_languages(record):
    seen: set[tuple[str, Msg]] = set()

    def check(msg: Msg) -> None:
        assert msg.id.startswith("te-trix-"), msg
        for language in text.LANGUAGES:
            assert complete(msg, language, seen).strip(), f"{msg} renders empty in {language}"

    state = driver.start(G, record["players"], record["options"], record.get("seed")).state
    told_moves = 0
    for ply in [*record["plies"], None]:
        check(texts.prompt(state))
        movers = G.to_move(state) or (None,)
        for player in movers:
            for move in G.legal_moves(state, player):
                check(texts.describe_move(state, move))
                told_moves += 1
        if ply is None:
            break
        player, move, _ = golden.parse_ply(ply)
        transition = driver.play_one(G, state, MoveRequest(move, player), auto_chance=False)
        for event in transition.events:
            check(texts.describe_event(event))
        state = transition.state
    assert G.status(state).finished and told_moves > len(record["plies"])
