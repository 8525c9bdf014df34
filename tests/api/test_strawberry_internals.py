"""strawberry's and graphql-core's non-public parts, read in one module only (issue 22,
point 4): each is read from the real schema and an upgrade that moves one fails here, by
name; and no other module of the service reaches for them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from service.api import strawberry_internals as internals
from service.api.graphql import schema

SERVICE = Path(__file__).resolve().parents[2] / "service"
# What reaching into strawberry's or graphql-core's internals looks like in source text.
INTERNAL = re.compile(
    r"\._schema\b|execution_context_class|base_resolver|wrapped_func|info_parameter"
    r"|name_converter|get_type_by_name|DEFAULT_SCALAR_REGISTRY|strawberry\.schema\."
    r"|strawberry\.types\.scalar|graphql\.execution\.|graphql\.validation\."
)


def test_every_internal_the_service_reads_is_where_it_was():
    assert internals.check(schema) == []


def test_a_moved_internal_is_named():
    """The check names what moved (here: a schema whose graphql-core schema is gone)."""

    class Moved:
        config = schema.config

        def get_type_by_name(self, name):
            return schema.get_type_by_name(name)

    failed = internals.check(Moved())  # type: ignore[arg-type]
    assert any(f.startswith("strawberry.Schema._schema:") for f in failed), failed
    assert any(f.startswith("strawberry.Schema.execution_context_class:") for f in failed)


@pytest.mark.reads_source
def test_no_other_module_touches_them():
    offenders = [
        f"{path.relative_to(SERVICE)}: {match.group(0)}"
        for path in sorted(SERVICE.rglob("*.py"))
        if path.name != "strawberry_internals.py"
        for match in INTERNAL.finditer(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []
