"""The Python client held to the contract: its TypedDicts, requests and error codes against
``schema/openapi.json`` and ``schema/schema.graphql``, and its reading of answers the real
server never gives (every error code, malformed answers), through httpx's MockTransport."""

from __future__ import annotations

import asyncio
import inspect
import json
import re
from importlib import metadata
from pathlib import Path
from typing import Any, get_args

import httpx2
import pytest
import regelwerk_client
from graphql import GraphQLEnumType, build_schema
from regelwerk_client import (
    CLIENT_CODES,
    GRAPHQL_CODES,
    REST_CODES,
    AnalyzeAnswer,
    AnalyzeStats,
    AsyncRegelwerk,
    BatchGameReview,
    BatchLineError,
    BatchReview,
    BatchVerdict,
    Certificate,
    CertificateCheck,
    ChanceReview,
    Claimed,
    DecisionReview,
    Error,
    ErrorBody,
    ErrorCode,
    ErrorDetails,
    EvaluateAnswer,
    EvaluateStats,
    Fair,
    FairStart,
    Game,
    GameId,
    GameList,
    GraphQLError,
    InvalidRecord,
    InvalidRequest,
    InvalidState,
    Language,
    LegalMove,
    LegalMoves,
    Message,
    MoveRejected,
    NewGameAnswer,
    NextStep,
    NextSteps,
    NextTurn,
    PlayAnswer,
    Player,
    PlayerMove,
    PlayerReview,
    PlayerValue,
    Position,
    Problem,
    ProblemCode,
    Regelwerk,
    RegelwerkError,
    ReplayAnswer,
    ReplayedGame,
    Rules,
    RuleText,
    Score,
    ServerError,
    Status,
    SuggestAnswer,
    SuggestedMove,
    SuggestStats,
    TopMove,
    TransportError,
    VerifyAnswer,
    VerifyProblem,
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
    NewGameAnswer: SCHEMAS["NewGameAnswer"],
    ReplayAnswer: SCHEMAS["ReplayAnswer"],
    ReplayedGame: SCHEMAS["ReplayedGame"],
    LegalMove: SCHEMAS["LegalMove"],
    LegalMoves: SCHEMAS["LegalMoves"],
    NextStep: SCHEMAS["NextStep"],
    NextSteps: SCHEMAS["NextSteps"],
    NextTurn: SCHEMAS["NextSteps"]["properties"]["turn"]["anyOf"][0],
    Score: SCHEMAS["Score"],
    GameList: SCHEMAS["GameList"],
    ViewAnswer: SCHEMAS["ViewAnswer"],
    Problem: SCHEMAS["Problem"],
    Message: SCHEMAS["Message"],
    Rules: SCHEMAS["RulesAnswer"],
    RuleText: SCHEMAS["RuleText"],
    ErrorDetails: SCHEMAS["ErrorDetails"],
    Error: SCHEMAS["Error"],
    ErrorBody: SCHEMAS["Error"]["properties"]["error"],
    PlayerMove: SCHEMAS["PlayerMove"],
    Claimed: SCHEMAS["Claimed"],
    VerifyProblem: SCHEMAS["VerifyProblem"],
    Certificate: SCHEMAS["Certificate"],
    VerifyAnswer: SCHEMAS["VerifyAnswer"],
    BatchVerdict: SCHEMAS["BatchVerdict"],
    BatchGameReview: SCHEMAS["BatchGameReview"],
    BatchLineError: SCHEMAS["BatchLineError"],
    CertificateCheck: SCHEMAS["CertificateCheck"],
    SuggestAnswer: SCHEMAS["SuggestAnswer"],
    EvaluateAnswer: SCHEMAS["EvaluateAnswer"],
    AnalyzeAnswer: SCHEMAS["AnalyzeAnswer"],
    AnalyzeStats: SCHEMAS["AnalyzeAnswer"]["properties"]["stats"],
    DecisionReview: SCHEMAS["AnalyzeAnswer"]["properties"]["plies"]["items"]["oneOf"][0],
    ChanceReview: SCHEMAS["AnalyzeAnswer"]["properties"]["plies"]["items"]["oneOf"][1],
    PlayerReview: SCHEMAS["AnalyzeAnswer"]["properties"]["players"]["items"],
    EvaluateStats: SCHEMAS["EvaluateAnswer"]["properties"]["stats"],
    PlayerValue: SCHEMAS["EvaluateAnswer"]["properties"]["values"]["items"],
    SuggestedMove: SCHEMAS["SuggestAnswer"]["properties"]["move"],
    SuggestStats: SCHEMAS["SuggestAnswer"]["properties"]["stats"],
    TopMove: SCHEMAS["SuggestAnswer"]["properties"]["stats"]["properties"]["top"]["items"],
    Player: SCHEMAS["MixtourGame"]["properties"]["players"]["items"],
    Fair: SCHEMAS["Fair"],
    FairStart: SCHEMAS["FairStart"],
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
    # GameId is the registry's ids (OpenAPI's GameId derives from it): a new game adds its id
    from service.games import REGISTRY

    assert list(get_args(GameId)) == SCHEMAS["GameId"]["enum"] == list(REGISTRY)
    for name in ("Position", "PlayAnswer", "ReplayAnswer", "Score"):
        assert list(get_args(Status)) == SCHEMAS[name]["properties"]["status"]["enum"]
    batch_status = SCHEMAS["BatchVerdict"]["properties"]["status"]["anyOf"]
    assert [list(get_args(Status)), None] == [s.get("enum") for s in batch_status]
    assert list(get_args(ProblemCode)) == SCHEMAS["ProblemCode"]["enum"]
    assert list(get_args(Language)) == SCHEMAS["RulesAnswer"]["properties"]["language"]["enum"]


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


def test_every_ndjson_answer_line_is_mirrored():
    """A batch's answer is NDJSON (a string to OpenAPI): its description names the component
    of each line, and that component (each of its branches) needs its TypedDict here."""
    mirrored = {id(schema) for schema in MIRRORS.values()}
    answers = {}
    for path, operations in OPENAPI["paths"].items():
        if not path.startswith("/v1/"):
            continue
        for operation in operations.values():
            content = operation["responses"]["200"]["content"]
            if _calls.NDJSON in content:
                description = content[_calls.NDJSON]["schema"]["description"]
                (name,) = re.findall(r"^One (\w+) per non-blank line", description)
                answers[operation["operationId"]] = name
                for branch in branches(SCHEMAS[name]):
                    assert id(branch) in mirrored, (path, name, branch.get("title"))
    assert answers == {"verifyBatch": "BatchVerdict", "analyzeBatch": "BatchReview"}
    assert {_calls.VERDICTS.name, _calls.REVIEWS.name} == set(answers.values())


def test_a_batch_review_is_an_analyze_answer_with_its_line_or_the_lines_error():
    """BatchReview is a review (analyze's answer and the line's number and game) or the
    error of a line without one: the union, its branches in the schema's order, and their
    nested shapes, which the schema spells out again instead of naming AnalyzeAnswer's."""
    assert get_args(BatchReview) == (BatchGameReview, BatchLineError)
    assert _calls.REVIEWS.shapes == get_args(BatchReview)
    assert _calls.VERDICTS.shapes == (BatchVerdict,)
    review, line_error = branches(SCHEMAS["BatchReview"])
    assert (review, line_error) == (SCHEMAS["BatchGameReview"], SCHEMAS["BatchLineError"])
    properties = review["properties"]
    plies = [resolve(branch) for branch in properties["plies"]["items"]["oneOf"]]
    assert_mirrors(DecisionReview, plies[0])
    assert_mirrors(ChanceReview, plies[1])
    assert_mirrors(PlayerReview, properties["players"]["items"])
    assert_mirrors(AnalyzeStats, properties["stats"])
    assert set(BatchGameReview.__required_keys__) - set(AnalyzeAnswer.__required_keys__) == {
        "line",
        "game",
    }
    assert_mirrors(ErrorBody, line_error["properties"]["error"])


# -- requests -------------------------------------------------------------------------------
STATE = {"game": "mixtour"}
RECORD = '[Game "mixtour"]\n\n1. a1\n'
CLAIMED: Claimed = {"scores": [0, 1], "winners": [1]}
TAGS = {"Event": "Club night", "Round": "3"}
CERTIFICATE: Certificate = {
    "game": "mixtour",
    "rulesVersion": "mixtour-1",
    "digest": "sha256:00",
    "scores": [0, 1],
    "winners": [1],
    "sig": "0123abcd.00",
}
FAIR: Fair = {"commitment": "0" * 64, "contributions": ["anna", None]}
HISTORY = [STATE, {"game": "mixtour", "fair": FAIR}]
CALLS = [
    _calls.games(),
    _calls.rules("mixtour"),
    _calls.new_game("mixtour", 2, {"pointsToWin": 3}, "s", True, {"contributions": ["anna"]}),
    _calls.new_game("tric-trac", 2, {"pointsToWin": 3}, "s", False, {"open": True}),
    _calls.position("mixtour", STATE, True),
    _calls.legal_moves("mixtour", STATE, 0, True),
    _calls.next_steps("tric-trac", STATE, 0, ["1/6", {"kind": "turn", "steps": []}]),
    _calls.play("mixtour", STATE, "a1", None, 0, False, True),
    _calls.play("mixtour", STATE, None, ["a1", {"player": 0, "move": "b1"}], 0, True, False),
    _calls.contribute("tric-trac", STATE, 1, "ben", True),
    _calls.score("mixtour", STATE),
    _calls.replay("mixtour", ["a1"], 2, {"pointsToWin": 3}, "s", "0123abcd", FAIR),
    _calls.replay_record("mixtour", RECORD),
    _calls.view("mixtour", STATE, 0),
    _calls.render("mixtour", STATE, 0, "a1", True),
    _calls.suggest("mixtour", STATE, 0, "s", 50, "easy", 200),  # shape only: not both
    _calls.evaluate("mixtour", STATE, 0, "s", 50, "easy", 200),
    _calls.analyze("mixtour", ["a1"], 2, {"pointsToWin": 3}, "s", "0123abcd", 5, "a", FAIR),
    _calls.analyze_record("mixtour", RECORD, 5, "a"),
    _calls.verify(
        "mixtour", ["a1"], 2, {"pointsToWin": 3}, "s", "0123abcd", CLAIMED, TAGS, FAIR, HISTORY
    ),
    _calls.verify_record("mixtour", RECORD, HISTORY),
    _calls.record("mixtour", ["a1"], 2, {"pointsToWin": 3}, "s", "0123abcd", CLAIMED, TAGS, FAIR),
    _calls.check_certificate(CERTIFICATE, RECORD),
]
BATCH_LINES = [
    {"game": "mixtour", "moves": ["a1"], "claimed": CLAIMED, "tags": TAGS, "seed": "s"},
    {"game": "mixtour", "record": RECORD, "history": HISTORY},
    {"game": "mixtour", "moves": ["a1\u2028b1"], "players": 2, "options": {}, "keyId": "k"},
    {"game": "tric-trac", "moves": [], "seed": "s", "fair": FAIR, "history": HISTORY},
]
ANALYZE_BATCH_LINES = [
    {"game": "mixtour", "moves": ["a1"], "budget": 5, "analysisSeed": "a", "seed": "s"},
    {"game": "mixtour", "record": RECORD, "budget": 5, "analysisSeed": "a"},
    {"game": "mixtour", "moves": ["a1\u2028b1"], "players": 2, "options": {}, "keyId": "k"},
    {"game": "tric-trac", "moves": [], "seed": "s", "fair": FAIR},
    {"game": "mixtour", "record": RECORD},
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


def test_a_batch_is_ndjson_of_verify_bodies_with_their_game():
    batch = _calls.verify_batch(iter(BATCH_LINES), 2)
    assert_ndjson_of_lines(batch, BATCH_LINES, "verifyBatch", [(1, 2), (3, 2)])


def test_an_analyze_batch_is_ndjson_of_analyze_bodies_with_their_game():
    batch = _calls.analyze_batch(iter(ANALYZE_BATCH_LINES), 2)
    assert_ndjson_of_lines(batch, ANALYZE_BATCH_LINES, "analyzeBatch", [(1, 2), (3, 2), (5, 1)])
    # A line is an analyze body (one branch of AnalyzeRequest) with its game.
    analyze = OPENAPI["paths"]["/v1/games/{game}/analyze"]["post"]
    bodies = branches(analyze["requestBody"]["content"]["application/json"]["schema"])
    lines = branches(SCHEMAS["AnalyzeBatchLine"])
    assert [set(line["properties"]) for line in lines] == [
        set(body["properties"]) | {"game"} for body in bodies
    ]
    assert [set(line["required"]) for line in lines] == [
        set(body["required"]) | {"game"} for body in bodies
    ]


def assert_ndjson_of_lines(
    batch: _calls.Batch[Any],
    lines: list[dict[str, Any]],
    operation_id: str,
    parts_sent: list[tuple[int, int]],
) -> None:
    operation = OPENAPI["paths"][batch.path][batch.method.lower()]
    assert operation["operationId"] == batch.operation == operation_id
    content = operation["requestBody"]["content"]
    assert list(content) == [_calls.NDJSON] == [_calls.BATCH_HEADERS["Content-Type"]]
    kinds = line_kinds(content[_calls.NDJSON]["schema"])
    assert all("game" in required for required, _ in kinds)
    parts = list(batch.parts)
    assert [(p.first, p.count) for p in parts] == parts_sent
    sent = b"".join(p.content for p in parts)
    assert sent.endswith(b"\n") and sent.count(b"\n") == len(lines)
    for text, line in zip(sent.split(b"\n")[:-1], lines, strict=True):
        assert json.loads(text) == line
        assert any(required <= set(line) <= fields for required, fields in kinds), set(line)
    # The lines use every field of a batch line.
    assert set().union(*lines) == set().union(*(fields for _, fields in kinds))


def line_kinds(schema: dict[str, Any]) -> list[tuple[set[str], set[str]]]:
    """The required and the allowed fields of each kind of batch line: a verify body (one
    branch of VerifyRequest) with its game, or one branch of the line's own oneOf."""
    schema = resolve(schema)
    if "allOf" not in schema:
        return [(set(b.get("required", [])), set(b["properties"])) for b in branches(schema)]
    own_required, own = set(schema.get("required", [])), set(schema.get("properties", {}))
    return [
        (own_required | set(b.get("required", [])), own | set(b["properties"]))
        for base in schema["allOf"]
        for b in branches(base)
    ]


@pytest.mark.parametrize("lines", ["{}", b"{}", {"game": "mixtour"}])
@pytest.mark.parametrize("make", [_calls.verify_batch, _calls.analyze_batch])
def test_a_batch_is_an_iterable_of_lines(make, lines):
    with pytest.raises(TypeError):
        make(lines)
    with pytest.raises(TypeError, match="batch line 2"):
        list(make([{"game": "mixtour"}, "mixtour"]).parts)
    with pytest.raises(ValueError, match="lines_per_request"):
        make([], 0)


@pytest.mark.parametrize("history", ["[]", b"[]", STATE])
def test_a_history_is_a_list_of_states(history):
    with pytest.raises(TypeError, match="history"):
        _calls.verify("mixtour", ["a1"], history=history)
    with pytest.raises(TypeError, match="history"):
        _calls.verify_record("mixtour", RECORD, history)


def test_every_rest_operation_has_a_call():
    documented = {
        op["operationId"]
        for path, ops in OPENAPI["paths"].items()
        if path.startswith("/v1/")
        for op in ops.values()
    }
    batches = [_calls.verify_batch(BATCH_LINES), _calls.analyze_batch(ANALYZE_BATCH_LINES)]
    assert documented == {call.operation for call in CALLS} | {b.operation for b in batches}


def test_both_clients_offer_the_same_calls():
    not_calls = {"close", "closed", "language"}
    public = {n for n in vars(Regelwerk) if not n.startswith("_")} - not_calls
    assert public == {n for n in vars(AsyncRegelwerk) if not n.startswith("_")} - not_calls
    for name in public:
        sync, not_sync = getattr(Regelwerk, name), getattr(AsyncRegelwerk, name)
        signature, async_signature = inspect.signature(sync), inspect.signature(not_sync)
        if inspect.isgeneratorfunction(sync):  # a stream: an Iterator, async an AsyncIterator
            assert inspect.isasyncgenfunction(not_sync), name
            returns = signature.return_annotation
            assert returns.startswith("Iterator[") and async_signature.return_annotation == (
                f"Async{returns}"
            )
            signature = signature.replace(return_annotation=inspect.Signature.empty)
            async_signature = async_signature.replace(return_annotation=inspect.Signature.empty)
        else:
            assert inspect.iscoroutinefunction(not_sync), name
        assert signature == async_signature, name
    # Each REST call is named as its builder (and the OpenAPI operation, in snake case).
    assert {n for n in vars(_calls) if n in public} == public - {"graphql"}


def test_every_call_takes_a_language_of_its_own():
    for client in (Regelwerk, AsyncRegelwerk):
        for name in {n for n in vars(client) if not n.startswith("_")} - {"close", "closed"}:
            if name == "language":
                continue
            language = inspect.signature(getattr(client, name)).parameters["language"]
            assert (language.kind, language.default) == (language.KEYWORD_ONLY, None), name
        constructor = inspect.signature(client).parameters["language"]
        assert (constructor.kind, constructor.default) == (constructor.KEYWORD_ONLY, None)


# -- error codes ----------------------------------------------------------------------------
def test_rest_codes_are_the_openapi_enum_in_order():
    rest = [code.value for code in ErrorCode if code in REST_CODES]
    assert rest == SCHEMAS["ErrorCode"]["enum"]
    assert not (REST_CODES & GRAPHQL_CODES or REST_CODES & CLIENT_CODES)
    assert not GRAPHQL_CODES & CLIENT_CODES
    assert set(ErrorCode) == REST_CODES | GRAPHQL_CODES | CLIENT_CODES


def test_graphql_union_codes_are_rest_codes_in_the_same_kinds():
    enum = build_schema(SDL).type_map["ErrorCode"]
    assert isinstance(enum, GraphQLEnumType) and enum.values
    assert set(enum.values) <= {code.value for code in REST_CODES}
    kinds = {"MoveRejected": MoveRejected, "InvalidState": InvalidState}
    kinds["InvalidRequest"] = InvalidRequest
    groups = re.findall(r"(MoveRejected|InvalidState|InvalidRequest): ([A-Z_, ]+)", SDL)
    assert {name for name, _ in groups} == set(kinds)
    for name, codes in groups:
        for code in codes.replace(",", " ").split():
            assert issubclass(error_class(ErrorCode(code), 422), kinds[name]), code


STATUS = {"NOT_FOUND": 404, "UNKNOWN_GAME": 404, "METHOD_NOT_ALLOWED": 405, "INTERNAL": 500}
STATUS |= dict.fromkeys(["BODY_TOO_LARGE", "TOO_MANY_MOVES", "WORK_BUDGET_EXCEEDED"], 413)
STATUS |= dict.fromkeys(["MALFORMED_JSON", "INVALID_REQUEST", "INVALID_RECORD", "HTTP_ERROR"], 400)


def mock_client(status: int, body: bytes, media: str = "application/json") -> Regelwerk:
    def answer(request: httpx2.Request) -> httpx2.Response:
        headers = {"content-type": media, "x-request-id": "r-1"}
        return httpx2.Response(status, content=body, headers=headers)

    return Regelwerk("http://regelwerk.test", transport=httpx2.MockTransport(answer))


ARGS = {"move": 3, "error": {"messageId": "mixtour-square-occupied", "args": {"square": "a1"}}}


@pytest.mark.parametrize("code", sorted(REST_CODES))
def test_every_rest_code_raises_its_kind(code):
    status = STATUS.get(code, 422)
    body = {
        "error": {
            "code": code,
            "message": "m",
            "messageId": "error-at-move",
            "args": ARGS,
            "details": {"ply": 3},
        }
    }
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
    assert (error.message, error.message_id, error.message_args) == ("m", "error-at-move", ARGS)


def test_an_error_without_its_message_id_still_arrives():
    """A service older than its catalog words refusals without messageId and args."""
    body = {"error": {"code": "GAME_OVER", "message": "m", "details": {}}}
    with mock_client(422, json.dumps(body).encode()) as rw, pytest.raises(MoveRejected) as e:
        rw.play("mixtour", STATE, "a1")
    assert (e.value.message, e.value.message_id, e.value.message_args) == ("m", None, {})
    assert e.value.args == ("GAME_OVER: m",)  # Exception.args keeps its meaning


def test_graphql_errors_carry_the_extensions_message():
    extensions = {"code": "INVALID_PLAYER", "messageId": "error-player", "args": {"player": 7}}
    errors = [{"message": "m", "extensions": extensions | {"details": {"player": 7}}}]
    body = json.dumps({"errors": errors, "data": None}).encode()
    with mock_client(200, body) as rw, pytest.raises(GraphQLError) as e:
        rw.graphql("{ games { id } }")
    assert (e.value.code, e.value.message_id, e.value.message_args) == (
        "INVALID_PLAYER",
        "error-player",
        {"player": 7},
    )
    request_error = json.dumps({"errors": [{"message": "m", "extensions": {"code": "X"}}]})
    with mock_client(400, request_error.encode()) as rw, pytest.raises(GraphQLError) as e:
        rw.graphql("{ games { id } }")
    assert (e.value.message_id, e.value.message_args) == (None, {})


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


def test_invalid_record_names_the_line():
    body = {"error": {"code": "INVALID_RECORD", "message": "m", "details": {"line": 4}}}
    with mock_client(400, json.dumps(body).encode()) as rw, pytest.raises(InvalidRecord) as e:
        rw.verify_record("mixtour", "[Game ")
    assert isinstance(e.value, InvalidRequest) and (e.value.code, e.value.line) == (
        ErrorCode.INVALID_RECORD,
        4,
    )


def test_record_needs_a_text_answer():
    with mock_client(200, b'{"record": "1. a1"}') as rw, pytest.raises(TransportError) as e:
        rw.record("mixtour", ["a1"])
    assert e.value.code is ErrorCode.BAD_RESPONSE


# -- batches --------------------------------------------------------------------------------
def verdict(line: int, **fields: Any) -> dict[str, Any]:
    problems: list[VerifyProblem] = []
    return {
        "line": line,
        "game": "mixtour",
        "valid": True,
        "problems": problems,
        "plies": 1,
        "status": "ongoing",
        "scores": [0, 0],
        "winners": [],
        "certificate": None,
    } | fields


def ndjson(*lines: dict[str, Any]) -> bytes:
    return b"".join(json.dumps(line, ensure_ascii=False).encode() + b"\n" for line in lines)


def echo(request: httpx2.Request) -> httpx2.Response:
    """A verdict for every line, its message the line's moves; in two chunks, split mid-line."""
    sent = [json.loads(line) for line in request.content.splitlines()]
    answer = ndjson(
        *(
            verdict(n, problems=[{"code": "INVALID_NOTATION", "message": " ".join(line["moves"])}])
            for n, line in enumerate(sent, 1)
        )
    )
    chunks = [answer[:7], answer[7:]]
    headers = {"content-type": "application/x-ndjson"}
    return httpx2.Response(200, headers=headers, stream=httpx2.ByteStream(b"".join(chunks)))


def test_a_batch_goes_in_parts_its_verdicts_numbered_as_the_batch_lines():
    requests: list[httpx2.Request] = []
    pulled: list[int] = []

    def answer(request: httpx2.Request) -> httpx2.Response:
        requests.append(request)
        return echo(request)

    def lines():
        for n in range(5):
            pulled.append(n)
            yield {"game": "mixtour", "moves": [f"m{n}", "line\u2028separator"]}

    transport = httpx2.MockTransport(answer)
    with Regelwerk("http://regelwerk.test", transport=transport) as rw:
        verdicts = rw.verify_batch(lines(), lines_per_request=2)
        first = next(verdicts)
        assert (first["line"], len(pulled), len(requests)) == (1, 2, 1)  # read as sent
        rest = list(verdicts)
    assert [v["line"] for v in [first, *rest]] == [1, 2, 3, 4, 5]
    # U+2028 is a line break to str.splitlines, not to NDJSON: the verdict stays whole.
    assert rest[-1]["problems"][0]["message"] == "m4 line\u2028separator"
    assert [r.content.count(b"\n") for r in requests] == [2, 2, 1]
    assert {r.headers["content-type"] for r in requests} == {"application/x-ndjson"}
    assert all(r.url.path == "/v1/verify" and r.method == "POST" for r in requests)


def test_the_async_client_reads_a_batch_the_same_way():
    async def main() -> list[BatchVerdict]:
        lines = [{"game": "mixtour", "moves": [f"m{n}"]} for n in range(3)]
        transport = httpx2.MockTransport(echo)
        async with AsyncRegelwerk("http://regelwerk.test", transport=transport) as rw:
            return [v async for v in rw.verify_batch(lines, lines_per_request=2)]

    verdicts = asyncio.run(main())
    assert [(v["line"], v["problems"][0]["message"]) for v in verdicts] == [
        (1, "m0"),
        (2, "m1"),
        (3, "m2"),
    ]


REFUSED = json.dumps({"error": {"code": "INVALID_REQUEST", "message": "m", "details": {}}})


NDJSON = "application/x-ndjson"
BAD = (TransportError, "BAD_RESPONSE")


@pytest.mark.parametrize(
    ("status", "body", "media", "failure", "why"),
    [
        (200, ndjson(verdict(1)) + b"not json\n", NDJSON, BAD, "a line is not JSON"),
        (200, b'{"line": 1}\n', NDJSON, BAD, "a line is not a BatchVerdict"),
        (200, b"[1]\n", NDJSON, BAD, "a line is not a BatchVerdict"),
        (200, ndjson(verdict(2), verdict(1)), NDJSON, BAD, "verdict 1 is not of line 1"),
        (200, ndjson(verdict(1)), NDJSON, BAD, "ended after 1 of 2 verdicts"),
        (200, ndjson(*map(verdict, (1, 2, 3))), NDJSON, BAD, "more verdicts than the 2 lines"),
        (200, b"", NDJSON, BAD, "ended after 0 of 2 verdicts"),
        (200, ndjson(verdict(1), verdict(2)), "application/json", BAD, "not NDJSON"),
        (400, REFUSED.encode(), "application/json", (InvalidRequest, "INVALID_REQUEST"), "m"),
        (502, b"<html>bad gateway</html>", "text/html", BAD, "HTTP 502 is no Regelwerk answer"),
    ],
)
def test_malformed_batch_answers_are_errors_never_crashes(status, body, media, failure, why):
    lines = [{"game": "mixtour", "moves": []}] * 2
    with mock_client(status, body, media) as rw, pytest.raises(RegelwerkError) as e:
        list(rw.verify_batch(lines))
    assert (type(e.value), e.value.code, e.value.status) == (*failure, status)
    assert why in e.value.message, e.value.message


def test_a_batch_answer_without_its_last_newline_is_whole():
    with mock_client(200, ndjson(verdict(1))[:-1], "application/x-ndjson") as rw:
        assert [v["line"] for v in rw.verify_batch([{"game": "mixtour", "moves": []}])] == [1]


def test_an_empty_batch_sends_nothing():
    with mock_client(500, b"", "text/plain") as rw:
        assert list(rw.verify_batch([])) == []


# -- analyze batches ------------------------------------------------------------------------
def review(line: int, **fields: Any) -> dict[str, Any]:
    """A line's review as the service sends it: analyze's answer, its line and game."""
    return {
        "line": line,
        "game": "mixtour",
        "plies": [],
        "players": [],
        "stats": {"iterations": 0, "positions": 0, "cpuLimited": False, "budget": 2},
        "annotated": '[Game "mixtour"]\n',
    } | fields


def line_error(line: int, code: str = "UNKNOWN_GAME", game: str | None = "chess") -> dict[str, Any]:
    body = {"code": code, "message": "m", "messageId": "e", "args": {}, "details": {}}
    return {"line": line, "game": game, "error": body}


def test_an_analyze_batch_goes_in_parts_its_reviews_and_errors_numbered_as_the_batch_lines():
    requests: list[httpx2.Request] = []

    def answer(request: httpx2.Request) -> httpx2.Response:
        requests.append(request)
        sent = [json.loads(line) for line in request.content.splitlines()]
        lines = [
            line_error(n, game=line["game"])
            if line["game"] == "chess"
            else review(n, annotated=" ".join(line["moves"]))
            for n, line in enumerate(sent, 1)
        ]
        body = ndjson(*lines)
        stream = httpx2.ByteStream(body)  # one chunk: the reader splits it at \n only
        return httpx2.Response(200, headers={"content-type": _calls.NDJSON}, stream=stream)

    lines = [
        {"game": "mixtour", "moves": ["c3", "line\u2028separator"], "budget": 2},
        {"game": "chess", "moves": []},
        {"game": "mixtour", "moves": ["c3"]},
    ]
    transport = httpx2.MockTransport(answer)
    with Regelwerk("http://regelwerk.test", transport=transport) as rw:
        reviews = list(rw.analyze_batch(lines, lines_per_request=2))
    assert [r["line"] for r in reviews] == [1, 2, 3]
    first, unknown, last = reviews
    assert "error" not in first and "error" not in last and "error" in unknown
    assert first["annotated"] == "c3 line\u2028separator" and last["annotated"] == "c3"
    assert (unknown["game"], unknown["error"]["code"]) == ("chess", "UNKNOWN_GAME")
    assert [r.content.count(b"\n") for r in requests] == [2, 1]
    assert {r.headers["content-type"] for r in requests} == {_calls.NDJSON}
    assert all(r.url.path == "/v1/analyze" and r.method == "POST" for r in requests)

    async def main() -> list[BatchReview]:
        async with AsyncRegelwerk("http://regelwerk.test", transport=transport) as rw:
            return [r async for r in rw.analyze_batch(lines, lines_per_request=1)]

    assert asyncio.run(main()) == reviews


@pytest.mark.parametrize(
    ("status", "body", "media", "failure", "why"),
    [
        (200, ndjson(review(1)) + b"not json\n", NDJSON, BAD, "a line is not JSON"),
        (200, b'{"line": 1, "game": null}\n', NDJSON, BAD, "a line is not a BatchReview"),
        (200, ndjson(verdict(1)), NDJSON, BAD, "a line is not a BatchReview"),
        (200, b"[1]\n", NDJSON, BAD, "a line is not a BatchReview"),
        (200, ndjson(review(2), line_error(1)), NDJSON, BAD, "review 1 is not of line 1"),
        (200, ndjson(line_error(1)), NDJSON, BAD, "ended after 1 of 2 reviews"),
        (200, ndjson(*map(review, (1, 2, 3))), NDJSON, BAD, "more reviews than the 2 lines"),
        (200, b"", NDJSON, BAD, "ended after 0 of 2 reviews"),
        (200, ndjson(review(1), review(2)), "application/json", BAD, "not NDJSON"),
        (400, REFUSED.encode(), "application/json", (InvalidRequest, "INVALID_REQUEST"), "m"),
        (502, b"<html>bad gateway</html>", "text/html", BAD, "HTTP 502 is no Regelwerk answer"),
    ],
)
def test_malformed_analyze_batch_answers_are_errors_never_crashes(
    status, body, media, failure, why
):
    lines = [{"game": "mixtour", "moves": []}] * 2
    with mock_client(status, body, media) as rw, pytest.raises(RegelwerkError) as e:
        list(rw.analyze_batch(lines))
    assert (type(e.value), e.value.code, e.value.status) == (*failure, status)
    assert why in e.value.message, e.value.message


def test_an_analyze_batch_answer_without_its_last_newline_is_whole():
    body = ndjson(review(1), line_error(2))[:-1]
    with mock_client(200, body, _calls.NDJSON) as rw:
        lines = [{"game": "mixtour", "moves": []}, {"game": "chess", "moves": []}]
        assert [r["line"] for r in rw.analyze_batch(lines)] == [1, 2]
    with mock_client(500, b"", "text/plain") as rw:
        assert list(rw.analyze_batch([])) == []
