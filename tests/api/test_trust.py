"""The trust model (issue "Hardening", item 4; README "Trust model"): each attack of the issue
reproduced and now refused. A seeded game is rolled by the service only; a state comes back
signed only when the service made it or derived it from a signed state; secrets rotate without
breaking games in progress or changing their dice."""

from __future__ import annotations

import json
import re

import pytest

from service.api.keys import key_id
from service.games import REGISTRY
from service.games.core import driver, unit
from service.settings import Settings

from ..server_process import call, running_server

A, B, C = "secret-a", "secret-b", "secret-c"
KID_A, KID_B = key_id(A.encode()), key_id(B.encode())
TT = "/v1/games/tric-trac"
CHANCE_GAMES = sorted(g for g, e in REGISTRY.items() if e.descriptor.chance)


def ok(r) -> dict:
    assert r.status_code == 200, r.text
    return r.json()


def refused(r, status: int, code: str, reason: str | None = None) -> dict:
    assert r.status_code == status, r.text
    error = r.json()["error"]
    assert error["code"] == code, error
    if reason is not None:
        assert error["details"].get("reason") == reason, error
    return error


def kid(state: dict) -> str:
    sig = state["sig"]
    assert re.fullmatch(r"[0-9a-f]{8}\.[0-9a-f]{64}", sig), sig
    return sig.split(".")[0]


def unsigned(state: dict) -> dict:
    return {k: v for k, v in state.items() if k != "sig"}


def first_move(client, base: str, state: dict) -> str:
    moves = ok(client.post(f"{base}/legal-moves", json={"state": state}))["moves"]
    return moves[0]["notation"]


def gql(client, query: str, **variables) -> dict:
    r = client.post("/graphql", json={"query": query, "variables": variables})
    assert r.status_code == 200, r.text
    body = r.json()
    assert "errors" not in body, body
    return body["data"]


GQL_PLAY = """query($game: String!, $state: JSON!, $moves: [JSON!]!, $auto: Boolean) {
  play(game: $game, state: $state, moves: $moves, autoChance: $auto) {
    __typename
    ... on PlayOutcome { events position { state isChance } }
    ... on MoveRejected { code ply reason }
    ... on InvalidState { code }
  } }"""
GQL_REPLAY = """query($game: String!, $seed: String, $moves: [JSON!]!, $keyId: String) {
  replay(game: $game, seed: $seed, moves: $moves, keyId: $keyId) {
    __typename
    ... on ReplayOutcome { position { state } }
    ... on MoveRejected { code ply reason }
    ... on InvalidRequest { code details }
  } }"""
GQL_NEW = """query($game: String!, $seed: String) {
  newGame(game: $game, seed: $seed) { ... on Position { state } } }"""
GQL_POSITION = """query($game: String!, $state: JSON!) {
  position(game: $game, state: $state) { __typename ... on Position { state } } }"""


# ---- (a) a chosen throw in a seeded game -----------------------------------------------------


def pending_throw(client) -> tuple[dict, dict]:
    """A seeded, signed Tric Trac game and the state after its first turn, left at the throw
    by autoChance false (the first step of attack (a))."""
    start = ok(client.post(f"{TT}/new", json={"seed": "tournament-7"}))["state"]
    move = first_move(client, TT, start)
    after = ok(client.post(f"{TT}/play", json={"state": start, "move": move, "autoChance": False}))
    assert after["isChance"] is True and "sig" in after["state"]
    return start, after["state"]


def test_attack_a_a_chosen_throw_in_a_seeded_game_is_refused(make_client):
    client = make_client(rules_secret=A, require_signed_state=True)
    _, pending = pending_throw(client)
    for body in (
        {"move": "6-6"},
        {"move": "6-6", "autoChance": False},
        {"moves": ["6-6"], "autoChance": True},
        {"move": {"kind": "throw", "dice": [6, 6]}, "autoChance": False},
    ):
        error = refused(
            client.post(f"{TT}/play", json={"state": pending, **body}),
            422,
            "ILLEGAL_MOVE",
            "CHANCE_IS_SAMPLED",
        )
        assert error["details"]["ply"] == 0


def test_a_pending_throw_is_rolled_by_the_next_play_with_or_without_a_move(make_client):
    """autoChance false on a seeded state only delays the throw: the next play with
    autoChance rolls it (its events carry no ply), and the dice are those an immediate roll
    would have given."""
    client = make_client(rules_secret=A, require_signed_state=True)
    start, pending = pending_throw(client)
    direct = ok(
        client.post(f"{TT}/play", json={"state": start, "move": first_move(client, TT, start)})
    )
    rolled = ok(client.post(f"{TT}/play", json={"state": pending, "moves": []}))
    assert rolled["state"] == direct["state"] and rolled["isChance"] is False
    chance = [e for e in rolled["events"] if e["type"] == "chance"]
    assert chance and chance[0]["sampled"] is True
    assert all("ply" not in e for e in rolled["events"])
    # a move sent with the pending throw: rolled first, then played
    move = first_move(client, TT, rolled["state"])
    both = ok(client.post(f"{TT}/play", json={"state": pending, "move": move}))
    after = ok(client.post(f"{TT}/play", json={"state": rolled["state"], "move": move}))
    assert both["state"] == after["state"]
    assert [e.get("ply") for e in both["events"]][: len(rolled["events"])] == [None] * len(
        rolled["events"]
    )
    # autoChance false with no move leaves it pending
    still = ok(client.post(f"{TT}/play", json={"state": pending, "moves": [], "autoChance": False}))
    assert still["state"] == pending and still["events"] == []


def test_attack_a_through_graphql(make_client):
    client = make_client(rules_secret=A, require_signed_state=True)
    _, pending = pending_throw(client)
    refusal = gql(client, GQL_PLAY, game="tric-trac", state=pending, moves=["6-6"], auto=False)
    assert refusal["play"] == {
        "__typename": "MoveRejected",
        "code": "ILLEGAL_MOVE",
        "ply": 0,
        "reason": "CHANCE_IS_SAMPLED",
    }
    rolled = gql(client, GQL_PLAY, game="tric-trac", state=pending, moves=[], auto=None)["play"]
    assert rolled["__typename"] == "PlayOutcome" and rolled["position"]["isChance"] is False


def outcome_of(client, game: str) -> str:
    """A chance outcome of ``game``: the first one of an unseeded start."""
    start = ok(client.post(f"/v1/games/{game}/new", json={}))
    assert start["isChance"] is True
    return first_move(client, f"/v1/games/{game}", start["state"])


@pytest.mark.parametrize("game", CHANCE_GAMES)
def test_an_outcome_smuggled_into_a_seeded_replay_is_refused_with_its_ply(make_client, game):
    client = make_client(rules_secret=A, require_signed_state=True)
    base = f"/v1/games/{game}"
    outcome = outcome_of(client, game)
    start = ok(client.post(f"{base}/new", json={"seed": "s"}))["state"]
    move = first_move(client, base, start)
    for moves, ply in (([outcome], 0), ([move, outcome], 1)):
        error = refused(
            client.post(f"{base}/replay", json={"seed": "s", "moves": moves}),
            422,
            "ILLEGAL_MOVE",
            "CHANCE_IS_SAMPLED",
        )
        assert error["details"]["ply"] == ply
        answer = gql(client, GQL_REPLAY, game=game, seed="s", moves=moves, keyId=None)["replay"]
        assert answer == {
            "__typename": "MoveRejected",
            "code": "ILLEGAL_MOVE",
            "ply": ply,
            "reason": "CHANCE_IS_SAMPLED",
        }
    # the same record without a seed takes outcomes: physical dice (unchanged)
    assert ok(client.post(f"{base}/replay", json={"moves": [outcome]}))["state"]["seed"] is None


def test_unseeded_games_still_take_the_callers_outcomes_and_are_signed(make_client):
    client = make_client(rules_secret=A, require_signed_state=True)
    start = ok(client.post(f"{TT}/new", json={}))
    opening = first_move(client, TT, start["state"])
    after = ok(client.post(f"{TT}/play", json={"state": start["state"], "move": opening}))
    assert after["state"]["seed"] is None and kid(after["state"]) == KID_A


# ---- (b) no signing oracle -------------------------------------------------------------------

REST_STATE_CALLS = ["position", "play"]


def edited_unsigned_state(client) -> dict:
    """A signed state with its signature dropped and a field edited: what a forger sends."""
    state = ok(client.post(f"{TT}/new", json={"seed": "x"}))["state"]
    return {**unsigned(state), "hits": [3, 0], "scores": [3, 0]}


@pytest.mark.parametrize("call_name", REST_STATE_CALLS)
def test_attack_b_an_unsigned_state_gets_unsigned_answers_over_rest(make_client, call_name):
    client = make_client(rules_secret=A)  # unsigned states allowed: REQUIRE_SIGNED_STATE off
    forged = edited_unsigned_state(client)
    body = {"state": forged}
    if call_name == "play":
        body["move"] = first_move(client, TT, forged)
    answer = ok(client.post(f"{TT}/{call_name}", json=body))
    assert "sig" not in answer["state"]
    if call_name == "position":
        assert answer["state"]["scores"] == [3, 0]  # accepted as it is, and not vouched for
    # the same call from a signed state is signed, with the game's key
    signed = ok(client.post(f"{TT}/new", json={"seed": "x"}))["state"]
    body = {**body, "state": signed}
    assert kid(ok(client.post(f"{TT}/{call_name}", json=body))["state"]) == KID_A


def test_attack_b_an_unsigned_state_gets_unsigned_answers_over_graphql(make_client):
    client = make_client(rules_secret=A)
    forged = edited_unsigned_state(client)
    position = gql(client, GQL_POSITION, game="tric-trac", state=forged)["position"]
    assert position["__typename"] == "Position" and "sig" not in position["state"]
    move = first_move(client, TT, forged)
    played = gql(client, GQL_PLAY, game="tric-trac", state=forged, moves=[move], auto=None)
    assert "sig" not in played["play"]["position"]["state"]
    # what the service makes itself is signed: newGame, replay, and what follows a signed state
    new = gql(client, GQL_NEW, game="tric-trac", seed="x")["newGame"]["state"]
    assert kid(new) == KID_A
    replayed = gql(client, GQL_REPLAY, game="tric-trac", seed="x", moves=[move], keyId=None)
    assert kid(replayed["replay"]["position"]["state"]) == KID_A
    assert kid(gql(client, GQL_POSITION, game="tric-trac", state=new)["position"]["state"]) == KID_A
    played = gql(client, GQL_PLAY, game="tric-trac", state=new, moves=[move], auto=None)
    assert kid(played["play"]["position"]["state"]) == KID_A


def test_new_and_replay_are_signed_over_rest(make_client):
    client = make_client(rules_secret=A)
    new = ok(client.post(f"{TT}/new", json={"seed": "x"}))["state"]
    move = first_move(client, TT, new)
    replayed = ok(client.post(f"{TT}/replay", json={"seed": "x", "moves": [move]}))["state"]
    played = ok(client.post(f"{TT}/play", json={"state": new, "move": move}))["state"]
    assert kid(new) == kid(replayed) == KID_A and replayed == played


def test_without_a_secret_nothing_is_signed_and_a_sig_sent_is_dropped(client):
    new = ok(client.post(f"{TT}/new", json={"seed": "x"}))["state"]
    assert "sig" not in new
    answer = ok(client.post(f"{TT}/position", json={"state": {**new, "sig": "whatever"}}))
    assert "sig" not in answer["state"]


# ---- signatures and REQUIRE_SIGNED_STATE ----------------------------------------------------


def test_a_signature_names_its_key_and_unknown_or_wrong_ones_are_tampered(make_client):
    a, c = make_client(rules_secret=A), make_client(rules_secret=C)
    state = ok(a.post(f"{TT}/new", json={"seed": "x"}))["state"]
    assert kid(state) == KID_A
    from_c = ok(c.post(f"{TT}/new", json={"seed": "x"}))["state"]
    refused(a.post(f"{TT}/position", json={"state": from_c}), 422, "STATE_TAMPERED", "UNKNOWN_KEY")
    borrowed = {**from_c, "sig": KID_A + from_c["sig"][8:]}  # a known key id, C's HMAC
    refused(
        a.post(f"{TT}/position", json={"state": borrowed}), 422, "STATE_TAMPERED", "BAD_SIGNATURE"
    )
    legacy = {**state, "sig": state["sig"].split(".")[1]}  # an HMAC without a key id
    refused(a.post(f"{TT}/position", json={"state": legacy}), 422, "STATE_TAMPERED", "UNKNOWN_KEY")
    for odd in (7, None, ["x"], "é." + "0" * 64, ""):
        refused(
            a.post(f"{TT}/position", json={"state": {**state, "sig": odd}}), 422, "STATE_TAMPERED"
        )
    answer = gql(a, GQL_POSITION, game="tric-trac", state=from_c)["position"]
    assert answer == {"__typename": "InvalidState"}


@pytest.mark.parametrize("op", ["position", "legal-moves", "play", "score", "view", "render"])
def test_require_signed_state_refuses_unsigned_and_altered_states_as_before(make_client, op):
    client = make_client(rules_secret=A, require_signed_state=True)
    state = ok(client.post(f"{TT}/new", json={"seed": "x"}))["state"]
    extra = {"move": first_move(client, TT, state)} if op == "play" else {}
    if op == "view":
        extra = {"player": 0}
    assert client.post(f"{TT}/{op}", json={"state": state, **extra}).status_code == 200
    refused(
        client.post(f"{TT}/{op}", json={"state": unsigned(state), **extra}),
        422,
        "STATE_TAMPERED",
        "UNSIGNED",
    )
    altered = {**state, "hits": [3, 0]}
    refused(
        client.post(f"{TT}/{op}", json={"state": altered, **extra}),
        422,
        "STATE_TAMPERED",
        "BAD_SIGNATURE",
    )


# ---- (c), (d): what signing does not hide ----------------------------------------------------


def test_seeds_are_mixed_with_the_secret_and_without_one_chance_is_computable_offline(
    client, make_client
):
    """(d): with no secret anyone who knows the seed computes the dice offline, as README
    says; with a secret the same seed rolls otherwise."""
    engine = REGISTRY["te-trix"]
    offline = engine.encode(driver.start(engine, None, None, "known").state)
    assert ok(client.post("/v1/games/te-trix/new", json={"seed": "known"}))["state"] == offline

    def roll(client) -> list:
        return ok(client.post("/v1/games/te-trix/new", json={"seed": "known"}))["state"]["roll"]

    assert any(roll(make_client(rules_secret=s)) != offline["roll"] for s in (A, B, C))
    # the sampling key is derived from the secret: every draw differs from the public one
    for index in range(20):
        assert unit("known", index, A.encode()) != unit("known", index, b"")


def test_c_whoever_holds_a_full_state_can_preview_the_next_throw(make_client):
    """(c), inherent and documented: trying a move on a copy of a signed state shows the
    throw that follows it. That is why the host, not a player, holds the full state."""
    client = make_client(rules_secret=A, require_signed_state=True)
    start = ok(client.post(f"{TT}/new", json={"seed": "x"}))["state"]
    moves = ok(client.post(f"{TT}/legal-moves", json={"state": start}))["moves"][:5]
    previews = [
        ok(client.post(f"{TT}/play", json={"state": start, "move": m["notation"]}))["state"]
        for m in moves
    ]
    assert len({tuple(p["dice"]) for p in previews}) == 1, "the next throw, whatever is played"
    assert all(kid(p) == KID_A for p in previews), "each fork is validly signed"


# ---- key rotation -----------------------------------------------------------------------------


def play_turns(post, state: dict, turns: int) -> tuple[dict, list[str]]:
    """Plays ``turns`` turns of a seeded Tric Trac game (the first legal move each time)."""
    moves = []
    for _ in range(turns):
        legal = post(f"{TT}/legal-moves", {"state": state})["moves"]
        moves.append(legal[0]["notation"])
        state = post(f"{TT}/play", {"state": state, "move": moves[-1]})["state"]
    return state, moves


def poster(client):
    return lambda path, body: ok(client.post(path, json=body))


def test_rotation_keeps_games_in_progress_and_their_dice(make_client):
    old = make_client(rules_secret=A, require_signed_state=True)
    rotated = make_client(rules_secret=B, rules_previous_secrets=A, require_signed_state=True)
    start = ok(old.post(f"{TT}/new", json={"seed": "rotation"}))["state"]
    middle, first = play_turns(poster(old), start, 4)
    # continued after the rotation: accepted, still A's game, the dice A would have rolled
    end, second = play_turns(poster(rotated), middle, 4)
    same, _ = play_turns(poster(old), middle, 4)
    assert kid(end) == KID_A and end == same
    # a new game is B's; a replay of A's game with A's key id reproduces it exactly, rolled
    # with A's secret, and unsigned: a retired key signs no new game (issue 21, point 9)
    assert kid(ok(rotated.post(f"{TT}/new", json={"seed": "rotation"}))["state"]) == KID_B
    record = {"seed": "rotation", "moves": first + second}
    again = ok(rotated.post(f"{TT}/replay", json={**record, "keyId": KID_A}))["state"]
    assert "sig" not in again and again == {k: v for k, v in end.items() if k != "sig"}
    verdict = ok(rotated.post(f"{TT}/verify", json={**record, "keyId": KID_A}))
    assert verdict["plies"] == len(record["moves"])  # (not valid: the game goes on)
    assert verdict["position"]["state"] == again
    refused(
        rotated.post(f"{TT}/position", json={"state": again}), 422, "STATE_TAMPERED", "UNSIGNED"
    )
    # with the current key's id a replay is signed as any new game
    current = ok(rotated.post(f"{TT}/replay", json={"seed": "x", "moves": [], "keyId": KID_B}))
    assert kid(current["state"]) == KID_B
    # under B's key the same seed rolls other dice, which A's moves do not fit
    refused(rotated.post(f"{TT}/replay", json=record), 422, "ILLEGAL_MOVE")
    # once A is retired, its games end: the signature names no key of the service
    retired = make_client(rules_secret=B, require_signed_state=True)
    refused(
        retired.post(f"{TT}/position", json={"state": end}), 422, "STATE_TAMPERED", "UNKNOWN_KEY"
    )
    error = refused(
        retired.post(f"{TT}/replay", json={**record, "keyId": KID_A}), 400, "INVALID_REQUEST"
    )
    assert error["details"]["problems"][0]["path"] == "$.keyId"


def test_rotation_across_a_real_restart():
    """As an operator rotates: the server restarts with the new secret and the old one in
    RULES_PREVIOUS_SECRETS; a game started before continues with its dice, and its record
    replays to the same state with the old key's id."""

    def post(base):
        def send(path, body):
            status, raw = call(base + path, body)
            assert status == 200, raw
            return json.loads(raw)

        return send

    with running_server(RULES_SECRET=A, REQUIRE_SIGNED_STATE="1") as base:
        start = post(base)(f"{TT}/new", {"seed": "restart"})["state"]
        middle, first = play_turns(post(base), start, 3)
    with running_server(RULES_SECRET=B, RULES_PREVIOUS_SECRETS=A, REQUIRE_SIGNED_STATE="1") as base:
        end, second = play_turns(post(base), middle, 3)
        replayed = post(base)(
            f"{TT}/replay", {"seed": "restart", "moves": first + second, "keyId": KID_A}
        )["state"]
        fresh = post(base)(f"{TT}/new", {"seed": "restart"})["state"]
    assert kid(middle) == kid(end) == KID_A and kid(fresh) == KID_B
    assert replayed == unsigned(end)  # the same game, not signed by the retired key
    # the dice are those the game would have had without the rotation
    reference = driver.play(
        REGISTRY["tric-trac"],
        driver.start(REGISTRY["tric-trac"], None, None, "restart", A.encode()).state,
        [driver.MoveRequest(m) for m in first + second],
        auto_chance=True,
        secret=A.encode(),
    ).state
    assert REGISTRY["tric-trac"].encode(reference) == unsigned(end)


# ---- settings ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("env", "problem"),
    [
        ({"RULES_PREVIOUS_SECRETS": "old-one"}, "RULES_PREVIOUS_SECRETS needs RULES_SECRET"),
        (
            {"RULES_SECRET": "new-one", "RULES_PREVIOUS_SECRETS": "old-one,"},
            "secret 2 of 2 is empty",
        ),
        (
            {"RULES_SECRET": "new-one", "RULES_PREVIOUS_SECRETS": "a-1,,b-2"},
            "secret 2 of 3 is empty",
        ),
        (
            {"RULES_SECRET": "new-one", "RULES_PREVIOUS_SECRETS": "old-one, b-2"},
            "secret 2 of 2 has spaces",
        ),
        ({"RULES_SECRET": "new-one", "RULES_PREVIOUS_SECRETS": "new-one"}, "secret 1 of 1 repeats"),
        (
            {"RULES_SECRET": "new-one", "RULES_PREVIOUS_SECRETS": "old-one,old-one"},
            "secret 2 of 2 repeats",
        ),
    ],
)
def test_previous_secrets_are_parsed_strictly_and_never_shown(env, problem):
    with pytest.raises(SystemExit) as caught:
        Settings.from_env(env)
    message = str(caught.value)
    assert problem in message
    for value in ("old-one", "new-one", "a-1", "b-2"):
        assert value not in message


def test_settings_never_show_a_secret():
    settings = Settings.from_env({"RULES_SECRET": "new-one", "RULES_PREVIOUS_SECRETS": "a-1,b-2"})
    assert settings.previous_secret_list() == ["a-1", "b-2"]
    assert "new-one" not in repr(settings) and "a-1" not in repr(settings)


def test_graphql_tells_the_tampered_reasons_apart(make_client):
    """InvalidState.reason carries STATE_TAMPERED's reason, as details.reason does in REST."""
    client = make_client(rules_secret="s3cret", require_signed_state=True)
    state = client.post("/v1/games/mixtour/new", json={}).json()["state"]
    q = """query($s: JSON!) { position(game: "mixtour", state: $s) { __typename
        ... on InvalidState { code reason } } }"""
    unsigned = {k: v for k, v in state.items() if k != "sig"}
    edited = {**state, "supply": [19, 20]}
    for doc, reason in ((unsigned, "UNSIGNED"), (edited, "BAD_SIGNATURE")):
        r = client.post("/graphql", json={"query": q, "variables": {"s": doc}})
        assert r.json()["data"]["position"] == {
            "__typename": "InvalidState",
            "code": "STATE_TAMPERED",
            "reason": reason,
        }
