"""The rules in the repository, in German and English (issue 24, point 4).

``docs/rules/<game>.<language>.md`` for every registered game: both languages present with the
same headings and the same rules in the same order, every rule id the service names anywhere
has a text in both, every option is stated with its default and range as the code declares
them, every **Choice** is marked in both languages, and no link leaves the repository. The
texts are read with :func:`service.rules_text.rule_texts`, the parser the service serves them
with; the wheel holds them too (the slow test at the end builds it as the image does).
"""

from __future__ import annotations

import doctest
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import service
from service import rules_text
from service.games import REGISTRY
from service.rules_text import RULES_DIR, rule_texts, rules_markdown

ROOT = Path(__file__).resolve().parents[2]
SERVICE = ROOT / "service"
DOCS = ROOT / "docs" / "rules"
GAMES = sorted(REGISTRY)
LANGUAGES = ("de", "en")
# How each language marks a Choice and states an option's default and range.
CHOICE = {"de": "**Entscheidung:**", "en": "**Choice:**"}
DEFAULT = {"de": "Vorgabe", "en": "default"}
RANGE = {"de": "bis", "en": "to"}

RULE_ID = re.compile(r"\b([A-Z]{2})-([0-9]+[a-z]?)\b")
LINK = re.compile(r"\]\(([^)]*)\)")
CODE = re.compile(r"`([^`\n]+)`")


def text(game: str, language: str) -> str:
    return (DOCS / f"{game}.{language}.md").read_text(encoding="utf-8")


def package_of(game: str) -> Path:
    """The game's own package: where its rules (GameSpec.rules) are written."""
    rules = REGISTRY[game].spec.rules
    return Path(sys.modules[type(rules).__module__].__file__).parent


def ids_in(paths) -> set[str]:
    return {m.group(0) for p in paths for m in RULE_ID.finditer(p.read_text(encoding="utf-8"))}


def prefix_of(game: str) -> str:
    """The game's rule id prefix (``MX`` for Mixtour): its spec's, which its own package also
    writes its ids with."""
    prefix = REGISTRY[game].spec.rule_prefix
    prefixes = {i.split("-")[0] for i in ids_in(package_of(game).rglob("*.py"))}
    assert prefixes == {prefix}, f"{game}'s package names rule ids of {sorted(prefixes)}"
    return prefix


def outside_fences(markdown: str) -> list[str]:
    lines, fenced = [], False
    for line in markdown.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced:
            lines.append(line)
    return lines


def skeleton(markdown: str) -> list[str]:
    """Headings (by level) and rule anchors in order: what both languages must share."""
    shape = []
    for line in outside_fences(markdown):
        if line.startswith("#"):
            shape.append(line.split(" ", 1)[0])
        elif line.startswith('<a id="'):
            shape.append(line)
    return shape


def headings(markdown: str, level: str) -> list[str]:
    return [ln[len(level) + 1 :] for ln in outside_fences(markdown) if ln.startswith(level + " ")]


@pytest.mark.parametrize("game", GAMES)
def test_both_languages_are_there_with_the_same_rules_in_the_same_order(game):
    de, en = text(game, "de"), text(game, "en")
    assert rule_texts(de), f"{game}.de.md has no rules"
    assert list(rule_texts(de)) == list(rule_texts(en))
    assert skeleton(de) == skeleton(en)


def test_every_file_opens_with_the_same_statement_of_its_format():
    first = {(g, lang): text(g, lang).split("\n", 1)[0] for g in GAMES for lang in LANGUAGES}
    assert len(set(first.values())) == 1, first
    (comment,) = set(first.values())
    assert comment.startswith("<!-- ") and comment.endswith(" -->")
    assert '<a id="ID"></a>' in comment


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_layout_is_the_same_in_every_file(game, language):
    """One title, rules under second-level headings, the notation section last."""
    markdown = text(game, language)
    assert len(headings(markdown, "#")) == 1
    assert headings(markdown, "##")[-1] == "Notation"
    assert not headings(markdown, "###"), "rules are anchors, not headings"
    assert f"({game}.{'en' if language == 'de' else 'de'}.md)" in markdown, "no language link"


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_are_numbered_from_1_without_gaps(game):
    prefix = prefix_of(game)
    ids = list(rule_texts(text(game, "en")))
    assert ids == [f"{prefix}-{n}" for n in range(1, len(ids) + 1)]


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_id_the_service_names_has_a_text_in_both_languages(game):
    prefix = prefix_of(game)
    named = {i for i in ids_in(SERVICE.rglob("*.py")) if i.startswith(prefix + "-")}
    assert named, f"no {prefix}- id in service/"
    for language in LANGUAGES:
        missing = named - rule_texts(text(game, language)).keys()
        assert not missing, f"{game}.{language}.md lacks {sorted(missing)}"


def test_every_prefix_the_service_uses_belongs_to_a_game():
    prefixes = {i.split("-")[0] for i in ids_in(SERVICE.rglob("*.py"))}
    assert prefixes == {prefix_of(g) for g in GAMES}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_rule_text_says_something_and_stands_alone(game, language):
    for rule, body in rule_texts(text(game, language)).items():
        lead = f"**{rule} · "
        assert body.startswith(lead), f"{rule} does not open with {lead!r}"
        title, _, rest = body[len(lead) :].partition(".**")
        assert title.strip() and rest.strip(), f"{rule} has no title or no text"
        # served one by one, so no link that would need this file around it
        assert "](" not in body and "http" not in body and "<a " not in body, rule


@pytest.mark.parametrize("game", GAMES)
def test_every_choice_is_marked_in_both_languages(game):
    marked = {
        language: {r for r, t in rule_texts(text(game, language)).items() if CHOICE[language] in t}
        for language in LANGUAGES
    }
    assert marked["de"] == marked["en"]
    for language in LANGUAGES:
        body = text(game, language).split("\n", 1)[1]  # the format comment names both
        assert all(CHOICE[o] not in body for o in LANGUAGES if o != language), language


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_option_is_stated_with_its_default_and_range(game, language):
    """Read from the descriptor (what ``GET /v1/games`` lists), so a changed default or
    range fails here until the rules text says the same."""
    texts = [" ".join(t.split()) for t in rule_texts(text(game, language)).values()]
    for option in REGISTRY[game].descriptor.options:
        stated = f"`{option.name}`, {DEFAULT[language]} `{json.dumps(option.default)}`"
        where = [t for t in texts if stated in t]
        assert where, f"{game}.{language}.md never says {stated}"
        if option.minimum is not None:
            span = f"{option.minimum} {RANGE[language]} {option.maximum}"
            assert any(span in t for t in where), f"{option.name}: no {span!r} beside it"


@pytest.mark.parametrize("game", GAMES)
def test_both_languages_give_the_same_notation(game):
    """Code spans are language-free: moves, options, values. Each language shows the same."""
    de, en = (set(CODE.findall(text(game, lang))) for lang in LANGUAGES)
    assert de == en, f"only German: {sorted(de - en)}; only English: {sorted(en - de)}"


@pytest.mark.parametrize("game", GAMES)
def test_the_notation_examples_are_the_engines_canonical_notation(game):
    """Every code span that reads as a move is written as the engine writes it (the spans
    meant to show accepted variants are named in the text next to their canonical form)."""
    engine = REGISTRY[game]
    variants = {"a1:1-b2", "red 5-3", "1/6/9"}
    moves = 0
    for span in set(CODE.findall(text(game, "en"))) - variants:
        try:
            move = engine.parse_move(span)
        except service.games.core.RulesError:
            continue
        moves += 1
        assert engine.notation(move) == span
    assert moves >= 4, f"{game}: only {moves} moves among the examples"


def test_no_link_or_path_leaves_the_repository():
    for path in sorted(DOCS.glob("*.md")):
        markdown = path.read_text(encoding="utf-8")
        for forbidden in ("shared/", "/work/", "file:"):
            assert forbidden not in markdown, f"{path.name} mentions {forbidden}"
        for target in LINK.findall(markdown):
            assert target and ":" not in target and not target.startswith("/"), target
            resolved = (path.parent / target.split("#")[0]).resolve()
            assert resolved.is_relative_to(ROOT), f"{path.name}: {target} leaves the repository"
            assert resolved.exists(), f"{path.name}: {target} does not exist"


def test_the_readme_points_into_docs_rules_for_every_game():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "../" not in readme, "the README points outside the repository"
    linked = {t for t in LINK.findall(readme) if t.startswith("docs/rules/")}
    assert linked >= {f"docs/rules/{g}.{lang}.md" for g in GAMES for lang in LANGUAGES}
    assert all((ROOT / t).exists() for t in linked)


def test_docs_rules_holds_exactly_the_games_in_both_languages():
    assert sorted(p.name for p in DOCS.iterdir()) == sorted(
        f"{g}.{lang}.md" for g in GAMES for lang in LANGUAGES
    )


# ---- the parser ------------------------------------------------------------------------------


def test_the_parser_reads_anchors_up_to_the_next_anchor_or_heading():
    markdown = "\r\n".join(
        [
            "<!-- format -->",
            "# Title",
            "intro, no rule",
            '<a id="MX-1"></a>',
            "**MX-1 · One.** first",
            "",
            "second paragraph",
            '  <a id="MX-2"></a>  ',
            "**MX-2 · Two.** text",
            "## Section",
            "between sections, no rule",
            '<a id="MX-3a"></a>',
            "```",
            '<a id="MX-9"></a>',
            "# not a heading inside a fence",
            "```",
            "#hashtag is no heading",
            '<a id="MX-4"></a>',
        ]
    )
    assert rule_texts(markdown) == {
        "MX-1": "**MX-1 · One.** first\n\nsecond paragraph",
        "MX-2": "**MX-2 · Two.** text",
        "MX-3a": "\n".join(markdown.splitlines()[12:17]),
        "MX-4": "",
    }
    assert rule_texts("no anchors at all\n## x\n") == {}


@pytest.mark.parametrize(
    ("markdown", "says"),
    [
        ('<a id="MX-1"></a>\nx\n<a id="MX-1"></a>\ny', "anchored twice"),
        ('<a id="MX-1"></a> trailing text', "line of its own"),
        ('<a id="MX 1"></a>', "not a rule id"),
        ('<a id=""></a>', "not a rule id"),
    ],
)
def test_the_parser_refuses_what_a_reader_would_misread(markdown, says):
    with pytest.raises(ValueError, match=says):
        rule_texts(markdown)


def test_the_parsers_example_runs():
    assert doctest.testmod(rules_text).failed == 0
    assert doctest.testmod(rules_text).attempted >= 1


# ---- packaging: one copy in docs/rules, shipped inside the package -------------------------


def test_the_package_links_to_docs_rules_rather_than_holding_a_copy():
    link = SERVICE / RULES_DIR
    assert link.is_symlink()
    assert link.resolve() == DOCS.resolve()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_service_reads_the_packaged_file(game, language):
    assert rules_markdown(game, language) == text(game, language)


@pytest.mark.parametrize(
    ("game", "language"),
    [("chess", "en"), ("mixtour", "fr"), ("../README", "md"), ("mixtour.en.md", ""), ("", "")],
)
def test_an_unknown_game_or_language_is_a_key_error_never_another_file(game, language):
    with pytest.raises(KeyError):
        rules_markdown(game, language)


def _image_context(target: Path) -> list[str]:
    """The builder stage's build context as deploy/Dockerfile's COPY lines make it (symlinks
    kept, as Docker keeps them); the sources copied, in order."""
    copied = []
    stages = 0
    for raw in (ROOT / "deploy" / "Dockerfile").read_text(encoding="utf-8").splitlines():
        words = raw.split()
        if words[:1] == ["FROM"]:
            stages += 1
        if stages != 1 or words[:1] != ["COPY"] or any(w.startswith("--") for w in words):
            continue
        *sources, dest = words[1:]
        for source in sources:
            into = target / dest / Path(source).name if dest.endswith("/") else target / dest
            into.parent.mkdir(parents=True, exist_ok=True)
            if (ROOT / source).is_dir():
                ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
                shutil.copytree(ROOT / source, into, symlinks=True, ignore=ignore)
            else:
                shutil.copy2(ROOT / source, into)
            copied.append(source)
    return copied


@pytest.mark.slow
def test_the_wheel_the_image_builds_holds_every_rules_file(tmp_path):
    context, out = tmp_path / "src", tmp_path / "wheel"
    assert "pyproject.toml" in _image_context(context)
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(context)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    (wheel,) = out.glob("regelwerk-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        shipped = {
            name.rsplit("/", 1)[1]: archive.read(name)
            for name in archive.namelist()
            if name.startswith(f"service/{RULES_DIR}/")
        }
    assert shipped == {p.name: p.read_bytes() for p in DOCS.glob("*.md")}
