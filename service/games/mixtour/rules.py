"""Mixtour (Dieter Stein) — rules MX-1…MX-11
of ``docs/rules/mixtour.en.md`` (German: ``mixtour.de.md``).

Two players (0 White moves first, 1 Blue) on an empty 5 × 5 board (MX-1). A turn is one of:
place a piece from one's supply on an empty square (MX-4); move the top ``n`` pieces of any
stack in a straight line over empty squares onto another stack (MX-5) exactly as far as the
receiving stack is high (MX-6), never the exact reverse of the opponent's last move (MX-7);
pass only when nothing else is legal, two passes in a row draw (MX-8). A stack of 5 or more
leaves the board, its pieces return to their owners and the top piece's owner scores (MX-9);
``pointsToWin`` points win at once (MX-10). No automatic repetition draw (MX-11).
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import compress
from typing import Any

from ..core import (
    ONGOING,
    Event,
    GameOver,
    GameRules,
    NotYourTurn,
    Scores,
    Status,
    Transition,
    illegal,
)
from ..core.states import evolve
from ..core.text import Msg
from . import moves
from .board import RAYS, SIZE, SQUARES, line_between
from .moves import REMOVE_AT, Move, Pass, Place, Shift
from .options import DESCRIPTOR
from .state import MixtourState

# Every move object made once: generation then only selects (moves are immutable values).
PLACES = tuple(Place(i) for i in range(SIZE * SIZE))
SHIFTS = tuple(
    tuple(tuple(Shift(s, n, t) for n in range(1, REMOVE_AT)) for t in range(SIZE * SIZE))
    for s in range(SIZE * SIZE)
)


class Mixtour(GameRules[MixtourState, Move]):
    descriptor = DESCRIPTOR

    def new(
        self,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        seed: str | None = None,
    ) -> MixtourState:
        DESCRIPTOR.validate_players(players)
        opts = DESCRIPTOR.validate_options(options)
        n = opts["piecesPerPlayer"]
        return MixtourState(
            stacks=((),) * (SIZE * SIZE),
            supply=(n, n),
            points=(0, 0),
            turn=0,
            last=None,
            passes=0,
            pieces_per_player=n,
            points_to_win=opts["pointsToWin"],
            seed=seed,
        )

    def to_move(self, state: MixtourState) -> tuple[int, ...]:
        return () if state.turn is None else (state.turn,)

    def legal_moves(self, state: MixtourState, player: int | None = None) -> tuple[Move, ...]:
        turn = state.turn
        if turn is None or (player is not None and player != turn):
            return ()
        stacks = state.stacks
        out: list[Move] = []
        if state.supply[turn]:
            out.extend([PLACES[i] for i, s in enumerate(stacks) if not s])
        out.extend(_shift_moves(state))
        return tuple(out) if out else (Pass(),)

    def count_legal(self, state: MixtourState, player: int | None = None) -> int:
        """``legal_moves`` counted, from the placements and the shifts a board allows."""
        turn = state.turn
        if turn is None or (player is not None and player != turn):
            return 0
        stacks = state.stacks
        count = (stacks.count(()) if state.supply[turn] else 0) + _shifts(state)
        last = state.last
        # MX-7: the reverse of the opponent's last move is one of these when it can be made
        if isinstance(last, Shift) and last.count <= len(stacks[last.target]):
            levels = _levels(state)
            for source, _, gap, _ in REACH[len(stacks[last.source])][last.source]:
                if source == last.target and not levels & gap:
                    count -= 1
        return count or 1  # nothing else: the pass (MX-8)

    def count_next(self, state: MixtourState) -> int:
        """perft's last two plies. While every stack is a single piece, a placement's position
        is counted without being made: the empty squares left (when the opponent has a piece
        to place) and the shifts, two more for each neighbour of the new piece (one onto it,
        one from it); after a placement there is no reverse to ban (MX-7). Shifts, and any
        move of a board with higher stacks, are made and counted."""
        turn = state.turn
        levels = _levels(state)
        if turn is None or levels >= SINGLES or not state.supply[turn]:
            return super().count_next(state)
        stacks = state.stacks
        empty = (SINGLES - 1) ^ levels  # the empty squares, as level 0
        places = empty.bit_count()
        # every placement's position: the same count, plus two for each neighbour
        same = (places - 1 if state.supply[1 - turn] else 0) + _shifts(state)
        if same:
            neighbours = sum((empty & NEAR[p]).bit_count() for p in compress(SQUARE_IDS, stacks))
            total = places * same + 2 * neighbours
        else:  # a position without neighbours has only the pass (MX-8)
            total = sum(
                2 * (levels & NEAR[q]).bit_count() or 1 for q in SQUARE_IDS if not stacks[q]
            )
        count, successor = self.count_legal, self.successor
        for move in _shift_moves(state):
            total += count(successor(state, move))
        return total

    def successor(self, state: MixtourState, move: Move, player: int | None = None) -> MixtourState:
        """``apply(state, move).state`` for a legal move, without checks or events."""
        turn = state.turn
        assert turn is not None
        if isinstance(move, Place):
            stacks = list(state.stacks)
            stacks[move.square] = (turn,)
            supply = state.supply
            supply = (supply[0] - 1, supply[1]) if turn == 0 else (supply[0], supply[1] - 1)
            after = MixtourState(
                tuple(stacks),
                supply,
                state.points,
                1 - turn,
                move,
                0,
                state.pieces_per_player,
                state.points_to_win,
                state.seed,
                state.chances,
            )
            levels = _levels(state)
            object.__setattr__(after, "levels", levels | TOWERS[move.square][1])
            if levels < SINGLES:  # among single pieces: a shift onto and from each neighbour
                shifts = _shifts(state) + 2 * (levels & NEAR[move.square]).bit_count()
                object.__setattr__(after, "shifts", shifts)
            return after
        if isinstance(move, Shift):
            stacks = list(state.stacks)
            source, target = stacks[move.source], stacks[move.target]
            cut = len(source) - move.count
            landed = target + source[cut:]
            stacks[move.source] = source[:cut]
            levels = (
                _levels(state)
                ^ TOWERS[move.source][len(source)]
                ^ TOWERS[move.source][cut]
                ^ TOWERS[move.target][len(target)]
            )
            supply, points = state.supply, state.points
            next_turn: int | None = 1 - turn
            if len(landed) >= REMOVE_AT:
                stacks[move.target] = ()
                owner, supply, points = _removed(landed, supply, points)
                if points[owner] >= state.points_to_win:
                    next_turn = None
            else:
                stacks[move.target] = landed
                levels ^= TOWERS[move.target][len(landed)]
            after = MixtourState(
                tuple(stacks),
                supply,
                points,
                next_turn,
                move,
                0,
                state.pieces_per_player,
                state.points_to_win,
                state.seed,
                state.chances,
            )
            object.__setattr__(after, "levels", levels)
            return after
        return self.apply(state, move).state

    def apply(
        self, state: MixtourState, move: Move, player: int | None = None
    ) -> Transition[MixtourState]:
        turn = state.turn
        if turn is None:
            raise GameOver(Msg.of("mixtour-game-finished"), reason="GAME_FINISHED", rule="MX-10")
        if player is not None and player != turn:
            raise NotYourTurn(
                Msg.of("mixtour-not-your-turn", player=turn, asked=player),
                reason="NOT_TO_MOVE",
                details={"toMove": [turn]},
            )
        if isinstance(move, Place):
            return self._place(state, turn, move)
        if isinstance(move, Shift):
            return self._shift(state, turn, move)
        if self.legal_moves(state) != (Pass(),):
            raise illegal(Msg.of("mixtour-pass-not-allowed"), "PASS_NOT_ALLOWED", "MX-8")
        passes = state.passes + 1
        events: list[Event] = [{"type": "passed", "player": turn}]
        if passes >= 2:
            events.append({"type": "gameOver", "winners": [], "reason": "draw"})
        return Transition(
            evolve(state, turn=None if passes >= 2 else 1 - turn, last=move, passes=passes),
            tuple(events),
        )

    def _place(self, state: MixtourState, turn: int, move: Place) -> Transition[MixtourState]:
        if not state.supply[turn]:
            raise illegal(Msg.of("mixtour-no-supply", player=turn), "NO_SUPPLY", "MX-4")
        if state.stacks[move.square]:
            occupied = Msg.of("mixtour-square-occupied", square=SQUARES[move.square])
            raise illegal(occupied, "SQUARE_OCCUPIED", "MX-4")
        stacks = list(state.stacks)
        stacks[move.square] = (turn,)
        supply = list(state.supply)
        supply[turn] -= 1
        return Transition(
            _after(state, tuple(stacks), (supply[0], supply[1]), state.points, 1 - turn, move),
            ({"type": "placed", "player": turn, "square": SQUARES[move.square]},),
        )

    def _shift(self, state: MixtourState, turn: int, move: Shift) -> Transition[MixtourState]:
        _check_shift(state, move)
        stacks = list(state.stacks)
        source = stacks[move.source]
        moving = source[len(source) - move.count :]
        stacks[move.source] = source[: len(source) - move.count]
        landed = stacks[move.target] + moving
        events: list[Event] = [
            {
                "type": "moved",
                "player": turn,
                "from": SQUARES[move.source],
                "to": SQUARES[move.target],
                "count": move.count,
            }
        ]
        supply, points = state.supply, state.points
        next_turn: int | None = 1 - turn
        if len(landed) >= REMOVE_AT:
            stacks[move.target] = ()
            owner, supply, points = _removed(landed, supply, points)
            events.append(
                {
                    "type": "stackRemoved",
                    "square": SQUARES[move.target],
                    "pieces": len(landed),
                    "scorer": owner,
                    "scores": list(points),
                }
            )
            if points[owner] >= state.points_to_win:
                next_turn = None
                events.append({"type": "gameOver", "winners": [owner], "reason": "points"})
        else:
            stacks[move.target] = landed
        return Transition(
            _after(state, tuple(stacks), supply, points, next_turn, move), tuple(events)
        )

    def status(self, state: MixtourState) -> Status:
        if state.turn is not None:
            return ONGOING
        winners = tuple(p for p in (0, 1) if state.points[p] >= state.points_to_win)
        return Status(True, winners, "points" if winners else "draw")

    def scores(self, state: MixtourState) -> Scores:
        return Scores(
            state.points,
            {
                "points": list(state.points),
                "pointsToWin": state.points_to_win,
                "supply": list(state.supply),
                "onBoard": [sum(s.count(p) for s in state.stacks) for p in (0, 1)],
            },
        )


# Search: perft and bots ask for successors and move counts millions of times, so a state keeps
# two values derived from its board (``MixtourState.levels`` and ``shifts``, -1 until known):
#
# - levels: the heights in one int, made for counting. Bit ``k * 25 + i`` is set when square
#   ``i`` holds more than ``k`` pieces, so ``levels & mask`` keeps the pieces on the squares of
#   ``mask`` and one ``bit_count`` counts them; level 0 alone is the occupied squares.
# - shifts: the shifts the board allows before the MX-7 ban: on every line into a stack
#   (MX-5, MX-6), one per piece of the source.
#
# successor hands both over when the move makes them cheap: levels always (an XOR of TOWERS),
# shifts while every stack is a single piece. legal_moves reads stacks alone, so
# tests/games/contract.py (count_legal == len(legal_moves) along random games) checks
# what successor hands over.

SQUARE_IDS = range(SIZE * SIZE)
# TOWERS[i][h]: the levels of a stack of h pieces on square i (fewer than REMOVE_AT: MX-9).
TOWERS = tuple(
    tuple(sum(1 << (k * SIZE * SIZE + i) for k in range(h)) for h in range(REMOVE_AT))
    for i in SQUARE_IDS
)
SINGLES = 1 << SIZE * SIZE  # levels below it are level 0 alone: single pieces only
# NEXT_TO[t]: the squares next to t; NEAR[t], AROUND[t]: their level 0, and every level.
NEXT_TO = tuple(tuple(ray[0] for ray in RAYS[t]) for t in SQUARE_IDS)
NEAR = tuple(sum(TOWERS[sq][1] for sq in squares) for squares in NEXT_TO)
AROUND = tuple(sum(TOWERS[sq][REMOVE_AT - 1] for sq in squares) for squares in NEXT_TO)
# REACH[h][t]: for a stack of height h on square t, each line a shift may come from (MX-5, MX-6):
# (source, between, gap, pieces): the source h squares away along a ray, the h - 1 squares
# between (they must be empty), and as levels the gap, level 0 of the squares between, and the
# pieces, every level of the source.
REACH = tuple(
    tuple(
        tuple(
            (
                ray[h - 1],
                ray[: h - 1],
                sum(TOWERS[sq][1] for sq in ray[: h - 1]),
                TOWERS[ray[h - 1]][REMOVE_AT - 1],
            )
            for ray in RAYS[t]
            if len(ray) >= h > 0  # an empty square (h = 0) is reached from nowhere
        )
        for t in SQUARE_IDS
    )
    for h in range(REMOVE_AT)
)


def _levels(state: MixtourState) -> int:
    """``state.levels``, worked out and kept on first use."""
    levels = state.levels
    if levels < 0:
        levels = sum(TOWERS[i][len(stack)] for i, stack in enumerate(state.stacks))
        object.__setattr__(state, "levels", levels)
    return levels


def _shifts(state: MixtourState) -> int:
    """``state.shifts``, worked out and kept on first use: the pieces that can move onto each
    stack counted together, one mask and one ``bit_count`` for a single piece."""
    shifts = state.shifts
    if shifts < 0:
        stacks, levels, shifts = state.stacks, _levels(state), 0
        for target in compress(SQUARE_IDS, stacks):
            height = len(stacks[target])
            if height == 1:  # the common case: every neighbour, nothing between
                shifts += (levels & AROUND[target]).bit_count()
            else:
                for _, _, gap, pieces in REACH[height][target]:
                    if not levels & gap:
                        shifts += (levels & pieces).bit_count()
        object.__setattr__(state, "shifts", shifts)
    return shifts


def _shift_moves(state: MixtourState) -> list[Move]:
    """The shifts legal in ``state`` (MX-5, MX-6), the reverse of the last one left out (MX-7)."""
    stacks = state.stacks
    out: list[Move] = []
    banned = _banned(state)
    for source, target in _lines(stacks):
        shifts = SHIFTS[source][target][: len(stacks[source])]
        if banned in shifts:
            shifts = tuple(m for m in shifts if m != banned)
        out.extend(shifts)
    return out


def _lines(stacks: tuple[tuple[int, ...], ...]) -> list[tuple[int, int]]:
    """Every (source, target) a shift may take (MX-5, MX-6): a stack of height ``h`` on
    ``target`` is reached from the stack ``h`` squares away over ``h - 1`` empty squares."""
    out: list[tuple[int, int]] = []
    append = out.append
    for target in compress(SQUARE_IDS, stacks):
        height = len(stacks[target])
        if height == 1:  # the common case: a neighbour, nothing between
            for source in NEXT_TO[target]:
                if stacks[source]:
                    append((source, target))
        else:  # 2 to 4: a standing stack is never higher (MX-9; decode refuses others)
            for source, between, _, _ in REACH[height][target]:
                if (
                    stacks[source]
                    and not stacks[between[0]]
                    and not any(stacks[sq] for sq in between[1:])
                ):
                    append((source, target))
    return out


def _removed(
    landed: tuple[int, ...], supply: tuple[int, int], points: tuple[int, int]
) -> tuple[int, tuple[int, int], tuple[int, int]]:
    """MX-9: a stack of 5 or more leaves the board: its pieces go back to their owners'
    supplies and the owner of the top piece scores. The scorer, supply and points after it."""
    owner = landed[-1]
    white = landed.count(0)
    supply = (supply[0] + white, supply[1] + len(landed) - white)
    points = (points[0] + (owner == 0), points[1] + (owner == 1))
    return owner, supply, points


def _banned(state: MixtourState) -> Shift | None:
    """MX-7: the exact reverse of the opponent's last move (placements and passes ban nothing)."""
    last = state.last
    if isinstance(last, Shift):
        return Shift(last.target, last.count, last.source)
    return None


def _after(
    state: MixtourState,
    stacks: tuple[tuple[int, ...], ...],
    supply: tuple[int, int],
    points: tuple[int, int],
    turn: int | None,
    move: Move,
) -> MixtourState:
    """The position after a placement or a shift (no passes in a row): what
    ``dataclasses.replace`` makes, by one constructor call (a sixth of its cost)."""
    return MixtourState(
        stacks,
        supply,
        points,
        turn,
        move,
        0,
        state.pieces_per_player,
        state.points_to_win,
        state.seed,
        state.chances,
    )


def _check_shift(state: MixtourState, move: Shift) -> None:
    """Raises IllegalMove naming the first rule the move breaks."""
    src, dst = SQUARES[move.source], SQUARES[move.target]
    height = len(state.stacks[move.source])
    if not height:
        raise illegal(Msg.of("mixtour-empty-source", source=src), "EMPTY_SOURCE", "MX-5")
    if move.count > height:
        # the count as sent: a move document's may have any number of digits
        taken = str(move.count)
        raise illegal(
            Msg.of("mixtour-not-enough-pieces", height=height, taken=taken, source=src),
            "NOT_ENOUGH_PIECES",
            "MX-5",
        )
    between = line_between(move.source, move.target)
    if between is None:
        raise illegal(Msg.of("mixtour-not-a-line", target=dst, source=src), "NOT_A_LINE", "MX-5")
    receiving = len(state.stacks[move.target])
    if not receiving:
        raise illegal(Msg.of("mixtour-empty-target", target=dst), "EMPTY_TARGET", "MX-5")
    distance = len(between) + 1
    if distance != receiving:
        raise illegal(
            Msg.of("mixtour-wrong-distance", target=dst, height=receiving, distance=distance),
            "WRONG_DISTANCE",
            "MX-6",
        )
    if any(state.stacks[sq] for sq in between):
        raise illegal(
            Msg.of("mixtour-path-blocked", target=dst, source=src), "PATH_BLOCKED", "MX-5"
        )
    if move == _banned(state):
        raise illegal(
            Msg.of("mixtour-take-back", move=moves.notation(move)),
            "TAKE_BACK_FORBIDDEN",
            "MX-7",
        )
