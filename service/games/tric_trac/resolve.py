"""Matching a spelled turn to a legal one by the position it reaches, or saying why not.

Any spelling of a legal turn is accepted: the steps in another order, a sum move written
``1/4/9`` or ``1/4 4/9``, a hit without its ``*``, a bear-off written ``off`` or as the
target point. A refusal names the first rule the spelling breaks.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..core import IllegalMove
from .moves import OFF, Step, Turn, notation
from .state import COLOUR_NAMES
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

_STEP_REFUSALS = {
    BLOCKED: ("BLOCKED", "TT-9", "{to} is held by two or more {opp} stones"),
    OPP_HUCKE: ("OPPONENT_HUCKE", "TT-11", "{to} is {opp}'s Hucke, which {me} may never enter"),
    NOT_HOME: (
        "NOT_ALL_HOME",
        "TT-13",
        "with homeBeforeBearOff every {me} stone must be in the home quarter before bearing off",
    ),
    NOT_REARMOST: (
        "NOT_REARMOST",
        "TT-13",
        "with homeBeforeBearOff a number larger than needed bears off only the rearmost stone",
    ),
}


@dataclass(frozen=True, slots=True)
class _Reached:
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
        raise IllegalMove(
            f"{COLOUR_NAMES[f.player]} can play this throw, e.g. {notation(legal[0].turn)}; "
            "a turn passes only when no number can be played",
            reason="PASS_NOT_ALLOWED",
            rule="TT-8",
        )
    for play in legal:  # the canonical spelling, by far the most common
        if play.turn == turn:
            return play
    by_board = {p.board: p for p in legal}
    orders = [turn.steps]
    if len(turn.steps) == 2:
        orders.append(turn.steps[::-1])
    first_error: IllegalMove | None = None
    reached: list[_Reached] = []
    for steps in orders:
        pool = [dice[0], dice[1]]
        for outcome in _walk(list(rel), pool, steps, f, 0, -1, False, ()):
            if isinstance(outcome, IllegalMove):
                first_error = first_error or outcome
            elif outcome.board in by_board:
                return by_board[outcome.board]
            else:
                reached.append(outcome)
    if reached:
        raise _turn_refusal(rel, dice, f, legal, turn, reached[0])
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
        for outcome in _walk(list(rel), [dice[0], dice[1]], steps, f, 0, -1, False, ()):
            if isinstance(outcome, _Reached) and outcome.board == play.board:
                return outcome.dice[::-1] if k else outcome.dice
    raise ValueError(f"{notation(turn)} does not spell {notation(play.turn)}")


def _walk(
    b: list[int],
    pool: list[int],
    steps: tuple[Step, ...],
    f: Frame,
    gained: int,
    cont: int,
    entered: bool,
    used: tuple[int, ...],
) -> Iterator[_Reached | IllegalMove]:
    """Plays the steps after ``used`` on ``b`` trying every die that fits; yields ends or
    refusals."""
    n = len(used)
    if n == len(steps):
        yield _Reached(tuple(b), entered, used)
        return
    step = steps[n]
    if gained >= f.need:
        yield _refuse(f, step, "GAME_WON", "TT-15", "the game was won by the step before {st}")
        return
    if len(pool) == 0:
        yield _refuse(f, step, "TOO_MANY_STEPS", "TT-7", "no number is left for {st}")
        return
    i = index_of(step.source, f.player)
    if not 0 <= i < TARGET or b[i] <= 0:
        yield _refuse(f, step, "NO_STONE", "TT-7", "{me} has no stone on point {fr}")
        return
    if b[0] > 0 and i not in (0, cont):
        yield _refuse(
            f,
            step,
            "START_FIRST",
            "TT-10",
            "{me} still has stones on the start field, so {st} must take one from there",
        )
        return
    for d in _dice_for(i, step, pool, f):
        if isinstance(d, IllegalMove):
            yield d
            continue
        t = target(b, i, d, f)
        if t < 0:
            reason, rule, text = _STEP_REFUSALS[t]
            yield _refuse(f, step, reason, rule, text)
            continue
        if step.hit and (t == BEAR or b[t] != -1):
            yield _refuse(f, step, "NO_HIT", "TT-12", "{st} claims a hit, but {to} holds no blot")
            continue
        board = b.copy()
        hit = advance(board, i, t)
        rest = pool.copy()
        rest.remove(d)
        yield from _walk(
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
            need = TARGET - i
            yield _refuse(
                f, step, "NO_SUCH_NUMBER", "TT-13", f"bearing off from {{fr}} needs {need} or more"
            )
        yield from fits
        return
    if t <= i:
        yield _refuse(f, step, "WRONG_DIRECTION", "TT-1", "{me} moves {way}, {st} does not")
        return
    if t - i not in pool:
        left = " or ".join(str(d) for d in sorted(set(pool)))
        yield _refuse(
            f, step, "NO_SUCH_NUMBER", "TT-7", f"{{st}} is {t - i} points; it must be {left}"
        )
        return
    yield t - i


def _refuse(f: Frame, step: Step, reason: str, rule: str, text: str) -> IllegalMove:
    me, opp = COLOUR_NAMES[f.player], COLOUR_NAMES[1 - f.player]
    to = "off" if step.target == OFF else f"point {step.target}"
    message = text.format(
        me=me,
        opp=opp,
        st=notation(Turn((step,))),
        fr=step.source,
        to=to,
        way="up from 1 to 24" if f.player == 0 else "down from 24 to 1",
    )
    return IllegalMove(message[0].upper() + message[1:], reason=reason, rule=rule)


def _turn_refusal(
    rel: tuple[int, ...],
    dice: tuple[int, int],
    f: Frame,
    legal: tuple[Play, ...],
    turn: Turn,
    reached: _Reached,
) -> IllegalMove:
    """Each step is possible, but the turn as a whole is not (TT-8, TT-11)."""
    me = COLOUR_NAMES[f.player]
    h = f.own_hucke
    before, after = rel[h], reached.board[h]
    if not hucke_ok(before, after, reached.entered):
        if before == 0:
            why = f"{me}'s empty Hucke may be entered only by two stones of one throw"
            return IllegalMove(why, reason="HUCKE_NEEDS_PAIR", rule="TT-11")
        why = f"the last two stones must leave {me}'s Hucke in the same throw"
        return IllegalMove(why, reason="HUCKE_LAST_PAIR", rule="TT-11")
    most = max(len(p.turn.steps) for p in legal)
    if len(turn.steps) < most:
        example = notation(next(p.turn for p in legal if len(p.turn.steps) == most))
        why = f"both numbers can be played (e.g. {example}), so both must be (TT-8)"
        return IllegalMove(why, reason="MUST_PLAY_BOTH", rule="TT-8")
    if f.larger and dice[0] != dice[1]:
        why = f"only one number can be played, and with mustPlayLarger it must be the {dice[1]}"
        return IllegalMove(why, reason="MUST_PLAY_LARGER", rule="TT-8")
    return IllegalMove(
        f"{notation(turn)} is not a legal turn here", reason="NOT_LEGAL", rule="TT-8"
    )
