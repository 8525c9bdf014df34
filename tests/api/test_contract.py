"""Each operation's request declared once (issue 22, point 1): service/api/contract.py is what
the REST reader reads, what the OpenAPI document says, and what the GraphQL arguments are.

Held equal here for every operation: the REST routes and their allowed fields, the OpenAPI
request components and operations, the GraphQL arguments (names, types, nullability), and
the README's table of REST calls. A field added to a throwaway declaration is found in the
REST reader and the OpenAPI document."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from graphql import GraphQLEnumType, GraphQLList, GraphQLNonNull, GraphQLObjectType
from starlette.testclient import TestClient

from service.api import contract, openapi, rest
from service.api.graphql import schema
from service.api.ops import Rules
from service.api.strawberry_internals import graphql_schema
from service.app import create_app
from service.cache import Cache
from service.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
GRAPHQL = graphql_schema(schema)
# The GraphQL type of a field's kind (a field with an enum is that enum).
GRAPHQL_TYPE = {
    "state": "JSON",
    "int": "Int",
    "bool": "Boolean",
    "str": "String",
    "text": "String",
    "object": "JSON",
    "json": "JSON",
    "moves": "[JSON!]",
    "steps": "[JSON!]",
}


def _spelled(gql_type: Any) -> tuple[str, bool]:
    """(the type without its outer !, whether it is non-null)."""
    required = isinstance(gql_type, GraphQLNonNull)
    inner = gql_type.of_type if required else gql_type
    if isinstance(inner, GraphQLList):
        item = inner.of_type
        bang = "!" if isinstance(item, GraphQLNonNull) else ""
        item = item.of_type if bang else item
        return f"[{item.name}{bang}]", required
    return inner.name, required


def graphql_arguments(path: tuple[str, ...]) -> dict[str, Any]:
    """Every argument along a path of fields from Query, by name."""
    out: dict[str, Any] = {}
    parent: Any = GRAPHQL.query_type
    for i, name in enumerate(path):
        field = parent.fields[name]
        out.update(field.args)
        if i + 1 == len(path):
            break
        result = field.type.of_type if isinstance(field.type, GraphQLNonNull) else field.type
        if not isinstance(result, GraphQLObjectType):  # a result union: the member with it
            result = next(t for t in result.types if path[i + 1] in t.fields)
        parent = result
    return out


GRAPHQL_OPERATIONS = [op for op in contract.OPERATIONS if op.graphql is not None]


@pytest.mark.parametrize("op", GRAPHQL_OPERATIONS, ids=[op.id for op in GRAPHQL_OPERATIONS])
def test_graphql_arguments_are_the_declared_fields(op):
    assert op.graphql is not None
    args = graphql_arguments(op.graphql.path)
    if op.game:
        assert str(args.pop("game").type) == "String!"
    omit = op.graphql.omit
    # GraphQL serves the bodies that need no omitted field (play's one move is a list of one);
    # an optional field left out (describe: GraphQL selects the words instead) leaves it served
    bodies = [
        b
        for b in op.bodies
        if not any(f.required and f.name in omit for f in contract.BODIES[b].fields)
    ]
    fields = {f.name: f for f in op.fields() if f.name not in omit}
    assert set(args) == set(fields), op.id
    for name, f in fields.items():
        spelled, non_null = _spelled(args[name].type)
        enum = f.schema.get("enum")
        if enum is not None:
            inner = args[name].type.of_type if non_null else args[name].type
            assert isinstance(inner, GraphQLEnumType)
            assert sorted(v.value for v in inner.values.values()) == sorted(enum), name
        else:
            assert spelled == GRAPHQL_TYPE[f.kind], (op.id, name)
        # required in GraphQL exactly when every body that GraphQL serves requires it
        required = all(
            any(g.name == name and g.required for g in contract.BODIES[b].fields) for b in bodies
        )
        assert non_null == required, (op.id, name)
        if f.description is not None:
            assert args[name].description == f.description, (op.id, name)


def test_the_graphql_walk_reads_a_nested_field():
    assert set(graphql_arguments(("position", "legalMoves"))) == {"game", "state", "player"}


@pytest.mark.parametrize("op", contract.OPERATIONS, ids=[op.id for op in contract.OPERATIONS])
def test_openapi_operations_are_the_declared_ones(op):
    document = openapi.openapi(rules())
    operation = document["paths"][op.path][op.method]
    assert operation["operationId"] == op.id and operation["summary"] == op.summary
    if op.method == "get":
        return
    schemas = document["components"]["schemas"]
    body = operation["requestBody"]["content"][op.body_media]["schema"]["$ref"].split("/")[-1]
    # an NDJSON line: a body of the single operation with its game, one member per body
    single = {"BatchLine": "verify", "AnalyzeBatchLine": "analyze"}.get(body)
    if single is not None:
        lines = [schemas[m["$ref"].split("/")[-1]] for m in schemas[body]["oneOf"]]
        assert [list(m["properties"]) for m in lines] == [
            ["game", *(f.name for f in contract.BODIES[b].fields)]
            for b in contract.BY_ID[single].bodies
        ]
        assert {f.name for f in contract.LINES[body]} == {
            name for m in lines for name in m["properties"]
        }
        return
    members = [m["$ref"].split("/")[-1] for m in schemas[body].get("oneOf", [])]
    assert (members or [body]) == list(op.bodies)
    for name in op.bodies:
        if name not in contract.BODIES:
            continue
        component = schemas[name]
        declared_body = contract.BODIES[name]
        assert list(component["properties"]) == [f.name for f in declared_body.fields]
        assert set(component.get("required", [])) == {
            f.name for f in declared_body.fields if f.required
        }


def test_rest_routes_are_the_declared_operations():
    served = {(r.path, m.lower()) for r in rest.routes() for m in r.methods or () if m != "HEAD"}
    declared = {(op.path, op.method) for op in contract.OPERATIONS}
    own = {("/healthz", "get"), ("/readyz", "get"), ("/metrics", "get")}  # the app's own
    assert served == declared - own
    assert set(rest.HANDLERS) == {op.id for op in contract.OPERATIONS} - {
        "healthz",
        "readyz",
        "metrics",
    }


def rules() -> Rules:
    return Rules(Settings(), Cache(0))


@pytest.mark.parametrize(
    ("operation", "body", "path"),
    [
        ("legalMoves", {"state": {}, "turn": 1}, "$.turn"),
        ("play", {"state": {}, "move": "a1", "players": 2}, "$.players"),
        ("suggest", {"state": {}, "depth": 3}, "$.depth"),
        ("newGame", {"variant": "x"}, "$.variant"),
        ("replay", {"moves": [], "claimed": {}}, "$.claimed"),
    ],
)
def test_a_field_not_declared_is_refused_by_rest(client, operation, body, path):
    url = contract.BY_ID[operation].path.replace("{game}", "mixtour")
    answer = client.post(url, json=body)
    assert answer.status_code == 400
    problems = answer.json()["error"]["details"]["problems"]
    assert any(p["path"] == path and p["reason"].startswith("unknown field") for p in problems)


@pytest.fixture
def probe_operation(monkeypatch):
    """A throwaway operation whose body has one field more than StateRequest."""
    probe = contract.Field("probe", "int", {"type": "integer"}, description="A throwaway field.")
    body = contract.Body("ProbeRequest", (contract.STATE, probe))
    op = contract.Operation(
        "probe", "post", "/v1/games/{game}/probe", "A probe", {"type": "object"}, ("ProbeRequest",)
    )
    monkeypatch.setitem(contract.BODIES, "ProbeRequest", body)
    monkeypatch.setitem(contract.BY_ID, "probe", op)
    monkeypatch.setattr(contract, "OPERATIONS", (*contract.OPERATIONS, op))
    return op


def test_a_declared_field_is_read_by_rest_and_described_by_openapi(probe_operation, monkeypatch):
    seen = []

    async def answer(rules_, values, load):
        load()  # the body's problems are raised here, before the state is read
        seen.append(values["probe"])
        return {"probe": values["probe"]}

    monkeypatch.setitem(rest.HANDLERS, "probe", rest._state_call("probe", answer))
    with TestClient(create_app(Settings())) as probe_client:
        state = probe_client.post("/v1/games/mixtour/new", json={}).json()["state"]
        ok = probe_client.post("/v1/games/mixtour/probe", json={"state": state, "probe": 7})
        assert ok.json() == {"probe": 7} and seen == [7]
        bad = probe_client.post("/v1/games/mixtour/probe", json={"state": state, "probe": "7"})
        assert bad.status_code == 400
        problem = bad.json()["error"]["details"]["problems"][0]
        assert (problem["path"], problem["reason"]) == ("$.probe", "must be an integer, got string")
        assert {"messageId", "args"} <= set(problem)
        document = probe_client.get("/openapi.json").json()
    component = document["components"]["schemas"]["ProbeRequest"]
    assert component["properties"]["probe"]["anyOf"][0] == {"type": "integer"}
    assert component["properties"]["probe"]["description"] == "A throwaway field."
    assert document["paths"]["/v1/games/{game}/probe"]["post"]["operationId"] == "probe"


README_ROW = re.compile(r"^\| `(GET|POST) ([^`]+)` \| ([^|]+) \|", re.M)


def test_the_readme_table_of_rest_calls_names_the_declared_fields():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = {(m[1].lower(), m[2]): m[3] for m in README_ROW.finditer(text)}
    by_route = {(op.method, op.path): op for op in contract.OPERATIONS}
    assert set(rows) == {k for k in by_route if k[1].startswith("/v1")}
    for key, cell in rows.items():
        op = by_route[key]
        named = set(re.findall(r'"([A-Za-z]+)"\??', cell))
        allowed = op.names | {"game"}
        allowed |= {"scores", "winners"} if "claimed" in op.names else set()  # the claim's
        allowed |= {"player", "move"} if "moves" in op.names else set()  # a move entry's
        assert named <= allowed, (op.id, named - allowed)
        simple = re.fullmatch(r"`\{([^`]*)\}`", cell.strip())
        if simple:  # the whole body, each optional field marked ?
            spelled = dict(re.findall(r'"([A-Za-z]+)"(\??)', simple[1]))
            assert set(spelled) == op.names, op.id
            for f in op.fields():
                assert (spelled[f.name] == "?") == (not f.required), (op.id, f.name)
