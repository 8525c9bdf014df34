"""Every document a client sees is typed (issue "Front ends without rules", item 4): the
events ``apply`` and ``driver.play`` emit, the score breakdowns, the options of ``new`` and the
views are checked against the engines' JSON Schemas over seeded random playouts of every game
with several option sets, with chance resolved both by the driver (sampled, ``ply`` added) and
by hand. Each event schema lists exactly the event types the playouts produce, and mutated
options are refused by the options schema and by ``validate_options`` alike (one truth)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import jsonschema_rs
import pytest
from jsonschema import Draft202012Validator

from service.games import REGISTRY
from service.games.core import InvalidOptions, MoveRequest, driver
from service.games.core.events import event_types
from tests.games.triominos_junior.helpers import position as triominos_position

GAMES = sorted(REGISTRY)

# (players, options) per game: defaults first, then sets that reach other rules and events.
OPTION_SETS: dict[str, list[tuple[int | None, dict[str, Any]]]] = {
    "mixtour": [
        (None, {}),
        (None, {"piecesPerPlayer": 8, "pointsToWin": 1}),
        # One piece each: usually nobody can move afterwards, so both pass and draw (MX-8).
        (2, {"piecesPerPlayer": 1, "pointsToWin": 99}),
    ],
    "tric-trac": [
        (None, {}),
        (None, {"mustPlayLarger": True, "homeBeforeBearOff": True, "hucke": [5, 20]}),
        (2, {"hucke": {"red": 2, "black": 23}, "pointsToWin": 15}),
    ],
    "te-trix": [
        (None, {}),
        (1, {"solo": True}),
        (1, {"solo": True, "size": 5, "preprinted": [[{"cell": " C3 ", "symbol": "x"}]]}),
        (
            3,
            {
                "size": 5,
                "preprinted": [
                    [{"cell": "a1", "symbol": "s"}],
                    [],
                    [{"cell": "E5", "symbol": "o"}],
                ],
            },
        ),
        (4, {"size": 6, "preprinted": None}),
    ],
    "triominos-junior": [
        (None, {}),
        (3, {"level": "points"}),
        (
            4,
            {
                "level": "coins",
                "tiles": ["J", *(f"{a}-{a}-{b}" for a in range(7) for b in range(5))],
            },
        ),
    ],
}


def hand_made(game: str) -> list[Any]:
    """Positions the playouts from ``new`` never reach (hand-made states decode them)."""
    if game != "triominos-junior":
        return []
    # Coin level with an empty pool: player 0 can only pass (TJ-13), player 1 holds the joker.
    tiles = ["1-1-1", "J", *["5-5-5"] * 34]
    racks = [["5-5-5"] * 17, ["J", *["5-5-5"] * 17]]
    return [triominos_position({"0,0": "1-1-1"}, racks, pool=[], tiles=tiles)]


class Checker:
    """Validates documents of one game against its schemas and remembers the event types.

    jsonschema-rs: the playouts validate ~23,000 documents, which took pure-Python jsonschema
    most of this file's time. Same verdicts: 28,000 of those documents and their mutants (most
    of them invalid) were checked by both libraries and none differed."""

    def __init__(self, game: str) -> None:
        self.engine = engine = REGISTRY[game]
        view = engine.view_schema()
        validator = jsonschema_rs.Draft202012Validator
        self.state = validator(engine.state_schema())
        self.view = self.state if view is None else validator(view)
        self.events = validator(engine.event_schema())
        self.breakdown = validator(engine.breakdown_schema())
        self.seen: set[str] = set()
        self.positions = 0

    def emitted(self, events: tuple[dict[str, Any], ...]) -> None:
        for e in events:
            self.events.validate(e)
            self.seen.add(e["type"])

    def position(self, state: Any) -> None:
        engine = self.engine
        self.state.validate(engine.encode(state))
        self.breakdown.validate(engine.scores(state).breakdown)
        for player in [None, *range(engine.player_count(state))]:
            self.view.validate(engine.view(state, player))
        self.positions += 1


def sampled_game(
    engine: Any, rng: random.Random, players: int | None, options: dict, seed: str
) -> Iterator[tuple[Any, tuple[dict[str, Any], ...]]]:
    """(state, events) along a seeded game played through ``driver.play`` with chance sampled:
    moves go in batches of one to three, so events carry plies 0, 1 and 2."""
    t = driver.start(engine, players, options, seed)
    yield t.state, t.events
    state = t.state
    for _ in range(300):
        if engine.status(state).finished:
            return
        batch, ahead = [], state
        for _ in range(rng.randint(1, 3)):
            if engine.status(ahead).finished:
                break
            mover = rng.choice(engine.to_move(ahead))
            request = MoveRequest(
                engine.notation(rng.choice(engine.legal_moves(ahead, mover))), mover
            )
            ahead = driver.play_one(engine, ahead, request, auto_chance=True).state
            batch.append(request)
        t = driver.play(engine, state, batch, auto_chance=True)
        assert t.state == ahead
        assert {e["ply"] for e in t.events} <= set(range(len(batch)))
        state = t.state
        yield state, t.events


def hand_rolled_game(
    engine: Any, rng: random.Random, state: Any
) -> Iterator[tuple[Any, tuple[dict[str, Any], ...]]]:
    """(state, events) along an unseeded game from ``state``: chance outcomes supplied as moves."""
    yield state, ()
    for _ in range(2000):
        if engine.status(state).finished:
            return
        if engine.is_chance(state):
            outcomes = engine.chance_outcomes(state)
            move, mover = (
                rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0],
                None,
            )
        else:
            mover = rng.choice(engine.to_move(state))
            move = rng.choice(engine.legal_moves(state, mover))
        t = engine.apply(state, move, mover)
        state = t.state
        yield state, t.events


def played(game: str) -> Checker:
    """One game played: seeded through the driver and by hand, under every option set."""
    check = Checker(game)
    engine = check.engine
    rng = random.Random(f"documents-{game}")
    for k, (players, options) in enumerate(OPTION_SETS[game]):
        for n in range(4):
            for state, events in sampled_game(engine, rng, players, options, f"d{k}-{n}"):
                check.position(state)
                check.emitted(events)
        start = engine.new(players, options)
        for state, events in hand_rolled_game(engine, rng, start):
            check.position(state)
            check.emitted(events)
    for state in hand_made(game):
        for _ in range(3):
            for after, events in hand_rolled_game(engine, rng, state):
                check.position(after)
                check.emitted(events)
    return check


@pytest.fixture(scope="module")
def checked() -> Callable[[str], Checker]:
    """``played`` once per game and module, and only for the games a run asks about (a
    mutation run on one engine plays that engine alone)."""
    return cache(played)


def _walk(schema: Any) -> Iterator[dict[str, Any]]:
    if isinstance(schema, dict):
        yield schema
        for value in schema.values():
            yield from _walk(value)
    elif isinstance(schema, list):
        for value in schema:
            yield from _walk(value)


def _schemas(game: str) -> dict[str, Any]:
    engine = REGISTRY[game]
    out = {
        "state": engine.state_schema(),
        "move": engine.move_schema(),
        "move document": engine.move_document_schema(),
        "event": engine.event_schema(),
        "breakdown": engine.breakdown_schema(),
        "options": engine.descriptor.options_schema(),
    }
    view = engine.view_schema()
    if view is not None:
        out["view"] = view
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_schema_is_a_valid_draft_2020_12_schema_without_refs(game):
    for name, schema in _schemas(game).items():
        Draft202012Validator.check_schema(schema)
        for node in _walk(schema):
            assert "$ref" not in node and "$defs" not in node, name


@pytest.mark.parametrize("game", GAMES)
def test_event_and_breakdown_schemas_are_titled_and_closed(game):
    engine = REGISTRY[game]
    for schema in (engine.event_schema(), engine.breakdown_schema()):
        assert schema["title"] and schema["description"]
    for variant in engine.event_schema()["oneOf"]:
        assert variant["title"] and variant["description"]
        assert variant["additionalProperties"] is False
        assert "type" in variant["required"] and "ply" not in variant["required"]
    assert ("chance" in event_types(engine.event_schema())) == engine.descriptor.chance


@pytest.mark.parametrize("game", GAMES)
def test_playout_documents_match_their_schemas(game, checked):
    """Events (sampled and hand-rolled), breakdowns, states and views of every position."""
    assert checked(game).positions > 300


@pytest.mark.parametrize("game", GAMES)
def test_event_schema_lists_exactly_the_events_emitted(game, checked):
    """An event type nobody emits, or an emitted type the schema lacks, fails here."""
    assert event_types(REGISTRY[game].event_schema()) == checked(game).seen


@pytest.mark.parametrize("game", GAMES)
def test_options_given_validated_and_defaulted_match_the_options_schema(game):
    engine = REGISTRY[game]
    d = engine.descriptor
    validator = Draft202012Validator(d.options_schema())
    validator.validate({})
    validator.validate(d.validate_options(None))
    validator.validate({s.name: s.default for s in d.options})
    for players, options in OPTION_SETS[game]:
        validator.validate(options)
        validator.validate(d.validate_options(options))
        engine.new(players, options)  # a set new accepts, players included
    for spec in d.options:
        prop = d.options_schema()["properties"][spec.name]
        assert prop["default"] == spec.default and prop["description"] == spec.description


def _generic_mutations(game: str) -> Iterator[dict[str, Any]]:
    """Wrong values for every int, bool and enum option, and an unknown option."""
    yield {"noSuchOption": 1}
    for spec in REGISTRY[game].descriptor.options:
        if spec.kind == "int":
            yield from (
                {spec.name: v} for v in (spec.minimum - 1, spec.maximum + 1, "3", True, 1.5, None)
            )
        elif spec.kind == "bool":
            yield from ({spec.name: v} for v in (0, "true", None))
        elif spec.kind == "enum":
            yield from ({spec.name: v} for v in ("nope", 1, None))


_CELL = {"cell": "a1", "symbol": "o"}
_TILES = [f"{a}-{b}-{c}" for a in range(1, 6) for b in range(a, 6) for c in range(b, 6)]
JSON_MUTATIONS: dict[str, list[dict[str, Any]]] = {
    "mixtour": [],
    "tric-trac": [
        {"hucke": {"red": 1, "black": 12}},
        {"hucke": {"red": 13, "black": 24}},
        {"hucke": {"red": 13}},
        {"hucke": {"red": 13, "black": 12, "white": 3}},
        {"hucke": {"red": "13", "black": 12}},
        {"hucke": [13]},
        {"hucke": [13, 12, 11]},
        {"hucke": [13, True]},
        {"hucke": "13/12"},
        {"hucke": None},
    ],
    "te-trix": [
        {"preprinted": "centre"},
        {"preprinted": [{"cell": "a1", "symbol": "o"}]},
        {"preprinted": [[{"cell": "m1", "symbol": "o"}]]},
        {"preprinted": [[{"cell": "a13", "symbol": "o"}]]},
        {"preprinted": [[{"cell": "a0", "symbol": "o"}]]},
        {"preprinted": [[{"cell": "a1", "symbol": "q"}]]},
        {"preprinted": [[{"cell": "a1", "symbol": "O"}]]},
        {"preprinted": [[{"cell": "a1", "symbol": "ox"}]]},
        {"preprinted": [[{"cell": "a1", "symbol": ""}]]},
        {"preprinted": [[{"cell": "d²", "symbol": "o"}]]},
        {"preprinted": [[{"cell": "a1"}]]},
        {"preprinted": [[{**_CELL, "colour": "red"}]]},
        {"preprinted": [[{"cell": 1, "symbol": "o"}]]},
    ],
    "triominos-junior": [
        {"tiles": "default"},
        {"tiles": _TILES},
        {"tiles": [*_TILES, "J", "J"]},
        {"tiles": [*_TILES[1:], "J", "J"]},
        {"tiles": [*_TILES[1:], "1-2", "J"]},
        {"tiles": [*_TILES[1:], 123, "J"]},
        {"tiles": [*_TILES[1:], "1-2-10", "J"]},
    ],
}

# Refused by validate_options but beyond what JSON Schema can say: held here so the schema's
# limits are written down (the descriptions name these rules).
BEYOND_SCHEMA: dict[str, list[dict[str, Any]]] = {
    "mixtour": [],
    "tric-trac": [{"hucke": {"red": 13, "black": 13}}, {"hucke": [7, 7]}],
    "te-trix": [{"preprinted": [[_CELL, {**_CELL, "symbol": "x"}]]}],
    "triominos-junior": [],
}


@pytest.mark.parametrize("game", GAMES)
def test_mutated_options_are_refused_by_the_schema_and_by_validate_options(game):
    d = REGISTRY[game].descriptor
    validator = Draft202012Validator(d.options_schema())
    mutations = [*_generic_mutations(game), *JSON_MUTATIONS[game]]
    assert len(mutations) >= 5
    for options in mutations:
        assert not validator.is_valid(options), options
        with pytest.raises(InvalidOptions):
            d.validate_options(options)
    for options in BEYOND_SCHEMA[game]:
        assert validator.is_valid(options), options
        with pytest.raises(InvalidOptions):
            d.validate_options(options)


@pytest.mark.parametrize("game", GAMES)
def test_state_schemas_take_their_options_from_the_descriptor(game):
    """One source: the ``options`` of a state document are the options of ``new``, except
    that a Te-Trix state spells out its pre-printed cells (never null) and its size."""
    engine = REGISTRY[game]
    in_state = engine.state_schema()["properties"]["options"]
    given = engine.descriptor.options_schema()
    assert set(in_state["properties"]) == set(given["properties"])
    for name, prop in in_state["properties"].items():
        if game == "te-trix" and name == "preprinted":
            assert prop["items"] == given["properties"][name]["items"]
            continue
        assert prop == given["properties"][name], name
    view = engine.view_schema()
    if view is not None:
        assert view["properties"]["options"] == given
