"""GraphQL: the same operations, expected failures as union members, a full game."""

from __future__ import annotations

import random

from service.games.mixtour import ENGINE

PLAY = """
query Play($state: JSON!, $moves: [JSON!]!, $player: Int) {
  play(game: "mixtour", state: $state, moves: $moves, player: $player) {
    __typename
    ... on PlayOutcome { events position { state toMove status winners scores } }
    ... on MoveRejected { code message ply reason rule }
    ... on InvalidState { code problems { path reason } }
    ... on InvalidRequest { code message }
  }
}
"""


def gql(client, query, **variables):
    r = client.post("/graphql", json={"query": query, "variables": variables})
    assert r.status_code == 200, r.text
    body = r.json()
    assert "errors" not in body, body
    return body["data"]


def new_state(client):
    data = gql(client, '{ newGame(game: "mixtour") { ... on Position { state } } }')
    return data["newGame"]["state"]


def test_games(client):
    data = gql(client, "{ games { id name minPlayers maxPlayers rulesVersion options } }")
    ids = [g["id"] for g in data["games"]]
    assert "mixtour" in ids


def test_position_fields_resolve(client):
    q = """query($s: JSON!) { position(game: "mixtour", state: $s) { __typename ... on Position {
        toMove isChance status winners scores reason breakdown
        legalMoves { notation probability } chanceOutcomes { notation } view svg } } }"""
    pos = gql(client, q, s=new_state(client))["position"]
    assert pos["__typename"] == "Position"
    assert pos["toMove"] == [0] and pos["isChance"] is False and pos["status"] == "ongoing"
    assert len(pos["legalMoves"]) == 25 and pos["legalMoves"][0]["probability"] is None
    assert pos["chanceOutcomes"] == []
    assert "seed" not in pos["view"] and pos["svg"].startswith("<svg")
    assert pos["breakdown"]["pointsToWin"] == 5


def test_get_works_for_queries(client):
    r = client.get("/graphql", params={"query": "{ games { id } }"})
    assert r.status_code == 200 and r.json()["data"]["games"]


def test_play_and_union_failures(client):
    state = new_state(client)
    ok = gql(client, PLAY, state=state, moves=["c3", "c4"])["play"]
    assert ok["__typename"] == "PlayOutcome" and ok["position"]["toMove"] == [0]
    bad = gql(client, PLAY, state=state, moves=["c3", "c3"])["play"]
    assert bad == {
        "__typename": "MoveRejected",
        "code": "ILLEGAL_MOVE",
        "message": "move 2: c3 is not empty",  # people count from 1; ply is the index
        "ply": 1,
        "reason": "SQUARE_OCCUPIED",
        "rule": "MX-4",
    }
    broken = gql(client, PLAY, state={"game": "mixtour", "v": 1, "board": 3}, moves=["a1"])
    assert broken["play"]["__typename"] == "InvalidState"
    assert any(p["path"] == "$.board" for p in broken["play"]["problems"])
    notation = gql(client, PLAY, state=state, moves=["x"])["play"]
    assert notation["code"] == "INVALID_NOTATION"
    wrong = gql(client, PLAY, state=state, moves=[5])["play"]
    assert wrong == {
        "__typename": "InvalidRequest",
        "code": "INVALID_REQUEST",
        "message": wrong["message"],
    }


def test_unknown_game_and_bad_options_are_union_members(client):
    q = """{ a: newGame(game: "chess") { __typename ... on InvalidRequest { code } }
             b: newGame(game: "mixtour", options: {pointsToWin: 0}) {
                 __typename ... on InvalidState { code problems { path } } } }"""
    data = gql(client, q)
    assert data["a"] == {"__typename": "InvalidRequest", "code": "UNKNOWN_GAME"}
    assert data["b"]["code"] == "INVALID_OPTIONS"
    assert data["b"]["problems"] == [{"path": "$.options.pointsToWin"}]


def test_full_game_to_a_win_and_replay(client):
    rng, s, moves = random.Random(11), ENGINE.new(), []
    while not ENGINE.status(s).finished:
        m = rng.choice(ENGINE.legal_moves(s))
        moves.append(ENGINE.notation(m))
        s = ENGINE.apply(s, m).state
    end = gql(client, PLAY, state=new_state(client), moves=moves)["play"]["position"]
    assert end["status"] == "finished" and end["winners"] == list(ENGINE.status(s).winners)
    q = """query($m: [JSON!]!) { replay(game: "mixtour", moves: $m) { __typename
        ... on ReplayOutcome { plies position { state status } } } }"""
    replay = gql(client, q, m=moves)["replay"]
    assert replay["plies"] == len(moves) and replay["position"]["state"] == end["state"]
    q = """query($m: [JSON!]!) { replay(game: "mixtour", moves: $m) { __typename
        ... on MoveRejected { ply code } } }"""
    assert gql(client, q, m=["a1", "a1"])["replay"] == {
        "__typename": "MoveRejected",
        "ply": 1,
        "code": "ILLEGAL_MOVE",
    }


def test_bad_player_in_a_position_field_is_a_coded_error(client):
    q = """query($s: JSON!) { position(game: "mixtour", state: $s) {
        ... on Position { legalMoves(player: 7) { notation } } } }"""
    r = client.post("/graphql", json={"query": q, "variables": {"s": new_state(client)}})
    errors = r.json()["errors"]
    assert errors[0]["extensions"]["code"] == "INVALID_PLAYER"


def test_graphql_syntax_error_is_not_a_500(client):
    r = client.post("/graphql", json={"query": "{ games { "})
    assert r.status_code in (200, 400) and r.json()["errors"]


def test_invalid_state_in_position_is_a_union_member(client):
    q = """query($s: JSON!) { position(game: "mixtour", state: $s) { __typename
        ... on InvalidState { code problems { path reason } } } }"""
    data = gql(client, q, s={"game": "mixtour", "v": 1, "board": {"a1": "wwwwww"}})
    assert data["position"]["__typename"] == "InvalidState"
    assert data["position"]["code"] == "INVALID_STATE"
    assert "$.board.a1" in {p["path"] for p in data["position"]["problems"]}
    data = gql(client, q, s=[1, 2])
    assert data["position"]["__typename"] == "InvalidState"


def test_automatic_persisted_queries(client):
    """The hash alone first fails, then the text registers it, then the hash alone works
    (POST and GET)."""
    import hashlib
    import json

    query = "{ games { id } }"
    digest = hashlib.sha256(query.encode()).hexdigest()
    ext = {"persistedQuery": {"version": 1, "sha256Hash": digest}}
    miss = client.post("/graphql", json={"extensions": ext}).json()
    assert miss["errors"][0]["message"] == "PersistedQueryNotFound"
    assert miss["errors"][0]["extensions"]["code"] == "PERSISTED_QUERY_NOT_FOUND"
    first = client.post("/graphql", json={"query": query, "extensions": ext}).json()
    assert first["data"]["games"]
    again = client.post("/graphql", json={"extensions": ext}).json()
    assert again == first
    by_get = client.get("/graphql", params={"extensions": json.dumps(ext)})
    assert by_get.json() == first
    wrong = {"persistedQuery": {"version": 1, "sha256Hash": "0" * 64}}
    bad = client.post("/graphql", json={"query": query, "extensions": wrong}).json()
    assert bad["errors"][0]["extensions"]["code"] == "PERSISTED_QUERY_HASH_MISMATCH"


def test_malformed_graphql_requests_are_client_errors(client):
    """Bad JSON, wrong variable types, unknown fields: 4xx or GraphQL errors, never a 500."""
    r = client.post("/graphql", content=b'{"query": ', headers={"content-type": "application/json"})
    assert 400 <= r.status_code < 500
    q = 'query($p: Int) { newGame(game: "mixtour", players: $p) { __typename } }'
    r = client.post("/graphql", json={"query": q, "variables": {"p": "two"}})
    assert r.status_code < 500 and r.json()["errors"]
    r = client.post("/graphql", json={"query": "{ nothing }"})
    assert r.status_code < 500 and r.json()["errors"]
    r = client.post("/graphql", json={"query": 5})
    assert 400 <= r.status_code < 500


def test_state_must_be_an_object_in_graphql_too(client):
    q = """query($s: JSON!) { play(game: "mixtour", state: $s, moves: ["a1"]) { __typename
        ... on InvalidState { code problems { path } } } }"""
    data = gql(client, q, s="not a state")
    assert data["play"] == {
        "__typename": "InvalidState",
        "code": "INVALID_STATE",
        "problems": [{"path": "$"}],
    }


def test_numbers_beyond_64_bits_in_a_state_are_an_invalid_state(client):
    """GraphQL's JSON scalar admits any integer; the state's canonical form cannot."""
    q = """query($s: JSON!) { position(game: "mixtour", state: $s) { __typename
        ... on InvalidState { code } } }"""
    data = gql(client, q, s={"game": "mixtour", "v": 1, "scores": [2**70, 0]})
    assert data["position"] == {"__typename": "InvalidState", "code": "INVALID_STATE"}


def test_successful_get_answers_may_be_http_cached(client):
    """DESIGN: pure operations are Query fields so GET answers can be HTTP-cached."""
    ok = client.get("/graphql", params={"query": "{ games { id } }"})
    assert ok.headers["cache-control"] == "public, max-age=300"
    failed = client.get("/graphql", params={"query": "{ nothing }"})
    assert "cache-control" not in failed.headers
    posted = client.post("/graphql", json={"query": "{ games { id } }"})
    assert "cache-control" not in posted.headers
