"""Option schemas: defaults, ranges and validation that lists every problem.

An option's JSON Schema (``OptionSpec.describe``) is the one description of the value: the
games catalogue shows it, ``options_schema`` builds the ``options`` object a client sends to
``new`` from it, and every state schema embeds that object. A ``json`` option has no simple
kind, so it carries its value schema (``schema``) next to the ``check`` that enforces it; a
test holds the two together over real and mutated options.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from copy import deepcopy
from dataclasses import dataclass, field
from typing import Any

from .errors import InvalidOptions, Problems
from .numbers import as_int
from .text import Msg
from .wording import BOOLEAN, INTEGER, OBJECT, must_be, one_of, out_of_range, reason_of

# A custom check returns the normalised value, or raises ValueError with the reason (a Msg:
# ``ValueError(Msg.of(...))``).
Check = Callable[[Any], Any]


@dataclass(frozen=True, slots=True)
class OptionSpec:
    name: str
    kind: str  # "int" | "bool" | "enum" | "json"
    default: Any
    description: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[str, ...] = ()
    check: Check | None = field(default=None, compare=False)
    # JSON Schema of a "json" option's value (no $ref); required for that kind, unused else.
    schema: dict[str, Any] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if (self.kind == "json") != (self.schema is not None):
            raise ValueError(f"option {self.name}: a schema is given exactly for kind json")

    def describe(self) -> dict[str, Any]:
        """The option as the games catalogue shows it: the JSON Schema of its value."""
        kinds = {"int": "integer", "bool": "boolean", "enum": "string"}
        out: dict[str, Any] = {"default": deepcopy(self.default), "description": self.description}
        out.update(deepcopy(self.schema or {}))
        if self.kind in kinds:
            out["type"] = kinds[self.kind]
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        if self.choices:
            out["enum"] = list(self.choices)
        return out

    def validate(self, value: Any, problems: Problems, path: str) -> Any:
        if self.kind == "int":
            number = as_int(value)  # 20.0 too, as the option's schema reads it (issue 23)
            if number is None:
                problems.add(path, must_be(INTEGER, value))
                return self.default
            value = number
            lo, hi = self.minimum, self.maximum
            if (lo is not None and value < lo) or (hi is not None and value > hi):
                problems.add(path, out_of_range(str(value), lo, hi))
                return self.default
        elif self.kind == "bool":
            if not isinstance(value, bool):
                problems.add(path, must_be(BOOLEAN, value))
                return self.default
        elif self.kind == "enum" and value not in self.choices:
            problems.add(path, one_of(", ".join(self.choices), value))
            return self.default
        if self.check is not None:
            try:
                return self.check(value)
            except ValueError as exc:
                problems.add(path, reason_of(exc))
                return self.default
        return value


def options_schema(specs: tuple[OptionSpec, ...]) -> dict[str, Any]:
    """JSON Schema of the ``options`` object ``new`` accepts: every option optional (its
    default stands in), no other key."""
    return {
        "type": "object",
        "description": "Options; each one left out takes its default.",
        "additionalProperties": False,
        "properties": {s.name: s.describe() for s in specs},
    }


def validate_options(
    specs: tuple[OptionSpec, ...], given: Mapping[str, Any] | None, path: str = "$.options"
) -> dict[str, Any]:
    """Every option with its default filled in; raises InvalidOptions listing every problem."""
    problems = Problems()
    given = {} if given is None else given
    if not isinstance(given, Mapping):
        problems.add(path, must_be(OBJECT, given))
        problems.raise_options()
    known = {s.name: s for s in specs}
    unknown = Msg.of("options-unknown", known=", ".join(known))
    if not known:
        unknown = Msg.of("options-unknown-none")
    for name in given:
        if name not in known:
            problems.add(f"{path}.{name}", unknown)
    out = {
        s.name: s.validate(given[s.name], problems, f"{path}.{s.name}")
        if s.name in given
        else deepcopy(s.default)
        for s in specs
    }
    problems.raise_options()
    return out


def read_options(specs: tuple[OptionSpec, ...], given: Any, problems: Problems) -> dict[str, Any]:
    """Options of a state document: problems join the document's, defaults stand in. A state
    leaves ``options`` out for the defaults; ``null`` is no options object (issue 23: the
    state schemas refuse it, so the codec does too)."""
    if given is None:
        problems.add("$.options", Msg.of("options-null"))
        return {s.name: deepcopy(s.default) for s in specs}
    try:
        return validate_options(specs, given)
    except InvalidOptions as exc:
        for problem in exc.problems:
            problems.add(problem.path, problem.why)
        return {s.name: deepcopy(s.default) for s in specs}
