"""Golden playthroughs (``golden.py``, ``<game>/golden.json``): every game has whole recorded
games, replayed through the engine with the legal-move count before every ply, the state,
scores and status at checkpoints and at the end, and replayed through REST's ``replay`` to the
same final position."""

from __future__ import annotations

import pytest

from service.games import REGISTRY

from . import golden

RECORDS = [(game, n, r) for game in sorted(REGISTRY) for n, r in enumerate(golden.load(game))]
IDS = [f"{game}-{n}" for game, n, _ in RECORDS]


def test_every_game_has_a_finished_golden_playthrough():
    assert {game for game, _, _ in RECORDS} == set(REGISTRY)
    for _, _, record in RECORDS:
        assert record["final"]["status"] == "finished" and record["checkpoints"]


@pytest.mark.parametrize(("game", "n", "record"), RECORDS, ids=IDS)
def test_golden_playthrough(game, n, record):
    golden.replay(REGISTRY[game], record)


@pytest.mark.parametrize(("game", "n", "record"), RECORDS, ids=IDS)
def test_golden_playthrough_through_rest_replay(client, game, n, record):
    moves = [
        move if player is None else {"player": player, "move": move}
        for player, move, _ in map(golden.parse_ply, record["plies"])
    ]
    body = {"players": record["players"], "options": record["options"], "moves": moves}
    if record["seed"] is not None:
        body["seed"] = record["seed"]
    answer = client.post(f"/v1/games/{game}/replay", json=body)
    assert answer.status_code == 200, answer.text
    got, final = answer.json(), record["final"]
    assert got["plies"] == len(moves)
    state = {k: v for k, v in got["state"].items() if k not in ("seed", "sig")}
    assert state == final["state"]
    assert (got["status"], got["scores"], got["winners"], got["toMove"]) == (
        final["status"],
        final["scores"],
        final["winners"],
        final["toMove"],
    )


def test_a_changed_rule_output_fails_the_golden_replay():
    """The replay can fail: one recorded count, or one checkpoint score, off by one."""
    game, _, record = RECORDS[0]
    _, move, count = golden.parse_ply(record["plies"][0])
    wrong = dict(record, plies=[f"{move} /{count + 1}", *record["plies"][1:]])
    with pytest.raises(AssertionError, match="ply 0"):
        golden.replay(REGISTRY[game], wrong)
    first = min(record["checkpoints"], key=int)
    point = record["checkpoints"][first]
    off = dict(point, scores=[s + 1 for s in point["scores"]])
    with pytest.raises(AssertionError, match="after ply"):
        golden.replay(REGISTRY[game], dict(record, checkpoints={first: off}))
