"""A state document described once: each field's type, range, nullability and description.

A ``Document`` of ``Field`` values is both halves of what used to be written twice by hand
(issue 23; STYLE rule 10): ``schema()`` is the JSON Schema exported to
``schema/states/<game>.json``, and ``read()`` is the structural part of the codec's
``decode`` -- types, ranges, lengths, patterns, required and unknown keys -- reporting every
problem with its JSON path, in the catalog's words (``wording``: "must be an integer, got
string", in German "muss eine ganze Zahl sein, ist aber eine Zeichenkette"). What is left to a
codec is what JSON Schema cannot say: the rules that tie fields together, whose problems name
their rule id (``... (MX-2)``).

Both halves read JSON as JSON Schema 2020-12 does: an integer is any number without a
fractional part (``1.0`` too) and never a boolean, so ``read`` gives ``1`` for ``1.0``.

::

    Field
    ├── Int    integer (1.0 reads as 1), optional minimum / maximum
    ├── Bool   true or false
    ├── Str    string, optional length, pattern (fully matched) and conversion
    ├── Enum   one of some strings or integers
    ├── Const  exactly one value
    ├── Array  list of one kind of item, optional length and distinct items
    ├── Obj    object of named fields, some required, no other key
    ├── Map    object of any keys matching a key field, each value one kind of field
    ├── Raw    a value the codec reads itself, with its JSON Schema (an option's own check)
    └── Options the game's options (OptionSpec), defaults for the ones left out
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from copy import deepcopy
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final

from .errors import Problem, Problems, Text
from .game import JSON, SEED_LENGTH
from .options import OptionSpec, options_schema, read_options
from .text import Msg
from .wording import (
    BOOLEAN,
    INTEGER,
    LIST,
    OBJECT,
    STRING,
    items,
    length,
    must_be,
    one_of,
    out_of_range,
    reason_of,
    shown,
)

DRAFT: Final = "https://json-schema.org/draft/2020-12/schema"


class _Invalid:
    """What ``read`` returns for a value with a problem (the problem is already added)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "INVALID"


INVALID: Final = _Invalid()
_MISSING: Final = object()

# A fixed reason, or one made from the wrong value; it replaces the field's own wording. A
# catalog message; a plain string only while a game still writes its own.
Reason = Text | Callable[[Any], Text] | None


@dataclass(frozen=True, slots=True, kw_only=True)
class Field:
    """One field: ``quick`` reads a good value fast (no paths, no problems); ``read`` falls
    back to ``report``, which finds and adds the problems, only when ``quick`` refused."""

    description: str = ""
    nullable: bool = False  # null is a value of the field (read gives None)
    reason: Reason = None  # the problem's wording when this value (not an item of it) is wrong
    default: Any = _MISSING  # what an optional field left out reads as; else it stays out

    def schema(self) -> JSON:
        out = self._own_schema()
        if self.nullable:
            if "enum" in out:
                out["enum"] = [*out["enum"], None]
            else:
                out["type"] = [out["type"], "null"]
        if self.description:
            out["description"] = self.description
        if self.default is not _MISSING:
            out["default"] = deepcopy(self.default)
        return out

    def read(self, value: Any, problems: Problems, path: str) -> Any:
        """The value as the codec uses it, or INVALID after adding its problems."""
        got = self.quick(value)
        if got is INVALID:
            self.report(value, problems, path)
        return got

    def quick(self, value: Any) -> Any:
        """The value as the codec uses it, or INVALID (nothing reported)."""
        raise NotImplementedError

    def report(self, value: Any, problems: Problems, path: str) -> None:
        """Adds the problems of a value ``quick`` refused: the leaf's own wording by default."""
        self.fail(value, problems, path, self.explain(value))

    def explain(self, value: Any) -> Msg:
        """Why ``value`` is refused, in the field's own words (``wording``)."""
        raise NotImplementedError

    def is_kind(self, value: Any) -> bool:
        """Whether ``value`` has this field's JSON type (it may still be out of range)."""
        if value is None:
            return self.nullable
        kind = type(value)
        if kind is float and value.is_integer():
            kind = int
        return kind in self.kinds or (dict in self.kinds and isinstance(value, Mapping))

    kinds: ClassVar[tuple[type, ...]] = ()  # the Python types of the field's JSON type

    def parts(self, value: Any) -> Any:
        """What can still be read of a refused value (its problems are reported already):
        a container keeps its good members, items and entries; a leaf is all or INVALID."""
        return self.quick(value)

    def fail(self, value: Any, problems: Problems, path: str, why: Text) -> None:
        """Adds a problem of this value: the field's ``reason`` when it has one, else ``why``."""
        reworded = self.reworded(value)
        problems.add(path, why if reworded is None else reworded)

    def reworded(self, value: Any) -> Text | None:
        """The field's ``reason`` for a wrong ``value``, if it words its own problems."""
        reason = self.reason
        return reason(value) if callable(reason) else reason

    def missing(self, problems: Problems, path: str) -> None:
        """A required field left out."""
        self.fail(None, problems, path, Msg.of("field-required"))

    def _own_schema(self) -> JSON:
        raise NotImplementedError


def _outside(n: int, lo: int | None, hi: int | None) -> bool:
    return (lo is not None and n < lo) or (hi is not None and n > hi)


def _int_range(f: Field) -> tuple[float, float] | None:
    """The bounds of a plain integer field (a container checks such items in place)."""
    if type(f) is not Int or f.nullable:
        return None
    lo = -math.inf if f.minimum is None else f.minimum
    return (lo, math.inf if f.maximum is None else f.maximum)


@dataclass(frozen=True, slots=True, kw_only=True)
class Int(Field):
    kinds = (int,)
    minimum: int | None = None
    maximum: int | None = None

    def _own_schema(self) -> JSON:
        out: JSON = {"type": "integer"}
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out

    def quick(self, value: Any) -> Any:
        kind = type(value)
        if kind is int:
            number = value
        elif kind is float and value.is_integer():
            number = int(value)
        elif value is None and self.nullable:
            return None
        else:
            return INVALID
        lo, hi = self.minimum, self.maximum
        if (lo is not None and number < lo) or (hi is not None and number > hi):
            return INVALID
        return number

    def explain(self, value: Any) -> Msg:
        if type(value) not in (int, float) or not float(value).is_integer():
            return must_be(INTEGER, value)
        return out_of_range(str(int(value)), self.minimum, self.maximum)


@dataclass(frozen=True, slots=True, kw_only=True)
class Bool(Field):
    kinds = (bool,)

    def _own_schema(self) -> JSON:
        return {"type": "boolean"}

    def quick(self, value: Any) -> Any:
        if type(value) is bool or (value is None and self.nullable):
            return value
        return INVALID

    def explain(self, value: Any) -> Msg:
        return must_be(BOOLEAN, value)


@dataclass(frozen=True, slots=True, kw_only=True)
class Str(Field):
    kinds = (str,)
    # Anchored (^…$), matched in full as ECMA-262 reads it; compiled at module level by the
    # codec, where tests/test_patterns.py finds and checks every pattern of the service.
    pattern: re.Pattern[str] | None = None
    min_length: int | None = None
    max_length: int | None = None
    # What the codec keeps instead of the text: a look-up (every key a valid text) or a
    # function (ValueError is a problem with its message).
    convert: Mapping[str, Any] | Callable[[str], Any] | None = field(default=None, compare=False)
    _table: Mapping[str, Any] | None = field(default=None, init=False, repr=False, compare=False)
    # The length bounds (infinite where there is none) and the pattern's fullmatch, or None.
    _len: tuple[float, float] = field(default=(0, 0), init=False, repr=False, compare=False)
    _match: Callable[[str], Any] | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        text = None if self.pattern is None else self.pattern.pattern
        if text is not None and not (text.startswith("^") and text.endswith("$")):
            raise ValueError(f"pattern {text!r} must be anchored")
        lo = 0 if self.min_length is None else self.min_length
        hi = math.inf if self.max_length is None else self.max_length
        object.__setattr__(self, "_len", (lo, hi))
        object.__setattr__(self, "_match", None if self.pattern is None else self.pattern.fullmatch)
        if isinstance(self.convert, Mapping):
            object.__setattr__(self, "_table", self.convert)
            stray = [k for k in self.convert if not self._fits(k)]
            if stray:
                raise ValueError(f"look-up keys {stray} are not values of the field")

    def _own_schema(self) -> JSON:
        out: JSON = {"type": "string"}
        if self.min_length is not None:
            out["minLength"] = self.min_length
        if self.max_length is not None:
            out["maxLength"] = self.max_length
        if self.pattern is not None:
            out["pattern"] = self.pattern.pattern
        return out

    def _fits(self, text: str) -> bool:
        short, long = self._len
        match = self._match
        return short <= len(text) <= long and (match is None or match(text) is not None)

    def quick(self, value: Any) -> Any:
        if type(value) is not str:
            return None if value is None and self.nullable else INVALID
        table = self._table
        if table is not None:
            return table.get(value, INVALID)
        short, long = self._len
        match = self._match
        if not short <= len(value) <= long or (match is not None and match(value) is None):
            return INVALID
        convert = self.convert
        if convert is None:
            return value
        try:
            return convert(value)  # type: ignore[operator]
        except ValueError:
            return INVALID

    def explain(self, value: Any) -> Msg:
        if type(value) is not str:
            return must_be(STRING, value)
        lo, hi = self.min_length, self.max_length
        if _outside(len(value), lo, hi):
            return length(lo, hi)
        if self.pattern is not None and not self.pattern.fullmatch(value):
            return Msg.of("field-pattern", pattern=self.pattern.pattern, value=shown(value))
        if self._table is not None:
            return Msg.of("field-not-known", value=shown(value))
        try:
            self.convert(value)  # type: ignore[misc, operator]
        except ValueError as exc:
            return reason_of(exc)
        raise AssertionError(f"{value!r} was refused, yet fits")


@dataclass(frozen=True, slots=True, kw_only=True)
class Enum(Field):
    values: tuple[str, ...] | tuple[int, ...]
    _kind: type = field(default=str, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        kinds = {type(v) for v in self.values}
        if len(kinds) != 1 or not kinds <= {str, int}:
            raise ValueError(f"enum {self.values}: all strings or all integers")
        object.__setattr__(self, "_kind", kinds.pop())

    def _own_schema(self) -> JSON:
        return {"enum": list(self.values)}

    def is_kind(self, value: Any) -> bool:
        return self.quick(value) is not INVALID or type(value) is self._kind

    def quick(self, value: Any) -> Any:
        kind = type(value)
        if kind is float and value.is_integer():
            value, kind = int(value), int
        if kind is self._kind and value in self.values:
            return value
        return None if value is None and self.nullable else INVALID

    def explain(self, value: Any) -> Msg:
        return one_of(", ".join(map(str, self.values)), value, nullable=self.nullable)


@dataclass(frozen=True, slots=True, kw_only=True)
class Const(Field):
    value: str | int

    def _own_schema(self) -> JSON:
        return {"const": self.value}

    def quick(self, value: Any) -> Any:
        if type(value) is float and value.is_integer():
            value = int(value)
        return value if type(value) is type(self.value) and value == self.value else INVALID

    def explain(self, value: Any) -> Msg:
        return Msg.of("field-const", expected=repr(self.value), value=shown(value))


@dataclass(frozen=True, slots=True, kw_only=True)
class Array(Field):
    kinds = (list,)
    items: Field
    min_items: int | None = None
    max_items: int | None = None
    unique: bool = False
    whole: bool = False  # a wrong item is one problem of the list's, not one at the item
    _ints: tuple[float, float] | None = field(default=None, init=False, repr=False, compare=False)
    _len: tuple[float, float] = field(default=(0, 0), init=False, repr=False, compare=False)
    # Items that are texts, checked in place: by a look-up, or by length and pattern.
    _lookup: Mapping[str, Any] | None = field(default=None, init=False, repr=False, compare=False)
    _texts: Str | None = field(default=None, init=False, repr=False, compare=False)

    def _own_schema(self) -> JSON:
        out: JSON = {"type": "array", "items": self.items.schema()}
        if self.min_items is not None:
            out["minItems"] = self.min_items
        if self.max_items is not None:
            out["maxItems"] = self.max_items
        if self.unique:
            out["uniqueItems"] = True
        return out

    def __post_init__(self) -> None:
        object.__setattr__(self, "_ints", _int_range(self.items))
        lo = 0 if self.min_items is None else self.min_items
        object.__setattr__(
            self, "_len", (lo, math.inf if self.max_items is None else self.max_items)
        )
        text = self.items
        if type(text) is Str and not text.nullable:
            object.__setattr__(self, "_lookup", text._table)
            if text.convert is None:
                object.__setattr__(self, "_texts", text)

    def quick(self, value: Any) -> Any:
        if type(value) is not list:
            return None if value is None and self.nullable else INVALID
        n = len(value)
        short, long = self._len
        if n < short or n > long:
            return INVALID
        ints = self._ints
        if ints is not None:  # integers in a range: checked in place, no call per item
            lo, hi = ints
            for v in value:
                if type(v) is not int or v < lo or v > hi:
                    break
            else:
                if self.unique and len(set(value)) != n:
                    return INVALID
                return value  # as sent: codecs read what quick gives, never change it
        lookup, texts = self._lookup, self._texts
        if lookup is not None:
            out = [lookup.get(v, INVALID) if type(v) is str else INVALID for v in value]
        elif texts is not None:
            (short, long), match = texts._len, texts._match
            for v in value:
                if type(v) is not str or not short <= len(v) <= long:
                    return INVALID
                if match is not None and match(v) is None:
                    return INVALID
            out = list(value)
        else:
            quick = self.items.quick
            out = [quick(v) for v in value]
        for got in out:
            if got is INVALID:
                return INVALID
        if self.unique and len(set(out)) != len(out):
            return INVALID
        return out

    def report(self, value: Any, problems: Problems, path: str) -> None:
        if type(value) is not list:
            self.fail(value, problems, path, must_be(LIST, value))
            return
        lo, hi = self.min_items, self.max_items
        if _outside(len(value), lo, hi):
            self.fail(value, problems, path, items(lo, hi, len(value)))
            return
        reworded = self.reworded(value)
        if reworded is not None and not all(self.items.is_kind(v) for v in value):
            problems.add(path, reworded)  # an item of another kind: wrong in the list's shape
            return
        if self.whole:
            wrong = next((v for v in value if self.items.quick(v) is INVALID), _MISSING)
            twice = Msg.of("field-twice")  # every item is good, so one is there twice
            self.fail(value, problems, path, twice if wrong is _MISSING else self._holds(wrong))
            return
        out = [self.items.read(v, problems, f"{path}[{i}]") for i, v in enumerate(value)]
        if INVALID not in out:  # then the items are good and one is there twice
            self.fail(value, problems, path, Msg.of("field-twice"))

    def _holds(self, item: Any) -> Msg:
        """A wrong item as the list's problem: "holds 'x': must be an integer, got string"."""
        return Msg.of("field-holds", value=shown(item), why=self.items.explain(item))

    def parts(self, value: Any) -> Any:
        if type(value) is not list:
            return self.quick(value)
        return [self.items.parts(v) for v in value]


UNKNOWN: Final = Msg.of("field-unknown")


@dataclass(frozen=True, slots=True, kw_only=True)
class Obj(Field):
    kinds = (dict,)
    properties: Mapping[str, Field]
    required: tuple[str, ...] = ()
    unknown: Text = UNKNOWN  # the problem of a key not in ``properties``
    whole: bool = False  # a wrong member is a problem of the object's, not one at the member
    # Per property: its name, field, whether it is required, its default and its quick.
    _plan: tuple[tuple[str, Field, bool, Any, Callable[[Any], Any]], ...] = field(
        default=(), init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        if not set(self.required) <= set(self.properties):
            raise ValueError(f"required {self.required} not among {list(self.properties)}")
        plan = tuple(
            (name, f, name in self.required, f.default, f.quick)
            for name, f in self.properties.items()
        )
        object.__setattr__(self, "_plan", plan)

    def _own_schema(self) -> JSON:
        out: JSON = {"type": "object"}
        if self.required:
            out["required"] = list(self.required)
        out["additionalProperties"] = False
        out["properties"] = {name: f.schema() for name, f in self.properties.items()}
        return out

    def quick(self, value: Any) -> Any:
        if type(value) is not dict and not isinstance(value, Mapping):
            return None if value is None and self.nullable else INVALID
        if not value.keys() <= self.properties.keys():
            return INVALID
        out: dict[str, Any] = {}
        get = value.get
        for name, _, required, default, quick in self._plan:
            v = get(name, _MISSING)
            if v is _MISSING:
                if required:
                    return INVALID
                if default is not _MISSING:
                    out[name] = default
                continue
            got = quick(v)
            if got is INVALID:
                return INVALID
            out[name] = got
        return out

    def report(self, value: Any, problems: Problems, path: str) -> None:
        if not self.whole or not isinstance(value, Mapping) or set(value) - set(self.properties):
            self.members(value, problems, path)
            return
        for name, f in self.properties.items():
            if name not in value:
                f.missing(problems, path)
                return
            if f.quick(value[name]) is INVALID:
                f.report(value[name], problems, path)
                return

    def parts(self, value: Any) -> Any:
        if not isinstance(value, Mapping):
            return self.quick(value)
        out = {}
        for name, f in self.properties.items():
            if name in value and (got := f.parts(value[name])) is not INVALID:
                out[name] = got
        return out

    def members(self, value: Any, problems: Problems, path: str) -> dict[str, Any]:
        """Every valid member (defaults for optional ones left out), problems of the others."""
        if type(value) is not dict and not isinstance(value, Mapping):
            self.fail(value, problems, path, must_be(OBJECT, value))
            return {}
        properties = self.properties
        if not value.keys() <= properties.keys():
            for key in value:
                if key not in properties:
                    problems.add(f"{path}.{key}", self.unknown)
        out: dict[str, Any] = {}
        get = value.get
        for name, f, required, default, quick in self._plan:
            v = get(name, _MISSING)
            if v is _MISSING:
                if required:
                    f.missing(problems, f"{path}.{name}")
                elif default is not _MISSING:
                    out[name] = default
                continue
            got = quick(v)
            if got is INVALID:
                got = f.read(v, problems, f"{path}.{name}")
            if got is not INVALID:
                out[name] = got
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class Map(Field):
    kinds = (dict,)
    keys: Str
    values: Field
    _ints: tuple[float, float] | None = field(default=None, init=False, repr=False, compare=False)
    _len: tuple[float, float] = field(default=(0, 0), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_ints", _int_range(self.values))

    def _own_schema(self) -> JSON:
        names = {k: v for k, v in self.keys.schema().items() if k != "type"}  # names are strings
        values = self.values.schema()
        return {"type": "object", "propertyNames": names, "additionalProperties": values}

    def quick(self, value: Any) -> Any:
        if type(value) is not dict and not isinstance(value, Mapping):
            return None if value is None and self.nullable else INVALID
        keys, values = self.keys._table, getattr(self.values, "_table", None)
        if keys is not None and values is not None and not self.values.nullable:
            try:  # two look-ups (a Mixtour board): no call per entry
                out = {keys[k]: values[v] for k, v in value.items()}
            except (KeyError, TypeError):  # not a key, or a value that is no text
                return INVALID
            return out
        ints = self._ints
        if keys is not None and ints is not None:  # a look-up and a range (Tric Trac's stones)
            lo, hi = ints
            out = {}
            for k, v in value.items():
                key = keys.get(k, INVALID)
                if key is INVALID or type(v) is not int or v < lo or v > hi:
                    break
                out[key] = v
            else:
                return out
        key_of, value_of = self.keys.quick, self.values.quick
        out = {}
        for k, v in value.items():
            key, got = key_of(k), value_of(v)
            if key is INVALID or got is INVALID:
                return INVALID
            out[key] = got
        return out

    def report(self, value: Any, problems: Problems, path: str) -> None:
        if not isinstance(value, Mapping):
            self.fail(value, problems, path, must_be(OBJECT, value))
            return
        for k, v in value.items():
            here = f"{path}.{k}"
            if self.keys.read(k, problems, here) is not INVALID:
                self.values.read(v, problems, here)

    def parts(self, value: Any) -> Any:
        if not isinstance(value, Mapping):
            return self.quick(value)
        good = ((self.keys.quick(k), self.values.parts(v)) for k, v in value.items())
        return {k: v for k, v in good if k is not INVALID and v is not INVALID}


@dataclass(frozen=True, slots=True, kw_only=True)
class Raw(Field):
    """A value the codec reads itself (an option's own check), with its JSON Schema; a test
    holds the two together."""

    def is_kind(self, value: Any) -> bool:
        return True

    json_schema: JSON = field(compare=False)

    def _own_schema(self) -> JSON:
        return deepcopy(self.json_schema)

    def quick(self, value: Any) -> Any:
        return value


@dataclass(frozen=True, slots=True, kw_only=True)
class Options(Field):
    """A state's ``options``: the game's OptionSpecs, each left out taking its default; null
    is no options object."""

    specs: tuple[OptionSpec, ...]
    # Per option: its name, its field's quick, its check, its default and whether that must
    # be copied afresh (validate_options copies it).
    _plan: tuple[tuple[str, Callable[[Any], Any], Any, Any, bool], ...] = field(
        default=(), init=False, repr=False, compare=False
    )
    _names: frozenset[str] = field(default=frozenset(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        defaults = {s.name: deepcopy(s.default) for s in self.specs}
        object.__setattr__(self, "default", defaults)
        plan = tuple(
            (s.name, option(s).quick, s.check, s.default, not _is_atom(s.default))
            for s in self.specs
        )
        object.__setattr__(self, "_plan", plan)
        object.__setattr__(self, "_names", frozenset(s.name for s in self.specs))

    def schema(self) -> JSON:
        out = options_schema(self.specs)
        if self.description:
            out["description"] = self.description
        return out

    def quick(self, value: Any) -> Any:
        """What read_options gives for options without a problem; INVALID for any other
        value, which read_options then reads and reports."""
        if type(value) is not dict or not value.keys() <= self._names:
            return INVALID
        out: dict[str, Any] = {}
        for name, quick, check, default, fresh in self._plan:
            if name not in value:
                out[name] = deepcopy(default) if fresh else default
                continue
            got = quick(value[name])
            if got is INVALID:
                return INVALID
            if check is not None:
                try:
                    got = check(got)
                except ValueError:
                    return INVALID
            out[name] = got
        return out

    def report(self, value: Any, problems: Problems, path: str) -> None:
        raise AssertionError("Options.read reports")

    def read(self, value: Any, problems: Problems, path: str) -> Any:
        assert path == "$.options", path  # read_options names its paths so
        return read_options(self.specs, value, problems)


def _is_atom(value: Any) -> bool:
    """Whether ``value`` is immutable, so a copy of it is the value itself."""
    return value is None or type(value) in (bool, int, float, str)


def option(spec: OptionSpec) -> Field:
    """The field of an option in a state document, from its OptionSpec (the one place an
    option's kind, range and description are declared)."""
    common = {"description": spec.description, "default": spec.default}
    if spec.kind == "int":
        return Int(minimum=spec.minimum, maximum=spec.maximum, **common)
    if spec.kind == "bool":
        return Bool(**common)
    if spec.kind == "enum":
        return Enum(values=spec.choices, **common)
    assert spec.schema is not None  # kind json
    return Raw(json_schema=spec.schema, **common)


SEED: Final = Str(
    min_length=SEED_LENGTH[0],
    max_length=SEED_LENGTH[1],
    nullable=True,
    reason=Msg.of("field-seed", low=SEED_LENGTH[0], high=SEED_LENGTH[1]),
    default=None,
)
CHANCES: Final = Int(minimum=0, reason=Msg.of("field-non-negative-integer"), default=0)
SIG: Final = Str(
    description="'<keyId>.<hmac>': added by a service with a secret to the states it made or "
    "derived from signed ones; send it back unchanged (README 'Trust model')."
)
_HEX_256: Final = re.compile(r"^[0-9a-f]{64}$")
CONTRIBUTION: Final = Str(
    min_length=SEED_LENGTH[0],
    max_length=SEED_LENGTH[1],
    nullable=True,
    reason=Msg.of("field-contribution", low=SEED_LENGTH[0], high=SEED_LENGTH[1]),
)
FAIR: Final = Obj(
    description="A fair game's chance (docs/records.md, 'Fair chance'): the commitment to its "
    "server seed, each player's contribution and, once the game is finished, the server seed "
    "revealed. Every outcome is derived from them; send it back unchanged.",
    properties={
        "commitment": Str(
            pattern=_HEX_256,
            description="SHA-256 of the server seed, in hex: published at newGame.",
        ),
        "contributions": Array(
            items=CONTRIBUTION,
            description="Each player's contribution to every outcome, in seat order (null: none).",
        ),
        "reveal": Str(
            pattern=_HEX_256,
            description="The server seed, in hex: only in a finished game's state.",
        ),
        "awaiting": Array(
            items=Int(minimum=0, reason=Msg.of("field-non-negative-integer")),
            min_items=1,
            unique=True,
            description="The seats whose contribution a game started open still waits for "
            "(contribute): no chance is drawn before none is awaited. Only before the first "
            "chance event.",
        ),
        "ply": Int(
            minimum=0,
            reason=Msg.of("field-non-negative-integer"),
            description="Moves applied since the start, chance outcomes too (0: the start).",
        ),
        "parent": Str(
            pattern=_HEX_256,
            description="The digest of the state one ply before (its ETag): SHA-256, in hex, "
            "of its canonical JSON without sig. Absent at the start.",
        ),
    },
    required=("commitment", "contributions"),
)
# What newGame takes to start a fair game: the players' contributions, nothing the service makes.
FAIR_START: Final = Obj(
    description="Start a fair game (docs/records.md, 'Fair chance'): its chance comes from a "
    "server seed the service commits to now and reveals when the game is finished; anyone can "
    "then check every outcome. Needs a seed and a service with RULES_SECRET.",
    properties={
        "contributions": Array(
            items=CONTRIBUTION,
            description="Each player's contribution to every outcome, in seat order (null or "
            "left out: none); fewer than the players are filled with null.",
        ),
        "open": Bool(
            description="Wait for the contributions still missing: the game rests at its first "
            "chance event, its commitment published, until every seat without one has "
            "contributed (contribute), so no contribution is known before the commitment "
            "(default false: chance is drawn at once)."
        ),
    },
    unknown=Msg.of("request-fair-start"),
)
# The fields every state document ends with; ``sig`` and ``fair`` are the API layer's, which
# checks ``sig`` and strips it before decoding and keeps ``fair`` beside the game's state
# (both read here and dropped).
COMMON: Final[dict[str, Field]] = {"seed": SEED, "chances": CHANCES, "fair": FAIR, "sig": SIG}


@dataclass(frozen=True, slots=True)
class Document:
    """A game's versioned state document ``{"game": id, "v": version, ...}``."""

    game: str
    version: int
    title: str
    description: str
    properties: Mapping[str, Field]
    required: tuple[str, ...]
    body: Obj = field(init=False, repr=False, compare=False)
    _fields: Obj = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        props = {
            "game": Const(value=self.game),
            "v": Const(value=self.version),
            **self.properties,
            **COMMON,
        }
        body = Obj(properties=props, required=("game", "v", *self.required))
        object.__setattr__(self, "body", body)
        # The header is read first (a wrong version ends the reading); here it is only known.
        header = {"game": Raw(json_schema={}), "v": Raw(json_schema={})}
        fields = Obj(properties={**props, **header}, required=self.required)
        object.__setattr__(self, "_fields", fields)

    def schema(self) -> JSON:
        out: JSON = {
            "$schema": DRAFT,
            "$id": f"https://regelwerk.dev/schema/states/{self.game}.json",
            "title": self.title,
            "description": self.description,
        }
        out.update(self.body.schema())
        return out

    def order(self, problems: Problems) -> None:
        """Sorts the problems by the field they concern, in the order fields are declared
        (unknown fields first; stable within a field): a codec that checks structure and
        rules in two passes still lists one field's problems together."""
        if not problems.items:
            return
        rank = {name: i for i, name in enumerate(self.body.properties)}

        def key(problem: Problem) -> int:
            top = problem.path[2:].split(".", 1)[0].split("[", 1)[0]
            return rank.get(top, -1) if problem.path != "$" else -2

        problems.items.sort(key=key)

    def read(self, doc: Any, problems: Problems) -> dict[str, Any] | None:
        """The valid fields of ``doc`` (problems of the others added), or None when the
        document is not one of this game's version (nothing else is worth reporting)."""
        got = self.quick(doc)
        return self.report(doc, problems) if got is INVALID else got

    def quick(self, doc: Any) -> Any:
        """What ``report`` gives for a document without a problem, read in one pass (no
        paths, no problems); INVALID for any other document, which ``report`` then reads."""
        if type(doc) is not dict or doc.get("game") != self.game:
            return INVALID
        v = doc.get("v")
        if type(v) is not int or v != self.version:
            return INVALID
        got = self._fields.quick(doc)
        if got is not INVALID:
            for name in ("game", "v", "sig"):
                got.pop(name, None)
        return got

    def report(self, doc: Any, problems: Problems) -> dict[str, Any] | None:
        """``read`` field by field: every problem with its path and message, and the valid
        fields beside them."""
        if not isinstance(doc, Mapping):
            problems.add("$", Msg.of("field-state-not-object"))
            return None
        if "game" not in doc and isinstance(doc.get("state"), Mapping):
            # a whole answer (a Position) sent back instead of its state
            problems.add("$", Msg.of("field-state-is-answer"))
            return None
        if doc.get("game") != self.game:
            # another game's state: nothing else about it is worth telling
            problems.add("$.game", self.body.properties["game"].explain(doc.get("game")))
            return None
        v = doc.get("v")
        if type(v) is float and v.is_integer():
            v = int(v)
        if type(v) is not int or v != self.version:  # true is no version 1
            sent = shown(doc.get("v"))
            problems.add("$.v", Msg.of("field-version", value=sent, version=self.version))
            return None
        out = self._fields.members(doc, problems, "$")
        for name in ("game", "v", "sig"):
            out.pop(name, None)
        return out


class PerOptions:
    """A game's Document built once per option tuple: the codecs take the game's OptionSpecs
    as an argument (the rules module declares them), and a Document embeds them."""

    def __init__(self, build: Callable[[tuple[OptionSpec, ...]], Document]) -> None:
        self._build = build
        self._made: dict[int, tuple[tuple[OptionSpec, ...], Document]] = {}

    def __call__(self, specs: tuple[OptionSpec, ...]) -> Document:
        hit = self._made.get(id(specs))
        if hit is None or hit[0] is not specs:
            hit = (specs, self._build(specs))
            self._made[id(specs)] = hit
        return hit[1]
