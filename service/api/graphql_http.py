"""GraphQL over HTTP at ``/graphql``, following the GraphQL-over-HTTP specification.

The transport is ours, not strawberry's view: it reads GET and POST requests, answers
``application/graphql-response+json`` (request errors then get 4xx) or the legacy
``application/json`` (request errors 200), runs parsing and validation once per document
text (cached), executes with graphql-core over strawberry's schema, and gives every error an
``extensions.code``. Automatic persisted queries (Apollo's protocol, version 1) are handled
here too: a document is remembered by its hash only after it parsed and validated.

============================  =====================================================
code                          when
============================  =====================================================
BAD_REQUEST                   not a GraphQL request (body, fields, method, media type)
GRAPHQL_PARSE_FAILED          the document is not GraphQL
GRAPHQL_VALIDATION_FAILED     the document does not fit the schema
OPERATION_NOT_FOUND           operationName names no operation (or several, none named)
BAD_USER_INPUT                the variables do not fit their declared types
PERSISTED_QUERY_NOT_FOUND     a hash this process does not know: send the text once
PERSISTED_QUERY_INVALID       extensions.persistedQuery is not version 1 with a hash
PERSISTED_QUERY_HASH_MISMATCH the text's sha256 is not the hash sent
QUERY_TOO_LARGE               over GRAPHQL_MAX_BYTES or GRAPHQL_MAX_TOKENS
QUERY_TOO_DEEP                fields nested deeper than GRAPHQL_MAX_DEPTH
TOO_MANY_ALIASES              more aliases than GRAPHQL_MAX_ALIASES
TOO_MANY_ROOT_FIELDS          more root fields than GRAPHQL_MAX_ROOT_FIELDS
INTERNAL                      a bug; logged, never caused by the request
(API codes)                   a Position field refused its arguments (INVALID_PLAYER…)
============================  =====================================================
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from hashlib import sha256
from inspect import isawaitable
from typing import Any, Protocol

import strawberry
from graphql import (
    DocumentNode,
    ExecutionResult,
    FieldNode,
    GraphQLError,
    GraphQLSchema,
    OperationDefinitionNode,
    OperationType,
    execute,
    get_operation_ast,
    parse,
    specified_rules,
)
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from .. import jsonio
from ..games.core.text import Msg
from . import answers, offload
from . import strawberry_internals as internals
from .budget import request_budget
from .errors import FAILURES
from .graphql_limits import DocumentLimits, check_document
from .graphql_plan import Compiler, Executor, Fallback, OperationPlan, Unsupported
from .logs import clip
from .request import json_syntax

log = logging.getLogger("regelwerk.graphql")

RESPONSE_MEDIA = "application/graphql-response+json"
LEGACY_MEDIA = "application/json"
GET_CACHE_CONTROL = "public, max-age=300"
# Automatic persisted queries: clients look for this very message (Apollo's protocol), so it
# is a word of the protocol, the same in every language.
PERSISTED_QUERY_NOT_FOUND = "PersistedQueryNotFound"
INTERNAL_ERROR = Msg.of("error-internal")


@dataclass(frozen=True, slots=True)
class Parsed:
    """A document that parsed and validated; ``size`` estimates its memory in bytes."""

    document: DocumentNode
    size: int
    # compiled plans by operation name (None: the plan does not cover this operation)
    plans: dict[str | None, OperationPlan | None] = field(default_factory=dict)
    # whether its answers may be kept by their request's bytes (``answers.py``), found once
    kept: list[bool] = field(default_factory=list)


# A parsed document takes about 80 times its text in memory (graphql-core AST nodes with
# locations; measured on a 6 KB query): the cache is bounded by that estimate.
AST_BYTES_PER_CHAR = 80


class RequestError(Exception):
    """A request that cannot be executed: an ``errors`` answer without ``data``.

    ``transport`` errors (the request is not GraphQL at all) are 4xx whatever the media type;
    the others are 4xx only for ``application/graphql-response+json`` clients.
    """

    def __init__(
        self,
        code: str,
        message: Msg | str,
        *,
        status: int = 400,
        transport: bool = False,
        **extra: Any,
    ) -> None:
        """``message``: a catalog message (its ``messageId`` and ``args`` join the
        extensions), or a protocol's or graphql-core's own words as they are."""
        super().__init__(message)
        self.code = code
        self.status = status
        self.transport = transport
        ids = message.wire() if isinstance(message, Msg) else {}
        self.errors: list[dict[str, Any]] = [
            {"message": message, "extensions": {"code": code, **ids, **extra}}
        ]

    @classmethod
    def of(cls, code: str, errors: list[GraphQLError]) -> RequestError:
        out = cls(code, errors[0].message)
        out.errors = [_formatted(e, code) for e in errors]
        return out


class Documents:
    """Parsed and validated documents by text, and query texts by sha256 (persisted queries).

    Both are LRUs bounded by entries and by the bytes of the texts they hold; only documents
    that parsed and validated are kept, so garbage cannot fill them.
    """

    def __init__(
        self,
        max_entries: int = 512,
        max_bytes: int = 64 * 1024 * 1024,
        max_text_bytes: int = 8 * 1024 * 1024,
    ) -> None:
        self.max_entries = max_entries
        self.max_bytes = max_bytes  # parsed documents, by their estimated memory
        self.max_text_bytes = max_text_bytes  # persisted query texts
        self._parsed: OrderedDict[str, Parsed] = OrderedDict()
        self._parsed_bytes = 0
        self._texts: OrderedDict[str, str] = OrderedDict()
        self._text_bytes = 0

    def get(self, text: str) -> Parsed | None:
        parsed = self._parsed.get(text)
        if parsed is not None:
            self._parsed.move_to_end(text)
        return parsed

    def put(self, text: str, parsed: Parsed) -> None:
        if parsed.size > self.max_bytes:
            return
        self._parsed[text] = parsed
        self._parsed_bytes += parsed.size
        while len(self._parsed) > self.max_entries or self._parsed_bytes > self.max_bytes:
            _, old = self._parsed.popitem(last=False)
            self._parsed_bytes -= old.size

    def text(self, digest: str) -> str | None:
        text = self._texts.get(digest)
        if text is not None:
            self._texts.move_to_end(digest)
        return text

    def remember(self, digest: str, text: str) -> None:
        if digest in self._texts or len(text) > self.max_text_bytes:
            return
        self._texts[digest] = text
        self._text_bytes += len(text)
        while len(self._texts) > self.max_entries * 4 or self._text_bytes > self.max_text_bytes:
            _, old = self._texts.popitem(last=False)
            self._text_bytes -= len(old)


class SharedQueries(Protocol):
    """Where replicas share persisted query texts (the Redis tier)."""

    async def query_text(self, digest: str) -> str | None: ...

    async def remember_query(self, digest: str, text: str) -> None: ...


@dataclass(frozen=True, slots=True)
class GraphQLRequest:
    query: str | None
    variables: dict[str, Any] | None
    operation_name: str | None
    extensions: dict[str, Any] | None


class GraphQLEndpoint:
    """The ``/graphql`` route: GET and POST per GraphQL over HTTP, the explorer on a visit."""

    def __init__(
        self,
        schema: strawberry.Schema,
        context: dict[str, Any],
        ide: str | None = None,
        limits: DocumentLimits | None = None,
        max_work: int = 10_000,
        shared: SharedQueries | None = None,
        search_cpu_ms: int | None = None,
    ) -> None:
        self.schema: GraphQLSchema = internals.graphql_schema(schema)
        self.shared = shared  # persisted query texts every replica sees (Redis), if any
        self.executor = internals.executor_of(schema)
        self.context = context
        self.ide = ide
        self.limits = limits or DocumentLimits()
        self.max_work = max_work
        self.search_cpu_ms = search_cpu_ms
        self.documents = Documents()
        self.compiler = Compiler(schema)
        self.executor_plan = Executor(self.compiler)
        self.compiled = True  # False: always answer through graphql-core (differential tests)
        # how requests were answered: by a plan, by graphql-core after a plan gave up, or by
        # graphql-core because no plan covers the operation (tests read it)
        self.paths = {"plan": 0, "fallback": 0, "graphql-core": 0}

    async def handle(self, request: Request) -> Response:
        media = accepted_media(request.headers.get("accept"))
        if request.method == "GET" and self.ide is not None and _is_visit(request):
            return HTMLResponse(self.ide)
        if media is None:
            return _not_acceptable()
        try:
            gql = await read_request(request)
            digest = _persisted_hash(gql)
            # a hash this process has not seen: maybe another replica registered it
            new = digest is not None and self.documents.text(digest) is None
            if new and gql.query is None:
                await self._recall(digest)
            parsed, operation = await self.prepare(gql, get=request.method == "GET", digest=digest)
            if new and gql.query is not None:
                await self._share(digest, gql.query)
            failures: list[dict[str, Any]] = []
            FAILURES.set(failures)
            result = await self.execute(parsed, operation, gql, request)
        except RequestError as exc:
            status = exc.status if exc.transport or media == RESPONSE_MEDIA else 200
            return _answer({"errors": exc.errors}, media, status, None)
        body: dict[str, Any] = {"data": result.data}
        if result.errors:
            body = {"errors": [self.formatted(e) for e in result.errors], **body}
        if failures:  # what failed, whichever fragments the query selected
            body["extensions"] = {"failures": failures}
        cache = GET_CACHE_CONTROL if request.method == "GET" and not result.errors else None
        response = _answer(body, media, 200, cache)
        if not result.errors and _kept(parsed):
            answers.keep(request.scope, response, "*", "graphql")
        return response

    # -- parsing, validation, persisted queries --------------------------------------------
    async def _recall(self, digest: str | None) -> None:
        """A persisted query this process does not know, from the replicas' shared store
        (kept locally once it parses and validates, like a text sent with its hash)."""
        if digest is None or self.shared is None:
            return
        text = await self.shared.query_text(digest)
        if text is not None and sha256(text.encode()).hexdigest() == digest:
            self.documents.remember(digest, text)

    async def _share(self, digest: str | None, text: str) -> None:
        """A persisted query registered here (it parsed and validated), for every replica."""
        if digest is not None and self.shared is not None:
            await self.shared.remember_query(digest, text)

    async def prepare(
        self, gql: GraphQLRequest, get: bool, digest: str | None = None
    ) -> tuple[Parsed, OperationDefinitionNode]:
        """The parsed, validated document and its operation (``digest``: the persisted-query
        hash the request names, read by the caller). A document not seen before is parsed
        and validated in a worker thread: validation costs up to 100-200 ms for a document
        within every limit (1,990 duplicate fields: graphql-core compares the fields of a
        selection set pairwise), which must not hold the event loop."""
        if digest is None:
            digest = _persisted_hash(gql)
        text = self.query_text(gql, digest)
        parsed = self.documents.get(text)
        if parsed is None:
            parsed = await offload.run(self.validated, text)
            self.documents.put(text, parsed)
        if digest is not None:
            self.documents.remember(digest, text)
        operation = get_operation_ast(parsed.document, gql.operation_name)
        if operation is None:
            named = gql.operation_name
            raise RequestError(
                "OPERATION_NOT_FOUND",
                Msg.of("graphql-operation-not-found", name=repr(named))
                if named
                else Msg.of("graphql-several-operations"),
            )
        if operation.operation is not OperationType.QUERY:
            # Every operation of this schema is a query; kept for when that changes.
            raise RequestError(
                "BAD_REQUEST", Msg.of("graphql-only-queries"), status=405, transport=get
            )
        return parsed, operation

    def validated(self, text: str) -> Parsed:
        """Parses within the limits and validates (RequestError when either fails)."""
        document = self.parse(text)
        errors = internals.validate_document(self.schema, document, tuple(specified_rules))
        if errors:
            raise RequestError.of("GRAPHQL_VALIDATION_FAILED", errors)
        return Parsed(document, len(text) * AST_BYTES_PER_CHAR)

    def parse(self, text: str) -> DocumentNode:
        """Parses within the document limits (size and tokens first, so a huge document costs
        no parsing, then depth, aliases and root fields of every operation in it)."""
        limits = self.limits
        if len(text) > limits.max_bytes or len(text.encode()) > limits.max_bytes:
            raise _limit(
                "QUERY_TOO_LARGE",
                Msg.of("graphql-too-large", limit=limits.max_bytes),
                limits.max_bytes,
                "GRAPHQL_MAX_BYTES",
            )
        try:
            document = parse(text, max_tokens=limits.max_tokens)
        except GraphQLError as exc:
            if "tokens" in exc.message and "Parsing aborted" in exc.message:
                raise _limit(
                    "QUERY_TOO_LARGE",
                    Msg.of("graphql-too-many-tokens", limit=limits.max_tokens),
                    limits.max_tokens,
                    "GRAPHQL_MAX_TOKENS",
                ) from None
            raise RequestError.of("GRAPHQL_PARSE_FAILED", [exc]) from None
        for definition in document.definitions:
            if isinstance(definition, OperationDefinitionNode):
                broken = check_document(document, definition, limits)
                if broken is not None:
                    raise _limit(broken.code, broken.message, broken.limit, broken.setting)
        return document

    def query_text(self, gql: GraphQLRequest, digest: str | None) -> str:
        """The document's text: sent, or stored under the persisted-query ``digest``."""
        if digest is None:
            if gql.query is None:
                raise RequestError(
                    "BAD_REQUEST",
                    Msg.of("graphql-no-query"),
                    transport=True,
                )
            return gql.query
        if gql.query is not None:
            if sha256(gql.query.encode()).hexdigest() != digest:
                raise RequestError("PERSISTED_QUERY_HASH_MISMATCH", Msg.of("graphql-hash-mismatch"))
            return gql.query
        text = self.documents.text(digest)
        if text is None:
            raise RequestError("PERSISTED_QUERY_NOT_FOUND", PERSISTED_QUERY_NOT_FOUND)
        return text

    # -- execution -------------------------------------------------------------------------
    async def execute(
        self,
        parsed: Parsed,
        operation: OperationDefinitionNode,
        gql: GraphQLRequest,
        request: Request,
    ) -> ExecutionResult:
        """The compiled plan when it covers the operation, else (or when the plan meets
        something it does not handle) graphql-core, both under the request's one budget."""
        context = {**self.context, "request": request}
        plan = self.plan(parsed, operation, gql.operation_name) if self.compiled else None
        # One budget for the whole request, whichever path answers: graphql-core after a
        # plan gave up goes on from what the plan spent (what the plan computed is cached
        # and costs nothing again), so it answers what graphql-core alone would have.
        with request_budget(self.max_work, self.search_cpu_ms):
            return await self._execute(parsed, plan, gql, context)

    async def _execute(
        self,
        parsed: Parsed,
        plan: OperationPlan | None,
        gql: GraphQLRequest,
        context: dict[str, Any],
    ) -> ExecutionResult:
        if plan is not None:
            try:
                data = await self.executor_plan.run(plan, gql.variables, context)
            except Fallback:
                data = None
            if data is not None:
                self.paths["plan"] += 1
                return ExecutionResult(data=data)
            self.paths["fallback"] += 1
        else:
            self.paths["graphql-core"] += 1
        result = execute(
            self.schema,
            parsed.document,
            variable_values=gql.variables,
            operation_name=gql.operation_name,
            context_value=context,
            executor_class=self.executor,
        )
        if isawaitable(result):
            result = await result
        assert isinstance(result, ExecutionResult)
        if result.data is None and result.errors and not any(e.path for e in result.errors):
            # Not a field's error: the variables could not be coerced, nothing ran.
            raise RequestError.of("BAD_USER_INPUT", list(result.errors))
        return result

    def plan(
        self, parsed: Parsed, operation: OperationDefinitionNode, name: str | None
    ) -> OperationPlan | None:
        if name not in parsed.plans:
            try:
                parsed.plans[name] = self.compiler.compile(parsed.document, operation)
            except Unsupported:
                parsed.plans[name] = None
        return parsed.plans[name]

    def formatted(self, error: GraphQLError) -> dict[str, Any]:
        """A field error as the client sees it; anything without our code is a bug."""
        code = (error.extensions or {}).get("code")
        if code:
            return _formatted(error, str(code))
        log.error(  # the path holds client-chosen aliases: clipped like any client text
            "unexpected error in %s: %s",
            clip(".".join(str(p) for p in error.path or ())),
            clip(error.message),
            exc_info=error.original_error,
        )
        out: dict[str, Any] = {
            "message": INTERNAL_ERROR,
            "extensions": {"code": "INTERNAL", **INTERNAL_ERROR.wire()},
        }
        if error.path:
            out["path"] = list(error.path)
        return out


def _limit(code: str, message: Msg, limit: int, setting: str) -> RequestError:
    return RequestError(code, message, limit=limit, setting=setting)


def _formatted(error: GraphQLError, code: str) -> dict[str, Any]:
    out = dict(error.formatted)
    out["extensions"] = {**(error.extensions or {}), "code": code}
    return out


def _persisted_hash(gql: GraphQLRequest) -> str | None:
    persisted = (gql.extensions or {}).get("persistedQuery")
    if persisted is None:
        return None
    digest = persisted.get("sha256Hash") if isinstance(persisted, Mapping) else None
    if (
        not isinstance(persisted, Mapping)
        or persisted.get("version") != 1
        or not (isinstance(digest, str) and len(digest) == 64)
    ):
        raise RequestError("PERSISTED_QUERY_INVALID", Msg.of("graphql-persisted-query-invalid"))
    return digest.lower()


# -- the request -----------------------------------------------------------------------------
async def read_request(request: Request) -> GraphQLRequest:
    if request.method == "GET":
        params = request.query_params
        return _fields(
            {
                "query": params.get("query"),
                "variables": _json_param(params.get("variables"), "variables"),
                "operationName": params.get("operationName"),
                "extensions": _json_param(params.get("extensions"), "extensions"),
            }
        )
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media != "application/json":
        raise RequestError(
            "BAD_REQUEST",
            Msg.of("graphql-media-type"),
            status=415,
            transport=True,
        )
    raw = await request.body()
    try:
        body = jsonio.loads(raw)
    except jsonio.JSONDecodeError as exc:
        raise RequestError(
            "BAD_REQUEST", Msg.of("graphql-body-not-json", **json_syntax(exc)), transport=True
        ) from None
    if isinstance(body, list):
        raise RequestError("BAD_REQUEST", Msg.of("graphql-batch"), transport=True)
    if not isinstance(body, dict):
        raise RequestError("BAD_REQUEST", Msg.of("graphql-body-not-object"), transport=True)
    return _fields(body)


def _json_param(raw: str | None, name: str) -> Any:
    if raw is None or raw == "":
        return None
    try:
        return jsonio.loads(raw)
    except jsonio.JSONDecodeError:
        raise RequestError(
            "BAD_REQUEST", Msg.of("graphql-param-not-json", name=name), transport=True
        ) from None


def _fields(body: Mapping[str, Any]) -> GraphQLRequest:
    query, variables = body.get("query"), body.get("variables")
    name, extensions = body.get("operationName"), body.get("extensions")
    for key, value, kind in (
        ("query", query, str),
        ("variables", variables, dict),
        ("operationName", name, str),
        ("extensions", extensions, dict),
    ):
        if value is not None and not isinstance(value, kind):
            message = (
                Msg.of("graphql-must-be-string", key=key)
                if kind is str
                else Msg.of("graphql-must-be-object", key=key)
            )
            raise RequestError("BAD_REQUEST", message, transport=True)
    return GraphQLRequest(query, variables, name, extensions)


def _is_visit(request: Request) -> bool:
    """A browser opening the explorer: a GET for HTML without an operation."""
    params = request.query_params
    if "query" in params or "extensions" in params:
        return False
    return "text/html" in request.headers.get("accept", "")


def accepted_media(accept: str | None) -> str | None:
    """The answer's media type by the Accept header (GraphQL over HTTP, "Accept"): the
    newer type when the client ranks it at least as high, the legacy one for a missing
    header or a wildcard, None when the client accepts neither."""
    if not accept:
        return LEGACY_MEDIA
    quality: dict[str, float] = {}
    for part in accept.split(","):
        media, *params = (p.strip() for p in part.split(";"))
        q = 1.0
        for param in params:
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        media = media.lower()
        quality[media] = max(q, quality.get(media, 0.0))
    new = quality.get(RESPONSE_MEDIA, 0.0)
    legacy = max(
        quality.get(LEGACY_MEDIA, 0.0), quality.get("application/*", 0.0), quality.get("*/*", 0.0)
    )
    if new > 0 and new >= legacy:
        return RESPONSE_MEDIA
    return LEGACY_MEDIA if legacy > 0 else None


def _not_acceptable() -> Response:
    message = Msg.of("graphql-not-acceptable", media=RESPONSE_MEDIA, legacy=LEGACY_MEDIA)
    return _answer(
        {"errors": [{"message": message, "extensions": {"code": "BAD_REQUEST", **message.wire()}}]},
        LEGACY_MEDIA,
        406,
        None,
    )


def _kept(parsed: Parsed) -> bool:
    """Whether the document names none of ``answers.VARYING_FIELDS`` anywhere (its
    fragments too): then its answers depend on the request's bytes alone."""
    if not parsed.kept:
        names: set[str] = set()
        stack: list[Any] = list(parsed.document.definitions)
        while stack:
            node = stack.pop()
            name = getattr(node, "name", None)
            if isinstance(node, FieldNode) and name is not None:
                names.add(name.value)
            selections = getattr(node, "selection_set", None)
            if selections is not None:
                stack.extend(selections.selections)
        parsed.kept.append(names.isdisjoint(answers.VARYING_FIELDS))
    return parsed.kept[0]


def _answer(body: dict[str, Any], media: str, status: int, cache: str | None) -> Response:
    headers = {"cache-control": cache} if cache else None
    return Response(jsonio.dumps(body), status_code=status, media_type=media, headers=headers)
