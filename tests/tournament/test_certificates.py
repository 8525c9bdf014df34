"""Certificates: with RULES_SECRET a valid verdict carries one (an HMAC over game, rules
version, the record's digest and the result), which POST /v1/certificates and GraphQL
checkCertificate check later, also against the record; altered, foreign or orphaned
certificates fail with their code; without a secret nothing is signed or checked."""

from __future__ import annotations

import hashlib

import pytest

from service.api.records import parse_record, print_record
from service.games import REGISTRY

from .helpers import games

G = games(1)[2]  # a Tric Trac game: seeded, so its dice depend on the secret as well


@pytest.fixture
def signed(make_client):
    return make_client(rules_secret="tournament-secret")


def record_of(client, **extra) -> str:
    r = client.post(f"/v1/games/{G.game}/record", json=G.body(claimed=G.claimed(), **extra))
    assert r.status_code == 200, r.text
    return r.text


def certificate_of(client, text: str) -> dict:
    r = client.post(f"/v1/games/{G.game}/verify", json={"record": text})
    verdict = r.json()
    assert verdict["valid"], verdict
    return verdict["certificate"]


def check(client, certificate, record=None) -> dict:
    body = {"certificate": certificate}
    if record is not None:
        body["record"] = record
    r = client.post("/v1/certificates", json=body)
    assert r.status_code == 200, r.text
    return r.json()


def test_a_valid_verdict_carries_a_certificate_of_the_record(signed):
    # Seeded under this secret: the service that rolled the dice verifies the record.
    start = signed.post(f"/v1/games/{G.game}/new", json={"seed": G.seed}).json()
    assert start["state"]["sig"]
    text = _played_record(signed)
    cert = certificate_of(signed, text)
    assert set(cert) == {"game", "rulesVersion", "digest", "scores", "winners", "sig"}
    assert cert["game"] == G.game
    assert cert["rulesVersion"] == REGISTRY[G.game].descriptor.rules_version
    canonical = print_record(parse_record(text))
    assert cert["digest"] == "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()
    answer = check(signed, cert, text)
    assert answer == {"valid": True, "problems": [], "keyId": cert["sig"].split(".")[0]}


def _played_record(client) -> str:
    """The helper's game played again under this service's secret (its dice differ)."""
    pos = client.post(f"/v1/games/{G.game}/new", json={"seed": "cert"}).json()
    moves = []
    while pos["status"] == "ongoing":
        legal = client.post(f"/v1/games/{G.game}/legal-moves", json={"state": pos["state"]})
        move = legal.json()["moves"][0]["notation"]
        pos = client.post(f"/v1/games/{G.game}/play", json={"state": pos["state"], "move": move})
        pos = pos.json()
        moves.append(move)
    claimed = {"scores": pos["scores"], "winners": pos["winners"]}
    body = {"seed": "cert", "moves": moves, "claimed": claimed, "tags": {"Round": "1"}}
    r = client.post(f"/v1/games/{G.game}/record", json=body)
    return r.text


def test_an_altered_certificate_is_bad_signature(signed):
    text = _played_record(signed)
    cert = certificate_of(signed, text)
    for field, value in (("scores", [12, 0]), ("winners", [1]), ("rulesVersion", "0")):
        answer = check(signed, {**cert, field: value})
        assert answer["valid"] is False
        assert [p["code"] for p in answer["problems"]] == ["BAD_SIGNATURE"]


def test_a_certificate_of_another_record_is_digest_differs(signed):
    text = _played_record(signed)
    cert = certificate_of(signed, text)
    other = text.replace('[Round "1"]', '[Round "2"]')  # same game, another round
    answer = check(signed, cert, other)
    assert [p["code"] for p in answer["problems"]] == ["DIGEST_DIFFERS"]


def test_a_rotated_key_still_checks_and_a_foreign_one_does_not(make_client, signed):
    text = _played_record(signed)
    cert = certificate_of(signed, text)
    rotated = make_client(rules_secret="next-secret", rules_previous_secrets="tournament-secret")
    assert check(rotated, cert, text)["valid"]
    stranger = make_client(rules_secret="someone-else")
    answer = check(stranger, cert)
    assert [p["code"] for p in answer["problems"]] == ["UNKNOWN_KEY"]
    assert answer["keyId"] is None


def test_without_a_secret_nothing_is_signed_or_checked(client, signed):
    assert client.post(f"/v1/games/{G.game}/verify", json=G.body()).json()["certificate"] is None
    cert = certificate_of(signed, _played_record(signed))
    answer = check(client, cert)
    assert [p["code"] for p in answer["problems"]] == ["NO_SECRET"]


def test_graphql_checks_certificates_too(signed):
    text = _played_record(signed)
    cert = certificate_of(signed, text)
    query = """query($c: JSON!, $r: String) { checkCertificate(certificate: $c, record: $r) {
      __typename ... on CertificateCheck { valid keyId problems { code } }
      ... on InvalidRequest { code } } }"""
    r = signed.post("/graphql", json={"query": query, "variables": {"c": cert, "r": text}})
    answer = r.json()["data"]["checkCertificate"]
    assert answer["valid"] and answer["keyId"] == cert["sig"].split(".")[0]
    r = signed.post("/graphql", json={"query": query, "variables": {"c": {**cert, "sig": 1}}})
    assert r.json()["data"]["checkCertificate"] == {
        "__typename": "InvalidRequest",
        "code": "INVALID_REQUEST",
    }
    gql = """query($r: String) { verify(game: "tric-trac", record: $r) {
      ... on Verdict { valid certificate } } }"""
    r = signed.post("/graphql", json={"query": gql, "variables": {"r": text}})
    assert r.json()["data"]["verify"] == {"valid": True, "certificate": cert}


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({}, "$.certificate"),
        ({"certificate": {"game": "x"}}, "$.certificate.sig"),
        (
            {
                "certificate": {
                    "sig": 5,
                    "game": "",
                    "rulesVersion": "",
                    "digest": "",
                    "scores": [],
                    "winners": [],
                }
            },
            "$.certificate.sig",
        ),
        ({"certificate": {"extra": 1}}, "$.certificate.extra"),
        ({"certificate": {}, "record": 3}, "$.record"),
        ({"certificate": {}, "x": 3}, "$.x"),
    ],
)
def test_a_malformed_check_is_invalid_request(signed, body, path):
    r = signed.post("/v1/certificates", json=body)
    assert r.status_code == 400, r.text
    assert path in [p["path"] for p in r.json()["error"]["details"]["problems"]]
