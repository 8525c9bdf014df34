"""GraphQL document limits, checked on the parsed document before validation and execution:
``GRAPHQL_MAX_BYTES``, ``GRAPHQL_MAX_TOKENS`` (``QUERY_TOO_LARGE``), ``GRAPHQL_MAX_DEPTH``
(``QUERY_TOO_DEEP``), ``GRAPHQL_MAX_ALIASES`` (``TOO_MANY_ALIASES``),
``GRAPHQL_MAX_ROOT_FIELDS`` (``TOO_MANY_ROOT_FIELDS``). The walk is linear in the document.
"""

from __future__ import annotations

from dataclasses import dataclass

from graphql import (
    DocumentNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    InlineFragmentNode,
    OperationDefinitionNode,
    SelectionSetNode,
)

from ..games.core.text import Msg


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
    message: Msg
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
            Msg.of("graphql-too-many-aliases", count=aliases, limit=limits.max_aliases),
            limits.max_aliases,
            "GRAPHQL_MAX_ALIASES",
        )
    roots = _root_fields(operation.selection_set, fragments)
    if roots > limits.max_root_fields:
        return LimitExceeded(
            "TOO_MANY_ROOT_FIELDS",
            Msg.of("graphql-too-many-root-fields", count=roots, limit=limits.max_root_fields),
            limits.max_root_fields,
            "GRAPHQL_MAX_ROOT_FIELDS",
        )
    depth = _Depth(fragments).of(operation.selection_set)
    if depth > limits.max_depth:
        return LimitExceeded(
            "QUERY_TOO_DEEP",
            Msg.of("graphql-too-deep", count=depth, limit=limits.max_depth),
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
