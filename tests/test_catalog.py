"""The message catalog (issue 24): every id in both languages, every id used, no sentence
left in the code.

The ids the code names are read from its source: every ``Msg.of("id", ...)`` with a literal
id. The arguments each message takes are read from its Fluent text, and every message is
rendered in both languages with sample arguments: non-empty, every argument filled, German
different from English.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fluent.syntax import ast as fluent_ast
from fluent.syntax import parse

import service
from service import text
from service.games.core.text import Msg

ROOT = Path(service.__file__).parent
# Messages whose text is the same in both languages by nature (a pass-through).
SAME_IN_BOTH = {"untranslated"}
# Call sites whose message is the Nth argument: a str or f-string there is a sentence the
# catalog does not hold.
MESSAGE_ARGUMENT = {
    "illegal": 0,
    "RulesError": 0,
    "InvalidNotation": 0,
    "IllegalMove": 0,
    "NotYourTurn": 0,
    "GameOver": 0,
    "InvalidState": 0,
    "InvalidOptions": 0,
    "Problem": 1,
    "add": 1,
}
# Files that still write their own sentences (being moved into the catalog, issue 24).
NOT_YET = {
    "api",
    "bots.py",
    "cli.py",
}


# The reference page names its own words' ids as string literals: t("play-new-game") in its
# scripts, data-t="play-undo" in its markup (service/api/web.py serves them).
PAGE_ID = re.compile(r"""["'](play-[a-z0-9-]+)["']""")


def used_ids() -> dict[str, str]:
    """Every literal id of ``Msg.of`` in service/, and every ``"play-…"`` literal of the
    reference page (service/web/play.html and its scripts), with a place that names it."""
    found: dict[str, str] = {}
    web = ROOT / "web"
    for path in [web / "play.html", *sorted((web / "play").rglob("*.js"))]:
        for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for id_ in PAGE_ID.findall(line):
                found.setdefault(id_, f"{path.relative_to(ROOT)}:{lineno}")
    for path in sorted(ROOT.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "of"
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "Msg"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.setdefault(node.args[0].value, f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def variables(language: str) -> dict[str, set[str]]:
    """Message id -> the arguments its text names (a referenced message's too)."""
    own: dict[str, set[str]] = {}
    refs: dict[str, set[str]] = {}
    for source in text.sources(language):
        for entry in parse(source.text).body:
            if isinstance(entry, fluent_ast.Message):
                own[entry.id.name] = {
                    r.id.name for r in _walk(entry) if isinstance(r, fluent_ast.VariableReference)
                }
                refs[entry.id.name] = {
                    r.id.name for r in _walk(entry) if isinstance(r, fluent_ast.MessageReference)
                }
    out: dict[str, set[str]] = {}
    for name in own:
        names, todo, done = set(own[name]), list(refs[name]), set()
        while todo:
            ref = todo.pop()
            if ref in done or ref not in own:
                continue
            done.add(ref)
            names |= own[ref]
            todo.extend(refs[ref])
        out[name] = names
    return out


def _walk(node: fluent_ast.BaseNode) -> Iterator[fluent_ast.BaseNode]:
    stack = [node]
    while stack:
        item = stack.pop()
        yield item
        for value in vars(item).values():
            children = value if isinstance(value, list) else [value]
            stack.extend(c for c in children if isinstance(c, fluent_ast.BaseNode))


def sample(names: set[str]) -> dict[str, int | str]:
    return {n: 2 if n in NUMBERS else f"<{n}>" for n in names}


# Arguments that are numbers (plural forms choose by them); every other argument is a string.
NUMBERS = {"count", "player", "ply", "move", "line", "limit", "total", "n", "points", "seat"}


@pytest.mark.parametrize("language", text.LANGUAGES)
def test_each_catalog_reads_cleanly(language):
    assert text.catalog(language).problems == []


def test_both_languages_have_the_same_ids():
    en, de = (set(text.catalog(lang).ids) for lang in ("en", "de"))
    assert sorted(en - de) == [], "missing in German"
    assert sorted(de - en) == [], "missing in English"


def test_every_id_the_code_names_is_in_the_catalog():
    known = set(text.catalog("en").ids)
    missing = {i: where for i, where in used_ids().items() if i not in known}
    assert missing == {}


def test_every_derived_id_is_in_the_catalog():
    """A player's name and every option's label, for each game whose folder is converted."""
    known = set(text.catalog("en").ids)
    pending = tuple(n.removeprefix("games/").replace("_", "-") for n in NOT_YET)
    wanted = {i for i in text.derived_ids() if not i.startswith(pending)}
    assert sorted(wanted - known) == []


def test_every_id_in_the_catalog_is_used():
    used = set(used_ids()) | text.derived_ids()
    unused = sorted(set(text.catalog("en").ids) - used)
    assert unused == []


def test_every_message_renders_in_both_languages_with_its_arguments_filled():
    en_vars, de_vars = variables("en"), variables("de")
    bad = []
    for id_ in sorted(en_vars):
        names = en_vars[id_] | de_vars.get(id_, set())
        msg = Msg.of(id_, **sample(names))
        en = text.catalog("en").format(id_, dict(msg.items))
        de = text.catalog("de").format(id_, dict(msg.items))
        if not en or not de:
            bad.append(f"{id_}: renders empty or with an error (en {en!r}, de {de!r})")
        elif en == de and id_ not in SAME_IN_BOTH:
            bad.append(f"{id_}: German is English: {en!r}")
    assert bad == []


def test_a_message_argument_renders_in_the_same_language():
    inner = Msg.of("error-invalid-state", count=1)
    outer = Msg.of("untranslated", text=inner)
    assert text.render(outer, "de") == text.render(inner, "de") != text.render(inner, "en")


def test_an_id_the_catalog_lacks_still_renders_something():
    assert text.render(Msg.of("no-such-message", n=1), "de") == "no-such-message(n=1)"


def sentences() -> Iterator[str]:
    """Places in service/ that pass a str or an f-string where a message goes."""
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if any(rel == n or rel.startswith(n + "/") for n in NOT_YET):
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            index = MESSAGE_ARGUMENT.get(name)
            if index is None or len(node.args) <= index:
                continue
            if isinstance(node.args[index], ast.JoinedStr | ast.Constant):
                yield f"{rel}:{node.lineno}"


def test_no_module_writes_its_own_sentences():
    assert list(sentences()) == []
