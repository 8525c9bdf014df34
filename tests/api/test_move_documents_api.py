"""Move documents through REST (issue "Front ends without rules", item 1): every legal move
of seeded positions played by its document answers exactly what its notation answers; a
document from another position is refused with a clear code. (tests/games/test_move_documents.py
covers every legal move of 200 positions per game at the engine level.)"""

from __future__ import annotations

import pytest

from service.games import REGISTRY


def walk(client, game: str, seed: str, plies: int):
    """(state, player, legal-moves answer) along a seeded game, last legal move each time."""
    state = client.post(f"/v1/games/{game}/new", json={"seed": seed}).json()["state"]
    for _ in range(plies):
        pos = client.post(f"/v1/games/{game}/position", json={"state": state}).json()
        if pos["status"] == "finished":
            return
        player = pos["toMove"][0] if pos["toMove"] else None
        body = {"state": state} if player is None else {"state": state, "player": player}
        legal = client.post(f"/v1/games/{game}/legal-moves", json=body).json()
        yield state, player, legal
        body["move"] = legal["moves"][-1]["move"]
        state = client.post(f"/v1/games/{game}/play", json=body).json()["state"]


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_play_by_document_equals_play_by_notation_over_rest(client, game):
    played = 0
    for state, player, legal in walk(client, game, f"rest-{game}", 6):
        for entry in legal["moves"]:
            assert set(entry) <= {"notation", "move", "locations", "probability"}
            body = {"state": state, "autoChance": False}
            if player is not None:
                body["player"] = player
            by_text = client.post(
                f"/v1/games/{game}/play", json={**body, "move": entry["notation"]}
            )
            by_doc = client.post(f"/v1/games/{game}/play", json={**body, "move": entry["move"]})
            assert by_text.status_code == 200, by_text.text
            assert by_doc.json() == by_text.json()
            played += 1
    assert played


def test_a_document_that_disagrees_with_the_position_is_refused(client):
    """A Tric Trac turn's document names its mover and the die of every step (TT-7); a
    document edited (or taken from another position) is refused, not reinterpreted."""
    state, player, legal = next(walk(client, "tric-trac", "edited", 1))
    doc = legal["moves"][0]["move"]
    assert doc["kind"] == "turn" and doc["player"] == player
    for edited, field in (
        ({**doc, "player": 1 - player}, "$.player"),
        (
            {
                **doc,
                "steps": [
                    {**doc["steps"][0], "die": 7 - doc["steps"][0]["die"]},
                    *doc["steps"][1:],
                ],
            },
            "$.steps[0].die",
        ),
    ):
        r = client.post("/v1/games/tric-trac/play", json={"state": state, "move": edited})
        assert r.status_code == 422
        err = r.json()["error"]
        assert err["code"] == "INVALID_NOTATION"
        assert err["details"]["reason"] == "DOCUMENT_MISMATCH"
        assert err["details"]["field"] == field
        assert err["details"]["expected"] == doc
