"""The OpenAPI document said in the plainest JSON Schema every generator reads (issue 22,
point 3).

The document is built from the engines' own schemas, which use all of JSON Schema 2020-12.
Generators (openapi-python-client, orval, @hey-api/openapi-ts) and linters stumble on some of
it; ``plain`` rewrites those spots into equivalent, simpler forms, once, after the document is
built:

- a ``const`` or ``enum`` gets the ``type`` of its values beside it;
- ``prefixItems`` closed by ``items: false`` is said with ``maxItems`` (the same arrays);
- a ``$ref`` into another schema's ``properties`` is replaced by a copy of what it names;
- titles repeated across components get their component's name in front.

``findings`` lists what a generator would still stumble on. Left: object and array ``const``
values where the game list describes an option's own schema keywords by value (Tric Trac's
``hucke``, Te-Trix's ``preprinted``, Triominos Junior's ``level`` and ``tiles``); a test pins
exactly those.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

JSON = dict[str, Any]

_VALUES = frozenset(("const", "enum", "default", "examples"))
_NAMES = frozenset(("properties", "patternProperties", "$defs", "schemas"))
_TYPES = ((bool, "boolean"), (int, "integer"), (float, "number"), (str, "string"))


def _type_of(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "array"
    return next(name for kind, name in _TYPES if isinstance(value, kind))


def _resolve(document: JSON, pointer: str) -> Any:
    node: Any = document
    for part in pointer.removeprefix("#/").split("/"):
        node = node[part.replace("~1", "/").replace("~0", "~")]
    return node


def plain(document: JSON) -> JSON:
    """A copy of ``document`` in the forms the module docstring names."""
    out = copy.deepcopy(document)

    def fix(node: Any, names: bool = False) -> Any:
        if isinstance(node, list):
            return [fix(item) for item in node]
        if not isinstance(node, dict):
            return node
        if names:  # a map of names to schemas (properties, $defs): every value a schema
            return {key: fix(value) for key, value in node.items()}
        ref = node.get("$ref")
        if isinstance(ref, str) and "/properties/" in ref:
            return fix(copy.deepcopy(_resolve(document, ref)))
        # values (const, enum, default, examples) are data, not schemas: kept as they are
        node = {
            key: value if key in _VALUES else fix(value, key in _NAMES)
            for key, value in node.items()
        }
        for key in ("const", "enum"):
            if (
                key in node
                and "type" not in node
                and not isinstance(node.get("const"), (dict, list))
            ):
                values = [node[key]] if key == "const" else node[key]
                kinds = sorted({_type_of(v) for v in values})
                node["type"] = kinds[0] if len(kinds) == 1 else kinds
        if node.get("items") is False and isinstance(node.get("prefixItems"), list):
            del node["items"]
            node["maxItems"] = len(node["prefixItems"])
        return node

    out = dict(fix(out))
    schemas = out.get("components", {}).get("schemas", {})
    titles = Counter(_titles(schemas))
    for name, schema in schemas.items():
        _retitle(schema, name, {t for t, n in titles.items() if n > 1})
    return out


def _titles(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node["title"]] if isinstance(node.get("title"), str) else []
        return own + [t for value in node.values() for t in _titles(value)]
    if isinstance(node, list):
        return [t for item in node for t in _titles(item)]
    return []


def _retitle(node: Any, component: str, repeated: set[str]) -> None:
    if isinstance(node, dict):
        if node.get("title") in repeated:
            node["title"] = f"{component} {node['title']}"
        for value in node.values():
            _retitle(value, component, repeated)
    elif isinstance(node, list):
        for item in node:
            _retitle(item, component, repeated)


def findings(document: JSON) -> list[str]:
    """What generators stumble on, by JSON pointer (empty: nothing)."""
    found: list[str] = []

    def walk(node: Any, where: str, names: bool = False) -> None:
        if isinstance(node, list):
            for i, item in enumerate(node):
                walk(item, f"{where}/{i}")
            return
        if not isinstance(node, dict):
            return
        if names:
            for key, value in node.items():
                walk(value, f"{where}/{key}")
            return
        kind = node.get("type")
        is_array = kind == "array" or (isinstance(kind, list) and "array" in kind)
        if is_array and "items" not in node and "prefixItems" not in node:
            found.append(f"{where}: an array without items")
        if node.get("items") is False:
            found.append(f"{where}: items: false")
        if "const" in node and isinstance(node["const"], (dict, list)):
            found.append(f"{where}: an object or array const")
        if ("const" in node or "enum" in node) and "type" not in node:
            found.append(f"{where}: const or enum without type")
        ref = node.get("$ref")
        if isinstance(ref, str) and "/properties/" in ref:
            found.append(f"{where}: $ref into properties ({ref})")
        for key, value in node.items():
            if key not in _VALUES:
                walk(value, f"{where}/{key}", key in _NAMES)

    walk(document, "#")
    titles = Counter(_titles(document.get("components", {}).get("schemas", {})))
    found += [f"title {t!r} used {n} times" for t, n in titles.items() if n > 1]
    return found
