"""Errors become answers only at the edge (issue 22, point 2): one table maps each code to its
REST status and GraphQL union member; the operations layer knows no HTTP; the README's table
of errors says what the edge does."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from service.api import errors
from service.api.edge import EDGE

ROOT = Path(__file__).resolve().parents[2]
API = ROOT / "service" / "api"
# The operations layer: what REST and GraphQL both call, and what it calls.
OPERATIONS = ["ops", "verify", "records", "budget", "keys", "errors", "offload", "prewarm"]
OPERATIONS += ["contract", "request"]  # the declarations and their reader
HTTP = ("starlette", "strawberry", "graphql", "uvicorn", "httptools", "http")
HTTP += ("service.api.edge", "service.api.http")


def imported(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            prefix = "service.api." if node.level == 1 else ""
            found.add(prefix + (node.module or ""))
            if node.level == 1 and node.module is None:
                found.update("service.api." + a.name for a in node.names)
    return found


def test_no_module_of_the_operations_layer_imports_anything_http():
    for name in OPERATIONS:
        bad = {
            m
            for m in imported(API / f"{name}.py")
            if any(m == h or m.startswith(h + ".") for h in HTTP)
        }
        bad |= {m for m in imported(API / f"{name}.py") if m in ("service.api.http",)}
        assert not bad, (name, bad)


def test_the_check_sees_an_http_import(tmp_path):
    sample = tmp_path / "x.py"
    sample.write_text("from starlette.responses import Response\nfrom .edge import EDGE\n")
    assert {"starlette.responses", "service.api.edge"} <= imported(sample)


def test_the_edge_names_every_code_once():
    assert list(EDGE) == list(errors.CODES)
    assert {o.member for o in EDGE.values()} == {
        None,
        "InvalidRequest",
        "MoveRejected",
        "InvalidState",
    }


def test_the_readme_table_of_errors_is_the_edge_s():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (`[A-Z_]+`(?: / `[A-Z_]+`)*) \| ([0-9x/ ]+) \|", text, re.M)
    seen = set()
    for names, statuses in rows:
        codes = re.findall(r"`([A-Z_]+)`", names)
        given = [s.strip() for s in statuses.split("/")]
        given = given * len(codes) if len(given) == 1 else given
        for code, status in zip(codes, given, strict=True):
            seen.add(code)
            expected = "4xx" if code == "HTTP_ERROR" else str(EDGE[code].status)
            assert status == expected, (code, status)
    assert seen == set(errors.CODES) - {"INTERNAL"}
