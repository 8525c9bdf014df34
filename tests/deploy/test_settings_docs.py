"""Every default of a setting that the docs state, held to ``Settings`` (issue 23, point 4:
``CACHE_TTL``'s default changed and three docs kept the old value). The READMEs' ``## Settings``
tables name every setting (test_manifests.py); here, wherever a setting's default is written:
in any table with a ``default`` column (docs/security.md's limits), and in prose —
"`MAX_WORK`, 10,000 by default", "`CACHE_MAX_BYTES` (default 256 MiB per worker)",
"`REDIS_TIMEOUT_MS` (50 ms)", "a sixteenth of `CACHE_MAX_BYTES` (16 MiB by default)"."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, fields
from fractions import Fraction
from pathlib import Path

from service.settings import Settings

from .manifests import DEPLOY, ROOT, SETTINGS

DOCS = [ROOT / "README.md", DEPLOY / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
NUMBERS = {
    f.name.upper(): f.default
    for f in fields(Settings)
    if isinstance(f.default, int) and not isinstance(f.default, bool)
}

# A unit written in the docs, in the unit of the setting's own name (seconds for the rest).
SECONDS = {"µs": Fraction(1, 10**6), "us": Fraction(1, 10**6), "ms": Fraction(1, 1000)}
SECONDS |= {"s": Fraction(1), "min": Fraction(60), "h": Fraction(3600)}
BYTES = {"B": Fraction(1), "bytes": Fraction(1), "KiB": Fraction(2**10), "MiB": Fraction(2**20)}
# A part of a setting that the docs give instead of the setting ("a sixteenth of `X` (…)").
PARTS = {"a sixteenth of": Fraction(1, 16), "half of": Fraction(1, 2)}

# After `NAME`: ", VALUE" or " (VALUE", VALUE a number with an optional unit; a default when
# "default" comes before it or "by default" after it, or it is in brackets right after the
# name, or it has a unit ("`REDIS_TIMEOUT_MS`, 50 ms").
UNIT = "|".join(sorted(map(re.escape, SECONDS | BYTES), key=len, reverse=True))
PROSE = re.compile(
    r"(?P<part>" + "|".join(PARTS) + r")?\s*`(?P<name>[A-Z][A-Z0-9_]+)`"
    r"(?P<open>,|\s\()\s?(?P<default>default\s)?\**(?P<value>\d[\d,]*(?:\.\d+)?)"
    rf"(?:\s?(?P<unit>{UNIT}))?\**(?=[\s),;.])(?P<by>\sby default)?"
)


@dataclass(frozen=True)
class Mention:
    doc: str
    line: int
    name: str
    text: str
    value: Fraction


def setting_unit(name: str) -> tuple[dict[str, Fraction], Fraction]:
    """The units a value of setting ``name`` may be written in, and the setting's own."""
    if name.endswith("_BYTES"):
        return BYTES, BYTES["B"]
    if name.endswith("_MS"):
        return SECONDS, SECONDS["ms"]
    if name.endswith("_US"):
        return SECONDS, SECONDS["µs"]
    return SECONDS, SECONDS["s"]  # CACHE_TTL, *_SECONDS; a count has no unit written


def prose_mentions(path: Path) -> list[Mention]:
    """The defaults stated in ``path``'s sentences (table cells included), in the setting's
    own unit."""
    found = []
    text = path.read_text(encoding="utf-8")
    for m in PROSE.finditer(text):
        name = m["name"]
        stated = m["default"] or m["by"] or m["open"] != "," or m["unit"]
        if name not in NUMBERS or not stated:
            continue
        value = Fraction(m["value"].replace(",", ""))
        if m["unit"]:
            units, own = setting_unit(name)
            assert m["unit"] in units, f"{path.name}: {m[0]!r}: not a unit of {name}"
            value = value * units[m["unit"]] / own
        if m["part"]:
            value /= PARTS[m["part"]]
        line = text.count("\n", 0, m.start()) + 1
        found.append(Mention(path.relative_to(ROOT).as_posix(), line, name, m[0].strip(), value))
    return found


def table_defaults(path: Path) -> list[tuple[int, str, str]]:
    """(line, setting, default cell) of every table row in ``path`` whose table has a
    ``default`` column and whose first cell is a setting."""
    rows = []
    column = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.startswith("|"):
            column = None
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if column is None:
            lowered = [cell.lower() for cell in cells]
            column = lowered.index("default") if "default" in lowered else -1
            continue
        name = re.fullmatch(r"`([A-Z][A-Z0-9_]*)`", cells[0])
        if column > 0 and name and name[1] in SETTINGS:
            rows.append((number, name[1], cells[column]))
    return rows


def problems(defaults: Mapping[str, object]) -> list[str]:
    """Where a doc states a default other than ``defaults`` (the environment's spelling for
    the tables, the number for prose)."""
    spelled = SETTINGS | {k: str(v) for k, v in defaults.items()}
    out = []
    for path in DOCS:
        for line, name, cell in table_defaults(path):
            written = cell.strip("`").replace(",", "")
            if written != (spelled[name] or "—"):
                out.append(f"{path.relative_to(ROOT)}:{line}: {name} {cell}, not {spelled[name]}")
        for m in prose_mentions(path):
            default = defaults.get(m.name, NUMBERS[m.name])
            if m.value != default:
                out.append(f"{m.doc}:{m.line}: {m.text!r} says {m.value}, not {default}")
    return out


def test_every_default_the_docs_state_is_the_code_s():
    assert problems({}) == []


def test_the_docs_state_defaults_in_tables_and_in_sentences():
    """The check reads what it should: the limits table and the sentences a reader meets."""
    tables = {(Path(p).name, name) for p in DOCS for _, name, _ in table_defaults(p)}
    assert {("security.md", "MAX_WORK"), ("security.md", "CACHE_MAX_BYTES")} <= tables
    said = {(Path(m.doc).name, m.name, m.value) for p in DOCS for m in prose_mentions(p)}
    assert {
        ("bots.md", "SUGGEST_MAX_BUDGET", 160),
        ("bots.md", "MAX_WORK", 10_000),
        ("caching.md", "CACHE_ENTRIES", 50_000),
        ("caching.md", "CACHE_MAX_BYTES", 2**28),  # "default 256 MiB" and "16 MiB", a 16th
        ("caching.md", "REDIS_MIN_COST_US", 250),
        ("caching.md", "REDIS_TIMEOUT_MS", 50),
        ("capacity.md", "CACHE_TTL", 3600),  # "(1 h)"
        ("security.md", "MAX_HEADER_BYTES", 131_072),  # "(128 KiB)"
        ("security.md", "MAX_PIPELINED", 64),
    } <= said


def test_a_changed_default_names_every_doc_that_still_states_the_old_one():
    stale = problems({"CACHE_TTL": 7200, "CACHE_MAX_BYTES": 2**27})
    assert {line.split(":")[0] for line in stale if "CACHE_TTL" in line} == {
        "README.md",
        "deploy/README.md",
        "docs/capacity.md",
    }
    bytes_docs = {line.split(":")[0] for line in stale if "CACHE_MAX_BYTES" in line}
    assert {"docs/caching.md", "docs/security.md", "README.md"} <= bytes_docs
