"""docs/records.md holds what the service does: every whole record in it reads, prints back
as it is written, and verifies as the page says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from service.api.records import parse_record, print_record

DOC = (Path(__file__).resolve().parents[2] / "docs" / "records.md").read_text()
BLOCKS = [b for b in re.findall(r"```text\n(.*?)```", DOC, re.S) if "..." not in b]
TEXT = {"content-type": "text/plain"}
EXAMPLES = [b for b in BLOCKS if '[Result "scores' in b]


def test_there_is_an_example_of_each_game():
    games = {parse_record(b).game for b in EXAMPLES}
    assert games == {"mixtour", "tric-trac", "te-trix", "triominos-junior"}


@pytest.mark.parametrize("text", EXAMPLES, ids=lambda t: parse_record(t).game)
def test_every_example_is_a_whole_game_that_verifies(client, text):
    assert print_record(parse_record(text)) == text  # written canonically
    game = parse_record(text).game
    r = client.post(
        f"/v1/games/{game}/verify", content=text, headers={"content-type": "text/plain"}
    )
    verdict = r.json()
    assert verdict["valid"], verdict["problems"]
    assert verdict["position"]["status"] == "finished"


def test_the_illegal_move_example_answers_as_shown(client):
    (text,) = [b for b in BLOCKS if "c4-c5" in b]
    r = client.post(
        "/v1/games/mixtour/verify", content=text, headers={"content-type": "text/plain"}
    )
    shown = {
        "code": "ILLEGAL_MOVE",
        "message": "move 4 (c4-c5): c5 is empty; a move must land on a stack",
        "messageId": "verify-at-move",
        "args": {
            "move": 4,
            "notation": "c4-c5",
            "error": {"messageId": "mixtour-empty-target", "args": {"target": "c5"}},
        },
        "ply": 3,
        "reason": "EMPTY_TARGET",
        "rule": "MX-5",
        "line": 8,
    }
    assert r.json()["problems"] == [shown]
    assert shown["message"] in DOC
