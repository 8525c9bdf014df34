"""Every regular expression of the service reads client text in time linear in its length
(issue 21, point 2: "no regular expression with nested or adjacent unbounded repetition on
client text").

The text-record move line and the Triominos Junior position once took time in the square of
a run of blanks: 16 s of CPU for a 64 KB body, on the event loop. This module finds every
module-level pattern under ``service/`` by itself (a new one is covered without editing it,
and a pattern compiled anywhere else fails ``test_patterns_are_compiled_at_module_level``),
then checks each two ways:

- statically, on the stdlib parser's tree: no unbounded repetition inside another, no round of
  a repetition that can end in more than one place, no two unbounded repetitions that can read
  the same characters one after the other (``\\s*\\(?\\s*``, ``.*?\\s*``, ``\\s*(.+)``), and no
  Unicode ``\\d`` (notation and records are ASCII);
- by measurement: each pattern runs over adversarial texts (a prefix the pattern accepts, a run
  of one character, a character that makes it fail) of two lengths, n and 8n; the time ratio
  must stay near the linear 8, far from the quadratic 64. A ratio, not a clock: the machine
  may be slow, not uneven within one interleaved measurement.

Both checks are shown to catch the patterns this issue replaced, so neither can pass by
checking nothing.
"""

from __future__ import annotations

import ast
import gc
import importlib
import math
import re
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import service

try:  # the regex parser moved in 3.11
    from re import _parser as sre_parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - Python before 3.11
    import sre_parse  # type: ignore[no-redef]

SERVICE = Path(service.__file__).parent
MAXREPEAT = sre_parse.MAXREPEAT
REPEATS = (sre_parse.MAX_REPEAT, sre_parse.MIN_REPEAT, getattr(sre_parse, "POSSESSIVE_REPEAT", -1))

# Characters the sets are compared on: ASCII, and one of each kind of non-ASCII character a
# pattern may treat apart (blanks, line breaks, digits of other scripts, superscripts, letters).
UNIVERSE = tuple(chr(c) for c in range(128)) + tuple(
    "\u00a0\u0085\u2028\u3000\u0660\u00b2\u00b9\u00e9\u00df\u0130\u212a\uff10\U0001f600"
)
# Representatives for building texts, in order of preference.
PREFERRED = "a0 -.,:/@()[]*\"\\'_=xj"

# Pieces with these lengths (n, 8n) and the ratio bound: linear text costs ~8 times more at 8n
# (less when the call's fixed cost weighs in), quadratic ~64. 24 leaves room both ways.
N = 256
GROWTH = 8
BOUND = 24.0


# -- discovery --------------------------------------------------------------------------------
def service_modules() -> list[str]:
    """Every module under service/ (``service/api`` is a namespace package, which
    ``pkgutil.walk_packages`` does not enter, so the files are listed)."""
    names = []
    for path in sorted(SERVICE.rglob("*.py")):
        parts = path.relative_to(SERVICE.parent).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def service_patterns() -> dict[str, re.Pattern[str]]:
    found: dict[str, re.Pattern[str]] = {}
    seen: set[int] = set()
    for name in service_modules():
        module = importlib.import_module(name)
        for attr, value in vars(module).items():
            if isinstance(value, re.Pattern) and id(value) not in seen:
                seen.add(id(value))
                found[f"{name}.{attr}"] = value
    return found


PATTERNS = service_patterns()

# The methods that try every start of the text: a pattern scanned so reads as if after ".*?".
SCANNING = {"search", "findall", "finditer", "sub", "subn", "split"}
METHODS = {"match", "fullmatch"} | SCANNING


def service_uses() -> dict[str, set[str]]:
    """The methods the service calls on each pattern name (``_TILE.fullmatch``), over every
    module: a pattern is measured the ways it is called, and every way if none is seen."""
    uses: dict[str, set[str]] = defaultdict(set)
    for path in sorted(SERVICE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Attribute) and node.attr in METHODS:
                target = node.value
                if isinstance(target, ast.Name):
                    uses[target.id].add(node.attr)
                elif isinstance(target, ast.Attribute):
                    uses[target.attr].add(node.attr)
    return uses


USES = service_uses()


def uses_of(name: str) -> set[str]:
    return USES.get(name.rpartition(".")[2]) or set(METHODS)


def test_discovery_finds_the_patterns_of_every_package():
    """The walk reaches namespace packages (service/api) and the games alike."""
    assert "service.api.records._MOVE_LINE" in PATTERNS
    assert "service.games.triominos_junior.grid._COORDINATE" in PATTERNS
    assert "service.settings._ORIGIN" in PATTERNS
    assert len(PATTERNS) >= 20


_RE_CALLS = {"compile", "match", "fullmatch", "search", "sub", "subn", "split", "findall"}
_RE_CALLS |= {"finditer", "escape", "purge", "template"}


def test_patterns_are_compiled_at_module_level():
    """A pattern compiled in a function, or used as a string (``re.match(r"...", text)``),
    would escape the discovery above: every ``re`` call is a module-level ``re.compile``."""
    stray = []
    for path in sorted(SERVICE.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        top_level = {
            id(node)
            for stmt in tree.body
            if isinstance(stmt, ast.Assign | ast.AnnAssign)
            for node in ast.walk(stmt)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "re":
                stray.append(f"{path}:{node.lineno}: from re import ... (use re.compile)")
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "re"
                and node.func.attr in _RE_CALLS
            ):
                continue
            if node.func.attr != "compile" or id(node) not in top_level:
                stray.append(f"{path}:{node.lineno}: re.{node.func.attr} outside a module-level")
    assert not stray, "\n".join(stray)


# -- the static check -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Atom:
    """One character class repeated ``lo`` to ``hi`` times (``hi`` MAXREPEAT: unbounded)."""

    chars: frozenset[str]
    lo: int
    hi: int

    @property
    def unbounded(self) -> bool:
        return self.hi == MAXREPEAT


def _category(code: Any, c: str, ascii_only: bool) -> bool:
    name = str(code).upper()
    negated = "_NOT_" in name
    if "DIGIT" in name:
        hit = c in "0123456789" if ascii_only else c.isdecimal()
    elif "SPACE" in name:
        hit = c in " \t\n\r\f\v" if ascii_only else c.isspace()
    elif "WORD" in name:
        hit = (c.isascii() if ascii_only else True) and (c.isalnum() or c == "_")
    elif "LINEBREAK" in name:
        hit = c == "\n"
    else:  # pragma: no cover - a category this check does not know
        raise AssertionError(f"unknown category {code}")
    return hit != negated


def _member(op: Any, av: Any, c: str, flags: int) -> bool:
    fold = (lambda s: s.casefold()) if flags & re.IGNORECASE else (lambda s: s)
    ascii_only = bool(flags & re.ASCII)
    if op == sre_parse.LITERAL:
        return fold(c) == fold(chr(av))
    if op == sre_parse.NOT_LITERAL:
        return fold(c) != fold(chr(av))
    if op == sre_parse.ANY:
        return bool(flags & re.DOTALL) or c != "\n"
    if op == sre_parse.RANGE:
        cases = {c, c.lower(), c.upper()} if flags & re.IGNORECASE else {c}
        return any(av[0] <= ord(x) <= av[1] for x in cases if len(x) == 1)
    if op == sre_parse.CATEGORY:
        return _category(av, c, ascii_only)
    if op == sre_parse.IN:
        negate = bool(av) and av[0][0] == sre_parse.NEGATE
        items = av[1:] if negate else av
        return any(_member(o, a, c, flags) for o, a in items) != negate
    raise AssertionError(f"not a character class: {op}")  # pragma: no cover


_CLASSES = (sre_parse.LITERAL, sre_parse.NOT_LITERAL, sre_parse.ANY, sre_parse.IN)
_EMPTY = (sre_parse.AT, sre_parse.ASSERT, sre_parse.ASSERT_NOT)
_PATHS_LIMIT = 20_000

Path_ = tuple[Atom, ...]


def _chars(op: Any, av: Any, flags: int) -> frozenset[str]:
    return frozenset(c for c in UNIVERSE if _member(op, av, c, flags))


def _node_paths(op: Any, av: Any, flags: int) -> list[Path_]:
    """The ways a node reads, each a sequence of atoms (branches and optional parts apart)."""
    if op in _CLASSES:
        return [(Atom(_chars(op, av, flags), 1, 1),)]
    if op in REPEATS:
        lo, hi, body = av
        inner = paths(body, flags)
        if len(inner) == 1 and len(inner[0]) == 1 and inner[0][0].lo == inner[0][0].hi == 1:
            return [(Atom(inner[0][0].chars, lo, hi),)]
        # A repeated group: none, one or two rounds show what meets across a round's end.
        out: list[Path_] = [()] if lo == 0 else []
        if hi >= 1:
            out += inner
        if hi >= 2:
            out += [a + b for a in inner for b in inner]
        return out
    if op == sre_parse.SUBPATTERN:
        return paths(av[-1], flags)
    if op == getattr(sre_parse, "ATOMIC_GROUP", -1):
        return paths(av, flags)
    if op == sre_parse.BRANCH:
        return [p for alternative in av[1] for p in paths(alternative, flags)]
    if op in _EMPTY:
        return [()]
    raise AssertionError(f"the check does not know {op}: teach it before using it")


def paths(seq: Any, flags: int) -> list[Path_]:
    out: list[Path_] = [()]
    for op, av in seq:
        ways = _node_paths(op, av, flags)
        out = [p + w for p in out for w in ways]
        assert len(out) <= _PATHS_LIMIT, "too many ways to read: split the pattern"
    return out


def _one_char(path_list: list[Path_]) -> bool:
    return len(path_list) == 1 and len(path_list[0]) == 1 and path_list[0][0].hi == 1


def _first(path_list: list[Path_]) -> frozenset[str]:
    """Characters a reading can start with."""
    first: set[str] = set()
    for path in path_list:
        for atom in path:
            first |= atom.chars
            if atom.lo > 0:
                break
    return frozenset(first)


def _adjacent(path: Path_) -> Iterator[str]:
    """Two unbounded repetitions that can share characters with nothing but what both read
    between them: a run of those characters splits between the two in n ways."""
    for i, a in enumerate(path):
        if not a.unbounded:
            continue
        live = a.chars
        for b in path[i + 1 :]:
            if b.unbounded and live & b.chars:
                shared = "".join(sorted(live & b.chars))[:12]
                yield f"adjacent unbounded repetitions both read {shared!r}"
                break
            if b.lo > 0:
                live &= b.chars
                if not live:
                    break


def _nested(seq: Any, flags: int, inside_unbounded: bool = False) -> Iterator[str]:
    for op, av in seq:
        if op in REPEATS:
            _, hi, body = av
            if inside_unbounded and hi == MAXREPEAT:
                yield "an unbounded repetition inside an unbounded repetition"
            body_paths = paths(body, flags)
            if hi > 1 and not _one_char(body_paths):
                yield from _round_ends(body_paths)
                yield from _branches(body, flags)
            yield from _nested(body, flags, inside_unbounded or hi == MAXREPEAT)
        elif op == sre_parse.SUBPATTERN:
            yield from _nested(av[-1], flags, inside_unbounded)
        elif op == getattr(sre_parse, "ATOMIC_GROUP", -1):
            yield from _nested(av, flags, inside_unbounded)
        elif op == sre_parse.BRANCH:
            for alternative in av[1]:
                yield from _nested(alternative, flags, inside_unbounded)


def _round_ends(body_paths: list[Path_]) -> Iterator[str]:
    """Where a round of a repetition ends must be plain: if a round could stop early and the
    next start where this one would go on, a run splits into rounds in exponentially many
    ways (``(?:a{1,2})+``, ``(?:a|aa)+``)."""
    first = _first(body_paths)
    for path in body_paths:
        # a variable atom with only optional atoms after it can end a round
        for atom in reversed(path):
            if atom.lo != atom.hi and atom.chars & first:
                yield "a round of a repetition can end in more than one place"
            if atom.lo > 0:
                break
        # a shorter reading of the round, then a character the next round starts with
        for longer in body_paths:
            if (
                len(longer) > len(path)
                and all(a.chars & b.chars for a, b in zip(path, longer, strict=False))
                and longer[len(path)].chars & first
            ):
                yield "a round of a repetition can end in more than one place"


def _branches(seq: Any, flags: int) -> Iterator[str]:
    """Alternatives inside a repetition must start differently (``(?:a|aa)+`` does not)."""
    for op, av in seq:
        if op == sre_parse.BRANCH:
            firsts = [_first(paths(alternative, flags)) for alternative in av[1]]
            for i, a in enumerate(firsts):
                if any(a & b for b in firsts[i + 1 :]):
                    yield "alternatives inside a repetition start with the same character"
            for alternative in av[1]:
                yield from _branches(alternative, flags)
        elif op == sre_parse.SUBPATTERN:
            yield from _branches(av[-1], flags)


def _unicode_digits(seq: Any, flags: int) -> Iterator[str]:
    if flags & re.ASCII:
        return
    for op, av in seq:
        if op == sre_parse.IN:
            for item_op, item_av in av:
                if item_op == sre_parse.CATEGORY and "DIGIT" in str(item_av).upper():
                    yield r"\d reads every script's digits: write [0-9] (or use re.ASCII)"
        elif op in REPEATS:
            yield from _unicode_digits(av[2], flags)
        elif op == sre_parse.SUBPATTERN:
            yield from _unicode_digits(av[-1], flags)
        elif op == sre_parse.BRANCH:
            for alternative in av[1]:
                yield from _unicode_digits(alternative, flags)


def problems(pattern: re.Pattern[str], scanned: bool = False) -> list[str]:
    """What makes a pattern slower than linear on some text (or read non-ASCII digits);
    ``scanned``: the pattern is searched for, each start of the text tried."""
    tree = sre_parse.parse(pattern.pattern, pattern.flags)
    found = list(_nested(tree, pattern.flags))
    before = (Atom(frozenset(UNIVERSE), 0, MAXREPEAT),) if scanned else ()
    for path in paths(tree, pattern.flags):
        found += _adjacent(before + path)
    found += _unicode_digits(tree, pattern.flags)
    return sorted(set(found))


@pytest.mark.parametrize("name", sorted(PATTERNS))
def test_every_pattern_passes_the_static_check(name):
    assert problems(PATTERNS[name], scanned=bool(uses_of(name) & SCANNING)) == []


# The patterns issue 21 replaced, and textbook cases: the check must flag every one.
OLD_PATTERNS = {
    "records._MOVE_LINE": r"(\d+)\.\s+(?:(\d+):\s+)?(\S.*?)\s*",
    "grid._POS": r"\s*\(?\s*(-?\d{1,4})\s*,\s*(-?\d{1,4})\s*\)?\s*",
    "triominos moves._LAY": r"(swap\s+)?(j|\d\s*-\s*\d\s*-\s*\d)\s*@\s*(.+)",
}
BAD_PATTERNS = {
    **OLD_PATTERNS,
    "nested": r"(a+)+b",
    "nested, inner bounded": r"(?:a{1,2})+b",
    "alternatives alike": r"(?:a|aa)+b",
    "separated by what both read": r"[0-9]+5[0-9]+",
    "an optional group's end": r"(swap\s+)?\s*x",
    "blanks then anything": r"@\s*(.+)",
    "unicode digit": r"\d",
}


@pytest.mark.parametrize("name", sorted(BAD_PATTERNS))
def test_the_static_check_flags_known_bad_patterns(name):
    assert problems(re.compile(BAD_PATTERNS[name]))


def test_the_static_check_knows_a_scan_starts_anywhere():
    """``[0-9]+x`` fullmatches in one pass, but searched for it retries every digit."""
    assert problems(re.compile("[0-9]+x")) == []
    assert problems(re.compile("[0-9]+x"), scanned=True)
    assert problems(re.compile("_[0-9]+x"), scanned=True) == []


@pytest.mark.parametrize(
    "pattern",
    [r"[0-9]{1,2}(?:/(?:[0-9]{1,2}\*?|off))+", r'"(?:[^"\\]|\\.)*"', r"\s*,\s*", r"(?:/a*)+"],
)
def test_the_static_check_passes_linear_patterns(pattern):
    """Delimited repetitions and blanks around a separator read in one pass."""
    found = problems(re.compile(pattern))
    # (?:/a*)+ reads in one pass, but the rule of the issue forbids nesting outright
    assert found == (
        ["an unbounded repetition inside an unbounded repetition"] if "/a*" in pattern else []
    )


# -- the measurement --------------------------------------------------------------------------
RUNS = ' \t0a-,(@.:/*["\\j_=)x'
ENDS = ("", "\x00", "\n")


def _representative(chars: frozenset[str]) -> str:
    for c in PREFERRED:
        if c in chars:
            return c
    return min(chars) if chars else ""


def prefixes(pattern: re.Pattern[str]) -> list[str]:
    """Texts reaching every point of the pattern: for each reading and each of its atoms, what
    the atoms before it read (optional atoms read once, or not at all)."""
    out = {""}
    for path in paths(sre_parse.parse(pattern.pattern, pattern.flags), pattern.flags):
        full = short = ""
        for atom in path:
            c = _representative(atom.chars)
            full += c * max(atom.lo, 1) if atom.hi else ""
            short += c * atom.lo
            out |= {full, short}
    return sorted(out, key=lambda s: (len(s), s))


def adversarial(pattern: re.Pattern[str]) -> Iterator[Callable[[int], str]]:
    """Makers of a text of about ``n`` characters: a prefix, a run of one character, an end."""
    tree = sre_parse.parse(pattern.pattern, pattern.flags)
    runs = set(RUNS) | {
        _representative(a.chars) for path in paths(tree, pattern.flags) for a in path
    }
    runs.discard("")
    for prefix in prefixes(pattern):
        for run in sorted(runs):
            for end in ENDS:
                yield lambda n, p=prefix, r=run, e=end: p + r * n + e


def _timed(call: Callable[[str], object], text: str) -> int:
    start = time.perf_counter_ns()
    call(text)
    return time.perf_counter_ns() - start


def ratio(call: Callable[[str], object], make: Callable[[int], str], repeats: int) -> float:
    """Time at GROWTH * N over time at N, each the least of ``repeats`` interleaved runs (a
    slow spell of a shared machine slows both; the least is the run nothing interrupted)."""
    small, large = make(N), make(GROWTH * N)
    best_small = best_large = math.inf
    for _ in range(repeats):
        best_small = min(best_small, _timed(call, small))
        best_large = min(best_large, _timed(call, large))
    return best_large / max(best_small, 1)


def worst(
    pattern: re.Pattern[str], uses: set[str], stop_above: float = math.inf
) -> tuple[float, str]:
    """The highest confirmed ratio over every adversarial text and every way the service
    calls the pattern, and the text it was measured on. A ratio above BOUND in a quick run
    is measured again, at length, before it counts."""
    found, where = 0.0, ""
    every = {"fullmatch": pattern.fullmatch, "match": pattern.match, "search": pattern.search}
    wanted = {"search" if use in SCANNING else use for use in uses}
    calls = {method: call for method, call in every.items() if method in wanted}
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        for make in adversarial(pattern):
            for method, call in calls.items():
                measured = ratio(call, make, 2)
                if measured > BOUND:
                    measured = min(ratio(call, make, 9), ratio(call, make, 9))
                if measured > found:
                    found, where = measured, f"{method}({make(8)!r}) at n={N}"
                if found > stop_above:
                    return found, where
    finally:
        if gc_was_enabled:
            gc.enable()
    return found, where


@pytest.mark.parametrize("name", sorted(PATTERNS))
def test_every_pattern_reads_adversarial_text_in_linear_time(name):
    found, where = worst(PATTERNS[name], uses_of(name))
    assert found <= BOUND, f"{name}: time grows {found:.0f}-fold for 8-fold text: {where}"


@pytest.mark.parametrize("name", sorted(OLD_PATTERNS))
def test_the_measurement_catches_the_replaced_patterns(name):
    """The same measurement on the patterns issue 21 replaced finds them quadratic."""
    found, where = worst(re.compile(OLD_PATTERNS[name]), {"fullmatch"}, stop_above=BOUND)
    assert found > BOUND, f"{name}: only {found:.1f}, at most on {where}"
