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


def test_only_the_registry_and_the_games_themselves_import_a_game():
    """A game is one folder (issue 23): outside service/games/<game>/ and the registry
    (service/games/__init__.py) no module of service/ imports a game package."""
    root = Path(service.__file__).parent
    names = [p.name for p in GAMES.iterdir() if (p / "__init__.py").is_file() and p.name != "core"]
    assert len(names) >= 4
    users = set()
    for path in root.rglob("*.py"):
        inside = path.relative_to(GAMES).parts[0] if path.is_relative_to(GAMES) else None
        if inside in names or path == GAMES / "__init__.py":
            continue
        for name in _absolute_imports(path):
            if any(name.startswith(f"service.games.{g}") for g in names):
                users.add(f"{path.relative_to(root)}: {name}")
    assert not users


def _absolute_imports(path: Path) -> set[str]:
    """Every module ``path`` imports, relative imports made absolute."""
    package = ".".join(("service", *path.relative_to(Path(service.__file__).parent).parts[:-1]))
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1]
            module = node.module if node.level == 0 else ".".join([*base, node.module or ""])
            found.add(module or "")
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found
