"""Hypothesis over GraphQL (issue "Hardening", item 7): documents generated from the schema's
own grammar (real and bogus fields, aliases, named and inline fragments, directives, nesting
past the depth limit, arguments of every type with real states and moves or random values,
huge ints, deep lists, unicode, nulls), random variables, every transport (GET, POST JSON,
wrong media types, batches, garbage bytes, wrong field types) and Accept headers.

Every answer: never a 5xx; a JSON object with ``data`` and/or ``errors``; every error with an
``extensions.code`` and never INTERNAL; a request error is 4xx only for a client that asked
for ``application/graphql-response+json`` (a legacy ``application/json`` client gets 200),
while a request that is not GraphQL at all is 4xx for both (BAD_REQUEST).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest
from graphql import (
    GraphQLEnumType,
    GraphQLField,
    GraphQLInputType,
    GraphQLScalarType,
    GraphQLUnionType,
    get_named_type,
    is_non_null_type,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from service.api.graphql import schema as strawberry_schema
from service.app import create_app
from service.settings import Settings

from .playouts import GAMES, legal_notations, playout

SCHEMA = strawberry_schema._schema
assert SCHEMA.query_type is not None
QUERY_FIELDS = sorted(SCHEMA.query_type.fields.items())
NEW = "application/graphql-response+json"
LEGACY = "application/json"
MAX_BODY = 64 * 1024  # the fuzzed app's MAX_BODY_BYTES: an oversized body costs little
TRANSPORT = "BAD_REQUEST"
RESULTS = (
    "Position",
    "PlayOutcome",
    "ReplayOutcome",
)  # the code of a request that is not GraphQL at all

# Accept header -> the media type the answer must have (None: 406, nothing acceptable).
ACCEPT: dict[str | None, str | None] = {
    None: LEGACY,
    LEGACY: LEGACY,
    NEW: NEW,
    "*/*": LEGACY,
    "application/*": LEGACY,
    f"{NEW}, {LEGACY};q=0.9": NEW,
    f"{LEGACY}, {NEW};q=0.5": LEGACY,
    f"{NEW};q=0": None,
    "text/plain": None,
    "text/html": None,
    "\u00e4/\u00f6;q=x": None,
}

# -- samples: real states and their moves --------------------------------------------------
PLAYOUTS = [playout(game, f"gql-fuzz-{game}", 16) for game in GAMES]
STATES = [
    (p.game, p.doc(i), legal_notations(p.game, p.states[i], p.steps[i].player) or ["a1"])
    for p in PLAYOUTS
    for i in range(0, len(p.steps), 4)
]
WORDS = ["games", "position", "state", "id", "x", "__schema", "\u00fcber", "legalMoves", "a_b"]

names = st.sampled_from(WORDS) | st.from_regex(r"\A[A-Za-z_][A-Za-z0-9_]{0,10}\Z")
text = st.text(st.characters(exclude_categories=["Cs"]), max_size=12)
huge_ints = st.sampled_from([2**31, -(2**31) - 1, 2**63, 10**30, -(10**40)])
ints = st.integers(-3, 6) | huge_ints | st.integers()
json_values = st.recursive(
    st.none() | st.booleans() | ints | st.floats(allow_nan=False, allow_infinity=False) | text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(text, inner, max_size=4),
    max_leaves=10,
)


def literal(value: Any) -> str:
    """A JSON value as a GraphQL value literal (object keys that are no GraphQL name dropped)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + " ".join(literal(v) for v in value) + "]"
    items = (f"{k}: {literal(v)}" for k, v in value.items() if k.isidentifier() and k.isascii())
    return "{" + " ".join(items) + "}"


def nested(depth: int) -> Any:
    """``[[[...[1]...]]]``, ``depth`` lists deep."""
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


@st.composite
def odd_literals(draw: st.DrawFn, valid_json: bool = False) -> str:
    """Values a parser or a coercion must survive: 5000 digits, deep lists, unicode escapes;
    unless ``valid_json``, also enums, undeclared variables and lists too deep to parse."""
    kind = draw(st.integers(0, 5 if valid_json else 6))
    if kind == 0:
        return "9" * draw(st.sampled_from([19, 40, 5000]))
    if kind == 1:
        depth = draw(st.sampled_from([30, 60] if valid_json else [30, 300]))
        return "[" * depth + "1" + "]" * depth
    if kind == 2:
        return '"\\u00e9\\u{1F600}\\n\u00fc"'
    if kind == 6:
        return draw(st.sampled_from(["ongoing", "FOO", "$nope", "1e999", "-0", "{a: $nope}"]))
    return literal(draw(json_values))


# -- documents -----------------------------------------------------------------------------
@dataclass
class Doc:
    """A document under construction: its variables and fragments, and whether it is meant
    to be valid (``clean``: real fields and arguments of the right types, so it executes)."""

    clean: bool
    game: str
    variables: dict[str, tuple[str, Any]] = field(default_factory=dict)
    fragments: dict[str, str] = field(default_factory=dict)
    aliases: int = 0

    def alias(self) -> str:
        self.aliases += 1
        return f"a{self.aliases}: "


def odd(draw: st.DrawFn, doc: Doc, one_in: int) -> bool:
    """Whether to break the document here (never in a clean one)."""
    return not doc.clean and draw(st.integers(1, one_in)) == 1


def wrong_type(type_: str) -> str:
    return {"Int": "String", "String": "Int", "JSON!": "[Int]", "Boolean": "JSON"}.get(
        type_, "Int!"
    )


@st.composite
def argument_value(draw: st.DrawFn, name: str, type_: GraphQLInputType, doc: Doc) -> str:
    """A literal or a variable for an argument: of the right kind, with real games, states
    and moves or any JSON where the type is JSON; anything at all in a broken document."""
    kind = get_named_type(type_).name
    if odd(draw, doc, 6):
        return draw(odd_literals())
    _, state, legal = draw(st.sampled_from(STATES))
    value: Any
    if name == "game":
        value = doc.game if draw(st.integers(0, 5)) else draw(st.sampled_from([*GAMES, "chess"]))
    elif name == "state":
        value = draw(st.sampled_from([state, state, {}, {"game": doc.game, "v": 1}]))
    elif name == "moves":
        value = draw(st.lists(st.sampled_from(legal) | json_values, max_size=3))
        if doc.clean:  # [JSON!]!: no null entries
            value = [v for v in value if v is not None]
    elif name == "options":
        value = draw(st.sampled_from([None, {}, {"pointsToWin": 3}, {"size": 9}]) | json_values)
    elif kind == "Int":
        value = draw(st.integers(-2, 5) if doc.clean else ints)
    elif kind == "Boolean":
        value = draw(st.booleans() | st.none())
    elif kind == "String":
        value = draw(text | st.none())
    else:
        value = draw(json_values)
    if is_non_null_type(type_) and value is None:
        value = {}
    if draw(st.booleans()):  # as a variable (sometimes declared with a wrong type)
        var = f"v{len(doc.variables)}"
        declared = wrong_type(str(type_)) if odd(draw, doc, 5) else str(type_)
        sent = draw(json_values) if odd(draw, doc, 5) else value
        if kind == "JSON" and draw(st.integers(0, 5)) == 0:
            sent = nested(draw(st.sampled_from([50, 500])))  # JSON variables nest freely
        doc.variables[var] = (declared, sent)
        return f"${var}"
    if kind == "JSON" and draw(st.integers(0, 3)) == 0:
        return draw(odd_literals(valid_json=True))  # any JSON literal fits a JSON argument
    return literal(value)


@st.composite
def arguments(draw: st.DrawFn, definition: GraphQLField, doc: Doc) -> str:
    parts = []
    for name, arg in definition.args.items():
        required = is_non_null_type(arg.type)
        if (required and not odd(draw, doc, 12)) or (not required and draw(st.booleans())):
            parts.append(f"{name}: {draw(argument_value(name, arg.type, doc))}")
    if odd(draw, doc, 10):
        parts.append(f"{draw(names)}: {draw(odd_literals())}")
    return f"({', '.join(parts)})" if parts else ""


@st.composite
def bogus_selection(draw: st.DrawFn, depth: int) -> str:
    """Fields the schema does not have, nested up to ``depth`` (past GRAPHQL_MAX_DEPTH)."""
    if depth <= 0:
        return ""
    inner = draw(bogus_selection(depth - 1)) if draw(st.integers(0, 3)) else ""
    return f"{{ {draw(names)} {inner} }}"


@st.composite
def selection(draw: st.DrawFn, parent: Any, doc: Doc, depth: int) -> str:
    """A selection set on an object or union type."""
    entries: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        if odd(draw, doc, 8):
            broken = draw(st.sampled_from(["field", "type", "fragment-type", "directive"]))
            if broken == "field":
                alias = f"{draw(names)}: " if draw(st.booleans()) else ""
                nested = draw(bogus_selection(draw(st.integers(0, 14))))
                entries.append(f"{alias}{draw(names)} {nested}")
            elif broken == "type":
                entries.append(f"... on {draw(names)} {{ __typename }}")
            elif broken == "fragment-type":
                entries.append(f"...{draw(names)}")
            else:
                entries.append(f"__typename {draw(st.sampled_from(['@foo', '@skip']))}")
            continue
        kind = draw(st.integers(0, 9))
        if kind == 0 or depth <= 0:
            directive = draw(st.sampled_from(["", "", "@skip(if: true)", "@include(if: false)"]))
            entries.append(f"__typename {directive}")
        elif isinstance(parent, GraphQLUnionType):
            # the members that carry a position, half of the time: they reach the engines
            results = [t for t in parent.types if t.name in RESULTS]
            prefer = draw(st.booleans())
            members = results if results and prefer else parent.types
            member = draw(st.sampled_from(members))
            entries.append(f"... on {member.name} {draw(selection(member, doc, depth - 1))}")
        elif kind == 1 and len(doc.fragments) < 3:
            fragment = f"F{len(doc.fragments)}"
            doc.fragments[fragment] = ""  # claims the name before recursing
            inner = draw(selection(parent, doc, depth - 1))
            doc.fragments[fragment] = f"fragment {fragment} on {parent.name} {inner}"
            entries.append(f"...{fragment}")
        else:
            name, definition = draw(st.sampled_from(sorted(parent.fields.items())))
            entries.append(draw(field_text(name, definition, doc, depth - 1)))
    return "{ " + " ".join(entries) + " }"


@st.composite
def field_text(draw: st.DrawFn, name: str, definition: GraphQLField, doc: Doc, depth: int) -> str:
    # fields with arguments aliased apart in a clean document: two fields of one name with
    # different arguments would not merge
    alias = doc.alias() if (doc.clean and definition.args) or odd(draw, doc, 3) else ""
    args = draw(arguments(definition, doc))
    kind = get_named_type(definition.type)
    if isinstance(kind, (GraphQLScalarType, GraphQLEnumType)):
        extra = " { x }" if odd(draw, doc, 10) else ""
        return f"{alias}{name}{args}{extra}"
    if odd(draw, doc, 10):  # an object without a selection
        return f"{alias}{name}{args}"
    return f"{alias}{name}{args} {draw(selection(kind, doc, depth))}"


@st.composite
def documents(draw: st.DrawFn) -> tuple[str, dict[str, Any], str | None]:
    """(query text, variables, operationName); about two in three are valid documents."""
    doc = Doc(clean=draw(st.integers(0, 2)) > 0, game=draw(st.sampled_from(GAMES)))
    roots = []
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.integers(0, 9))
        if kind < 9:
            name, definition = draw(st.sampled_from(QUERY_FIELDS))
            roots.append(draw(field_text(name, definition, doc, draw(st.integers(2, 7)))))
        else:
            roots.append("__schema { queryType { name } types { name kind } }")
    if odd(draw, doc, 4):
        roots.append(f"{draw(names)} {draw(bogus_selection(draw(st.integers(0, 3))))}")
    body = "{ " + " ".join(roots) + " }"
    named = draw(st.booleans())
    operation = "query Op" if named else "query"
    if odd(draw, doc, 5):
        operation = draw(st.sampled_from(["mutation", "subscription S", "query Op", "Op"]))
    declared = ", ".join(f"${k}: {t}" for k, (t, _) in doc.variables.items())
    head = f"{operation}({declared}) " if declared else draw(st.sampled_from([f"{operation} ", ""]))
    text_ = head + body + "".join(f"\n{f}" for f in doc.fragments.values())
    if odd(draw, doc, 6):  # a syntax error somewhere
        cut = draw(st.integers(0, len(text_)))
        text_ = text_[:cut] + draw(st.sampled_from(["{", "}", "(", "$", '"', "..."])) + text_[cut:]
    name = "Op" if named and draw(st.booleans()) else None
    if odd(draw, doc, 5):
        name = draw(st.sampled_from(["S", "nope", ""]))
    return text_, {k: v for k, (_, v) in doc.variables.items()}, name


# -- requests and answers ------------------------------------------------------------------
@dataclass
class Sent:
    method: str
    content: bytes | None = None
    params: dict[str, str] | None = None
    content_type: str | None = LEGACY
    graphql: bool = True  # False: not a GraphQL request at all (a transport error)
    oversized: bool = False


def dumps(value: Any) -> bytes:
    return json.dumps(value).encode()


@st.composite
def transports(draw: st.DrawFn, query: str, variables: dict[str, Any], name: str | None) -> Sent:
    body: dict[str, Any] = {"query": query}
    always = draw(st.booleans())  # an empty variables object too
    if variables or always:
        body["variables"] = variables
    if name is not None:
        body["operationName"] = name
    transport = draw(st.integers(0, 19))
    if transport < 9:
        return Sent("POST", dumps(body))
    if transport < 12:
        params = {k: v if isinstance(v, str) else json.dumps(v) for k, v in body.items()}
        return Sent("GET", params=params, content_type=None)
    if transport == 12:
        media = draw(st.sampled_from(["text/plain", "application/graphql", "", "x/y; a=b"]))
        return Sent("POST", dumps(body), content_type=media or None, graphql=False)
    if transport == 13:
        return Sent("POST", dumps([body, body]), graphql=False)
    if transport == 14:
        return Sent("POST", draw(st.binary(max_size=64)) + b"\xff", graphql=False)
    if transport == 15:
        return Sent(
            "POST",
            dumps(draw(json_values.filter(lambda v: not isinstance(v, dict)))),
            graphql=False,
        )
    if transport == 16:
        key = draw(st.sampled_from(["query", "variables", "operationName", "extensions"]))
        bad = draw(json_values.filter(lambda v: v is not None and not isinstance(v, str)))
        # an object for variables or extensions is GraphQL: its content decides
        graphql = key in ("variables", "extensions") and isinstance(bad, dict)
        return Sent("POST", dumps({**body, key: bad}), graphql=graphql)
    if transport == 17:
        persisted = draw(
            st.sampled_from(
                [{"version": 1, "sha256Hash": "0" * 64}, {"version": 2}, "x", {"sha256Hash": 5}]
            )
        )
        return Sent("POST", dumps({**body, "extensions": {"persistedQuery": persisted}}))
    if transport == 18:
        return Sent("POST", dumps({**body, "pad": "x" * MAX_BODY}), oversized=True)
    return Sent("POST", dumps({"variables": variables}), graphql=False)  # no query at all


def send(client: TestClient, sent: Sent, accept: str | None) -> Any:
    headers = [] if accept is None else [(b"accept", accept.encode("latin-1"))]
    if sent.content_type is not None:
        headers.append((b"content-type", sent.content_type.encode("latin-1")))
    if sent.method == "GET":
        return client.get("/graphql", params=sent.params, headers=headers)
    return client.post("/graphql", content=sent.content, headers=headers)


def check(response: Any, sent: Sent, accept: str | None) -> None:
    status = response.status_code
    assert status < 500, response.text[:2000]
    if sent.oversized:  # BodyLimit answers before /graphql, in the GraphQL envelope
        assert status == 413, response.text[:2000]
        assert response.json()["errors"][0]["extensions"]["code"] == "BODY_TOO_LARGE"
        return
    body = response.json()
    assert isinstance(body, dict) and body, body
    assert set(body) <= {"data", "errors", "extensions"} and {"data", "errors"} & set(body)
    errors = body.get("errors", [])
    assert isinstance(errors, list) and ("errors" not in body or errors), body
    codes = []
    for error in errors:
        assert isinstance(error["message"], str), error
        codes.append(error["extensions"]["code"])
    assert codes == [c for c in codes if isinstance(c, str) and c], errors
    assert "INTERNAL" not in codes, errors
    media = ACCEPT[accept]
    if media is None:
        assert status == 406 and codes == [TRANSPORT], body
        return
    assert response.headers["content-type"].startswith(media)
    if not sent.graphql:
        assert 400 <= status < 500 and "data" not in body and set(codes) == {TRANSPORT}, body
    elif status >= 400:
        # a request error: 4xx only for graphql-response+json (or for the transport itself)
        assert "data" not in body, body
        assert media == NEW or set(codes) == {TRANSPORT}, (status, body)
    else:
        assert status == 200
        if media == NEW and "data" not in body:
            raise AssertionError(f"a request error answered 200 to {NEW}: {body}")


@pytest.fixture(scope="module")
def fuzz_client():
    return TestClient(create_app(Settings(max_body_bytes=MAX_BODY)), raise_server_exceptions=False)


FIXTURE = HealthCheck.function_scoped_fixture
LIMITS = settings(
    deadline=None,
    derandomize=True,  # the same examples on every run: CI stays repeatable
    database=None,
    suppress_health_check=[FIXTURE, HealthCheck.too_slow, HealthCheck.data_too_large],
)


@settings(LIMITS, max_examples=150)
@given(document=documents(), accept=st.sampled_from([None, LEGACY, NEW]))
def test_generated_documents(fuzz_client, document, accept):
    query, variables, name = document
    body: dict[str, Any] = {"query": query, "variables": variables, "operationName": name}
    sent = Sent("POST", dumps(body))
    check(send(fuzz_client, sent, accept), sent, accept)


@settings(LIMITS, max_examples=60)
@given(data=st.data(), accept=st.sampled_from(sorted(ACCEPT, key=str)))
def test_any_transport_and_accept_header(fuzz_client, data, accept):
    sent = data.draw(transports(*data.draw(documents())))
    check(send(fuzz_client, sent, accept), sent, accept)


def test_an_oversized_graphql_body_answers_a_graphql_error(fuzz_client):
    body = dumps({"query": "{ games { id } }", "variables": {"pad": "x" * MAX_BODY}})
    r = fuzz_client.post("/graphql", content=body, headers={"content-type": LEGACY})
    assert r.status_code == 413
    assert r.json()["errors"][0]["extensions"]["code"] == "BODY_TOO_LARGE", r.text
