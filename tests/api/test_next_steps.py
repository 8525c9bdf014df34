"""next-steps through REST and GraphQL (issue 25, point 1): a Tric Trac turn built stone by
stone in every order the rules allow (TT-7, TT-8, TT-11), the same answers in both API styles,
every other game through the generic path, refusals as the other operations give them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from service.games import REGISTRY
from service.games.tric_trac import ENGINE
from tests.games.tric_trac.helpers import position

TT = "/v1/games/tric-trac"
QUERY = """
query Steps($game: String!, $state: JSON!, $player: Int, $steps: [JSON!]) {
  position(game: $game, state: $state) {
    ... on Position {
      nextSteps(player: $player, steps: $steps) {
        __typename
        ... on NextSteps {
          steps { notation move locations typed { __typename } }
          canEnd
          turn { notation move locations }
        }
        ... on MoveRejected { code reason rule step message messageId args details }
        ... on InvalidRequest { code message details }
      }
    }
  }
}
"""


def rest(client, game: str, body: dict, status: int = 200) -> Any:
    r = client.post(f"/v1/games/{game}/next-steps", json=body)
    assert r.status_code == status, r.text
    return r.json()


def graphql(client, game: str, body: dict) -> dict:
    variables = {"game": game, **body}
    r = client.post("/graphql", json={"query": QUERY, "variables": variables})
    assert r.status_code == 200 and "errors" not in r.json(), r.text
    return r.json()["data"]["position"]["nextSteps"]


def opened(client, throw: str = "red 3-5") -> dict:
    start = client.post(f"{TT}/new", json={}).json()["state"]
    return client.post(f"{TT}/play", json={"state": start, "move": throw}).json()["state"]


def test_tt7_after_red_3_5_a_stone_leaves_point_1_by_either_number(client):
    state = opened(client)
    first = rest(client, "tric-trac", {"state": state})
    assert [s["notation"] for s in first["steps"]] == ["1/4", "1/6"]
    assert (first["canEnd"], first["turn"]) == (False, None)
    after = rest(client, "tric-trac", {"state": state, "steps": ["1/6"]})
    assert [s["notation"] for s in after["steps"]] == ["1/4", "6/9"]
    for steps, same in ((["1/6", "6/9"], "1/4/9"), (["1/6", "1/4"], "1/4 1/6")):
        done = rest(client, "tric-trac", {"state": state, "steps": steps})
        assert done["canEnd"] and done["steps"] == []
        for move in (done["turn"]["notation"], done["turn"]["move"]):
            played = client.post(f"{TT}/play", json={"state": state, "move": move}).json()
            canonical = client.post(f"{TT}/play", json={"state": state, "move": same}).json()
            assert played["state"] == canonical["state"]


def test_rest_and_graphql_answer_the_same(client):
    state = opened(client)
    for steps in ([], ["1/6"], ["1/6", "6/9"], [{"kind": "turn", "steps": [{"from": 1, "to": 4}]}]):
        answer = rest(client, "tric-trac", {"state": state, "steps": steps})
        typed = graphql(client, "tric-trac", {"state": state, "steps": steps})
        assert typed["__typename"] == "NextSteps"
        assert [{k: s[k] for k in ("notation", "move", "locations")} for s in typed["steps"]] == (
            answer["steps"]
        )
        assert all(s["locations"] for s in answer["steps"])  # issue 25: what each step touches
        assert (typed["canEnd"], typed["turn"]) == (answer["canEnd"], answer["turn"])
        assert {s["typed"]["__typename"] for s in typed["steps"]} <= {"TricTracTurn"}


def test_a_refused_step_is_move_rejected_with_its_index_in_both_styles(client):
    """TT-8: after 1/4 the 3 is used; 4/8 needs a 4."""
    state = opened(client)
    body = {"state": state, "steps": ["1/4", "4/8"]}
    error = rest(client, "tric-trac", body, 422)["error"]
    assert error["code"] == "ILLEGAL_MOVE"
    assert error["details"] == {"reason": "NO_SUCH_NUMBER", "rule": "TT-7", "step": 1}
    assert error["messageId"] == "error-at-step" and error["message"].startswith("step 2: ")
    typed = graphql(client, "tric-trac", body)
    assert typed["__typename"] == "MoveRejected"
    assert (typed["code"], typed["reason"], typed["rule"], typed["step"]) == (
        "ILLEGAL_MOVE",
        "NO_SUCH_NUMBER",
        "TT-7",
        1,
    )
    assert typed["message"] == error["message"] and typed["details"] == error["details"]


def test_tt11_a_lone_stone_passing_its_empty_hucke_is_refused_in_german(client):
    """Red 10 and 11 with 2-3: 10/13 is offered (11/13 may follow), 13/15 after it is not."""
    state = ENGINE.encode(position({10: 1, 11: 1}, {2: 3}, dice=(2, 3)))
    after = rest(client, "tric-trac", {"state": state, "steps": ["10/13"]})
    assert [s["notation"] for s in after["steps"]] == ["11/13"]
    answer = client.post(
        f"{TT}/next-steps?lang=de", json={"state": state, "steps": ["10/13", "13/15"]}
    )
    assert answer.status_code == 422 and answer.headers["content-language"] == "de"
    error = answer.json()["error"]
    assert error["details"] == {"reason": "HUCKE_NEEDS_PAIR", "rule": "TT-11", "step": 1}
    assert error["message"] == (
        "Schritt 2: Die leere rote Hucke darf nur mit zwei Steinen im selben Wurf betreten werden"
    )


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"steps": "1/4"}, "$.steps"),
        ({"steps": [1]}, "$.steps[0]"),
        ({"steps": ["1/4", None]}, "$.steps[1]"),
        ({"steps": ["1/4"] * 3}, "$.steps"),
        ({"player": "0"}, "$.player"),
        ({"moves": []}, "$.moves"),
    ],
)
def test_bad_input_is_invalid_request_with_problems_by_path(client, body, path):
    state = opened(client)
    error = rest(client, "tric-trac", {"state": state, **body}, 400)["error"]
    assert error["code"] == "INVALID_REQUEST"
    assert [p["path"] for p in error["details"]["problems"]] == [path]
    typed = (
        graphql(client, "tric-trac", {"state": state, **body})
        if set(body) == {"steps"} and isinstance(body["steps"], list) and None not in body["steps"]
        else None
    )
    if typed is not None:
        assert typed["__typename"] == "InvalidRequest"
        assert [p["path"] for p in typed["details"]["problems"]] == [path]


@pytest.mark.parametrize("game", [g for g in REGISTRY if g != "tric-trac"])
def test_other_games_answer_each_legal_move_as_one_step(client, game):
    state = client.post(f"/v1/games/{game}/new", json={"seed": f"steps-{game}"}).json()["state"]
    legal = client.post(f"/v1/games/{game}/legal-moves", json={"state": state}).json()
    player = legal["toMove"][0]
    mine = client.post(
        f"/v1/games/{game}/legal-moves", json={"state": state, "player": player}
    ).json()
    first = rest(client, game, {"state": state, "player": player})
    assert first == {"steps": mine["moves"], "canEnd": False, "turn": None}
    assert (
        graphql(client, game, {"state": state, "player": player})["steps"][0]["notation"]
        == (mine["moves"][0]["notation"])
    )
    move = random.Random(game).choice(mine["moves"])
    done = rest(client, game, {"state": state, "player": player, "steps": [move["notation"]]})
    assert done == {"steps": [], "canEnd": True, "turn": move}
    error = rest(client, game, {"state": state, "steps": [move["notation"]] * 2}, 400)["error"]
    assert error["messageId"] == "error-too-many-steps"


def test_the_answer_is_cached_by_state_player_and_steps(client):
    state = opened(client)
    rules = client.app.state.rules
    before = len(rules.cache.memory)
    for steps in ([], ["1/6"], [], ["1/6"], ["1/4"]):
        rest(client, "tric-trac", {"state": state, "steps": steps})
    assert len(rules.cache.memory) - before == 3
