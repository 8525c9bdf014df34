"""TX-1 … TX-4: symbols, dice, the sheet and the seven shapes."""

from __future__ import annotations

from fractions import Fraction

import pytest

from service.games.te_trix.moves import Arrangement, Roll
from service.games.te_trix.shapes import BASE, SHAPES, picture
from service.games.te_trix.sheet import candidates

from .helpers import G


def test_tx1_three_symbols_in_notation():
    assert [G.notation(m) for m, _ in G.chance_outcomes(G.new())][:3] == ["oooo", "ooox", "ooos"]
    assert G.parse_move("oxso") == Roll((0, 0, 1, 2))


def test_tx2_fifteen_outcomes_with_multinomial_probabilities():
    outcomes = {G.notation(m): p for m, p in G.chance_outcomes(G.new())}
    assert len(outcomes) == 15
    assert sum(outcomes.values(), Fraction(0)) == 1
    assert outcomes["oooo"] == Fraction(1, 81)
    assert outcomes["ooox"] == Fraction(4, 81)
    assert outcomes["ooxx"] == Fraction(6, 81)
    assert outcomes["ooxs"] == Fraction(12, 81)
    assert all(isinstance(p, Fraction) for p in outcomes.values())


def test_tx2_outcomes_are_sorted_multisets_and_legal_moves_at_the_chance_node():
    state = G.new()
    assert G.is_chance(state) and G.to_move(state) == ()
    assert G.legal_moves(state) == tuple(m for m, _ in G.chance_outcomes(state))
    for m in G.legal_moves(state):
        assert list(m.symbols) == sorted(m.symbols)


def test_tx3_default_sheet_is_7x7_with_the_centre_preprinted():
    state = G.new(4)
    assert state.size == 7
    assert [G.encode(state)["sheets"][p][3] for p in range(4)] == [
        "...o...",
        "...x...",
        "...s...",
        "...o...",
    ]


def test_tx4_seven_base_shapes_in_reading_order():
    assert SHAPES == "OITLJSZ"
    assert [picture(i, (0, 1, 2, 0)) for i in range(7)] == [
        ("ox", "so"),
        ("oxso",),
        ("oxs", ".o."),
        ("o..", "xso"),
        ("..o", "xso"),
        (".ox", "so."),
        ("ox.", ".so"),
    ]
    assert all(len(cells) == 4 for cells in BASE)


@pytest.mark.parametrize(("left", "right"), [("L", "J"), ("S", "Z")])
def test_tx4_nothing_is_mirrored(left, right):
    """No rotation of L covers the cells of a J (or S of a Z) on the sheet."""

    def footprints(shape: str) -> set[int]:
        arrangement = Arrangement(SHAPES.index(shape), (0, 0, 0, 0))
        return {cells for cells, over, _ in candidates(7, arrangement) if over == 0}

    assert footprints(left).isdisjoint(footprints(right))
    assert len(footprints(left)) == len(footprints(right)) > 0


def test_tx4_rotations_are_clockwise_quarter_turns():
    t = SHAPES.index("T")
    assert [picture(t, (0, 1, 2, 0), k) for k in range(4)] == [
        ("oxs", ".o."),
        (".o", "ox", ".s"),
        (".o.", "sxo"),
        ("s.", "xo", "o."),
    ]
