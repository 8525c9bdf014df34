"""A slow, independent statement of the turn rules (TT-7…TT-13, TT-15) to check the engine,
and the plain implementations its fast paths replaced.

``reference_results`` walks every ordered sequence of single steps on the absolute board,
exactly as the spec words them, and returns the set of positions a legal turn can reach, or
the legal sequences themselves (every order a turn may be played in: the turns built step by
step).

The plain implementations (``generate``, ``move_document``, ``move_locations``) are the
engine's code as first written, kept executable: ``test_playouts.py`` holds the fast paths
equal to them along seeded random games.
"""

from __future__ import annotations

from typing import Any

from service.games.core.game import JSON
from service.games.core.locations import at, unique
from service.games.tric_trac import TricTracState, moves
from service.games.tric_trac.locations import START
from service.games.tric_trac.moves import PASS, Move, Step, Turn
from service.games.tric_trac.resolve import resolve, step_dice
from service.games.tric_trac.rules import _frame
from service.games.tric_trac.turns import (
    BEAR,
    BLOCKED,
    HOME_FROM,
    NOT_HOME,
    NOT_REARMOST,
    OPP_HUCKE,
    POINT,
    TARGET,
    Frame,
    Play,
    hucke_ok,
    relative,
)


def reference_results(state: TricTracState) -> set[tuple[tuple[int, ...], tuple[int, int]]]:
    """(board, hits) after every legal turn of the player to move."""
    p = state.player
    assert p is not None
    if not (chosen := _legal_sequences(state)):
        return {(state.board, state.hits)}
    out = set()
    for board, hits, _, _ in chosen:
        total = list(state.hits)
        total[p] += hits
        out.add((board, (total[0], total[1])))
    return out


def reference_orders(state: TricTracState) -> dict[tuple[str, ...], tuple[int, ...]]:
    """Every legal sequence of steps, each step spelled ``from/to`` (``off``, no ``*``), with
    the board it reaches; empty when the turn is ``pass``."""
    return {
        tuple(f"{src}/{'off' if off else dest}" for src, dest, _, off in history): board
        for board, _, history, _ in _legal_sequences(state)
    }


def _legal_sequences(state: TricTracState) -> list[tuple[tuple[int, ...], int, tuple, bool]]:
    """(board, stones hit, steps as (src, dest, die, off), won) of every legal sequence."""
    assert state.phase == "move" and state.player is not None and state.dice is not None
    p, rules = state.player, state.rules
    sign, way = (1, 1) if p == 0 else (-1, -1)
    start, goal = (1, 24) if p == 0 else (24, 1)
    own_hucke, opp_hucke = rules.hucke[p], rules.hucke[1 - p]
    score = state.hits[p] + 15 - sum(v * sign for v in state.board if v * sign > 0)
    found = []  # (board, hits, steps as (src, dest, die, off), won)

    def mine(board: list[int], point: int) -> int:
        return max(board[point - 1] * sign, 0)

    def theirs(board: list[int], point: int) -> int:
        return max(-board[point - 1] * sign, 0)

    def home_ok(board: list[int], src: int, dest: int) -> bool:
        if not rules.home_before_bear_off:
            return True
        home = range(19, 24) if p == 0 else range(2, 7)
        if any(mine(board, q) for q in range(1, 25) if q not in home):
            return False
        if dest == goal:
            return True
        behind = range(19, src) if p == 0 else range(src + 1, 7)
        return not any(mine(board, q) for q in behind)

    def walk(board, hits, dice, history):
        won = score + hits + sum(1 for h in history if h[3]) >= rules.points_to_win
        if history:
            found.append((tuple(board), hits, tuple(history), won))
        if won or not dice:
            return
        for die in sorted(set(dice)):
            rest = list(dice)
            rest.remove(die)
            for src in range(1, 25):
                if not mine(board, src):
                    continue
                if mine(board, start) and src != start:
                    first = history[0] if history else None
                    if not (first and first[0] == start and first[1] == src):
                        continue
                dest = src + way * die
                off = dest >= 24 if p == 0 else dest <= 1
                b = list(board)
                b[src - 1] -= sign
                h = hits
                if off:
                    if not home_ok(board, src, dest):
                        continue
                else:
                    if dest == opp_hucke or theirs(board, dest) >= 2:
                        continue
                    if theirs(board, dest) == 1:
                        b[dest - 1] = sign
                        b[(24 if p == 0 else 1) - 1] -= sign
                        h += 1
                    else:
                        b[dest - 1] += sign
                walk(b, h, rest, [*history, (src, None if off else dest, die, off)])

    walk(list(state.board), 0, list(state.dice), [])
    before = mine(list(state.board), own_hucke)
    legal = []
    for board, hits, history, won in found:
        after = mine(list(board), own_hucke)
        entered = any(h[1] == own_hucke for h in history)
        if after == 1 or (before == 0 and entered and after != 2):
            continue  # TT-11
        legal.append((board, hits, history, won))
    if not legal:
        return []
    most = max(len(h) for _, _, h, _ in legal)
    chosen = [x for x in legal if len(x[2]) == most or x[3]]
    low, high = state.dice
    if most == 1 and rules.must_play_larger and low != high:
        larger = [x for x in chosen if not x[3] and x[2][0][2] == high]
        if larger:
            chosen = [x for x in chosen if x[3] or x[2][0][2] == high]
    return chosen


# -- the plain implementations the fast paths replaced -----------------------------------
#
# ``generate``: the turn generator as first written (TT-6 … TT-13, TT-15), every order of
# steps walked on a mutable board, a ``Play`` (and its steps) built for every new position.


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


def _sources(b: list[int]) -> tuple[int, ...] | range:
    # TT-10: while stones wait on the start field, every step starts there.
    return (0,) if b[0] > 0 else range(1, TARGET)


def _make(f: Frame, board: tuple[int, ...], i: int, t: int, d: int, hit: bool) -> Play:
    pt = POINT[f.player]
    return Play(Turn((Step(pt[i], pt[t], hit),)), (d,), board, int(hit))


def _make2(
    f: Frame, board: tuple[int, ...], m1: tuple[int, int, int, bool], m2: tuple[int, int, int, bool]
) -> Play:
    pt = POINT[f.player]
    i, t, d, hit = m1
    k, u, e, hit2 = m2
    return Play(
        Turn((Step(pt[i], pt[t], hit), Step(pt[k], pt[u], hit2))),
        (d, e),
        board,
        hit + hit2,
    )


def generate(rel: tuple[int, ...], low: int, high: int, f: Frame) -> tuple[Play, ...]:
    """Every legal turn for the throw ``low-high`` (TT-6 … TT-13, TT-15), duplicate-free."""
    b = list(rel)
    h = f.own_hucke
    h0 = b[h]
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
            m1 = (i, t1, first, hit1)
            if hit1 + (t1 == BEAR) >= f.need:  # TT-15: the rest of the throw is not played
                if hucke_ok(h0, b[h], t1 == h) and (key := tuple(b)) not in wins:
                    wins[key] = _make(f, key, i, t1, first, hit1)
                _undo(b, i, t1, hit1)
                continue
            # TT-10: with stones still on the start field, only the stone just moved off it
            # may go on (the one-stone sum move of TT-7).
            for k in (0, t1) if b[0] > 0 else range(1, TARGET):
                if b[k] <= 0:
                    continue
                t2 = target(b, k, second, f)
                if t2 < 0:
                    continue
                hit2 = advance(b, k, t2)
                if hucke_ok(h0, b[h], t1 == h or t2 == h) and (key := tuple(b)) not in twos:
                    twos[key] = _make2(f, key, m1, (k, t2, second, hit2))
                _undo(b, k, t2, hit2)
            if hucke_ok(h0, b[h], t1 == h):
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


def move_document(state: TricTracState, move: Move) -> JSON:
    """``TricTrac.move_document`` as first written: the position worked out anew for every
    move, the turn resolved against the legal ones and its document enriched from
    ``moves.document``."""
    if not isinstance(move, Turn):
        return moves.document(move)
    assert state.player is not None and state.dice is not None
    p, dice = state.player, state.dice
    rel = relative(state.board, p)
    frame = _frame(state, p)
    play = resolve(rel, dice, frame, generate(rel, *dice, frame), move)
    doc = moves.document(move)
    for step, die in zip(
        doc.get("steps", ()), step_dice(rel, dice, frame, play, move), strict=True
    ):
        step["die"] = die
    return {"kind": doc.pop("kind"), "player": p, **doc}


def _step_locations(player: int, source: int, target: int | str, hit: bool) -> list[JSON]:
    if target == "off":
        out = [at("from", point=source), at("to", point="off", player=player)]
    else:
        out = [at("from", point=source), at("to", point=target)]
    if hit:
        out += [at("from", point=target), at("to", point=START[1 - player])]
    return out


def move_locations(state: Any, doc: JSON) -> list[JSON]:
    """``locations.move_locations`` as first written: ``unique`` over each step's places."""
    if doc["kind"] != "turn":
        return []
    p = doc["player"]
    return unique(
        loc for s in doc["steps"] for loc in _step_locations(p, s["from"], s["to"], bool(s["hit"]))
    )
