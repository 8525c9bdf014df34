"""The Python client held to the contract: its TypedDicts, requests and error codes against
``schema/openapi.json`` and ``schema/schema.graphql``, and its reading of answers the real
server never gives (every error code, malformed answers), through httpx's MockTransport."""

from __future__ import annotations

import inspect
import json
import re
from importlib import metadata
from pathlib import Path
from typing import Any, get_args

import httpx2
import pytest
import regelwerk_client
from regelwerk_client import (
    CLIENT_CODES,
    GRAPHQL_CODES,
    REST_CODES,
    AsyncRegelwerk,
    Error,
    ErrorBody,
    ErrorCode,
    ErrorDetails,
    Game,
    GameId,
    GameList,
    InvalidRequest,
    InvalidState,
    LegalMove,
    LegalMoves,
    MoveRejected,
    PlayAnswer,
    PlayerMove,
    Position,
    Problem,
    Regelwerk,
    RegelwerkError,
    ReplayAnswer,
    Score,
    ServerError,
    Status,
    TransportError,
    ViewAnswer,
    _calls,
)
from regelwerk_client._errors import error_class

from ..server_process import ROOT

OPENAPI = json.loads((ROOT / "schema" / "openapi.json").read_text())
SCHEMAS = OPENAPI["components"]["schemas"]
SDL = (ROOT / "schema" / "schema.graphql").read_text()

# Each TypedDict and the component it mirrors.
MIRRORS: dict[Any, dict[str, Any]] = {
    Position: SCHEMAS["Position"],
    PlayAnswer: SCHEMAS["PlayAnswer"],
    ReplayAnswer: SCHEMAS["ReplayAnswer"],
    LegalMove: SCHEMAS["LegalMove"],
    LegalMoves: SCHEMAS["LegalMoves"],
    Score: SCHEMAS["Score"],
    GameList: SCHEMAS["GameList"],
    ViewAnswer: SCHEMAS["ViewAnswer"],
    Problem: SCHEMAS["Problem"],
    ErrorDetails: SCHEMAS["ErrorDetails"],
    Error: SCHEMAS["Error"],
    ErrorBody: SCHEMAS["Error"]["properties"]["error"],
    PlayerMove: SCHEMAS["PlayerMove"],
}


def resolve(schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = SCHEMAS[schema["$ref"].rsplit("/", 1)[1]]
    return schema


def branches(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """An object schema, or every branch of a oneOf/anyOf of object schemas."""
    schema = resolve(schema)
    variants = schema.get("oneOf") or schema.get("anyOf")
    return [resolve(b) for b in variants] if variants else [schema]


def assert_mirrors(shape: Any, schema: dict[str, Any]) -> None:
    for branch in branches(schema):
        required = set(branch.get("required", []))
        optional = set(branch["properties"]) - required
        assert (set(shape.__required_keys__), set(shape.__optional_keys__)) == (
            required,
            optional,
        ), f"{shape.__name__} differs from {branch.get('title', 'its component')}"


@pytest.mark.parametrize("shape", list(MIRRORS), ids=lambda s: s.__name__)
def test_typed_dicts_have_the_components_keys(shape):
    assert_mirrors(shape, MIRRORS[shape])


def test_game_has_the_keys_of_every_games_catalogue_entry():
    assert len(branches(SCHEMAS["Game"])) == len(get_args(GameId))
    assert_mirrors(Game, SCHEMAS["Game"])


def test_literals_are_the_schemas_enums():
    assert list(get_args(GameId)) == SCHEMAS["GameId"]["enum"]
    for name in ("Position", "PlayAnswer", "ReplayAnswer", "Score"):
        assert list(get_args(Status)) == SCHEMAS[name]["properties"]["status"]["enum"]


def test_every_json_answer_is_mirrored():
    """A new answer component (or a new JSON operation) needs its TypedDict here first."""
    mirrored = {id(schema) for schema in MIRRORS.values()}
    for path, operations in OPENAPI["paths"].items():
        if not path.startswith("/v1/"):
            continue
        for operation in operations.values():
            content = operation["responses"]["200"]["content"]
            if "application/json" in content:
                schema = content["application/json"]["schema"]
                assert id(resolve(schema)) in mirrored, (path, schema)


# -- requests -------------------------------------------------------------------------------
STATE = {"game": "mixtour"}
CALLS = [
    _calls.games(),
    _calls.new_game("mixtour", 2, {"pointsToWin": 3}, "s"),
    _calls.position("mixtour", STATE),
    _calls.legal_moves("mixtour", STATE, 0),
    _calls.play("mixtour", STATE, "a1", None, 0, False),
    _calls.play("mixtour", STATE, None, ["a1", {"player": 0, "move": "b1"}], 0, True),
    _calls.score("mixtour", STATE),
    _calls.replay("mixtour", ["a1"], 2, {"pointsToWin": 3}, "s", "0123abcd"),
    _calls.view("mixtour", STATE, 0),
    _calls.render("mixtour", STATE, 0),
]


@pytest.mark.parametrize("call", CALLS, ids=lambda c: f"{c.operation}-{len(c.body or {})}")
def test_requests_are_the_documented_operations_and_bodies(call):
    template = re.sub(r"/v1/games/[^/]+/", "/v1/games/{game}/", call.path)
    operation = OPENAPI["paths"][template][call.method.lower()]
    assert operation["operationId"] == call.operation
    if call.body is None:
        assert "requestBody" not in operation
        return
    schema = operation["requestBody"]["content"]["application/json"]["schema"]
    # Every argument given: the body has every field of (one branch of) the request schema.
    assert any(set(call.body) == set(branch["properties"]) for branch in branches(schema)), (
        f"{call.operation} sends {sorted(call.body)}"
    )


def test_every_rest_operation_has_a_call():
    documented = {
        op["operationId"]
        for path, ops in OPENAPI["paths"].items()
        if path.startswith("/v1/")
        for op in ops.values()
    }
    assert documented == {call.operation for call in CALLS}


def test_both_clients_offer_the_same_calls():
    public = {n for n in vars(Regelwerk) if not n.startswith("_")} - {"close", "closed"}
    assert public == {n for n in vars(AsyncRegelwerk) if not n.startswith("_")} - {
        "close",
        "closed",
    }
    for name in public:
        sync, not_sync = getattr(Regelwerk, name), getattr(AsyncRegelwerk, name)
        assert inspect.iscoroutinefunction(not_sync), name
        assert inspect.signature(sync) == inspect.signature(not_sync), name
    # Each REST call is named as its builder (and the OpenAPI operation, in snake case).
    assert {n for n in vars(_calls) if n in public} == public - {"graphql"}


# -- error codes ----------------------------------------------------------------------------
def test_rest_codes_are_the_openapi_enum_in_order():
    rest = [code.value for code in ErrorCode if code in REST_CODES]
    assert rest == SCHEMAS["ErrorCode"]["enum"]
    assert not (REST_CODES & GRAPHQL_CODES or REST_CODES & CLIENT_CODES)
    assert not GRAPHQL_CODES & CLIENT_CODES
    assert set(ErrorCode) == REST_CODES | GRAPHQL_CODES | CLIENT_CODES


def test_graphql_union_codes_are_rest_codes_in_the_same_kinds():
    enum = re.search(r"enum ErrorCode \{([^}]*)\}", SDL)
    assert enum is not None
    assert set(enum.group(1).split()) <= {code.value for code in REST_CODES}
    kinds = {"MoveRejected": MoveRejected, "InvalidState": InvalidState}
    kinds["InvalidRequest"] = InvalidRequest
    groups = re.findall(r"(MoveRejected|InvalidState|InvalidRequest): ([A-Z_, ]+)", SDL)
    assert {name for name, _ in groups} == set(kinds)
    for name, codes in groups:
        for code in codes.replace(",", " ").split():
            assert issubclass(error_class(ErrorCode(code), 422), kinds[name]), code


STATUS = {"NOT_FOUND": 404, "UNKNOWN_GAME": 404, "METHOD_NOT_ALLOWED": 405, "INTERNAL": 500}
STATUS |= dict.fromkeys(["BODY_TOO_LARGE", "TOO_MANY_MOVES", "WORK_BUDGET_EXCEEDED"], 413)
STATUS |= dict.fromkeys(["MALFORMED_JSON", "INVALID_REQUEST", "HTTP_ERROR"], 400)


def mock_client(status: int, body: bytes, media: str = "application/json") -> Regelwerk:
    def answer(request: httpx2.Request) -> httpx2.Response:
        headers = {"content-type": media, "x-request-id": "r-1"}
        return httpx2.Response(status, content=body, headers=headers)

    return Regelwerk("http://regelwerk.test", transport=httpx2.MockTransport(answer))


@pytest.mark.parametrize("code", sorted(REST_CODES))
def test_every_rest_code_raises_its_kind(code):
    status = STATUS.get(code, 422)
    body = {"error": {"code": code, "message": "m", "details": {"ply": 3}}}
    with mock_client(status, json.dumps(body).encode()) as rw, pytest.raises(RegelwerkError) as e:
        rw.play("mixtour", STATE, "a1")
    error = e.value
    assert type(error) is error_class(code, status) and type(error) is not RegelwerkError
    assert (error.code, error.status, error.details, error.request_id) == (
        code,
        status,
        {"ply": 3},
        "r-1",
    )


def test_a_code_from_a_newer_server_still_arrives():
    body = {"error": {"code": "NEWER_CODE", "message": "m", "details": {}}}
    with mock_client(422, json.dumps(body).encode()) as rw, pytest.raises(RegelwerkError) as e:
        rw.games()
    assert type(e.value) is RegelwerkError and isinstance(e.value.code, ErrorCode)
    assert e.value.code == "NEWER_CODE" and e.value.code not in set(ErrorCode)


@pytest.mark.parametrize(
    ("status", "body", "media", "kind", "code"),
    [
        (200, b'{"state": {}}', "application/json", TransportError, "BAD_RESPONSE"),
        (200, b"[1, 2]", "application/json", TransportError, "BAD_RESPONSE"),
        (200, b"{not json", "application/json", TransportError, "BAD_RESPONSE"),
        (422, b"{not json", "application/json", TransportError, "BAD_RESPONSE"),
        (503, b"<html>down</html>", "text/html", TransportError, "BAD_RESPONSE"),
        (500, b'{"detail": "oops"}', "application/json", ServerError, "INTERNAL"),
        (302, b"", "text/plain", TransportError, "BAD_RESPONSE"),
        (404, b'{"error": "nope"}', "application/json", TransportError, "BAD_RESPONSE"),
    ],
)
def test_malformed_answers_are_errors_never_crashes(status, body, media, kind, code):
    with mock_client(status, body, media) as rw, pytest.raises(RegelwerkError) as e:
        rw.new_game("mixtour")
    assert (type(e.value), e.value.code, e.value.status) == (kind, code, status)


@pytest.mark.parametrize("url", ["localhost:8000", "http://[::1", "ftp://host", ""])
def test_a_base_url_that_is_no_http_url_is_refused_at_once(url):
    with pytest.raises(ValueError, match="base_url"):
        Regelwerk(url)
    with pytest.raises(ValueError, match="base_url"):
        AsyncRegelwerk(url)


def test_render_needs_an_svg_answer():
    with mock_client(200, b'{"svg": 1}') as rw, pytest.raises(TransportError) as e:
        rw.render("mixtour", STATE)
    assert e.value.code is ErrorCode.BAD_RESPONSE


# -- the package ----------------------------------------------------------------------------
def test_the_package_is_installed_from_this_checkout():
    package = Path(regelwerk_client.__file__).parent
    assert package == ROOT / "clients" / "python" / "regelwerk_client"
    assert (package / "py.typed").is_file()
    assert metadata.version("regelwerk-client") == regelwerk_client.__version__
    assert any(r.startswith("httpx2") for r in metadata.requires("regelwerk-client") or [])
    # The names of the single-module client still import.
    assert regelwerk_client.Played is PlayAnswer and regelwerk_client.Replayed is ReplayAnswer
