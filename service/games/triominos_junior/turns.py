"""State transitions: the deal, the start tile, the four kinds of turn and the end.

Each function takes a state whose phase and mover were already checked by the engine and
returns the next state with its events. Events never name a tile that leaves the pool for a
rack (the host who supplied or sampled the outcome knows it; other players must not).
"""

from __future__ import annotations

from bisect import insort
from collections import Counter
from fractions import Fraction

from ..core import Event, Transition, illegal
from ..core.states import evolve
from ..core.text import Msg
from .grid import ORIGIN, Pos, corner_word, on_grid, pointing, pos_name
from .layout import Board, can_play, has_side_contact, mismatches, need_at
from .moves import Deal, Place, Swap
from .state import CHANCE_PHASES, RACK_SIZE, EndReason, TriominosState
from .tiles import JOKER, Tile, canonical, is_joker, tile_name, value


def _without(tiles: tuple[Tile, ...], tile: Tile) -> tuple[Tile, ...]:
    i = tiles.index(tile)
    return tiles[:i] + tiles[i + 1 :]


def _with(tiles: tuple[Tile, ...], tile: Tile) -> tuple[Tile, ...]:
    out = list(tiles)
    insort(out, tile)
    return tuple(out)


def _set(values: tuple[int, ...], i: int, v: int) -> tuple[int, ...]:
    return (*values[:i], v, *values[i + 1 :])


def _set_rack(
    state: TriominosState, p: int, rack: tuple[Tile, ...]
) -> tuple[tuple[Tile, ...], ...]:
    return (*state.racks[:p], rack, *state.racks[p + 1 :])


# -- chance -----------------------------------------------------------------------------------


def receiver(state: TriominosState) -> int:
    """During the deal: the first rack not yet full (racks are dealt one after another)."""
    return next(p for p, rack in enumerate(state.racks) if len(rack) < RACK_SIZE)


def outcomes(state: TriominosState) -> tuple[tuple[Deal, Fraction], ...]:
    """Uniform over the pool's tiles, the joker excluded for the start tile (TJ-6)."""
    if state.phase not in CHANCE_PHASES:
        return ()
    tiles = [t for t in state.pool if not (state.phase == "start" and is_joker(t))]
    total = len(tiles)
    return tuple((Deal(t), Fraction(n, total)) for t, n in sorted(Counter(tiles).items()))


def sampled(state: TriominosState, u: Fraction) -> Deal:
    """The tile ``chance.pick(outcomes(state), u)`` names, without the outcomes: the pool is
    sorted (a state keeps it so), so its tiles lie in the order of ``outcomes`` and each as
    often as it counts, and the outcome whose cumulative share first exceeds ``u`` is the
    tile at index ⌊u · tiles⌋."""
    if state.phase not in CHANCE_PHASES or not state.pool:
        raise ValueError("no tile to deal")
    tiles = state.pool
    if state.phase == "start":
        tiles = tuple(t for t in tiles if not is_joker(t))
    return Deal(tiles[u.numerator * len(tiles) // u.denominator])


def deal(state: TriominosState, move: Deal) -> Transition[TriominosState]:
    tile = move.tile
    if tile not in state.pool:
        raise illegal(
            Msg.of(
                "triominos-junior-tile-not-in-pool", tile=tile_name(tile), count=len(state.pool)
            ),
            "TILE_NOT_IN_POOL",
            "TJ-12" if state.phase == "draw" else "TJ-4",
        )
    pool = _without(state.pool, tile)
    chances = state.chances + 1
    if state.phase == "start":
        if is_joker(tile):
            raise illegal(
                Msg.of("triominos-junior-joker-as-start-tile"),
                "JOKER_AS_START_TILE",
                "TJ-6",
            )
        start = (ORIGIN, canonical(tile))
        after = evolve(state, layout=(start,), pool=pool, phase="play", turn=0, chances=chances)
        return Transition(after, ({"type": "startTile", "at": "0,0", "tile": tile_name(tile)},))
    p = receiver(state) if state.phase == "deal" else state.turn
    assert p is not None
    racks = _set_rack(state, p, _with(state.racks[p], tile))
    after = evolve(state, racks=racks, pool=pool, chances=chances).keep_board(state)
    if state.phase == "deal":
        full = all(len(r) == RACK_SIZE for r in racks)
        return Transition(
            evolve(after, phase="start" if full else "deal"), ({"type": "dealt", "player": p},)
        )
    drawn: Event = {"type": "tileDrawn", "player": p, "poolSize": len(pool)}
    return end_turn(after, p, [drawn], drew=True)


# -- turns ------------------------------------------------------------------------------------


def check_fit(board: Board, pos: Pos, tile: Tile, rule: str) -> None:
    """Raises IllegalMove unless ``tile`` as oriented fits ``pos`` (TJ-9)."""
    if not has_side_contact(board, pos):
        raise illegal(
            Msg.of("triominos-junior-no-shared-side", at=pos_name(pos)),
            "NO_SHARED_SIDE",
            rule,
        )
    need = need_at(board, pos)
    bad = mismatches(need, tile)
    if bad:
        clashes = [
            Msg.of(
                "triominos-junior-corner-clash",
                corner=corner_word(pos, k),
                shows=tile[k],
                touches=need[k] or 0,  # a corner in ``bad`` touches a number
            )
            for k in bad
        ]
        names = ("first", "second", "third")  # a tile has three corners
        raise illegal(
            Msg.of(
                "triominos-junior-corner-mismatch",
                tile=tile_name(tile),
                at=pos_name(pos),
                shape=pointing(pos),
                count=len(clashes),
                **dict(zip(names, clashes, strict=False)),
            ),
            "CORNER_MISMATCH",
            rule,
        )


def _take_from_rack(state: TriominosState, p: int, tile: Tile, rule: str) -> tuple[Tile, ...]:
    rack = state.racks[p]
    identity = canonical(tile)
    if identity not in rack:
        raise illegal(
            Msg.of("triominos-junior-tile-not-in-rack", player=p, tile=tile_name(identity)),
            "TILE_NOT_IN_RACK",
            rule,
        )
    return _without(rack, identity)


def place(state: TriominosState, p: int, move: Place) -> Transition[TriominosState]:
    rack = _take_from_rack(state, p, move.tile, "TJ-10")
    if not on_grid(move.at):
        raise illegal(
            Msg.of("triominos-junior-far-from-layout", at=pos_name(move.at)),
            "NO_SHARED_SIDE",
            "TJ-9",
        )
    board = state.board
    if move.at in board.tiles:
        raise illegal(
            Msg.of("triominos-junior-position-occupied", at=pos_name(move.at)),
            "POSITION_OCCUPIED",
            "TJ-9",
        )
    check_fit(board, move.at, move.tile, "TJ-9")
    layout = list(state.layout)
    insort(layout, (move.at, move.tile))
    event: Event = {
        "type": "placed",
        "player": p,
        "tile": tile_name(move.tile),
        "at": pos_name(move.at),
    }
    coins, supply, points = state.coins, state.supply, state.points
    if state.level == "coins":
        gain = 1 if supply else 0
        coins, supply = _set(coins, p, coins[p] + gain), supply - gain
        event["coins"] = gain
    else:
        gain = value(move.tile)
        points = _set(points, p, points[p] + gain)
        event["points"] = gain
    after = evolve(
        state,
        layout=tuple(layout),
        racks=_set_rack(state, p, rack),
        coins=coins,
        supply=supply,
        points=points,
        turn=(p + 1) % state.players,  # passed on already: end_turn needs no second replace
    )
    return end_turn(after.with_board(board.placed(move.at, move.tile)), p, [event])


def swap(state: TriominosState, p: int, move: Swap) -> Transition[TriominosState]:
    board = state.board
    if board.tiles.get(move.at) != JOKER:
        raise illegal(
            Msg.of("triominos-junior-no-joker-there", at=pos_name(move.at)),
            "NO_JOKER_THERE",
            "TJ-11",
        )
    if is_joker(move.tile):
        raise illegal(Msg.of("triominos-junior-joker-for-joker"), "JOKER_FOR_JOKER", "TJ-11")
    rack = _take_from_rack(state, p, move.tile, "TJ-11")
    check_fit(board, move.at, move.tile, "TJ-11")
    layout = tuple((pos, move.tile if pos == move.at else t) for pos, t in state.layout)
    after = evolve(state, layout=layout, racks=_set_rack(state, p, _with(rack, JOKER)))
    event: Event = {
        "type": "jokerSwapped",
        "player": p,
        "tile": tile_name(move.tile),
        "at": pos_name(move.at),
    }
    return end_turn(after, p, [event])


def draw(state: TriominosState, p: int) -> Transition[TriominosState]:
    if not state.pool:
        raise illegal(Msg.of("triominos-junior-pool-empty"), "POOL_EMPTY", "TJ-12")
    event: Event = {"type": "draw", "player": p}
    if state.level != "coins":
        return Transition(evolve(state, phase="draw").keep_board(state), (event,))
    paid = 1 if state.coins[p] else 0  # TJ-12 Choice: without coins a draw is free
    coins = _set(state.coins, p, state.coins[p] - paid)
    after = evolve(state, phase="draw", coins=coins, supply=state.supply + paid)
    event["paid"] = paid
    return Transition(after.keep_board(state), (event,))


def pass_turn(state: TriominosState, p: int, can_act: bool) -> Transition[TriominosState]:
    if can_act:
        raise illegal(
            Msg.of("triominos-junior-pass-not-allowed"),
            "PASS_NOT_ALLOWED",
            "TJ-13",
        )
    return end_turn(state, p, [{"type": "passed", "player": p}])


# -- the end ----------------------------------------------------------------------------------


def end_reason(state: TriominosState, p: int, drew: bool) -> EndReason | None:
    """Why the game ends after player ``p``'s turn (TJ-14, TJ-15), or None."""
    if not state.racks[p]:
        return "rackEmptied"
    # The last tile drawn. Nothing else empties the pool during play, and decode refuses an
    # empty one at the points level, so the level need not be asked.
    if not state.pool and drew:
        return "poolEmptied"
    if state.level == "points" or not state.pool:
        # TJ-15 Choice (literal reading): over once nobody could place or swap. At the coin
        # level only a hand-made state with an empty pool gets here; it would pass for ever.
        board = state.board
        if not any(can_play(board, rack) for rack in state.racks):
            return "blocked"
    return None


def end_turn(
    state: TriominosState, p: int, events: list[Event], *, drew: bool = False
) -> Transition[TriominosState]:
    """Passes the turn on (unless ``state`` has it passed on already), or ends the game;
    ``drew``: the turn was a draw (TJ-12)."""
    reason = end_reason(state, p, drew)
    if reason is None:
        turn = (p + 1) % state.players
        if state.phase == "play" and state.turn == turn:
            return Transition(state, tuple(events))
        after = evolve(state, phase="play", turn=turn)
        return Transition(after.keep_board(state), tuple(events))
    if reason == "rackEmptied" and state.level == "coins" and state.supply:
        bonus = evolve(state, coins=_set(state.coins, p, state.coins[p] + 1))
        state = evolve(bonus, supply=state.supply - 1)
        events.append({"type": "bonusCoin", "player": p, "rule": "TJ-14"})
    over = evolve(state, phase="over", turn=None, end=reason)
    totals = final_scores(over)
    events.append(
        {"type": "gameOver", "winners": list(winners(totals)), "reason": reason, "scores": totals}
    )
    return Transition(over, tuple(events))


def final_scores(state: TriominosState) -> list[int]:
    """Coins (TJ-14), or placed values minus the values left on the rack (TJ-15)."""
    if state.level == "coins":
        return list(state.coins)
    return [
        pts - sum(value(t) for t in rack)
        for pts, rack in zip(state.points, state.racks, strict=True)
    ]


def winners(totals: list[int]) -> tuple[int, ...]:
    """Everyone with the best total: ties share the win (TJ-16)."""
    best = max(totals)
    return tuple(p for p, v in enumerate(totals) if v == best)
