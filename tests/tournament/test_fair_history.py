"""Fair chance, issue 28 points 2 and 4: contributions after the commitment, and forks shown.

A fair game started ``open`` publishes its commitment and waits at its first chance event
until every seat without a contribution has given one (``contribute``); only then is chance
drawn, from the committed server seed and every contribution, so no contribution is known to
the service before it commits. Every fair state counts its plies and names its parent by
digest (the ETag of the answer that carried it), so a record that branches from the states a
host was answered (two successors of one state) is reported by ``verify``'s ``history``.
"""

from __future__ import annotations

import hashlib
import itertools
import random
from typing import Any

import pytest
from starlette.testclient import TestClient

from service import jsonio
from service.api.keys import Keyring
from service.app import create_app
from service.games import REGISTRY
from service.games.core import fair
from service.settings import Settings

from .test_fair_chance import SECRET, verify_offline

GAMES = [("tric-trac", 2, {}), ("te-trix", 2, {}), ("triominos-junior", 3, {"level": "points"})]


@pytest.fixture(scope="module")
def secret_client():
    with TestClient(create_app(Settings(rules_secret=SECRET))) as c:
        yield c


def digest(state: dict[str, Any]) -> str:
    """What the docs say a state's digest is: SHA-256 of its canonical JSON without sig."""
    body = jsonio.canonical({k: v for k, v in state.items() if k != "sig"})
    return hashlib.sha256(body).hexdigest()


def resign(state: dict[str, Any]) -> dict[str, Any]:
    """The state signed again with the service's key, as though the service had made it."""
    key = Keyring(SECRET).current
    assert key is not None
    body = {k: v for k, v in state.items() if k != "sig"}
    return {**body, "sig": key.sign(jsonio.canonical(body))}


def new(client: TestClient, game: str, players: int, options: dict[str, Any], **fair_start: Any):
    body: dict[str, Any] = {"players": players, "seed": f"open-{game}", "fair": fair_start}
    if options:
        body["options"] = options
    answer = client.post(f"/v1/games/{game}/new", json=body)
    assert answer.status_code == 200, answer.text
    return answer


def random_move(game: str, state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    engine = REGISTRY[game]
    position = engine.decode(state)
    player = rng.choice(engine.to_move(position))
    return {
        "player": player,
        "move": engine.notation(rng.choice(engine.legal_moves(position, player))),
    }


def play_out(client: TestClient, game: str, answer: Any, rng: random.Random) -> tuple[list, list]:
    """Random legal moves, one a request, to the end: (the moves, every answer's JSON)."""
    moves: list[dict[str, Any]] = []
    answers = [answer.json()]
    while answers[-1]["status"] != "finished":
        entry = random_move(game, answers[-1]["state"], rng)
        answer = client.post(
            f"/v1/games/{game}/play", json={"state": answers[-1]["state"], **entry}
        )
        assert answer.status_code == 200, answer.text
        assert answer.headers["etag"] == f'"{digest(answer.json()["state"])}"'
        moves.append(entry)
        answers.append(answer.json())
    return moves, answers


# -- point 2: contributions after the commitment ------------------------------------------------
@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_an_open_game_waits_for_its_contributions_then_draws_and_verifies(
    secret_client, game, players, options
):
    """Rules TT-2 (the opening throw), TX-3 (the first roll), TJ-3 (the deal): the opening
    chance is drawn only once every seat has contributed, and the game it starts is the one
    newGame starts with those contributions given at once."""
    waiting = new(secret_client, game, players, options, contributions=["anna"], open=True)
    position = waiting.json()
    committed = position["state"]["fair"]
    assert committed["awaiting"] == list(range(1, players)) and committed["ply"] == 0
    assert position["isChance"] and position["toMove"] == []
    assert [e["type"] for e in position["events"]] == ["gameStarted"]
    # nothing is drawn before: play is refused, the seat that gave one may not give another
    refused = secret_client.post(
        f"/v1/games/{game}/play", json={"state": position["state"], "moves": []}
    )
    assert refused.status_code == 422, refused.text
    error = refused.json()["error"]
    assert (error["code"], error["details"]["reason"]) == (
        "NOT_YOUR_TURN",
        "AWAITING_CONTRIBUTIONS",
    )
    assert error["details"]["awaiting"] == committed["awaiting"]
    again = secret_client.post(
        f"/v1/games/{game}/contribute",
        json={"state": position["state"], "player": 0, "contribution": "anna-2"},
    )
    assert again.json()["error"]["details"]["reason"] == "NOT_AWAITED", again.text
    state = position["state"]
    names = ["ben", None, "cleo"]
    texts = [waiting.text, refused.text, again.text]
    for seat in range(1, players):
        body = {"state": state, "player": seat, "contribution": names[seat - 1]}
        answer = secret_client.post(f"/v1/games/{game}/contribute", json=body)
        assert answer.status_code == 200, answer.text
        assert answer.headers["etag"] == f'"{digest(answer.json()["state"])}"'
        # a retry is the same answer
        assert secret_client.post(f"/v1/games/{game}/contribute", json=body).text == answer.text
        texts.append(answer.text)
        state = answer.json()["state"]
        assert state["fair"]["commitment"] == committed["commitment"]
    started = answer.json()
    assert "awaiting" not in started["state"]["fair"]
    assert any(e["type"] == "chance" for e in started["events"])
    assert not started["isChance"]
    given = ["anna", "ben", None, "cleo"][:players]
    assert started["state"]["fair"]["contributions"] == given
    # the same game as one whose contributions were all given at newGame
    at_once = new(secret_client, game, players, options, contributions=given).json()
    assert started["state"] == at_once["state"]
    assert started["events"] == at_once["events"][1:]
    # played to the end and verified by anyone, without the secret
    moves, answers = play_out(secret_client, game, answer, random.Random(game))
    # nothing told the server seed before the end: not the waiting, not a contribution
    server_seed = fair.server_seed(
        SECRET.encode(), game, players, state["options"], f"open-{game}"
    ).hex()
    assert answers[-1]["state"]["fair"]["reveal"] == server_seed
    texts += [jsonio.dumps(a).decode() for a in answers[:-1]]
    assert not [t for t in texts if server_seed in t or '"reveal"' in t]
    body = {
        "players": players,
        "seed": f"open-{game}",
        "moves": moves,
        "fair": answers[-1]["state"]["fair"],
        **({"options": options} if options else {}),
    }
    record = secret_client.post(f"/v1/games/{game}/record", json=body)
    assert record.status_code == 200, record.text
    (verdict,) = verify_offline(record.text)
    assert verdict["valid"], verdict


def test_the_commitment_does_not_depend_on_the_contributions(secret_client):
    commitments = {
        new(secret_client, "tric-trac", 2, {}, **start).json()["state"]["fair"]["commitment"]
        for start in ({}, {"contributions": ["x"]}, {"contributions": ["y", "z"], "open": True})
    }
    assert len(commitments) == 1


def test_a_game_committed_before_contributions_left_the_seed_plays_on(secret_client):
    """A fair state made before this change: its server seed was made with its contributions
    (its commitment says so), and it is still the service's game; one without ply and parent
    goes on without them."""
    state = new(secret_client, "tric-trac", 2, {}, contributions=["old"]).json()["state"]
    engine = REGISTRY["tric-trac"]
    seed = fair.server_seed(
        SECRET.encode(), "tric-trac", 2, state["options"], state["seed"], ["old", None]
    )
    assert fair.commitment(seed) != state["fair"]["commitment"]
    earlier = {k: v for k, v in state["fair"].items() if k not in ("ply", "parent")}
    earlier["commitment"] = fair.commitment(seed)
    old = resign({**state, "fair": earlier})
    move = engine.notation(engine.legal_moves(engine.decode(old))[0])
    answer = secret_client.post("/v1/games/tric-trac/play", json={"state": old, "move": move})
    assert answer.status_code == 200, answer.text
    after = answer.json()["state"]["fair"]
    assert after["commitment"] == earlier["commitment"] and "ply" not in after


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"player": 1, "contribution": "x" * 201}, "$.contribution"),
        ({"player": 1, "contribution": 7}, "$.contribution"),
        ({"contribution": "x"}, "$.player"),
    ],
)
def test_a_bad_contribution_is_an_invalid_request(secret_client, body, path):
    state = new(secret_client, "tric-trac", 2, {}, open=True).json()["state"]
    answer = secret_client.post("/v1/games/tric-trac/contribute", json={"state": state, **body})
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"]["details"]["problems"][0]["path"] == path


def test_contribute_refuses_a_seat_it_does_not_await(secret_client):
    plain = secret_client.post("/v1/games/tric-trac/new", json={"seed": "plain"}).json()["state"]
    started = new(secret_client, "tric-trac", 2, {}).json()["state"]
    for state in (plain, started):
        answer = secret_client.post(
            "/v1/games/tric-trac/contribute",
            json={"state": state, "player": 0, "contribution": "x"},
        )
        assert answer.status_code == 422, answer.text
        assert answer.json()["error"]["details"] == {"reason": "NOT_AWAITED", "awaiting": []}
    waiting = new(secret_client, "tric-trac", 2, {}, open=True).json()["state"]
    answer = secret_client.post(
        "/v1/games/tric-trac/contribute", json={"state": waiting, "player": 2, "contribution": "x"}
    )
    assert answer.json()["error"]["code"] == "INVALID_PLAYER", answer.text


def test_an_awaiting_state_is_signed_and_only_at_the_start(secret_client):
    waiting = new(secret_client, "tric-trac", 2, {}, open=True).json()["state"]
    unsigned = {k: v for k, v in waiting.items() if k != "sig"}
    answer = secret_client.post(
        "/v1/games/tric-trac/contribute", json={"state": unsigned, "player": 0, "contribution": "x"}
    )
    assert answer.json()["error"]["details"]["reason"] == "UNSIGNED", answer.text
    # a started game made to await again (signed as though the service had): impossible there
    started = new(secret_client, "tric-trac", 2, {}).json()["state"]
    forged = resign({**started, "fair": {**started["fair"], "awaiting": [1]}})
    answer = secret_client.post(
        "/v1/games/tric-trac/contribute", json={"state": forged, "player": 1, "contribution": "x"}
    )
    assert answer.status_code == 422, answer.text
    problem = answer.json()["error"]["details"]["problems"][0]
    assert problem["path"] == "$.fair.awaiting"


def test_a_replay_takes_no_awaiting(secret_client):
    waiting = new(secret_client, "tric-trac", 2, {}, open=True).json()["state"]
    answer = secret_client.post(
        "/v1/games/tric-trac/replay",
        json={"players": 2, "seed": "open-tric-trac", "moves": [], "fair": waiting["fair"]},
    )
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"]["details"]["problems"][0]["path"] == "$.fair.awaiting"


def test_graphql_contributes_as_rest_does(secret_client):
    state = new(secret_client, "tric-trac", 2, {}, contributions=["a"], open=True).json()["state"]
    query = (
        'query($s: JSON!, $c: JSON) { contribute(game: "tric-trac", state: $s, player: 1, '
        "contribution: $c) { ... on PlayOutcome { position { state } events } "
        "... on MoveRejected { code reason } } }"
    )
    answer = secret_client.post(
        "/graphql", json={"query": query, "variables": {"s": state, "c": "b"}}
    )
    got = answer.json()["data"]["contribute"]
    rest = secret_client.post(
        "/v1/games/tric-trac/contribute", json={"state": state, "player": 1, "contribution": "b"}
    ).json()
    assert got["position"]["state"] == rest["state"] and got["events"] == rest["events"]
    answer = secret_client.post(
        "/graphql", json={"query": query, "variables": {"s": rest["state"], "c": "b"}}
    )
    assert answer.json()["data"]["contribute"] == {"code": "NOT_YOUR_TURN", "reason": "NOT_AWAITED"}


# -- point 4: plies, parents, ETags and forks ---------------------------------------------------
@pytest.fixture(scope="module")
def line(secret_client):
    """A fair Tric Trac game played to the end one move a request: its moves and answers."""
    answer = new(secret_client, "tric-trac", 2, {}, contributions=["p", "q"])
    moves, answers = play_out(secret_client, "tric-trac", answer, random.Random(4))
    return moves, answers


def _verify_body(moves: list[dict[str, Any]], final: dict[str, Any], history: list) -> dict:
    return {
        "players": 2,
        "seed": "open-tric-trac",
        "moves": moves,
        "fair": final["fair"],
        "history": history,
    }


def test_each_state_counts_its_plies_and_names_its_parent_by_its_etag(line, secret_client):
    """Rule TT-3 (a throw, then a move): a move and the throw after it are two plies."""
    moves, answers = line
    engine = REGISTRY["tric-trac"]
    plies = [a["state"]["fair"]["ply"] for a in answers]
    assert plies[0] >= 1 and all(b > a for a, b in itertools.pairwise(plies))
    for move, (before, after) in zip(moves, itertools.pairwise(answers), strict=True):
        done, ply = before["state"]["fair"], before["state"]["fair"]["ply"]
        if after["state"]["fair"]["ply"] == ply + 1:  # the move ended the game: no throw
            assert after["status"] == "finished"
            assert after["state"]["fair"]["parent"] == digest(before["state"])
            continue
        # a move, then the throw after it: the parent is the position between the two
        assert after["state"]["fair"]["ply"] == ply + 2
        moved = engine.apply(engine.decode(before["state"]), engine.parse_move(move["move"]))
        between = engine.encode(moved.state)
        between["fair"] = {
            "commitment": done["commitment"],
            "contributions": done["contributions"],
            "ply": ply + 1,
            "parent": digest(before["state"]),
        }
        assert after["state"]["fair"]["parent"] == digest(between)
    assert "reveal" in answers[-1]["state"]["fair"]
    # GET-like calls on a state answer its ETag, the same the play answer gave
    state = answers[3]["state"]
    answer = secret_client.post("/v1/games/tric-trac/position", json={"state": state})
    assert answer.headers["etag"] == f'"{digest(state)}"'


def test_moves_played_together_reach_the_state_played_apart(line, secret_client):
    moves, answers = line
    together = secret_client.post(
        "/v1/games/tric-trac/play", json={"state": answers[0]["state"], "moves": moves[:4]}
    ).json()
    assert together["state"] == answers[4]["state"]


def test_the_whole_history_lies_on_the_record(line, secret_client):
    moves, answers = line
    history = [a["state"] for a in answers]
    random.Random(1).shuffle(history)
    verdict = secret_client.post(
        "/v1/games/tric-trac/verify", json=_verify_body(moves, answers[-1]["state"], history)
    ).json()
    assert verdict["valid"], verdict
    record = secret_client.post(
        "/v1/games/tric-trac/record",
        json={
            k: v for k, v in _verify_body(moves, answers[-1]["state"], []).items() if k != "history"
        },
    ).text
    verdict = secret_client.post(
        "/v1/games/tric-trac/verify", json={"record": record, "history": history}
    ).json()
    assert verdict["valid"], verdict


def test_a_second_successor_of_a_state_is_reported_as_a_fork(line, secret_client):
    """Two successors of one state submitted: the one the record does not play is FORKED,
    at the record's move that was played otherwise."""
    moves, answers = line
    k = 5
    state = answers[k]["state"]
    engine = REGISTRY["tric-trac"]
    position = engine.decode(state)
    other = next(
        engine.notation(m)
        for m in engine.legal_moves(position)
        if engine.notation(m) != moves[k]["move"]
    )
    fork = secret_client.post(
        "/v1/games/tric-trac/play", json={"state": state, "move": other}
    ).json()["state"]
    # the same ply on another line (its parent: the position the other move left, before
    # the throw that followed it)
    assert fork["fair"]["ply"] == answers[k + 1]["state"]["fair"]["ply"]
    assert fork["fair"]["parent"] != answers[k + 1]["state"]["fair"]["parent"]
    history = [a["state"] for a in answers[: k + 2]] + [fork]
    body = _verify_body(moves, answers[-1]["state"], history)
    verdict = secret_client.post("/v1/games/tric-trac/verify", json=body).json()
    assert not verdict["valid"]
    (problem,) = verdict["problems"]
    assert problem["code"] == "FORKED" and problem["ply"] == k, problem
    # GraphQL says the same
    query = (
        'query($m: [JSON!], $f: JSON, $h: JSON) { verify(game: "tric-trac", players: 2, '
        'seed: "open-tric-trac", moves: $m, fair: $f, history: $h) { ... on Verdict { valid '
        "problems { code ply } } } }"
    )
    variables = {"m": body["moves"], "f": body["fair"], "h": history}
    answer = secret_client.post("/graphql", json={"query": query, "variables": variables}).json()
    assert answer["data"]["verify"] == {"valid": False, "problems": [{"code": "FORKED", "ply": k}]}
    # and a batch line (whose verdict carries no position, yet its history is checked)
    batch = secret_client.post(
        "/v1/verify",
        content=jsonio.dumps({"game": "tric-trac", **body}) + b"\n",
        headers={"content-type": "application/x-ndjson"},
    )
    (verdict,) = [jsonio.loads(text) for text in batch.text.splitlines()]
    assert not verdict["valid"]
    assert [(p["code"], p["ply"]) for p in verdict["problems"]] == [("FORKED", k)]


@pytest.mark.parametrize(
    ("history", "path"),
    [
        ("not a list", "$.history"),
        ([{"game": "tric-trac"}], "$.history[0]"),
        ([{"game": "tric-trac", "v": 1}], "$.history[0]"),
    ],
)
def test_a_history_that_is_no_list_of_this_games_states_is_an_invalid_request(
    line, secret_client, history, path
):
    moves, answers = line
    body = _verify_body(moves, answers[-1]["state"], history)
    answer = secret_client.post("/v1/games/tric-trac/verify", json=body)
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"]["details"]["problems"][0]["path"] == path


def test_an_unsigned_history_state_is_no_evidence(line, secret_client):
    moves, answers = line
    unsigned = {k: v for k, v in answers[2]["state"].items() if k != "sig"}
    body = _verify_body(moves, answers[-1]["state"], [answers[1]["state"], unsigned])
    answer = secret_client.post("/v1/games/tric-trac/verify", json=body)
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"]["details"]["problems"][0]["path"] == "$.history[1].sig"


def test_a_history_of_another_game_or_without_fair_is_refused(line, secret_client):
    moves, answers = line
    other = new(secret_client, "tric-trac", 2, {"pointsToWin": 3}).json()["state"]
    body = _verify_body(moves, answers[-1]["state"], [other])
    answer = secret_client.post("/v1/games/tric-trac/verify", json=body)
    assert answer.json()["error"]["details"]["problems"][0]["path"] == "$.history[0].fair"
    plain = {"seed": "s", "moves": [], "history": []}
    answer = secret_client.post("/v1/games/tric-trac/verify", json=plain)
    assert answer.json()["error"]["details"]["problems"][0]["path"] == "$.history"
