"""Service errors: a stable code, a message and details; the rules errors keep their codes.

No status here: the operations raise these (and the rules errors) and know nothing of HTTP or
GraphQL. ``service/api/edge.py`` maps every code, once, to its REST status and its GraphQL
union member; the README's table of errors is held to both.

In ``play`` and ``replay`` ``details.ply`` is the 0-based index of the failing move; in
``next-steps`` ``details.step`` that of the refused step.
``ILLEGAL_MOVE`` with ``details.reason`` ``CHANCE_IS_SAMPLED``: a chance outcome sent for a
seeded game, which only the service rolls. ``STATE_TAMPERED`` reasons: ``UNSIGNED`` (no
``sig`` under REQUIRE_SIGNED_STATE, or a fair state without one), ``BAD_SIGNATURE``
(altered), ``UNKNOWN_KEY`` (signed with a key this service does not hold: another service's,
or a retired secret), ``FAIR_COMMITMENT``. ``NOT_YOUR_TURN`` reasons beside the engines'
``NOT_TO_MOVE``: ``AWAITING_CONTRIBUTIONS`` (a fair game started open waits for
``details.awaiting``), ``NOT_AWAITED`` (a contribution from a seat it does not wait for).
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from ..games.core import Problem, RulesError, StepError
from ..games.core.errors import MAX_PROBLEMS, Text
from ..games.core.text import Msg, Worded

# Every code an answer can carry, in this order (OpenAPI's ErrorCode enum), with when it comes.
CODES: dict[str, str] = {
    "MALFORMED_JSON": "the body is not JSON",
    "INVALID_REQUEST": "wrong field types, missing or unknown fields",
    "INVALID_RECORD": "a text game record that cannot be read (details.line)",
    "NOT_FOUND": "no such route",
    "UNKNOWN_GAME": "no such game id",
    "METHOD_NOT_ALLOWED": "wrong HTTP method for the route",
    "HTTP_ERROR": "any other refusal of the HTTP layer (not raised today)",
    "BODY_TOO_LARGE": "body over MAX_BODY_BYTES",
    "HEADERS_TOO_LARGE": "request head over MAX_HEADER_BYTES or MAX_HEADERS (then closed)",
    "TOO_MANY_MOVES": "more moves in one play/replay than MAX_MOVES",
    "WORK_BUDGET_EXCEEDED": "the request needs more work than MAX_WORK allows",
    "INVALID_NOTATION": "a move that is not notation of this game",
    "ILLEGAL_MOVE": "a move the rules forbid (details.reason, details.rule)",
    "NOT_YOUR_TURN": "the player may not act now",
    "GAME_OVER": "the game is finished",
    "INVALID_STATE": "the state document is impossible (details.problems)",
    "INVALID_OPTIONS": "players or options out of range (details.problems)",
    "INVALID_PLAYER": "a player number the game does not have",
    "STATE_TAMPERED": "a signature is missing or wrong (RULES_SECRET set)",
    "INTERNAL": "a bug: reported, never caused by client input",
}


# The words of every error object, in OpenAPI and the GraphQL schema alike.
MESSAGE = (
    "The refusal in words, in the answer's language (Accept-Language or ?lang=; English "
    "by default)."
)
MESSAGE_ID = (
    "The message's stable id in the service's catalog; with args, enough to word it in "
    "any language of your own."
)
MESSAGE_ARGS = (
    "The message's named arguments: numbers, notation, JSON paths, codes; a message inside "
    "it nests as its own messageId and args."
)


class ServiceError(Worded):
    """A refusal with a stable code (one of ``CODES``), a message of the catalog and details.

    The message stays a :class:`Msg` until the answer is written (``service/text.py``), so
    one error reads in the language each request asks for."""

    def __init__(self, code: str, message: Text, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.details = details or {}

    def fields(self) -> dict[str, Any]:
        """``code``, ``message`` (written in the answer's language), ``messageId``, ``args``
        and ``details``: the error object of every answer."""
        return {"code": self.code, "message": self.msg, **self.msg.wire(), "details": self.details}

    def body(self) -> dict[str, Any]:
        return {"error": self.fields()}


def from_rules(exc: RulesError, ply: int | None = None) -> ServiceError:
    details = exc.as_details()
    if ply is not None:
        details["ply"] = ply
    # people count moves from 1 (details.ply stays the 0-based index)
    message = exc.msg if ply is None else Msg.of("error-at-move", move=ply + 1, error=exc.msg)
    return ServiceError(exc.code, message, details)


def from_step(exc: StepError) -> ServiceError:
    """A chosen step refused (next-steps): the rules' code and details, ``details.step`` its
    0-based index; people count steps from 1."""
    error = exc.error
    message = Msg.of("error-at-step", step=exc.step + 1, error=error.msg)
    return ServiceError(error.code, message, {**error.as_details(), "step": exc.step})


def problem_details(problems: list[dict[str, Any]]) -> dict[str, Any]:
    """``details`` of an answer listing problems: the first ``MAX_PROBLEMS`` and the count.
    Each problem is given as ``path`` and ``reason`` (a message) and answered with the
    reason's ``messageId`` and ``args`` too; one already in that form stays as it is."""
    listed = [p if "messageId" in p else _wire(p) for p in problems[:MAX_PROBLEMS]]
    return {"problems": listed, "problemCount": len(problems)}


def _wire(problem: dict[str, Any]) -> dict[str, Any]:
    return Problem(problem["path"], problem["reason"]).wire()


def invalid_request(problems: list[dict[str, Any]]) -> ServiceError:
    first = problems[0]
    message = Msg.of(
        "error-invalid-request",
        path=first["path"],
        reason=first["reason"],
        more=len(problems) - 1,
    )
    return ServiceError("INVALID_REQUEST", message, problem_details(problems))


FAILURES: ContextVar[list[dict[str, Any]] | None] = ContextVar("failures", default=None)
"""The failures a GraphQL request's fields answered with (union members), which its answer
also lists under ``extensions.failures``: a query that selects no failure fragment still
learns what failed (service/api/graphql_http.py)."""
