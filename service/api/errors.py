"""Service errors: a stable code, a message and details; the rules errors keep their codes.

No status here: the operations raise these (and the rules errors) and know nothing of HTTP or
GraphQL. ``service/api/edge.py`` maps every code, once, to its REST status and its GraphQL
union member; the README's table of errors is held to both.

In ``play`` and ``replay`` ``details.ply`` is the 0-based index of the failing move.
``ILLEGAL_MOVE`` with ``details.reason`` ``CHANCE_IS_SAMPLED``: a chance outcome sent for a
seeded game, which only the service rolls. ``STATE_TAMPERED`` reasons: ``UNSIGNED`` (no
``sig`` under REQUIRE_SIGNED_STATE), ``BAD_SIGNATURE`` (altered), ``UNKNOWN_KEY`` (signed with
a key this service does not hold: another service's, or a retired secret).
"""

from __future__ import annotations

from typing import Any

from ..games.core import RulesError
from ..games.core.errors import MAX_PROBLEMS

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


class ServiceError(Exception):
    """A refusal with a stable code (one of ``CODES``), a message and details."""

    def __init__(self, code: str, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details or {}

    def body(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message, "details": self.details}}


def from_rules(exc: RulesError, ply: int | None = None) -> ServiceError:
    details = exc.as_details()
    if ply is not None:
        details["ply"] = ply
    message = exc.message if ply is None else f"move {ply}: {exc.message}"
    return ServiceError(exc.code, message, details)


def problem_details(problems: list[dict[str, str]]) -> dict[str, Any]:
    """``details`` of an answer listing problems: the first ``MAX_PROBLEMS`` and the count."""
    return {"problems": problems[:MAX_PROBLEMS], "problemCount": len(problems)}


def invalid_request(problems: list[dict[str, str]]) -> ServiceError:
    first = problems[0]
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return ServiceError(
        "INVALID_REQUEST",
        f"{first['path']}: {first['reason']}{more}",
        problem_details(problems),
    )
