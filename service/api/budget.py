"""Request budgets: no single request may use more than a bounded amount of work.

Two kinds, each a setting with its own stable code:

- **document limits** (GraphQL): checked on the parsed document before validation and
  execution: ``GRAPHQL_MAX_BYTES``, ``GRAPHQL_MAX_TOKENS`` (``QUERY_TOO_LARGE``),
  ``GRAPHQL_MAX_DEPTH`` (``QUERY_TOO_DEEP``), ``GRAPHQL_MAX_ALIASES`` (``TOO_MANY_ALIASES``),
  ``GRAPHQL_MAX_ROOT_FIELDS`` (``TOO_MANY_ROOT_FIELDS``).
- **work** (REST and GraphQL alike): every request gets ``MAX_WORK`` units; a move played
  costs one (sampling its chance is part of it), a position computed (summary, legal moves,
  score, view, picture) costs ``POSITION_COST``, legal moves one more per move listed.
  Spending past the budget raises ``WORK_BUDGET_EXCEEDED`` (413). In GraphQL the budget is
  the whole request's, across every field and alias, so aliasing one field 10 times costs 10
  times. A REST request is one operation and always fits (settings keep ``MAX_WORK`` >=
  ``MAX_MOVES`` + 1000).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from threading import Lock

from graphql import (
    DocumentNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    InlineFragmentNode,
    OperationDefinitionNode,
    SelectionSetNode,
)

from .errors import ApiError

POSITION_COST = 25  # a computed position costs about as much as 25 played moves (bench)


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

    def search_clock(self) -> Callable[[], bool] | None:
        """For one search, in the thread that runs it: a call that charges the CPU time the
        thread used since the last call and says whether the request's searches are out of
        time. Searches of one request share the allowance, in parallel threads too."""
        if self.search_cpu is None:
            return None
        allowance = self.search_cpu
        last = time.thread_time()

        def out_of_time() -> bool:
            nonlocal last
            now = time.thread_time()
            with self._lock:
                self.search_spent += now - last
                spent = self.search_spent
            last = now
            return spent >= allowance

        return out_of_time

    def spend(self, units: int, what: str) -> None:
        with self._lock:
            self.spent += units
            over = self.spent > self.limit
        if over:
            raise ApiError(
                413,
                "WORK_BUDGET_EXCEEDED",
                f"this request needs more work than one request may do ({what}); "
                f"split it (the budget is {self.limit} units: a move 1, a position "
                f"{POSITION_COST})",
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


def spend(units: int, what: str) -> None:
    """Spends from the current request's budget (outside a request: nothing to count)."""
    work = _current.get()
    if work is not None:
        work.spend(units, what)


def current() -> Work | None:
    return _current.get()


# -- GraphQL document limits ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DocumentLimits:
    max_bytes: int = 32 * 1024
    max_tokens: int = 2_000
    max_depth: int = 12
    max_aliases: int = 20
    max_root_fields: int = 10


@dataclass(frozen=True, slots=True)
class LimitExceeded:
    code: str
    message: str
    limit: int
    setting: str


def check_document(
    document: DocumentNode, operation: OperationDefinitionNode, limits: DocumentLimits
) -> LimitExceeded | None:
    """The first limit the operation breaks, or None. Fragments count where they are spread,
    so a fragment cannot hide depth or root fields; the walk is linear in the document's
    size (issue 21): each fragment's depth is computed once, and a fragment spread twice in
    one selection set counts once, as execution collects it (GraphQL spec, CollectFields)."""
    fragments = {
        d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)
    }
    aliases = _count_aliases(document)
    if aliases > limits.max_aliases:
        return LimitExceeded(
            "TOO_MANY_ALIASES",
            f"the document uses {aliases} aliases; at most {limits.max_aliases}",
            limits.max_aliases,
            "GRAPHQL_MAX_ALIASES",
        )
    roots = _root_fields(operation.selection_set, fragments)
    if roots > limits.max_root_fields:
        return LimitExceeded(
            "TOO_MANY_ROOT_FIELDS",
            f"the operation asks for {roots} root fields; at most {limits.max_root_fields}",
            limits.max_root_fields,
            "GRAPHQL_MAX_ROOT_FIELDS",
        )
    depth = _Depth(fragments).of(operation.selection_set)
    if depth > limits.max_depth:
        return LimitExceeded(
            "QUERY_TOO_DEEP",
            f"the operation nests {depth} fields deep; at most {limits.max_depth}",
            limits.max_depth,
            "GRAPHQL_MAX_DEPTH",
        )
    return None


def _count_aliases(document: DocumentNode) -> int:
    count = 0
    stack: list[object] = list(document.definitions)
    while stack:
        node = stack.pop()
        if isinstance(node, FieldNode) and node.alias is not None:
            count += 1
        selection_set = getattr(node, "selection_set", None)
        if selection_set is not None:
            stack.extend(selection_set.selections)
    return count


def _root_fields(
    selection_set: SelectionSetNode, fragments: dict[str, FragmentDefinitionNode]
) -> int:
    """The operation's root fields, each fragment expanded at most once (a second spread of
    it adds nothing to execution, and a cycle, refused by validation later, ends here)."""
    count = 0
    visited: set[str] = set()
    stack = [selection_set]
    while stack:
        for selection in stack.pop().selections:
            if isinstance(selection, FieldNode):
                count += 0 if selection.name.value.startswith("__") else 1
            elif isinstance(selection, InlineFragmentNode):
                stack.append(selection.selection_set)
            elif isinstance(selection, FragmentSpreadNode):
                name = selection.name.value
                fragment = fragments.get(name)
                if fragment is not None and name not in visited:
                    visited.add(name)
                    stack.append(fragment.selection_set)
    return count


class _Depth:
    """Fields nested below a selection set, each fragment's depth computed once.

    Introspection (``__schema``, ``__type``) is not counted: its depth is the schema's, and
    it does no game work. A fragment met again while its own depth is being computed is a
    cycle (validation refuses it); it counts 0 here. Recursion is bounded: a document has at
    most GRAPHQL_MAX_TOKENS tokens, and graphql-core's parser refuses deeper nesting first.
    """

    def __init__(self, fragments: dict[str, FragmentDefinitionNode]) -> None:
        self.fragments = fragments
        self.known: dict[str, int] = {}
        self.open: set[str] = set()

    def of(self, selection_set: SelectionSetNode) -> int:
        deepest = 0
        for selection in selection_set.selections:
            if isinstance(selection, FieldNode):
                if selection.name.value in ("__schema", "__type"):
                    continue
                below = selection.selection_set
                deepest = max(deepest, 1 + (self.of(below) if below else 0))
            elif isinstance(selection, InlineFragmentNode):
                deepest = max(deepest, self.of(selection.selection_set))
            elif isinstance(selection, FragmentSpreadNode):
                deepest = max(deepest, self.fragment(selection.name.value))
        return deepest

    def fragment(self, name: str) -> int:
        known = self.known.get(name)
        if known is not None:
            return known
        fragment = self.fragments.get(name)
        if fragment is None or name in self.open:
            return 0
        self.open.add(name)
        depth = self.of(fragment.selection_set)
        self.open.discard(name)
        self.known[name] = depth
        return depth
