"""One layout for every game (issue 23, "a game is one folder"): each registered game's
package has the same modules for the same roles, and its ``tests/games/<game>/`` folder the
same files, under the names listed here once. ``docs/adding-a-game.md`` shows these lists
and is checked against them; a game's own helper modules are named in its package docstring.
"""

from __future__ import annotations

import importlib
import re
from fnmatch import fnmatch
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from service.games import GAMES
from service.games.core import GameSpec

ROOT = Path(__file__).resolve().parents[2]
TESTS = Path(__file__).resolve().parent
DOC = ROOT / "docs" / "adding-a-game.md"

# The modules of every game package (role: docs/adding-a-game.md, section 1).
MODULES = (
    "__init__.py",
    "spec.py",
    "options.py",
    "rules.py",
    "state.py",
    "moves.py",
    "codec.py",
    "schema.py",
    "reports.py",
    "render.py",
    "locations.py",
    "texts.py",
)

# The files of every game's test folder, each a tuple of the names (globs) that fill the role
# (docs/adding-a-game.md, section 4).
TEST_FILES = (
    ("__init__.py",),
    ("helpers.py",),
    ("reference.py",),
    ("move_counts.csv", "move_counts.json"),
    ("golden.json",),
    ("messages.json",),
    ("test_codec.py",),
    ("test_move_counts.py",),
    ("test_move_documents.py",),
    ("test_playouts.py",),
    ("test_rules.py", "test_rules_*.py"),
    ("test_texts.py",),
    ("test_vocabulary.py",),
)
# Files a game's test folder has only when it needs them, always under these names.
OPTIONAL_TEST_FILES = (
    "positions.json",
    "test_fuzz.py",
    "test_golden.py",
    "test_notation.py",
    "test_options.py",
    "test_render.py",
    "test_steps.py",
    "test_view.py",
)
# tests/games/ folders that are no registered game's: the fifth game, a one-file game that
# exists only to prove docs/adding-a-game.md (tests/games/fifth/test_fifth_game.py).
NOT_A_GAME = {"fifth", "__pycache__"}


def _package(spec: GameSpec[Any, Any]) -> ModuleType:
    return importlib.import_module(type(spec.rules).__module__.rsplit(".", 1)[0])


def _folder(package: ModuleType) -> str:
    return package.__name__.rsplit(".", 1)[1]


PACKAGES = {_folder(p): p for p in map(_package, GAMES)}


def _files(path: Path) -> set[str]:
    return {p.name for p in path.iterdir() if p.name != "__pycache__"}


def _doc_tables() -> dict[str, list[list[tuple[str, ...]]]]:
    """Per section of the doc (``## 1. …`` → ``"1"``), its tables: per row, the names in
    backticks of its first cell."""
    tables: dict[str, list[list[tuple[str, ...]]]] = {}
    section, in_table = "", False
    for line in DOC.read_text().splitlines():
        if heading := re.match(r"## (\d+)\.", line):
            section, in_table = heading[1], False
        elif line.lstrip().startswith("|"):  # a table, perhaps inside a list item
            first = line.split("|")[1]
            if not in_table:
                tables.setdefault(section, []).append([])
                in_table = True
            elif not set(first.strip()) <= set("-: "):
                tables[section][-1].append(tuple(re.findall(r"`([^`]+)`", first)))
        else:
            in_table = False
    return tables


def test_every_registered_game_is_a_package_with_a_test_folder():
    assert len(PACKAGES) == len(GAMES), "two registered games share a package"
    for name, package in PACKAGES.items():
        assert package.__file__ is not None and package.__file__.endswith("__init__.py"), name
        assert (TESTS / name).is_dir(), f"tests/games/{name}/ is missing"
    folders = {p.name for p in TESTS.iterdir() if p.is_dir()} - NOT_A_GAME
    assert folders == set(PACKAGES), "a tests/games/ folder of no registered game"


@pytest.mark.parametrize("name", sorted(PACKAGES))
def test_the_package_has_every_module_and_names_its_helpers(name):
    package = PACKAGES[name]
    assert package.__file__ is not None
    here = {f for f in _files(Path(package.__file__).parent) if f.endswith(".py")}
    missing = [m for m in MODULES if m not in here]
    assert not missing, f"service/games/{name}/ lacks {missing}"
    docstring = package.__doc__ or ""
    unnamed = sorted(m for m in here - set(MODULES) if f"``{m}``" not in docstring)
    assert not unnamed, f"service/games/{name}/__init__.py's docstring does not name {unnamed}"


def missing_roles(files: set[str]) -> list[tuple[str, ...]]:
    """The roles of ``TEST_FILES`` no file fills."""
    return [role for role in TEST_FILES if not any(fnmatch(f, g) for f in files for g in role)]


def unknown_files(files: set[str]) -> list[str]:
    """The files under no listed name."""
    known = [g for role in TEST_FILES for g in role] + list(OPTIONAL_TEST_FILES)
    return sorted(f for f in files if not any(fnmatch(f, g) for g in known))


@pytest.mark.parametrize("name", sorted(PACKAGES))
def test_the_test_folder_has_every_file_and_only_known_names(name):
    here = _files(TESTS / name)
    assert not missing_roles(here), f"tests/games/{name}/ lacks {missing_roles(here)}"
    # A new role gets its name in OPTIONAL_TEST_FILES (and the doc), so every game uses it.
    assert not unknown_files(here), f"tests/games/{name}/: no listed role {unknown_files(here)}"


def test_the_folder_checks_refuse_a_stray_name_and_a_missing_role():
    files = {"test_perft.py", "test_rules_end.py", "move_counts.json", "test_view.py"}
    assert unknown_files(files) == ["test_perft.py"]
    missing = missing_roles(files)
    assert ("test_codec.py",) in missing and ("test_rules.py", "test_rules_*.py") not in missing
    assert ("move_counts.csv", "move_counts.json") not in missing


def test_the_doc_shows_the_lists():
    tables = _doc_tables()
    assert [row[0] for row in tables["1"][0]] == list(MODULES)
    required, optional = tables["4"][:2]
    assert required == list(TEST_FILES)
    assert [row[0] for row in optional] == list(OPTIONAL_TEST_FILES)
