"""What the in-process cache costs and saves per operation (DESIGN.md: a lookup must never
cost more than the computation it saves). Each figure is the whole operation as the API layer
runs it for a client's state document: signature check, canonical key, then a hit or a decode
and the engine call."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from service.api.ops import Rules
from service.cache import Cache
from service.games import REGISTRY
from service.settings import Settings

from .common import best_of, playout_positions

OPS: dict[str, Callable[[Rules, Any], Any]] = {
    "legal-moves": lambda rules, loaded: rules.legal_moves(loaded, None),
    "position": lambda rules, loaded: rules.position_of(loaded),
    "score": lambda rules, loaded: rules.score(loaded),
}


def _time(rules: Rules, engine: Any, docs: list[Any], call: Callable[[Rules, Any], Any]) -> float:
    """Best time per document, in µs, of loading it and running ``call``."""

    def each() -> None:
        for doc in docs:
            call(rules, rules.load(engine, doc))

    return best_of(each) / len(docs) * 1e6


def run(quick: bool = False) -> None:
    n = 200 if quick else 1000
    for engine in REGISTRY.values():
        docs = [engine.encode(s) for s in playout_positions(engine, n, seed=2)]
        cold = Rules(Settings(), Cache(0))
        warm = Rules(Settings(), Cache(len(docs) * 4))
        for op, call in OPS.items():
            _time(warm, engine, docs, call)  # fills the cache
            computed = _time(cold, engine, docs, call)
            hit = _time(warm, engine, docs, call)
            print(
                f"{engine.id:<18} {op:<12} computed {computed:8.1f} µs   memory hit "
                f"{hit:6.1f} µs   ratio {computed / hit:5.1f}×"
            )
