"""The OpenAPI document in forms every generator reads (issue 22, point 3): none of the forms
openapi-python-client, orval or @hey-api/openapi-ts refused is left, and each rewrite says the
same as the form it replaces."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from service import jsonio
from service.api.openapi import pascal
from service.api.openapi_tools import findings, plain
from service.api.ops import Rules
from service.cache import Cache
from service.settings import Settings

DOCUMENT = json.loads(
    (Path(__file__).resolve().parents[2] / "schema" / "openapi.json").read_text(encoding="utf-8")
)
SCHEMAS = DOCUMENT["components"]["schemas"]
URI = "urn:regelwerk:openapi"
REFS = Registry().with_resource(URI, Resource(DOCUMENT, DRAFT202012))


def validator(component: str) -> Draft202012Validator:
    return Draft202012Validator({"$ref": f"{URI}#/components/schemas/{component}"}, registry=REFS)


def test_the_committed_document_has_nothing_a_generator_stumbles_on():
    assert findings(DOCUMENT) == []
    assert DOCUMENT["servers"] and {t["name"] for t in DOCUMENT["tags"]} == {
        "play",
        "records",
        "operations",
    }
    for methods in DOCUMENT["paths"].values():
        for operation in methods.values():
            assert operation["tags"] and operation["summary"], operation["operationId"]


def test_each_form_is_found_and_rewritten_to_the_same_meaning():
    tuple_schema = {"type": "array", "prefixItems": [{"type": "integer"}] * 3, "items": False}
    mixed = {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}]}
    mixed["items"] = False
    document = {
        "components": {
            "schemas": {
                "A": {
                    "type": "object",
                    "properties": {
                        "kind": {"const": "place"},
                        "level": {"enum": ["coins", "points"]},
                        "corners": tuple_schema,
                        "pair": mixed,
                        "enum": {"const": "a property named enum is a schema"},
                        "size": {"$ref": "#/components/schemas/B/properties/size"},
                        "x": {"title": "Place", "type": "string"},
                    },
                },
                "B": {
                    "type": "object",
                    "properties": {"size": {"type": "integer", "minimum": 5}},
                    "title": "Place",
                },
            }
        }
    }
    # two consts and an enum without type, items: false twice, $ref into properties, a title
    # twice
    assert len(findings(document)) == 7
    done = plain(document)
    assert findings(done) == []
    props = done["components"]["schemas"]["A"]["properties"]
    assert props["kind"] == {"const": "place", "type": "string"}
    assert props["level"]["type"] == "string"
    assert props["enum"]["type"] == "string"
    assert props["size"] == {"type": "integer", "minimum": 5}
    assert props["x"]["title"] == "A Place"
    # what the places hold, for readers without prefixItems
    assert props["corners"]["items"] == {"type": "integer"}
    assert props["pair"]["items"] == {"anyOf": [{"type": "integer"}, {"type": "string"}]}
    for before, after in ((tuple_schema, props["corners"]), (mixed, props["pair"])):
        same = Draft202012Validator(before), Draft202012Validator(after)
        for value in ([1, 2, 3], [1, 2, 3, 4], [1, "a"], [1, "a", 2], [1, 2], ["a"], []):
            assert same[0].is_valid(value) == same[1].is_valid(value), (before, value)


def test_union_members_become_named_components_meaning_the_same():
    place = {"type": "object", "properties": {"kind": {"const": "place", "type": "string"}}}
    titled = {"type": "object", "title": "Shift", "properties": {"n": {"type": "integer"}}}
    nested = {"type": "object", "properties": {"red": {"type": "integer"}}}
    document = {
        "components": {
            "schemas": {
                "MixtourMove": {"oneOf": [{"type": "string"}, place, titled]},
                "MixtourMoveDocument": {"anyOf": [place]},  # the same schema: one component
                "TricTracOptions": {
                    "type": "object",
                    "properties": {
                        "hucke": {"oneOf": [nested, {"type": "null"}]},
                        "cells": {"type": ["array", "null"], "items": {"items": nested}},
                    },
                },
            }
        }
    }
    assert len(findings(document)) == 5
    done = plain(document)
    assert findings(done) == []
    schemas = done["components"]["schemas"]
    ref = "#/components/schemas/"
    assert schemas["MixtourMove"]["oneOf"] == [
        {"type": "string"},
        {"$ref": ref + "MixtourMovePlace"},
        {"$ref": ref + "MixtourMoveShift"},  # a title without the game: the owner in front
    ]
    assert schemas["MixtourMoveDocument"]["anyOf"] == [{"$ref": ref + "MixtourMovePlace"}]
    hucke = schemas["TricTracOptions"]["properties"]["hucke"]["oneOf"]
    assert hucke[0] == {"$ref": ref + "TricTracOptionsHuckeObject"}
    cells = schemas["TricTracOptions"]["properties"]["cells"]  # the same object: one component
    assert cells["items"]["items"] == {"$ref": ref + "TricTracOptionsHuckeObject"}
    assert (schemas["MixtourMovePlace"], schemas["TricTracOptionsHuckeObject"]) == (place, nested)
    registry = Registry().with_resource("urn:x", Resource(done, DRAFT202012))
    for name, values in (("MixtourMove", ["c3", {"kind": "place"}, {"n": 2}, {"n": "2"}, 4]),):
        before = Draft202012Validator(document["components"]["schemas"][name])
        after = Draft202012Validator(
            {"$ref": f"urn:x#/components/schemas/{name}"}, registry=registry
        )
        for value in values:
            assert before.is_valid(value) == after.is_valid(value), value


def test_a_hoisted_member_never_takes_another_components_name():
    document = {
        "components": {
            "schemas": {
                "A": {"oneOf": [{"type": "object", "title": "A B"}]},
                "AB": {"type": "string"},
            }
        }
    }
    with pytest.raises(ValueError, match="AB"):
        plain(document)


@pytest.mark.parametrize(
    ("schema", "why"),
    [
        ({"const": {"pattern": "j"}, "type": "object"}, "an object or array const"),
        ({"const": ["array", "null"], "type": "array", "items": {}}, "an object or array const"),
        ({"type": "array", "prefixItems": [{"type": "integer"}]}, "an array without items"),
        ({"type": ["array", "null"]}, "an array without items"),
        ({"anyOf": [{"type": "null"}, {"type": "object"}]}, "an object written inside a union"),
        (
            {"type": ["array", "null"], "items": {"type": "array", "items": {"type": "object"}}},
            "an object written inside a nullable array",
        ),
    ],
)
def test_the_forms_generators_refuse_are_found(schema, why):
    document = {"components": {"schemas": {"A": schema}}}
    assert [f.split(": ", 1)[1] for f in findings(document)] == [why]


def catalogue_entries() -> list[tuple[str, dict[str, Any]]]:
    """The entries as GET /v1/games answers them (labels and names written out)."""
    games = jsonio.loads(jsonio.dumps(Rules(Settings(), Cache(0)).games()))
    return [(f"{pascal(g['id'])}Game", g) for g in games]


def test_catalogue_option_keywords_are_typed_and_hold_the_real_entries():
    """Each object or array keyword of an option's schema (Tric Trac's hucke oneOf, Te-Trix's
    preprinted items and type, Triominos Junior's level enum and tiles contains) is said by
    ``JsonSchema`` rather than by a const, and the real catalogue entry still matches."""
    said_by_json_schema = set()
    for name, entry in catalogue_entries():
        assert not list(validator(name).iter_errors(entry)), name
        options = SCHEMAS[name]["properties"]["options"]["properties"]
        for option, words in entry["options"].items():
            described = options[option]["properties"]
            assert set(described) == set(words), (name, option)
            for key, value in words.items():
                if key in ("default", "description", "title"):
                    continue
                if isinstance(value, (dict, list)):
                    keyword = SCHEMAS["JsonSchema"]["properties"][key]
                    assert described[key] == keyword, (name, option, key)
                    said_by_json_schema.add((name, option, key))
                else:
                    assert described[key]["const"] == value, (name, option, key)
    assert {
        ("TricTracGame", "hucke", "oneOf"),
        ("TeTrixGame", "preprinted", "items"),
        ("TeTrixGame", "preprinted", "type"),
        ("TriominosJuniorGame", "level", "enum"),
        ("TriominosJuniorGame", "tiles", "contains"),
        ("TriominosJuniorGame", "tiles", "items"),
        ("TriominosJuniorGame", "tiles", "type"),
    } <= said_by_json_schema


def _mutated(entry: dict[str, Any], option: str, key: str, value: Any) -> dict[str, Any]:
    out = copy.deepcopy(entry)
    out["options"][option][key] = value
    return out


@pytest.mark.parametrize(
    ("game", "option", "key", "value"),
    [
        ("TeTrixGame", "preprinted", "type", ["array", "list"]),  # not a JSON Schema type
        ("TeTrixGame", "preprinted", "type", []),
        ("TeTrixGame", "preprinted", "items", {"maxItems": -1}),
        ("TeTrixGame", "preprinted", "items", {"unknownKeyword": 1}),
        ("TricTracGame", "hucke", "oneOf", []),
        ("TricTracGame", "hucke", "oneOf", [{"type": "object", "required": "red"}]),
        ("TriominosJuniorGame", "level", "enum", "coins"),
        ("TriominosJuniorGame", "tiles", "contains", [{"pattern": "j"}]),
        ("TriominosJuniorGame", "tiles", "minItems", 35),  # a scalar keyword is a const
        ("TriominosJuniorGame", "level", "default", "gold"),  # typed as the option
    ],
)
def test_the_catalogue_schema_refuses_wrong_option_keywords(game, option, key, value):
    entry = dict(catalogue_entries())[game]
    assert validator(game).is_valid(entry)
    assert not validator(game).is_valid(_mutated(entry, option, key, value))
