"""GraphQL over HTTP (issue "Front ends without rules", item 5): media types and status codes
per the GraphQL-over-HTTP specification, a code on every error, the offline explorer."""

from __future__ import annotations

import gzip
import hashlib
import json
import re

import pytest

from service.api.graphql_http import Documents, Parsed, accepted_media
from service.api.ops import Rules

NEW = "application/graphql-response+json"
LEGACY = "application/json"


def post(client, body, accept=None, **kw):
    headers = {"accept": accept} if accept else {}
    return client.post("/graphql", json=body, headers=headers, **kw)


def codes(response) -> list[str]:
    return [e["extensions"]["code"] for e in response.json()["errors"]]


@pytest.mark.parametrize(
    ("query", "variables", "code"),
    [
        ("{ games { id ", None, "GRAPHQL_PARSE_FAILED"),
        ("{ nothing }", None, "GRAPHQL_VALIDATION_FAILED"),
        (
            'query($p: Int) { newGame(game: "mixtour", players: $p) { __typename } }',
            {"p": "two"},
            "BAD_USER_INPUT",
        ),
        ("query A { games { id } } query B { games { name } }", None, "OPERATION_NOT_FOUND"),
    ],
)
def test_request_errors_are_4xx_for_graphql_response_json_and_200_for_json(
    client, query, variables, code
):
    new = post(client, {"query": query, "variables": variables}, accept=NEW)
    assert new.status_code == 400
    assert new.headers["content-type"].startswith(NEW)
    assert "data" not in new.json() and codes(new) == [code] * len(codes(new))
    legacy = post(client, {"query": query, "variables": variables}, accept=LEGACY)
    assert legacy.status_code == 200
    assert legacy.headers["content-type"].startswith(LEGACY)
    assert codes(legacy) == codes(new)


def test_a_successful_answer_uses_the_media_type_asked_for(client):
    for accept, media in (
        (NEW, NEW),
        (LEGACY, LEGACY),
        (None, LEGACY),
        ("*/*", LEGACY),
        (f"{LEGACY}, {NEW}", NEW),
        (f"{NEW};q=0.5, {LEGACY}", LEGACY),
    ):
        r = post(client, {"query": "{ games { id } }"}, accept=accept)
        assert r.status_code == 200 and r.headers["content-type"].startswith(media), accept
        assert r.json()["data"]["games"]


def test_no_acceptable_media_type_is_406(client):
    r = post(client, {"query": "{ games { id } }"}, accept="text/plain")
    assert r.status_code == 406 and codes(r) == ["BAD_REQUEST"]


@pytest.mark.parametrize(
    ("content", "media", "status"),
    [
        (b'[{"query": "{ games { id } }"}]', LEGACY, 400),  # batching
        (b"null", LEGACY, 400),
        (b"\xff", LEGACY, 400),
        (b'{"query": 5}', LEGACY, 400),
        (b'{"query": "{ games { id } }", "variables": [1]}', LEGACY, 400),
        (b"{}", LEGACY, 400),  # no query
        (b"query=%7B%7D", "application/x-www-form-urlencoded", 415),
        (b"{ games { id } }", "text/plain", 415),
    ],
)
def test_transport_errors_are_4xx_with_a_json_envelope(client, content, media, status):
    for accept in (NEW, LEGACY):
        r = client.post(
            "/graphql", content=content, headers={"content-type": media, "accept": accept}
        )
        assert r.status_code == status
        assert codes(r) == ["BAD_REQUEST"] and r.json()["errors"][0]["message"]


def test_field_errors_keep_data_and_carry_a_code(client):
    state = post(client, {"query": '{ newGame(game: "mixtour") { ... on Position { state } } }'})
    q = """query($s: JSON!) { games { id } position(game: "mixtour", state: $s) {
        ... on Position { legalMoves(player: 7) { notation } } } }"""
    r = post(
        client,
        {"query": q, "variables": {"s": state.json()["data"]["newGame"]["state"]}},
        accept=NEW,
    )
    assert r.status_code == 200
    assert codes(r) == ["INVALID_PLAYER"]
    assert r.json()["errors"][0]["path"] == ["position", "legalMoves"]


def test_an_unexpected_error_is_internal_logged_and_not_leaked(client, monkeypatch, caplog):
    def broken(self):
        raise RuntimeError("secret detail")

    monkeypatch.setattr(Rules, "games", broken)
    r = post(client, {"query": "{ games { id } }"}, accept=NEW)
    assert r.status_code == 200 and codes(r) == ["INTERNAL"]
    assert "secret detail" not in r.text
    assert "secret detail" in caplog.text


def test_persisted_queries_remember_only_documents_that_validate(client):
    bad = "{ nothing }"
    digest = hashlib.sha256(bad.encode()).hexdigest()
    ext = {"persistedQuery": {"version": 1, "sha256Hash": digest}}
    assert codes(post(client, {"query": bad, "extensions": ext})) == ["GRAPHQL_VALIDATION_FAILED"]
    assert codes(post(client, {"extensions": ext})) == ["PERSISTED_QUERY_NOT_FOUND"]
    r = post(client, {"extensions": ext}, accept=NEW)
    assert r.status_code == 400
    bad_ext = {"persistedQuery": {"version": 2, "sha256Hash": digest}}
    assert codes(post(client, {"extensions": bad_ext})) == ["PERSISTED_QUERY_INVALID"]


def test_document_caches_are_bounded_by_bytes_and_entries():
    docs = Documents(max_entries=3, max_bytes=100, max_text_bytes=100)
    for i in range(5):
        docs.put(f"q{i}", Parsed(None, 40))  # type: ignore[arg-type]
    assert [docs.get(f"q{i}") is not None for i in range(5)] == [False] * 3 + [True] * 2
    docs.put("huge", Parsed(None, 101))  # type: ignore[arg-type]
    assert docs.get("huge") is None
    for i in range(20):
        docs.remember(f"h{i}", "x" * 30)
    assert sum(docs.text(f"h{i}") is not None for i in range(20)) == 3


def test_many_distinct_large_documents_keep_the_parse_cache_bounded(client):
    """The issue: each distinct ~1 MB document stayed resident (55-65 MB each, 512 kept).
    Now a document is at most GRAPHQL_MAX_BYTES and the cache is bounded by the documents'
    estimated memory."""
    endpoint = next(r for r in client.app.routes if getattr(r, "path", "") == "/graphql")
    documents = endpoint.endpoint.__self__.documents
    for n in range(200):  # 200 distinct 20 KB documents: ~1.6 MB each once parsed
        query = f"{{ games {{ id }} }} # {n:03d} " + "x" * 20_000
        assert post(client, {"query": query}).status_code == 200
    assert documents._parsed_bytes <= documents.max_bytes
    assert 0 < len(documents._parsed) < 200
    assert documents.get(query) is not None, "the newest document is kept"


def test_accept_header_negotiation():
    assert accepted_media(None) == LEGACY
    assert accepted_media("application/*") == LEGACY
    assert accepted_media(f"{NEW}") == NEW
    assert accepted_media(f"{NEW};q=0") is None
    assert accepted_media("text/html;q=0.9, */*;q=0.8") == LEGACY


def test_the_explorer_is_served_without_internet_access(client):
    page = client.get("/graphql", headers={"accept": "text/html,application/xhtml+xml,*/*;q=0.8"})
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "GraphiQL" in page.text
    assert not re.search(r'(src|href)="(https?:)?//', page.text), "no asset from another host"
    assets = re.findall(r'(?:src|href)="(/graphql/assets/[^"]+)"', page.text)
    assert len(assets) == 4
    for path in assets:
        r = client.get(path, headers={"accept-encoding": "gzip"})
        assert r.status_code == 200 and len(r.content) > 1000
        assert "immutable" in r.headers["cache-control"]
        plain = client.get(path, headers={"accept-encoding": "identity"})
        assert "content-encoding" not in plain.headers
        assert gzip.compress(plain.content) and len(plain.content) > 1000
    assert client.get("/graphql/assets/nothing.js").status_code == 404


def test_an_operation_by_get_is_not_the_explorer(client):
    r = client.get(
        "/graphql", params={"query": "{ games { id } }"}, headers={"accept": "text/html, */*"}
    )
    assert r.json()["data"]["games"]


@pytest.mark.parametrize("depth", [900, 1000, 1100])
def test_variables_nested_deep_are_a_client_error_never_a_500(client, depth):
    """The issue "Hardening": variables nested ~1,000 deep answered 500 with a traceback."""
    query = 'query($s: JSON!) { position(game: "mixtour", state: $s) { __typename } }'
    nested = "[" * depth + "]" * depth
    state = '{"game": "mixtour", "v": 1, "board": ' + nested + "}"
    body = ('{"query": ' + json.dumps(query) + ', "variables": {"s": ' + state + "}}").encode()
    for accept in (NEW, LEGACY):
        r = client.post(
            "/graphql", content=body, headers={"content-type": "application/json", "accept": accept}
        )
        assert r.status_code < 500
        answer = r.json()
        if "data" in answer:  # parsed: the state is refused as a union member
            assert answer["data"]["position"]["__typename"] == "InvalidState"
        else:  # beyond the JSON depth limit: the body is refused
            assert r.status_code == 400 and codes(r) == ["BAD_REQUEST"]


def test_a_5000_digit_integer_is_a_client_error_never_a_500(client):
    query = 'query($p: Int) { newGame(game: "mixtour", players: $p) { __typename } }'
    body = b'{"query": "%s", "variables": {"p": %s}}' % (
        query.replace('"', '\\"').encode(),
        b"9" * 5000,
    )
    for accept in (NEW, LEGACY):
        r = client.post(
            "/graphql", content=body, headers={"content-type": "application/json", "accept": accept}
        )
        assert r.status_code == 400 and codes(r) == ["BAD_REQUEST"]
    q = 'query($s: JSON!) { position(game: "mixtour", state: $s) { __typename } }'
    r = post(client, {"query": q, "variables": {"s": {"game": "mixtour", "v": 1, "n": 2**70}}})
    assert r.status_code == 200  # a 70-bit integer parses (as a float) and is an InvalidState


def test_a_json_literal_means_what_the_same_json_means_in_a_body(make_client):
    """Issue 21, point 6: a 30-digit integer literal in a JSON argument reached
    checkCertificate as a Python int and failed as INTERNAL where it was written out. A
    literal number is read as JSON is (a float beyond 64 bits, refused past what JSON holds),
    so GraphQL answers what REST answers for the same certificate."""
    from service.api.keys import key_id

    client = make_client(rules_secret="s3cret")
    kid = key_id(b"s3cret")
    for number in ("1" * 30, "18446744073709551616", "-9223372036854775809", "1e400"):
        cert = (
            f'{{game: "mixtour", rulesVersion: "1", digest: "x", scores: [{number}], '
            f'winners: [0], sig: "{kid}.00"}}'
        )
        q = f"{{ checkCertificate(certificate: {cert}) {{ __typename ... on InvalidRequest "
        q += "{ code details } } }"
        answer = post(client, {"query": q}).json()
        rest = client.post(
            "/v1/certificates",
            content=(
                '{"certificate": {"game": "mixtour", "rulesVersion": "1", "digest": "x", '
                f'"scores": [{number}], "winners": [0], "sig": "{kid}.00"}}}}'
            ),
        )
        if rest.status_code == 400 and rest.json()["error"]["code"] == "MALFORMED_JSON":
            assert codes(post(client, {"query": q})) == ["GRAPHQL_VALIDATION_FAILED"], number
            continue
        got = answer["data"]["checkCertificate"]
        assert got["__typename"] == "InvalidRequest", (number, answer)
        assert got["details"] == rest.json()["error"]["details"], number
    big = 'newGame(game: "mixtour", options: {piecesPerPlayer: ' + "9" * 30 + "})"
    r = post(client, {"query": "{ " + big + " { __typename } }"})
    assert r.json()["data"]["newGame"]["__typename"] == "InvalidState"  # options are refused
