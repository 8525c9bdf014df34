"""The field reader's fast path against its full reader (issue 26, point 1).

``Document.read`` first tries ``Document.quick``: the whole document in one pass, no paths, no
problems, each field's ``quick``; anything off and ``Document.report`` reads it field by field,
finding every problem. That is only the old reader's answer if the fast path never accepts
what the full reader refuses, never gives another value, and never refuses a field silently
(a field's ``read`` reports when its ``quick`` refused). These hold it so over the documents
of random games of every game and over many mutants of them.
"""

from __future__ import annotations

import copy
import json
import random
import sys
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from service.games import REGISTRY, SPECS
from service.games.core import Problems
from service.games.core import fields as f

from .contract import random_game

GAMES = sorted(REGISTRY)


def document_of(game: str) -> f.Document:
    """The Document the game's codec reads states with."""
    spec = SPECS[game]
    for value in vars(sys.modules[spec.encode.__module__]).values():
        if isinstance(value, f.Document):
            return value
        if isinstance(value, f.PerOptions):
            return value(spec.descriptor.options)
    raise AssertionError(f"{game}: no Document in its codec")


@cache
def real(game: str) -> tuple[Any, ...]:
    """Documents of seeded random games, parsed from JSON text as a client sends them."""
    engine, rng, out = REGISTRY[game], random.Random(f"fields-fast/{game}"), []
    for seed in ("a", None, "b"):
        plies = list(random_game(engine, rng, seed, max_plies=60))
        out += [engine.encode(p.state) for p in plies[:: max(1, len(plies) // 12)]]
    return tuple(json.loads(json.dumps(d)) for d in out)


def same(a: Any, b: Any) -> bool:
    """Equal and of the same types all the way down (``1`` is not ``1.0`` nor ``True``), keys
    in the same order."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(map(same, a, b))
    return bool(a == b)


def full(document: f.Document, doc: Any) -> tuple[Any, Problems]:
    problems = Problems()
    return document.report(doc, problems), problems


def check_document(document: f.Document, doc: Any) -> Any:
    """The fast path's answer is "not sure" or exactly the full reader's."""
    before = copy.deepcopy(doc)
    fast = document.quick(doc)
    assert same(doc, before), "quick changed the document"
    got, problems = full(document, doc)
    if fast is not f.INVALID:
        assert not problems, [(p.path, p.reason) for p in problems.items]
        assert same(fast, got), (fast, got)
    read_problems = Problems()
    assert same(document.read(doc, read_problems), got)
    assert [(p.path, p.reason) for p in read_problems.items] == [
        (p.path, p.reason) for p in problems.items
    ]
    return fast


@pytest.mark.parametrize("game", GAMES)
def test_every_real_document_is_read_by_the_fast_path_as_the_full_reader_reads_it(game):
    document = document_of(game)
    for doc in real(game):
        assert check_document(document, doc) is not f.INVALID, doc
        signed = {**doc, "sig": "k1.c2lnbmVk"}  # read as a string and dropped
        assert same(check_document(document, signed), document.quick(doc))


# -- mutants -------------------------------------------------------------------------------

DEEP: Any = 0
for _ in range(200):
    DEEP = [DEEP]
JUNK: list[Any] = [None, True, False, 0, 1, 2, 3, -1, 1.0, 2.0, 2.5, -0.0, 10**20, 2**63]
JUNK += [1e300, "", "x", "J", "1-2-3", "3-2-1", "0,0", "1,0", "a1", "A1", "wb", "w", "oxs."]
JUNK += [[], [0], [1, 1], [1.0], [True], ["x"], [None], [[]], {}, {"a": 1}, {"red": 13}, DEEP]


def locations(doc: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path into ``doc``."""
    yield at
    items = (
        doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    )
    for k, v in items:
        yield from locations(v, (*at, k))


def at(doc: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        doc = doc[k]
    return doc


def near(value: Any) -> list[Any]:
    """Values like ``value`` of another type or just out of its range."""
    if type(value) is int:
        return [float(value), value + 1, value - 1, -value - 1, bool(value % 2), str(value)]
    if type(value) is str:
        return [value + value[-1:], value[:-1], value.upper(), f" {value}", [value]]
    if type(value) is bool:
        return [int(value), not value]
    if isinstance(value, list):
        firsts = [[v, *value[1:]] for v in near(value[0])] if value else [[0], [""]]
        return [value[:-1], [*value, *value[-1:]], value[::-1], [value], {}, *firsts]
    if isinstance(value, dict):
        first = next(iter(value), None)
        firsts = [{**value, first: v} for v in near(value[first])] if value else [{"": 0}]
        return [[*value.values()], dict(reversed(value.items())), {**value, "extra": 0}, *firsts]
    return [0, "", []]


@st.composite
def mutants(draw: st.DrawFn, game: str) -> Any:
    doc = copy.deepcopy(draw(st.sampled_from(real(game))))
    others = [v for d in real(game)[:4] for p in locations(d) if p for v in [at(d, p)]]
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(list(locations(doc))))
        if not path:
            return draw(st.sampled_from([*JUNK, {**doc, "game": "chess"}, [doc]]))
        parent, key, value = at(doc, path[:-1]), path[-1], at(doc, path)
        how = draw(st.sampled_from(["junk", "near", "other", "drop", "add"]))
        if how == "drop" and isinstance(parent, dict):
            del parent[key]
        elif how == "drop":
            parent.pop(key)
        elif how == "add" and isinstance(parent, dict):
            name = draw(st.sampled_from(["extra", "Game", "sig", "seed", str(key).upper()]))
            parent[name] = draw(st.sampled_from([0, "k1.c2ln", None]))
        elif how == "add":
            parent.append(copy.deepcopy(value))
        else:
            pool = {"junk": JUNK, "near": near(value), "other": others}[how]
            parent[key] = copy.deepcopy(draw(st.sampled_from(pool)))
    return doc


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_mutated_document_is_not_sure_or_read_as_the_full_reader_reads_it(game, data):
    check_document(document_of(game), data.draw(mutants(game)))


# -- each field on its own -----------------------------------------------------------------


def described(field: f.Field, path: tuple[Any, ...]) -> Iterator[tuple[f.Field, tuple[Any, ...]]]:
    """Every field of a description with where its values are in a document ("*": any item
    or entry)."""
    yield field, path
    if isinstance(field, f.Obj):
        for name, sub in field.properties.items():
            yield from described(sub, (*path, name))
    elif isinstance(field, f.Array):
        yield from described(field.items, (*path, "*"))
    elif isinstance(field, f.Map):
        yield from described(field.values, (*path, "*"))


def values_at(doc: Any, path: tuple[Any, ...]) -> Iterator[Any]:
    if not path:
        yield doc
    elif path[0] == "*":
        for v in doc.values() if isinstance(doc, dict) else doc if isinstance(doc, list) else ():
            yield from values_at(v, path[1:])
    elif isinstance(doc, dict) and path[0] in doc:
        yield from values_at(doc[path[0]], path[1:])


def has_raw(field: f.Field) -> bool:
    return any(isinstance(sub, f.Raw | f.Options) for sub, _ in described(field, ()))


@pytest.mark.parametrize("game", GAMES)
def test_a_field_accepts_only_what_its_schema_accepts_and_never_refuses_silently(game):
    """Over each field's real values and their neighbours: ``quick`` accepts nothing its JSON
    Schema refuses, and a value it refuses gets a problem from ``read``."""
    document, docs = document_of(game), real(game)
    for field, path in described(document.body, ()):
        if isinstance(field, f.Options):
            continue  # read_options reads and reports; Options.quick is held to it below
        schema = None if has_raw(field) else Draft202012Validator(field.schema())
        seen: list[Any] = []
        for doc in docs[:: max(1, len(docs) // 6)]:
            for value in values_at(doc, path):
                seen += [value, *near(value)]
        for value in [*seen[:60], *JUNK]:
            got = field.quick(value)
            if got is not f.INVALID:
                assert schema is None or schema.is_valid(value), (path, value, got)
                continue
            problems = Problems()
            assert field.read(value, problems, "$.x") is f.INVALID
            assert problems, (path, value)


# The games whose state's options are read as options (Te-Trix's are an ordinary object of
# fields, which the field tests above cover); the test below names them, so none is skipped.
OPTION_GAMES = [
    g for g in GAMES if isinstance(document_of(g).body.properties.get("options"), f.Options)
]


def test_some_games_read_their_options_as_options():
    assert len(OPTION_GAMES) >= 3


@pytest.mark.parametrize("game", OPTION_GAMES)
def test_options_read_in_one_pass_as_read_options_reads_them(game):
    options = document_of(game).body.properties["options"]
    assert isinstance(options, f.Options)
    given = [d["options"] for d in real(game) if "options" in d]
    given += [{**o, k: v} for o in given[:2] for k in o for v in [*JUNK[:14], *near(o[k])]]
    given += [{}, {"extra": 1}, None, [], *JUNK]
    for value in given:
        problems = Problems()
        got = options.read(value, problems, "$.options")
        fast = options.quick(value)
        assert fast is f.INVALID or (not problems and same(fast, got)), value
