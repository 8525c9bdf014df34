"""Whole turns: every distinct position one throw can reach (TT-7 … TT-13, TT-15).

Generation works on a *relative* board: a list of 24 counts seen from the mover, whose
stones are positive and move upward from index 0 (its start field) towards index 23 (its
target, the opponent's start field, where the opponent's start stones stand as negatives).
A step from ``i`` by ``d`` lands on ``i + d``; reaching 23 or beyond bears the stone off
(``BEAR``). Red's relative index is ``point - 1``, Black's ``24 - point``.

A turn is a sequence of at most two steps, one per number; sequences that reach the same
board are one turn, spelled by the first sequence found (lower number first, sources from
the start field onward).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from .moves import OFF, PASS, Step, Turn
from .state import BLACK, POINTS, RED

TARGET: Final = POINTS - 1  # relative index of the target field (TT-3)
BEAR: Final = POINTS  # relative "landing" of a stone borne off
HOME_FROM: Final = TARGET - 5  # the home quarter, for homeBeforeBearOff (TT-13)

# Why a single step is refused (negative so they never collide with a landing index).
BLOCKED: Final = -1
OPP_HUCKE: Final = -2
NOT_HOME: Final = -3
NOT_REARMOST: Final = -4


@dataclass(frozen=True, slots=True)
class Frame:
    """What generation needs to know about the mover (Huckes as relative indices)."""

    player: int
    own_hucke: int
    opp_hucke: int
    home: bool  # homeBeforeBearOff (TT-13)
    larger: bool  # mustPlayLarger (TT-8)
    need: int  # points still missing to win (TT-15)


@dataclass(frozen=True, slots=True)
class Play:
    """One legal turn: its canonical steps, the number each step used, the board after and
    the stones it hit."""

    turn: Turn
    dice: tuple[int, ...]
    board: tuple[int, ...]
    hits: int


def index_of(point: int, player: int) -> int:
    return point - 1 if player == RED else POINTS - point


def point_of(index: int, player: int) -> int:
    if index >= BEAR:
        return OFF
    return index + 1 if player == RED else POINTS - index


def relative(board: tuple[int, ...], player: int) -> tuple[int, ...]:
    """The board seen from ``player`` (its own stones positive, its start at index 0)."""
    if player == RED:
        return board
    return tuple(-v for v in reversed(board))


absolute = relative  # the mirror is its own inverse


def target(b: list[int] | tuple[int, ...], i: int, d: int, f: Frame) -> int:
    """Where a stone on ``i`` moved by ``d`` lands (``BEAR`` when borne off), or why it cannot."""
    t = i + d
    if t >= TARGET:  # TT-13: reaching or passing the target bears off, nothing is hit there
        if f.home:
            if any(v > 0 for v in b[:HOME_FROM]):
                return NOT_HOME
            if t > TARGET and any(v > 0 for v in b[HOME_FROM:i]):
                return NOT_REARMOST
        return BEAR
    if t == f.opp_hucke:  # TT-11: never, not even when empty
        return OPP_HUCKE
    if b[t] <= -2:  # TT-9: two or more opposing stones block
        return BLOCKED
    return t


def advance(b: list[int], i: int, t: int) -> bool:
    """Moves a stone from ``i`` to ``t`` in place; True when it hits a blot (TT-12)."""
    b[i] -= 1
    if t == BEAR:
        return False
    if b[t] == -1:
        b[t] = 1
        b[TARGET] -= 1  # the hit stone goes back to its owner's start field
        return True
    b[t] += 1
    return False


def _undo(b: list[int], i: int, t: int, hit: bool) -> None:
    b[i] += 1
    if t == BEAR:
        return
    if hit:
        b[t] = -1
        b[TARGET] += 1
    else:
        b[t] -= 1


def hucke_ok(before: int, after: int, entered: bool) -> bool:
    """TT-11: an empty Hucke is entered only by two stones of one throw, and never left
    holding a single stone (so a lone stone may not stop there even in passing)."""
    if after == 1:
        return False
    return before > 0 or after == 2 or not entered


def _sources(b: list[int]) -> tuple[int, ...] | range:
    # TT-10: while stones wait on the start field, every step starts there.
    return (0,) if b[0] > 0 else range(1, TARGET)


# POINT[player][relative index]: the absolute point, OFF for a stone borne off.
POINT: Final = tuple(tuple(point_of(i, player) for i in range(BEAR + 1)) for player in (RED, BLACK))


def _steps(player: int) -> tuple[tuple[tuple[Step, Step], ...], ...]:
    pt, every = POINT[player], range(BEAR + 1)
    return tuple(
        tuple((Step(pt[i], pt[t]), Step(pt[i], pt[t], True)) for t in every) for i in every
    )


# STEP[player][i][t][hit]: the step from relative index ``i`` to ``t``, made once (steps are
# immutable), so finding a turn builds no steps.
STEP: Final = (_steps(RED), _steps(BLACK))


def _make(f: Frame, board: tuple[int, ...], i: int, t: int, d: int, hit: bool) -> Play:
    return Play(Turn((STEP[f.player][i][t][hit],)), (d,), board, int(hit))


@lru_cache(maxsize=64)
def generate(rel: tuple[int, ...], low: int, high: int, f: Frame) -> tuple[Play, ...]:
    """Every legal turn for the throw ``low-high`` (TT-6 … TT-13, TT-15), duplicate-free."""
    b = list(rel)
    h, opp = f.own_hucke, f.opp_hucke
    h0 = b[h]
    step = STEP[f.player]
    twos: dict[tuple[int, ...], Play] = {}
    wins: dict[tuple[int, ...], Play] = {}
    singles: tuple[dict[tuple[int, ...], Play], dict[tuple[int, ...], Play]] = ({}, {})
    orders = ((low, high),) if low == high else ((low, high), (high, low))
    for first, second in orders:
        for i in _sources(b):
            if b[i] <= 0:
                continue
            t1 = target(b, i, first, f)
            if t1 < 0:
                continue
            hit1 = advance(b, i, t1)
            if hit1 + (t1 == BEAR) >= f.need:  # TT-15: the rest of the throw is not played
                if hucke_ok(h0, b[h], t1 == h) and (key := tuple(b)) not in wins:
                    wins[key] = _make(f, key, i, t1, first, hit1)
                _undo(b, i, t1, hit1)
                continue
            s1 = step[i][t1][hit1]
            # TT-10: with stones still on the start field, only the stone just moved off it
            # may go on (the one-stone sum move of TT-7).
            for k in (0, t1) if b[0] > 0 else [k for k in range(1, TARGET) if b[k] > 0]:
                t2 = k + second
                # ``target`` decides a bear-off, the opponent's Hucke and a block; any other
                # step simply lands (the common case, spared the call).
                if t2 >= TARGET or t2 == opp or b[t2] <= -2:
                    t2 = target(b, k, second, f)
                    if t2 < 0:
                        continue
                hit2 = advance(b, k, t2)
                if hucke_ok(h0, b[h], t1 == h or t2 == h) and (key := tuple(b)) not in twos:
                    turn = Turn((s1, step[k][t2][hit2]))
                    twos[key] = Play(turn, (first, second), key, hit1 + hit2)
                _undo(b, k, t2, hit2)
            # One number alone counts only when no turn plays both (TT-8, see _choose).
            if not twos and hucke_ok(h0, b[h], t1 == h):
                side = singles[first == high and low != high]
                if (key := tuple(b)) not in side:
                    side[key] = _make(f, key, i, t1, first, hit1)
            _undo(b, i, t1, hit1)
    return _choose(rel, twos, wins, singles, f.larger and low != high)


def _choose(
    rel: tuple[int, ...],
    twos: dict[tuple[int, ...], Play],
    wins: dict[tuple[int, ...], Play],
    singles: tuple[dict[tuple[int, ...], Play], dict[tuple[int, ...], Play]],
    larger: bool,
) -> tuple[Play, ...]:
    """TT-8: both numbers when any sequence allows it, else one (the larger with
    ``mustPlayLarger``), else pass. A turn that wins early is always complete (TT-15)."""
    if twos:
        # A sum move bearing off can reach the board of a single step that overshoots.
        return (*twos.values(), *(v for k, v in wins.items() if k not in twos))
    low_side, high_side = singles
    if larger and high_side:
        chosen = high_side
    else:
        chosen = dict(low_side)
        for key, play in high_side.items():
            chosen.setdefault(key, play)
    out = (*wins.values(), *chosen.values())
    return out or (Play(PASS, (), rel, 0),)
