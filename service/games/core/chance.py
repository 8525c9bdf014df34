"""Seeded sampling of chance nodes: a keyed hash of (seed, chance index).

The same seed replays the same game; a service secret mixed into the key makes the outcomes
unpredictable for anyone who knows only the seed. Without a secret (``b""``) the key is public:
anyone who knows the seed computes every outcome. After a rotation a game keeps sampling with
the secret it started with (``service.api.keys``).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from hashlib import blake2b
from typing import TypeVar

T = TypeVar("T")

_SCALE = 1 << 64


def unit(seed: str, index: int, secret: bytes = b"") -> Fraction:
    """A reproducible number in [0, 1) for chance event ``index`` of the game seeded ``seed``."""
    key = blake2b(secret, digest_size=32, person=b"regelwerk-chance").digest()
    h = blake2b(key=key, digest_size=8)
    h.update(seed.encode())
    h.update(b"\x00")
    h.update(str(index).encode())
    return Fraction(int.from_bytes(h.digest(), "big"), _SCALE)


def pick(outcomes: Sequence[tuple[T, Fraction]], u: Fraction) -> T:
    """The outcome whose cumulative probability interval holds ``u``."""
    if not outcomes:
        raise ValueError("a chance node without outcomes")
    total = Fraction(0)
    for outcome, p in outcomes:
        total += p
        if u < total:
            return outcome
    return outcomes[-1][0]
