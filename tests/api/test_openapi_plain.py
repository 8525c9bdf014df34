"""The OpenAPI document in forms every generator reads (issue 22, point 3): none of the forms
openapi-python-client, orval or @hey-api/openapi-ts refused is left, and each rewrite says the
same as the form it replaces."""

from __future__ import annotations

import json
from pathlib import Path

from jsonschema import Draft202012Validator

from service.api.openapi_tools import findings, plain

DOCUMENT = json.loads(
    (Path(__file__).resolve().parents[2] / "schema" / "openapi.json").read_text(encoding="utf-8")
)


# Left (openapi_tools' docstring): the game list describes these options' own schema
# keywords by value, as object or array consts.
LEFT = {
    ("TeTrixGame", "preprinted", "items"),
    ("TeTrixGame", "preprinted", "type"),
    ("TricTracGame", "hucke", "oneOf"),
    ("TriominosJuniorGame", "level", "enum"),
    ("TriominosJuniorGame", "tiles", "contains"),
    ("TriominosJuniorGame", "tiles", "items"),
    ("TriominosJuniorGame", "tiles", "type"),
}


def test_the_committed_document_has_nothing_a_generator_stumbles_on():
    left = set()
    for finding in findings(DOCUMENT):
        parts = finding.split(":")[0].split("/")
        assert finding.endswith(("an object or array const", "const or enum without type"))
        left.add((parts[3], parts[7], parts[9]))
    assert left == LEFT
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
    document = {
        "components": {
            "schemas": {
                "A": {
                    "type": "object",
                    "properties": {
                        "kind": {"const": "place"},
                        "level": {"enum": ["coins", "points"]},
                        "corners": tuple_schema,
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
    # two consts and an enum without type, items: false, $ref into properties, a title twice
    assert len(findings(document)) == 6
    done = plain(document)
    assert findings(done) == []
    props = done["components"]["schemas"]["A"]["properties"]
    assert props["kind"] == {"const": "place", "type": "string"}
    assert props["level"]["type"] == "string"
    assert props["enum"]["type"] == "string"
    assert props["size"] == {"type": "integer", "minimum": 5}
    assert props["x"]["title"] == "A Place"
    same = Draft202012Validator(tuple_schema), Draft202012Validator(props["corners"])
    for value in ([1, 2, 3], [1, 2, 3, 4], [1, 2], []):
        assert same[0].is_valid(value) == same[1].is_valid(value), value
