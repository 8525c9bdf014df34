"""Every touch of strawberry's (and graphql-core's) non-public parts, in one place.

The compiled executor (``graphql_plan``), the transport (``graphql_http``) and the ``JSON``
scalar (``graphql_json``) need things strawberry does not promise to keep: the graphql-core
schema behind a ``strawberry.Schema``, its execution context class and name converter, its
own validation rules, the resolver a field wraps, and the built-in ``JSON`` scalar's
definition. They read them here only. ``check()`` reads each of them from the real schema
and names the symbol that moved; ``tests/api/test_strawberry_internals.py`` runs it, so an
upgrade that moves one fails loudly, by name, instead of deep inside a request.

pyproject.toml pins strawberry-graphql to the minor range these were tested with.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import strawberry
from graphql import GraphQLSchema
from strawberry.scalars import JSON
from strawberry.schema.schema import validate_document as _validate_document
from strawberry.schema.types.scalar import DEFAULT_SCALAR_REGISTRY
from strawberry.types.scalar import ScalarDefinition, scalar

__all__ = [
    "Resolver",
    "check",
    "executor_of",
    "fields_by_name",
    "graphql_schema",
    "json_scalar_definition",
    "resolver",
    "scalar",
    "validate_document",
]

# strawberry's validation as its own view runs it: graphql-core's rules plus its rules for
# @oneOf inputs and Maybe.
validate_document = _validate_document


def graphql_schema(schema: strawberry.Schema) -> GraphQLSchema:
    """The graphql-core schema strawberry built (``Schema._schema``)."""
    built = schema._schema
    if not isinstance(built, GraphQLSchema):
        raise TypeError("strawberry.Schema._schema is no longer a graphql-core GraphQLSchema")
    return built


def executor_of(schema: strawberry.Schema) -> Any:
    """The execution context class strawberry hands graphql-core's ``execute`` (None: its
    default), read once when the endpoint is made."""
    return schema.execution_context_class


def fields_by_name(schema: strawberry.Schema, type_name: str) -> tuple[type | None, dict[str, Any]]:
    """A GraphQL object type's Python class and its strawberry fields by GraphQL name."""
    definition = schema.get_type_by_name(type_name)
    origin = getattr(definition, "origin", None)
    names = schema.config.name_converter
    fields = {names.get_graphql_name(f): f for f in getattr(definition, "fields", ())}
    return origin, fields


@dataclass(frozen=True, slots=True)
class Resolver:
    """What the plan calls for a field: the function strawberry wraps, whether it takes
    ``info``, its arguments (GraphQL name -> Python name) and whether it is a coroutine."""

    function: Callable[..., Any]
    wants_info: bool
    arguments: dict[str, str]
    is_async: bool


def resolver(schema: strawberry.Schema, field: Any) -> Resolver | None:
    """A strawberry field's resolver, or None for a plain attribute (``python_name``)."""
    base = field.base_resolver
    if base is None:
        return None
    names = schema.config.name_converter
    return Resolver(
        base.wrapped_func,
        base.info_parameter is not None,
        {names.get_graphql_name(a): a.python_name for a in field.arguments},
        bool(field.is_async),
    )


def json_scalar_definition() -> ScalarDefinition:
    """strawberry's built-in ``JSON`` scalar (its description and specifiedBy URL)."""
    definition = DEFAULT_SCALAR_REGISTRY[JSON]
    if not isinstance(definition, ScalarDefinition):
        raise TypeError("strawberry's JSON scalar is no longer a ScalarDefinition")
    return definition


def check(schema: strawberry.Schema) -> list[str]:
    """Each internal this module reads, read from ``schema``: the ones that failed, named."""
    failed: list[str] = []

    def probe(symbol: str, read: Callable[[], object]) -> None:
        try:
            if read() is None:
                failed.append(f"{symbol}: read as None")
        except Exception as exc:  # any failure names the symbol: that is the point
            failed.append(f"{symbol}: {type(exc).__name__}: {exc}")

    probe("strawberry.Schema._schema", lambda: graphql_schema(schema))
    probe(
        "strawberry.Schema.execution_context_class",
        lambda: hasattr(schema, "execution_context_class") or None,
    )
    probe("strawberry.Schema.config.name_converter", lambda: schema.config.name_converter)
    probe(
        "strawberry.Schema.get_type_by_name(...).origin",
        lambda: fields_by_name(schema, "Query")[0],
    )
    probe("StrawberryField.base_resolver", lambda: _any_resolver(schema))
    probe("strawberry.schema.types.scalar.DEFAULT_SCALAR_REGISTRY[JSON]", json_scalar_definition)
    probe("strawberry.schema.schema.validate_document", lambda: _validates(schema))
    return failed


def _any_resolver(schema: strawberry.Schema) -> Resolver | None:
    _, fields = fields_by_name(schema, "Query")
    found = [resolver(schema, f) for f in fields.values()]
    return next((r for r in found if r is not None), None)


def _validates(schema: strawberry.Schema) -> bool:
    from graphql import parse, specified_rules

    errors = validate_document(
        graphql_schema(schema), parse("{ __typename }"), tuple(specified_rules)
    )
    if errors:
        raise AssertionError(f"a valid document got {errors}")
    return True
