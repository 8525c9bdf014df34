"""JSON Schemas (draft 2020-12) of event documents: one object per event ``type``.

``apply`` emits the game's own events; the driver adds a ``chance`` event before the events of
every outcome it samples and a ``gameStarted`` event first of a new game's, and
``driver.play`` numbers every event with the ``ply`` (index of the submitted move) that caused
it. The service adds each event's ``locations`` (:mod:`.locations`) to its answers. The
schemas carry no ``$ref``, so the OpenAPI document can embed them as they are.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from .game import JSON, Descriptor
from .locations import locations_property

DRAFT = "https://json-schema.org/draft/2020-12/schema"

PLY: JSON = {
    "type": "integer",
    "minimum": 0,
    "description": "Set by play: the index of the submitted move that caused this event "
    "(absent on the outcomes of a pending chance node, sampled before the first move).",
}


# Added when a play asks for words (describe): the event told. (Its message id is left out:
# the event's own type and fields are what a client words it from.)
WORDS: JSON = {
    "description": {
        "type": "string",
        "description": "Set when describe was asked for: the event in words, in the answer's "
        "language.",
    },
}


def event(type_: str, description: str, properties: JSON, optional: Collection[str] = ()) -> JSON:
    """One event variant: ``type`` fixed, every property required except ``optional`` ones,
    and the ``ply`` that ``driver.play`` adds."""
    unknown = set(optional) - set(properties)
    if unknown:
        raise ValueError(f"{type_}: optional names unknown properties {sorted(unknown)}")
    return {
        "type": "object",
        "description": description,
        "additionalProperties": False,
        "required": ["type", *(k for k in properties if k not in optional)],
        "properties": {"type": {"const": type_}, **properties, "ply": PLY, **WORDS},
    }


def chance_event(outcome: JSON) -> JSON:
    """The event ``driver.resolve_chance`` adds for each outcome it samples from the seed."""
    return event(
        "chance",
        "A chance outcome the service sampled from the state's seed; the events of applying "
        "it follow.",
        {
            "outcome": {**outcome, "description": "The outcome in notation."},
            "sampled": {"const": True, "description": "Always true: the service rolled it."},
        },
    )


def started_event(descriptor: Descriptor) -> JSON:
    """The event ``driver.start`` opens a new game's events with."""
    d = descriptor
    return event(
        "gameStarted",
        "A new game began: how many play and who acts first; the opening's chance events "
        "(a throw, a deal, a roll) follow when the game was started with a seed.",
        {
            "players": {
                "type": "integer",
                "minimum": d.min_players,
                "maximum": d.max_players,
                "description": "How many play.",
            },
            "firstPlayer": {
                "type": ["integer", "null"],
                "minimum": 0,
                "maximum": d.max_players - 1,
                "description": "Who acts first by the rules; null where chance decides it "
                "(Tric Trac's opening throw, TT-4, whose event follows once thrown).",
            },
        },
    )


def event_schema(
    descriptor: Descriptor,
    variants: Sequence[JSON],
    outcome: JSON | None = None,
    location: JSON | None = None,
) -> JSON:
    """The schema of one event of a game: ``oneOf`` its variants, the driver's
    ``gameStarted``, and the ``chance`` event (whose ``outcome`` is the notation of a chance
    move) exactly when the game has chance. Each variant may carry the ``locations`` the
    service adds, each one of ``location`` (none without it)."""
    if descriptor.chance != (outcome is not None):
        raise ValueError(f"{descriptor.id}: a chance outcome schema goes with chance games only")
    every = [
        *variants,
        started_event(descriptor),
        *([chance_event(outcome)] if outcome is not None else []),
    ]
    # a game that names no locations answers an empty list; embedded without its $id (which
    # would make it a document of its own) or $schema
    item = False if location is None else {k: v for k, v in location.items() if k[0] != "$"}
    located = locations_property(item)
    every = [{**v, "properties": {**v["properties"], "locations": located}} for v in every]
    types = [_type_of(v) for v in every]
    if len(set(types)) != len(types):
        raise ValueError(f"{descriptor.id}: event types repeat: {types}")
    return {
        "$schema": DRAFT,
        "title": f"{descriptor.name} event",
        "description": f"One event of {descriptor.name}: what a move (or a sampled chance "
        "outcome) did, told by its type. Events come in the order they happened.",
        "type": "object",
        "oneOf": [{"title": f"{descriptor.name} {_type_of(v)} event", **v} for v in every],
    }


def event_types(schema: JSON) -> set[str]:
    """The ``type`` values an event schema allows."""
    return {_type_of(v) for v in schema["oneOf"]}


def _type_of(variant: JSON) -> str:
    value: Any = variant["properties"]["type"]["const"]
    assert isinstance(value, str)
    return value


def player(count: int, description: str = "The player (0-based).") -> JSON:
    """A player of a game of at most ``count`` players."""
    return {"type": "integer", "minimum": 0, "maximum": count - 1, "description": description}


def players(count: int, description: str, min_items: int = 0) -> JSON:
    """A list of distinct players, ascending."""
    return {
        "type": "array",
        "items": {"type": "integer", "minimum": 0, "maximum": count - 1},
        "uniqueItems": True,
        "minItems": min_items,
        "maxItems": count,
        "description": description,
    }


def per_player(count: int, item: JSON, description: str, min_count: int | None = None) -> JSON:
    """One value per player, in player order."""
    return {
        "type": "array",
        "items": item,
        "minItems": count if min_count is None else min_count,
        "maxItems": count,
        "description": description,
    }
