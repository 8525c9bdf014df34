"""Tric Trac turns built stone by stone: every order of steps that plays a legal turn, and the
steps that may follow the ones chosen so far (issue 25, point 1; TT-6 … TT-13, TT-15).

``turns.py`` keeps one sequence per position (``1/4/9``); here every sequence that plays a
legal turn is kept (``1/6/9`` beside it, ``1/6 1/4`` beside ``1/4 1/6``). A sequence is an
*order* of a legal turn exactly when the turn generator and the spec would accept it as one
(``tests/games/tric_trac/reference.py`` words the same rules independently): each step
playable in turn on the board (TT-7, TT-9, TT-12, TT-13), stones on the start field first
with only the stone just moved off going on (TT-10), the Hucke rules over the whole throw,
a lone stone not even stopping on its own empty Hucke in passing (TT-11), as many numbers as
any sequence plays and the larger with ``mustPlayLarger`` (TT-8), nothing after the winning
step (TT-15). So every offered step leads on to a legal turn, and each order a player may
play a turn in is offered step by step.

A step the rules refuse names the first rule it breaks: as ``play`` would refuse it when it
cannot be played at all, else why every turn it could lead to is not legal (TT-8, TT-11).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..core import IllegalMove, NextSteps, Offered, RulesError, StepError, illegal
from ..core.text import Msg
from .moves import OFF, PASS, Move, Step, Turn, enriched, notation
from .resolve import Reached, turn_refusal, walk
from .turns import BEAR, POINT, TARGET, Frame, Play, advance, hucke_ok, index_of, target


@dataclass(frozen=True, slots=True)
class Order:
    """A sequence of steps the throw allows on the board: the number each uses, the
    (relative) board after it, whether a step landed on the mover's Hucke, whether it is an
    order of a legal turn."""

    steps: tuple[Step, ...]
    dice: tuple[int, ...]
    board: tuple[int, ...]
    entered: bool
    legal: bool


@lru_cache(maxsize=64)
def orders(rel: tuple[int, ...], low: int, high: int, f: Frame) -> tuple[Order, ...]:
    """Every sequence of steps the throw ``low-high`` can play on ``rel`` step by step, legal
    or not (the refusals explain the others): smaller number first, sources from the start
    field onward, as the turn generator walks them."""
    found: list[tuple[tuple[Step, ...], tuple[int, ...], tuple[int, ...], bool, bool]] = []
    pt, h = POINT[f.player], f.own_hucke
    for first in (low,) if low == high else (low, high):
        second = high if first == low else low
        b = list(rel)
        for i in (0,) if b[0] > 0 else range(1, TARGET):  # TT-10
            if b[i] <= 0 or (t1 := target(b, i, first, f)) < 0:
                continue
            one = b.copy()
            hit1 = advance(one, i, t1)
            s1 = Step(pt[i], pt[t1], hit1)
            won = hit1 + (t1 == BEAR) >= f.need  # TT-15: the rest of the throw is not played
            found.append(((s1,), (first,), tuple(one), t1 == h, won))
            if won:
                continue
            # TT-10: with stones still on the start field only the stone just moved goes on
            for k in (0, t1) if one[0] > 0 else range(1, TARGET):
                if one[k] <= 0 or (t2 := target(one, k, second, f)) < 0:
                    continue
                two = one.copy()
                hit2 = advance(two, k, t2)
                s2 = Step(pt[k], pt[t2], hit2)
                found.append(((s1, s2), (first, second), tuple(two), t1 == h or t2 == h, False))
    return _judged(rel[h], h, found, f.larger and low != high, high)


def _judged(
    before: int,
    h: int,
    found: list[tuple[tuple[Step, ...], tuple[int, ...], tuple[int, ...], bool, bool]],
    larger: bool,
    high: int,
) -> tuple[Order, ...]:
    """TT-11 over the whole throw, then TT-8: as many numbers as any sequence plays (a
    winning step ends the throw early, TT-15), the larger alone with ``mustPlayLarger``."""
    fine = [hucke_ok(before, board[h], entered) for _, _, board, entered, _ in found]
    most = max((len(x[0]) for x, ok in zip(found, fine, strict=True) if ok), default=0)
    legal = [ok and (len(x[0]) == most or x[4]) for x, ok in zip(found, fine, strict=True)]
    if most == 1 and larger:
        high_played = [
            ok and not x[4] and x[1][0] == high for x, ok in zip(found, legal, strict=True)
        ]
        if any(high_played):
            legal = [ok and (x[4] or x[1][0] == high) for x, ok in zip(found, legal, strict=True)]
    return tuple(
        Order(steps, dice, board, entered, ok)
        for (steps, dice, board, entered, _), ok in zip(found, legal, strict=True)
    )


def offer(
    rel: tuple[int, ...],
    dice: tuple[int, int],
    f: Frame,
    legal: tuple[Play, ...],
    chosen: tuple[Move, ...],
) -> NextSteps[Move]:
    """The steps that may follow ``chosen`` (one-step turns, each with its move document and
    the number it uses: the smaller where both would do) and the turn, when ``chosen`` may
    end it. ``legal``: the throw's turns (``turns.generate``)."""
    if not legal[0].turn.steps:  # nothing can be played: the turn is pass (TT-8)
        if chosen:
            raise StepError(0, _refusal(rel, dice, f, legal, (), _one_step(chosen[0], 0)))
        return NextSteps((), PASS)
    alive = [o for o in orders(rel, dice[0], dice[1], f) if o.legal]
    for j, move in enumerate(chosen):
        step = _one_step(move, j)
        matching = [o for o in alive if len(o.steps) > j and _same(o, j, step, f.player)]
        if not matching:
            raise StepError(j, _refusal(rel, dice, f, legal, alive[0].steps[:j], step))
        alive = matching
    n = len(chosen)
    numbers: dict[Step, int] = {}
    for o in alive:
        if len(o.steps) > n:
            step, die = o.steps[n], o.dice[n]
            numbers[step] = min(die, numbers.get(step, die))
    ends = next((o for o in alive if len(o.steps) == n), None)
    offered: tuple[Offered[Move], ...] = tuple(
        Offered(Turn((s,)), enriched(Turn((s,)), f.player, (d,))) for s, d in numbers.items()
    )
    return NextSteps(offered, None if ends is None else Turn(ends.steps))


def _same(order: Order, j: int, step: Step, player: int) -> bool:
    """Whether ``step`` (as sent) spells step ``j`` of ``order``: a hit may go unmarked, and
    a stone borne off by the exact number may be written to the target field (TT-13)."""
    mine = order.steps[j]
    if step.source != mine.source or (step.hit and not mine.hit):
        return False
    if step.target == mine.target:
        return True
    exact = TARGET - index_of(step.source, player)
    written = step.target != OFF and index_of(step.target, player) == TARGET
    return written and mine.target == OFF and order.dice[j] == exact


def _one_step(move: Move, j: int) -> Step:
    if isinstance(move, Turn) and len(move.steps) == 1:
        return move.steps[0]
    why = Msg.of("tric-trac-not-one-step", text=notation(move))
    raise StepError(j, illegal(why, "NOT_ONE_STEP", "TT-7"))


def _refusal(
    rel: tuple[int, ...],
    dice: tuple[int, int],
    f: Frame,
    legal: tuple[Play, ...],
    prefix: tuple[Step, ...],
    step: Step,
) -> RulesError:
    """Why ``step`` may not follow ``prefix`` (the steps chosen, as an order spells them)."""
    steps = (*prefix, step)
    reached: Reached | None = None
    first: IllegalMove | None = None
    for outcome in walk(list(rel), [dice[0], dice[1]], steps, f, 0, -1, False, ()):
        if isinstance(outcome, IllegalMove):
            first = first or outcome
        else:
            reached = reached or outcome
    if reached is None:  # it cannot be played at all: as play refuses it
        assert first is not None
        return first
    # Playable, but no legal turn goes on this way: why the turns it could become are not.
    n = len(steps)
    for o in orders(rel, dice[0], dice[1], f):
        if len(o.steps) > n and all(_same(o, k, s, f.player) for k, s in enumerate(steps)):
            return turn_refusal(
                rel, dice, f, legal, Turn(o.steps), Reached(o.board, o.entered, o.dice)
            )
    return turn_refusal(rel, dice, f, legal, Turn(steps), reached)
