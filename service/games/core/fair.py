"""Fair chance: outcomes anyone can check after the game (commit, reveal, derive).

A fair game's chance comes from a *server seed*: 32 bytes only the service can make (an HMAC of
the game's identity under the service's secret), kept out of every answer until the game is
finished. ``newGame`` answers with its *commitment*, the SHA-256 of the server seed, and the
players' *contributions* (texts each player may add, at ``newGame`` or, in a game started
``open``, after the commitment and before the first chance event); a finished state, and
``verify``, reveal the server seed. The server seed does not depend on the contributions, so
one given after the commitment changes every outcome but not the commitment. Chance event
``index`` (the state's ``chances`` before it) is then

    r = HMAC-SHA256(server seed, JSON [game, seed, contributions, index, attempt]) as an integer

for attempt 0, 1, … until ``r`` is below the largest multiple of ``total`` under 2**256 (so
``r mod total`` is uniform: rejection sampling, no bias), and the outcome is the one whose
share of ``total`` holds ``r mod total``, in the order the position lists its chance outcomes,
where ``total`` is the least common denominator of their probabilities and an outcome of
probability p holds p·total values. Everything but the server seed is in the record, so anyone
who holds the record checks every throw, roll, deal and draw with these few lines of Python and
no secret at all (docs/records.md, "Fair chance"); the commitment keeps the service from
choosing the server seed after the game, and the contributions, which go into every outcome,
from choosing it alone.

This module is the derivation only; the service's secret, the state documents and the records
are the API layer's.
"""

from __future__ import annotations

import hmac
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from hashlib import sha256
from math import lcm
from typing import Any, NamedTuple, TypeVar

T = TypeVar("T")

SEED_BYTES = 32  # a server seed, and so a reveal of 64 hex digits; a commitment is SHA-256's
_SEED_LABEL = b"regelwerk-fair-seed\x00"
_SPACE = 1 << 256  # what one HMAC-SHA256 draws from


def server_seed(
    secret: bytes,
    game: str,
    players: int,
    options: Mapping[str, Any],
    seed: str,
    contributions: Sequence[str | None] | None = None,
) -> bytes:
    """The server seed of a fair game: the service's HMAC of the game's identity (its id,
    players, options and seed), so two games differing in any of them never share one.

    Contributions are not part of it, so they may come after the commitment; ``contributions``
    gives the server seed of a game committed before that (its identity held them), which
    stays the one its commitment binds."""
    identity: list[Any] = [game, players, dict(options), seed]
    if contributions is not None:
        identity.append(list(contributions))
    return hmac.new(secret, _SEED_LABEL + _json(identity), sha256).digest()


def commitment(seed: bytes) -> str:
    """What ``newGame`` publishes of a server seed: its SHA-256, in hex."""
    return sha256(seed).hexdigest()


def reveals(reveal: str, committed: str) -> bool:
    """Whether ``reveal`` (hex) is the server seed ``committed`` commits to."""
    try:
        seed = bytes.fromhex(reveal)
    except ValueError:
        return False
    return len(seed) == SEED_BYTES and hmac.compare_digest(commitment(seed), committed)


def draw(
    seed: bytes,
    game: str,
    game_seed: str,
    contributions: Sequence[str | None],
    index: int,
    total: int,
) -> int:
    """A uniform integer in [0, total) for chance event ``index``, by rejection sampling."""
    if total < 1:
        raise ValueError("a draw needs at least one value")
    limit = _SPACE - _SPACE % total
    attempt = 0
    while True:
        message = _json([game, game_seed, list(contributions), index, attempt])
        r = int.from_bytes(hmac.new(seed, message, sha256).digest(), "big")
        if r < limit:
            return r % total
        attempt += 1  # at most once in 2**192 draws for any total a game has


def choose(outcomes: Sequence[tuple[T, Fraction]], r: int, total: int) -> T:
    """The outcome whose share of ``total`` holds ``r`` (``shares`` gives ``total``)."""
    for outcome, p in outcomes:
        share = p.numerator * (total // p.denominator)
        if r < share:
            return outcome
        r -= share
    raise ValueError("the probabilities do not sum to 1")


def shares(outcomes: Sequence[tuple[Any, Fraction]]) -> int:
    """The least common denominator of the outcomes' probabilities: the values one draw
    chooses among, ``p·total`` for an outcome of probability ``p``."""
    if not outcomes:
        raise ValueError("a chance node without outcomes")
    total = lcm(*(p.denominator for _, p in outcomes))
    if sum(p.numerator * (total // p.denominator) for _, p in outcomes) != total:
        raise ValueError("the probabilities do not sum to 1")
    return total


@dataclass(frozen=True, slots=True)
class Fair:
    """What a fair game's state and record carry: the commitment, each player's contribution
    (None: that player gave none) and, once the game is finished, the server seed revealed.

    A state adds where it stands in its game: ``ply``, the moves applied since the start
    (chance outcomes too), and ``parent``, the digest of the state one ply before (None at
    the start), so two different successors of one state show (``verify``'s ``history``);
    and ``awaiting``, the seats whose contribution a game started open still waits for
    (chance is drawn only once none is awaited). A record carries neither."""

    commitment: str
    contributions: tuple[str | None, ...]
    reveal: str | None = None
    awaiting: tuple[int, ...] = ()
    ply: int | None = None
    parent: str | None = None

    def doc(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "commitment": self.commitment,
            "contributions": list(self.contributions),
        }
        if self.reveal is not None:
            out["reveal"] = self.reveal
        if self.awaiting:
            out["awaiting"] = list(self.awaiting)
        if self.ply is not None:
            out["ply"] = self.ply
        if self.parent is not None:
            out["parent"] = self.parent
        return out

    def game(self) -> Fair:
        """The game's part alone (commitment, contributions, reveal), as a record has it."""
        return Fair(self.commitment, self.contributions, self.reveal)

    @classmethod
    def of(cls, doc: Mapping[str, Any]) -> Fair:
        """From a document the ``fair`` field has read (its shape is checked there)."""
        return cls(
            doc["commitment"],
            tuple(doc.get("contributions") or ()),
            doc.get("reveal"),
            tuple(doc.get("awaiting") or ()),
            doc.get("ply"),
            doc.get("parent"),
        )


class Start(NamedTuple):
    """What ``newGame`` takes to start a fair game: the players' contributions so far and
    whether to wait for the others (``open``) before the first chance event."""

    contributions: tuple[str | None, ...] = ()
    open: bool = False


class FairDice:
    """Samples a fair game's chance: from the server seed itself (a revealed one, offline), or
    from the service's secret, which makes it from the game's identity at the first draw."""

    __slots__ = ("_committed", "_secret", "_seed", "contributions")

    def __init__(
        self,
        contributions: Sequence[str | None],
        *,
        secret: bytes | None = None,
        seed: bytes | None = None,
        committed: str | None = None,
    ) -> None:
        if (secret is None) == (seed is None):
            raise ValueError("fair dice take a secret or a server seed")
        self.contributions = tuple(contributions)
        self._secret = secret
        self._seed = seed
        self._committed = committed

    def server_seed(self, game: Any, state: Any) -> bytes:
        """The game's server seed (``game``: the engine, ``state``: any state of the game):
        with a secret, the one ``committed`` commits to when that is the commitment of a game
        made before contributions left the server seed, else today's."""
        if self._seed is None:
            assert self._secret is not None
            identity = (
                self._secret,
                game.id,
                game.player_count(state),
                game.encode(state)["options"],
                state.seed,
            )
            self._seed = server_seed(*identity)
            if self._committed is not None and commitment(self._seed) != self._committed:
                earlier = server_seed(*identity, self.contributions)
                if commitment(earlier) == self._committed:
                    self._seed = earlier
        return self._seed

    def pick(self, game: Any, state: Any, outcomes: Sequence[tuple[T, Fraction]]) -> T:
        """The outcome of the chance node ``state`` is at (its ``chances`` is the index)."""
        total = shares(outcomes)
        r = draw(
            self.server_seed(game, state),
            game.id,
            state.seed,
            self.contributions,
            state.chances,
            total,
        )
        return choose(outcomes, r, total)


def _json(value: Any) -> bytes:
    """JSON as ``json.dumps(value, separators=(",", ":"), ensure_ascii=False,
    sort_keys=True)`` writes it, so the few lines of the docs compute the same bytes."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, sort_keys=True).encode()


__all__ = [
    "SEED_BYTES",
    "Fair",
    "FairDice",
    "Start",
    "choose",
    "commitment",
    "draw",
    "reveals",
    "server_seed",
    "shares",
]
