"""Request budgets: no single request may use more than a bounded amount of work.

Two kinds, each a setting with its own stable code:

- **document limits** (GraphQL): ``service/api/graphql_limits.py``.
- **work** (REST and GraphQL alike): every request gets ``MAX_WORK`` units; a move played
  costs one (sampling its chance is part of it), a position computed (summary, legal moves,
  score, view, picture) costs ``POSITION_COST``, legal moves one more per move listed.
  Spending past the budget raises ``WORK_BUDGET_EXCEEDED``. In GraphQL the budget is
  the whole request's, across every field and alias, so aliasing one field 10 times costs 10
  times. A REST request is one operation and always fits (settings keep ``MAX_WORK`` >=
  ``MAX_MOVES`` + 1000).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from threading import Lock

from ..games.core.text import Msg
from ..limits import POSITION_COST
from .errors import ServiceError


class Work:
    """One request's work budget (GraphQL fields may spend from worker threads at once), and
    the CPU seconds its searches may use (``search_cpu``; None: unbounded, outside requests).
    """

    __slots__ = ("_lock", "limit", "search_cpu", "search_spent", "spent")

    def __init__(self, limit: int, search_cpu: float | None = None) -> None:
        self.limit = limit
        self.spent = 0
        self.search_cpu = search_cpu
        self.search_spent = 0.0
        self._lock = Lock()

    def search_clock(self) -> Callable[[], str | None] | None:
        """For one search, in the thread that runs it: a call that charges the CPU time the
        thread used since the last call and says whether the request's searches are out of
        time ("cpu", as ``Clock`` names it). Searches of one request share the
        allowance, in parallel threads too."""
        if self.search_cpu is None:
            return None
        allowance = self.search_cpu
        last = time.thread_time()

        def out_of_time() -> str | None:
            nonlocal last
            now = time.thread_time()
            with self._lock:
                self.search_spent += now - last
                spent = self.search_spent
            last = now
            return "cpu" if spent >= allowance else None

        return out_of_time

    def spend(self, units: int, what: Msg) -> None:
        with self._lock:
            self.spent += units
            over = self.spent > self.limit
        if over:
            raise ServiceError(
                "WORK_BUDGET_EXCEEDED",
                Msg.of("error-work-budget", what=what, limit=self.limit, position=POSITION_COST),
                {"limit": self.limit, "setting": "MAX_WORK"},
            )


_current: ContextVar[Work | None] = ContextVar("regelwerk_work", default=None)


@contextmanager
def request_budget(limit: int, search_cpu_ms: int | None = None) -> Iterator[Work]:
    """The budget of the request being answered (ops spend from it); ``search_cpu_ms``:
    SEARCH_MAX_CPU_MS, the CPU its searches may use."""
    work = Work(limit, None if search_cpu_ms is None else search_cpu_ms / 1000)
    token = _current.set(work)
    try:
        yield work
    finally:
        _current.reset(token)


def spend(units: int, what: Msg) -> None:
    """Spends from the current request's budget (outside a request: nothing to count);
    ``what`` names what the units are for, in the error's words."""
    work = _current.get()
    if work is not None:
        work.spend(units, what)


def current() -> Work | None:
    return _current.get()
