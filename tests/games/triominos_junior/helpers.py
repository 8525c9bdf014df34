"""Building Triominos Junior positions by hand and playing random games for the tests."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from service.games.core import InvalidState, Transition
from service.games.triominos_junior import ENGINE, Move, TriominosState
from service.games.triominos_junior.tiles import DEFAULT_SET, canonical, parse_tile, tile_name

from .. import contract


def position(
    layout: dict[str, str],
    racks: list[list[str]],
    *,
    level: str = "coins",
    to_move: int = 0,
    pool: list[str] | None = None,
    coins: list[int] | None = None,
    supply: int | None = None,
    points: list[int] | None = None,
    phase: str = "play",
    tiles: list[str] | None = None,
) -> TriominosState:
    """A position from a layout diagram (position -> tile as oriented) and the racks; the pool
    holds every other tile of the set unless given. Decoding checks it is consistent."""
    tile_set = DEFAULT_SET if tiles is None else tuple(canonical(parse_tile(t)) for t in tiles)
    if pool is None:
        used = Counter(canonical(parse_tile(t)) for t in layout.values())
        used.update(canonical(parse_tile(t)) for rack in racks for t in rack)
        pool = [tile_name(t) for t in (Counter(tile_set) - used).elements()]
    doc: dict = {
        "game": "triominos-junior",
        "v": 1,
        "options": {"level": level} if tiles is None else {"level": level, "tiles": tiles},
        "phase": phase,
        "toMove": to_move if phase in ("play", "draw") else None,
        "layout": [{"at": at, "tile": tile} for at, tile in layout.items()],
        "racks": racks,
        "pool": pool,
    }
    n = len(racks)
    if level == "coins":
        doc["coins"] = coins if coins is not None else [4] * n
        doc["supply"] = supply if supply is not None else 60 - sum(doc["coins"])
    else:
        doc["points"] = points if points is not None else [0] * n
    try:
        return ENGINE.decode(doc)
    except InvalidState as exc:
        raise AssertionError(f"not a valid position: {exc.details['problems']}") from exc


def notations(state: TriominosState, player: int | None = None) -> list[str]:
    return [ENGINE.notation(m) for m in ENGINE.legal_moves(state, player)]


def play(state: TriominosState, *moves: str) -> TriominosState:
    for text in moves:
        state = ENGINE.apply(state, ENGINE.parse_move(text)).state
    return state


def apply(state: TriominosState, text: str, player: int | None = None) -> Transition:
    return ENGINE.apply(state, ENGINE.parse_move(text), player)


def dealt(players: int = 2, level: str = "coins", deal: list[str] | None = None) -> TriominosState:
    """A new game with the given tiles dealt in order (racks one after another, then the start
    tile); the rest of the deal is the pool's tiles in sorted order."""
    state = ENGINE.new(players, {"level": level})
    wanted = list(deal or [])
    while ENGINE.is_chance(state):
        outcomes = [m for m, _ in ENGINE.chance_outcomes(state)]
        move = ENGINE.parse_move("deal " + wanted.pop(0)) if wanted else outcomes[0]
        state = ENGINE.apply(state, move).state
    return state


def random_game(
    players: int, level: str, rng: random.Random, max_plies: int = 2000
) -> Iterator[tuple[TriominosState, Move | None]]:
    """Yields (state, move) along one seeded random game (the shared contract's
    ``random_game``), then (the final state, None)."""
    seed = f"secret-{rng.random()}"
    plies = list(
        contract.random_game(
            ENGINE, rng, seed, players=players, options={"level": level}, max_plies=max_plies
        )
    )
    end = contract.final(ENGINE, plies)
    assert ENGINE.status(end).finished, "a random game did not finish"
    for ply in plies:
        yield ply.state, ply.move
    yield end, None
