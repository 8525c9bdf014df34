"""The one table at the edge: every error code's REST status and GraphQL union member.

The operations raise ``ServiceError`` and the rules errors, each with its code; only the
HTTP layer (``http.error_response``, the app's handlers) and the GraphQL types
(``graphql._failure``) turn a code into an answer, and both read it here. A test holds the
table to ``errors.CODES`` and to the README's table of errors.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import CODES


@dataclass(frozen=True, slots=True)
class Outcome:
    status: int  # the REST answer's status
    member: str | None  # the GraphQL union member that carries it (None: HTTP only)


EDGE: dict[str, Outcome] = {
    "MALFORMED_JSON": Outcome(400, None),
    "INVALID_REQUEST": Outcome(400, "InvalidRequest"),
    "INVALID_RECORD": Outcome(400, "InvalidRequest"),
    "NOT_FOUND": Outcome(404, None),
    "UNKNOWN_GAME": Outcome(404, "InvalidRequest"),
    "METHOD_NOT_ALLOWED": Outcome(405, None),
    "HTTP_ERROR": Outcome(400, None),  # starlette's own refusal: its status is passed on
    "BODY_TOO_LARGE": Outcome(413, None),
    "HEADERS_TOO_LARGE": Outcome(431, None),
    "TOO_MANY_MOVES": Outcome(413, "InvalidRequest"),
    "WORK_BUDGET_EXCEEDED": Outcome(413, "InvalidRequest"),
    "INVALID_NOTATION": Outcome(422, "MoveRejected"),
    "ILLEGAL_MOVE": Outcome(422, "MoveRejected"),
    "NOT_YOUR_TURN": Outcome(422, "MoveRejected"),
    "GAME_OVER": Outcome(422, "MoveRejected"),
    "INVALID_STATE": Outcome(422, "InvalidState"),
    "INVALID_OPTIONS": Outcome(422, "InvalidState"),
    "INVALID_PLAYER": Outcome(422, "InvalidRequest"),
    "STATE_TAMPERED": Outcome(422, "InvalidState"),
    "INTERNAL": Outcome(500, None),
}
assert list(EDGE) == list(CODES), "service/api/edge.py and errors.CODES name the same codes"


def status_of(code: str) -> int:
    return EDGE[code].status


def codes_of(member: str) -> frozenset[str]:
    """The codes a GraphQL union member carries."""
    return frozenset(code for code, outcome in EDGE.items() if outcome.member == member)
