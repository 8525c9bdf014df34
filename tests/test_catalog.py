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
# Lists written with commas, the same in both languages ("A, <the rest>"; "S1 4, S2 3").
# Messages that are only punctuation around their arguments (words the picture drew already).
SAME_IN_BOTH: set[str] = {
    "driver-players-more",
    "triominos-junior-svg-counts-list",
    "play-tric-trac-point-caption",
    "play-tric-trac-off",
}
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
    "ServiceError": 1,
    "RequestError": 1,
    "LimitExceeded": 1,
    "RecordError": 1,
    "BadRecord": 0,
    "esc": 0,  # text drawn into a picture
}
# Keys of the objects an answer holds whose value is words: a problem's reason, a verdict
# problem's or a GraphQL error's message. One word there is a code ("UNSIGNED", an event's
# "draw"), except beside a "path", where it is a problem's reason ("required").
MESSAGE_KEYS = {"reason", "message"}
# Files that still write their own sentences (being moved into the catalog, issue 24).
NOT_YET = {}


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
# ... and the service's own (service/messages): where a text breaks, bounds, counts
NUMBERS |= {"column", "char", "low", "high", "first", "expected", "max", "position"}
NUMBERS |= {"iterations", "plies", "records", "invalid", "more"}


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
    outer = Msg.of("error-at-move", move=3, error=inner)
    assert text.render(inner, "de") != text.render(inner, "en")
    assert text.render(outer, "de").endswith(text.render(inner, "de"))
    assert text.render(outer, "en").endswith(text.render(inner, "en"))


def test_an_id_the_catalog_lacks_still_renders_something():
    assert text.render(Msg.of("no-such-message", n=1), "de") == "no-such-message(n=1)"


def sentences() -> Iterator[str]:
    """Places in service/ that pass a str or an f-string where a message goes."""
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if not any(rel == n or rel.startswith(n + "/") for n in NOT_YET):
            yield from sentences_in(path.read_text(), rel)


def sentences_in(source: str, name: str) -> Iterator[str]:
    """A message argument of a call in MESSAGE_ARGUMENT, or a MESSAGE_KEYS value of a dict,
    that is written text: a str, an f-string, or a concatenation with one."""
    for node in ast.walk(ast.parse(source, name)):
        if isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            index = MESSAGE_ARGUMENT.get(called)
            if index is not None and len(node.args) > index and _written(node.args[index]):
                yield f"{name}:{node.lineno}"
        elif isinstance(node, ast.Dict):
            keys = [k.value if isinstance(k, ast.Constant) else None for k in node.keys]
            for key, value in zip(keys, node.values, strict=True):
                if key in MESSAGE_KEYS and _written(value, words="path" not in keys):
                    yield f"{name}:{value.lineno}"


def _written(node: ast.expr, words: bool = False) -> bool:
    """Written text; with ``words`` only a string of several words counts (one is a code)."""
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and (not words or " " in node.value)
    if isinstance(node, ast.BinOp):
        return _written(node.left) or _written(node.right)
    return False


def test_no_module_writes_its_own_sentences():
    assert list(sentences()) == []


@pytest.mark.parametrize("language", text.LANGUAGES)
def test_a_number_of_any_size_renders_as_its_digits(language):
    """A client's number can be any size; Fluent's number formatting cannot (Babel fails
    beyond 28 digits): such a number is written as its digits, with NUMBER() too."""
    huge = 10**40
    for msg in (
        Msg.of("error-invalid-state", count=huge),
        Msg.of("te-trix-not-a-player", player=huge),
    ):
        rendered = text.catalog(language).format(msg.id, dict(msg.items))
        assert rendered is not None and str(huge) in rendered


def test_the_scan_finds_each_way_of_writing_a_sentence():
    """Each line below writes a sentence the scan must find (one per line), and the code
    after it none: a scan that cannot fail would pass whatever the code says."""
    written = """
raise ServiceError("UNKNOWN_GAME", f"unknown game {game!r}")
raise ServiceError("INVALID_STATE", "the state must be a JSON object", details)
raise RecordError(3, "tag lines come before the moves")
raise BadRecord("a tag may appear only once")
raise RequestError("BAD_REQUEST", "the " + name + " parameter is not JSON", transport=True)
LimitExceeded("QUERY_TOO_DEEP", f"nests {depth} deep", 12, "GRAPHQL_MAX_DEPTH")
raise illegal(f"{square} is not empty", "SQUARE_OCCUPIED", "MX-4")
body.problems.append({"path": "$.tags", "reason": "must be a string"})
body.problems.append({"path": f"$.certificate.{name}", "reason": "required"})
problems.append({"path": "$.x", "reason": "unknown field; allowed: " + ", ".join(names)})
problems.append({"code": "NOT_FINISHED", "message": "the record ends before the game does"})
errors = [{"message": f"no operation named {name!r}", "extensions": {"code": code}}]
out.append(f'<text x="4">{esc(f"rack of player {player}")}</text>')
""".strip().splitlines()
    found = list(sentences_in("\n".join(written), "x.py"))
    assert found == [f"x.py:{n}" for n in range(1, len(written) + 1)]
    clean = """
raise ServiceError("UNKNOWN_GAME", Msg.of("error-unknown-game", game=repr(game)))
raise ServiceError(code, message, {"reason": "UNSIGNED"})
problems.append({"path": "$.tags", "reason": Msg.of("request-must-be-string")})
problem = {"code": error.code, "message": error.msg}
events.append({"type": "gameOver", "winners": [], "reason": "draw"})
"""
    assert list(sentences_in(clean, "y.py")) == []
