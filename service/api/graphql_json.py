"""The ``JSON`` scalar, read from a document's literals the way a JSON body is read.

strawberry's own ``JSON`` reads a literal with graphql-core's untyped reader, which turns any
integer literal into a Python ``int``: a 30-digit one then reached the operations and failed
where it was written back out (orjson, like every JSON peer of ours, holds 64 bits), as an
internal error (issue 21, point 6). Here a literal number is read by the same reader as a REST
body or a GraphQL variable (``jsonio.loads``), so a literal means exactly what the same JSON
would mean anywhere else: beyond 64 bits a float, past what JSON can hold (a 5,000-digit
number) a validation error.
"""

from __future__ import annotations

from typing import Any

from graphql import (
    BooleanValueNode,
    EnumValueNode,
    FloatValueNode,
    IntValueNode,
    ListValueNode,
    NullValueNode,
    ObjectValueNode,
    StringValueNode,
    ValueNode,
    VariableNode,
)
from strawberry.scalars import JSON

from .. import jsonio
from .strawberry_internals import json_scalar_definition, scalar

_BUILT_IN = json_scalar_definition()


def literal(node: ValueNode, variables: dict[str, Any] | None = None) -> Any:
    """A literal's JSON value (nesting is bounded by the parser's recursion limit)."""
    if isinstance(node, (IntValueNode, FloatValueNode)):
        try:
            return jsonio.loads(node.value)
        except jsonio.JSONDecodeError:
            raise ValueError("a number JSON cannot hold") from None
    if isinstance(node, (StringValueNode, EnumValueNode)):
        return node.value
    if isinstance(node, BooleanValueNode):
        return node.value
    if isinstance(node, NullValueNode):
        return None
    if isinstance(node, ListValueNode):
        return [literal(item, variables) for item in node.values]
    if isinstance(node, ObjectValueNode):
        return {f.name.value: literal(f.value, variables) for f in node.fields}
    if isinstance(node, VariableNode):
        return (variables or {}).get(node.name.value)
    raise ValueError(f"not a JSON value: {node.kind}")


JSON_SCALAR = scalar(
    name="JSON",
    description=_BUILT_IN.description,
    specified_by_url=_BUILT_IN.specified_by_url,
    serialize=lambda v: v,
    parse_value=lambda v: v,
    parse_literal=literal,
)

# strawberry.Schema(scalar_overrides=OVERRIDES)
OVERRIDES: dict[object, Any] = {JSON: JSON_SCALAR}
