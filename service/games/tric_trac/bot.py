"""How the bots judge a Tric Trac position and choose a turn (issue 27).

Random playouts say little in a game ruled by the dice, so a turn is chosen by judging the
positions it leads to (``judge``, from the mover's side):

- the score difference (TT-14: a hit or a stone borne off is a point; 12 win, TT-15);
- the race: ``PIP`` a pip of the opponent's count less one's own, counting each side's
  stones nearest their target as many as it still needs points (TT-15: the others need not
  come home; a stone's pips are the points it still has to go, TT-13);
- the blots (TT-12): each lone stone of one's own on points 2 to 23 loses, with the chance
  that the opponent's next throw reaches it, a point and its pips, weighed ``BLOTS``; the
  opponent's blots count for one in the same way, weighed ``THEIRS`` (one's own next throw
  is a throw later). A stone is reached from one of the other side's stones by one number or
  both; while that side has stones on its start field, every number moves one off (TT-10),
  so only those reach (by one number or both) and, when a single one waits, the others by
  the number it leaves (the Hucke, TT-11, not looked at; nor blocks on the way, TT-9);
- the blocks (TT-9): each point from 2 to 23 held by two or more of one's own stones, where
  no opposing stone may land, counts ``BLOCKS``; each the opponent holds, as much against.

The search looks first at every turn of the throw (one ply). With room for ``DEEPER_FROM``
positions (strong's budget, not medium's) it then looks at the best few a throw deeper: for
each of the 21 throws that follow (TT-5, the same side after a double, TT-6) the best turn
of whoever throws, by the same judgement, and takes the turn whose expectation is best, of
up to ``DEEP`` turns. Measured in docs/bots.md (``./dev bench bots``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .moves import Move, Throw, Turn
from .rules import THROWS, TricTrac
from .state import MOVE, POINTS, TricTracState, score
from .turns import relative

# The weights, against a point (tuned one ply deep against bench/bots.py's pip_and_hit over
# 300 seeded games each: own blots 0.3 / 0.5 / 0.7 / 1.0 and the opponent's 0 / 0.2 / 0.5
# gave 59-70%; 0.7 and 0.2 at the top, as 0.08 a pip among 0.04-0.4). They were kept when
# the blots came to follow TT-10 and the race TT-15 (medium against pip_and_hit: 72% and 69%
# of two sets of 200 games before, 80.5% and 87% after), and not tuned again since.
PIP = 0.08  # a pip of the race
BLOTS = 0.7  # what one's own blots may lose
THEIRS = 0.2  # what the opponent's may lose
# A point held, one ply deep against pip_and_hit (800 seeded games each, seeds tt-a and
# tt-b): 0 → 76.1%, 0.1 → 78.9%, 0.3 → 80.8%, 0.5 → 81.6%, 0.8 → 81.5%, 1.2 → 79.4%.
BLOCKS = 0.5
DEEP = 5  # turns weighed a throw deeper, at most
# Positions a throw deeper needs room for: strong's budget (4,880), not medium's (1,525). One
# ply against a throw deeper is a clear step (42.8% of 600 direct games), so the two levels
# differ by it.
DEEPER_FROM = 4_000
WON = 1000.0  # a finished game: won or lost outright


# The 21 throws (TT-5) as (low, high, probability).
_DICE = tuple((t.low, t.high, float(p)) for t, p in THROWS if isinstance(t, Throw))


@lru_cache(maxsize=4096)
def reach(distances: int, singles: int = 0) -> float:
    """The chance that a throw moves some stone by one of ``distances`` (bit ``d`` set: a
    stone ``d`` points away), by one number or by both (TT-7), or by one of ``singles`` with
    one number alone."""
    chance = 0.0
    either = distances | singles
    for lo, hi, p in _DICE:
        if either >> lo & 1 or either >> hi & 1 or distances >> (lo + hi) & 1:
            chance += p
    return chance


def _exposure(board: Sequence[int], sign: int) -> float:
    """What the lone stones of the side whose stones are ``sign`` (+1: the side ``board`` is
    seen from, moving up) may lose to the other side's next throw: for each, the chance of
    being reached times a point and its pips."""
    start = POINTS - 1 if sign > 0 else 0  # the other side's start field
    hunters = [i for i, v in enumerate(board) if v * sign < 0]
    others: list[int] = []  # the stones that move by one number alone
    waiting = -board[start] * sign
    if waiting:  # TT-10: every number moves a stone off the start field
        others = [j for j in hunters if j != start] if waiting == 1 else []
        hunters = [start]
    lost = 0.0
    for i in range(1, POINTS - 1):
        if board[i] * sign != 1:
            continue
        distances = singles = 0
        for j in hunters:
            d = (j - i) * sign  # the other side moves the other way
            if 0 < d <= 12:
                distances |= 1 << d
        for j in others:
            d = (j - i) * sign
            if 0 < d <= 6:
                singles |= 1 << d
        if distances or singles:
            pips = i if sign > 0 else POINTS - 1 - i
            lost += reach(distances, singles) * (1.0 + PIP * pips)
    return lost


def judge(rules: TricTrac, state: TricTracState, player: int) -> float:
    """The position's worth for ``player`` (the module docstring)."""
    status = rules.status(state)
    if status.finished:
        return WON if player in status.winners else -WON
    board = relative(state.board, player)
    goal = state.rules.points_to_win
    mine, yours = score(state, player), score(state, 1 - player)
    own = _race(board, goal - mine, 1)
    theirs = _race(board, goal - yours, -1)
    points = mine - yours
    return (
        points
        + PIP * (theirs - own)
        - BLOTS * _exposure(board, 1)
        + THEIRS * _exposure(board, -1)
        + BLOCKS * _blocks(board)
    )


def _blocks(board: Sequence[int]) -> int:
    """The points from 2 to 23 one holds with two or more stones (TT-9: no opposing stone may
    land there) less those the opponent holds; start and target fields block nothing (TT-2)."""
    held = 0
    for i in range(1, POINTS - 1):
        count = board[i]
        if count >= 2:
            held += 1
        elif count <= -2:
            held -= 1
    return held


def _race(board: Sequence[int], needed: int, sign: int) -> int:
    """The pips of the side whose stones are ``sign`` (+1: moving up, to point 24 and off)
    over its ``needed`` stones nearest home (TT-13, TT-15), taken point by point from home."""
    pips = 0
    homeward = range(POINTS - 1, -1, -1) if sign > 0 else range(POINTS)
    for i in homeward:
        if needed <= 0:
            break
        count = board[i] * sign
        if count > 0:
            taken = min(count, needed)
            pips += taken * (POINTS - i if sign > 0 else i + 1)
            needed -= taken
    return pips


def _deeper(rules: TricTrac, after: TricTracState, player: int) -> tuple[float, int]:
    """The expectation over the next throw of the best its thrower makes of it, for
    ``player``; and the positions looked at."""
    if rules.status(after).finished:
        return judge(rules, after, player), 1
    worth, looked = 0.0, 0
    for throw, p in THROWS:
        thrown = rules.successor(after, throw)
        who = thrown.player
        assert who is not None
        turns = rules.legal_moves(thrown)
        looked += len(turns)
        best = max(judge(rules, rules.successor(thrown, t), who) for t in turns)
        worth += float(p) * (best if who == player else -best)
    return worth, looked


def judged(
    rules: TricTrac, state: TricTracState, player: int, legal: Sequence[Move], looks: int
) -> tuple[list[tuple[Move, float]], int]:
    """The turns of a throw, each judged one ply deep (every k-th when they are more than
    ``looks``), and the positions looked at; nothing but a throw to choose: none."""
    if state.phase != MOVE or len(legal) < 2 or not all(isinstance(m, Turn) for m in legal):
        return [], 0
    step = -(-len(legal) // max(looks, 1))  # more turns than looks: every k-th is judged
    seen = legal[::step]
    return [(t, judge(rules, rules.successor(state, t), player)) for t in seen], len(seen)


def choose(
    rules: TricTrac, state: TricTracState, player: int, legal: Sequence[Move], looks: int
) -> tuple[Sequence[Move], int]:
    """``legal`` (the turns of a throw) cut to the turn the judgement prefers: every turn one
    ply deep (``judged``), then, with ``DEEPER_FROM`` looks, the best ``DEEP`` (as many as
    ``looks`` leaves room for, if two or more) a throw deeper."""
    found, looked = judged(rules, state, player, legal, looks)
    if not found:
        return legal, 0
    # best first; equals in the order of ``legal`` (``found`` keeps it)
    ranked = [turn for turn, _ in sorted(found, key=lambda f: -f[1])]
    deeper = min(DEEP, (looks - looked) // (len(THROWS) * len(legal)))
    if deeper < 2 or looks < DEEPER_FROM:
        return [ranked[0]], looked
    best: tuple[float, Move] | None = None
    for turn in ranked[:deeper]:
        worth, spent = _deeper(rules, rules.successor(state, turn), player)
        looked += spent
        if best is None or worth > best[0]:
            best = (worth, turn)
    assert best is not None
    return [best[1]], looked


__all__ = [
    "BLOCKS",
    "BLOTS",
    "DEEP",
    "DEEPER_FROM",
    "PIP",
    "THEIRS",
    "choose",
    "judge",
    "judged",
    "reach",
]
