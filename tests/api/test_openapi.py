"""The OpenAPI document (issue "Front ends without rules", item 4): a valid OpenAPI 3.1
document with an operationId per operation and no untyped object, held to the code by
validating real REST answers, error bodies and request bodies of every game against it.
(tests/typescript compiles a client against the types generated from it.)"""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import quote

import jsonschema_rs
import pytest
from openapi_spec_validator import validate

from service import jsonio
from service.api import errors
from service.api.openapi import GAME_SCHEMAS, _defaults_in_words, openapi, pascal
from service.api.openapi_tools import plain
from service.api.ops import Rules
from service.cache import Cache
from service.games import REGISTRY
from service.games.core import RulesError
from service.settings import Settings

SPEC = openapi(Rules(Settings(), Cache(0)))
URI = "urn:regelwerk:openapi"
REFS = jsonschema_rs.Registry([(URI, SPEC)], draft=jsonschema_rs.Draft202012)
G = "/v1/games/{game}"
OPERATIONS = {
    ("get", "/v1/games"): "listGames",
    ("get", f"{G}/rules"): "getRules",
    ("post", f"{G}/new"): "newGame",
    ("post", f"{G}/position"): "getPosition",
    ("post", f"{G}/legal-moves"): "legalMoves",
    ("post", f"{G}/next-steps"): "nextSteps",
    ("post", f"{G}/play"): "play",
    ("post", f"{G}/contribute"): "contribute",
    ("post", f"{G}/score"): "score",
    ("post", f"{G}/replay"): "replay",
    ("post", f"{G}/view"): "view",
    ("post", f"{G}/render"): "render",
    ("post", f"{G}/suggest"): "suggest",
    ("post", f"{G}/evaluate"): "evaluate",
    ("post", f"{G}/analyze"): "analyze",
    ("post", f"{G}/verify"): "verify",
    ("post", f"{G}/record"): "record",
    ("post", "/v1/verify"): "verifyBatch",
    ("post", "/v1/analyze"): "analyzeBatch",
    ("post", "/v1/certificates"): "checkCertificate",
    ("get", "/healthz"): "healthz",
    ("get", "/readyz"): "readyz",
    ("get", "/metrics"): "metrics",
}
# JSON Schema keywords whose values are schemas, lists of schemas or maps of schemas.
ONE = ("additionalProperties", "items", "not", "if", "then", "else", "contains", "propertyNames")
CONSTRAINTS = ("not", "if", "contains", "propertyNames")
MANY = ("oneOf", "anyOf", "allOf", "prefixItems")
MAP = ("properties", "patternProperties", "$defs")


def pointer(*parts: str) -> str:
    return "/".join(p.replace("~", "~0").replace("/", "~1") for p in parts)


@cache
def validator(path: str) -> jsonschema_rs.Draft202012Validator:
    """A validator of the schema at JSON pointer ``path`` in the document ($refs resolved; a
    pointer in a URI percent-encodes the braces of ``{game}``).

    jsonschema-rs, not jsonschema: a whole Te-Trix game is ~5,000 validations, most through
    the answers' oneOf over every game, and jsonschema spent 92% of that test's time in them.
    Both treat ``format`` as an annotation (Draft 2020-12's default, no format checker here)."""
    return jsonschema_rs.Draft202012Validator(
        {"$ref": f"{URI}#/{quote(path, safe='/~')}"}, registry=REFS
    )


def check(path: str, value: Any) -> None:
    problems = [
        f"{'/'.join(map(str, e.instance_path))}: {e.message}"
        for e in validator(path).iter_errors(value)
    ]
    assert not problems, f"{path}: {problems[:3]}"


def component(name: str, value: Any) -> None:
    check(pointer("components", "schemas", name), value)


def answer(method: str, path: str, status: int, value: Any) -> None:
    check(
        pointer(
            "paths", path, method, "responses", str(status), "content", "application/json", "schema"
        ),
        value,
    )


def request(path: str, body: Any) -> None:
    check(
        pointer("paths", path, "post", "requestBody", "content", "application/json", "schema"), body
    )


# -- the document itself ---------------------------------------------------------------
def test_is_a_valid_openapi_3_1_document():
    assert SPEC["openapi"] == "3.1.0"
    validate(SPEC)


def test_served_document_is_the_built_one(client):
    assert client.get("/openapi.json").json() == SPEC  # schema/openapi.json: tests/test_schema.py


def test_the_served_bytes_are_the_committed_file_s(client):
    """Issue 22, point 3: code generated from the URL is the code generated from the file."""
    committed = (Path(__file__).resolve().parents[2] / "schema" / "openapi.json").read_bytes()
    assert client.get("/openapi.json").content == committed


def test_every_operation_has_its_operation_id():
    found = {
        (method, path): op["operationId"]
        for path, item in SPEC["paths"].items()
        for method, op in item.items()
    }
    assert found == OPERATIONS


def test_the_game_parameter_is_an_enum_of_the_registry():
    assert SPEC["components"]["schemas"]["GameId"]["enum"] == list(REGISTRY)
    for path, item in SPEC["paths"].items():
        for op in item.values():
            params = op.get("parameters", [])
            own = [p for p in params if p["in"] == "path"]
            assert [p["name"] for p in own] == (["game"] if "{game}" in path else [])
            for p in own:
                assert p["schema"] == {"$ref": "#/components/schemas/GameId"}


def test_every_api_operation_takes_the_language_by_query_and_header():
    for path, item in SPEC["paths"].items():
        for op in item.values():
            asked = [(p["in"], p["name"]) for p in op.get("parameters", []) if p["in"] != "path"]
            expected = [("query", "lang"), ("header", "Accept-Language")]
            assert asked == (expected if path.startswith("/v1/") else []), path


def schemas(node: Any, where: str = "$"):
    """Every (path, schema, describes) in the document, found by walking the schema keywords;
    ``describes`` is False where a schema only constrains a value typed elsewhere
    (``propertyNames``, ``contains``, ``not``, ``if``)."""
    if isinstance(node, dict) and "schema" in node and isinstance(node["schema"], dict):
        yield from _subschemas(node["schema"], f"{where}.schema", True)
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "schemas" and where == "$.components":
                for name, schema in value.items():
                    yield from _subschemas(schema, f"{where}.schemas.{name}", True)
            elif key != "schema":
                yield from schemas(value, f"{where}.{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from schemas(value, f"{where}[{i}]")


def _subschemas(schema: Any, where: str, describes: bool):
    if not isinstance(schema, dict):
        return
    yield where, schema, describes
    for key in ONE:
        yield from _subschemas(schema.get(key), f"{where}.{key}", key not in CONSTRAINTS)
    for key in MANY:
        for i, sub in enumerate(schema.get(key, [])):
            yield from _subschemas(sub, f"{where}.{key}[{i}]", describes)
    for key in MAP:
        for name, sub in schema.get(key, {}).items():
            yield from _subschemas(sub, f"{where}.{key}.{name}", True)


TYPED = {"type", "const", "enum", "$ref", "oneOf", "anyOf", "allOf"}


def untyped(schema: dict, describes: bool) -> str | None:
    """Why a schema leaves its value's shape open (None when it does not)."""
    if describes and not TYPED & set(schema):
        return "no type"
    kinds = schema.get("type", [])
    if "object" in ([kinds] if isinstance(kinds, str) else kinds):
        extra = schema.get("additionalProperties")
        if schema.get("properties") or any(k in schema for k in ("oneOf", "anyOf", "allOf")):
            return None
        if isinstance(extra, dict) and TYPED & set(extra):
            return None
        return "an object without properties or typed additionalProperties"
    return None


def test_no_schema_is_left_untyped():
    found = [
        (where, why) for where, s, describes in schemas(SPEC) if (why := untyped(s, describes))
    ]
    assert not found, found[:10]
    assert len(list(schemas(SPEC))) > 500  # the walk reaches the games' schemas


def inline(node: Any, components: dict) -> Any:
    """``node`` with every reference to a component replaced by the component."""
    if isinstance(node, dict):
        if set(node) == {"$ref"}:
            return inline(components[node["$ref"].rsplit("/", 1)[1]], components)
        return {k: inline(v, components) for k, v in node.items()}
    if isinstance(node, list):
        return [inline(v, components) for v in node]
    return node


def test_the_untyped_check_finds_open_objects():
    open_ = {"type": "object", "additionalProperties": {}}
    doc = {"schema": {"type": "object", "properties": {"a": {"type": "object"}, "b": {}}}}
    doc["schema"]["properties"]["c"] = {"type": "array", "items": open_}
    found = {where for where, s, describes in schemas(doc) if untyped(s, describes)}
    extra = "c.items.additionalProperties"
    assert found == {f"$.schema.properties.{k}" for k in ("a", "b", "c.items", extra)}


def untitled(node: Any) -> Any:
    if isinstance(node, dict):
        return {k: untitled(v) for k, v in node.items() if k != "title"}
    if isinstance(node, list):
        return [untitled(v) for v in node]
    return node


def test_every_game_schema_is_a_component_referenced_not_inlined():
    components = SPEC["components"]["schemas"]
    text = jsonio.dumps(SPEC).decode()
    for engine in REGISTRY.values():
        for suffix, get in GAME_SCHEMAS:
            schema = get(engine)
            name = pascal(engine.id) + suffix
            if schema is None:
                assert name not in components
                continue
            stripped = {k: v for k, v in schema.items() if k not in ("$id", "$schema")}
            # the same schema, with each default told in its description (see _embed), in
            # the plain forms generators read (openapi_tools.plain; titles aside, which it
            # makes unique across components, and union members, which it makes components)
            expected = plain({"components": {"schemas": {name: _defaults_in_words(stripped)}}})
            hoisted = expected["components"]["schemas"]  # union members become components
            got = untitled(inline(components[name], components))
            assert got == untitled(inline(hoisted[name], hoisted)), name
            assert "$id" not in jsonio.dumps(components[name]).decode()
            assert f'"#/components/schemas/{name}"' in text, f"{name} is never referenced"
    for union in ("State", "Move", "MoveDocument", "Options", "Event", "Breakdown", "View"):
        assert set(components[union]) & {"oneOf", "anyOf"}, union


def test_error_codes_are_the_table_of_errors_py():
    table = list(errors.CODES)
    assert SPEC["components"]["schemas"]["ErrorCode"]["enum"] == table

    def codes(cls: type[RulesError]) -> set[str]:
        return {cls.code}.union(*(codes(sub) for sub in cls.__subclasses__()))

    assert codes(RulesError) - {"RULES_ERROR"} <= set(table)


# -- the document held to real answers ---------------------------------------------------
class Api:
    """Posts to the REST API, checking the request body and the answer against the document;
    every game-specific part also against the game's own component."""

    def __init__(self, client, game: str) -> None:
        self.client, self.game, self.prefix = client, game, pascal(game)
        self.has_view = REGISTRY[game].view_schema() is not None

    def post(self, call: str, body: dict, status: int = 200) -> Any:
        request(f"{G}/{call}", body)
        r = self.client.post(f"/v1/games/{self.game}/{call}", json=body)
        assert r.status_code == status, r.text
        if call == "render" and status == 200:
            assert r.headers["content-type"].startswith("image/svg+xml")
            return r.text
        value = r.json()
        answer("post", f"{G}/{call}", status, value)
        if "state" in value:
            component(f"{self.prefix}State", value["state"])
        for entry in value.get("moves", []):
            component(f"{self.prefix}MoveDocument", entry["move"])
            for location in entry["locations"]:  # issue 25: the game's own, not any game's
                component(f"{self.prefix}Location", location)
        for entry in [*value.get("steps", []), *filter(None, [value.get("turn")])]:
            component(f"{self.prefix}MoveDocument", entry["move"])
        for event in value.get("events", []):
            component(f"{self.prefix}Event", event)
        if "breakdown" in value:
            component(f"{self.prefix}Breakdown", value["breakdown"])
        if "view" in value:
            component(f"{self.prefix}{'View' if self.has_view else 'State'}", value["view"])
        return value


# A full game per game, 3 players where the game allows it; every call of the table on the way.
GAMES = [(g, {"te-trix": 3, "triominos-junior": 3}.get(g, 2)) for g in REGISTRY]


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_answers_of_a_whole_game_match_the_document(client, game, players):
    api, rng = Api(client, game), random.Random(game)
    pos = api.post("new", {"players": players, "seed": f"openapi-{game}"})
    record: list[dict] = []
    events: set[str] = set()
    while pos["status"] == "ongoing" and len(record) < 400:
        state, mover = pos["state"], rng.choice(pos["toMove"])
        api.post("position", {"state": state})
        legal = api.post("legal-moves", {"state": state, "player": mover})
        entry = rng.choice(legal["moves"])
        if len(record) % 5 == 2:  # the turn built step by step instead (nextSteps)
            entry = built(api, state, mover, rng)
        move = entry["move"] if len(record) % 2 else entry["notation"]
        if len(record) % 7 == 3:
            api.post("view", {"state": state, "player": mover})
            api.post("score", {"state": state})
            api.post("render", {"state": state, "player": mover})
            api.post("render", {"state": state, "player": mover, "mark": move})  # issue 25
        pos = api.post("play", {"state": state, "move": move, "player": mover})
        events |= {e["type"] for e in pos["events"]}
        record.append({"player": mover, "move": entry["notation"]})
    assert pos["status"] == "finished", f"{game} did not end in {len(record)} moves"
    assert "gameOver" in events
    final = api.post("score", {"state": pos["state"]})
    assert final["status"] == "finished"
    for p in range(players):
        api.post("view", {"state": pos["state"], "player": p})
    api.post("view", {"state": pos["state"]})
    again = api.post("replay", {"players": players, "seed": f"openapi-{game}", "moves": record})
    assert again["state"] == pos["state"] and again["plies"] == len(record)


def built(api: Api, state: Any, player: int, rng: random.Random) -> dict:
    """A turn built with next-steps, each step chosen at random and sent back as its notation
    or its move document, until the turn may end: its {notation, move}."""
    chosen: list[Any] = []
    while True:
        answer = api.post("next-steps", {"state": state, "player": player, "steps": chosen})
        if answer["canEnd"]:
            assert answer["turn"] is not None and not answer["steps"]
            return answer["turn"]
        step = rng.choice(answer["steps"])
        chosen.append(step["move"] if rng.random() < 0.5 else step["notation"])


@pytest.mark.parametrize("game", list(REGISTRY))
def test_chance_nodes_and_move_lists_match_the_document(client, game):
    api = Api(client, game)
    pos = api.post("new", {})
    api.post("legal-moves", {"state": pos["state"]})
    api.post("score", {"state": pos["state"]})
    api.post("render", {"state": pos["state"]})
    for _ in range(6):
        if pos["status"] != "ongoing":
            break
        who = {"player": pos["toMove"][0]} if pos["toMove"] else {}
        legal = api.post("legal-moves", {"state": pos["state"], **who})
        if legal["isChance"]:
            assert all("probability" in m for m in legal["moves"])
        body = {"state": pos["state"], "moves": [legal["moves"][0]["notation"]]}
        if who:
            body["moves"] = [{**who, "move": legal["moves"][0]["move"]}]
        pos = api.post("play", {**body, "autoChance": False})


def test_the_games_catalogue_and_operations_match_the_document(client):
    r = client.get("/v1/games")
    answer("get", "/v1/games", 200, r.json())
    for entry in r.json()["games"]:
        component(f"{pascal(entry['id'])}Game", entry)
    answer("get", "/healthz", 200, client.get("/healthz").json())
    answer("get", "/readyz", 200, client.get("/readyz").json())
    assert client.get("/metrics").headers["content-type"].startswith("text/plain")


def test_new_game_requests_with_every_games_options_match_the_document(client):
    bodies = {
        "mixtour": {"options": {"piecesPerPlayer": 10, "pointsToWin": 3}},
        "tric-trac": {"options": {"hucke": [13, 12], "mustPlayLarger": True}},
        "te-trix": {"players": 1, "options": {"solo": True, "size": 7}},
        "triominos-junior": {"players": 4, "options": {"level": "points", "tiles": None}},
    }
    for game, body in bodies.items():
        Api(client, game).post("new", body)


# -- error bodies --------------------------------------------------------------------------
def refusal(client, path: str, status: int, code: str, body: Any = None, raw: bytes = b""):
    """Posts a body the service refuses; checks the error against the operation's answer."""
    template = re.sub(r"^/v1/games/[^/]+/", "/v1/games/{game}/", path)
    r = client.post(path, content=raw) if raw else client.post(path, json=body)
    assert r.status_code == status, r.text
    error = r.json()
    answer("post", template, status, error)
    assert error["error"]["code"] == code
    return error["error"]["details"]


def test_error_bodies_match_the_document(client, make_client):
    start = client.post("/v1/games/mixtour/new", json={}).json()["state"]
    mx, tt = "/v1/games/mixtour", "/v1/games/tric-trac"
    seen: set[str] = set()

    def refuse(path, status, code, body=None, raw=b"", on=client):
        details = refusal(on, path, status, code, body, raw)
        seen.update(details)
        return details

    refuse(f"{mx}/play", 400, "MALFORMED_JSON", raw=b"{")
    refuse(f"{mx}/play", 400, "INVALID_REQUEST", {"state": start, "moves": "a1", "x": 1})
    refuse(f"{mx}/new", 400, "INVALID_REQUEST", {"seed": ""})
    assert refuse("/v1/games/chess/score", 404, "UNKNOWN_GAME", {"state": start}) == {
        "known": sorted(REGISTRY)
    }
    small = make_client(max_body_bytes=1024, max_moves=2)
    refuse(f"{mx}/replay", 413, "BODY_TOO_LARGE", {"moves": ["a1"] * 400}, on=small)
    refuse(f"{mx}/replay", 413, "TOO_MANY_MOVES", {"moves": ["a1", "b1", "c1"]}, on=small)
    assert set(refuse(f"{mx}/play", 422, "ILLEGAL_MOVE", {"state": start, "move": "a1-b2"})) == {
        "reason",
        "rule",
        "ply",
    }
    refuse(f"{mx}/play", 422, "INVALID_NOTATION", {"state": start, "move": "zz9"})
    opened = client.post(
        f"{tt}/play",
        json={"state": client.post(f"{tt}/new", json={}).json()["state"], "move": "red 3-5"},
    ).json()
    step = refuse(
        f"{tt}/next-steps", 422, "ILLEGAL_MOVE", {"state": opened["state"], "steps": ["1/4", "4/8"]}
    )
    assert step == {"reason": "NO_SUCH_NUMBER", "rule": "TT-7", "step": 1}
    refuse(
        f"{tt}/next-steps", 400, "INVALID_REQUEST", {"state": opened["state"], "steps": ["1/4"] * 3}
    )
    refuse(f"{mx}/play", 422, "INVALID_NOTATION", {"state": start, "move": {"kind": "place"}})
    refuse(f"{mx}/play", 422, "NOT_YOUR_TURN", {"state": start, "move": "a1", "player": 1})
    refuse(f"{mx}/legal-moves", 422, "INVALID_STATE", {"state": {**start, "toMove": 5}})
    refuse(f"{mx}/new", 422, "INVALID_OPTIONS", {"options": {"piecesPerPlayer": 0}})
    refuse(f"{mx}/view", 422, "INVALID_PLAYER", {"state": start, "player": 7})
    over = {**start, "toMove": None, "scores": [5, 0]}
    refuse(f"{mx}/play", 422, "GAME_OVER", {"state": over, "move": "a1"})
    signed = make_client(rules_secret="s3cret", require_signed_state=True)
    refuse(f"{mx}/score", 422, "STATE_TAMPERED", {"state": start}, on=signed)
    refuse(f"{mx}/score", 422, "STATE_TAMPERED", {"state": {**start, "sig": "0"}}, on=signed)
    # A move document whose derived field disagrees with the position (DOCUMENT_MISMATCH).
    pos = client.post(f"{tt}/new", json={"seed": "mismatch"}).json()
    legal = client.post(f"{tt}/legal-moves", json={"state": pos["state"]}).json()
    doc = next(m["move"] for m in legal["moves"] if m["move"]["kind"] == "turn")
    doc = {**doc, "player": 1 - doc["player"]}
    details = refuse(f"{tt}/play", 422, "INVALID_NOTATION", {"state": pos["state"], "move": doc})
    assert details["reason"] == "DOCUMENT_MISMATCH"
    # A text record that does not read names its line (docs/records.md).
    bad = '[Game "mixtour"]\n\n1. c3\n3. c4\n'
    assert refuse(f"{mx}/verify", 400, "INVALID_RECORD", {"record": bad}) == {"line": 4}
    # A record of another game names that game, for the caller to send it on.
    other = '[Game "tric-trac"]\n\n1. red 3-5\n'
    assert refuse(f"{mx}/replay", 400, "INVALID_RECORD", {"record": other}) == {
        "line": 1,
        "game": "tric-trac",
    }
    # The keys no call above can show: a notation that does not parse names itself.
    assert set(SPEC["components"]["schemas"]["ErrorDetails"]["properties"]) == seen


def test_route_errors_are_error_documents(client):
    for r in (client.get("/v1/nothing"), client.get("/v1/games/mixtour/new")):
        component("Error", r.json())
