"""Decode speed: ``engine.decode`` over the encoded documents of seeded random games, per game.

Decoding is on every request's path (a client sends its state); issue 23 moved its structural
checks into one field description per game (``service/games/core/fields.py``), which must not
cost more than noise. ``python -m bench.decode`` prints µs per document, best of 7.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from service.games import REGISTRY

from .common import best_of, playout_positions

COUNT = 200


def documents(game: str, count: int) -> list[Any]:
    engine = REGISTRY[game]
    # A document as a client sends it: parsed from JSON text, so no structure is shared.
    return [json.loads(json.dumps(engine.encode(s))) for s in playout_positions(engine, count, 23)]


def run(quick: bool = False) -> None:
    count = 40 if quick else COUNT
    for game in sorted(REGISTRY):
        engine = REGISTRY[game]
        docs = documents(game, count)

        def decode_all(engine: Any = engine, docs: list[Any] = docs) -> None:
            for doc in docs:
                engine.decode(doc)

        seconds = best_of(decode_all, 3 if quick else 7)
        size = sum(len(json.dumps(d)) for d in docs) / len(docs)
        print(f"decode {game:<18} {seconds * 1e6 / len(docs):8.1f} µs/document  ({size:,.0f} B)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m bench.decode", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer documents (a smoke run)")
    run(quick=parser.parse_args().quick)
