"""Bad input in every shape gets a typed 4xx with a stable code — never a 500."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.settings import Settings

CALLS = ["new", "position", "legal-moves", "play", "score", "replay", "view", "render"]


def start(client):
    return client.post("/v1/games/mixtour/new", json={}).json()["state"]


def error(r, status, code):
    assert r.status_code == status, r.text
    body = r.json()["error"]
    assert body["code"] == code
    assert set(body) == {"code", "message", "messageId", "args", "details"}
    assert body["message"]
    return body


@pytest.mark.parametrize("call", CALLS)
def test_malformed_json(client, call):
    r = client.post(f"/v1/games/mixtour/{call}", content=b'{"state": ')
    error(r, 400, "MALFORMED_JSON")


@pytest.mark.parametrize("call", CALLS)
def test_unknown_game(client, call):
    error(client.post(f"/v1/games/chess/{call}", json={}), 404, "UNKNOWN_GAME")


@pytest.mark.parametrize("body", [b"[]", b'"x"', b"3", b"null"])
def test_body_must_be_an_object(client, body):
    r = client.post("/v1/games/mixtour/position", content=body)
    error(r, 400, "INVALID_REQUEST")


def test_empty_body_is_malformed_except_for_new(client):
    error(client.post("/v1/games/mixtour/position"), 400, "MALFORMED_JSON")
    assert client.post("/v1/games/mixtour/new").status_code == 200


def test_wrong_types_are_listed_together(client):
    state = start(client)
    r = client.post(
        "/v1/games/mixtour/play",
        json={"state": state, "moves": "a1", "player": "0", "autoChance": 1, "colour": "w"},
    )
    body = error(r, 400, "INVALID_REQUEST")
    paths = {p["path"] for p in body["details"]["problems"]}
    assert paths == {"$.moves", "$.player", "$.autoChance", "$.colour"}


def test_missing_state_and_moves(client):
    body = error(client.post("/v1/games/mixtour/play", json={}), 400, "INVALID_REQUEST")
    assert {p["path"] for p in body["details"]["problems"]} == {"$.state", "$.move"}
    error(client.post("/v1/games/mixtour/replay", json={}), 400, "INVALID_REQUEST")


def test_illegal_move_names_reason_rule_and_ply(client):
    r = client.post("/v1/games/mixtour/play", json={"state": start(client), "move": "a1-b2"})
    body = error(r, 422, "ILLEGAL_MOVE")
    assert body["details"] == {"reason": "EMPTY_SOURCE", "rule": "MX-5", "ply": 0}


def test_invalid_notation(client):
    r = client.post("/v1/games/mixtour/play", json={"state": start(client), "move": "zz9"})
    error(r, 422, "INVALID_NOTATION")


def test_invalid_state_lists_problems_with_paths(client):
    state = start(client) | {"board": {"a1": "wwwwww"}, "toMove": 5}
    r = client.post("/v1/games/mixtour/legal-moves", json={"state": state})
    body = error(r, 422, "INVALID_STATE")
    paths = {p["path"] for p in body["details"]["problems"]}
    assert {"$.board.a1", "$.toMove", "$.supply"} <= paths


def test_invalid_options_and_players(client):
    r = client.post("/v1/games/mixtour/new", json={"options": {"pointsToWin": 0}})
    error(r, 422, "INVALID_OPTIONS")
    error(client.post("/v1/games/mixtour/new", json={"players": 3}), 422, "INVALID_OPTIONS")


def test_player_out_of_range_and_not_to_move(client):
    state = start(client)
    error(
        client.post("/v1/games/mixtour/legal-moves", json={"state": state, "player": 9}),
        422,
        "INVALID_PLAYER",
    )
    r = client.post("/v1/games/mixtour/play", json={"state": state, "move": "a1", "player": 1})
    error(r, 422, "NOT_YOUR_TURN")


def test_game_over(client):
    import random

    from service.games.mixtour import ENGINE

    rng, s = random.Random(5), ENGINE.new()
    while not ENGINE.status(s).finished:
        s = ENGINE.apply(s, rng.choice(ENGINE.legal_moves(s))).state
    r = client.post("/v1/games/mixtour/play", json={"state": ENGINE.encode(s), "move": "a1"})
    error(r, 422, "GAME_OVER")


def test_body_too_large(make_client):
    client = make_client(max_body_bytes=2048)
    r = client.post("/v1/games/mixtour/replay", json={"moves": ["a1"] * 1000})
    error(r, 413, "BODY_TOO_LARGE")


def test_too_many_moves(make_client):
    client = make_client(max_moves=3)
    error(
        client.post("/v1/games/mixtour/replay", json={"moves": ["a1", "b1", "c1", "d1"]}),
        413,
        "TOO_MANY_MOVES",
    )


def test_unknown_route_and_wrong_method(client):
    error(client.get("/v1/nothing"), 404, "NOT_FOUND")
    error(client.get("/v1/games/mixtour/play"), 405, "METHOD_NOT_ALLOWED")


def test_signed_states_reject_tampering(make_client):
    client = make_client(rules_secret="s3cret", require_signed_state=True)
    state = start(client)
    assert "sig" in state
    ok = client.post("/v1/games/mixtour/play", json={"state": state, "move": "a1"})
    assert ok.status_code == 200 and "sig" in ok.json()["state"]
    forged = dict(state, scores=[4, 0])
    error(client.post("/v1/games/mixtour/position", json={"state": forged}), 422, "STATE_TAMPERED")
    unsigned = {k: v for k, v in state.items() if k != "sig"}
    error(
        client.post("/v1/games/mixtour/position", json={"state": unsigned}), 422, "STATE_TAMPERED"
    )


def test_settings_refuse_require_signed_without_secret():
    with pytest.raises(SystemExit):
        Settings.from_env({"REQUIRE_SIGNED_STATE": "1"})
    with pytest.raises(SystemExit):
        Settings.from_env({"PORT": "eighty"})
    assert Settings.from_env({"PORT": "9000", "REDIS_URL": ""}).port == 9000


FIXTURE = HealthCheck.function_scoped_fixture  # the client is stateless: sharing it is fine
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
fields = st.sampled_from(
    ["state", "move", "moves", "player", "autoChance", "players", "options", "seed", "board", "x"]
)


@settings(max_examples=150, deadline=None, suppress_health_check=[FIXTURE])
@given(call=st.sampled_from(CALLS), body=st.dictionaries(fields, json_values, max_size=5))
def test_fuzzed_bodies_never_cause_a_500(client, call, body):
    r = client.post(f"/v1/games/mixtour/{call}", json=body)
    assert r.status_code < 500, r.text


@settings(max_examples=150, deadline=None, suppress_health_check=[FIXTURE])
@given(
    state=st.dictionaries(
        st.sampled_from(
            [
                "game",
                "v",
                "board",
                "supply",
                "scores",
                "toMove",
                "lastMove",
                "passes",
                "options",
                "seed",
                "chances",
            ]
        ),
        json_values,
        max_size=11,
    )
)
def test_fuzzed_states_never_cause_a_500(client, state):
    base = {"game": "mixtour", "v": 1}
    r = client.post("/v1/games/mixtour/legal-moves", json={"state": base | state})
    assert r.status_code < 500, r.text
    assert r.status_code in (200, 400, 422)


def test_player_beyond_this_games_player_count(client):
    """A 2-player Te-Trix or Triominos game has no player 3, though the games allow 4."""
    for game in ("te-trix", "triominos-junior"):
        state = client.post(f"/v1/games/{game}/new", json={"players": 2, "seed": "p"}).json()
        for call in ("legal-moves", "view", "render"):
            r = client.post(f"/v1/games/{game}/{call}", json={"state": state["state"], "player": 3})
            body = error(r, 422, "INVALID_PLAYER")
            assert body["details"] == {"player": 3, "players": 2}


@pytest.mark.parametrize("game", ["mixtour", "tric-trac", "te-trix", "triominos-junior"])
def test_a_boolean_is_no_version(client, game):
    """Issue 23: ``"v": true`` passed every codec (True == 1) and REST answered 200. ``1.0`` is
    the version 1 to JSON Schema (``"const": 1`` accepts it), and so to the codec."""
    state = client.post(f"/v1/games/{game}/new", json={}).json()["state"]
    state.pop("sig", None)
    for v in (True, False, "1", 2, 1.5):
        r = client.post(f"/v1/games/{game}/position", json={"state": {**state, "v": v}})
        assert r.status_code == 422, (v, r.text)
        problems = r.json()["error"]["details"]["problems"]
        assert [p["path"] for p in problems] == ["$.v"], problems
    whole = client.post(f"/v1/games/{game}/position", json={"state": state}).json()
    floated = client.post(f"/v1/games/{game}/position", json={"state": {**state, "v": 1.0}})
    assert floated.status_code == 200 and floated.json() == whole


@pytest.mark.parametrize(
    ("game", "field"),
    [
        ("mixtour", "options"),
        ("mixtour", "board"),
        ("tric-trac", "options"),
        ("triominos-junior", "options"),
    ],
)
def test_a_null_the_state_schema_refuses_the_codec_refuses(client, game, field):
    """Issue 23: ``"options": null`` passed three codecs and ``"board": null`` Mixtour's, which
    their state schemas refuse; refused now, with the field's path."""
    state = client.post(f"/v1/games/{game}/new", json={}).json()["state"]
    r = client.post(f"/v1/games/{game}/position", json={"state": {**state, field: None}})
    assert r.status_code == 422, r.text
    problems = r.json()["error"]["details"]["problems"]
    assert [p["path"] for p in problems] == [f"$.{field}"], problems


@pytest.mark.parametrize("game", ["mixtour", "tric-trac"])
def test_an_integral_float_reads_as_the_integer_its_schema_says(client, game):
    """Issue 23: ``"toMove": 1.0`` passed the codec's ``in (0, 1)`` check and then failed as an
    index: legal moves answered 500. JSON Schema reads 1.0 as the integer 1; so does the codec."""
    state = client.post(f"/v1/games/{game}/new", json={"seed": "f"}).json()["state"]
    state.pop("sig", None)
    whole = client.post(f"/v1/games/{game}/legal-moves", json={"state": state})
    mover = state["toMove"]
    floated = {**state, "toMove": float(mover)}
    r = client.post(f"/v1/games/{game}/legal-moves", json={"state": floated})
    assert r.status_code == 200 and r.json() == whole.json()
