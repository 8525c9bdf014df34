"""The Te-Trix golden playthroughs' scores are not only what the engine said when they were
recorded: at every checkpoint and at the end they are the TX-11 score of the sheets (plus
TX-15's bar bonus in solo) by the plain scorer of ``reference.py``, and the best sheets win."""

from __future__ import annotations

import pytest

from .. import golden
from .reference import score

RECORDS = golden.load("te-trix")


@pytest.mark.parametrize("record", RECORDS, ids=[str(n) for n in range(len(RECORDS))])
def test_golden_scores_are_the_rules_scores(record):
    for point in [*record["checkpoints"].values(), record["final"]]:
        doc = point["state"]
        bar = doc["bar"] if doc["options"]["solo"] else None
        assert point["scores"] == [score(rows, bar) for rows in doc["sheets"]]
    final = record["final"]
    best = max(final["scores"])
    assert final["winners"] == [p for p, s in enumerate(final["scores"]) if s == best]
    assert any(s >= 5 for s in final["scores"]), "a game whose scoring says something"
