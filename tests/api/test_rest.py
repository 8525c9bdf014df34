"""REST under /v1: every call of DESIGN.md's table, its field names, and a full game."""

from __future__ import annotations

import json

import pytest

POSITION_FIELDS = {"state", "toMove", "isChance", "status", "winners", "scores"}


def new(client, **body):
    r = client.post("/v1/games/mixtour/new", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def test_games_lists_mixtour_with_contract_fields(client):
    r = client.get("/v1/games")
    assert r.status_code == 200
    games = {g["id"]: g for g in r.json()["games"]}
    mixtour = games["mixtour"]
    assert set(mixtour) == {
        "id",
        "name",
        "minPlayers",
        "maxPlayers",
        "rulesVersion",
        "chance",
        "hiddenInformation",
        "simultaneous",
        "options",
        "playerNames",
        "players",
    }
    assert mixtour["playerNames"] == ["White", "Blue"]
    assert mixtour["options"]["pointsToWin"]["title"] == "Points to win"
    assert mixtour["options"]["piecesPerPlayer"]["default"] == 20
    assert mixtour["options"]["pointsToWin"]["default"] == 5
    assert "description" in mixtour["options"]["pointsToWin"]


def test_new_answers_a_position(client):
    pos = new(client)
    assert set(pos) == POSITION_FIELDS | {"events"}
    assert pos["events"] == [
        {"type": "gameStarted", "players": 2, "firstPlayer": 0, "locations": []}
    ]
    assert pos["toMove"] == [0] and pos["status"] == "ongoing" and pos["scores"] == [0, 0]
    assert pos["state"]["game"] == "mixtour"
    pos = new(client, players=2, options={"pointsToWin": 3}, seed="abc")
    assert pos["state"]["options"]["pointsToWin"] == 3


def test_new_accepts_an_empty_body(client):
    r = client.post("/v1/games/mixtour/new")
    assert r.status_code == 200


def test_position_legal_moves_score_view_render(client):
    state = new(client)["state"]
    r = client.post("/v1/games/mixtour/position", json={"state": state})
    assert r.status_code == 200 and set(r.json()) == POSITION_FIELDS
    r = client.post("/v1/games/mixtour/legal-moves", json={"state": state})
    body = r.json()
    assert body["toMove"] == [0] and body["isChance"] is False
    assert len(body["moves"]) == 25 and body["moves"][0] == {
        "notation": "a1",
        "move": {"kind": "place", "square": "a1"},
        "locations": [{"supply": 0, "role": "from"}, {"square": "a1", "role": "to"}],
    }
    r = client.post("/v1/games/mixtour/score", json={"state": state})
    assert r.json()["scores"] == [0, 0] and r.json()["status"] == "ongoing"
    assert r.json()["breakdown"]["pointsToWin"] == 5
    r = client.post("/v1/games/mixtour/view", json={"state": state, "player": 1})
    assert "seed" not in r.json()["view"]
    r = client.post("/v1/games/mixtour/render", json={"state": state})
    assert r.headers["content-type"].startswith("image/svg+xml")
    assert r.text.startswith("<svg") and "White 0" in r.text


def test_play_one_move_or_a_list_with_events(client):
    state = new(client)["state"]
    r = client.post("/v1/games/mixtour/play", json={"state": state, "move": "c3"})
    assert r.status_code == 200
    body = r.json()
    assert set(body) == POSITION_FIELDS | {"events"}
    assert body["toMove"] == [1]
    assert body["events"] == [
        {
            "type": "placed",
            "player": 0,
            "square": "c3",
            "ply": 0,
            "locations": [{"supply": 0, "role": "from"}, {"square": "c3", "role": "to"}],
        }
    ]
    r = client.post(
        "/v1/games/mixtour/play",
        json={"state": body["state"], "moves": ["c4", "c3-c4"], "player": None},
    )
    assert r.json()["state"]["board"] == {"c4": "bw"}


def test_full_game_to_a_win_and_its_replay(client):
    """MX-9/MX-10 through REST: White builds White-topped 5-stacks until 5 points, then the
    game is replayed from its move list to the same final state."""
    import random

    from service.games.mixtour import ENGINE

    moves: list[str] = []
    rng, s = random.Random(11), ENGINE.new()
    while not ENGINE.status(s).finished:
        m = rng.choice(ENGINE.legal_moves(s))
        moves.append(ENGINE.notation(m))
        s = ENGINE.apply(s, m).state
    r = client.post("/v1/games/mixtour/play", json={"state": new(client)["state"], "moves": moves})
    final = r.json()
    assert final["status"] == "finished" and final["toMove"] == []
    assert final["winners"] == list(ENGINE.status(s).winners)
    assert any(e["type"] == "gameOver" for e in final["events"])
    r = client.post("/v1/games/mixtour/replay", json={"moves": moves})
    replayed = r.json()
    assert replayed["plies"] == len(moves)
    assert replayed["state"] == final["state"]
    assert (
        client.post("/v1/games/mixtour/legal-moves", json={"state": final["state"]}).json()["moves"]
        == []
    )


def test_replay_error_carries_the_failing_ply(client):
    r = client.post("/v1/games/mixtour/replay", json={"moves": ["a1", "a1"]})
    assert r.status_code == 422
    err = r.json()["error"]
    assert err["code"] == "ILLEGAL_MOVE" and err["details"]["ply"] == 1
    assert err["details"]["rule"] == "MX-4"


def test_replay_accepts_player_move_objects(client):
    r = client.post(
        "/v1/games/mixtour/replay",
        json={"moves": [{"player": 0, "move": "a1"}, {"player": 1, "move": "b1"}]},
    )
    assert r.status_code == 200 and r.json()["toMove"] == [0]
    r = client.post("/v1/games/mixtour/replay", json={"moves": [{"player": 1, "move": "a1"}]})
    assert r.json()["error"]["code"] == "NOT_YOUR_TURN"


@pytest.mark.parametrize("path", ["/healthz", "/readyz", "/metrics", "/openapi.json"])
def test_operations_endpoints(client, path):
    assert client.get(path).status_code == 200


def test_metrics_count_cache_hits_and_misses(client):
    """The same bytes three times: one miss of each tier, then two hits of the answer tier.
    The same state in other bytes (another key order): the answer tier misses, the results'
    tier (keyed by the canonical state) hits."""
    state = new(client)["state"]
    for _ in range(3):
        client.post("/v1/games/mixtour/legal-moves", json={"state": state})
    text = client.get("/metrics").text
    assert 'regelwerk_cache_lookups_total{op="legal-moves",result="miss",tier="memory"} 1.0' in text
    assert 'regelwerk_cache_lookups_total{op="rest",result="miss",tier="answer"} 1.0' in text
    assert 'regelwerk_cache_lookups_total{op="rest",result="hit",tier="answer"} 2.0' in text
    assert 'regelwerk_requests_total{route="/v1/games/{game}/legal-moves",status="200"} 3.0' in text
    reordered = dict(reversed(list(state.items())))
    for _ in range(2):
        client.post("/v1/games/mixtour/legal-moves", content=json.dumps({"state": reordered}))
    text = client.get("/metrics").text
    assert 'regelwerk_cache_lookups_total{op="legal-moves",result="hit",tier="memory"} 1.0' in text
    assert 'regelwerk_cache_lookups_total{op="rest",result="miss",tier="answer"} 2.0' in text
    assert 'regelwerk_cache_lookups_total{op="rest",result="hit",tier="answer"} 3.0' in text


def test_cached_answer_equals_fresh_answer(make_client):
    cached, fresh = make_client(), make_client(cache_entries=0)
    state = new(cached)["state"]
    state = cached.post(
        "/v1/games/mixtour/play", json={"state": state, "moves": ["a1", "b2"]}
    ).json()["state"]
    for c in (cached, cached, fresh):
        r = c.post("/v1/games/mixtour/legal-moves", json={"state": state})
        assert r.json() == fresh.post("/v1/games/mixtour/legal-moves", json={"state": state}).json()


def test_reference_front_end_is_served_and_uses_only_the_api(client):
    """/play is a logic-free page: it asks the GraphQL API for moves, pictures and results.
    Its script is the module the page loads and the board modules of every game."""
    r = client.get("/play")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    core = client.get("/play/core.js")
    assert '<script type="module" src="/play/core.js">' in r.text and core.status_code == 200
    games = [g["id"] for g in client.get("/v1/games").json()["games"]]
    boards = [client.get(f"/play/games/{game}.js") for game in games]
    assert all(b.status_code == 200 for b in boards)
    page = "\n".join([r.text, core.text, *(b.text for b in boards)])
    assert 'fetch("/graphql"' in page
    for field in ("newGame(", "legalMoves(", "svg(", "play(", "replay("):
        assert field in page
    assert "/v1/" not in page  # one API style is enough for a client
