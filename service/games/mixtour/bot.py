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
same judgement prefers for them, then the mover's best answer to it (``DEEP``). With room for
``SEARCH_FROM`` positions (strong's budget) the moves are searched instead (``search``):
alpha-beta, ``DEPTH`` plies deep, every reply of both sides looked at. Measured in docs/bots.md
(``./dev bench bots``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import Clock, GameRules
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
DEPTH = 3  # plies the search looks ahead: the move, the reply, the answer
SEARCH_FROM = 4_000  # positions the search needs room for (strong has 4,880; medium 1,525)
AT_HAND = 0.9  # a point the side to move can score at once, in a searched position: 0.9 point


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
    clock: Clock | None = None,
) -> tuple[Sequence[Move], int]:
    """``moves`` cut to the one judged best, when judging each fits ``looks``; with room for
    ``SEARCH_FROM`` more, the one ``search`` prefers (within ``clock``'s limits); else, with
    room for two or more, the best (up to ``DEEP``) judged a move deeper."""
    if len(moves) < 2 or LOOK * len(moves) > looks:
        return moves, 0
    ranked = sorted(
        ((judge(rules, state, m, player), i) for i, m in enumerate(moves)),
        key=lambda t: (-t[0], t[1]),
    )
    looked = LOOK * len(moves)
    if looks - looked >= SEARCH_FROM:
        best_first = [moves[i] for _, i in ranked]
        move, searched = search(rules, state, player, best_first, looks - looked, clock)
        return [move], looked + searched
    per = 2 * LOOK * len(moves)  # a move deeper: every reply judged, then every answer
    deeper = min(DEEP, (looks - looked) // per)
    if deeper >= 2:
        deep = [(_deeper(rules, state, moves[i], player), i) for _, i in ranked[:deeper]]
        looked += per * len(deep)
        ranked = sorted(deep, key=lambda t: (-t[0], t[1])) + ranked[deeper:]
    best = ranked[0][0]
    kept = [moves[i] for worth, i in ranked[:KEEP] if worth > best - POINT / 2]
    return kept, looked


class _Spent(Exception):
    """The search's looks are used up."""


CLOCK_EVERY = 64  # positions the search makes between two looks at the clock


class _Search:
    """Alpha-beta (negamax) over Mixtour's positions, each position made counted as a look."""

    __slots__ = ("clock", "looks", "made", "rules")

    def __init__(self, rules: Rules, looks: int, clock: Clock | None = None) -> None:
        self.rules = rules
        self.looks = looks
        self.made = 0  # positions made so far
        self.clock = clock

    def worth(self, state: MixtourState, depth: int, alpha: float, beta: float) -> float:
        """``state``'s worth for the side to move, ``depth`` plies deep: the points between
        them, and ``AT_HAND`` of a point when the side to move can score at once (MX-9)."""
        rules = self.rules
        turn = state.turn
        assert turn is not None
        legal = rules.legal_moves(state)
        if depth == 0:
            worth = POINT * (state.points[turn] - state.points[1 - turn])
            return worth + AT_HAND * POINT if scoring(state, legal, turn) else worth
        best = -2 * WON
        for move in _ordered(state, legal, turn):
            value = self.after(state, move, turn, depth - 1, alpha, beta)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    def after(
        self, state: MixtourState, move: Move, mover: int, depth: int, alpha: float, beta: float
    ) -> float:
        """``move``'s worth for ``mover``: a finished game is won, lost or drawn (MX-8, MX-10);
        otherwise the opponent moves next (every move, a pass too, hands the turn over)."""
        if self.made == self.looks:
            raise _Spent
        self.made += 1
        if self.clock is not None and self.made % CLOCK_EVERY == 0 and self.clock():
            raise _Spent
        after = self.rules.successor(state, move)
        if after.turn is None:
            winners = self.rules.status(after).winners
            return WON if mover in winners else -WON if winners else 0.0
        return -self.worth(after, depth, -beta, -alpha)


def _ordered(state: MixtourState, legal: Sequence[Move], mover: int) -> list[Move]:
    """The moves that score for the mover first, then the other shifts, the placements, and
    those that score for the opponent last: alpha-beta cuts the most when the best come
    first."""
    stacks = state.stacks

    def rank(move: Move) -> int:
        if not isinstance(move, Shift):
            return 2
        if len(stacks[move.target]) + move.count < REMOVE_AT:
            return 1
        return 0 if stacks[move.source][-1] == mover else 3

    return sorted(legal, key=rank)


def search(
    rules: Rules,
    state: MixtourState,
    player: int,
    ranked: Sequence[Move],
    looks: int,
    clock: Clock | None = None,
    plies: int = DEPTH,
) -> tuple[Move, int]:
    """The move of ``ranked`` (best judged first) that alpha-beta prefers, searched one ply
    deeper at a time up to ``plies`` while ``looks`` last and ``clock`` names no limit; the
    deepest finished search decides (the first of ``ranked`` when none finishes), and the
    looks it spent."""
    found = _Search(rules, looks, clock)
    best = ranked[0]
    order = list(ranked)
    for depth in range(plies):
        alpha, chosen = -2 * WON, order[0]
        try:
            for move in order:
                value = found.after(state, move, player, depth, alpha, 2 * WON)
                if value > alpha:
                    alpha, chosen = value, move
        except _Spent:
            break
        best = chosen
        order = [chosen, *(m for m in order if m != chosen)]
    return best, found.made


__all__ = ["DEEP", "POINT", "THREAT", "choose", "judge", "scoring", "search"]
