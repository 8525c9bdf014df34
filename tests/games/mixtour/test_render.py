"""The Mixtour SVG as a front end uses it: every square a move document names is an element
with that ``data-square``, every piece drawn where the state has it, supplies clickable."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from service.games.mixtour import ENGINE, MixtourState

from .helpers import position

NS = "{http://www.w3.org/2000/svg}"
COLOURS = ("white", "blue")


def parse(state: MixtourState, player: int | None = None) -> ET.Element:
    root = ET.fromstring(ENGINE.render(state, player))
    assert root.tag == f"{NS}svg" and root.get("data-game") == "mixtour"
    return root


def squares(root: ET.Element) -> dict[str, ET.Element]:
    groups = [e for e in root.iter() if "rw-square" in e.get("class", "").split()]
    found = {g.get("data-square"): g for g in groups}
    assert len(found) == len(groups) == 25
    return found


def seeded_positions(count: int) -> list[MixtourState]:
    rng = random.Random("mixtour-render")
    out: list[MixtourState] = []
    while len(out) < count:
        opts = {"piecesPerPlayer": rng.choice([20, 8, 3]), "pointsToWin": rng.choice([5, 2])}
        state = ENGINE.new(options=opts)
        for _ in range(rng.randrange(1, 120)):
            out.append(state)
            if ENGINE.status(state).finished:
                break
            state = ENGINE.apply(state, rng.choice(ENGINE.legal_moves(state))).state
    return out[:count]


def check_pieces(root: ET.Element, state: MixtourState) -> None:
    """Each piece is inside its square's group, at its level, in its colour."""
    groups = squares(root)
    for i, stack in enumerate(state.stacks):
        name = f"{'abcde'[i % 5]}{i // 5 + 1}"
        drawn = [e for e in groups[name].iter() if e.get("class") == "rw-piece"]
        assert [
            (e.get("data-square"), e.get("data-level"), e.get("data-colour")) for e in drawn
        ] == [(name, str(level), COLOURS[c]) for level, c in enumerate(stack)]
    pieces = [e for e in root.iter() if e.get("class") == "rw-piece"]
    assert len(pieces) == sum(map(len, state.stacks))


def test_mx1_an_empty_board_has_25_squares_and_two_supplies():
    root = parse(ENGINE.new())
    assert sorted(squares(root)) == sorted(f"{f}{r}" for f in "abcde" for r in range(1, 6))
    supplies = [e for e in root.iter() if e.get("class") == "rw-supply"]
    assert [e.get("data-supply") for e in supplies] == ["0", "1"]
    assert not [e for e in root.iter() if e.get("class") == "rw-piece"]


def test_mx5_stacks_are_drawn_bottom_to_top_inside_their_square():
    state = position({"a1": "wwbb", "c3": "wbw", "d4": "b"}, to_move=1)
    root = parse(state, 1)
    check_pieces(root, state)
    group = squares(root)["c3"]
    assert group.tag == f"{NS}g"
    assert [e.get("data-colour") for e in group if e.get("class") == "rw-piece"] == [
        "white",
        "blue",
        "white",
    ]


def test_mx4_the_supplies_show_their_counts():
    state = position({"a1": "wwbb"}, pieces=9)
    root = parse(state, 0)
    supplies = {e.get("data-supply"): e for e in root.iter() if e.get("class") == "rw-supply"}
    assert "White supply: 7" in "".join(supplies["0"].itertext())
    assert "Blue supply: 7" in "".join(supplies["1"].itertext())


def test_every_square_a_legal_move_names_is_in_the_svg():
    """MX-4, MX-5 over seeded playouts: a UI finds every target with [data-square=…], a
    placement's supply with [data-supply=…], and every piece where the state has it."""
    named = 0
    for state in seeded_positions(300):
        player = state.turn
        root = parse(state, player)
        groups = squares(root)
        supplies = {e.get("data-supply") for e in root.iter() if e.get("class") == "rw-supply"}
        check_pieces(root, state)
        for move in ENGINE.legal_moves(state):
            doc = ENGINE.move_document(state, move)
            for key in ("square", "from", "to"):
                if key in doc:
                    assert doc[key] in groups, (doc, key)
                    named += 1
            if doc["kind"] == "place":
                assert str(player) in supplies
    assert named > 1000
