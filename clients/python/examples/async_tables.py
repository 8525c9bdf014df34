"""Hosts several seeded Tric Trac tables at once over one pooled connection, then asks GraphQL.

python examples/async_tables.py [BASE_URL]     (default: $REGELWERK_URL or :8000)
"""

from __future__ import annotations

import asyncio
import os
import sys

from regelwerk_client import AsyncRegelwerk, Position, TransportError

SCORES = """
query Scores($state: JSON!) {
  position(game: "tric-trac", state: $state) {
    ... on Position { status scores toMove }
  }
}
"""


async def table(rw: AsyncRegelwerk, seed: str, turns: int) -> Position:
    """Plays ``turns`` turns; the service rolls the dice from the seed."""
    pos: Position = await rw.new_game("tric-trac", seed=seed)
    for _ in range(turns):
        mover = pos["toMove"][0]
        legal = await rw.legal_moves("tric-trac", pos["state"], player=mover)
        pos = await rw.play("tric-trac", pos["state"], legal["moves"][0]["move"], player=mover)
    return pos


async def main(base_url: str) -> None:
    async with AsyncRegelwerk(base_url, timeout=5.0) as rw:
        seeds = [f"table-{n}" for n in range(4)]
        positions = await asyncio.gather(*(table(rw, seed, 6) for seed in seeds))
        for seed, pos in zip(seeds, positions, strict=True):
            data = await rw.graphql(SCORES, {"state": pos["state"]}, persisted=True)
            print(f"{seed}: {data['position']}")


if __name__ == "__main__":
    url = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("REGELWERK_URL", "")
    try:
        asyncio.run(main(url or "http://127.0.0.1:8000"))
    except TransportError as failure:
        sys.exit(f"no Regelwerk service answered: {failure}")
