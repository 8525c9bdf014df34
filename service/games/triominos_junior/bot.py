"""How the bots judge a Triominos Junior turn (issue 27), from what the mover can know.

Random playouts in a game decided by who has to draw (a draw costs a coin, a placement earns
one: TJ-10, TJ-12) tell most placements apart only by the luck of the draws. So the bots
judge each placement and swap one ply deep, from the player's own information only (TJ-17):
the layout, their rack, every rack's size, the coins or points, and the *unseen* tiles (the
other racks and the pool together, which is all the player can tell of them):

- a finished game is worth everything to its winner (TJ-14, TJ-15), in a world dealt from the
  unseen tiles (the end and the points left on the racks may depend on them);
- the score difference to the best other player (coins, or points placed);
- less what the other players can expect from their next turn (``REPLY``): each places with
  the chance that at least one of their tiles, drawn from the unseen ones, fits an open
  position (a joker fits every one, TJ-9) and earns a coin or the unseen tiles' average
  value; otherwise they draw, and pay a coin at the coin level;
- plus ``MINE`` × the chance that one of the mover's own tiles still fits next turn,
  counted as 1 − ½ⁿ for the n distinct tiles that fit now (the next player may take a
  position away), a joker counting as one that fits.

A draw is chosen only when no placement or swap exists: it costs what a placement earns.

With a larger budget (strong's), the ``DEEP`` lays judged best are each played through a
round in ``WORLDS`` worlds dealt from the unseen tiles by seeds made of what the player sees:
every other player lays what their own judgement of that world prefers (or draws), then the
mover lays their best, and the lay whose rounds end best on average is played. Measured in
docs/bots.md (``./dev bench bots``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import comb

from ..core import GameRules
from ..core.chance import Seeded, unit
from .grid import CORNERS
from .layout import Board, Need, fits
from .moves import Draw, Move, Pass, Place, Swap
from .state import TriominosState
from .tiles import JOKER, Tile, value
from .turns import final_scores, winners

Rules = GameRules[TriominosState, Move]

WON = 1e6
REPLY = 1.0  # 0 won 50% of 300 games against greedy placement, 1 and 2 won 64%
MINE = 1.0
# The budget's deeper look: the best DEEP lays each played through a round in WORLDS worlds
# dealt from the unseen tiles (in direct matches against the one-ply judgement, 4 x 8 won
# 57% of 400 games and 4 x 16 53.5%).
DEEP = 4
WORLDS = 16
ROUND = 24  # the fewest positions a round is counted to look at (medium's budget: no round)


def unseen(state: TriominosState, player: int) -> list[Tile]:
    """The tiles ``player`` cannot see: the other racks and the pool, together (TJ-17)."""
    hidden = [t for i, rack in enumerate(state.racks) if i != player for t in rack]
    return sorted(hidden + list(state.pool))


def _needs(board: Board) -> set[Need]:
    """What the open positions need, each distinct need once."""
    get = board.values.get
    out = set()
    for pos in board.open:
        a, b, c = CORNERS[pos]
        out.add((get(a), get(b), get(c)))
    return out


def _fitting(tiles: Iterable[Tile], needs: set[Need]) -> int:
    """How many of ``tiles`` fit some open position (TJ-9; a joker fits any)."""
    n = 0
    for tile in tiles:
        if tile == JOKER:
            n += bool(needs)
        else:
            table = fits(tile)
            n += any(need in table for need in needs)
    return n


def _chance_any(total: int, fitting: int, drawn: int) -> float:
    """The chance that ``drawn`` tiles of ``total`` include one of the ``fitting`` ones."""
    drawn = min(drawn, total)
    if drawn <= 0:
        return 0.0
    return 1.0 - comb(total - fitting, drawn) / comb(total, drawn)


def worth(state: TriominosState, player: int, hidden: Sequence[Tile]) -> float:
    """The position's worth for ``player``, who has just moved (the module docstring);
    ``hidden``: the tiles they cannot see."""
    others = [i for i in range(state.players) if i != player]
    if state.phase == "over":
        totals = final_scores(state)
        won = winners(totals)
        lead = totals[player] - max(totals[i] for i in others)
        return (WON / len(won) if player in won else -WON) + lead
    coins = state.level == "coins"
    held = state.coins if coins else state.points
    lead = held[player] - max(held[i] for i in others)
    needs = _needs(state.board)
    fitting = _fitting(hidden, needs)
    if coins:
        gain, miss = 1.0, -1.0  # a placement earns a coin, a draw pays one
    else:
        gain, miss = sum(value(t) for t in hidden) / max(len(hidden), 1), 0.0
    expected = 0.0
    for i in others:
        chance = _chance_any(len(hidden), fitting, len(state.racks[i]))
        expected += chance * gain + (1 - chance) * miss
    own = _fitting(set(state.racks[player]), needs)
    return lead - REPLY * expected / len(others) + MINE * gain * (1.0 - 0.5**own)


def _view_key(state: TriominosState, player: int) -> str:
    """What ``player`` can see of the position, as a seed: a turn is judged in a world dealt
    from the unseen tiles by it, the same in every position the player cannot tell from this
    one."""
    sizes = [len(rack) for rack in state.racks]
    seen = (state.layout, state.racks[player], sizes, len(state.pool), state.coins, state.points)
    return repr(seen)


def judged(
    rules: Rules,
    state: TriominosState,
    player: int,
    legal: Sequence[Move],
    looks: int,
    draw: bool = False,
) -> tuple[list[tuple[Move, float]], int]:
    """Every placement and swap of ``legal`` with its worth (the module docstring), and, with
    ``draw``, the draw too (its coin paid, the tile still unknown), and the positions looked
    at; nothing when there is no lay (a draw or a pass is the turn) or when judging each once
    takes more than ``looks``."""
    lays = _lays(legal)
    if draw:
        lays.extend(m for m in legal if isinstance(m, Draw))
    if not lays or isinstance(lays[0], Draw) or len(lays) > looks:
        return [], 0
    world = rules.determinize(state, player, Seeded(_view_key(state, player)))
    return _worths(rules, world, player, lays, unseen(state, player)), len(lays)


def _lays(legal: Sequence[Move]) -> list[Move]:
    """The placements and swaps of ``legal`` (TJ-10, TJ-11)."""
    return [m for m in legal if isinstance(m, Place | Swap)]


def _worths(
    rules: Rules, world: TriominosState, player: int, moves: Sequence[Move], hidden: list[Tile]
) -> list[tuple[Move, float]]:
    """Each of ``moves`` with the worth of the position it leads to in ``world``."""
    return [(m, worth(rules.successor(world, m), player, hidden)) for m in moves]


def choose(
    rules: Rules, state: TriominosState, player: int, legal: Sequence[Move], looks: int
) -> tuple[Sequence[Move], int]:
    """The turn judged best and the positions looked at: a draw (or a pass) only when nothing
    can be laid; every legal move when judging each lay once takes more than ``looks``."""
    if not _lays(legal):
        return [next(m for m in legal if isinstance(m, Draw | Pass))], 0
    found, looked = judged(rules, state, player, legal, looks)
    if not found:
        return legal, 0
    ranked = sorted(range(len(found)), key=lambda i: (-found[i][1], i))
    # a round in a world: the others' lays, then the mover's (about as many as theirs now),
    # at least ROUND positions
    per_world = max(2 * len(found) + 2, ROUND)
    if len(ranked) < 2 or looks - looked < DEEP * WORLDS * per_world:
        return [found[ranked[0]][0]], looked
    key = _view_key(state, player)
    best: tuple[float, int] | None = None
    for i in ranked[:DEEP]:
        total = 0.0
        for k in range(WORLDS):
            seed = f"{key}/{k}"
            world = rules.determinize(state, player, Seeded(seed))
            worth_, spent = _round(rules, world, found[i][0], player, seed)
            total += worth_
            looked += spent
        if best is None or total > best[0]:
            best = (total, i)
    assert best is not None
    return [found[best[1]][0]], looked


def _turn(rules: Rules, state: TriominosState, who: int) -> tuple[Move, int]:
    """``who``'s turn by the one-ply judgement from their view of ``state`` (a sampled world):
    their best lay, else the draw (or, with an empty pool, the pass); and the positions looked
    at."""
    legal = rules.legal_moves(state)
    lays = _lays(legal)
    if not lays:
        return legal[-1], 0
    found = _worths(rules, state, who, lays, unseen(state, who))
    return max(found, key=lambda f: f[1])[0], len(lays)


def _settled(
    rules: Rules, state: TriominosState, seed: str, drawn: int
) -> tuple[TriominosState, int]:
    """``state`` with its pending draw dealt from the world's seed (``unit(seed, drawn)``)."""
    while rules.is_chance(state):
        state = rules.successor(state, rules.sample_outcome(state, unit(seed, drawn)))
        drawn += 1
    return state, drawn


def _round(
    rules: Rules, world: TriominosState, move: Move, player: int, seed: str
) -> tuple[float, int]:
    """``move`` played in a world dealt from what ``player`` cannot see, every other player's
    turn by their own judgement of that world (a draw when they cannot lay), then the
    mover's best lay, judged as a turn is: a round, the chance of the round's draws sampled
    by the world's seed. The worth for ``player`` and the positions looked at."""
    state, drawn = _settled(rules, rules.successor(world, move), seed, 0)
    looked = 1
    while state.phase != "over":
        who = state.turn
        assert who is not None
        turn, spent = _turn(rules, state, who)
        looked += spent
        state, drawn = _settled(rules, rules.successor(state, turn), seed, drawn)
        if who == player:  # the round ends with the mover's own turn
            break
    return worth(state, player, unseen(state, player)), looked


__all__ = ["DEEP", "MINE", "REPLY", "ROUND", "WORLDS", "choose", "judged", "unseen", "worth"]
