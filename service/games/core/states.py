"""How a game's state class is declared: ``search_state``, shared by every game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar, dataclass_transform

T = TypeVar("T")


@dataclass_transform(frozen_default=True)
def search_state(cls: type[T]) -> type[T]:
    """A slotted dataclass that mypy holds frozen (assigning a field is a type error) and that
    hashes like a frozen one, but whose ``__init__`` stores plain slots: a frozen dataclass sets
    each field through ``object.__setattr__``, five times the cost, and search and replays make
    one state per move (Mixtour perft(5): 345,097; a record of 75 moves as many, each by
    ``dataclasses.replace``, which calls ``__init__``)."""
    return dataclass(slots=True, unsafe_hash=True)(cls)
