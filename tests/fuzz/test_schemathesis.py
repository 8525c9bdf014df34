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
    """A generated batch line (BatchLine) as a one-line NDJSON body."""
    return {"data": json.dumps(value).encode() + b"\n"}


# POST /v1/verify refuses no body: each line is verified, and a line that is no record gets
# an invalid verdict (200) by design, so a body the schema forbids is not "rejected" there.
BATCH_CHECKS = [c for c in CHECKS if c is not negative_data_rejection]


@schema.parametrize()
@settings(deadline=None)
def test_every_operation_conforms_to_the_served_document(case):
    case.call_and_validate(checks=BATCH_CHECKS if case.path == "/v1/verify" else CHECKS)


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
