"""The typed Python client against the real server process."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from ..server_process import ROOT, running_server

sys.path.insert(0, str(Path(ROOT) / "clients" / "python"))

from regelwerk_client import Regelwerk, RegelwerkError


@pytest.fixture(scope="module")
def api():
    with running_server() as base:
        yield Regelwerk(base)


@pytest.mark.slow
def test_client_plays_tric_trac_with_dice_from_the_seed(api):
    assert {g["id"] for g in api.games()} >= {"mixtour", "tric-trac"}
    pos = api.new("tric-trac", seed="client")
    assert pos["isChance"] is False and pos["toMove"]
    record = []
    for _ in range(6):
        mover = pos["toMove"][0]
        move = api.legal_moves("tric-trac", pos["state"], mover)["moves"][0]["notation"]
        played = api.play("tric-trac", pos["state"], move, player=mover)
        assert any(e["type"] == "chance" for e in played["events"])
        record.append({"player": mover, "move": move})
        pos = played
    replayed = api.replay("tric-trac", record, seed="client")
    assert replayed["state"] == pos["state"] and replayed["plies"] == 6
    assert api.score("tric-trac", pos["state"])["status"] == "ongoing"
    assert api.render("tric-trac", pos["state"]).startswith("<svg")
    assert "seed" not in api.view("tric-trac", pos["state"], 0)


@pytest.mark.slow
def test_client_raises_typed_errors(api):
    pos = api.new("mixtour")
    with pytest.raises(RegelwerkError) as err:
        api.play("mixtour", pos["state"], ["a1", "a1"])
    assert (err.value.status, err.value.code, err.value.details["ply"]) == (422, "ILLEGAL_MOVE", 1)
    with pytest.raises(RegelwerkError) as err:
        api.new("chess")
    assert err.value.code == "UNKNOWN_GAME" and err.value.status == 404
    with pytest.raises(RegelwerkError) as err:  # this server has no secret, so no key ids
        api.replay("tric-trac", [], seed="client", key_id="0123abcd")
    assert err.value.code == "INVALID_REQUEST" and err.value.details["problems"][0]["path"] == (
        "$.keyId"
    )
