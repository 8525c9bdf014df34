"""What the in-process cache costs and saves per operation (DESIGN.md: a lookup must never
cost more than the computation it saves). Each figure is the whole operation as the API layer
runs it for a client's state document: signature check, canonical key, then a hit or a decode
and the engine call."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from service.api.ops import Rules
from service.cache import Cache
from service.games import REGISTRY
from service.settings import Settings

from .common import best_of, playout_positions

# (rules, loaded state, a player who may act or None) -> the operation's answer
Op = Callable[[Rules, Any, "int | None"], Awaitable[Any]]
OPS: dict[str, Op] = {
    "legal-moves": lambda rules, loaded, player: rules.legal_moves(loaded, player),
    "position": lambda rules, loaded, player: rules.position_of(loaded),
    "score": lambda rules, loaded, player: rules.score(loaded),
}


class _Timer:
    def __init__(
        self, loop: asyncio.AbstractEventLoop, engine: Any, docs: list[tuple[Any, int | None]]
    ) -> None:
        self.loop, self.engine, self.docs = loop, engine, docs

    def per_doc(self, rules: Rules, call: Op) -> float:
        """Best time per document, in µs, of loading it and running ``call``."""

        async def each() -> None:
            for doc, player in self.docs:
                await call(rules, rules.load(self.engine, doc), player)

        return best_of(lambda: self.loop.run_until_complete(each())) / len(self.docs) * 1e6


def run(quick: bool = False) -> None:
    loop = asyncio.new_event_loop()
    n = 200 if quick else 1000
    for engine in REGISTRY.values():
        docs = [
            (engine.encode(s), (engine.to_move(s) or (None,))[0])
            for s in playout_positions(engine, n, seed=2)
        ]
        timer = _Timer(loop, engine, docs)
        cold = Rules(Settings(), Cache(0))
        warm = Rules(Settings(), Cache(len(docs) * 4))
        for op, call in OPS.items():
            timer.per_doc(warm, call)  # fills the cache
            computed = timer.per_doc(cold, call)
            hit = timer.per_doc(warm, call)
            print(
                f"{engine.id:<18} {op:<12} computed {computed:8.1f} µs   memory hit "
                f"{hit:6.1f} µs   ratio {computed / hit:5.1f}×"
            )
    loop.close()
