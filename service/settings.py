"""Every setting, read from the environment once at start (see README "Settings")."""

from __future__ import annotations

import hmac
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from hashlib import sha256

from .limits import ITERATION_PLIES, POSITION_COST

_INT = re.compile(r"-?[0-9]+")
# What MAX_HEADER_BYTES leaves for the headers beside a GraphQL GET document in the URL.
HEAD_ROOM = 16 * 1024
_BOOL = {"true": True, "1": True, "yes": True, "on": True}
_BOOL |= {"false": False, "0": False, "no": False, "off": False}
_ORIGIN = re.compile(
    r"https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?|https?://\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?"
)


@dataclass(frozen=True, slots=True)
class Settings:
    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1
    log_level: str = "info"
    log_format: str = "text"
    # May carry a password (redis://:secret@host): never in a repr or a log line.
    redis_url: str | None = field(default=None, repr=False)
    redis_cluster: bool = False
    cache_entries: int = 50_000
    # Estimated bytes of the in-process results, per worker. A third of the Deployment's
    # 768 MiB limit: a worker is ~65 MB at start, and the rest holds the GraphQL documents (at
    # most 72 MiB), the decoded-state LRU (~8 MB), Te-Trix's placement tables (32 MiB),
    # requests in flight (a 1 MiB body decodes to several MB) and what the allocator keeps
    # after evictions (docs/caching.md).
    cache_max_bytes: int = 256 * 1024 * 1024
    # Estimated bytes of whole answers kept by their request's bytes, per worker (tier 0: a
    # hit skips parsing; service/api/answers.py). Counted beside CACHE_MAX_BYTES.
    answer_cache_bytes: int = 32 * 1024 * 1024
    cache_ttl: int = 3600
    cache_max_value_bytes: int = 256 * 1024
    redis_timeout_ms: int = 50
    redis_breaker_seconds: int = 5
    redis_min_cost_us: int = 250
    prewarm_depth: int = 0
    max_body_bytes: int = 1024 * 1024
    max_header_bytes: int = 128 * 1024
    max_headers: int = 100
    max_pipelined: int = 64
    max_moves: int = 5_000
    max_work: int = 10_000
    graphql_max_bytes: int = 32 * 1024
    graphql_max_tokens: int = 2_000
    graphql_max_depth: int = 12
    graphql_max_aliases: int = 20
    graphql_max_root_fields: int = 10
    suggest_max_budget: int = 160
    search_max_cpu_ms: int = 800
    # CPU time all the searches of one analyze request may use together (a position each).
    analyze_max_cpu_ms: int = 30_000
    compute_threads: int = 2
    # A computation predicted at this many µs of CPU or more runs in a compute thread, off
    # the event loop: its game and operation's measured cost per unit (a legal-moves
    # answer's moves) times its own units. Lower thresholds cost more than they save: the
    # loop and the threads share the interpreter lock (docs/performance.md, issue 26).
    offload_min_cost_us: int = 10_000
    # Secrets never appear in a repr or an error message.
    rules_secret: str | None = field(default=None, repr=False)
    rules_previous_secrets: str | None = field(default=None, repr=False)
    # Authenticates what the replicas store in Redis (cache_mac_key).
    cache_secret: str | None = field(default=None, repr=False)
    require_signed_state: bool = False
    cors_origins: str | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Reads ``HOST``, ``PORT``, ``WORKERS``, ``REDIS_URL``, … (upper-case field names)."""
        env = os.environ if env is None else env
        values: dict[str, object] = {}
        problems: list[str] = []
        for f in fields(cls):
            name = f.name.upper()
            raw = env.get(name)
            if raw is None or not raw.strip():
                continue
            if f.type == "int":
                if not _INT.fullmatch(raw.strip()):
                    problems.append(f"{name} must be an integer, got {raw!r}")
                    continue
                values[f.name] = int(raw)
            elif f.type == "bool":
                word = raw.strip().lower()
                if word not in _BOOL:
                    problems.append(
                        f"{name} must be true or false (also 1/0, yes/no, on/off), got {raw!r}"
                    )
                    continue
                values[f.name] = _BOOL[word]
            else:
                values[f.name] = raw
        if problems:
            raise SystemExit("invalid settings: " + "; ".join(problems))
        settings = cls(**values)  # type: ignore[arg-type]
        settings.check()
        return settings

    def cors_origin_list(self) -> list[str]:
        """``CORS_ORIGINS``: ``*`` or comma-separated origins such as ``https://a.example``."""
        return [o.strip() for o in (self.cors_origins or "").split(",") if o.strip()]

    def previous_secret_list(self) -> list[str]:
        """``RULES_PREVIOUS_SECRETS``: comma-separated secrets that verify but sign no new game."""
        return [] if self.rules_previous_secrets is None else self.rules_previous_secrets.split(",")

    def cache_mac_key(self) -> bytes | None:
        """The key Redis values are authenticated with, the same in every replica that shares
        the Redis: ``CACHE_SECRET``'s, else one derived from ``RULES_SECRET``; None without
        either. Each is an HMAC of a label of its own, so it is never a signing key, and it
        tells nothing about the secret it came from (every message the service signs is a
        JSON document or starts with another label)."""
        for name, secret in (
            ("CACHE_SECRET", self.cache_secret),
            ("RULES_SECRET", self.rules_secret),
        ):
            if secret:
                label = b"regelwerk-cache-mac\x00" + name.encode()
                return hmac.new(secret.encode(), label, sha256).digest()
        return None

    def check(self) -> None:
        problems = _secret_problems(self)
        for origin in self.cors_origin_list():
            if origin != "*" and not _ORIGIN.fullmatch(origin):
                problems.append(
                    f"CORS_ORIGINS: {origin!r} is not an origin (scheme://host[:port], no path) "
                    "or *"
                )
        if not 1 <= self.port <= 65535:
            problems.append("PORT must be 1..65535")
        if self.workers < 1:
            problems.append("WORKERS must be at least 1")
        if min(self.cache_entries, self.cache_max_bytes, self.answer_cache_bytes) < 0:
            problems.append(
                "CACHE_ENTRIES, CACHE_MAX_BYTES and ANSWER_CACHE_BYTES must be 0 (off) or more"
            )
        if self.redis_url and self.cache_mac_key() is None:
            problems.append(
                "REDIS_URL needs CACHE_SECRET (or RULES_SECRET, from which a cache key is "
                "derived): every replica authenticates what it reads from Redis with it"
            )
        if self.redis_url is not None and not self.redis_url.startswith(
            ("redis://", "rediss://", "unix://")
        ):
            problems.append("REDIS_URL must start with redis://, rediss:// or unix://")
        if self.redis_timeout_ms < 1 or self.redis_breaker_seconds < 0:
            problems.append("REDIS_TIMEOUT_MS must be >= 1 and REDIS_BREAKER_SECONDS >= 0")
        if self.cache_ttl < 1 or self.cache_max_value_bytes < 1:
            problems.append("CACHE_TTL and CACHE_MAX_VALUE_BYTES must be at least 1")
        if not 0 <= self.prewarm_depth <= 4:
            problems.append("PREWARM_DEPTH must be 0 to 4")
        if self.max_body_bytes < 1024:
            problems.append("MAX_BODY_BYTES must be at least 1024")
        if self.max_header_bytes < 3 * self.graphql_max_bytes + HEAD_ROOM:
            problems.append(
                f"MAX_HEADER_BYTES must be at least 3 x GRAPHQL_MAX_BYTES + {HEAD_ROOM} (a "
                "GraphQL GET at its size limit, percent-encoded, with its headers)"
            )
        if self.max_headers < 16 or self.max_pipelined < 1:
            problems.append("MAX_HEADERS must be at least 16 and MAX_PIPELINED at least 1")
        if self.search_max_cpu_ms < 1 or self.compute_threads < 1 or self.analyze_max_cpu_ms < 1:
            problems.append(
                "SEARCH_MAX_CPU_MS, ANALYZE_MAX_CPU_MS and COMPUTE_THREADS must be at least 1"
            )
        if self.offload_min_cost_us < 0:
            problems.append("OFFLOAD_MIN_COST_US must be 0 (every computation) or more")
        if self.suggest_max_budget < 1:
            problems.append("SUGGEST_MAX_BUDGET must be at least 1")
        # a search reserves its plies of work an iteration, and its position costs more
        elif self.suggest_max_budget * ITERATION_PLIES + POSITION_COST > self.max_work:
            problems.append(
                f"SUGGEST_MAX_BUDGET x {ITERATION_PLIES} + {POSITION_COST} must fit in MAX_WORK "
                f"(a search reserves a ply budget of {ITERATION_PLIES} an iteration): raise "
                "MAX_WORK or lower SUGGEST_MAX_BUDGET"
            )
        if self.max_work < self.max_moves + 1000:
            problems.append("MAX_WORK must be at least MAX_MOVES + 1000 (a full replay fits)")
        if (
            min(
                self.graphql_max_bytes,
                self.graphql_max_tokens,
                self.graphql_max_depth,
                self.graphql_max_aliases + 1,
                self.graphql_max_root_fields,
            )
            < 1
        ):
            problems.append("GRAPHQL_MAX_* must be at least 1 (GRAPHQL_MAX_ALIASES at least 0)")
        if self.max_moves < 1:
            problems.append("MAX_MOVES must be at least 1")
        if self.require_signed_state and not self.rules_secret:
            problems.append("REQUIRE_SIGNED_STATE needs RULES_SECRET")
        if self.log_level.lower() not in ("critical", "error", "warning", "info", "debug"):
            problems.append("LOG_LEVEL must be critical, error, warning, info or debug")
        if self.log_format.lower() not in ("text", "json"):
            problems.append(f"LOG_FORMAT must be text or json, got {self.log_format!r}")
        if problems:
            raise SystemExit("invalid settings: " + "; ".join(problems))


def _secret_problems(settings: Settings) -> list[str]:
    """What is wrong with the secrets, each named by its position, never by its value."""
    previous = settings.previous_secret_list()
    problems = []
    if previous and not settings.rules_secret:
        problems.append("RULES_PREVIOUS_SECRETS needs RULES_SECRET (the secret that signs)")
    if settings.cache_secret is not None and len(settings.cache_secret) < 16:
        # whoever reads Redis sees values and their tags, and can guess a short key offline
        problems.append("CACHE_SECRET must be at least 16 characters (token_urlsafe(32) makes one)")
    if settings.cache_secret and settings.cache_secret in {settings.rules_secret, *previous}:
        problems.append(
            "CACHE_SECRET repeats RULES_SECRET or RULES_PREVIOUS_SECRETS (one leaked secret "
            "would then be both): give it its own, or leave it unset to derive one"
        )
    seen = {settings.rules_secret}
    for i, secret in enumerate(previous, 1):
        where = f"RULES_PREVIOUS_SECRETS: secret {i} of {len(previous)}"
        if not secret.strip():
            problems.append(f"{where} is empty")
        elif secret != secret.strip():
            problems.append(f"{where} has spaces around it (the list takes none)")
        elif secret in seen:
            problems.append(f"{where} repeats RULES_SECRET or an earlier secret")
        seen.add(secret)
    return problems
