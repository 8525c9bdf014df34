"""How the bots judge a Mixtour move (issue 27).

Random playouts in a game of five points by stacks of five (MX-9) let the search tell most
moves apart only by chance: at 50 iterations it won about half of its games against a careful
greedy player. So the bots choose among the moves ``spec.candidates`` leaves in (those that
hand the opponent no point while one such exists) by judging each one ply deep, and leave the
search the ``KEEP`` best (those within half a point of the best):

- a win is worth everything, a loss nothing (MX-10);
- ``POINT`` a point gained, less the same for a point handed over (MX-9: a stack of five
  scores for the colour on top, whoever moved);
- less ``POINT`` when the opponent then has a move that scores (MX-7's ban counts);
- ``THREAT`` for each stack the mover could then complete with their own colour on top, up to
  three: a threat the opponent must answer, two they may not both stop.

With a larger budget the best few are judged a move deeper as well: the opponent's reply the
same judgement prefers for them, then the mover's best answer to it (``DEEP``). Measured in
docs/bots.md (``./dev bench bots``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import GameRules
from ..core.states import evolve
from .moves import REMOVE_AT, Move, Shift
from .state import MixtourState

Rules = GameRules[MixtourState, Move]

POINT = 100.0
THREAT = 5.0  # 2 to 10 won the same share of 60 games against careful greedy play
WON = 1e6
DEEP = 8  # moves judged a move deeper, at most
KEEP = 3  # moves left to the search: the best judged, within half a point of the best
LOOK = 3  # positions one judgement looks at: the move's, the opponent's replies, the mover's


def scoring(state: MixtourState, legal: Sequence[Move], mover: int) -> list[Shift]:
    """The shifts among ``legal`` that make a stack of 5 or more with the mover's piece on top:
    each scores the mover a point at once (MX-9)."""
    stacks = state.stacks
    return [
        m
        for m in legal
        if isinstance(m, Shift)
        and len(stacks[m.target]) + m.count >= REMOVE_AT
        and stacks[m.source][-1] == mover
    ]


def _threats(rules: Rules, state: MixtourState, who: int) -> int:
    """The stacks ``who`` could complete at once with their colour on top, were it their move
    (the ban of MX-7 left aside), up to three."""
    turn = state if state.turn == who else evolve(state, turn=who, last=None)
    return min(len({m.target for m in scoring(turn, rules.legal_moves(turn), who)}), 3)


def judge(rules: Rules, state: MixtourState, move: Move, player: int) -> float:
    """``move``'s worth for ``player`` (to move in ``state``): the module docstring."""
    after = rules.successor(state, move)
    status = rules.status(after)
    if status.finished:
        return WON if player in status.winners else -WON
    other = 1 - player
    gained = after.points[player] - state.points[player]
    handed = after.points[other] - state.points[other]
    worth = POINT * (gained - handed)
    if after.turn == other and scoring(after, rules.legal_moves(after), other):
        worth -= POINT
    return worth + THREAT * _threats(rules, after, player)


def _best(rules: Rules, state: MixtourState, player: int) -> tuple[float, Move | None]:
    best: tuple[float, Move | None] = (-WON - 1, None)
    for move in rules.legal_moves(state):
        worth = judge(rules, state, move, player)
        if worth > best[0]:
            best = (worth, move)
    return best


def _deeper(rules: Rules, state: MixtourState, move: Move, player: int) -> float:
    """``move`` judged a move deeper: the opponent's reply they judge best, then the mover's
    best answer to it."""
    after = rules.successor(state, move)
    if rules.status(after).finished or after.turn != 1 - player:
        return judge(rules, state, move, player)
    _, reply = _best(rules, after, 1 - player)
    if reply is None:
        return judge(rules, state, move, player)
    answered = rules.successor(after, reply)
    status = rules.status(answered)
    if status.finished:
        return WON if player in status.winners else -WON
    if answered.turn != player:
        return judge(rules, state, move, player)
    worth, _ = _best(rules, answered, player)
    return worth


def choose(
    rules: Rules,
    state: MixtourState,
    player: int,
    moves: Sequence[Move],
    looks: int,
) -> tuple[Sequence[Move], int]:
    """``moves`` cut to the one judged best, when judging each fits ``looks``; with room for
    two or more, the best (up to ``DEEP``) judged a move deeper."""
    if len(moves) < 2 or LOOK * len(moves) > looks:
        return moves, 0
    ranked = sorted(
        ((judge(rules, state, m, player), i) for i, m in enumerate(moves)),
        key=lambda t: (-t[0], t[1]),
    )
    looked = LOOK * len(moves)
    per = 2 * LOOK * len(moves)  # a move deeper: every reply judged, then every answer
    deeper = min(DEEP, (looks - looked) // per)
    if deeper >= 2:
        deep = [(_deeper(rules, state, moves[i], player), i) for _, i in ranked[:deeper]]
        looked += per * len(deep)
        ranked = sorted(deep, key=lambda t: (-t[0], t[1])) + ranked[deeper:]
    best = ranked[0][0]
    kept = [moves[i] for worth, i in ranked[:KEEP] if worth > best - POINT / 2]
    return kept, looked


__all__ = ["DEEP", "POINT", "THREAT", "choose", "judge", "scoring"]
