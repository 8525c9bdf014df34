"""The rules texts of ``docs/rules/<game>.<language>.md``, read by rule id.

Format (stated at the top of every rules file): a rule begins with an anchor line of its own,
``<a id="MX-7"></a>``; its text is every line after it up to the next anchor line, the next
heading or the end of the file. Lines inside fenced code blocks are text, never anchors or
headings. The files ship inside the package as ``service/rules_docs/`` (a symlink to
``docs/rules/`` in the repository, real files in a wheel), so an installed service reads
them too.

>>> rule_texts('<a id="MX-6"></a>\\n**MX-6 · Distance.** Exactly as far as\\n\\n## Next\\n')
{'MX-6': '**MX-6 · Distance.** Exactly as far as'}
"""

from __future__ import annotations

from importlib.resources import files

RULES_DIR = "rules_docs"
_ANCHOR_OPEN = '<a id="'
_ANCHOR_CLOSE = '"></a>'
_ID_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-")


def rule_texts(markdown: str) -> dict[str, str]:
    """Rule id → the rule's text as Markdown, in document order.

    Raises ValueError for a malformed anchor line or an id anchored twice. One pass over
    the lines, no regular expressions: linear in the length of the text.
    """
    texts: dict[str, str] = {}
    current: str | None = None
    lines: list[str] = []
    fence = ""
    for number, line in enumerate(markdown.splitlines(), 1):
        stripped = line.strip()
        if fence:
            if stripped.startswith(fence):
                fence = ""
        elif stripped.startswith(("```", "~~~")):
            fence = stripped[:3]
        else:
            anchor = _anchor(stripped, number)
            if anchor is not None or _is_heading(line):
                if current is not None:
                    texts[current] = "\n".join(lines).strip()
                current, lines = anchor, []
                if anchor is not None and anchor in texts:
                    raise ValueError(f"line {number}: rule {anchor} is anchored twice")
                continue
        if current is not None:
            lines.append(line)
    if current is not None:
        texts[current] = "\n".join(lines).strip()
    return texts


def rules_markdown(game: str, language: str) -> str:
    """The packaged rules file of ``game`` in ``language``; KeyError when there is none.

    The name is matched against the files present, never joined into a path, so no text a
    client sends can reach another file.
    """
    wanted = f"{game}.{language}.md"
    for entry in files(__package__).joinpath(RULES_DIR).iterdir():
        if entry.name == wanted:
            return entry.read_text(encoding="utf-8")
    raise KeyError(wanted)


def _anchor(stripped: str, number: int) -> str | None:
    """The id of an anchor line, None for any other line."""
    if not stripped.startswith(_ANCHOR_OPEN):
        return None
    if not stripped.endswith(_ANCHOR_CLOSE):
        raise ValueError(f'line {number}: an anchor must be a line of its own: <a id="ID"></a>')
    rule = stripped[len(_ANCHOR_OPEN) : -len(_ANCHOR_CLOSE)]
    if not rule or not _ID_CHARS.issuperset(rule):
        raise ValueError(f"line {number}: {rule!r} is not a rule id")
    return rule


def _is_heading(line: str) -> bool:
    """An ATX heading: up to three spaces, one to six ``#``, then a blank or the line's end."""
    indent = len(line) - len(line.lstrip(" "))
    body = line[indent:]
    if indent > 3 or not body:
        return False
    level = len(body) - len(body.lstrip("#"))
    return 1 <= level <= 6 and (len(body) == level or body[level] in " \t")
