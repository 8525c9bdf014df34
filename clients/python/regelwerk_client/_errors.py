"""Every failure is a ``RegelwerkError`` with a stable ``code``; subclasses name the kinds.

::

    RegelwerkError                  code, status, message, message_id, message_args,
    │                               details, request_id
    ├── InvalidRequest              MALFORMED_JSON, INVALID_REQUEST, NOT_FOUND,
    │   │                           METHOD_NOT_ALLOWED, HTTP_ERROR, INVALID_PLAYER
    │   ├── InvalidRecord           INVALID_RECORD (details.line)
    │   ├── UnknownGame             UNKNOWN_GAME (details.known)
    │   └── LimitExceeded           BODY_TOO_LARGE, HEADERS_TOO_LARGE, TOO_MANY_MOVES,
    │                               WORK_BUDGET_EXCEEDED
    ├── MoveRejected                ILLEGAL_MOVE, INVALID_NOTATION, NOT_YOUR_TURN, GAME_OVER
    ├── InvalidState                INVALID_STATE, INVALID_OPTIONS (details.problems)
    │   └── StateTampered           STATE_TAMPERED (details.reason)
    ├── ServerError                 INTERNAL, or any 5xx answer
    ├── TransportError              no usable answer: CONNECT_FAILED, TIMEOUT,
    │                               TRANSPORT_FAILED, BAD_RESPONSE, CLIENT_CLOSED
    └── GraphQLError                an ``errors`` answer of /graphql (extensions.code)

The groups follow the GraphQL union members (``MoveRejected``, ``InvalidState``,
``InvalidRequest``) so both styles sort a failure the same way. ``message`` is in the
answer's language; ``message_id`` and ``message_args`` (the answer's ``messageId`` and
``args``: ``Exception.args`` keeps its meaning) are the same in every language, None and
``{}`` for the client's own errors, which no service worded.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, cast

from ._types import ErrorDetails, MessageArgs, Problem

__all__ = [
    "CLIENT_CODES",
    "GRAPHQL_CODES",
    "REST_CODES",
    "ErrorCode",
    "GraphQLError",
    "InvalidRecord",
    "InvalidRequest",
    "InvalidState",
    "LimitExceeded",
    "MoveRejected",
    "RegelwerkError",
    "ServerError",
    "StateTampered",
    "TransportError",
    "UnknownGame",
]


class ErrorCode(StrEnum):
    """Every code a ``RegelwerkError`` can carry: the REST ``ErrorCode`` enum of the OpenAPI
    document (a test holds them equal), the GraphQL request codes and the client's own.

    A code this client does not know yet (from a newer server) still arrives as an
    ``ErrorCode``, one that is not a member of the enumeration: ``ErrorCode("NEW_CODE")``.
    """

    # REST: schema/openapi.json components.schemas.ErrorCode, in its order.
    MALFORMED_JSON = "MALFORMED_JSON"
    INVALID_REQUEST = "INVALID_REQUEST"
    INVALID_RECORD = "INVALID_RECORD"
    NOT_FOUND = "NOT_FOUND"
    UNKNOWN_GAME = "UNKNOWN_GAME"
    METHOD_NOT_ALLOWED = "METHOD_NOT_ALLOWED"
    HTTP_ERROR = "HTTP_ERROR"
    BODY_TOO_LARGE = "BODY_TOO_LARGE"
    HEADERS_TOO_LARGE = "HEADERS_TOO_LARGE"
    TOO_MANY_MOVES = "TOO_MANY_MOVES"
    WORK_BUDGET_EXCEEDED = "WORK_BUDGET_EXCEEDED"
    INVALID_NOTATION = "INVALID_NOTATION"
    ILLEGAL_MOVE = "ILLEGAL_MOVE"
    NOT_YOUR_TURN = "NOT_YOUR_TURN"
    GAME_OVER = "GAME_OVER"
    INVALID_STATE = "INVALID_STATE"
    INVALID_OPTIONS = "INVALID_OPTIONS"
    INVALID_PLAYER = "INVALID_PLAYER"
    STATE_TAMPERED = "STATE_TAMPERED"
    INTERNAL = "INTERNAL"
    # GraphQL request errors (extensions.code of an answer without data).
    BAD_REQUEST = "BAD_REQUEST"
    BAD_USER_INPUT = "BAD_USER_INPUT"
    GRAPHQL_PARSE_FAILED = "GRAPHQL_PARSE_FAILED"
    GRAPHQL_VALIDATION_FAILED = "GRAPHQL_VALIDATION_FAILED"
    OPERATION_NOT_FOUND = "OPERATION_NOT_FOUND"
    PERSISTED_QUERY_NOT_FOUND = "PERSISTED_QUERY_NOT_FOUND"
    PERSISTED_QUERY_HASH_MISMATCH = "PERSISTED_QUERY_HASH_MISMATCH"
    PERSISTED_QUERY_INVALID = "PERSISTED_QUERY_INVALID"
    QUERY_TOO_LARGE = "QUERY_TOO_LARGE"
    QUERY_TOO_DEEP = "QUERY_TOO_DEEP"
    TOO_MANY_ALIASES = "TOO_MANY_ALIASES"
    TOO_MANY_ROOT_FIELDS = "TOO_MANY_ROOT_FIELDS"
    # The client's own: no usable answer came.
    CONNECT_FAILED = "CONNECT_FAILED"
    TIMEOUT = "TIMEOUT"
    TRANSPORT_FAILED = "TRANSPORT_FAILED"
    BAD_RESPONSE = "BAD_RESPONSE"
    CLIENT_CLOSED = "CLIENT_CLOSED"

    @classmethod
    def _missing_(cls, value: object) -> ErrorCode | None:
        if not isinstance(value, str):
            return None
        unknown = str.__new__(cls, value)
        unknown._name_ = value
        unknown._value_ = value
        return unknown


_CODES = list(ErrorCode)
REST_CODES = frozenset(_CODES[: _CODES.index(ErrorCode.INTERNAL) + 1])
GRAPHQL_CODES = frozenset(
    _CODES[len(REST_CODES) : _CODES.index(ErrorCode.TOO_MANY_ROOT_FIELDS) + 1]
)
CLIENT_CODES = frozenset(ErrorCode) - REST_CODES - GRAPHQL_CODES


class RegelwerkError(Exception):
    """A refusal or a failure: ``code`` is stable, ``status`` the HTTP status (0: no answer).

    ``message`` is worded in the answer's language; ``message_id`` (the catalog's id) and
    ``message_args`` (its named arguments, the answer's ``args``) are the same in every
    language, so a program can word the message itself or compare refusals whatever language
    it asked for."""

    def __init__(
        self,
        code: ErrorCode | str,
        message: str,
        *,
        status: int = 0,
        details: ErrorDetails | None = None,
        request_id: str | None = None,
        message_id: str | None = None,
        message_args: MessageArgs | None = None,
    ) -> None:
        super().__init__(f"{code}: {message}")
        self.code = ErrorCode(code)
        self.status = status
        self.message = message
        self.message_id = message_id
        self.message_args: MessageArgs = message_args if message_args is not None else {}
        self.details: ErrorDetails = details if details is not None else {}
        self.request_id = request_id  # the answer's X-Request-ID, for the service's logs

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self.code)!r}, {self.message!r}, status={self.status})"


class InvalidRequest(RegelwerkError):
    """The request itself is wrong: fields, route, player number (``details.problems``)."""


class InvalidRecord(InvalidRequest):
    """A text game record that cannot be read; ``line`` is the line at fault (1-based)."""

    @property
    def line(self) -> int | None:
        return self.details.get("line")


class UnknownGame(InvalidRequest):
    """No such game id; ``details.known`` lists the ids the service has."""


class LimitExceeded(InvalidRequest):
    """Over a service limit (``details.limit``): body size, moves per request, work."""


class MoveRejected(RegelwerkError):
    """A move that cannot be played here; ``ply`` is its index in ``play``/``replay``."""

    @property
    def ply(self) -> int | None:
        return self.details.get("ply")

    @property
    def step(self) -> int | None:
        """In ``next_steps``: the 0-based index of the refused step."""
        return self.details.get("step")

    @property
    def reason(self) -> str | None:
        """A finer stable code (``TAKE_BACK_FORBIDDEN``, ``CHANCE_IS_SAMPLED``, ...)."""
        return self.details.get("reason")

    @property
    def rule(self) -> str | None:
        """The rule id (``MX-7``) when a rule forbids the move."""
        return self.details.get("rule")


class InvalidState(RegelwerkError):
    """An impossible state or options; ``problems`` names each one by its JSON path."""

    @property
    def problems(self) -> list[Problem]:
        return self.details.get("problems", [])


class StateTampered(InvalidState):
    """A signature missing or wrong: ``reason`` is UNSIGNED, BAD_SIGNATURE or UNKNOWN_KEY."""

    @property
    def reason(self) -> str | None:
        return self.details.get("reason")


class ServerError(RegelwerkError):
    """The service failed (a bug, or a proxy in front of it): not the request's fault."""


class TransportError(RegelwerkError):
    """No usable answer: connection refused, timeout, a non-JSON or malformed answer."""


class GraphQLError(RegelwerkError):
    """An ``errors`` answer of /graphql: ``code`` is the first error's ``extensions.code``.

    ``errors`` holds every error as answered, ``data`` whatever data came with them.
    """

    def __init__(
        self,
        code: ErrorCode | str,
        message: str,
        *,
        errors: list[dict[str, Any]],
        data: dict[str, Any] | None,
        status: int = 200,
        details: ErrorDetails | None = None,
        request_id: str | None = None,
        message_id: str | None = None,
        message_args: MessageArgs | None = None,
    ) -> None:
        super().__init__(
            code,
            message,
            status=status,
            details=details,
            request_id=request_id,
            message_id=message_id,
            message_args=message_args,
        )
        self.errors = errors
        self.data = data


_KINDS: dict[ErrorCode, type[RegelwerkError]] = {
    ErrorCode.MALFORMED_JSON: InvalidRequest,
    ErrorCode.INVALID_REQUEST: InvalidRequest,
    ErrorCode.INVALID_RECORD: InvalidRecord,
    ErrorCode.NOT_FOUND: InvalidRequest,
    ErrorCode.UNKNOWN_GAME: UnknownGame,
    ErrorCode.METHOD_NOT_ALLOWED: InvalidRequest,
    ErrorCode.HTTP_ERROR: InvalidRequest,
    ErrorCode.BODY_TOO_LARGE: LimitExceeded,
    ErrorCode.HEADERS_TOO_LARGE: LimitExceeded,
    ErrorCode.TOO_MANY_MOVES: LimitExceeded,
    ErrorCode.WORK_BUDGET_EXCEEDED: LimitExceeded,
    ErrorCode.INVALID_NOTATION: MoveRejected,
    ErrorCode.ILLEGAL_MOVE: MoveRejected,
    ErrorCode.NOT_YOUR_TURN: MoveRejected,
    ErrorCode.GAME_OVER: MoveRejected,
    ErrorCode.INVALID_STATE: InvalidState,
    ErrorCode.INVALID_OPTIONS: InvalidState,
    ErrorCode.INVALID_PLAYER: InvalidRequest,
    ErrorCode.STATE_TAMPERED: StateTampered,
    ErrorCode.INTERNAL: ServerError,
}


def error_class(code: ErrorCode, status: int) -> type[RegelwerkError]:
    """The exception class of a REST refusal: by code, else by status."""
    kind = _KINDS.get(code)
    if kind is not None:
        return kind
    return ServerError if status >= 500 else RegelwerkError


def refusal(status: int, payload: object, request_id: str | None) -> RegelwerkError | None:
    """The exception of a REST error answer, or None when it is not ``{"error": {...}}``."""
    if not isinstance(payload, dict):
        return None
    error = cast(dict[str, Any], payload).get("error")
    if not isinstance(error, dict):
        return None
    body = cast(dict[str, Any], error)
    code, message, details = body.get("code"), body.get("message"), body.get("details", {})
    if not isinstance(code, str) or not code or not isinstance(message, str):
        return None
    if not isinstance(details, dict):
        return None
    message_id, args = message_of(body)
    known = ErrorCode(code)
    return error_class(known, status)(
        known,
        message,
        status=status,
        details=cast(ErrorDetails, details),
        request_id=request_id,
        message_id=message_id,
        message_args=args,
    )


def message_of(fields: dict[str, Any]) -> tuple[str | None, MessageArgs]:
    """The ``messageId`` and ``args`` of an error object (REST) or of a GraphQL error's
    extensions; a service older than its catalog sends neither (None and ``{}``)."""
    message_id, args = fields.get("messageId"), fields.get("args")
    return (
        message_id if isinstance(message_id, str) and message_id else None,
        cast(MessageArgs, args) if isinstance(args, dict) else {},
    )
