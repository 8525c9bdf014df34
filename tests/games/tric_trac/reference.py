"""A slow, independent statement of the turn rules (TT-7…TT-13, TT-15) to check the engine.

It walks every ordered sequence of single steps on the absolute board, exactly as the spec
words them, and returns the set of positions a legal turn can reach, or the legal sequences
themselves (every order a turn may be played in: the turns built step by step).
"""

from __future__ import annotations

from service.games.tric_trac import TricTracState


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
