"""Every game played to the end through REST and through GraphQL, then replayed from its
seed and move list to the same final state and scores (the issues' "done when")."""

from __future__ import annotations

import random

import pytest

from service.games import REGISTRY

# (game, players, options): the configurations the issues name, where the game exists.
CASES = [
    ("mixtour", 2, {}),
    ("tric-trac", 2, {}),
    ("te-trix", 3, {}),
    ("te-trix", 1, {"solo": True}),
    ("triominos-junior", 3, {"level": "coins"}),
    ("triominos-junior", 3, {"level": "points"}),
]
CASES = [c for c in CASES if c[0] in REGISTRY]
IDS = [f"{g}-{p}p-{'-'.join(map(str, o.values())) or 'default'}" for g, p, o in CASES]


def rest_game(client, game, players, options, seed, rng):
    def post(call, body):
        r = client.post(f"/v1/games/{game}/{call}", json=body)
        assert r.status_code == 200, r.text
        return r.json()

    pos = post("new", {"players": players, "options": options, "seed": seed})
    record = []
    while pos["status"] == "ongoing":
        assert not pos["isChance"], "a seeded game always waits for a player"
        mover = rng.choice(pos["toMove"])
        moves = post("legal-moves", {"state": pos["state"], "player": mover})["moves"]
        move = rng.choice(moves)["notation"]
        pos = post("play", {"state": pos["state"], "move": move, "player": mover})
        record.append({"player": mover, "move": move})
        assert len(record) < 3000
    return pos, record


GQL_NEW = """query($g: String!, $p: Int, $o: JSON, $s: String) {
  newGame(game: $g, players: $p, options: $o, seed: $s) { __typename
    ... on Position { state toMove isChance status } } }"""
GQL_MOVES = """query($g: String!, $s: JSON!, $p: Int) { position(game: $g, state: $s) {
  ... on Position { legalMoves(player: $p) { notation } } } }"""
GQL_PLAY = """query($g: String!, $s: JSON!, $m: [JSON!]!, $p: Int) {
  play(game: $g, state: $s, moves: $m, player: $p) { __typename
    ... on PlayOutcome { position { state toMove isChance status winners scores } }
    ... on MoveRejected { code message } } }"""
GQL_REPLAY = """query($g: String!, $p: Int, $o: JSON, $s: String, $m: [JSON!]!) {
  replay(game: $g, players: $p, options: $o, seed: $s, moves: $m) { __typename
    ... on ReplayOutcome { plies position { state status winners scores } }
    ... on MoveRejected { code message ply } } }"""


def gql(client, query, **variables):
    r = client.post("/graphql", json={"query": query, "variables": variables})
    body = r.json()
    assert "errors" not in body, body
    return body["data"]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "options"), CASES, ids=IDS)
def test_full_game_through_rest_then_replay(client, game, players, options):
    pos, record = rest_game(client, game, players, options, "full-rest", random.Random(1))
    assert pos["status"] == "finished"
    r = client.post(f"/v1/games/{game}/legal-moves", json={"state": pos["state"]})
    assert r.status_code == 200 and r.json()["moves"] == []
    replay = client.post(
        f"/v1/games/{game}/replay",
        json={"players": players, "options": options, "seed": "full-rest", "moves": record},
    ).json()
    assert replay["plies"] == len(record)
    assert replay["state"] == pos["state"]
    assert (replay["scores"], replay["winners"]) == (pos["scores"], pos["winners"])


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "options"), CASES, ids=IDS)
def test_full_game_through_graphql_then_replay(client, game, players, options):
    rng = random.Random(2)
    pos = gql(client, GQL_NEW, g=game, p=players, o=options, s="full-gql")["newGame"]
    record = []
    while pos["status"] == "ongoing":
        mover = rng.choice(pos["toMove"])
        moves = gql(client, GQL_MOVES, g=game, s=pos["state"], p=mover)["position"]
        move = rng.choice(moves["legalMoves"])["notation"]
        played = gql(client, GQL_PLAY, g=game, s=pos["state"], m=[move], p=mover)["play"]
        assert played["__typename"] == "PlayOutcome", played
        pos = played["position"]
        record.append({"player": mover, "move": move})
    replay = gql(client, GQL_REPLAY, g=game, p=players, o=options, s="full-gql", m=record)
    replay = replay["replay"]
    assert replay["__typename"] == "ReplayOutcome", replay
    assert replay["position"]["state"] == pos["state"]
    assert replay["position"]["scores"] == pos["scores"]
