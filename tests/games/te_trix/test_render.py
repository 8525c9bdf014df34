"""The SVG picture: well-formed XML with every sheet, symbols, outlines and the solo bar, its
words in the answer's language."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from service import text

from .helpers import G, play

NS = "{http://www.w3.org/2000/svg}"


def test_render_draws_every_sheet_symbol_and_region():
    state = play(G.new(3), "oooo", "L:oooo", (0, "r0@3,1"), (1, "r0@1,1"), (2, "r0@1,1"))
    root = ET.fromstring(G.render(state))
    texts = "".join(root.itertext())
    for p in range(3):
        assert f"Player {p + 1}:" in texts
    assert "Player 1: 5 pts" in texts  # people count players from 1
    circles = root.findall(f".//{NS}circle")
    assert len(circles) == 3 * 4 + 1  # twelve entered, player 0's pre-printed d4
    outlines = [p for p in root.findall(f".//{NS}path") if p.get("stroke-width") == "3"]
    assert len(outlines) == 1  # player 0's five circles around d4
    assert "pre-printed" in texts


def test_render_solo_bar_and_escaping():
    state = play(G.new(1, {"solo": True}), "ooxs", "I:oxso", "r0@1,-1")
    svg = G.render(state)
    root = ET.fromstring(svg)
    bar = [r for r in root.findall(f".//{NS}rect") if r.get("width") == "12"]
    assert len(bar) == 8
    assert "bar" in "".join(root.itertext())


def test_render_finished_game_names_the_winner():
    state = play(G.new(1, {"solo": True}), "ooxs", "stop")
    assert "game over (stopped)" in G.render(state)


def test_render_writes_its_words_in_the_answer_s_language():
    """The picture is drawn per request (never cached), in the language the request chose."""
    state = play(G.new(3), "oooo", "L:oooo", (0, "r0@3,1"))
    token = text.LANGUAGE.set("de")
    try:
        root = ET.fromstring(G.render(state))
    finally:
        text.LANGUAGE.reset(token)
    texts = "".join(root.itertext())
    assert "Te-Trix · Runde 1 · S1 5 – S2 0 – S3 0" in texts
    assert "noch eintragen: Spieler 2 und Spieler 3" in texts
    assert "Spieler 1: 5 Pkt. · eingetragen" in texts
    assert "vorgedruckt" in texts and "Kreis" in texts
    assert "Player 1: 5 pts · placed" in "".join(ET.fromstring(G.render(state)).itertext())
