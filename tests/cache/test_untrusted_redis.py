"""Redis as untrusted storage (issue 21, point 5).

The attacker's probe: whatever Redis returned was parsed outside the error handling and
served as is. Poisoned legal moves came back verbatim; a poisoned ``position`` was signed with
the service key (a Mixtour state with scores [4, 0], a Te-Trix state with a chosen seed) and
a clean replica with REQUIRE_SIGNED_STATE accepted both; a Redis answering ``+OK`` to
everything failed 394 of 400 requests without opening the breaker; non-JSON values gave 500s
until they expired; an integer answer counted as a hit.

Against a real redis-server on a free port, poisoned the way an attacker with write access
would (the exact key, computed as the service computes it), and against fake peers for what
a real Redis never does (answer garbage).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from hashlib import sha256
from typing import Any

import pytest
import redis
from starlette.testclient import TestClient

from service import jsonio
from service.app import create_app
from service.cache import cache_key
from service.cache.redis_tier import PREFIX, QUERY_PREFIX, TAG_BYTES, Breaker, RedisTier
from service.games import REGISTRY
from service.settings import Settings

from ..redis_server import fake_peer, redis_key
from .test_redis import CACHE_SECRET, app_client, client_metric, states

RULES_SECRET = "the-service-signing-secret"


@pytest.fixture
def store(redis_server) -> Iterator[redis.Redis]:
    """The attacker's (or the test's) own client of the same Redis."""
    client = redis.Redis(port=redis_server.port)
    yield client
    client.close()


def lookups(client: TestClient, result: str, op: str = "legal-moves") -> float:
    return client_metric(
        client, f'regelwerk_cache_lookups_total{{op="{op}",result="{result}",tier="redis"}}'
    )


def flush(client: TestClient) -> None:
    client.portal.call(client.app.state.rules.cache.flush)


def clean_answer(path: str, body: dict[str, Any], **settings: Any) -> Any:
    """What a replica without Redis answers: the truth."""
    return TestClient(create_app(Settings(**settings))).post(path, json=body).json()


# ---- poisoned values on a real Redis -----------------------------------------------------------


def test_poisoned_legal_moves_are_computed_fresh_never_served(redis_server, store):
    """Issue 21, point 5: legal moves written into Redis by someone else came back verbatim."""
    with app_client(redis_server.url, cache_entries=0) as client:
        (doc,) = states(client, 1)
        flush(client)
        body = {"state": doc}
        truth = clean_answer("/v1/games/mixtour/legal-moves", body)
        poison = {"toMove": [0], "isChance": False, "moves": [{"notation": "pwned", "move": {}}]}
        key = redis_key("mixtour", doc, "legal-moves")
        for raw in (
            jsonio.dumps(poison),  # as the probe wrote it
            bytes(TAG_BYTES) + jsonio.dumps(poison),  # with a made-up tag
        ):
            store.set(key, raw)
            before = lookups(client, "invalid")
            answer = client.post("/v1/games/mixtour/legal-moves", json=body)
            assert answer.status_code == 200 and answer.json() == truth
            assert lookups(client, "invalid") == before + 1
            flush(client)
            assert store.get(key) != raw  # deleted (or replaced by the true result)
        assert lookups(client, "hit") == 0


@pytest.mark.parametrize(
    ("game", "poisoned"),
    [
        ("mixtour", lambda state: {**state, "scores": [4, 0]}),
        ("te-trix", lambda state: {**state, "seed": "a-seed-the-attacker-chose"}),
    ],
    ids=["mixtour-scores", "te-trix-seed"],
)
def test_a_poisoned_position_is_never_signed(redis_server, store, game, poisoned):
    """Issue 21, point 5: a poisoned ``position`` value was signed with the service key, and a
    clean replica with REQUIRE_SIGNED_STATE accepted it. The answer's state is the true one,
    and the clean replica accepts only that."""
    signing = {"rules_secret": RULES_SECRET}
    with app_client(redis_server.url, cache_entries=0, **signing) as client:
        new = client.post(f"/v1/games/{game}/new", json={"seed": "the-hosts-seed"}).json()
        new.pop("events")  # a position answer has none
        flush(client)  # its position, written behind the answer
        state = new["state"]
        true_doc = {k: v for k, v in state.items() if k != "sig"}
        summary = {**{k: v for k, v in new.items() if k != "state"}, "state": true_doc}
        forged = {**summary, "state": poisoned(true_doc), "scores": [4, 0]}
        key = redis_key(game, state, "position")
        store.set(key, jsonio.dumps(forged))
        answer = client.post(f"/v1/games/{game}/position", json={"state": state})
        assert answer.status_code == 200
        assert answer.json() == new  # the true state, signed, and the true scores
        assert lookups(client, "invalid", "position") == 1
        signed = answer.json()["state"]

    clean = TestClient(create_app(Settings(require_signed_state=True, **signing)))
    assert clean.post(f"/v1/games/{game}/position", json={"state": signed}).status_code == 200
    for attempt in (poisoned(true_doc), {**poisoned(true_doc), "sig": state["sig"]}):
        refused = clean.post(f"/v1/games/{game}/position", json={"state": attempt})
        assert refused.status_code == 422
        assert refused.json()["error"]["code"] == "STATE_TAMPERED"


def test_a_cached_position_of_another_state_is_never_signed_even_when_sealed(redis_server, store):
    """Past the tag: a state is signed only when it is byte for byte the request's own (or one
    the service just made). So neither a holder of CACHE_SECRET (who can seal any value) nor
    a bug that puts a wrong summary under a key gets a state signed that the service did not
    derive; the answer carries the request's own state, signed, and a clean replica with
    REQUIRE_SIGNED_STATE accepts nothing else."""
    signing = {"rules_secret": RULES_SECRET}
    with app_client(redis_server.url, cache_entries=0, **signing) as client:
        new = client.post("/v1/games/mixtour/new", json={}).json()
        new.pop("events")  # a position answer has none
        flush(client)
        state = new["state"]
        true_doc = {k: v for k, v in state.items() if k != "sig"}
        forged = {**new, "state": {**true_doc, "scores": [4, 0]}, "scores": [4, 0]}
        key = redis_key("mixtour", state, "position")
        tier = client.app.state.rules.cache.redis
        store.set(key, tier.sealed(key[len(PREFIX) :], jsonio.dumps(forged)))
        answer = client.post("/v1/games/mixtour/position", json={"state": state}).json()
        assert lookups(client, "hit", "position") == 1  # the seal held: this is the poison
        assert answer["state"] == state
    with TestClient(create_app(Settings(**signing))) as alone:
        # the in-process tier too: a wrong summary there is not signed either
        rules = alone.app.state.rules
        d = REGISTRY["mixtour"].descriptor
        body = jsonio.canonical(true_doc)
        rules.cache.memory.put(cache_key(d.id, d.rules_version, body, "position", None), forged)
        answer = alone.post("/v1/games/mixtour/position", json={"state": state}).json()
        assert answer["scores"] == [4, 0]  # served from the (poisoned) memory tier
        assert answer["state"] == state
    clean = TestClient(create_app(Settings(require_signed_state=True, **signing)))
    forged_state = {**forged["state"], "sig": state["sig"]}
    assert clean.post("/v1/games/mixtour/position", json={"state": forged_state}).status_code == 422
    assert clean.post("/v1/games/mixtour/position", json={"state": state}).json() == new


def test_tampered_truncated_unparsable_and_moved_values_are_misses_counted_and_deleted(
    redis_server, store
):
    """Every way a stored value can be wrong: answered fresh and right, counted as invalid,
    deleted from Redis."""
    with app_client(redis_server.url, cache_entries=0) as client:
        a, b = states(client, 2)
        answers = {}
        for doc in (a, b):
            answers[redis_key("mixtour", doc, "legal-moves")] = client.post(
                "/v1/games/mixtour/legal-moves", json={"state": doc}
            ).json()
        flush(client)
        key_a, key_b = answers
        genuine = store.get(key_a)
        assert genuine is not None and store.get(key_b) is not None
        tier = client.app.state.rules.cache.redis
        flipped = bytes([genuine[0] ^ 1]) + genuine[1:]
        wrong = [
            ("tampered tag", key_a, flipped),
            ("tampered result", key_a, genuine + b" "),  # still JSON, no longer sealed
            ("truncated", key_a, genuine[:-7]),
            ("only a tag", key_a, genuine[:TAG_BYTES]),
            ("not JSON", key_a, b"\x00\xffnot json at all"),
            ("sealed, not JSON", key_a, tier.sealed(key_a[len(PREFIX) :], b"{not json")),
            ("sealed, not an object", key_a, tier.sealed(key_a[len(PREFIX) :], b"[1, 2]")),
            ("moved to another key", key_b, genuine),
        ]
        for label, key, value in wrong:
            doc = a if key == key_a else b
            store.set(key, value)
            before = lookups(client, "invalid")
            answer = client.post("/v1/games/mixtour/legal-moves", json={"state": doc})
            assert answer.status_code == 200, label
            assert answer.json() == answers[key], label
            assert lookups(client, "invalid") == before + 1, label
            flush(client)
            assert store.get(key) != value, label
        assert client.app.state.rules.cache.redis.breaker.state == "closed"


def test_the_tier_deletes_what_fails_and_keeps_what_it_stored(redis_server, store):
    """The deletion itself, without a request's write behind it (which may store the true
    value again)."""
    events: list[tuple[str, str, str]] = []

    async def run() -> None:
        tier = RedisTier(
            redis_server.url,
            secret=Settings(cache_secret=CACHE_SECRET).cache_mac_key() or b"",
            timeout_ms=1000,
            ttl=60,
            max_value_bytes=1000,
            breaker_seconds=60,
            on_event=lambda *e: events.append(e),
        )
        try:
            await tier.put(b"good", "op", b'{"a": 1}')
            assert await tier.get_json(b"good", "op") == ({"a": 1}, 8)
            store.set(PREFIX + b"bad", b"x" * 40)
            store.set(PREFIX + b"moved", store.get(PREFIX + b"good"))
            store.set(PREFIX + b"huge", tier.sealed(b"huge", b"1" * 1001))  # over the limit
            for key in (b"bad", b"moved", b"huge"):
                assert await tier.get_json(key, "op") is None
            await tier.flush()
        finally:
            await tier.close()

    asyncio.run(run())
    assert store.exists(PREFIX + b"bad", PREFIX + b"moved", PREFIX + b"huge") == 0
    assert store.exists(PREFIX + b"good") == 1
    assert [r for _, _, r in events] == ["stored", "hit", "invalid", "invalid", "invalid"]


def test_replicas_with_the_same_secret_share_results_and_others_cannot_read_them(
    redis_server,
):
    """The tag is what lets a replica trust another's result: one with the same CACHE_SECRET
    hits, one with another secret counts the value invalid and computes."""
    with app_client(redis_server.url, cache_entries=0) as first:
        (doc,) = states(first, 1)
        answer = first.post("/v1/games/mixtour/legal-moves", json={"state": doc}).json()
        flush(first)
    with app_client(redis_server.url, cache_entries=0) as same:
        assert same.post("/v1/games/mixtour/legal-moves", json={"state": doc}).json() == answer
        assert lookups(same, "hit") == 1
    with app_client(redis_server.url, cache_entries=0, cache_secret="another") as other:
        assert other.post("/v1/games/mixtour/legal-moves", json={"state": doc}).json() == answer
        assert lookups(other, "hit") == 0 and lookups(other, "invalid") == 1


# ---- persisted query texts ---------------------------------------------------------------------


def test_persisted_query_texts_from_redis_are_checked_counted_and_never_raise(redis_server, store):
    """A stored text is used only when sealed and when it hashes to its key; anything else
    is a counted miss (the client sends the text again), never an exception."""
    query = "query Games { games { id } }"
    digest = sha256(query.encode()).hexdigest()
    key = PREFIX + QUERY_PREFIX + digest.encode()
    hashed = {"extensions": {"persistedQuery": {"version": 1, "sha256Hash": digest}}}
    with app_client(redis_server.url) as client:
        tier = client.app.state.rules.cache.redis
        sealed = tier.sealed(key[len(PREFIX) :], b"{ __typename }")  # sealed, hashes wrong
        for value in (query.encode(), sealed, tier.sealed(key[len(PREFIX) :], b"\xff\xfe")):
            store.set(key, value)
            answer = client.post("/graphql", json=hashed)
            assert answer.status_code == 200
            assert answer.json()["errors"][0]["extensions"]["code"] == "PERSISTED_QUERY_NOT_FOUND"
            flush(client)
            assert store.exists(key) == 0
        assert lookups(client, "invalid", "persisted-query") == 3
        store.set(key, tier.sealed(key[len(PREFIX) :], query.encode()))
        assert client.post("/graphql", json=hashed).json() == {"data": {"games": _games()}}


def _games() -> list[dict[str, str]]:
    return [{"id": g} for g in REGISTRY]


# ---- misbehaving peers -------------------------------------------------------------------------


def peer_client(url: str) -> TestClient:
    return app_client(url, redis_breaker_seconds=60, cache_entries=0)


def answers_stay_right_and_the_breaker_opens(client: TestClient, count: int = 8) -> int:
    """Requests over the misbehaving peer: every one 200 and the truth; returns after how
    many requests the breaker was open."""
    docs = [
        clean_answer("/v1/games/mixtour/play", {"state": s, "moves": ["a1", "b2"]})["state"]
        for s in [clean_answer("/v1/games/mixtour/new", {})["state"]]
    ]
    opened_after = 0
    tier = client.app.state.rules.cache.redis
    tier.breaker.clock = lambda: 0.0  # no pause passes: an open breaker stays open
    for i in range(count):
        doc = {**docs[0], "seed": f"s{i}"}  # a new key each time
        answer = client.post("/v1/games/mixtour/legal-moves", json={"state": doc})
        assert answer.status_code == 200
        assert answer.json() == clean_answer("/v1/games/mixtour/legal-moves", {"state": doc})
        flush(client)
        if not opened_after and tier.breaker.state == "open":
            opened_after = i + 1
    return opened_after


def test_a_peer_answering_ok_to_everything_opens_the_breaker():
    """Issue 21, point 5: 394 of 400 requests failed and the breaker never opened. GET gives
    b"OK" (no tag: invalid), DEL gives b"OK" (not an integer: an error); a write that
    succeeds does not hide the failed reads."""
    with fake_peer(b"+OK\r\n") as url, peer_client(url) as client:
        assert 1 <= answers_stay_right_and_the_breaker_opens(client) <= 3
        assert lookups(client, "hit") == 0
        assert lookups(client, "invalid") >= 1
        assert lookups(client, "skipped") >= 5
        assert client_metric(client, "regelwerk_redis_breaker_open") == 1.0


def test_a_peer_answering_integers_counts_misses_not_hits():
    """Issue 21, point 5: an integer answer to GET counted as a hit. It is an error now (a
    miss), as is a SET not answered OK, and they open the breaker."""
    with fake_peer(b":1\r\n") as url, peer_client(url) as client:
        assert 1 <= answers_stay_right_and_the_breaker_opens(client) <= 3
        assert lookups(client, "hit") == 0
        assert lookups(client, "error") >= 1
        assert client_metric(client, 'regelwerk_redis_errors_total{command="get"}') >= 1


@pytest.mark.parametrize(
    "answer",
    [b"*1\r\n$1\r\nx\r\n", b"$3\r\nabc\r\n", b"#t\r\n", b"what is this\r\n", b"-ERR no\r\n"],
    ids=["array", "bulk-garbage", "boolean", "not-resp", "error"],
)
def test_any_garbage_peer_opens_the_breaker_and_answers_stay_right(answer):
    with fake_peer(answer) as url, peer_client(url) as client:
        assert 1 <= answers_stay_right_and_the_breaker_opens(client) <= 3
        assert lookups(client, "hit") == 0


# ---- the breaker and the key -------------------------------------------------------------------


def test_a_write_that_succeeds_does_not_clear_failed_reads_but_closes_as_the_probe():
    now = [0.0]
    breaker = Breaker(5, clock=lambda: now[0], threshold=3)
    breaker.failure()
    breaker.failure()
    assert breaker.success(proves_reads=False) is False  # a SET or DEL that went through
    assert breaker.failure() is True  # the third failed read in a row: open
    now[0] = 5.0
    assert breaker.allow()  # the probe
    assert breaker.success(proves_reads=False) is True and breaker.state == "closed"


def test_the_cache_key_is_shared_by_replicas_and_never_a_signing_key():
    first = Settings(cache_secret="c").cache_mac_key()
    assert first == Settings(cache_secret="c", rules_secret="r").cache_mac_key()
    derived = Settings(rules_secret="r").cache_mac_key()
    assert derived == Settings(rules_secret="r").cache_mac_key()  # every replica derives it
    assert derived is not None and first is not None and len(derived) == len(first) == 32
    # domain-separated: not the secret, and not what CACHE_SECRET=r would give
    assert derived != b"r" and derived != Settings(cache_secret="r").cache_mac_key()
    assert Settings().cache_mac_key() is None
