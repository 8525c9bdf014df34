"""Move documents (DESIGN "The engine contract"): every legal move's enriched document is
JSON, contains the move's defining fields, parses back to the move, and playing it gives
exactly what playing the notation gives — for every legal move of 200+ seeded positions of
every game. Derived fields that disagree with the position are refused."""

from __future__ import annotations

import json
import random
from typing import Any

import jsonschema
import jsonschema_rs
import pytest

from service.games import REGISTRY
from service.games.core import InvalidNotation, MoveRequest, driver

GAMES = sorted(REGISTRY)
POSITIONS = 200


def positions(engine, rng: random.Random, count: int):
    """(state, player) pairs from seeded random games, chance nodes included."""
    out: list[tuple[Any, int | None]] = []
    n = 0
    while len(out) < count:
        n += 1
        state = driver.start(engine, None, None, None).state
        for _ in range(60):
            if engine.status(state).finished:
                break
            if engine.is_chance(state):
                out.append((state, None))
                outcomes = engine.chance_outcomes(state)
                move = rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0]
                state = engine.apply(state, move).state
                continue
            mover = rng.choice(engine.to_move(state))
            out.append((state, mover))
            state = engine.apply(state, rng.choice(engine.legal_moves(state, mover)), mover).state
    rng.shuffle(out)
    return out[:count]


def moves_of(engine, state, player):
    if engine.is_chance(state):
        return [m for m, _ in engine.chance_outcomes(state)]
    return list(engine.legal_moves(state, player))


def contains(full: Any, part: Any) -> bool:
    if isinstance(part, dict):
        return isinstance(full, dict) and all(
            k in full and contains(full[k], v) for k, v in part.items()
        )
    if isinstance(part, list):
        return (
            isinstance(full, list)
            and len(full) == len(part)
            and all(contains(a, b) for a, b in zip(full, part, strict=True))
        )
    return full == part


@pytest.mark.parametrize("game", GAMES)
def test_playing_the_document_equals_playing_the_notation(game):
    engine = REGISTRY[game]
    rng = random.Random(f"documents-{game}")
    checked = 0
    for state, player in positions(engine, rng, POSITIONS):
        for move in moves_of(engine, state, player):
            doc = json.loads(json.dumps(engine.move_document(state, move)))
            assert contains(doc, engine.document(move)), (doc, engine.document(move))
            assert engine.parse_move(doc) == move
            by_text = driver.play_one(
                engine, state, MoveRequest(engine.notation(move), player), auto_chance=False
            )
            by_doc = driver.play_one(engine, state, MoveRequest(doc, player), auto_chance=False)
            assert by_doc == by_text
            checked += 1
    assert checked >= POSITIONS


def _derived_paths(full: Any, core: Any, path: str = "$"):
    """JSON paths of the values ``move_document`` adds to ``document``."""
    if isinstance(full, dict):
        for key, value in full.items():
            if not isinstance(core, dict) or key not in core:
                yield f"{path}.{key}", (key,)
            else:
                for p, keys in _derived_paths(value, core[key], f"{path}.{key}"):
                    yield p, (key, *keys)
    elif isinstance(full, list) and isinstance(core, list) and len(full) == len(core):
        for i, (a, b) in enumerate(zip(full, core, strict=True)):
            for p, keys in _derived_paths(a, b, f"{path}[{i}]"):
                yield p, (i, *keys)


def _spoil(doc: Any, keys: tuple) -> Any:
    doc = json.loads(json.dumps(doc))
    target = doc
    for k in keys[:-1]:
        target = target[k]
    value = target[keys[-1]]
    target[keys[-1]] = {"not": "this"} if not isinstance(value, dict) else "not this"
    return doc


@pytest.mark.parametrize("game", GAMES)
def test_a_derived_field_that_disagrees_is_refused(game):
    engine = REGISTRY[game]
    rng = random.Random(f"spoiled-{game}")
    spoiled = 0
    for state, player in positions(engine, rng, 40):
        for move in moves_of(engine, state, player)[:5]:
            full = engine.move_document(state, move)
            for path, keys in _derived_paths(full, engine.document(move)):
                with pytest.raises(InvalidNotation) as caught:
                    driver.play_one(
                        engine, state, MoveRequest(_spoil(full, keys), player), auto_chance=False
                    )
                assert caught.value.reason == "DOCUMENT_MISMATCH"
                assert caught.value.details["field"].startswith(path)
                spoiled += 1
    if game != "mixtour":
        assert spoiled, "every game but Mixtour enriches its move documents"


@pytest.mark.parametrize("game", GAMES)
def test_documents_match_their_json_schemas(game):
    """STYLE 10: the move document schemas and the engine agree over many real documents.

    Validated by jsonschema-rs (~29,000 documents; pure-Python jsonschema took most of the
    test), whose verdicts on 4,000 of them and six mutants of each matched jsonschema's."""
    engine = REGISTRY[game]
    answer = jsonschema_rs.Draft202012Validator(engine.move_document_schema())
    request = jsonschema_rs.Draft202012Validator(engine.move_schema())
    jsonschema.Draft202012Validator.check_schema(engine.move_document_schema())
    rng = random.Random(f"schemas-{game}")
    for state, player in positions(engine, rng, 60):
        for move in moves_of(engine, state, player):
            full = json.loads(json.dumps(engine.move_document(state, move)))
            answer.validate(full)
            request.validate(full)
            request.validate(json.loads(json.dumps(engine.document(move))))
            request.validate(engine.notation(move))
