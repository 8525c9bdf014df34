"""A state's codec and its JSON Schema (schema/states/<game>.json) read documents alike
(issue 23, point 1; STYLE rule 10).

Real documents of every game (openings and seeded random plies) are mutated along every path,
one value of a fixed list at a time. No mutant may crash the codec (anything but a RulesError
was a 500: Mixtour's ``"toMove": 1.0`` once), and none that the codec accepts may be refused by
the schema (``"v": true``, ``"options": null``, ``"board": null`` once were).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from service.games import REGISTRY
from service.games.core import RulesError, driver

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
        for i, value in enumerate(doc):
            yield from paths(value, (*prefix, i))


def mutated(doc: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    where: Any = out
    for step in path[:-1]:
        where = where[step]
    where[path[-1]] = value
    return out


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_no_document_the_codec_accepts_is_refused_by_the_schema(game):
    engine = REGISTRY[game]
    schema = Draft202012Validator(json.loads((SCHEMAS / f"{game}.json").read_text()))
    crashes, disagreements, seen, tried = [], [], set(), 0
    for doc in documents(game):
        for path in paths(doc):
            for value in VALUES:
                candidate = mutated(doc, path, value)
                key = json.dumps(candidate, sort_keys=True)
                if key in seen:
                    continue
                seen.add(key)
                tried += 1
                try:
                    engine.decode(candidate)
                except RulesError:
                    continue
                except Exception as exc:  # a crash: what a client's document must never cause
                    crashes.append((path, value, repr(exc)))
                    continue
                if not schema.is_valid(candidate):
                    disagreements.append((path, value))
    assert tried > 1000
    assert crashes == []
    assert disagreements == []
