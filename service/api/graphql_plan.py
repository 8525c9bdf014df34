"""A compiled execution path for validated GraphQL documents.

graphql-core walks every field of every list item through its generic machinery (field
collection, resolve info, completion by type, strawberry's argument conversion), which
costs about 8 µs per list item; our resolvers themselves are a few percent of the work.
Once a document has parsed and validated, :func:`compile_operation` turns its operation into
a plan: per selection set, the fields in response order, each with the resolver function
strawberry wraps (called directly), how its arguments are read, and how its value completes
(the schema's own ``serialize`` for leaves, a sub-plan for objects, one sub-plan per member
for unions). Executing a plan builds the answer dict directly.

The plan covers what our operations use: fields, aliases, arguments with variables and
defaults (coerced by graphql-core's own ``get_variable_values`` and ``get_argument_values``),
inline fragments and fragment spreads, unions and ``__typename``. Anything else (directives,
introspection) is not compiled, and anything unexpected at run time (a resolver raising, a
null where the schema forbids it, an unknown object) raises :class:`Fallback`: the caller
then answers through graphql-core unchanged, so errors are always formatted there.
A differential test holds both paths byte-identical.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from inspect import isawaitable
from keyword import iskeyword
from typing import Any

import strawberry
from graphql import (
    DocumentNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLEnumType,
    GraphQLField,
    GraphQLList,
    GraphQLNamedType,
    GraphQLNonNull,
    GraphQLObjectType,
    GraphQLOutputType,
    GraphQLScalarType,
    GraphQLSchema,
    GraphQLUnionType,
    InlineFragmentNode,
    OperationDefinitionNode,
    OperationType,
    SelectionSetNode,
    VariableNode,
    get_argument_values,
    get_variable_values,
)

from . import strawberry_internals as internals


class Unsupported(Exception):
    """The document uses something the plan does not compile (answer through graphql-core)."""


class Fallback(Exception):
    """Something at run time the plan does not handle (answer through graphql-core)."""


class _Info:
    """What our resolvers read of strawberry's Info: the context."""

    __slots__ = ("context",)

    def __init__(self, context: Any) -> None:
        self.context = context


# How a field's value completes: a chain of wrappers around a named type.
NON_NULL, LIST = "!", "[]"


@dataclass(slots=True)
class FieldPlan:
    key: str
    name: str
    wrappers: tuple[str, ...]
    leaf: Callable[[Any], Any] | None = None  # the scalar or enum type's serialize
    attribute: str | None = None  # a plain attribute of the source object
    resolver: Callable[..., Any] | None = None
    wants_info: bool = False
    field_def: GraphQLField | None = None
    node: FieldNode | None = None
    arguments: dict[str, str] = field(default_factory=dict)  # graphql name -> python name
    static_args: dict[str, Any] | None = None  # when no argument uses a variable
    object_plan: list[FieldPlan] | None = None
    union_plans: dict[str, list[FieldPlan]] | None = None
    is_async: bool = False  # the resolver is a coroutine function
    sync: bool = True  # nothing below this field (itself included) awaits
    sync_below: bool = True  # completing its value awaits nothing (its resolver may)
    simple: bool = False  # a leaf, not a list: completes by one serialize call
    typename: str | None = None  # for __typename: the parent's type name
    # for a list of objects whose fields are all plain attributes of scalar type (a legal
    # move's notation, document, probability): completes the whole list in one call (_rows)
    rows: Callable[[Sequence[Any]], list[dict[str, Any]]] | None = None


@dataclass(slots=True)
class OperationPlan:
    operation: OperationDefinitionNode
    root: list[FieldPlan]


class Compiler:
    """Compiles operations against one strawberry schema (its graphql-core schema, the
    resolvers strawberry wraps, and which Python class is which GraphQL type)."""

    def __init__(self, schema: strawberry.Schema) -> None:
        self.schema: GraphQLSchema = internals.graphql_schema(schema)
        self.strawberry = schema
        self.type_of: dict[type, str] = {}
        self._fields: dict[str, dict[str, Any]] = {}
        for name, named in self.schema.type_map.items():
            if not isinstance(named, GraphQLObjectType) or name.startswith("__"):
                continue
            origin, fields = internals.fields_by_name(schema, name)
            if origin is None:
                continue
            self.type_of[origin] = name
            self._fields[name] = fields

    def compile(self, document: DocumentNode, operation: OperationDefinitionNode) -> OperationPlan:
        if operation.operation is not OperationType.QUERY or operation.directives:
            raise Unsupported("only queries without directives")
        for definition in operation.variable_definitions or ():
            if definition.directives:
                raise Unsupported("variable directives")
        fragments = {
            d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)
        }
        query = self.schema.query_type
        assert query is not None
        return OperationPlan(
            operation, self._selection(query, [operation.selection_set], fragments)
        )

    # -- selection sets ------------------------------------------------------------------
    def _collect(
        self,
        parent: GraphQLObjectType,
        sets: list[SelectionSetNode],
        fragments: dict[str, FragmentDefinitionNode],
        out: dict[str, list[FieldNode]],
        visited: set[str] | None = None,
    ) -> None:
        """Fields by response key, in order of first appearance (as graphql-core collects):
        a fragment spread again in the same collection adds nothing and is skipped, so a
        chain of fragments each spreading the previous one many times costs its size, not
        the product of its spreads (issue 21)."""
        if visited is None:
            visited = set()
        for selection_set in sets:
            for selection in selection_set.selections:
                if selection.directives:
                    raise Unsupported("directives")
                if isinstance(selection, FieldNode):
                    key = selection.alias.value if selection.alias else selection.name.value
                    out.setdefault(key, []).append(selection)
                elif isinstance(selection, InlineFragmentNode):
                    condition = selection.type_condition
                    if condition is None or self._applies(condition.name.value, parent):
                        self._collect(parent, [selection.selection_set], fragments, out, visited)
                elif isinstance(selection, FragmentSpreadNode):
                    name = selection.name.value
                    if name in visited:
                        continue
                    visited.add(name)
                    fragment = fragments.get(name)
                    if fragment is None:
                        raise Unsupported("unknown fragment")
                    if self._applies(fragment.type_condition.name.value, parent):
                        self._collect(parent, [fragment.selection_set], fragments, out, visited)

    def _applies(self, condition: str, parent: GraphQLObjectType) -> bool:
        """Whether a fragment on ``condition`` applies to an object of type ``parent``: the
        type itself, or a union it belongs to (there are no interfaces in this schema)."""
        if condition == parent.name:
            return True
        named = self.schema.get_type(condition)
        if isinstance(named, GraphQLUnionType):
            return any(t.name == parent.name for t in named.types)
        if isinstance(named, GraphQLObjectType):
            return False
        raise Unsupported(f"a type condition on {condition}")

    def _selection(
        self,
        parent: GraphQLObjectType,
        sets: list[SelectionSetNode],
        fragments: dict[str, FragmentDefinitionNode],
    ) -> list[FieldPlan]:
        grouped: dict[str, list[FieldNode]] = {}
        self._collect(parent, sets, fragments, grouped)
        return [self._field(parent, key, nodes, fragments) for key, nodes in grouped.items()]

    def _field(
        self,
        parent: GraphQLObjectType,
        key: str,
        nodes: list[FieldNode],
        fragments: dict[str, FragmentDefinitionNode],
    ) -> FieldPlan:
        node = nodes[0]
        name = node.name.value
        if name == "__typename":
            return FieldPlan(key, name, (NON_NULL,), typename=parent.name)
        if name.startswith("__"):
            raise Unsupported("introspection")
        field_def = parent.fields.get(name)
        sfield = self._fields.get(parent.name, {}).get(name)
        if field_def is None or sfield is None:
            raise Unsupported(f"unknown field {parent.name}.{name}")
        wrappers, named = _unwrap(field_def.type)
        plan = FieldPlan(key, name, wrappers, field_def=field_def, node=node)
        resolver = internals.resolver(self.strawberry, sfield)
        if resolver is None:
            plan.attribute = sfield.python_name
        else:
            plan.resolver = resolver.function
            plan.wants_info = resolver.wants_info
            plan.arguments = resolver.arguments
            if not _uses_variables(node):
                plan.static_args = self._arguments(plan, None)
        sub_sets = [n.selection_set for n in nodes if n.selection_set is not None]
        if isinstance(named, (GraphQLScalarType, GraphQLEnumType)):
            plan.leaf = _fast_serialize(named)
        elif isinstance(named, GraphQLObjectType):
            plan.object_plan = self._selection(named, sub_sets, fragments)
        elif isinstance(named, GraphQLUnionType):
            plan.union_plans = {
                t.name: self._selection(t, sub_sets, fragments) for t in named.types
            }
        else:
            raise Unsupported(f"type {named}")
        plan.is_async = resolver is not None and resolver.is_async
        below = [
            *(plan.object_plan or ()),
            *(f for p in (plan.union_plans or {}).values() for f in p),
        ]
        plan.sync_below = all(f.sync for f in below)
        plan.simple = plan.leaf is not None and LIST not in wrappers
        plan.sync = not plan.is_async and plan.sync_below
        if plan.object_plan is not None and wrappers[-2:] == (LIST, NON_NULL):
            plan.rows = _rows(plan.object_plan)
        return plan

    def _arguments(self, plan: FieldPlan, variables: Any) -> dict[str, Any]:
        assert plan.field_def is not None and plan.node is not None
        values = get_argument_values(plan.field_def, plan.node, variables)
        return {plan.arguments[k]: v for k, v in values.items()}


# What the built-in scalars' serialize returns for a value of the right type: that value.
_IDENTITY: dict[str, type] = {"String": str, "Boolean": bool, "ID": str}


def _fast_serialize(named: GraphQLScalarType | GraphQLEnumType) -> Callable[[Any], Any]:
    """The type's ``serialize``, skipped for a value it would return unchanged (a ``str``
    for String): a list of 250 legal moves serializes 500 leaves."""
    serialize = named.serialize
    exact = _IDENTITY.get(named.name)
    if exact is None:
        if named.name == "Int":
            return lambda v: v if type(v) is int and -(2**31) <= v < 2**31 else serialize(v)
        return serialize
    return lambda v: v if type(v) is exact else serialize(v)


# The most fields a row function is made for (a selection of more completes field by field).
ROW_FIELDS = 16


def _rows(plan: list[FieldPlan]) -> Callable[[Sequence[Any]], list[dict[str, Any]]] | None:
    """For a list of objects whose selected fields are all plain attributes completing by one
    serialize call (or ``__typename``): a function that completes the whole list, one dict a
    item, with no call and no loop per field (``selection_sync`` costs about 0.45 µs an item
    of three fields, this 0.23). A null in a non-null field raises :class:`Fallback`, as
    ``selection_sync`` does. None for any other selection."""
    if not plan or len(plan) > ROW_FIELDS:
        return None
    shape: list[tuple[str | None, bool]] = []
    constants: list[Any] = []  # each field's response key, then its type name or serializer
    for f in plan:
        if f.typename is not None:
            shape.append((None, False))
            constants += [f.key, f.typename]
        elif f.simple and f.attribute is not None and f.leaf is not None:
            shape.append((f.attribute, bool(f.wrappers)))
            constants += [f.key, f.leaf]
        else:
            return None
    rows: Callable[[Sequence[Any]], list[dict[str, Any]]] = _row_maker(tuple(shape))(
        _null, *constants
    )
    return rows


def _null(key: str) -> Any:
    raise Fallback(f"null in {key}")


@lru_cache(maxsize=128)
def _row_maker(shape: tuple[tuple[str | None, bool], ...]) -> Callable[..., Any]:
    """The factory of row functions for one shape: each field's attribute (None for
    ``__typename``) and whether it is non-null. The generated source holds only our own
    schema's Python attribute names and numbered names; the response keys (a client's
    aliases), the type names and the serializers are the factory's arguments."""
    reads: list[str] = []
    entries: list[str] = []
    for i, (attribute, required) in enumerate(shape):
        if attribute is None:
            entries.append(f"K{i}: C{i}")
            continue
        if not attribute.isidentifier() or iskeyword(attribute):
            raise ValueError(f"not an attribute name: {attribute!r}")
        reads.append(f"            v{i} = o.{attribute}")
        if required:  # checked where selection_sync checks it: before this field's serialize
            entries.append(f"K{i}: C{i}(v{i}) if v{i} is not None else null(K{i})")
        else:
            entries.append(f"K{i}: None if v{i} is None else C{i}(v{i})")
    parameters = ", ".join(f"K{i}, C{i}" for i in range(len(shape)))
    source = "\n".join(
        [
            f"def make(null, {parameters}):",
            "    def rows(items):",
            "        out = []",
            "        append = out.append",
            "        for o in items:",
            *reads,
            f"            append({{{', '.join(entries)}}})",
            "        return out",
            "    return rows",
        ]
    )
    namespace: dict[str, Any] = {}
    exec(compile(source, "<graphql row>", "exec"), namespace)
    maker: Callable[..., Any] = namespace["make"]
    return maker


def _unwrap(gql_type: GraphQLOutputType) -> tuple[tuple[str, ...], GraphQLNamedType]:
    wrappers: list[str] = []
    t: Any = gql_type
    while isinstance(t, (GraphQLNonNull, GraphQLList)):
        wrappers.append(NON_NULL if isinstance(t, GraphQLNonNull) else LIST)
        t = t.of_type
    return tuple(wrappers), t


def _uses_variables(node: FieldNode) -> bool:
    stack: list[Any] = [a.value for a in node.arguments or ()]
    while stack:
        value = stack.pop()
        if isinstance(value, VariableNode):
            return True
        stack.extend(getattr(value, "values", ()) or ())
        stack.extend(f.value for f in getattr(value, "fields", ()) or ())
    return False


# -- execution --------------------------------------------------------------------------------
class Executor:
    def __init__(self, compiler: Compiler) -> None:
        self.compiler = compiler

    async def run(self, plan: OperationPlan, variables: dict[str, Any] | None, context: Any) -> Any:
        coerced = get_variable_values(
            self.compiler.schema, plan.operation.variable_definitions or (), variables or {}
        )
        if isinstance(coerced, list):
            raise Fallback("variables")  # graphql-core reports them
        run = _Run(self.compiler, coerced, _Info(context))
        return await run.selection(plan.root, None)


class _Run:
    __slots__ = ("compiler", "info", "variables")

    def __init__(self, compiler: Compiler, variables: Any, info: _Info) -> None:
        self.compiler = compiler
        self.variables = variables
        self.info = info

    def _resolve(self, f: FieldPlan, source: Any) -> Any:
        if f.attribute is not None:
            return getattr(source, f.attribute)
        assert f.resolver is not None
        args = f.static_args
        if args is None:
            args = self.compiler._arguments(f, self.variables)
        try:
            if f.wants_info:
                return f.resolver(source, self.info, **args)
            return f.resolver(source, **args)
        except Exception as exc:  # errors are formatted by graphql-core
            raise Fallback(f.key) from exc

    async def selection(self, plan: list[FieldPlan], source: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in plan:
            if f.typename is not None:
                out[f.key] = f.typename
            elif f.sync:
                out[f.key] = self.complete_sync(f, f.wrappers, 0, self._resolve(f, source))
            else:
                value = self._resolve(f, source)
                if isawaitable(value):
                    try:
                        value = await value
                    except Exception as exc:
                        raise Fallback(f.key) from exc
                if f.sync_below:
                    out[f.key] = self.complete_sync(f, f.wrappers, 0, value)
                else:
                    out[f.key] = await self.complete(f, f.wrappers, 0, value)
        return out

    def selection_sync(self, plan: list[FieldPlan], source: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in plan:
            if f.typename is not None:
                out[f.key] = f.typename
            elif f.simple:  # inlined complete_sync for the most common field
                attribute = f.attribute
                value = (
                    self._resolve(f, source) if attribute is None else getattr(source, attribute)
                )
                if value is None:
                    if f.wrappers:
                        raise Fallback(f"null in {f.key}")
                    out[f.key] = None
                else:
                    out[f.key] = f.leaf(value)  # type: ignore[misc]
            else:
                out[f.key] = self.complete_sync(f, f.wrappers, 0, self._resolve(f, source))
        return out

    async def complete(self, f: FieldPlan, wrappers: tuple[str, ...], at: int, value: Any) -> Any:
        if at < len(wrappers) and wrappers[at] == NON_NULL:
            if value is None:
                raise Fallback(f"null in {f.key}")
            at += 1
        elif value is None:
            return None
        if at < len(wrappers):  # a list
            return [await self.complete(f, wrappers, at + 1, item) for item in value]
        if f.leaf is not None:
            return f.leaf(value)
        return await self.selection(self._member(f, value), value)

    def complete_sync(self, f: FieldPlan, wrappers: tuple[str, ...], at: int, value: Any) -> Any:
        """``complete`` for a field under which nothing awaits: no coroutine per item."""
        if at < len(wrappers) and wrappers[at] == NON_NULL:
            if value is None:
                raise Fallback(f"null in {f.key}")
            at += 1
        elif value is None:
            return None
        if at < len(wrappers):  # a list
            if at + 1 == len(wrappers) - 1 and wrappers[at + 1] == NON_NULL:
                # the common [Leaf!] and [Object!]: one comprehension, no call per item
                leaf, plan = f.leaf, f.object_plan
                if (leaf or plan) and any(item is None for item in value):
                    raise Fallback(f"null in {f.key}")
                if leaf is not None:
                    return [leaf(item) for item in value]
                if f.rows is not None:
                    return f.rows(value)
                if plan is not None:
                    select = self.selection_sync
                    return [select(plan, item) for item in value]
            return [self.complete_sync(f, wrappers, at + 1, item) for item in value]
        if f.leaf is not None:
            return f.leaf(value)
        return self.selection_sync(self._member(f, value), value)

    def _member(self, f: FieldPlan, value: Any) -> list[FieldPlan]:
        """The plan of an object: the field's, or the union member's for this value."""
        if f.object_plan is not None:
            return f.object_plan
        assert f.union_plans is not None
        name = self.compiler.type_of.get(type(value))
        plan = f.union_plans.get(name) if name is not None else None
        if plan is None:
            raise Fallback(f"unknown member of {f.key}")
        return plan
