"""Matching a spelled turn to a legal one by the position it reaches, or saying why not.

Any spelling of a legal turn is accepted: the steps in another order, a sum move written
``1/4/9`` or ``1/4 4/9``, a hit without its ``*``, a bear-off written ``off`` or as the
target point. A refusal names the first rule the spelling breaks.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..core import IllegalMove, illegal
from ..core.text import Msg
from .moves import OFF, Step, Turn, notation
from .turns import (
    BEAR,
    BLOCKED,
    NOT_HOME,
    NOT_REARMOST,
    OPP_HUCKE,
    TARGET,
    Frame,
    Play,
    advance,
    hucke_ok,
    index_of,
    target,
)


@dataclass(frozen=True, slots=True)
class Reached:
    board: tuple[int, ...]
    entered: bool  # some step landed on the mover's Hucke
    dice: tuple[int, ...]  # the number each step used, in the order walked


def resolve(
    rel: tuple[int, ...], dice: tuple[int, int], f: Frame, legal: tuple[Play, ...], turn: Turn
) -> Play:
    """The legal play ``turn`` spells; raises IllegalMove naming the rule it breaks."""
    if not turn.steps:
        if not legal[0].turn.steps:
            return legal[0]
        example = notation(legal[0].turn)
        why = Msg.of("tric-trac-pass-not-allowed", player=f.player, example=example)
        raise illegal(why, "PASS_NOT_ALLOWED", "TT-8")
    for play in legal:  # the canonical spelling, by far the most common
        if play.turn == turn:
            return play
    by_board = {p.board: p for p in legal}
    orders = [turn.steps]
    if len(turn.steps) == 2:
        orders.append(turn.steps[::-1])
    first_error: IllegalMove | None = None
    reached: list[Reached] = []
    for steps in orders:
        pool = [dice[0], dice[1]]
        for outcome in walk(list(rel), pool, steps, f, 0, -1, False, ()):
            if isinstance(outcome, IllegalMove):
                first_error = first_error or outcome
            elif outcome.board in by_board:
                return by_board[outcome.board]
            else:
                reached.append(outcome)
    if reached:
        raise turn_refusal(rel, dice, f, legal, turn, reached[0])
    assert first_error is not None
    raise first_error


def step_dice(
    rel: tuple[int, ...], dice: tuple[int, int], f: Frame, play: Play, turn: Turn
) -> tuple[int, ...]:
    """The number each step of ``turn`` (a spelling of the legal ``play``) uses, in the
    spelled order.

    The canonical spelling uses the numbers generation chose (the ones the ``stepped`` events
    report). Another spelling is walked as ``resolve`` walks it, smaller numbers first, so a
    bear-off both numbers could explain gets the one that leaves the other for the rest.
    """
    if play.turn == turn:
        return play.dice
    orders = [turn.steps]
    if len(turn.steps) == 2:
        orders.append(turn.steps[::-1])
    for k, steps in enumerate(orders):
        for outcome in walk(list(rel), [dice[0], dice[1]], steps, f, 0, -1, False, ()):
            if isinstance(outcome, Reached) and outcome.board == play.board:
                return outcome.dice[::-1] if k else outcome.dice
    raise ValueError(f"{notation(turn)} does not spell {notation(play.turn)}")


def walk(
    b: list[int],
    pool: list[int],
    steps: tuple[Step, ...],
    f: Frame,
    gained: int,
    cont: int,
    entered: bool,
    used: tuple[int, ...],
) -> Iterator[Reached | IllegalMove]:
    """Plays the steps after ``used`` on ``b`` trying every die that fits; yields ends or
    refusals."""
    n = len(used)
    if n == len(steps):
        yield Reached(tuple(b), entered, used)
        return
    step = steps[n]
    p, st = f.player, notation(Turn((step,)))
    if gained >= f.need:
        yield illegal(Msg.of("tric-trac-game-won-before", step=st), "GAME_WON", "TT-15")
        return
    if len(pool) == 0:
        yield illegal(Msg.of("tric-trac-no-number-left", step=st), "TOO_MANY_STEPS", "TT-7")
        return
    i = index_of(step.source, p)
    if not 0 <= i < TARGET or b[i] <= 0:
        why = Msg.of("tric-trac-no-stone", player=p, source=step.source)
        yield illegal(why, "NO_STONE", "TT-7")
        return
    if b[0] > 0 and i not in (0, cont):
        why = Msg.of("tric-trac-start-first", player=p, step=st)
        yield illegal(why, "START_FIRST", "TT-10")
        return
    for d in _dice_for(i, step, pool, f):
        if isinstance(d, IllegalMove):
            yield d
            continue
        t = target(b, i, d, f)
        if t < 0:
            yield _step_refusal(t, p, step)
            continue
        if step.hit and (t == BEAR or b[t] != -1):
            why = Msg.of("tric-trac-no-hit", step=st, to=step.target)
            yield illegal(why, "NO_HIT", "TT-12")
            continue
        board = b.copy()
        hit = advance(board, i, t)
        rest = pool.copy()
        rest.remove(d)
        yield from walk(
            board,
            rest,
            steps,
            f,
            gained + hit + (t == BEAR),
            t if i == 0 else -1,
            entered or t == f.own_hucke,
            (*used, d),
        )


def _dice_for(i: int, step: Step, pool: list[int], f: Frame) -> Iterator[int | IllegalMove]:
    t = BEAR if step.target == OFF else index_of(step.target, f.player)
    if t >= TARGET:  # bearing off: exactly, or with any larger number (TT-13)
        fits = sorted({d for d in pool if i + d == TARGET or (t == BEAR and i + d > TARGET)})
        if not fits:
            why = Msg.of("tric-trac-bear-off-needs", source=step.source, need=TARGET - i)
            yield illegal(why, "NO_SUCH_NUMBER", "TT-13")
        yield from fits
        return
    st = notation(Turn((step,)))
    if t <= i:
        why = Msg.of("tric-trac-wrong-direction", player=f.player, step=st)
        yield illegal(why, "WRONG_DIRECTION", "TT-1")
        return
    if t - i not in pool:
        left = sorted(set(pool))  # the numbers still to play: one or two
        why = Msg.of(
            "tric-trac-wrong-number",
            step=st,
            distance=t - i,
            count=len(left),
            first=left[0],
            second=left[-1],
        )
        yield illegal(why, "NO_SUCH_NUMBER", "TT-7")
        return
    yield t - i


def _step_refusal(code: int, player: int, step: Step) -> IllegalMove:
    """Why :func:`~.turns.target` refused a step (its negative code)."""
    if code == BLOCKED:
        why = Msg.of("tric-trac-blocked", player=player, to=step.target)
        return illegal(why, "BLOCKED", "TT-9")
    if code == OPP_HUCKE:
        why = Msg.of("tric-trac-opponent-hucke", player=player, to=step.target)
        return illegal(why, "OPPONENT_HUCKE", "TT-11")
    if code == NOT_HOME:
        return illegal(Msg.of("tric-trac-not-all-home", player=player), "NOT_ALL_HOME", "TT-13")
    assert code == NOT_REARMOST
    return illegal(Msg.of("tric-trac-not-rearmost"), "NOT_REARMOST", "TT-13")


def turn_refusal(
    rel: tuple[int, ...],
    dice: tuple[int, int],
    f: Frame,
    legal: tuple[Play, ...],
    turn: Turn,
    reached: Reached,
) -> IllegalMove:
    """Each step is possible, but the turn as a whole is not (TT-8, TT-11)."""
    h = f.own_hucke
    before, after = rel[h], reached.board[h]
    if not hucke_ok(before, after, reached.entered):
        if before == 0:
            why = Msg.of("tric-trac-hucke-needs-pair", player=f.player)
            return illegal(why, "HUCKE_NEEDS_PAIR", "TT-11")
        why = Msg.of("tric-trac-hucke-last-pair", player=f.player)
        return illegal(why, "HUCKE_LAST_PAIR", "TT-11")
    most = max(len(p.turn.steps) for p in legal)
    if len(turn.steps) < most:
        example = notation(next(p.turn for p in legal if len(p.turn.steps) == most))
        why = Msg.of("tric-trac-must-play-both", example=example)
        return illegal(why, "MUST_PLAY_BOTH", "TT-8")
    if f.larger and dice[0] != dice[1]:
        why = Msg.of("tric-trac-must-play-larger", number=dice[1])
        return illegal(why, "MUST_PLAY_LARGER", "TT-8")
    return illegal(Msg.of("tric-trac-not-legal", turn=notation(turn)), "NOT_LEGAL", "TT-8")


def played(rel: tuple[int, ...], dice: tuple[int, int], f: Frame, turn: Turn) -> Play | None:
    """The play a two-step ``turn`` makes when its steps, in the order spelled or the other,
    are each legal with one number each and leave the Huckes as TT-11 allows; None for
    anything else (one step, a pass, a step after the winning one, a refusal), which only
    the whole generation decides.

    A turn that plays both numbers needs no comparison with the other turns (TT-8 asks for
    both numbers when possible), so replaying a record decides it without generating the
    throw's turns: the board it reaches is the one ``resolve`` would find, spelled as sent."""
    if len(turn.steps) != 2:
        return None
    first, second = turn.steps
    low, high = dice
    orders = [((first, low), (second, high)), ((second, low), (first, high))]
    if low != high:
        orders += [((first, high), (second, low)), ((second, high), (first, low))]
    h = f.own_hucke
    for (a, da), (b, db) in orders:
        board = list(rel)
        i, t1 = _step(board, a, da, f, -1)
        if t1 < 0:
            continue
        hit1 = advance(board, i, t1)
        if hit1 + (t1 == BEAR) >= f.need:  # TT-15: the winning step ends the turn
            continue
        j, t2 = _step(board, b, db, f, t1 if i == 0 else -1)
        if t2 < 0:
            continue
        hit2 = advance(board, j, t2)
        if hucke_ok(rel[h], board[h], t1 == h or t2 == h):
            return Play(turn, (da, db), tuple(board), hit1 + hit2)
    return None


def _step(b: list[int], step: Step, d: int, f: Frame, cont: int) -> tuple[int, int]:
    """``step`` played with the number ``d`` on ``b``: its source and landing index, or a
    negative landing when it cannot be (the checks of ``walk`` and ``_dice_for``)."""
    i = index_of(step.source, f.player)
    if not 0 <= i < TARGET or b[i] <= 0 or (b[0] > 0 and i != 0 and i != cont):
        return i, BLOCKED
    spelled = BEAR if step.target == OFF else index_of(step.target, f.player)
    if spelled >= TARGET:  # TT-13: exactly, or with a larger number spelled "off"
        if i + d != TARGET and not (spelled == BEAR and i + d > TARGET):
            return i, BLOCKED
    elif spelled - i != d:
        return i, BLOCKED
    t = target(b, i, d, f)
    if t >= 0 and step.hit and (t == BEAR or b[t] != -1):  # TT-12: a "*" where none is hit
        return i, BLOCKED
    return i, t
