"""The message catalog: every word a person reads, in German and English.

The texts are Project Fluent files (https://projectfluent.org): the service's own in
``service/messages/<language>.ftl``, the engine core's (a document's fields, the driver) in
``service/games/core/messages/<language>.ftl``, each game's in its folder,
``service/games/<game>/messages/<language>.ftl``. Engines and operations hold a
:class:`~service.games.core.text.Msg` (an id and named arguments); this module renders it in
the language of the request, which the HTTP edge chooses once (:func:`negotiate`, from
``?lang=`` or ``Accept-Language``) and keeps in :data:`LANGUAGE`. Rendering happens when an
answer is written, after the cache: cached results hold messages, never sentences.

Fluent, not gettext: a message is named by a stable id (gettext names it by its English
text), its arguments are named, and a translation chooses its own grammar from them (German
"einen Stein" / "2 Steine", a player's colour from the player number) without the code
knowing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

from fluent.runtime import FluentBundle
from fluent.runtime.types import FluentType, fluent_number
from fluent.syntax import FluentParser
from fluent.syntax import ast as fluent_ast

from .games import SPECS
from .games.core import text as core_text
from .games.core.text import Msg

LANGUAGES: tuple[str, ...] = ("en", "de")
"""The languages of the catalog; the first is the default and the fallback."""
DEFAULT = LANGUAGES[0]
LANGUAGE: ContextVar[str] = ContextVar("language", default=DEFAULT)
"""The language of the answer being written (set by the HTTP edge for each request)."""

# Rendered texts, by language and message: answers repeat the same few thousand messages
# (a square's name, a refusal), and Fluent's resolver takes tens of microseconds a message.
# Bounded by entries; a text is at most a few hundred bytes.
_MEMO_ENTRIES = 50_000
_MEMO_ARG_CHARS = 120


def negotiate(accept_language: str | None, override: str | None = None) -> str:
    """The catalog language a request asks for: ``override`` (``?lang=``) when it names one,
    else the first of ``Accept-Language``'s ranges, by weight, that the catalog has (``de-AT``
    matches ``de``), else English. One pass over the header, no regular expression; the
    header's size is bounded by the server (MAX_HEADER_BYTES)."""
    if override is not None:
        wanted = _primary(override)
        if wanted in LANGUAGES:
            return wanted
    if not accept_language:
        return DEFAULT
    best, best_q = DEFAULT, 0.0
    for part in accept_language.split(",")[:32]:
        tag, _, params = part.partition(";")
        q = _weight(params)
        language = _primary(tag)
        if language == "*":
            language = DEFAULT
        if language in LANGUAGES and q > best_q:
            best, best_q = language, q
    return best


def _primary(tag: str) -> str:
    return tag.strip().partition("-")[0].partition("_")[0].lower()


def _weight(params: str) -> float:
    """``q=0.8`` of a range's parameters; 1 when absent, 0 when unreadable."""
    for param in params.split(";"):
        name, _, value = param.strip().partition("=")
        if name.strip().lower() == "q":
            try:
                q = float(value.strip()[:5])
            except ValueError:
                return 0.0
            return q if 0.0 <= q <= 1.0 else 0.0
    return 1.0


def render(msg: Msg, language: str | None = None) -> str:
    """``msg`` in ``language`` (by default the request's); a message argument is rendered in
    the same language first. A message the catalog lacks is a bug the catalog test catches;
    here it falls back to English, then to the id, so an answer is never empty."""
    return _memo(language or LANGUAGE.get(), msg)


@cache
def _catalogs(games: tuple[str, ...]) -> dict[str, Catalog]:
    del games  # the cache key: the registered games (a test may register a fifth)
    return {language: Catalog.load(language) for language in LANGUAGES}


def catalog(language: str) -> Catalog:
    return _catalogs(tuple(SPECS))[language]


def load() -> None:
    """Reads every catalog now (the app calls it at start): the first answer with words
    must not pay for parsing them."""
    for language in LANGUAGES:
        catalog(language)


def _memo(language: str, msg: Msg) -> str:
    if sum(len(v) for _, v in msg.items if isinstance(v, str)) > _MEMO_ARG_CHARS:
        return _render(language, msg)  # a long client string (a path): not worth keeping
    key = (language, msg)
    text = _MEMO.get(key)
    if text is None:
        text = _render(language, msg)
        if len(_MEMO) >= _MEMO_ENTRIES:
            _MEMO.clear()
        _MEMO[key] = text
    return text


_MEMO: dict[tuple[str, Msg], str] = {}


def from_wire(wire: Mapping[str, Any]) -> Msg:
    """The message an answer's ``messageId`` and ``args`` name (a cached result holds them
    so; a message argument nests the same way)."""
    args = {k: from_wire(v) if isinstance(v, Mapping) else v for k, v in wire["args"].items()}
    return Msg.of(wire["messageId"], **args)


# Fluent formats a number through Babel, which fails on integers beyond 28 digits; a client's
# number can be any size, so one beyond this is written as its digits (plural "other").
_NUMBER_LIMIT = 10**15


def _number(value: Any, **options: Any) -> FluentType | str:
    """Fluent's NUMBER, except that a number too long for it (a string by then) stays its
    digits."""
    if isinstance(value, str):
        return value
    return fluent_number(value, **options)


def _fluent(args: Mapping[str, str | int]) -> dict[str, str | int]:
    return {
        k: str(v) if type(v) is int and not -_NUMBER_LIMIT < v < _NUMBER_LIMIT else v
        for k, v in args.items()
    }


def _render(language: str, msg: Msg) -> str:
    args = {k: _memo(language, v) if isinstance(v, Msg) else v for k, v in msg.items}
    for lang in (language, DEFAULT):
        text = catalog(lang).format(msg.id, args)
        if text is not None:
            return text
    return core_text._plain(msg)


@dataclass(frozen=True)
class Source:
    """One catalog file: where it is (for messages about it) and what it says."""

    name: str
    text: str


class Catalog:
    """The messages of one language, from every catalog file."""

    def __init__(self, language: str, sources: Iterable[Source]) -> None:
        self.language = language
        self.bundle = FluentBundle(
            [language],
            functions={"NUMBER": _number},  # type: ignore[dict-item]
            use_isolating=False,
        )
        self.ids: dict[str, str] = {}
        """Message id -> the file that defines it."""
        self.problems: list[str] = []
        """What is wrong with the files: a syntax error, an id defined twice."""
        parser = FluentParser(with_spans=False)
        for source in sources:
            resource = parser.parse(source.text)  # parsed once: read here, then bundled
            for entry in resource.body:
                if isinstance(entry, fluent_ast.Junk):
                    notes = "; ".join(str(a.message) for a in entry.annotations)
                    shown = (entry.content or "")[:60]
                    self.problems.append(f"{source.name}: {notes}: {shown!r}")
                elif isinstance(entry, fluent_ast.Message):
                    name = entry.id.name
                    if name in self.ids:
                        self.problems.append(
                            f"{source.name}: {name} is defined in {self.ids[name]} already"
                        )
                    self.ids[name] = source.name
            self.bundle.add_resource(resource)

    @classmethod
    def load(cls, language: str) -> Catalog:
        return cls(language, sources(language))

    def format(self, id_: str, args: dict[str, str | int]) -> str | None:
        """The text of ``id_`` with ``args`` (``id.name``: the message's attribute ``name``,
        an option's ``.description``); None when the catalog has no such message or
        attribute, or the message is missing an argument it names."""
        id_, _, attribute = id_.partition(".")
        if id_ not in self.ids:
            return None
        message = self.bundle.get_message(id_)
        pattern = message.attributes.get(attribute) if attribute else message.value
        if pattern is None:
            return None
        text, errors = self.bundle.format_pattern(pattern, _fluent(args))
        return None if errors or not isinstance(text, str) else text

    def attribute(self, id_: str, name: str, args: dict[str, str | int]) -> str | None:
        """The text of the attribute ``.name`` of message ``id_``; None when there is none."""
        return self.format(f"{id_}.{name}", args)


def sources(language: str) -> Iterator[Source]:
    """The catalog files of ``language``: the service's, then each registered game's."""
    places: list[tuple[str, Traversable]] = [
        ("service", files("service") / "messages"),
        ("service/games/core", files("service.games.core") / "messages"),
    ]
    for spec in SPECS.values():
        package = type(spec.rules).__module__.rpartition(".")[0]
        places.append((package.replace(".", "/"), files(package) / "messages"))
    for name, folder in places:
        path = folder / f"{language}.ftl"
        if path.is_file():
            yield Source(f"{name}/messages/{language}.ftl", path.read_text(encoding="utf-8"))


core_text.install(render)


def derived_ids() -> set[str]:
    """Ids the code builds from names rather than spells out; the catalog test counts them as
        used. Per game: ``<game>-player`` (a player's name, by ``$player``) and
        ``<game>-option-<name>`` (an option's label, its ``.description`` an attribute), and for a
    game whose players have colours ``<game>-colour`` (a colour's word, by ``$player``)."""
    out: set[str] = set()
    for spec in SPECS.values():
        d = spec.descriptor
        out.add(f"{d.id}-player")
        if d.colours:
            out.add(f"{d.id}-colour")
        out.update(f"{d.id}-option-{o.name}" for o in d.options)
    return out
