"""What cached results really hold in memory, against their JSON length (the estimate of
service/cache: ``MEMORY_PER_JSON_BYTE``). Run it to print the table docs/caching.md quotes:

    PYTHONPATH=$PWD .venv/bin/python -m tests.cache.sizes [positions per game, default 40]

Memory is measured with tracemalloc as what dropping the result frees, once as the engine
computed it and once as parsed from its JSON (what a Redis hit keeps).
"""

from __future__ import annotations

import asyncio
import gc
import random
import sys
import tracemalloc
from collections.abc import Callable, Iterator
from typing import Any

from bench.common import playout_positions
from service import jsonio
from service.api.ops import Rules
from service.cache import Cache
from service.games import REGISTRY
from service.settings import Settings

OPS = ("legal-moves", "position", "score")
# (label, game, players, options): every game as it starts by default, and the largest
# entries there are (Te-Trix 12x12 with four players: a legal-move list of up to 175 KB JSON)
GAMES = [(g, g, None, None) for g in sorted(REGISTRY)] + [
    ("te-trix 12x12x4", "te-trix", 4, {"size": 12})
]


def positions(game: str, players: int | None, options: Any, count: int, seed: int = 3):
    """``count`` (state document, a player who may act) pairs from seeded random games."""
    engine = REGISTRY[game]
    rng = random.Random(seed)
    states = playout_positions(engine, count, seed, players, options)
    return [(engine.encode(s), rng.choice(engine.to_move(s))) for s in states]


def results(
    game: str,
    players: int | None,
    options: Any,
    count: int,
    docs: list[tuple[dict[str, Any], int | None]] | None = None,
) -> Iterator[tuple[str, Callable[[], dict[str, Any]]]]:
    """(operation, a function computing its result afresh) for ``count`` positions (or for
    ``docs``, made beforehand)."""
    rules = Rules(Settings(), Cache(0))
    engine = REGISTRY[game]
    loop = asyncio.new_event_loop()
    calls = {
        "legal-moves": lambda loaded, player: rules.legal_moves(loaded, player),
        "position": lambda loaded, player: rules.summary(loaded),
        "score": lambda loaded, player: rules.score(loaded),
    }
    try:
        for doc, player in docs if docs is not None else positions(game, players, options, count):
            for op in OPS:

                def compute(op: str = op, doc: Any = doc, player: int | None = player) -> Any:
                    return loop.run_until_complete(calls[op](rules.load(engine, doc), player))

                yield op, compute
    finally:
        loop.close()


def grown_by(run: Callable[[], object]) -> int:
    """The bytes ``run()`` leaves allocated (what it made and something still holds), by
    tracemalloc, started and stopped here; cycles collected before and after."""
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        run()
        gc.collect()
        return int(tracemalloc.get_traced_memory()[0] - before)
    finally:
        tracemalloc.stop()


def held(make: Callable[[], Any]) -> tuple[int, Any]:
    """The bytes that dropping ``make()``'s result frees (tracemalloc must be tracing), and a
    copy of it as JSON."""
    gc.collect()
    value = make()
    data = jsonio.dumps(value)
    gc.collect()
    before = tracemalloc.get_traced_memory()[0]
    del value
    gc.collect()
    return before - tracemalloc.get_traced_memory()[0], data


def alone(value: Any) -> Any:
    """``value`` as the only holder of its answer entries: the entries the engines keep
    (``Game.offered``) are forgotten, as they are when their memo fills, so what dropping
    ``value`` frees is the most a cached result can hold."""
    for engine in REGISTRY.values():
        engine._forget_offers()
    return value


def measure(count: int) -> dict[tuple[str, str], list[tuple[int, int, int]]]:
    """(label, op) -> [(JSON bytes, memory computed, memory parsed)] for each position."""
    out: dict[tuple[str, str], list[tuple[int, int, int]]] = {}
    # the positions first: playing the games under tracemalloc would cost most of the time
    docs = {label: positions(game, p, o, count) for label, game, p, o in GAMES}
    started = tracemalloc.is_tracing()
    if not started:
        tracemalloc.start()
    try:
        for label, game, players, options in GAMES:
            for op, compute in results(game, players, options, count, docs[label]):
                computed, data = held(lambda compute=compute: alone(compute()))
                parsed, _ = held(lambda data=data: jsonio.loads(data))
                out.setdefault((label, op), []).append((len(data), computed, parsed))
    finally:
        if not started:
            tracemalloc.stop()
    return out


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    print(f"{'game':<18} {'op':<12} {'JSON avg':>9} {'JSON max':>9}  memory/JSON computed, parsed")
    for (label, op), rows in measure(count).items():
        computed = [m / n for n, m, _ in rows]
        parsed = [p / n for n, _, p in rows]
        print(
            f"{label:<18} {op:<12} {sum(n for n, _, _ in rows) / len(rows):>9.0f} "
            f"{max(n for n, _, _ in rows):>9}  {min(computed):4.1f}-{max(computed):4.1f}  "
            f"{min(parsed):4.1f}-{max(parsed):4.1f}"
        )


if __name__ == "__main__":
    main()
