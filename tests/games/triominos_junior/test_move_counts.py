"""Legal-move counts in recorded positions (``move_counts.json``; each entry says whether it
was derived by hand from the rules text, with its moves listed, or counted by the plain lister
of ``reference.py``): placements with every touching corner matching (TJ-8, TJ-9), joker
placements and swaps (TJ-9, TJ-11), the draw (TJ-12) and the pass (TJ-13)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from service.games.triominos_junior import ENGINE

from .reference import reference_moves

POSITIONS = json.loads((Path(__file__).parent / "move_counts.json").read_text())["positions"]


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_move_counts(name):
    entry = POSITIONS[name]
    moves = [ENGINE.notation(m) for m in ENGINE.legal_moves(ENGINE.decode(entry["state"]))]
    if "moves" in entry:  # derived by hand
        assert sorted(moves) == entry["moves"]
    else:
        assert len(moves) == entry["count"]
    assert set(moves) == reference_moves(entry["state"])


def test_some_counts_are_derived_by_hand_and_a_swap_is_among_them():
    assert sum(e["how"].startswith("hand") for e in POSITIONS.values()) >= 2
    assert any(m.startswith("swap") for m in reference_moves(POSITIONS["swap-joker"]["state"]))
