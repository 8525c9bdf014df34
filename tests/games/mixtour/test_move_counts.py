"""Legal-move counts from the empty board (``move_counts.csv``) against the spec's reference table
and the independent generator of ``reference.py``."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from service.games.core import perft
from service.games.mixtour import ENGINE

from .reference import reference_moves

_LINES = (Path(__file__).parent / "move_counts.csv").read_text().splitlines()
TABLE = [
    (int(row["depth"]), int(row["leaves"]))
    for row in csv.DictReader(line for line in _LINES if not line.startswith("#"))
]


@pytest.mark.parametrize(("depth", "leaves"), TABLE)
def test_perft_from_empty_board(depth, leaves):
    """MX-4, MX-5, MX-6: 25 / 600 / 14,088 / 330,384 positions after 1-4 plies."""
    assert perft(ENGINE, ENGINE.new(), depth) == leaves


def test_perft_depth_three_by_hand():
    """The spec's check: 600 × 23 placements + 144 ordered adjacent pairs × 2 moves."""
    assert TABLE[2][1] == 600 * 23 + 144 * 2


def test_perft_of_the_reference_generator():
    """MX-4..MX-8: the reference's own count to depth 3 is the table's."""

    def reference_perft(state, depth):
        moves = reference_moves(state)
        if depth == 1:
            return len(moves)
        return sum(
            reference_perft(ENGINE.apply(state, ENGINE.parse_move(m)).state, depth - 1)
            for m in moves
        )

    assert reference_perft(ENGINE.new(), 3) == TABLE[2][1]
