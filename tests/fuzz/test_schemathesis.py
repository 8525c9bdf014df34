"""Schemathesis against the served ``/openapi.json`` (issue "Hardening", item 7): every
operation gets requests generated from its schema, valid and invalid (examples and fuzzing
phases, positive and negative), sent to the in-process ASGI app; every answer must be no 5xx,
a documented status, a documented media type and a body its schema describes, and a request
the schema forbids must be refused. Random states are almost never real ones, so a second test
sends real seeded games through the same checks (the answers of 200 for every operation).

Bounded and repeatable for CI: ``MAX_EXAMPLES`` per operation, a fixed seed, derandomized,
no example database. Schemathesis's coverage phase (~12,800 boundary cases, ~40 s) is off;
``SCHEMATHESIS_COVERAGE=1`` turns it on for a deeper local run.

What the fuzzer found (a negative player echoed outside the error schema, null accepted for
optional fields the document did not allow, a 405 without Allow) is fixed; the tests at the
end pin each case."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import settings
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_schema_conformance,
    status_code_conformance,
)
from starlette.testclient import TestClient

from service.api import contract
from service.app import create_app
from service.settings import Settings

from .playouts import GAMES, playout

SEED = 20_240_607
MAX_EXAMPLES = 30

CONFIG = schemathesis.Config.from_dict(
    {
        "seed": SEED,
        "generation": {
            "mode": "all",  # positive and negative
            "max-examples": MAX_EXAMPLES,
            "deterministic": True,
            "database": "none",
        },
        "phases": {
            "examples": {"enabled": True},
            "coverage": {"enabled": os.environ.get("SCHEMATHESIS_COVERAGE") == "1"},
            "fuzzing": {"enabled": True},
            "stateful": {"enabled": False},
        },
    }
)
APP = create_app(Settings())
schema = schemathesis.openapi.from_asgi("/openapi.json", APP, config=CONFIG)


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    negative_data_rejection,
]


@schemathesis.serializer("application/x-ndjson")
def ndjson(ctx: Any, value: Any) -> dict[str, bytes]:
    """A generated batch line (BatchLine, AnalyzeBatchLine) as a one-line NDJSON body."""
    return {"data": json.dumps(value).encode() + b"\n"}


# A batch (POST /v1/verify, POST /v1/analyze) refuses no body: each line is answered, and a
# line that is no record gets an invalid verdict or an error line (200) by design, so a body
# the schema forbids is not "rejected" there.
BATCH_CHECKS = [c for c in CHECKS if c is not negative_data_rejection]
BATCHES = frozenset(op.path for op in contract.OPERATIONS if op.body_media == contract.NDJSON)


def negative_data_judged(ctx: Any, response: Any, case: Any) -> bool | None:
    """POST /v1/games/{game}/verify judges a game: what is wrong with it (a move document out
    of range, options another game's) is a problem of an invalid verdict (200, ``valid``
    false) by design. A body the schema forbids must be refused or judged invalid, never
    found valid."""
    if response.status_code == 200 and response.json().get("valid") is False:
        return None
    return negative_data_rejection(ctx, response, case)


VERIFY_CHECKS = [negative_data_judged if c is negative_data_rejection else c for c in CHECKS]


def checks_for(path: str) -> list[Any]:
    if path in BATCHES:
        return BATCH_CHECKS
    return VERIFY_CHECKS if path == "/v1/games/{game}/verify" else CHECKS


@schema.parametrize()
@settings(deadline=None)
def test_every_operation_conforms_to_the_served_document(case):
    case.call_and_validate(checks=checks_for(case.path))


def test_verify_judges_a_forbidden_move_document_as_an_invalid_verdict(client):
    """What the fuzzer sent: a Tric Trac turn whose point is out of range, to Te-Trix. verify
    answers an invalid verdict naming the move; replay refuses the same game."""
    bad = {"kind": "turn", "steps": [{"from": 8, "to": 149, "die": 1, "hit": False}]}
    body = {"players": 2, "moves": [bad]}
    verdict = client.post("/v1/games/te-trix/verify", json=body).json()
    assert verdict["valid"] is False
    assert [(p["code"], p["ply"]) for p in verdict["problems"]] == [("INVALID_NOTATION", 0)]
    r = client.post("/v1/games/te-trix/replay", json=body)
    assert (r.status_code, r.json()["error"]["code"]) == (422, "INVALID_NOTATION")


# -- real games through the same checks ------------------------------------------------
def real_cases() -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(operation path, body) for a seeded game of each game, along its moves."""
    for game in GAMES:
        p = playout(game, f"schemathesis-{game}", 12)
        yield "new", game, {"seed": p.seed}
        yield "replay", game, {"seed": p.seed, "moves": p.moves()}
        yield "replay", game, {"moves": p.moves(3), "seed": p.seed, "players": 2}
        for i in range(0, len(p.steps), 4):
            state, step = p.doc(i), p.steps[i]
            yield "position", game, {"state": state}
            yield "score", game, {"state": state}
            if len(p.engine.to_move(step.state)) == 1:  # else a player must be named
                yield "legal-moves", game, {"state": state}
            yield "legal-moves", game, {"state": state, "player": step.player}
            yield "view", game, {"state": state, "player": step.player}
            yield "render", game, {"state": state}
            yield "play", game, {"state": state, "move": step.notation, "player": step.player}
            yield "play", game, {"state": state, "moves": p.documents()[i : i + 3]}
            yield "play", game, {"state": state, "moves": [], "autoChance": False}


def test_real_games_conform_to_the_served_document():
    answered: dict[int, int] = {}
    for call, game, body in real_cases():
        operation = schema[f"/v1/games/{{game}}/{call}"]["POST"]
        case = operation.Case(
            path_parameters={"game": game}, body=body, media_type="application/json"
        )
        response = case.call_and_validate(checks=CHECKS)
        answered[response.status_code] = answered.get(response.status_code, 0) + 1
    assert answered == {200: sum(answered.values())}, answered


# -- findings, fixed and pinned ------------------------------------------------------------------
def valid(ref: str, value: Any) -> bool:
    """Whether the served document's schema at ``ref`` (``#/components/...``) takes ``value``."""
    spec = schema.raw_schema
    registry = Registry().with_resource("urn:spec", Resource.from_contents(spec, DRAFT202012))
    validator = Draft202012Validator({"$ref": f"urn:spec{ref}"}, registry=registry)
    return bool(validator.is_valid(value))


def documented(call: str, body: Any) -> bool:
    """Whether the served document's request schema of ``call`` accepts ``body``."""
    content = schema.raw_schema["paths"][f"/v1/games/{{game}}/{call}"]["post"]["requestBody"]
    return valid(content["content"]["application/json"]["schema"]["$ref"], body)


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(APP)


def test_a_negative_player_is_refused_within_the_error_schema(client):
    r = client.post("/v1/games/mixtour/legal-moves", json={"state": {}, "player": -1})
    assert r.status_code == 422
    assert valid("#/components/schemas/Error", r.json()), r.text


@pytest.mark.parametrize(
    ("call", "body"),
    [
        ("new", {"players": None}),
        ("new", {"seed": None, "options": None}),
        ("replay", {"moves": [], "keyId": None}),
        ("replay", {"moves": [{"player": None, "move": "a1"}]}),
    ],
)
def test_null_optional_fields_are_refused_or_documented(client, call, body):
    """Either the server refuses null (as the document says) or the document allows it."""
    r = client.post(f"/v1/games/mixtour/{call}", json=body)
    assert r.status_code >= 400 or documented(call, body), r.text


def test_method_not_allowed_names_the_allowed_methods(client):
    r = client.get("/v1/games/mixtour/play")
    assert r.status_code == 405
    assert r.headers.get("allow") == "POST"
