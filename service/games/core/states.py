"""How a game's state class is declared (``search_state``) and changed (``evolve``), shared by
every game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")


@dataclass_transform(frozen_default=True)
def search_state(cls: type[T]) -> type[T]:
    """A slotted dataclass that mypy holds frozen (assigning a field is a type error) and that
    hashes like a frozen one, but whose ``__init__`` stores plain slots: a frozen dataclass sets
    each field through ``object.__setattr__``, five times the cost, and search and replays make
    one state per move (Mixtour perft(5): 345,097; a record of 75 moves as many, each by
    ``dataclasses.replace``, which calls ``__init__``)."""
    return dataclass(slots=True, unsafe_hash=True)(cls)


def evolve(state: T, /, **changes: Any) -> T:
    """``dataclasses.replace(state, **changes)`` for a search state, at under half its cost:
    the fields ``__init__`` takes are read in one C-level call, not one ``getattr`` each after
    a look at every field's kind (2.1 against 0.9 µs a 14-field state, by timeit). The fields
    ``__init__`` does not take start again from their defaults, as with ``replace``; an
    unknown name is a ``TypeError``. tests/games/test_states.py holds it equal to
    ``replace``."""
    cls = type(state)
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _PLANS[cls] = _plan(cls)
    read, index = plan
    values = list(read(state))
    for name, value in changes.items():
        i = index.get(name)
        if i is None:
            raise TypeError(f"{cls.__name__} has no field {name!r} to set")
        values[i] = value
    return cls(*values)


def _plan(cls: type) -> tuple[Callable[[Any], tuple[Any, ...]], dict[str, int]]:
    names = tuple(f.name for f in fields(cls) if f.init)
    if len(names) < 2:  # attrgetter of one name returns the value, not a tuple
        raise TypeError(f"{cls.__name__}: evolve needs two fields or more")
    return attrgetter(*names), {name: i for i, name in enumerate(names)}


_PLANS: dict[type, tuple[Callable[[Any], tuple[Any, ...]], dict[str, int]]] = {}
