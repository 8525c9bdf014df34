"""Signing keys: ``RULES_SECRET`` signs new games, ``RULES_PREVIOUS_SECRETS`` still verify.

A signature is ``<kid>.<hmac>``: ``kid`` names the key (8 hex digits derived from the secret,
so it says nothing usable about it), ``hmac`` is HMAC-SHA256 of the canonical state document.

A game keeps the key it started with: the states derived from a signed state are signed with
the same key, and its chance is sampled with that key's secret. So a rotation (the new secret
in ``RULES_SECRET``, the old one moved to ``RULES_PREVIOUS_SECRETS``) neither breaks games in
progress nor changes their dice, and ``replay`` with ``keyId`` reproduces a game of any
configured key, rolling its dice; only the current key signs a game started that way (the
answers for a retired key's game come unsigned: it signs no new game). A key removed from
the settings ends the games that use it (STATE_TAMPERED).
"""

from __future__ import annotations

import hmac
from collections.abc import Sequence
from dataclasses import dataclass, field
from hashlib import sha256
from typing import Any

from ..games.core.text import Msg
from .errors import ServiceError, invalid_request


def key_id(secret: bytes) -> str:
    """The public name of a secret (domain-separated from the signatures it makes)."""
    return sha256(b"regelwerk-key-id\x00" + secret).hexdigest()[:8]


@dataclass(frozen=True, slots=True)
class Key:
    kid: str
    secret: bytes = field(repr=False)

    def sign(self, body: bytes) -> str:
        return f"{self.kid}.{hmac.new(self.secret, body, sha256).hexdigest()}"


class Keyring:
    """The configured keys: ``current`` signs new games; every key verifies."""

    def __init__(self, current: str | None, previous: Sequence[str] = ()) -> None:
        secrets = [s.encode() for s in ([current] if current else []) + list(previous)]
        keys = [Key(key_id(s), s) for s in secrets]
        self.by_kid = {k.kid: k for k in keys}
        if len(self.by_kid) != len(keys):
            # Settings refuse equal secrets; two different ones sharing 32 bits is ~1 in 4e9.
            raise ValueError("two configured secrets share a key id: replace one of them")
        self.current: Key | None = keys[0] if current else None

    def __bool__(self) -> bool:
        return self.current is not None

    def verify(self, sig: Any, body: bytes) -> Key:
        """The key that made ``sig`` over ``body``; STATE_TAMPERED when none did."""
        kid, _, _ = sig.partition(".") if isinstance(sig, str) else ("", "", "")
        key = self.by_kid.get(kid)
        if key is None:
            raise ServiceError(
                "STATE_TAMPERED",
                Msg.of("error-unknown-key"),
                {"reason": "UNKNOWN_KEY"},
            )
        if not hmac.compare_digest(sig.encode(), key.sign(body).encode()):
            raise ServiceError(
                "STATE_TAMPERED",
                Msg.of("error-bad-signature"),
                {"reason": "BAD_SIGNATURE"},
            )
        return key

    def named(self, kid: str | None) -> Key | None:
        """The key ``replay`` starts a game with: ``kid``'s, or the current one."""
        if kid is None:
            return self.current
        key = self.by_kid.get(kid)
        if key is None:
            raise invalid_request([{"path": "$.keyId", "reason": Msg.of("request-unknown-key-id")}])
        return key

    def signing(self, key: Key | None) -> Key | None:
        """The key a game started again under ``key`` is signed with: only the current key
        signs new games (a retired key still rolls its games' dice and verifies them)."""
        return key if key is self.current else None

    def sampling(self, key: Key | None) -> bytes:
        """The secret chance is sampled with: the game's key, else the current one."""
        key = key or self.current
        return b"" if key is None else key.secret
