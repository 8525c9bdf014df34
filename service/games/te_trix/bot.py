"""How the bots judge a Te-Trix sheet and choose a shape and a placement (issue 27).

Random playouts say little about a sheet: most placements score nothing at once (a region
scores from ``MIN_REGION`` cells, TX-11) and what counts is what a region may still become.
So the search does not play Te-Trix out; it judges each sheet a move leaves by its
**potential**: TX-11's (regions kept) × (their cells) for each symbol, where a region still
short of ``MIN_REGION`` cells that has room to reach it (enough empty cells connected to it)
counts as ``PARTIAL`` × (its cells / ``MIN_REGION``) of a region, with as many of its cells.
A region that cannot grow any more counts nothing, and two regions of a symbol count more than
one of both sizes together, as TX-11 scores them. An empty cell that no shape can ever fill
(in a part of fewer empty cells than a shape has, away from the edge: TX-7, TX-8) costs
``HOLE``. Solo adds TX-15's free bar fields.

The roller (TX-6) chooses the arrangement whose best placement leaves the best potential (in
a game of several, less the best the others can make of the same arrangement, TX-9); every
player places where their potential is best. With room for ``LAST_ROUND_FROM`` looks (strong's
budget), an arrangement some player cannot enter, which makes its round the last (TX-10), is
judged by the scores the game ends with instead, a game won or lost outweighing any that goes
on; so is a placement in the last round. A search looks at as many placements as its
budget allows, arrangements taken shape by shape, so a small budget looks at a few shapes and
a large one at every arrangement. Measured in docs/bots.md (``./dev bench bots``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .moves import Arrangement, Move, Placement, Stop
from .scoring import MIN_REGION, neighbours, regions, total
from .shapes import BASE
from .sheet import Sheet, effect, full_mask, placements
from .state import TeTrixState

# A region short of MIN_REGION that can still reach it counts as this share of a kept region
# per MIN_REGION-th of its cells (tuned on seeded solo games: 0.3 → 74, 0.6 → 94, 0.7 → 95,
# 1.0 → 89 points on average over 12 games).
PARTIAL = 0.7
# What an empty cell that no shape can fill costs (a cell lost to every region). Medium on 48
# seeded solo games, paired with the same dice: 0.5 → +5.0, 1 → +5.8, 3 → +5.2, 6 → +5.8
# points a game; counting the parts at the edge too, +1.5 (a shape may hang over the edge).
HOLE = 1.0
SHAPE_CELLS = len(BASE[0])  # every shape is a tetromino
# With room for this many looks (strong's 4,880, not medium's 1,525), the last round is judged
# by its scores (TX-10, TX-11): an arrangement some player cannot enter ends the game once the
# others have entered it, and a placement in that round is worth the score it makes. Measured
# in docs/bots.md ("Te-Trix: the last round at strong").
LAST_ROUND_FROM = 4_000
# What a game that an arrangement ends is worth beyond its score difference, won (+) or lost
# (−): more than any judgement of a game that goes on.
DECIDED = 1_000.0


def potential(masks: Sequence[int], size: int, bar: int | None) -> float:
    """A sheet's worth as the bots judge it (the module docstring)."""
    filled = masks[0] | masks[1] | masks[2]
    empty = full_mask(size) & ~filled
    worth = -HOLE * holes(empty, size)
    for mask in masks:
        kept = 0.0  # regions, a growing one as a share
        cells = 0.0  # their cells, a growing one's in the same share
        for region in regions(mask, size):
            n = region.bit_count()
            if n >= MIN_REGION:
                kept += 1
                cells += n
            elif _room(region, empty, size, MIN_REGION - n):
                share = PARTIAL * n / MIN_REGION
                kept += share
                cells += share * n
        worth += kept * cells
    return worth + (bar or 0)


def holes(empty: int, size: int) -> int:
    """The empty cells no shape can ever fill: those of a part of the empty cells smaller than
    a shape that does not reach the edge (TX-8: every cell of a shape that lies on the sheet
    must be empty; only at the edge may the others hang over)."""
    reached = empty & ~_inner(size)  # the empty cells the edge reaches, grown from it at once
    while True:
        grown = reached | (neighbours(reached, size) & empty)
        if grown == reached:
            break
        reached = grown
    return sum(n for n in map(int.bit_count, regions(empty & ~reached, size)) if n < SHAPE_CELLS)


@lru_cache(maxsize=16)
def _inner(size: int) -> int:
    """The cells of a sheet that are not on its edge."""
    return sum(1 << (r * size + c) for r in range(1, size - 1) for c in range(1, size - 1))


def judge(state: TeTrixState, player: int) -> float:
    """``player``'s potential, less the best other player's (alone: the potential itself)."""
    size, bar = state.size, state.bar
    worth = [potential(sheet.masks, size, bar) for sheet in state.sheets]
    others = [w for p, w in enumerate(worth) if p != player]
    return worth[player] - max(others) if others else worth[player]


def _room(region: int, empty: int, size: int, need: int) -> bool:
    """Whether ``need`` empty cells are connected to ``region`` (grown through empty cells)."""
    grown = region
    start = region.bit_count()
    while True:
        more = grown | (neighbours(grown, size) & empty)
        if more == grown:
            return False
        if more.bit_count() - start >= need:
            return True
        grown = more


def _placed(
    state: TeTrixState, player: int, arrangement: Arrangement, move: Placement
) -> tuple[Sheet, int | None]:
    """``player``'s sheet and the (solo) bar after ``move``, a legal placement (TX-7, TX-13)."""
    e = effect(state.size, arrangement, move)
    bar = None if state.bar is None else state.bar - e.overhang
    return state.sheets[player].with_writes(e.writes), bar


def _after(state: TeTrixState, player: int, arrangement: Arrangement, move: Placement) -> float:
    """The potential of ``player``'s sheet after ``move`` (a legal placement)."""
    sheet, bar = _placed(state, player, arrangement, move)
    return potential(sheet.masks, state.size, bar)


def _scored(state: TeTrixState, player: int, arrangement: Arrangement, move: Placement) -> int:
    """``player``'s score after ``move`` (a legal placement; TX-11, TX-15)."""
    sheet, bar = _placed(state, player, arrangement, move)
    return total(sheet, state.size, bar)


def _to_the_end(state: TeTrixState, looks: int) -> bool:
    """Whether a look of ``looks`` judges the last round by its scores (``LAST_ROUND_FROM``;
    a game of several players: solo ends by TX-14, which the stop rule judges)."""
    return looks >= LAST_ROUND_FROM and state.players > 1


def best_placement(
    state: TeTrixState, player: int, arrangement: Arrangement, moves: Sequence[Placement]
) -> tuple[float, Placement | None]:
    """The placement of ``moves`` that leaves the best potential (the first of equals)."""
    best: tuple[float, Placement | None] = (float("-inf"), None)
    for move in moves:
        worth = _after(state, player, arrangement, move)
        if worth > best[0]:
            best = (worth, move)
    return best


def by_shape(arrangements: Sequence[Arrangement]) -> list[Arrangement]:
    """Arrangements shape by shape in turn (the first of each shape, then the second...), so
    that a search that can look at a few sees several shapes."""
    queues: dict[int, list[Arrangement]] = {}
    for a in arrangements:
        queues.setdefault(a.shape, []).append(a)
    out: list[Arrangement] = []
    depth = max((len(q) for q in queues.values()), default=0)
    for i in range(depth):
        out.extend(q[i] for _, q in sorted(queues.items()) if i < len(q))
    return out


def judged_placements(
    state: TeTrixState, player: int, legal: Sequence[Move], looks: int
) -> tuple[list[tuple[Move, float]], int]:
    """A sheet's placements (every k-th when they are more than ``looks``), each with the
    potential it leaves; none when ``legal`` is not a sheet's placements."""
    moves = [m for m in legal if isinstance(m, Placement)]
    if not moves or len(moves) != len(legal) or state.arrangement is None:
        return [], 0
    step = -(-len(moves) // max(looks, 1))  # ceil: at most ``looks`` looked at
    seen = moves[::step]
    arrangement = state.arrangement
    if state.blocked and _to_the_end(state, looks):
        # TX-10: the last round; a placement is worth the score it makes (TX-11)
        return [(m, float(_scored(state, player, arrangement, m))) for m in seen], len(seen)
    return [(m, _after(state, player, arrangement, m)) for m in seen], len(seen)


def choose_placement(
    state: TeTrixState, player: int, legal: Sequence[Move], looks: int
) -> tuple[Sequence[Move], int]:
    """``legal`` (a sheet's placements) cut to the one that leaves the best potential. When
    ``looks`` does not reach every placement, every k-th is looked at (spread over the sheet)
    and the best of those kept (the first of equals)."""
    found, looked = judged_placements(state, player, legal, looks)
    if not found:
        return legal, 0
    return [max(found, key=lambda f: f[1])[0]], looked  # max keeps the first of equals


def judged_arrangements(
    state: TeTrixState, player: int, legal: Sequence[Move], looks: int
) -> tuple[list[tuple[Arrangement, float, Placement | None]], int]:
    """The roller's arrangements (TX-6) that have a placement, looked at shape by shape while
    ``looks`` lasts (each placement looked at counts one; the first always, every k-th of its
    placements when all of them are more than ``looks``), each with its worth: its best
    placement's potential, less the best potential another player (TX-9) can make of it, and
    that placement. From ``LAST_ROUND_FROM`` looks, an arrangement some player cannot enter
    (TX-10) is worth the game it ends (``_game_ended``), even when ``player`` cannot enter it
    (its placement None)."""
    arrangements = by_shape([m for m in legal if isinstance(m, Arrangement)])
    found: list[tuple[Arrangement, float, Placement | None]] = []
    looked = 0
    last_round = _to_the_end(state, looks)
    for arrangement in arrangements:
        sheets = [
            placements(state.size, sheet.filled, arrangement, state.bar) for sheet in state.sheets
        ]
        cost = sum(len(p) for p in sheets)
        if looked + cost > looks:
            if looked:
                break
            # the first arrangement alone is more than ``looks`` (four players, a large
            # sheet): every k-th placement of each sheet, so that the look stays within it
            step = -(-cost // max(looks, 1))
            sheets = [moves[::step] for moves in sheets]
            cost = sum(len(p) for p in sheets)
        looked += cost
        if last_round and not all(sheets):
            found.append((arrangement, *_game_ended(state, player, arrangement, sheets)))
            continue
        worth, move = best_placement(state, player, arrangement, sheets[player])
        if move is None:
            continue
        others = [
            best_placement(state, p, arrangement, seen)[0]
            for p, seen in enumerate(sheets)
            if p != player and seen
        ]
        if others:
            worth -= max(others)
        found.append((arrangement, worth, move))
    return found, looked


def _game_ended(
    state: TeTrixState, player: int, arrangement: Arrangement, sheets: Sequence[Sequence[Placement]]
) -> tuple[float, Placement | None]:
    """An arrangement some player cannot enter (TX-10: the round is the last; every other
    player still enters it): ``player``'s final score less the best other player's, each
    entering it where it scores most (TX-11), plus ``DECIDED`` for a game won or less it for
    one lost; and ``player``'s placement (None: they cannot enter it either)."""
    finals: list[int] = []
    mine: Placement | None = None
    for p, moves in enumerate(sheets):
        best = total(state.sheets[p], state.size, state.bar)  # kept by one who cannot enter
        chosen: Placement | None = None
        for move in moves:
            points = _scored(state, p, arrangement, move)
            if chosen is None or points > best:
                best, chosen = points, move
        finals.append(best)
        if p == player:
            mine = chosen
    lead = finals[player] - max(f for p, f in enumerate(finals) if p != player)
    return lead + (DECIDED if lead > 0 else -DECIDED if lead < 0 else 0.0), mine


def keeps_score(state: TeTrixState, player: int, arrangement: Arrangement, move: Placement) -> bool:
    """Whether ``move`` leaves ``player``'s score no lower than it is (TX-11, TX-15)."""
    return _scored(state, player, arrangement, move) >= total(
        state.sheets[player], state.size, state.bar
    )


def choose_arrangement(
    state: TeTrixState, player: int, legal: Sequence[Move], looks: int
) -> tuple[Sequence[Move], int]:
    """The roller's arrangement (TX-6) judged best (``judged_arrangements``), cut from
    ``legal``; ``legal`` itself when none of those looked at has a placement, or, in solo,
    when the best one's placement scores less than stopping now (TX-14: the caller then
    decides whether to stop)."""
    found, looked = judged_arrangements(state, player, legal, looks)
    if not found:
        return legal, looked
    arrangement, _, move = max(found, key=lambda f: f[1])  # the first of equals
    if any(isinstance(m, Stop) for m in legal) and (
        move is None or not keeps_score(state, player, arrangement, move)
    ):
        return legal, looked
    return [arrangement], looked


__all__ = [
    "DECIDED",
    "HOLE",
    "LAST_ROUND_FROM",
    "PARTIAL",
    "best_placement",
    "by_shape",
    "choose_arrangement",
    "choose_placement",
    "holes",
    "judge",
    "judged_arrangements",
    "judged_placements",
    "keeps_score",
    "potential",
]
