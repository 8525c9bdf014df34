"""Seeded random games at both levels for 2–4 players, checking at every ply what only
Triominos Junior promises: coins never negative (TJ-2), the gain of each placement (TJ-10,
TJ-14), the final scores (TJ-14, TJ-15) and shared wins (TJ-16), and the moves against the
plain lister of ``reference.py`` (TJ-9 to TJ-13). (Round trips, tiles and coins
conserved, chance well formed and finished games without moves are the shared contract's,
``tests/games/contract.py``.)"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import pytest

from service.games.core import InvalidState, RulesError, resolve_chance, start
from service.games.triominos_junior import ENGINE, Move, Place, Swap, TriominosState, moves
from service.games.triominos_junior.tiles import value

from .. import contract
from . import reference
from .helpers import random_game
from .reference import reference_moves

CASES = [(n, level) for n in (2, 3, 4) for level in ("coins", "points")]


def _check_coins(state: TriominosState) -> None:
    if state.level == "coins":
        assert min(state.coins) >= 0 and state.supply >= 0, "TJ-2"


def _check_gain(before: TriominosState, move, after: TriominosState) -> None:
    """TJ-10/TJ-14: one coin per placed tile, one more for emptying the rack."""
    if not isinstance(move, Place):
        return
    p = before.turn
    assert p is not None
    if before.level == "coins":
        emptied = not after.racks[p]
        expected = min(before.supply, 1 + emptied)
        assert after.coins[p] - before.coins[p] == expected
    else:
        assert after.points[p] - before.points[p] == value(move.tile)


def _check_end(state: TriominosState, placed: list[int]) -> None:
    status = ENGINE.status(state)
    assert status.reason in ("rackEmptied", "poolEmptied", "blocked")
    scores = ENGINE.scores(state).values
    if state.level == "points":
        assert list(state.points) == placed
        assert list(scores) == [placed[p] - sum(map(value, r)) for p, r in enumerate(state.racks)]
    assert status.winners == tuple(p for p, s in enumerate(scores) if s == max(scores))


@pytest.mark.parametrize(("players", "level"), CASES)
def test_random_games_keep_the_rules(players, level):
    rng = random.Random(f"playout-{players}-{level}")
    for _ in range(4):
        placed = [0] * players
        previous = None
        for state, move in random_game(players, level, rng):
            _check_coins(state)
            if previous is not None:
                _check_gain(*previous, state)
            if move is None:
                _check_end(state, placed)
                break
            if state.phase == "play":
                moves = {ENGINE.notation(m) for m in ENGINE.legal_moves(state)}
                assert moves == reference_moves(ENGINE.encode(state))
            if isinstance(move, Place):
                placed[state.turn] += value(move.tile)
            previous = (state, move)


@pytest.mark.parametrize(("players", "level"), CASES)
def test_greedy_games_build_large_layouts(players, level):
    """Placing whenever possible reaches long games (TJ-9 on large layouts) and still ends
    (TJ-14, TJ-15) with coins never negative."""
    rng = random.Random(f"greedy-{players}-{level}")
    biggest = 0
    for n in range(3):
        state = start(ENGINE, players, {"level": level}, f"greedy-{n}").state
        while not ENGINE.status(state).finished:
            moves = ENGINE.legal_moves(state)
            places = [m for m in moves if isinstance(m, Place)]
            move = rng.choice(places or moves)
            state = resolve_chance(ENGINE, ENGINE.apply(state, move).state).state
            _check_coins(state)
        biggest = max(biggest, len(state.layout))
    assert biggest >= 8


# -- the fast paths against the plain ones ---------------------------------------------------

# 35 number tiles with 0-9 and chiral pairs (1-2-3 and 1-3-2), and the joker (TJ-1 option).
CUSTOM = ["J", "1-3-2", "1-2-3", *[f"{a}-{a}-{b}" for a in range(10) for b in (0, 3, 7, 9)]][:36]
FAST_CASES = [
    (n, level, tiles)
    for n in (2, 3, 4)
    for level in ("coins", "points")
    for tiles in (None, CUSTOM)
]


def _dump(value: Any) -> str:
    """JSON text, keys in their order: what the service would send."""
    return json.dumps(value, sort_keys=False)


def _outcome(call: Callable[[], Any]) -> tuple[str, Any]:
    """A transition's state and events, or the error's code, message and details."""
    try:
        t = call()
        return "ok", (t.state, _dump(list(t.events)))
    except RulesError as exc:
        return exc.code, _dump([exc.msg.wire(), exc.as_details()])


def _problems(doc: Any, decode: Callable[[Any], TriominosState]) -> Any:
    try:
        return decode(doc)
    except InvalidState as exc:
        return [(p.path, _dump(p.why.wire())) for p in exc.problems]


def _games(players: int, level: str, tiles: list[str] | None, rng: random.Random) -> Iterator[Any]:
    """Every position of one seeded random game, the last one included (the shared contract's
    ``random_game``: chance sampled from the seed as the driver samples it)."""
    options: dict[str, Any] = (
        {"level": level} if tiles is None else {"level": level, "tiles": tiles}
    )
    seed = f"fast-{rng.random()}"
    plies = list(contract.random_game(ENGINE, rng, seed, players=players, options=options))
    yield from (ply.state for ply in plies)
    yield contract.final(ENGINE, plies)


def _illegal(state: TriominosState, rng: random.Random) -> list[Move]:
    """Placements and swaps the rules mostly refuse: any rack tile, any orientation, anywhere
    near the layout (TJ-9, TJ-10, TJ-11)."""
    if state.phase != "play" or state.turn is None:
        return []
    rack = state.racks[state.turn]
    spots = [pos for pos, _ in state.layout] + [
        (c + dc, r + dr) for (c, r), _ in state.layout for dc, dr in ((1, 0), (0, 1), (0, -1))
    ]
    out: list[Move] = []
    for _ in range(6):
        tile = rng.choice([*rack, (9, 9, 9)])
        k = rng.randrange(3)
        tile = tile[k:] + tile[:k]
        kind = rng.choice((Place, Swap))
        out.append(kind(rng.choice(spots), tile))
    return out


def _damaged(doc: dict[str, Any], rng: random.Random) -> Iterator[Any]:
    """The document with one thing wrong, or spelled otherwise than canonically."""
    for key in doc:
        yield {k: v for k, v in doc.items() if k != key}
    yield {**doc, "v": 1.0}
    yield {**doc, "extra": 1}
    yield {**doc, "options": {}}
    yield {**doc, "options": None}
    yield {**doc, "chances": float(doc["chances"])}
    yield {**doc, "toMove": 3}
    yield {**doc, "phase": "over", "endReason": "blocked"}
    yield {**doc, "racks": doc["racks"][::-1]}
    yield {**doc, "pool": doc["pool"][1:]}
    yield {**doc, "pool": [*doc["pool"], "1-1-1"]}
    yield {
        **doc,
        "racks": [[t[2:] + "-" + t[0] if len(t) == 5 else t for t in r] for r in doc["racks"]],
    }
    layout = doc["layout"]
    if layout:
        i = rng.randrange(len(layout))
        item = layout[i]
        for change in (
            {"tile": "J"},
            {"tile": "9-9-9"},
            {"at": "2,2"},
            {"at": "(1,0)"},
            {"at": "99,0"},
            {"at": layout[0]["at"]},
        ):
            yield {**doc, "layout": [*layout[:i], {**item, **change}, *layout[i + 1 :]]}
        yield {**doc, "layout": layout[::-1]}
        yield {**doc, "layout": layout[:i] + layout[i + 1 :]}
        yield {**doc, "layout": [*layout[:i], [item["at"], item["tile"]], *layout[i + 1 :]]}


def _board(state: TriominosState) -> tuple[Any, ...]:
    """The board a state carries (made by decode, a placement, or when first asked for)."""
    b = state.board
    return b.tiles, b.values, b.open, b.jokers


def _check(state: TriominosState, rng: random.Random) -> None:
    board = reference.board_of(state.layout)
    assert _board(state) == (board.tiles, board.values, board.open, board.jokers)
    doc = ENGINE.encode(state)
    assert _dump(doc) == _dump(reference.encode(state)), "the encoded state"
    decoded = ENGINE.decode(json.loads(_dump(doc)))
    assert decoded == reference.decode(doc) == state and _board(decoded) == _board(state)
    mover = state.turn if state.phase == "play" else None
    for player in (None, *range(state.players)):
        assert ENGINE.legal_moves(state, player) == reference.legal_moves(state, player)
    legal = ENGINE.legal_moves(state)
    for move in legal:
        assert _dump(moves.enriched(move, mover)) == _dump(reference.enriched(move, mover))
    for move in (*legal, *_illegal(state, rng)):
        fast = _outcome(partial(ENGINE.apply, state, move))
        assert fast == _outcome(partial(reference.apply, state, move))
    if rng.random() < 0.2:
        for bad in _damaged(doc, rng):
            assert _problems(bad, ENGINE.decode) == _problems(bad, reference.decode)


@pytest.mark.parametrize(("players", "level", "tiles"), FAST_CASES)
def test_fast_paths_equal_the_plain_ones_along_random_games(players, level, tiles):
    """The engine's fast paths against the plain ones of ``reference.py``, position by
    position: the legal moves in order and their move documents (TJ-9 to TJ-13); every legal
    move and some illegal ones applied, with the same state, events or error (TJ-9 to
    TJ-16); the encoded state byte for byte, its decode and the board it carries (TJ-1,
    TJ-6, TJ-8, TJ-9); damaged documents read to the same state or the same problems."""
    rng = random.Random(f"fast-paths-{players}-{level}-{tiles is None}")
    for _ in range(3):
        for state in _games(players, level, tiles, rng):
            _check(state, rng)
