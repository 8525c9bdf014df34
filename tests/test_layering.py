"""DESIGN.md's layers: the rules engines import nothing but the standard library."""

from __future__ import annotations

import ast
from pathlib import Path

import service

FORBIDDEN = {
    "starlette",
    "strawberry",
    "redis",
    "orjson",
    "random",
    "uvicorn",
    "prometheus_client",
    "time",
    "socket",
    "os",
    "service.api",
    "service.cache",
    "service.app",
}
GAMES = Path(service.__file__).parent / "games"


def imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
        elif isinstance(node, ast.ImportFrom) and node.level >= 3:
            found.add("service." + (node.module or ""))
    return found


def test_engines_import_no_framework_io_or_global_random():
    files = sorted(GAMES.rglob("*.py"))
    assert len(files) > 5
    bad = {
        f"{path.relative_to(GAMES)}: {name}"
        for path in files
        for name in imports(path)
        if any(name == f or name.startswith(f + ".") for f in FORBIDDEN)
    }
    assert not bad


def test_the_check_itself_catches_a_forbidden_import(tmp_path):
    sample = tmp_path / "x.py"
    sample.write_text("import random\nfrom starlette.responses import Response\n")
    assert {"random", "starlette.responses"} <= imports(sample)


def test_only_one_module_imports_orjson():
    users = [p for p in Path(service.__file__).parent.rglob("*.py") if "orjson" in imports(p)]
    assert [p.name for p in users] == ["jsonio.py"]
