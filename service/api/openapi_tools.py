"""The OpenAPI document said in the plainest JSON Schema every generator reads (issue 22,
point 3).

The document is built from the engines' own schemas, which use all of JSON Schema 2020-12.
Generators (openapi-python-client, orval, @hey-api/openapi-ts) and linters stumble on some of
it; ``plain`` rewrites those spots into equivalent, simpler forms, once, after the document is
built:

- a ``const`` or ``enum`` gets the ``type`` of its values beside it;
- ``prefixItems`` closed by ``items: false`` is said with ``maxItems`` (the same arrays), and
  ``items`` names what the places hold for readers that know no ``prefixItems``;
- a ``$ref`` into another schema's ``properties`` is replaced by a copy of what it names;
- titles repeated across components get their component's name in front;
- an object written inside a ``oneOf``/``anyOf``, or in the items of a nullable array,
  becomes a component of its own (``_hoist``).

``findings`` lists what a generator would still stumble on (an object or array ``const``
too: the games catalogue says those keywords by ``JsonSchema``, see ``openapi._game_entry``);
a test holds the committed document to none.
"""

from __future__ import annotations

import copy
import json
import re
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
        prefix = node.get("prefixItems")
        if node.get("items") is False and isinstance(prefix, list) and prefix:
            # maxItems closes the tuple, so items checks nothing; it is there for readers that
            # know no prefixItems: the one schema of every place, or any of them
            node["maxItems"] = len(prefix)
            node["items"] = _any_place(prefix)
        return node

    out = dict(fix(out))
    schemas = out.get("components", {}).get("schemas", {})
    titles = Counter(_titles(schemas))
    for name, schema in schemas.items():
        _retitle(schema, name, {t for t, n in titles.items() if n > 1})
    _hoist(schemas)
    return out


def _any_place(places: list[Any]) -> Any:
    """A schema every place of a tuple matches: the places' one schema; objects of the same
    properties merged, string enums joined (a Triominos tile's corners); else any of them."""
    unique = [p for i, p in enumerate(places) if p not in places[:i]]
    if len(unique) == 1:
        return unique[0]
    first = unique[0]
    same_shape = all(
        isinstance(p, dict)
        and p.get("type") == "object"
        and set(p) == set(first)
        and set(p.get("properties", {})) == set(first.get("properties", {}))
        and p.get("required") == first.get("required")
        and p.get("additionalProperties") == first.get("additionalProperties")
        for p in unique
    )
    if not same_shape or any(p.get(k) != first.get(k) for p in unique for k in ("title",)):
        return {"anyOf": unique}
    merged = dict(first)
    merged["properties"] = {}
    for name in first["properties"]:
        options = [p["properties"][name] for p in unique]
        if all(o == options[0] for o in options):
            merged["properties"][name] = options[0]
        elif all(
            set(o) <= {"type", "enum", "description"} and o.get("type") == "string" and "enum" in o
            for o in options
        ):
            values = [v for o in options for v in o["enum"]]
            merged["properties"][name] = {"type": "string", "enum": list(dict.fromkeys(values))}
        else:
            return {"anyOf": unique}
    return merged


def _words(text: str) -> str:
    """``Te-Trix placed event`` -> ``TeTrixPlacedEvent``."""
    parts = "".join(c if c.isalnum() else " " for c in text).split()
    return "".join(part[:1].upper() + part[1:] for part in parts)


_WORD = re.compile(r"[A-Z][^A-Z]*")


def _camel(name: str) -> list[str]:
    return _WORD.findall(name)


def _titled(title: str, owner: str) -> str:
    """A titled member's name: its title when that starts like its owner's (the game in
    front), else the owner's name in front; the game said once (``TricTracMoveOpening``, not
    ``TricTracMoveTricTracOpening``)."""
    own = _camel(owner)
    if title.startswith(owner):
        rest = _camel(title[len(owner) :])
        shared = 0
        while shared < min(len(rest), len(own)) and rest[shared] == own[shared]:
            shared += 1
        return owner + "".join(rest[shared:])
    words = _camel(title)
    return title if words and own and words[0] == own[0] else owner + title


def _is_object(node: Any) -> bool:
    return (
        isinstance(node, dict)
        and "$ref" not in node
        and (node.get("type") == "object" or "properties" in node)
    )


def _hoist(schemas: JSON) -> None:
    """Each object schema written inside a ``oneOf``/``anyOf`` becomes a component of its own
    and is referenced there: generators then name it by its component (orval and
    @hey-api/openapi-ts otherwise number it, ``MixtourMoveOneOfTwo``), and
    openapi-python-client builds an inline member of a component union twice (\"duplicate
    models\"). Its name: its title in words, else its owner's name, the properties on the way
    and the constant that tells it apart (``MixtourMovePlace``); the same schema twice is one
    component."""
    named: dict[str, str] = {}
    queue = list(schemas)

    def name_of(member: JSON, owner: str, path: str) -> str:
        if isinstance(member.get("title"), str):
            return _titled(_words(member["title"]), owner)
        for prop in member.get("properties", {}).values():
            if isinstance(prop, dict) and isinstance(prop.get("const"), str):
                return owner + path + _words(prop["const"])
            if isinstance(prop, dict) and prop.get("type") == "string" and "enum" in prop:
                return owner + path + "".join(_words(v) for v in prop["enum"])
        return owner + path + "Object"

    def component(member: JSON, name: str) -> JSON:
        key = json.dumps(member, sort_keys=True)
        if key not in named:
            if name in schemas:
                raise ValueError(f"a union member would take {name}'s name")
            named[key] = name
            schemas[name] = member
            queue.append(name)
        return {"$ref": f"#/components/schemas/{named[key]}"}

    def walk(node: Any, owner: str, path: str, names: bool = False) -> None:
        if isinstance(node, list):
            for item in node:
                walk(item, owner, path)
            return
        if not isinstance(node, dict):
            return
        if names:
            for key, value in node.items():
                walk(value, owner, path + _words(key))
            return
        for union in ("oneOf", "anyOf"):
            members = node.get(union)
            if not isinstance(members, list):
                continue
            for i, member in enumerate(members):
                if _is_object(member):
                    members[i] = component(member, name_of(member, owner, path))
        # a nullable array (type: [array, null]) is a union to generators too: the objects
        # its items hold are named as members are (TeTrixOptionsPreprintedItemItem)
        holder, step = node, ""
        while isinstance(node.get("type"), list) and isinstance(holder.get("items"), dict):
            step += "Item"
            if _is_object(holder["items"]):
                holder["items"] = component(holder["items"], owner + path + step)
                break
            holder = holder["items"]
        for key, value in node.items():
            if key in _VALUES:
                continue
            step = "Item" if key == "items" else ""
            walk(value, owner, path + step, key in _NAMES)

    while queue:
        name = queue.pop(0)
        walk(schemas[name], name, "")


def _titles(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node["title"]] if isinstance(node.get("title"), str) else []
        return own + [t for value in node.values() for t in _titles(value)]
    if isinstance(node, list):
        return [t for item in node for t in _titles(item)]
    return []


def _retitle(node: Any, component: str, repeated: set[str]) -> None:
    if isinstance(node, dict):
        if isinstance(node.get("title"), str) and node["title"] in repeated:
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
        if is_array and "items" not in node:
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
        for union in ("oneOf", "anyOf"):
            members = node.get(union)
            for i, member in enumerate(members if isinstance(members, list) else []):
                if _is_object(member):
                    found.append(f"{where}/{union}/{i}: an object written inside a union")
        holder, inner = node, where
        while isinstance(kind, list) and isinstance(holder.get("items"), dict):
            holder, inner = holder["items"], inner + "/items"
            if _is_object(holder):
                found.append(f"{inner}: an object written inside a nullable array")
                break
        for key, value in node.items():
            if key not in _VALUES:
                walk(value, f"{where}/{key}", key in _NAMES)

    walk(document, "#")
    titles = Counter(_titles(document.get("components", {}).get("schemas", {})))
    found += [f"title {t!r} used {n} times" for t, n in titles.items() if n > 1]
    return found
