"""The GraphQL schema described throughout, and the operations the docs show (issue 22, point
3): every type, field, argument, union and enum value carries a description (graphql-schema-
linter checks the same in tests/api/test_generators.py), and no two operations in the docs
and the clients' examples share a name (a client that keys persisted queries or generated
types by operation name would mix them up)."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

from graphql import (
    GraphQLEnumType,
    GraphQLObjectType,
    GraphQLSchema,
    GraphQLUnionType,
    build_schema,
)

ROOT = Path(__file__).resolve().parents[2]
SDL = (ROOT / "schema" / "schema.graphql").read_text(encoding="utf-8")

# Where operations are shown to people: the README, docs/, the clients' READMEs and examples.
DOCUMENTED = ("README.md", "docs/**/*", "clients/*/README.md", "clients/*/examples/*")
# a named operation: its keyword, its name, then its variables or its selection
OPERATION = re.compile(r"\b(?:query|mutation|subscription)[ \t]+([A-Za-z_][A-Za-z0-9_]*)[ \t]*[({]")


def undescribed(schema: GraphQLSchema) -> list[str]:
    missing = []
    for name, type_ in schema.type_map.items():
        if name.startswith("__") or name in ("String", "Int", "Float", "Boolean", "ID"):
            continue
        if not type_.description:
            missing.append(name)
        if isinstance(type_, GraphQLObjectType):
            for field_name, field in type_.fields.items():
                if not field.description:
                    missing.append(f"{name}.{field_name}")
                missing += [
                    f"{name}.{field_name}({arg})"
                    for arg, argument in field.args.items()
                    if not argument.description
                ]
        if isinstance(type_, GraphQLEnumType):
            missing += [f"{name}.{v}" for v, value in type_.values.items() if not value.description]
    return missing


def test_every_type_field_argument_union_and_enum_value_is_described():
    schema = build_schema(SDL)
    assert undescribed(schema) == []
    unions = [t for t in schema.type_map.values() if isinstance(t, GraphQLUnionType)]
    assert len(unions) >= 8  # the results and MoveDocument: the walk reaches them


def test_the_description_check_finds_what_is_missing():
    schema = build_schema(
        '"""A."""\ntype Query {\n  """B."""\n  a(x: Int): Int\n  b: E\n}\n'
        '"""E."""\nenum E { ONE }\nunion U = Query\n'
    )
    assert sorted(undescribed(schema)) == ["E.ONE", "Query.a(x)", "Query.b", "U"]


def operation_names(text: str) -> list[str]:
    return OPERATION.findall(text)


def test_no_two_documented_operations_share_a_name():
    seen: dict[str, list[str]] = defaultdict(list)
    for pattern in DOCUMENTED:
        for path in sorted(ROOT.glob(pattern)):
            if path.is_file() and "node_modules" not in path.parts:
                text = path.read_text(encoding="utf-8", errors="replace")
                for name in operation_names(text):
                    seen[name].append(str(path.relative_to(ROOT)))
    assert len(seen) >= 4, seen  # the README's, both clients' and an example's
    assert {name: where for name, where in seen.items() if len(where) > 1} == {}


def test_operation_names_are_found_in_code_and_prose_alike():
    text = 'q = """query Scores($s: JSON!) {"""\n```graphql\nquery Play {\n  games { id }\n}\n'
    text += "the query text is fixed; send a query Name( ... as shown\n"
    assert operation_names(text) == ["Scores", "Play", "Name"]
