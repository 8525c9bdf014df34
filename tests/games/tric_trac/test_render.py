"""The clickable Tric Trac picture: every place a move document names (points, the mover's
bear-off tray, the dice) is an element with the same data- attributes, and the stones drawn
agree with the position."""

from __future__ import annotations

import random
from collections import Counter
from xml.etree import ElementTree

from service.games.core import driver
from service.games.tric_trac import ENGINE, TricTracState
from service.games.tric_trac.state import borne_off

from .helpers import position

NS = "{http://www.w3.org/2000/svg}"
OPTION_SETS = [{}, {"hucke": {"red": 7, "black": 18}}, {"pointsToWin": 15}]


def parse(state: TricTracState, player: int | None = None) -> ElementTree.Element:
    root = ElementTree.fromstring(ENGINE.render(state, player))
    assert root.tag == f"{NS}svg" and root.get("data-game") == "tric-trac"
    return root


def marked(root: ElementTree.Element) -> list[ElementTree.Element]:
    return [e for e in root.iter() if e.get("data-point") is not None]


def seeded_positions(count: int) -> list[TricTracState]:
    """Positions with a throw to play, from seeded random games under several options."""
    rng = random.Random("tric-trac-render")
    out: list[TricTracState] = []
    game = 0
    while len(out) < count:
        options = OPTION_SETS[game % len(OPTION_SETS)]
        state = driver.start(ENGINE, None, options, f"render-{game}").state
        game += 1
        while not ENGINE.status(state).finished and len(out) < count:
            if ENGINE.is_chance(state):
                outcomes = ENGINE.chance_outcomes(state)
                state = ENGINE.apply(state, rng.choice(outcomes)[0]).state
                continue
            out.append(state)
            state = ENGINE.apply(state, rng.choice(ENGINE.legal_moves(state))).state
    return out


def test_every_place_a_legal_turn_names_is_in_the_picture():
    """For 300 seeded positions: each step's from/to (TT-1; off per TT-3, TT-13) and die has
    a matching element in the SVG the mover sees."""
    checked = 0
    for state in seeded_positions(300):
        mover = state.player
        assert mover is not None
        root = parse(state, mover)
        points = {e.get("data-point") for e in marked(root) if "rw-point" in e.get("class", "")}
        offs = {
            e.get("data-player")
            for e in marked(root)
            if e.get("data-point") == "off" and e.get("class") == "rw-off"
        }
        dice = Counter(e.get("data-die") for e in root.iter() if e.get("class") == "rw-die")
        assert points == {str(p) for p in range(1, 25)} and offs == {"0", "1"}
        assert sorted(dice.elements()) == sorted(str(d) for d in state.dice or ())
        for move in ENGINE.legal_moves(state, mover):
            doc = ENGINE.move_document(state, move)
            assert doc["player"] == mover
            for step in doc.get("steps", ()):
                assert str(step["from"]) in points
                assert str(step["to"]) in points or (
                    step["to"] == "off" and str(doc["player"]) in offs
                )
                assert str(step["die"]) in dice
                checked += 1
    assert checked > 1000


def test_stones_and_trays_show_the_position():
    """TT-2, TT-13: the stones drawn per point, their counts and the borne-off counts agree
    with the state; every stone resolves to its point (it sits inside the point's group)."""
    for state in seeded_positions(120)[::3]:
        root = parse(state)
        for group in root.iter(f"{NS}g"):
            if group.get("class") == "rw-point":
                point = int(group.get("data-point", "0"))
                stones = [e for e in group.iter() if e.get("class") == "rw-stone"]
                v = state.board[point - 1]
                assert len(stones) == min(abs(v), 5)
                assert {e.get("data-point") for e in stones} <= {str(point)}
                assert {e.get("data-player") for e in stones} <= {"0" if v > 0 else "1"}
                counts = [e.text for e in group.iter() if e.get("class") == "rw-count"]
                assert counts == ([str(abs(v))] if abs(v) > 1 else [])
            elif group.get("class") == "rw-off":
                player = int(group.get("data-player", "-1"))
                counts = [e.text for e in group.iter() if e.get("class") == "rw-count"]
                assert counts == [str(borne_off(state.board, player))]


def test_stone_counts_do_not_swallow_clicks():
    state = position(start=(15, 15), off=(0, 0), dice=(3, 5))
    root = parse(state)
    checked = 0
    for group in root.iter(f"{NS}g"):
        if group.get("class") in ("rw-point", "rw-off"):
            for text in group.iter(f"{NS}text"):
                if text.get("class") == "rw-count" or group.get("class") == "rw-off":
                    assert text.get("pointer-events") == "none", text.text
                    checked += 1
    assert checked >= 4  # counts on points, and each tray's label and count


def test_trays_sit_beside_the_end_each_player_bears_off_past():
    """TT-3: Red bears off past 24 (top right), Black past 1 (bottom right)."""
    root = parse(position({22: 3}, {3: 2}, dice=(2, 6)))
    by_id: dict[str, tuple[float, float]] = {}
    for group in root.iter(f"{NS}g"):
        rect = group.find(f"{NS}rect")
        if rect is None:
            continue
        key = group.get("data-point", "")
        if key == "off":
            key += group.get("data-player", "")
        by_id[key] = (float(rect.get("x", "0")), float(rect.get("y", "0")))
    assert by_id["off0"][0] > by_id["24"][0] and by_id["off1"][0] > by_id["1"][0]
    assert by_id["off0"][1] < by_id["off1"][1]  # Red's at the top row (13-24)
    assert by_id["24"][1] < by_id["1"][1]
