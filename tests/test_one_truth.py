"""One truth per fact (issue 22): a limit or vocabulary the API states is declared once and
read from there; a copy of its value in service/, in code or in prose, fails here.

Each fact: where it is declared, its value read from the code, and the patterns a copy of it
would match. The declaration's own line is the only allowed match."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from service import bots
from service.api.verify import PROBLEM_CODES
from service.games.core.errors import MAX_PROBLEMS
from service.games.core.game import SEED_LENGTH, STATUSES
from service.limits import ITERATION_PLIES, POSITION_COST
from service.settings import Settings

SERVICE = Path(__file__).resolve().parents[1] / "service"

FACTS = [
    # (fact, its declaration (file, text on its line), patterns of a copy)
    ("seed length", ("games/core/game.py", "SEED_LENGTH ="), [rf"\b{SEED_LENGTH[1]}\s+char"]),
    ("seed length", ("games/core/game.py", "SEED_LENGTH ="), [rf'"maxLength":\s*{SEED_LENGTH[1]}']),
    (
        "plies of a search iteration",
        ("limits.py", "ITERATION_PLIES ="),
        [rf"\b{ITERATION_PLIES}\b"],
    ),
    ("cost of a position", ("limits.py", "POSITION_COST ="), [rf"\+ {POSITION_COST}\b"]),
    (
        "default search budget",
        ("bots.py", "DEFAULT_BUDGET ="),
        [rf"default {bots.DEFAULT_BUDGET}\b"],
    ),
    (
        "SUGGEST_MAX_BUDGET's default",
        ("settings.py", "suggest_max_budget: int ="),
        [rf"\b{Settings().suggest_max_budget}\b"],
    ),
    (
        "strength levels",
        ("bots.py", "LEVELS ="),
        [rf"\b{name} {n}\b" for name, n in bots.LEVELS.items() if n is not None],
    ),
    (
        "strength level names",
        ("bots.py", "LEVELS ="),
        [rf"""(["'])({"|".join(bots.LEVELS)})\1""", rf"\b({'|'.join(bots.LEVELS)})\s*=\s*"],
    ),
    ("status names", ("games/core/game.py", "STATUSES ="), [r"""(["'])(ongoing|finished)\1"""]),
    (
        "problems listed per answer",
        ("games/core/errors.py", "MAX_PROBLEMS ="),
        [rf"\bfirst {MAX_PROBLEMS}\b", rf"maxItems={MAX_PROBLEMS}\b"],
    ),
    (
        "verdict problem codes as enum members",
        ("api/verify.py", "PROBLEM_CODES ="),
        [rf"^\s*({'|'.join(c for c in PROBLEM_CODES if c not in STATUSES)}) = "],
    ),
]


@pytest.mark.reads_source
@pytest.mark.parametrize(("fact", "declared", "patterns"), FACTS, ids=[f[0] for f in FACTS])
def test_a_fact_is_declared_once(fact, declared, patterns):
    home, marker = declared
    copies = []
    for path in sorted(SERVICE.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if path.relative_to(SERVICE).as_posix() == home and marker in line:
                continue
            if any(re.search(p, line) for p in patterns):
                copies.append(f"{path.relative_to(SERVICE)}:{number}: {line.strip()}")
    assert copies == [], f"{fact} is written again instead of read from {home}"


def test_the_scan_finds_a_copy(tmp_path):
    line = 'description="at most 160 iterations"'
    assert re.search(FACTS[5][2][0], line)


# Copies that were in service/ before they were derived: each must still be found.
OLD_COPIES = [
    ("strength level names", '    EASY = "easy"'),
    ("status names", '    ongoing = "ongoing"'),
    ("status names", 'STATUS = {"type": "string", "enum": ["ongoing", "finished"]}'),
    ("problems listed per answer", '"100) and how many there are." maxItems=100,'),
    ("verdict problem codes as enum members", '    NOT_FINISHED = "NOT_FINISHED"'),
]


@pytest.mark.parametrize(("fact", "line"), OLD_COPIES)
def test_the_scan_finds_an_old_copy(fact, line):
    patterns = [p for name, _, ps in FACTS if name == fact for p in ps]
    assert any(re.search(p, line) for p in patterns)
