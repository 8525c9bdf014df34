"""Pre-warming the cache with hot positions: every game's opening and its first plies."""

from __future__ import annotations

import logging
from typing import Any

from .errors import ServiceError
from .ops import Rules

log = logging.getLogger("regelwerk.cache")


async def prewarm(rules: Rules, depth: int, limit: int = 20_000) -> int:
    """Computes Position and legal moves for positions up to ``depth`` plies from each
    game's opening (chance outcomes count as plies); at most ``limit`` per game."""
    total = 0
    for engine in rules.registry.values():
        frontier: list[Any] = [engine.new()]
        seen: set[bytes] = set()
        for ply in range(depth + 1):
            following: list[Any] = []
            for state in frontier:
                loaded = rules.loaded(engine, state)
                if loaded.canonical in seen or len(seen) >= limit:
                    continue
                seen.add(loaded.canonical)
                await rules.position_of(loaded)
                try:
                    await rules.legal_moves(loaded, None)
                except ServiceError:
                    continue  # a simultaneous phase needs a player: nothing general to warm
                if ply < depth:
                    following.extend(_children(engine, state))
            frontier = following
        total += len(seen)
    log.info("pre-warmed %d positions (depth %d)", total, depth)
    return total


def _children(engine: Any, state: Any) -> list[Any]:
    if engine.is_chance(state):
        moves = [m for m, _ in engine.chance_outcomes(state)]
    else:
        moves = list(engine.legal_moves(state))
    return [engine.apply(state, m).state for m in moves]
