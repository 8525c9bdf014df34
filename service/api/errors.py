"""API errors: a status, a stable code, a message and details; rules errors map to 422.

=====================  ======  ==================================================
code                   status  when
=====================  ======  ==================================================
MALFORMED_JSON         400     the body is not JSON
INVALID_REQUEST        400     wrong field types, missing or unknown fields
INVALID_RECORD         400     a text game record that cannot be read (details.line)
NOT_FOUND              404     no such route
UNKNOWN_GAME           404     no such game id
METHOD_NOT_ALLOWED     405     wrong HTTP method for the route
HTTP_ERROR             4xx     any other refusal of the HTTP layer (not raised today)
BODY_TOO_LARGE         413     body over MAX_BODY_BYTES
HEADERS_TOO_LARGE      431     request head over MAX_HEADER_BYTES or MAX_HEADERS (then closed)
TOO_MANY_MOVES         413     more moves in one play/replay than MAX_MOVES
WORK_BUDGET_EXCEEDED   413     the request needs more work than MAX_WORK allows
INVALID_NOTATION       422     a move that is not notation of this game
ILLEGAL_MOVE           422     a move the rules forbid (details.reason, details.rule)
NOT_YOUR_TURN          422     the player may not act now
GAME_OVER              422     the game is finished
INVALID_STATE          422     the state document is impossible (details.problems)
INVALID_OPTIONS        422     players or options out of range (details.problems)
INVALID_PLAYER         422     a player number the game does not have
STATE_TAMPERED         422     a signature is missing or wrong (RULES_SECRET set)
INTERNAL               500     a bug: reported, never caused by client input
=====================  ======  ==================================================

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

# Every code an answer can carry, in the table's order (OpenAPI's enum; a test holds the
# table above and this tuple together).
CODES = (
    "MALFORMED_JSON",
    "INVALID_REQUEST",
    "INVALID_RECORD",
    "NOT_FOUND",
    "UNKNOWN_GAME",
    "METHOD_NOT_ALLOWED",
    "HTTP_ERROR",
    "BODY_TOO_LARGE",
    "HEADERS_TOO_LARGE",
    "TOO_MANY_MOVES",
    "WORK_BUDGET_EXCEEDED",
    "INVALID_NOTATION",
    "ILLEGAL_MOVE",
    "NOT_YOUR_TURN",
    "GAME_OVER",
    "INVALID_STATE",
    "INVALID_OPTIONS",
    "INVALID_PLAYER",
    "STATE_TAMPERED",
    "INTERNAL",
)


class ApiError(Exception):
    def __init__(
        self, status: int, code: str, message: str, details: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.details = details or {}

    def body(self) -> dict[str, Any]:
        return {"error": {"code": self.code, "message": self.message, "details": self.details}}


def from_rules(exc: RulesError, ply: int | None = None) -> ApiError:
    details = exc.as_details()
    if ply is not None:
        details["ply"] = ply
    message = exc.message if ply is None else f"move {ply}: {exc.message}"
    return ApiError(422, exc.code, message, details)


def problem_details(problems: list[dict[str, str]]) -> dict[str, Any]:
    """``details`` of an answer listing problems: the first ``MAX_PROBLEMS`` and the count."""
    return {"problems": problems[:MAX_PROBLEMS], "problemCount": len(problems)}


def invalid_request(problems: list[dict[str, str]]) -> ApiError:
    first = problems[0]
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    return ApiError(
        400,
        "INVALID_REQUEST",
        f"{first['path']}: {first['reason']}{more}",
        problem_details(problems),
    )
