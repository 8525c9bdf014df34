"""Placement counts of one arrangement on recorded sheets (``move_counts.json``; each row says
whether it was derived by hand from the rules text or by the plain counter of
``reference.py``): the engine lists exactly that many placements (TX-7 rotations, TX-8 empty
cells and overhang, TX-9 equal writes are one move, TX-13 the solo bar), and they write the
same cells as the reference's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .helpers import G, arranged, position
from .reference import writes

DATA = json.loads((Path(__file__).parent / "move_counts.json").read_text())
SHEETS, COUNTS = DATA["sheets"], DATA["counts"]


def _engine_writes(rows: list[str], arrangement: str, bar: int | None) -> list[frozenset]:
    state = arranged(position(tuple(rows), solo=bar is not None, bar=bar), arrangement)
    found = []
    for move in G.legal_moves(state, 0):
        after = G.encode(G.apply(state, move, 0).state)["sheets"][0]
        found.append(
            frozenset(
                (r, c, symbol)
                for r, (old, new) in enumerate(zip(rows, after, strict=True))
                for c, symbol in enumerate(new)
                if old[c] != symbol
            )
        )
    return found


@pytest.mark.parametrize(("sheet", "arrangement", "count", "how"), COUNTS)
def test_placement_counts(sheet, arrangement, count, how):
    rows, bar = SHEETS[sheet]["rows"], SHEETS[sheet].get("bar")
    engine = _engine_writes(rows, arrangement, bar)
    assert len(engine) == count
    assert set(engine) == writes(rows, arrangement, bar)


def test_some_counts_are_derived_by_hand():
    hand = [c for c in COUNTS if c[3].startswith("hand")]
    assert len(hand) >= 5 and {c[0] for c in hand} >= {"empty-solo", "corners-free"}
