"""A state's codec and its JSON Schema (schema/states/<game>.json) read documents alike
(issue 23, point 1; STYLE rule 10).

Both come from one description (``service/games/core/fields.py``), and these tests hold what
is left by hand to it. Real documents of every game (openings and seeded random plies) are
mutated along every path, one value of a fixed list at a time (of a long list, its first two
items and its last: one field describes them all). No mutant may crash the codec (anything but
a RulesError was a 500: Mixtour's ``"toMove": 1.0`` once); none that the codec accepts may be
refused by the schema (``"v": true``, ``"options": null``, ``"board": null`` once were); and
every mutant the schema accepts but the codec refuses breaks a rule between fields, which each
of its problems names by rule id (``(MX-2)``): a problem without one is structure the
description should say.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest
from jsonschema import Draft202012Validator

from service.games import REGISTRY
from service.games.core import InvalidState, driver

from .vocabulary import RULE

SCHEMAS = Path(__file__).resolve().parents[2] / "schema" / "states"
VALUES: list[Any] = [None, True, False, 0, -1, 1.0, 20.0, 0.5, "", "x", [], {}, [0], {"a": 1}]


def documents(game: str) -> list[dict[str, Any]]:
    engine = REGISTRY[game]
    rng = random.Random(f"codec-schema/{game}")
    out = []
    for seed in ("a", "b"):
        state = driver.start(engine, None, None, seed).state
        out.append(engine.encode(state))
        for _ in range(8):
            if engine.status(state).finished:
                break
            player = rng.choice(engine.to_move(state))
            move = rng.choice(engine.legal_moves(state, player))
            request = driver.MoveRequest(engine.notation(move), player)
            state = driver.play(engine, state, [request], auto_chance=True).state
            out.append(engine.encode(state))
    return out


def paths(doc: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if prefix:
        yield prefix
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from paths(value, (*prefix, key))
    elif isinstance(doc, list):
        for i in sorted({0, 1, len(doc) - 1} & set(range(len(doc)))):
            yield from paths(doc[i], (*prefix, i))


def mutated(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    """``doc`` with ``value`` at ``path``: the containers on the path copied, the rest shared."""
    if not path:
        return value
    out = copy.copy(doc)
    out[path[0]] = mutated(doc[path[0]], path[1:], value)
    return out


# What a state schema may say at its top: with nothing else there, a mutant (keys unchanged)
# is valid exactly when the property it changed is; the test validates that one alone.
TOP = {"$schema", "$id", "title", "description", "type", "required", "additionalProperties"}


def property_validators(game: str) -> dict[str, jsonschema_rs.Draft202012Validator]:
    """jsonschema-rs, for the ~15,000 mutants a game's run validates (pure-Python jsonschema
    took most of the run). Its verdicts were compared with jsonschema's on every mutant here,
    property and whole document (64,032 verdicts, 59,650 of them invalid): none differed."""
    schema = json.loads((SCHEMAS / f"{game}.json").read_text())
    assert set(schema) - {"properties"} <= TOP, set(schema) - TOP
    assert schema["additionalProperties"] is False
    validator = jsonschema_rs.Draft202012Validator
    return {name: validator(sub) for name, sub in schema["properties"].items()}


@dataclass
class Outcomes:
    tried: int = 0
    crashes: list[Any] = field(default_factory=list)
    accepted_not_valid: list[Any] = field(default_factory=list)  # codec yes, schema no
    valid_refused: list[Any] = field(default_factory=list)  # schema yes, codec no: (…, problems)
    refused: int = 0


@cache
def outcomes(game: str) -> Outcomes:
    engine = REGISTRY[game]
    schema = jsonschema_rs.Draft202012Validator(json.loads((SCHEMAS / f"{game}.json").read_text()))
    validators = property_validators(game)
    out, seen = Outcomes(), set()
    for doc in documents(game):
        assert schema.is_valid(doc)
        for path in paths(doc):
            for value in VALUES:
                candidate = mutated(doc, path, value)
                key = json.dumps(candidate, sort_keys=True)
                if key in seen:
                    continue
                seen.add(key)
                out.tried += 1
                top = path[0]
                valid = validators[top].is_valid(candidate[top])
                try:
                    engine.decode(candidate)
                except InvalidState as exc:
                    out.refused += 1
                    if valid:
                        out.valid_refused.append((path, value, exc.problems))
                    continue
                except Exception as exc:  # a crash: what a client's document must never cause
                    out.crashes.append((path, value, repr(exc)))
                    continue
                if not valid:
                    out.accepted_not_valid.append((path, value))
    return out


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_no_document_the_codec_accepts_is_refused_by_the_schema(game):
    found = outcomes(game)
    assert found.tried > 1000
    assert found.crashes == []
    assert found.accepted_not_valid == []


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_what_the_schema_accepts_and_the_codec_refuses_breaks_a_named_rule(game):
    found = outcomes(game)
    # Mutants of both kinds occur, so neither check above or here holds by checking nothing.
    assert found.refused > 100 and len(found.valid_refused) > 10
    unnamed = [
        (path, value, problem.path, problem.reason)
        for path, value, problems in found.valid_refused
        for problem in problems
        if not RULE.search(problem.reason)
    ]
    assert unnamed == []


@pytest.mark.parametrize("game", sorted(REGISTRY))
@pytest.mark.parametrize("v", [True, False, "1", 2, 0.5, None])
def test_only_the_version_is_read_of_another_version(game, v):
    """Issue 23: ``"v": true`` passed every codec (``True == 1``); 1.0 is the version 1."""
    engine = REGISTRY[game]
    doc = engine.encode(engine.new())
    with pytest.raises(InvalidState) as err:
        engine.decode({**doc, "v": v})
    assert [p.path for p in err.value.problems] == ["$.v"]
    assert engine.decode({**doc, "v": 1.0}) == engine.decode(doc)


@pytest.mark.parametrize(
    ("game", "key"),
    [(game, "options") for game in sorted(REGISTRY)] + [("mixtour", "board")],
)
def test_a_null_the_schema_refuses_is_refused_at_its_path(game, key):
    """Issue 23: ``"options": null`` passed three codecs and ``"board": null`` Mixtour's."""
    engine = REGISTRY[game]
    doc = {**engine.encode(engine.new()), key: None}
    with pytest.raises(InvalidState) as err:
        engine.decode(doc)
    assert [p.path for p in err.value.problems] == [f"$.{key}"]
    assert not Draft202012Validator(engine.state_schema()).is_valid(doc)
