"""Seeded sampling of chance nodes: a keyed hash of (seed, chance index).

The same seed replays the same game; a service secret mixed into the key makes the outcomes
unpredictable for anyone who knows only the seed. Without a secret (``b""``) the key is public:
anyone who knows the seed computes every outcome. After a rotation a game keeps sampling with
the secret it started with (``service.api.keys``).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from hashlib import blake2b
from math import lcm
from typing import Generic, TypeVar

T = TypeVar("T")

_SCALE = 1 << 64


@lru_cache(maxsize=16)
def _key(secret: bytes) -> bytes:
    """The hash key of a secret (a process has its secret and a few previous ones)."""
    return blake2b(secret, digest_size=32, person=b"regelwerk-chance").digest()


def unit(seed: str, index: int, secret: bytes = b"") -> Fraction:
    """A reproducible number in [0, 1) for chance event ``index`` of the game seeded ``seed``."""
    h = blake2b(key=_key(secret), digest_size=8)
    h.update(seed.encode())
    h.update(b"\x00")
    h.update(str(index).encode())
    return Fraction(int.from_bytes(h.digest(), "big"), _SCALE)


def pick(outcomes: Sequence[tuple[T, Fraction]], u: Fraction) -> T:
    """The outcome whose cumulative probability interval holds ``u``: the first whose
    cumulative probability exceeds ``u``, compared exactly. The running sum is kept as an
    integer numerator over the least common denominator so far (the 21 throws of two dice
    are 1/36 and 1/18), which costs a few integer operations an outcome where ``Fraction``
    arithmetic normalizes by a gcd at every step; tests/games/test_chance.py holds it equal
    to the ``Fraction`` sum."""
    if not outcomes:
        raise ValueError("a chance node without outcomes")
    un, ud = u.numerator, u.denominator
    total, denominator = 0, 1  # the sum so far is total / denominator
    for outcome, p in outcomes:
        pn, pd = p.numerator, p.denominator
        if denominator % pd:
            common = lcm(denominator, pd)
            total *= common // denominator
            denominator = common
        total += pn * (denominator // pd)
        if un * denominator < total * ud:  # u < total / denominator
            return outcome
    return outcomes[-1][0]


class Seeded:
    """A ``Shuffler`` (``Game.determinize``) for an engine's own judgement, which may not use
    ``random``: draws ``unit(seed, 0)``, ``unit(seed, 1)``, …, so the same seed shuffles
    alike on every machine."""

    __slots__ = ("drawn", "seed")

    def __init__(self, seed: str) -> None:
        self.seed = seed
        self.drawn = 0

    def below(self, n: int) -> int:
        """A number in 0 … n − 1."""
        u = unit(self.seed, self.drawn)
        self.drawn += 1
        return u.numerator * n // u.denominator

    def shuffle(self, x: list[T]) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(x) - 1, 0, -1):
            j = self.below(i + 1)
            x[i], x[j] = x[j], x[i]


MAX_SLOTS = 4096  # a table of fixed outcomes is made once per game; Tric Trac's openings: 1,150


class Slots(Generic[T]):
    """A chance node's fixed outcomes laid out as equal slots: each outcome as many times as
    its probability counts in the least common denominator, in their order (Tric Trac's 21
    throws: 36 slots, a double one and any other two). The slot at index ⌊u · slots⌋ is the
    outcome ``pick(outcomes, u)`` names, since the first ``k`` outcomes fill exactly the slots
    below their cumulative probability times the slots; a game whose outcomes do not change
    with the position samples by one index instead of a running sum."""

    __slots__ = ("slots",)

    def __init__(self, outcomes: Sequence[tuple[T, Fraction]]) -> None:
        denominator = lcm(*(p.denominator for _, p in outcomes))
        if denominator > MAX_SLOTS:
            raise ValueError(f"{denominator} slots: more than {MAX_SLOTS}")
        self.slots = tuple(
            o for o, p in outcomes for _ in range(p.numerator * (denominator // p.denominator))
        )
        if len(self.slots) != denominator:
            raise ValueError("the probabilities do not sum to 1")

    def pick(self, u: Fraction) -> T:
        return self.slots[u.numerator * len(self.slots) // u.denominator]
