"""verify (REST and GraphQL): true records verify for every game; a wrong score, a wrong winner,
an illegal move at a known ply and an unfinished game each give their problem; records read
from the text form; what makes a request unverifiable is an error answer."""

from __future__ import annotations

import pytest

from service.games import REGISTRY

from .helpers import CONFIGS, Game, finished_game, games, illegal_move

GAMES = games(1)
IDS = [f"{g.game}-{g.players}p-{'seeded' if g.seed else 'dice'}-{len(g.moves)}" for g in GAMES]


def verify(client, game: str, body) -> dict:
    r = client.post(f"/v1/games/{game}/verify", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def codes(verdict) -> list[str]:
    return [p["code"] for p in verdict["problems"]]


GQL = """query($g: String!, $m: [JSON!], $p: Int, $o: JSON, $s: String, $c: JSON, $r: String) {
  verify(game: $g, moves: $m, players: $p, options: $o, seed: $s, claimed: $c, record: $r) {
    __typename
    ... on Verdict { valid plies certificate
      problems { code message ply line reason rule claimed computed }
      position { status scores winners } }
    ... on InvalidRequest { code message details } } }"""


def gql_verify(client, of: Game | None = None, **variables) -> dict:
    """GraphQL verify of the game ``of`` (or of the raw variables)."""
    if of is not None:
        variables = {
            "g": of.game,
            "m": of.moves,
            "p": of.players,
            "o": of.options or None,
            "s": of.seed,
            **variables,
        }
    r = client.post("/graphql", json={"query": GQL, "variables": variables})
    assert r.status_code == 200, r.text
    return r.json()["data"]["verify"]


@pytest.mark.parametrize("g", GAMES, ids=IDS)
def test_a_true_record_verifies(client, g):
    """Every game, seeded (the service rolls) and with the dice in the record."""
    verdict = verify(client, g.game, g.body(claimed=g.claimed()))
    assert verdict["valid"], verdict["problems"]
    assert verdict["problems"] == []
    assert verdict["plies"] == len(g.moves)
    assert verdict["position"]["status"] == "finished"
    assert verdict["position"]["scores"] == g.scores
    assert verdict["position"]["winners"] == g.winners
    assert verdict["certificate"] is None  # no RULES_SECRET: nothing is signed
    # No claim at all: a finished game is valid as it stands.
    assert verify(client, g.game, g.body())["valid"]
    answer = gql_verify(client, g, c=g.claimed())
    assert answer["__typename"] == "Verdict"
    assert answer["valid"] and answer["plies"] == len(g.moves)
    assert answer["position"] == {"status": "finished", "scores": g.scores, "winners": g.winners}


@pytest.mark.parametrize("g", GAMES[::3], ids=IDS[::3])
def test_a_wrong_score_is_scores_differ(client, g):
    wrong = [g.scores[0] + 1, *g.scores[1:]]
    verdict = verify(client, g.game, g.body(claimed={"scores": wrong}))
    assert not verdict["valid"]
    assert verdict["problems"] == [
        {
            "code": "SCORES_DIFFER",
            "message": f"claimed scores {wrong}, the record gives {g.scores}",
            "messageId": "verify-scores-differ",
            "args": {"claimed": str(wrong), "computed": str(g.scores)},
            "claimed": wrong,
            "computed": g.scores,
        }
    ]
    # A claim with one score too few is as wrong.
    assert codes(verify(client, g.game, g.body(claimed={"scores": g.scores[:-1]}))) == [
        "SCORES_DIFFER"
    ]
    answer = gql_verify(client, g, c={"scores": wrong})
    assert [(p["code"], p["claimed"], p["computed"]) for p in answer["problems"]] == [
        ("SCORES_DIFFER", wrong, g.scores)
    ]


@pytest.mark.parametrize("g", GAMES[1::3], ids=IDS[1::3])
def test_a_wrong_winner_is_winners_differ(client, g):
    players = len(g.scores)
    wrong = [p for p in range(players) if p not in g.winners][:1] or []
    verdict = verify(client, g.game, g.body(claimed={"winners": wrong}))
    assert not verdict["valid"]
    (problem,) = verdict["problems"]
    assert problem["code"] == "WINNERS_DIFFER"
    assert (problem["claimed"], problem["computed"]) == (wrong, g.winners)
    # Winners are a set: their order in the claim does not matter.
    assert verify(client, g.game, g.body(claimed={"winners": g.winners[::-1]}))["valid"]


@pytest.mark.parametrize("g", GAMES, ids=IDS)
def test_an_illegal_move_names_its_ply_reason_and_rule(client, g):
    ply = len(g.moves) // 2
    moves = [*g.moves[:ply], illegal_move(g, ply), *g.moves[ply + 1 :]]
    verdict = verify(client, g.game, g.body(moves=moves, claimed=g.claimed()))
    assert not verdict["valid"]
    (problem,) = verdict["problems"]  # nothing after the first illegal move is judged
    assert problem["ply"] == ply
    assert problem["code"] in ("ILLEGAL_MOVE", "NOT_YOUR_TURN", "INVALID_NOTATION")
    assert problem["message"].startswith(f"move {ply + 1} (")
    assert verdict["plies"] == ply
    assert verdict["position"]["status"] == "ongoing"
    answer = gql_verify(client, g, m=moves)
    assert answer["problems"][0]["ply"] == ply
    assert answer["problems"][0]["code"] == problem["code"]


def test_an_illegal_move_carries_the_rule_mx5(client):
    """MX-5: a move lands on a stack (the engine's reason and rule reach the verdict)."""
    verdict = verify(client, "mixtour", {"moves": ["c3", "c4", "c3-c4", "c4-c5"]})
    assert verdict["problems"] == [
        {
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
        }
    ]
    assert verdict["plies"] == 3


@pytest.mark.parametrize("g", GAMES[::2], ids=IDS[::2])
def test_an_unfinished_game_is_not_finished(client, g):
    short = g.moves[: len(g.moves) - 1]
    verdict = verify(client, g.game, g.body(moves=short))
    assert codes(verdict) == ["NOT_FINISHED"]
    assert verdict["plies"] == len(short)
    assert verdict["position"]["status"] == "ongoing"
    # and with a claim, the claim is judged against the position reached
    verdict = verify(client, g.game, g.body(moves=short, claimed={"winners": g.winners}))
    assert codes(verdict)[0] == "NOT_FINISHED"


def test_options_the_game_does_not_have_are_a_problem_without_a_position(client):
    verdict = verify(client, "mixtour", {"moves": [], "options": {"pointsToWin": 0}})
    assert codes(verdict) == ["INVALID_OPTIONS"]
    assert verdict["position"] is None and verdict["plies"] == 0
    verdict = verify(client, "te-trix", {"moves": [], "players": 9})
    assert codes(verdict) == ["INVALID_OPTIONS"]


def test_a_game_over_move_is_game_over(client):
    g = GAMES[0]
    verdict = verify(client, g.game, g.body(moves=[*g.moves, g.moves[-1]]))
    assert codes(verdict) == ["GAME_OVER"]
    assert verdict["problems"][0]["ply"] == len(g.moves)


# -- the text record ------------------------------------------------------------------------
def record_text(client, g: Game, **extra) -> str:
    r = client.post(f"/v1/games/{g.game}/record", json=g.body(**extra))
    assert r.status_code == 200, r.text
    assert r.headers["content-type"] == "text/plain; charset=utf-8"
    return r.text


@pytest.mark.parametrize("g", GAMES, ids=IDS)
def test_a_printed_record_verifies_as_json_and_as_text(client, g):
    text = record_text(client, g, claimed=g.claimed(), tags={"Event": "Club night"})
    assert text.startswith(
        f'[Game "{g.game}"]\n[RulesVersion "{REGISTRY[g.game].descriptor.rules_version}"]'
    )
    assert '[Event "Club night"]' in text
    as_json = verify(client, g.game, {"record": text})
    r = client.post(
        f"/v1/games/{g.game}/verify", content=text, headers={"content-type": "text/plain"}
    )
    assert r.status_code == 200, r.text
    assert r.json() == as_json
    assert as_json["valid"], as_json["problems"]
    assert gql_verify(client, g=g.game, r=text)["valid"]
    # replay takes the record too (its Result is verify's business)
    r = client.post(
        f"/v1/games/{g.game}/replay", content=text, headers={"content-type": "text/plain"}
    )
    assert r.status_code == 200, r.text
    assert r.json()["plies"] == len(g.moves)
    assert r.json()["scores"] == g.scores


REPLAYED = """query($g: String!, $r: String) { replay(game: $g, record: $r) {
  ... on ReplayOutcome { plies replayed position { state } } } }"""


@pytest.mark.parametrize("g", GAMES, ids=IDS)
def test_replay_answers_a_text_record_as_the_json_record_it_reads_as(client, g):
    """A front end loads a text record without a record parser: replay's ``replayed`` is the
    replay body the record reads as (to send again as it is), each move with who made it (a
    chance outcome alone), and replaying that body gives the same position (REST and GraphQL
    alike)."""
    text = record_text(client, g)
    r = client.post(
        f"/v1/games/{g.game}/replay", content=text, headers={"content-type": "text/plain"}
    )
    assert r.status_code == 200, r.text
    replayed = r.json()["replayed"]
    players = len(g.scores)
    assert (replayed["players"], replayed["seed"]) == (players, g.seed)
    assert replayed["options"] == g.options and replayed["keyId"] is None
    # who made each move: the engine's own account of the game, state by state
    engine = REGISTRY[g.game]
    expected = []
    for m, state in zip(g.moves, g.states, strict=True):
        if engine.is_chance(state):
            expected.append(m["move"])
        else:
            player = m.get("player", engine.to_move(state)[0])
            expected.append({"player": player, "move": m["move"]})
    assert replayed["moves"] == expected
    assert any(isinstance(m, dict) for m in expected)
    again = client.post(f"/v1/games/{g.game}/replay", json=replayed)
    assert again.status_code == 200, again.text
    assert again.json()["state"] == r.json()["state"]
    assert again.json()["replayed"] == replayed
    answer = client.post(
        "/graphql", json={"query": REPLAYED, "variables": {"g": g.game, "r": text}}
    ).json()["data"]["replay"]
    assert answer["replayed"] == replayed and answer["position"]["state"] == r.json()["state"]


def test_a_record_problem_names_the_line_of_the_move(client):
    text = '[Game "mixtour"]\n[Event "x"]\n\n1. c3\n; a comment\n2. c4\n3. c4-c5\n'
    (problem,) = verify(client, "mixtour", {"record": text})["problems"]
    assert (problem["code"], problem["ply"], problem["line"]) == ("ILLEGAL_MOVE", 2, 7)


def test_a_claim_in_the_result_tag_is_checked(client):
    g = GAMES[0]
    wrong = [g.scores[0] + 1, *g.scores[1:]]
    text = record_text(client, g, claimed={"scores": wrong, "winners": g.winners})
    assert f'[Result "scores {" ".join(map(str, wrong))}; winners ' in text
    assert codes(verify(client, g.game, {"record": text})) == ["SCORES_DIFFER"]


def test_another_rules_version_is_a_problem(client):
    g = GAMES[0]
    text = record_text(client, g).replace(
        f'[RulesVersion "{REGISTRY[g.game].descriptor.rules_version}"]', '[RulesVersion "0"]'
    )
    verdict = verify(client, g.game, {"record": text})
    assert codes(verdict) == ["RULES_VERSION_DIFFERS"]
    assert verdict["position"]["status"] == "finished"  # replayed all the same


@pytest.mark.parametrize(
    ("body", "line", "words"),
    [
        ('[Game "mixtour"]\n\n1. c3\n3. c4\n', 4, "move number 3 where 2 was expected"),
        ('[Game "mixtour"]\n[Event "a"]\n[Event "b"]\n', 3, "tag Event appears twice"),
        ('[Game "mixtour"]\n[Game "mixtour"]\n', 2, "a second record"),
        ('[Event "x"]\n\n1. c3\n', 1, 'no [Game "..."] tag'),
        ('[Game "mixtour"]\n[Players "two"]\n', 2, "Players is the number of players"),
        ('[Game "mixtour"]\n[Options "[1]"]\n', 2, "Options is a JSON object"),
        ('[Game "mixtour"]\n[Result "5-3"]\n', 2, "Result reads"),
        ('[Game "mixtour"]\n[Event x]\n', 2, 'a tag line reads [Name "value"]'),
        ('[Game "mixtour"]\n\nc3\n', 3, "a move line reads"),
        ('[Game "mixtour"]\n\n1. c3\n[Event "late"]\n\n1. c4\n', 4, "a second record"),
        ('[Game "tric-trac"]\n\n1. 3-5\n', 1, "the record is of game 'tric-trac'"),
        ("", 1, "no record"),
    ],
)
def test_a_record_that_does_not_read_is_invalid_record_with_its_line(client, body, line, words):
    # a record of another game names its game, so a caller can send it on there
    details = {"line": line, **({"game": "tric-trac"} if "is of game" in words else {})}
    for sent in (
        {"json": {"record": body}},
        {"content": body, "headers": {"content-type": "text/plain"}},
    ):
        r = client.post("/v1/games/mixtour/verify", **sent)
        assert r.status_code == 400, r.text
        error = r.json()["error"]
        assert error["code"] == "INVALID_RECORD"
        assert error["details"] == details
        assert words in error["message"]
        assert error["message"].startswith(f"record line {line}: ")
    answer = gql_verify(client, g="mixtour", r=body)
    assert (answer["code"], answer["details"]) == ("INVALID_RECORD", details)


def test_a_text_body_that_is_not_utf8_names_its_line(client):
    r = client.post(
        "/v1/games/mixtour/replay",
        content=b'[Game "mixtour"]\n\n1. c\xff3\n',
        headers={"content-type": "text/plain"},
    )
    assert r.status_code == 400
    assert r.json()["error"]["code"] == "INVALID_RECORD"
    assert r.json()["error"]["details"] == {"line": 3}


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"record": '[Game "mixtour"]\n', "moves": []}, "$.moves"),
        ({"record": 5}, "$.record"),
        ({"moves": [], "claimed": {"score": [1]}}, "$.claimed.score"),
        ({"moves": [], "claimed": {"scores": ["1"]}}, "$.claimed.scores"),
        ({"moves": [], "claimed": {"winners": [-1]}}, "$.claimed.winners"),
        ({"moves": [], "claimed": []}, "$.claimed"),
        ({"moves": [], "tags": {"Event": 1}}, "$.tags.Event"),
        ({"moves": [], "tags": {"Event": "a\nb"}}, "$.tags.Event"),
        ({"moves": [], "tags": {"Result": "x"}}, "$.tags.Result"),
        ({"moves": [], "tags": {"1x": "y"}}, "$.tags.1x"),
        ({"moves": [], "winner": 0}, "$.winner"),
        ({}, "$.moves"),
    ],
)
def test_a_malformed_verify_body_is_invalid_request(client, body, path):
    r = client.post("/v1/games/mixtour/verify", json=body)
    assert r.status_code == 400, r.text
    assert r.json()["error"]["code"] == "INVALID_REQUEST"
    assert path in [p["path"] for p in r.json()["error"]["details"]["problems"]]


def test_unverifiable_requests_are_errors(client, make_client):
    assert client.post("/v1/games/chess/verify", json={"moves": []}).status_code == 404
    r = client.post("/v1/games/mixtour/verify", json={"moves": [], "keyId": "00000000"})
    assert (r.status_code, r.json()["error"]["code"]) == (400, "INVALID_REQUEST")
    small = make_client(max_moves=2)
    r = small.post("/v1/games/mixtour/verify", json={"moves": ["a1", "b1", "c1"]})
    assert (r.status_code, r.json()["error"]["code"]) == (413, "TOO_MANY_MOVES")
    answer = gql_verify(client, g="chess", m=[])
    assert answer["code"] == "UNKNOWN_GAME"


def test_move_documents_verify_like_their_notation(client):
    """A record of move documents (what legal-moves lists) is the same game."""
    pos = client.post("/v1/games/mixtour/new", json={}).json()
    moves = []
    for _ in range(6):
        legal = client.post("/v1/games/mixtour/legal-moves", json={"state": pos["state"]}).json()
        doc = legal["moves"][-1]["move"]
        moves.append(doc)
        pos = client.post(
            "/v1/games/mixtour/play", json={"state": pos["state"], "move": doc}
        ).json()
    verdict = verify(client, "mixtour", {"moves": moves})
    assert codes(verdict) == ["NOT_FINISHED"] and verdict["plies"] == 6
    text = client.post("/v1/games/mixtour/record", json={"moves": moves}).text
    assert "1. " in text and "{" not in text  # documents are printed as notation
    assert verify(client, "mixtour", {"record": text})["position"] == verdict["position"]


def test_record_refuses_what_cannot_be_a_game(client):
    r = client.post("/v1/games/mixtour/record", json={"moves": ["zz9"]})
    assert r.status_code == 422
    assert r.json()["error"]["code"] == "INVALID_NOTATION"
    assert r.json()["error"]["details"]["ply"] == 0
    r = client.post("/v1/games/mixtour/record", json={"moves": [], "options": {"pointsToWin": 0}})
    assert (r.status_code, r.json()["error"]["code"]) == (422, "INVALID_OPTIONS")
    r = client.post("/v1/games/mixtour/record", json={"record": "x"})
    assert (r.status_code, r.json()["error"]["code"]) == (400, "INVALID_REQUEST")


def test_graphql_record_prints_what_rest_prints(client):
    g = GAMES[2]
    query = """query($g: String!, $m: [JSON!]!, $p: Int, $o: JSON, $s: String, $c: JSON) {
      record(game: $g, moves: $m, players: $p, options: $o, seed: $s, claimed: $c) {
        __typename ... on RecordText { text } ... on MoveRejected { code ply } } }"""
    variables = {"g": g.game, "m": g.moves, "p": g.players, "o": g.options or None, "s": g.seed}
    r = client.post("/graphql", json={"query": query, "variables": {**variables, "c": g.claimed()}})
    text = r.json()["data"]["record"]["text"]
    assert text == record_text(client, g, claimed=g.claimed())
    r = client.post("/graphql", json={"query": query, "variables": {**variables, "m": ["zz9"]}})
    assert r.json()["data"]["record"] == {
        "__typename": "MoveRejected",
        "code": "INVALID_NOTATION",
        "ply": 0,
    }


def test_every_configuration_is_covered():
    assert {c[0] for c in CONFIGS} == set(REGISTRY)
    assert finished_game("mixtour", None, {}, "x", 0).winners  # a game that ends
