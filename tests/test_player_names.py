"""One numbering everywhere a person reads it (issue 24, point 8).

A person is named by their name, ``<game>-player`` ("Spieler 1" / "Player 1" for player 0,
"Weiß" / "White"), never as "Spieler"/"player" with the API's 0-based number. Where the
request's own number matters, it is quoted as the field, in code spelling: after the name,
"Spieler 1 (player 0)", or alone for a number that names nobody, "player 7 gibt es in dieser
Partie nicht" / "there is no player 7 in this game". ``args`` stay language-free: numbers stay
numbers, names are nested messages.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from service import text
from service.games import REGISTRY
from service.games.core import NotYourTurn, driver
from service.games.core.text import Msg

ROOT = Path(__file__).parent.parent
CATALOGS = sorted(
    [*ROOT.glob("service/**/messages/*.ftl"), *ROOT.glob("tests/games/fifth/messages/*.ftl")]
)

# A word for a person right before a placeable of a variable: "Spieler { $player }",
# "player { NUMBER($asked, useGrouping: 0) }", "Player { $to_move }'s".
_NUMBER_AS_NAME = re.compile(
    r"\b(?P<word>[Ss]pieler\w*|[Pp]layers?)\s*"
    r"\{\s*(?:NUMBER\(\s*)?\$(?P<var>\w+)[^{}]*\}"
)
# Variables that count what follows rather than name someone: "jeder Spieler { $count } Münzen".
_COUNTS = {"count"}


def numbers_as_names(line: str) -> list[str]:
    """The places in one line of a catalog that name a person by a raw number. The field
    quote is allowed: ``player`` in code spelling, in parentheses after a name
    ("(player { $player })"), or alone for a number that names nobody ("player { $x } gibt
    es …", "there is no player { $x } …"). Comments are not texts."""
    if line.lstrip().startswith("#"):
        return []
    found = []
    for m in _NUMBER_AS_NAME.finditer(line):
        if m["var"] in _COUNTS:
            continue
        before, after = line[: m.start()], line[m.end() :]
        field = m["word"] == "player" and (
            (before.endswith("(") and after.startswith(")"))
            or after.startswith(" gibt es")
            or before.endswith("there is no ")
        )
        if not field:
            found.append(m.group())
    return found


def catalog_lines() -> Iterator[tuple[str, str]]:
    for path in CATALOGS:
        for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            yield f"{path.relative_to(ROOT)}:{lineno}", line


def test_the_scan_flags_a_number_used_as_a_name():
    """The scan can fail: each bad line is flagged, each good one passes."""
    bad = [
        "te-trix-already-placed = Spieler { $player } hat in dieser Runde schon eingetragen",
        "te-trix-already-placed = player { $player } has already placed this round (TX-9)",
        "triominos-junior-not-your-turn = it is player { $to_move }'s turn",
        "   *[other] Player { $player }",
        "x = niemand ist am Zug, auch nicht Spieler { NUMBER($player, useGrouping: 0) }",
        "x = die Spieler { $players } tragen gleichzeitig ein",
        "x = ist am Zug (Spieler { $player })",
        "x = it is White's turn, not player { $asked }'s",
    ]
    assert [line for line in bad if not numbers_as_names(line)] == []
    good = [
        "x = { te-trix-player } (player { $player }) hat in dieser Runde schon eingetragen",
        "x = player { NUMBER($player, useGrouping: 0) } gibt es in dieser Partie nicht",
        "x = there is no player { NUMBER($player, useGrouping: 0) } in this game",
        "x = vor dem ersten Zug hat jeder Spieler { $count } Münzen (TJ-5)",
        "x = player muss zwischen 0 und { NUMBER($high, useGrouping: 0) } liegen",
        "x = das Blatt von { te-trix-player } (sheets[{ $player }]) hat noch leere Kästchen",
        "te-trix-player = { $player ->",
        "# Spieler { $player }: a comment is no text",
    ]
    assert {line: numbers_as_names(line) for line in good} == {line: [] for line in good}


def test_no_catalog_names_a_person_by_a_raw_number():
    names = {Path(p).name for p in CATALOGS}
    assert names == {"en.ftl", "de.ftl"} and len(CATALOGS) >= 14, CATALOGS
    found = {where: hits for where, line in catalog_lines() if (hits := numbers_as_names(line))}
    assert found == {}


def test_te_trix_names_a_player_who_placed_already_from_1_in_german():
    """Two players place at once; player 0 places, then places again: the engine's refusal
    names "Spieler 1" and quotes the field "player 0"."""
    te_trix = REGISTRY["te-trix"]
    state = te_trix.new(2)
    for who, move in ((None, "ooxs"), (None, "T:oxso"), (0, "r0@1,1")):
        state = te_trix.apply(state, te_trix.parse_move(move), who).state
    with pytest.raises(NotYourTurn) as caught:
        te_trix.apply(state, te_trix.parse_move("r0@4,1"), 0)
    refused = caught.value
    assert refused.reason == "ALREADY_PLACED"
    assert refused.msg == Msg.of("te-trix-already-placed", player=0)
    german = text.render(refused.msg, "de")
    assert german == "Spieler 1 (player 0) hat in dieser Runde schon eingetragen (TX-9)"
    assert "Spieler 0" not in german
    english = text.render(refused.msg, "en")
    assert english == "Player 1 (player 0) has already placed this round (TX-9)"


def test_the_service_names_a_player_who_placed_already_from_1_in_german(client):
    """The same through REST: the driver refuses first (player 0 is not to move), by name."""
    state = client.post("/v1/games/te-trix/new", json={"players": 2}).json()["state"]
    placed = {"player": 0, "move": "r0@1,1"}
    again = {"player": 0, "move": "r0@4,1"}
    r = client.post(
        "/v1/games/te-trix/play",
        json={"state": state, "moves": ["ooxs", "T:oxso", placed, again]},
        headers={"accept-language": "de"},
    )
    assert r.status_code == 422
    error = r.json()["error"]
    assert error["details"]["reason"] == "NOT_TO_MOVE"
    assert error["message"] == (
        "Zug 4: Spieler 1 (player 0) ist gerade nicht am Zug; am Zug: Spieler 2"
    )
    assert "Spieler 0" not in error["message"]
    inner = error["args"]["error"]
    assert inner["messageId"] == "driver-player-not-to-move"
    assert inner["args"]["player"] == 0  # a number, as the request sent it
    assert inner["args"]["name"] == {"messageId": "te-trix-player", "args": {"player": 0}}


def te_trix_placed(players: int):
    te_trix = REGISTRY["te-trix"]
    state = te_trix.new(players)
    for who, move in ((None, "ooxs"), (None, "T:oxso"), (0, "r0@1,1")):
        state = te_trix.apply(state, te_trix.parse_move(move), who).state
    return state


def not_to_move(game: str, state, player: int) -> Msg:
    with pytest.raises(NotYourTurn) as caught:
        driver.check_turn(REGISTRY[game], state, player)
    return caught.value.msg


def test_the_driver_names_those_to_move_not_a_python_list():
    expected = {
        2: ("Spieler 2", "Player 2"),
        3: ("Spieler 2 und Spieler 3", "Player 2 and Player 3"),
        4: ("Spieler 2, Spieler 3 und Spieler 4", "Player 2, Player 3 and Player 4"),
    }
    for players, (de, en) in expected.items():
        msg = not_to_move("te-trix", te_trix_placed(players), 0)
        german = text.render(msg, "de")
        assert german == f"Spieler 1 (player 0) ist gerade nicht am Zug; am Zug: {de}"
        assert text.render(msg, "en") == f"Player 1 (player 0) may not act now; to move: {en}"
        assert "[" not in str(msg.wire())  # names nest as messages, no list printed as text
    mixtour = REGISTRY["mixtour"]
    msg = not_to_move("mixtour", mixtour.new(), 1)
    assert text.render(msg, "de") == "Blau (player 1) ist gerade nicht am Zug; am Zug: Weiß"


def test_a_number_that_names_nobody_is_quoted_as_the_field_alone():
    msg = not_to_move("te-trix", te_trix_placed(2), 5)
    assert msg == Msg.of("driver-not-a-player", player=5)
    assert text.render(msg, "de") == "player 5 gibt es in dieser Partie nicht"
    assert text.render(msg, "en") == "there is no player 5 in this game"
    huge = 10**40
    msg = not_to_move("mixtour", REGISTRY["mixtour"].new(), huge)
    assert text.render(msg, "de") == f"player {huge} gibt es in dieser Partie nicht"
    mixtour = REGISTRY["mixtour"]
    with pytest.raises(NotYourTurn) as caught:
        mixtour.apply(mixtour.new(), mixtour.parse_move("a1"), 7)
    assert text.render(caught.value.msg, "de") == (
        "Weiß (player 0) ist am Zug; player 7 gibt es in dieser Partie nicht"
    )
