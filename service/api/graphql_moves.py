"""Typed GraphQL views of the move documents (``LegalMove.typed``), generated from each
registered game's move-document JSON Schema (``GameSpec.move_document_schema``): one object
type per game and kind, so code generators get exact types. ``LegalMove.move`` carries the
same document as JSON (what ``play`` accepts); these types are thin views over it, built only
when asked for.

How a schema becomes types:

- a ``oneOf`` branch (one kind) is the type ``<prefix><name>``: the prefix is the game's name
  in PascalCase (``GameSpec.type_prefix`` may say otherwise), the name the branch's ``title``
  without the game's name (``GameSpec.type_names`` may name kinds; kinds of one name are one
  type, their fields merged);
- a nested object (an array's ``items`` or ``prefixItems``) is ``<prefix><Property>`` in the
  singular (``steps`` -> ``TricTracStep``);
- ``const``/``enum`` of strings is ``String``, of integers ``Int``; a required field that
  cannot be null is non-null, as are list items;
- a value that is a number or one word (Tric Trac's ``"to": 5 | "off"``) becomes the number,
  null for the word, and beside it a ``Boolean!`` named after the word (``to``, ``off``), so a
  field keeps one type;
- descriptions come from the schema.

Fields with one name have one type across the union (GraphQL requires it when a selection
asks for them on several members): ``build`` refuses schemas that break it.
"""

from __future__ import annotations

import keyword
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, Union

import strawberry

from ..games.core import GameSpec

Doc = dict[str, Any]
_UNION_DESCRIPTION = "A move document, typed per game and kind."
_SCALARS: dict[str, type] = {"integer": int, "string": str, "boolean": bool, "number": float}


@dataclass
class _Field:
    """One GraphQL field: read from ``source`` of the document, as is (``value``), as a
    number-or-word's number (``number``) or as its flag (``flag``: the value is ``word``)."""

    name: str
    source: str
    scalar: type | None
    nested: _Shape | None
    is_list: bool
    nullable: bool
    descriptions: list[str] = field(default_factory=list)
    mode: str = "value"
    word: str | None = None

    def signature(self) -> tuple[Any, ...]:
        inner = self.nested.name if self.nested is not None else self.scalar
        return (inner, self.is_list, self.nullable, self.mode)


@dataclass
class _Shape:
    """One GraphQL object type, from one or more object schemas."""

    name: str
    descriptions: list[str] = field(default_factory=list)
    fields: dict[str, _Field] = field(default_factory=dict)


def _pascal(text: str) -> str:
    words = "".join(c if c.isascii() and c.isalnum() else " " for c in text).split()
    return "".join(w[:1].upper() + w[1:] for w in words)


def _singular(name: str) -> str:
    return name[:-1] if name.endswith("s") and len(name) > 1 else name


def _add(descriptions: list[str], text: str | None) -> None:
    if text and text not in descriptions:
        descriptions.append(text)


def _scalar(schema: Mapping[str, Any], where: str) -> tuple[type, bool]:
    """The scalar type of a property schema and whether it may be null."""
    if "const" in schema:
        return type(schema["const"]), False
    if "enum" in schema:
        kinds = {type(v) for v in schema["enum"]}
        if len(kinds) != 1 or kinds - {int, str}:
            raise ValueError(f"{where}: an enum of one type (strings or integers) is needed")
        return kinds.pop(), False
    types = schema.get("type")
    names = [types] if isinstance(types, str) else list(types or [])
    real = [n for n in names if n != "null"]
    if len(real) != 1 or real[0] not in _SCALARS:
        raise ValueError(f"{where}: no GraphQL type for {schema!r}")
    return _SCALARS[real[0]], "null" in names


def _fields(
    name: str, schema: Mapping[str, Any], required: bool, prefix: str, where: str
) -> list[_Field]:
    """The GraphQL field(s) of one property: two for a number-or-word."""
    description = schema.get("description")
    variants = schema.get("oneOf")
    if variants is not None:
        words = [v["const"] for v in variants if isinstance(v.get("const"), str)]
        others = [v for v in variants if not isinstance(v.get("const"), str)]
        if len(words) != 1 or len(others) != 1:
            raise ValueError(f"{where}: a oneOf is typed only as a value or one word")
        scalar, _ = _scalar(others[0], where)
        word = words[0]
        flag = f"True when `{name}` is {word} (then `{name}` is null)."
        number = [*_some(description), f"Null when {word}."]
        return [
            _Field(name, name, scalar, None, False, True, number, "number", word),
            _Field(word, name, bool, None, False, not required, [flag], "flag", word),
        ]
    if schema.get("type") == "array":
        items = schema.get("items")
        elements = schema.get("prefixItems") or ([items] if isinstance(items, dict) else [])
        if not elements:
            raise ValueError(f"{where}: an array needs items or prefixItems")
        if all(e.get("type") == "object" for e in elements):
            nested_name = prefix + _pascal(_singular(name))
            nested, *more = [_object(nested_name, e, prefix, where) for e in elements]
            for other in more:
                _merge(nested, other)
            if not nested.descriptions:
                _add(nested.descriptions, description)
            return [_Field(name, name, None, nested, True, not required, _some(description))]
        scalars = {_scalar(e, where)[0] for e in elements}
        if len(scalars) != 1:
            raise ValueError(f"{where}: the items of an array must have one type")
        return [_Field(name, name, scalars.pop(), None, True, not required, _some(description))]
    if schema.get("type") == "object":
        nested = _object(prefix + _pascal(name), schema, prefix, where)
        return [_Field(name, name, None, nested, False, not required, _some(description))]
    scalar, nullable = _scalar(schema, where)
    if description is None and "const" in schema:  # a kind says what it is
        description = f"Always `{schema['const']}`."
    return [_Field(name, name, scalar, None, False, nullable or not required, _some(description))]


def _some(text: str | None) -> list[str]:
    return [text] if text else []


def _object(name: str, schema: Mapping[str, Any], prefix: str, where: str) -> _Shape:
    """The shape of an object schema: required fields first, in the order ``required`` lists
    them (the SDL's order), then the others."""
    shape = _Shape(name)
    _add(shape.descriptions, schema.get("description"))
    properties: Mapping[str, Any] = schema.get("properties", {})
    required = [p for p in schema.get("required", []) if p in properties]
    for prop in [*required, *(p for p in properties if p not in required)]:
        for f in _fields(prop, properties[prop], prop in required, prefix, f"{where}.{prop}"):
            shape.fields[f.name] = f
    return shape


def _merge(into: _Shape, other: _Shape) -> None:
    """Adds ``other``'s fields to ``into``: a field missing on one side may be null, one that
    may be null on one side may be null; a field's type must agree."""
    for text in other.descriptions:
        _add(into.descriptions, text)
    for f in into.fields.values():
        if f.name not in other.fields:
            f.nullable = True
    for name, f in other.fields.items():
        mine = into.fields.get(name)
        if mine is None:
            f.nullable = True
            into.fields[name] = f
            continue
        if (mine.scalar, mine.is_list, mine.mode) != (f.scalar, f.is_list, f.mode) or (
            (mine.nested is None) != (f.nested is None)
        ):
            raise ValueError(f"{into.name}.{name}: the kinds sharing this type disagree")
        mine.nullable = mine.nullable or f.nullable
        for text in f.descriptions:
            _add(mine.descriptions, text)
        if mine.nested is not None and f.nested is not None:
            _merge(mine.nested, f.nested)


class MoveTypes:
    """The generated types of the registered games' move documents."""

    def __init__(self, specs: Iterable[GameSpec[Any, Any]]) -> None:
        self._shapes: dict[str, _Shape] = {}
        self._kinds: dict[tuple[str, str], str] = {}
        for spec in specs:
            self._read(spec)
        self._check_union()
        self._classes: dict[str, type] = {}
        self._builders: dict[str, Callable[[Mapping[str, Any]], Any]] = {}
        for shape in self._shapes.values():
            self._make(shape)
        members = tuple(self._classes[n] for n in self._shapes)
        self.union: Any = Annotated[
            Union[members],  # noqa: UP007 (a tuple of classes made at run time)
            strawberry.union(
                "MoveDocument", description="A move document, typed per game and kind."
            ),
        ]

    def _read(self, spec: GameSpec[Any, Any]) -> None:
        game = spec.descriptor.name
        prefix = spec.type_prefix or _pascal(game)
        for branch in spec.move_document_schema()["oneOf"]:
            kind = branch["properties"]["kind"]["const"]
            title = str(branch.get("title", kind))
            if title.lower().startswith(game.lower()):
                title = title[len(game) :]
            name = prefix + (spec.type_names.get(kind) or _pascal(title))
            shape = _object(name, branch, prefix, f"{spec.id} {kind}")
            what = shape.descriptions[0] if shape.descriptions else ""
            shape.descriptions = [f"{game} {kind} — {what}" if what else f"{game} {kind}."]
            if name in self._shapes:
                _merge(self._shapes[name], shape)
            else:
                self._shapes[name] = shape
            self._kinds[(spec.id, kind)] = name

    def _check_union(self) -> None:
        seen: dict[str, tuple[str, tuple[Any, ...]]] = {}
        for shape in self._shapes.values():
            for f in shape.fields.values():
                sig = f.signature()
                first = seen.setdefault(f.name, (shape.name, sig))
                if first[1] != sig:
                    raise ValueError(
                        f"MoveDocument: {shape.name}.{f.name} and {first[0]}.{f.name} differ in "
                        "type; fields of one name must have one type across the union"
                    )

    def _make(self, shape: _Shape) -> type:
        """The strawberry type of a shape (and of its nested shapes) and its builder."""
        made = self._classes.get(shape.name)
        if made is not None:
            return made
        annotations: dict[str, Any] = {}
        namespace: dict[str, Any] = {"__annotations__": annotations}
        readers: list[tuple[str, Callable[[Mapping[str, Any]], Any]]] = []
        for f in shape.fields.values():
            attr = f.name + "_" if keyword.iskeyword(f.name) else f.name
            inner: Any = f.scalar if f.nested is None else self._make(f.nested)
            annotation: Any = list[inner] if f.is_list else inner
            annotations[attr] = annotation | None if f.nullable else annotation
            namespace[attr] = strawberry.field(
                name=f.name, description=" ".join(f.descriptions) or None
            )
            readers.append((attr, self._reader(f)))
        cls = type(shape.name, (), namespace)
        made = strawberry.type(cls, name=shape.name, description=" ".join(shape.descriptions))
        self._classes[shape.name] = made

        def build(doc: Mapping[str, Any]) -> Any:
            return made(**{attr: read(doc) for attr, read in readers})

        self._builders[shape.name] = build
        return made

    def _reader(self, f: _Field) -> Callable[[Mapping[str, Any]], Any]:
        source, word = f.source, f.word
        if f.mode == "flag":
            return lambda doc: doc.get(source) == word
        if f.mode == "number":
            return lambda doc: None if doc.get(source) == word else doc.get(source)
        if f.nested is not None:
            nested = f.nested.name

            def objects(doc: Mapping[str, Any]) -> Any:
                value = doc.get(source)
                if value is None:
                    return None
                build = self._builders[nested]
                return [build(v) for v in value] if f.is_list else build(value)

            return objects
        if f.is_list:
            return lambda doc: None if doc.get(source) is None else list(doc[source])
        return lambda doc: doc.get(source)

    def typed(self, game: str, doc: Doc) -> Any:
        """The typed view of a move document of ``game`` (KeyError for an unknown kind: a bug)."""
        return self._builders[self._kinds[(game, doc["kind"])]](doc)

    def kinds(self) -> set[tuple[str, str]]:
        """Every (game, kind) with a typed view; a test holds it equal to the engines' schemas."""
        return set(self._kinds)
