"""The answer tier (issue 26, point 2): whole answers kept by the request's raw bytes, in
front of parsing and canonicalization — the same bytes again are answered byte for byte as
the full path answered them, in the request's language, only after the full path verified
them, bounded by bytes."""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import re
from typing import Any

import pytest
from starlette.testclient import TestClient

from service.api import answers
from service.app import create_app
from service.games import REGISTRY
from service.settings import Settings

from ..cache.sizes import grown_by
from ..games.contract import random_game

MX = "/v1/games/mixtour"
SECRET = "answer-tier-secret-0123456789"
SUGGEST = """query($s: JSON!) { suggest(game: "mixtour", state: $s, seed: "x", budget: 4) {
  __typename } }"""
LEGAL = """query($s: JSON!) { position(game: "mixtour", state: $s) {
  ... on Position { legalMoves { notation } } } }"""


def lookups(client: TestClient, result: str, op: str = "rest") -> float:
    text = client.get("/metrics").text
    line = f'regelwerk_cache_lookups_total{{op="{op}",result="{result}",tier="answer"}} '
    found = re.search(re.escape(line) + r"([0-9.]+)", text)
    return float(found.group(1)) if found else 0.0


def tier(client: TestClient) -> answers.Answers:
    """The app's answer tier (the middleware, found in the built stack)."""
    client.get("/healthz")  # builds the middleware stack
    app: Any = client.app.middleware_stack  # type: ignore[attr-defined]
    while not isinstance(app, answers.Answers):
        app = app.app
    return app


def post(client: TestClient, path: str, body: bytes, **headers: str) -> Any:
    return client.post(path, content=body, headers={"content-type": "application/json", **headers})


def mixtour_state(client: TestClient) -> dict[str, Any]:
    state = client.post(f"{MX}/new", json={"seed": "answers"}).json()["state"]
    return client.post(f"{MX}/play", json={"state": state, "moves": ["a1", "b2"]}).json()["state"]


def test_the_same_bytes_are_answered_again_byte_for_byte(client):
    body = json.dumps({"state": mixtour_state(client)}).encode()
    first = post(client, f"{MX}/legal-moves", body)
    hits = lookups(client, "hit")
    again = post(client, f"{MX}/legal-moves", body)
    assert lookups(client, "hit") == hits + 1
    assert again.status_code == 200 and again.content == first.content
    for name in ("content-type", "content-length", "content-language", "vary"):
        assert again.headers[name] == first.headers[name]
    assert again.headers["x-request-id"] != first.headers["x-request-id"]  # each its own


def test_the_language_is_part_of_the_key(client):
    body = json.dumps({"state": mixtour_state(client), "describe": True}).encode()
    answers_by_language = {}
    for _ in range(2):
        for language in ("de", "en"):
            r = post(client, f"{MX}/legal-moves", body, **{"accept-language": language})
            assert r.headers["content-language"] == language
            answers_by_language.setdefault(language, set()).add(r.content)
        r = post(client, f"{MX}/legal-moves?lang=de", body)
        assert r.content in answers_by_language["de"]
    assert all(len(found) == 1 for found in answers_by_language.values())
    assert answers_by_language["de"] != answers_by_language["en"]
    assert "Weiß" in json.loads(next(iter(answers_by_language["de"])))["moves"][0]["description"]


def test_a_hit_is_only_for_bytes_already_verified(make_client):
    """A signed state's bytes are kept once verified; a forged signature, an altered board
    and an unsigned copy are refused every time, each never kept (no look-up of theirs hits)."""
    client = make_client(rules_secret=SECRET, require_signed_state=True)
    state = mixtour_state(client)
    good = json.dumps({"state": state}).encode()
    assert post(client, f"{MX}/legal-moves", good).status_code == 200
    sig = state["sig"]
    forged = {**state, "sig": sig[:-1] + ("0" if sig[-1] != "0" else "1")}
    altered = {**state, "scores": [1, 0]}
    unsigned = {k: v for k, v in state.items() if k != "sig"}
    kept = len(tier(client).lru)
    hits = lookups(client, "hit")
    for bad in (forged, altered, unsigned):
        body = json.dumps({"state": bad}).encode()
        for _ in range(3):
            r = post(client, f"{MX}/legal-moves", body)
            assert r.status_code in (400, 401, 403, 422), r.text
    assert len(tier(client).lru) == kept and lookups(client, "hit") == hits
    assert post(client, f"{MX}/legal-moves", good).status_code == 200
    assert lookups(client, "hit") == hits + 1


def test_errors_and_answers_that_vary_are_never_kept(client):
    state = mixtour_state(client)
    lru = tier(client).lru
    before = len(lru)
    for _ in range(2):
        assert post(client, f"{MX}/legal-moves", b'{"state": ').status_code == 400
        assert post(client, f"{MX}/legal-moves", b'{"state": {}}').status_code == 422
        unknown = json.dumps({"state": state, "x": 1}).encode()
        assert post(client, f"{MX}/legal-moves", unknown).status_code == 400
        suggest = json.dumps({"state": state, "seed": "s", "budget": 4}).encode()
        assert post(client, f"{MX}/suggest", suggest).status_code == 200
        unknown_field = json.dumps({"query": "{ nothing }"}).encode()
        assert "GRAPHQL_VALIDATION_FAILED" in post(client, "/graphql", unknown_field).text
        bad_variable = json.dumps({"query": LEGAL, "variables": {"s": None}}).encode()
        assert "BAD_USER_INPUT" in post(client, "/graphql", bad_variable).text
        searched = json.dumps({"query": SUGGEST, "variables": {"s": state}}).encode()
        assert "errors" not in post(client, "/graphql", searched).json()
    assert len(lru) == before


def test_graphql_answers_are_kept_by_body_media_and_language(client):
    body = json.dumps({"query": LEGAL, "variables": {"s": mixtour_state(client)}}).encode()
    seen: dict[tuple[str, str], bytes] = {}
    for _ in range(2):
        for accept in ("application/json", "application/graphql-response+json"):
            for language in ("de", "en"):
                r = post(client, "/graphql", body, accept=accept, **{"accept-language": language})
                assert r.status_code == 200 and r.headers["content-type"].startswith(accept)
                assert r.headers["content-language"] == language
                assert seen.setdefault((accept, language), r.content) == r.content
    assert lookups(client, "hit", "graphql") == 4 and lookups(client, "miss", "graphql") == 4


def test_hits_keep_the_route_name_and_the_cors_headers(make_client):
    client = make_client(cors_origins="https://a.example")
    body = json.dumps({"state": mixtour_state(client)}).encode()
    for _ in range(3):
        r = post(client, f"{MX}/legal-moves", body, origin="https://a.example")
        assert r.headers["access-control-allow-origin"] == "https://a.example"
    assert lookups(client, "hit") == 2
    text = client.get("/metrics").text
    assert 'regelwerk_requests_total{route="/v1/games/{game}/legal-moves",status="200"} 3.0' in text


def test_cache_entries_zero_turns_the_tier_off(make_client):
    client = make_client(cache_entries=0)
    body = json.dumps({"state": mixtour_state(client)}).encode()
    first, again = post(client, f"{MX}/legal-moves", body), post(client, f"{MX}/legal-moves", body)
    assert first.content == again.content
    assert not tier(client).lru.enabled and lookups(client, "miss") == lookups(client, "hit") == 0


def _random_states(game: str, count: int, seed: int) -> list[Any]:
    """The first ``count`` decision positions of a seeded random game (the shared contract's
    ``random_game``)."""
    players = 2 if game in ("te-trix", "triominos-junior") else None
    plies = random_game(REGISTRY[game], random.Random(seed), f"answers-{seed}", players=players)
    states = (ply.state for ply in plies if ply.mover is not None)
    return list(itertools.islice(states, count))


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_a_hit_equals_the_full_path_along_a_random_game(make_client, game):
    """Along a random game, each position's legal moves, position and score asked twice of a
    caching app are the bytes an app without any cache answers, and an app that computes
    everything in a compute thread (OFFLOAD_MIN_COST_US=0, issue 26 point 3) too."""
    cached, fresh = make_client(), make_client(cache_entries=0)
    threaded = make_client(cache_entries=0, offload_min_cost_us=0)
    engine = REGISTRY[game]
    for state in _random_states(game, 12, 7):
        movers = engine.to_move(state)
        extra = {"player": movers[0]} if len(movers) > 1 else {}
        for call in ("legal-moves", "position", "score"):
            sent = {"state": engine.encode(state), **(extra if call == "legal-moves" else {})}
            body = json.dumps(sent).encode()
            want = post(fresh, f"/v1/games/{game}/{call}", body)
            assert want.status_code == 200, want.text
            assert post(threaded, f"/v1/games/{game}/{call}", body).content == want.content
            for _ in range(2):
                assert post(cached, f"/v1/games/{game}/{call}", body).content == want.content
    assert lookups(cached, "hit") == lookups(cached, "miss") > 0


def test_the_tier_is_bounded_by_its_bytes(make_client):
    limit = 256 * 1024
    client = make_client(answer_cache_bytes=limit)
    lru = tier(client).lru
    states = _random_states("mixtour", 60, 3)
    for state in states:
        body = json.dumps({"state": REGISTRY["mixtour"].encode(state)}).encode()
        assert post(client, f"{MX}/legal-moves", body).status_code == 200
        assert lru.bytes <= limit
    assert 0 < len(lru) < len(states)
    # one over a sixteenth of the bound is answered, not kept, and counted
    big = make_client(answer_cache_bytes=16 * 1024)
    body = json.dumps({"state": REGISTRY["mixtour"].encode(states[-1])}).encode()
    assert len(post(big, f"{MX}/legal-moves", body).content) > 1024
    assert len(tier(big).lru) == 0
    writes = 'regelwerk_cache_writes_total{op="rest",result="too_large",tier="answer"} 1.0'
    assert writes in big.get("/metrics").text


def test_entry_bytes_estimate_the_memory_an_entry_holds(client):
    """The estimate (``answers.entry_bytes``) against tracemalloc: the memory that real
    entries (copied out of the tier, so nothing is shared) hold, within 0.5x to 1.25x."""
    for game in sorted(REGISTRY):
        for state in _random_states(game, 8, 5):
            engine = REGISTRY[game]
            movers = engine.to_move(state)
            extra = {"player": movers[0]} if len(movers) > 1 else {}
            body = json.dumps({"state": engine.encode(state), **extra}).encode()
            post(client, f"/v1/games/{game}/legal-moves", body)
    real = list(tier(client).lru._data.items())
    assert len(real) >= 20
    from service.cache.memory import LRU

    copy = LRU(10_000, 1 << 30)

    def copy_all() -> None:
        for key, entry in real:
            path, language, varies, body = key
            new_key = (path[:], language, varies, bytes(bytearray(body)))
            new = entry._replace(
                headers=[(bytes(bytearray(k)), bytes(bytearray(v))) for k, v in entry.headers],
                body=bytes(bytearray(entry.body)),
                hot=bytes(bytearray(entry.hot)),
            )
            copy.put(new_key, new, answers.entry_bytes(new_key, new.body))

    held = grown_by(copy_all)
    assert 0.5 <= held / copy.bytes <= 1.25, (held, copy.bytes)


def test_a_client_that_leaves_while_sending_reaches_the_app():
    """The tier reads the body before the app does: a disconnect on the way is handed on."""
    seen: list[str] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        seen.append((await receive())["type"])

    tier = answers.Answers(
        app,
        lambda *a: None,
        create_app(Settings()).state.rules.cache.hot,
        10,
        1 << 20,
        frozenset({"legal-moves"}),
    )
    scope = {"type": "http", "method": "POST", "path": f"{MX}/legal-moves", "headers": []}
    messages = [
        {"type": "http.request", "body": b"{", "more_body": True},
        {"type": "http.disconnect"},
    ]

    async def receive() -> Any:
        return messages.pop(0)

    async def send(message: Any) -> None:
        raise AssertionError("nothing is answered")

    asyncio.run(tier(scope, receive, send))
    assert seen == ["http.disconnect"]
