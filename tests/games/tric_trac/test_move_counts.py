"""The number of distinct turns for each of the 21 throws (TT-5), from the opening and from
recorded positions (``positions.json``, counts in ``move_counts.csv``, where each row says how
it was derived): the engine and the reference walk of ``reference.py`` both count the table's
number. The counts exercise TT-6 (doubles played once per number), TT-7, TT-8, TT-9, TT-10
(start field first), TT-11 (the Huckes), TT-12 (hits) and TT-13 (bearing off)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from service.games.tric_trac import ENGINE, Throw

from .reference import reference_results

HERE = Path(__file__).parent
POSITIONS = json.loads((HERE / "positions.json").read_text())
_LINES = [
    line for line in (HERE / "move_counts.csv").read_text().splitlines() if not line.startswith("#")
]
TABLE = [
    (row["position"], throw, int(count))
    for row in csv.DictReader(_LINES)
    for throw, count in row.items()
    if throw != "position"
]


def test_the_table_has_every_throw_for_every_position():
    assert {p for p, _, _ in TABLE} == set(POSITIONS)
    throws = {t for _, t, _ in TABLE}
    assert throws == {f"{a}-{b}" for a in range(1, 7) for b in range(a, 7)} and len(throws) == 21


@pytest.mark.parametrize("position", sorted(POSITIONS))
def test_turn_counts(position):
    state = ENGINE.decode(POSITIONS[position])
    assert ENGINE.is_chance(state)
    for name, throw, count in TABLE:
        if name != position:
            continue
        low, high = map(int, throw.split("-"))
        thrown = ENGINE.apply(state, Throw(low, high)).state
        assert len(ENGINE.legal_moves(thrown)) == count, throw
        assert len(reference_results(thrown)) == count, throw


def test_opening_counts_by_hand():
    """TT-10, TT-11: from the opening every throw has two turns but 5-6 and 6-6 (one each)."""
    for name in ("opening-red", "opening-black"):
        counts = {t: c for p, t, c in TABLE if p == name}
        assert counts == {t: 1 if t in ("5-6", "6-6") else 2 for t in counts}
    opening = ENGINE.apply(ENGINE.decode(POSITIONS["opening-red"]), Throw(5, 6)).state
    assert [ENGINE.notation(m) for m in ENGINE.legal_moves(opening)] == ["1/6 1/7"]
