"""The one error tree of the rules engines; every error carries a stable ``code``.

::

    RulesError
    ├── InvalidNotation   INVALID_NOTATION   text or document is not a move of this game
    ├── IllegalMove       ILLEGAL_MOVE       a well-formed move the rules forbid here
    ├── NotYourTurn       NOT_YOUR_TURN      the move names a player who may not act now
    ├── GameOver          GAME_OVER          the game is finished; nothing may be played
    ├── InvalidState      INVALID_STATE      a state document is impossible (all problems listed)
    └── InvalidOptions    INVALID_OPTIONS    players or options outside the game's schema

``reason`` is a finer stable code (``TAKE_BACK_FORBIDDEN``) and ``rule`` the rule id (``MX-7``).
One ``IllegalMove`` belongs to no game's rules but to the driver's: ``CHANCE_IS_SAMPLED``, a
chance outcome sent for a seeded game, which the service alone rolls (no ``rule``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from .text import Msg, Worded

Text = Msg
"""What an error or a problem says: a message of the catalog, never a sentence
(``tests/test_catalog.py`` scans the code for one)."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a document: a JSON path (``$.board.c3``) and why."""

    path: str
    why: Msg

    @property
    def reason(self) -> str:
        """Why, in the language of the answer being written."""
        return str(self.why)

    def as_dict(self) -> dict[str, str]:
        """Path and reason, the reason rendered now (in the language of the answer being
        written, English elsewhere)."""
        return {"path": self.path, "reason": self.reason}

    def wire(self) -> dict[str, Any]:
        """The problem as answers carry it: ``reason`` is the message itself, written in the
        answer's language when the answer is (``service/jsonio.py``), then its ``messageId``
        and ``args``."""
        return {"path": self.path, "reason": self.why, **self.why.wire()}


class RulesError(Worded):
    code: ClassVar[str] = "RULES_ERROR"

    def __init__(
        self,
        message: Text,
        *,
        reason: str | None = None,
        rule: str | None = None,
        details: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.reason = reason
        self.rule = rule
        self.details: dict[str, Any] = dict(details or {})

    def as_details(self) -> dict[str, Any]:
        """Details for an API answer: reason and rule when known, then the rest."""
        out: dict[str, Any] = {}
        if self.reason is not None:
            out["reason"] = self.reason
        if self.rule is not None:
            out["rule"] = self.rule
        out.update(self.details)
        return out


class InvalidNotation(RulesError):
    code = "INVALID_NOTATION"


class IllegalMove(RulesError):
    code = "ILLEGAL_MOVE"


def illegal(message: Text, reason: str, rule: str) -> IllegalMove:
    """An IllegalMove naming its stable reason and the rule id (the engines' usual shape)."""
    return IllegalMove(message, reason=reason, rule=rule)


class NotYourTurn(RulesError):
    code = "NOT_YOUR_TURN"


class GameOver(RulesError):
    code = "GAME_OVER"


MAX_PROBLEMS = 100  # listed per answer; problemCount tells how many there were in all


class _ProblemsError(RulesError):
    def __init__(
        self, message: Text, problems: Iterable[Problem], total: int | None = None
    ) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)[:MAX_PROBLEMS]
        self.total = len(self.problems) if total is None else total
        super().__init__(
            message,
            details={
                "problems": [p.wire() for p in self.problems],
                "problemCount": self.total,
            },
        )


class InvalidState(_ProblemsError):
    code = "INVALID_STATE"


class InvalidOptions(_ProblemsError):
    code = "INVALID_OPTIONS"


class Problems:
    """Collects every problem of a document, then raises them together. The first
    ``MAX_PROBLEMS`` are kept (a document with 40,000 bad keys must not make a 4 MB answer);
    ``total`` counts them all."""

    def __init__(self) -> None:
        self.items: list[Problem] = []
        self.total = 0

    def add(self, path: str, reason: Text) -> None:
        self.total += 1
        if len(self.items) < MAX_PROBLEMS:
            self.items.append(Problem(path, reason))

    def __bool__(self) -> bool:
        return self.total > 0

    def raise_state(self) -> None:
        if self.total:
            raise InvalidState(
                Msg.of("error-invalid-state", count=self.total), self.items, self.total
            )

    def raise_options(self) -> None:
        if self.total:
            raise InvalidOptions(
                Msg.of("error-invalid-options", count=self.total), self.items, self.total
            )
