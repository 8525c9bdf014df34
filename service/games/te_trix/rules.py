"""Te-Trix (Christof Tisch; moses. 2018, first as Mosaix) — rules TX-1…TX-15 of
``docs/rules/te-trix.en.md`` (German: ``te-trix.de.md``).

Each of 1–4 players fills a sheet of 7 × 7 cells (``size``, TX-3) that already shows a
pre-printed symbol (TX-3). A round: the roller (player 0, then clockwise, TX-5) throws four
dice with the symbols circle, cross, square (TX-1, TX-2: 15 outcomes, a chance node), then
chooses one of the seven tetrominoes and arranges the rolled symbols on it (TX-4, TX-6). Every
player enters that arrangement on their own sheet, simultaneously (TX-9), rotated but never
mirrored (TX-7), on empty cells only; cells may hang over the edge if one lands on the sheet
(TX-8). When a player cannot enter it, the others still do and the game ends; it also ends
when every sheet is full (TX-10). Score per symbol: (regions of ≥ 5 cells) × (their cells)
(TX-11). Solo (TX-12–TX-15): 8 bar fields budget the overhang, the player may ``stop`` at the
start of a round, and every free bar field scores a point.

Phases of a round: ``roll`` (chance) → ``arrange`` (roller) → ``place`` (everyone) → next
round or ``over``. ``stop`` is played in ``arrange``: the roll is the start of a round, and
the solo player's first decision in it comes after the dice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations_with_replacement, permutations
from math import factorial, prod
from typing import Any

from ..core import (
    JSON,
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
from ..core.chance import Slots
from ..core.states import evolve
from ..core.text import Arg, Msg
from . import moves, scoring
from .moves import Arrangement, Move, Placement, Roll, Stop, Symbols
from .options import DESCRIPTOR, setup
from .shapes import SHAPES, SYMBOLS
from .sheet import (
    BAR_FIELDS,
    OFF_SHEET,
    Sheet,
    bits,
    can_place,
    cell_name,
    crossed_fields,
    effect,
    full_mask,
    landings,
    placements,
)
from .state import CANNOT_PLACE, SHEETS_FULL, STOPPED, TeTrixState
from .texts import PLAYER, listing, short_list


def _outcomes() -> tuple[tuple[Roll, Fraction], ...]:
    """TX-2: the 15 multisets of four fair three-symbol dice, multinomial probabilities."""
    out = []
    for a, b, c, d in combinations_with_replacement(range(3), 4):
        ways = factorial(4) // prod(factorial(k) for k in Counter((a, b, c, d)).values())
        out.append((Roll((a, b, c, d)), Fraction(ways, 3**4)))
    return tuple(out)


OUTCOMES = _outcomes()
ROLL_SLOTS = Slots(OUTCOMES)  # sampled by one index (81 slots)
ROLLS: tuple[Move, ...] = tuple(roll for roll, _ in OUTCOMES)


@lru_cache(maxsize=32)
def arrangements(roll: Roll) -> tuple[Arrangement, ...]:
    """TX-6: every distinct arrangement of the rolled symbols on every shape."""
    orders = sorted(set(permutations(roll.symbols)))
    return tuple(
        Arrangement(shape, (o[0], o[1], o[2], o[3])) for shape in range(len(SHAPES)) for o in orders
    )


class TeTrix(GameRules[TeTrixState, Move]):
    descriptor = DESCRIPTOR

    def new(
        self,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        seed: str | None = None,
    ) -> TeTrixState:
        s = setup(players, options, DESCRIPTOR)
        return TeTrixState(
            size=s.size,
            solo=s.solo,
            preprinted=s.preprinted,
            sheets=tuple(Sheet.from_cells(dict(printed)) for printed in s.preprinted),
            round=1,
            phase="roll",
            roll=None,
            arrangement=None,
            placed=(),
            blocked=(),
            bar=BAR_FIELDS if s.solo else None,
            end=None,
            seed=seed,
        )

    def player_count(self, state: TeTrixState) -> int:
        return state.players

    def to_move(self, state: TeTrixState) -> tuple[int, ...]:
        if state.phase == "arrange":
            return (state.roller,)
        return state.pending

    def is_chance(self, state: TeTrixState) -> bool:
        return state.phase == "roll"

    def chance_outcomes(self, state: TeTrixState) -> tuple[tuple[Move, Fraction], ...]:
        return OUTCOMES if state.phase == "roll" else ()

    def sample_outcome(self, state: TeTrixState, u: Fraction) -> Move:
        if state.phase != "roll":
            raise ValueError("no roll pending")
        return ROLL_SLOTS.pick(u)

    def is_chance_outcome(self, move: Move) -> bool:
        return isinstance(move, Roll)

    def first_player(self, state: TeTrixState) -> int | None:
        """TX-5: player 0 rolls in the first round."""
        return state.roller

    def legal_moves(self, state: TeTrixState, player: int | None = None) -> tuple[Move, ...]:
        if state.phase == "roll":
            return ROLLS if player is None else ()
        if state.phase == "arrange":
            if player not in (None, state.roller):
                return ()
            assert state.roll is not None
            found: tuple[Move, ...] = arrangements(state.roll)
            return (*found, Stop()) if state.solo else found
        if state.phase == "over" or (player is not None and player not in state.pending):
            return ()
        who = _placer(state, player)
        assert state.arrangement is not None
        return placements(state.size, state.sheets[who].filled, state.arrangement, state.bar)

    def apply(
        self, state: TeTrixState, move: Move, player: int | None = None
    ) -> Transition[TeTrixState]:
        return _apply(state, move, player, quiet=False)

    def checked_successor(
        self, state: TeTrixState, move: Move, player: int | None = None
    ) -> TeTrixState:
        """``apply`` with every check, without writing its events (replaying a record)."""
        return _apply(state, move, player, quiet=True).state

    def successor(self, state: TeTrixState, move: Move, player: int | None = None) -> TeTrixState:
        return _apply(state, move, player, quiet=True).state

    def status(self, state: TeTrixState) -> Status:
        if state.phase != "over":
            return ONGOING
        return Status(True, _winners(state), state.end)

    def scores(self, state: TeTrixState) -> Scores:
        players = [
            scoring.breakdown(sheet, state.size, state.bar, p)
            for p, sheet in enumerate(state.sheets)
        ]
        return Scores(
            tuple(p["total"] for p in players),
            {"players": players, "minRegion": scoring.MIN_REGION, "rules": "TX-11, TX-15"},
        )

    def totals(self, state: TeTrixState) -> tuple[int, ...]:
        """TX-11/TX-15's sums without the breakdown's regions and cell names (a fifth of its
        cost: 19 against 87 µs for three players on 7 x 7)."""
        return _totals(state)

    def move_document(self, state: TeTrixState, move: Move) -> JSON:
        """Adds an arrangement's ``slots`` and a placement's ``cells``, ``overhang`` and ``bar``.

        No ``player``: several players may place the same move at once (TX-9) and the cells
        are the same on every sheet; the front end knows whose legal moves it asked for.
        """
        return _document(state, move, copied=True)

    def kept_document(self, state: TeTrixState, move: Move) -> JSON:
        """``move_document`` for an answer entry ``Game.offered`` keeps: a placement's cells
        are the ``landings`` table's own entries and an arrangement's slots one list per
        arrangement (``_kept_slots``), not copies: nobody changes a kept entry."""
        return _document(state, move, copied=False)


def _document(state: TeTrixState, move: Move, copied: bool) -> JSON:
    """``move_document`` (``copied``: every part a new object) or ``kept_document``."""
    doc = moves.document(move)
    if isinstance(move, Placement):
        if state.arrangement is not None:
            _add_placement_fields(doc, state, state.arrangement, move, copied)
    elif isinstance(move, Arrangement):
        doc["slots"] = moves.slots(move) if copied else _kept_slots(move)
    return doc


@cache  # at most 7 shapes x 81 symbol orders (TX-4, TX-6)
def _kept_slots(arrangement: Arrangement) -> list[dict[str, Any]]:
    return moves.slots(arrangement)


def _add_placement_fields(
    doc: JSON, state: TeTrixState, arrangement: Arrangement, move: Placement, copied: bool
) -> None:
    """TX-8/TX-13: the cells a placement writes, named as the SVG names them, and its overhang
    with the (solo) bar fields it crosses off.

    This runs for every legal placement of a request, so where each slot lands and the
    cell's entry with each symbol come from a table per sheet size and shape (``landings``),
    each entry copied (``copied``) or, for a kept entry, the table's own;
    ``tests/games/te_trix/reference.py`` holds the plain computation the tests compare with.
    """
    landed, overhang = landings(state.size, arrangement.shape).get(move, OFF_SHEET)
    symbols = arrangement.symbols
    if copied:
        doc["cells"] = [documents[symbols[slot]].copy() for slot, documents in landed]
    else:
        doc["cells"] = [documents[symbols[slot]] for slot, documents in landed]
    doc["overhang"] = overhang
    doc["bar"] = [] if state.bar is None else crossed_fields(state.bar, overhang)


def _apply(
    state: TeTrixState, move: Move, player: int | None, *, quiet: bool
) -> Transition[TeTrixState]:
    """The move's transition; ``quiet``: the same state and refusals, no events written."""
    if state.phase == "over":
        raise GameOver(
            Msg.of("te-trix-game-finished", end=state.end or ""),
            reason="GAME_FINISHED",
            rule="TX-14" if state.end == STOPPED else "TX-10",
        )
    if state.phase == "roll":
        return _roll(state, move, player, quiet)
    if state.phase == "arrange":
        return _arrange(state, move, player, quiet)
    return _place(state, move, player, quiet)


def _totals(state: TeTrixState) -> tuple[int, ...]:
    return tuple(scoring.total(sheet, state.size, state.bar) for sheet in state.sheets)


def _winners(state: TeTrixState) -> tuple[int, ...]:
    return scoring.winners(_totals(state))


def _placer(state: TeTrixState, player: int | None) -> int:
    """The player a placement is for; NotYourTurn when missing or not due (TX-9)."""
    pending = state.pending
    if player is None:
        if len(pending) == 1:
            return pending[0]
        raise NotYourTurn(
            Msg.of("te-trix-placer-required", players=listing([PLAYER[p] for p in pending])),
            reason="PLAYER_REQUIRED",
            details={"toMove": list(pending)},
        )
    if player in pending:
        return player
    details = {"toMove": list(pending)}
    if not 0 <= player < state.players:
        message, reason = Msg.of("te-trix-not-a-player", player=player), "NOT_A_PLAYER"
    elif player in state.placed:
        message, reason = Msg.of("te-trix-already-placed", player=player), "ALREADY_PLACED"
    else:
        message, reason = Msg.of("te-trix-cannot-place", player=player), "CANNOT_PLACE"
    raise NotYourTurn(message, reason=reason, details=details)


def _no_player(player: int | None) -> None:
    if player is not None:
        raise NotYourTurn(
            Msg.of("te-trix-chance-node", player=player),
            reason="CHANCE_NODE",
            details={"toMove": []},
        )


def _roll(
    state: TeTrixState, move: Move, player: int | None, quiet: bool
) -> Transition[TeTrixState]:
    """TX-5: the roller's dice, a chance outcome."""
    _no_player(player)
    if not isinstance(move, Roll):
        raise illegal(
            Msg.of("te-trix-roll-first", player=state.roller, round=state.round),
            "ROLL_FIRST",
            "TX-5",
        )
    after = evolve(state, phase="arrange", roll=move, chances=state.chances + 1)
    if quiet:
        return Transition(after, ())
    event: Event = {
        "type": "rolled",
        "round": state.round,
        "roller": state.roller,
        "roll": moves.notation(move),
    }
    return Transition(after, (event,))


def _arrange(
    state: TeTrixState, move: Move, player: int | None, quiet: bool
) -> Transition[TeTrixState]:
    """TX-6: the roller lays the dice as one shape; TX-14: or, in solo, stops."""
    roller = state.roller
    if player is not None and player != roller:
        raise NotYourTurn(
            Msg.of("te-trix-not-the-roller", roller=roller, player=player),
            reason="NOT_TO_MOVE",
            details={"toMove": [roller]},
        )
    if isinstance(move, Stop):
        if not state.solo:
            raise illegal(Msg.of("te-trix-stop-solo-only"), "STOP_SOLO_ONLY", "TX-14")
        over = evolve(state, phase="over", end=STOPPED)
        if quiet:
            return Transition(over, ())
        events: tuple[Event, ...] = ({"type": "stopped", "player": roller, "round": state.round},)
        return _game_over(over, events)
    if not isinstance(move, Arrangement):
        example = f"{SHAPES[2]}:{moves.symbols_text(_roll_of(state))}"
        raise illegal(
            Msg.of("te-trix-arrange-first", player=roller, example=example),
            "ARRANGE_FIRST",
            "TX-6",
        )
    if tuple(sorted(move.symbols)) != _roll_of(state):
        raise illegal(
            Msg.of(
                "te-trix-not-the-roll",
                arrangement=moves.notation(move),
                roll=moves.symbols_text(_roll_of(state)),
            ),
            "NOT_THE_ROLL",
            "TX-6",
        )
    blocked = tuple(
        p
        for p, sheet in enumerate(state.sheets)
        if not can_place(state.size, sheet.filled, move, state.bar)
    )
    # ``placed`` is still empty: the round began with it so (_end_round; decode checks it).
    after = evolve(state, phase="place", arrangement=move, blocked=blocked)
    if len(blocked) == state.players:
        after = evolve(after, phase="over", end=CANNOT_PLACE)
    if quiet:
        return Transition(after, ())
    arranged: Event = {
        "type": "arranged",
        "player": roller,
        "arrangement": moves.notation(move),
        "blocked": list(blocked),
    }
    if after.phase == "over":
        return _game_over(after, (arranged,))
    return Transition(after, (arranged,))


def _roll_of(state: TeTrixState) -> Symbols:
    assert state.roll is not None
    return state.roll.symbols


def _place(
    state: TeTrixState, move: Move, player: int | None, quiet: bool
) -> Transition[TeTrixState]:
    """TX-7–TX-9 (and TX-13 in solo): one player enters the arrangement."""
    who = _placer(state, player)
    if not isinstance(move, Placement):
        if isinstance(move, Stop):
            raise illegal(
                Msg.of("te-trix-stop-not-now"),
                "STOP_NOT_NOW",
                "TX-14",
            )
        raise illegal(
            Msg.of("te-trix-place-now", player=who),
            "PLACE_NOW",
            "TX-7",
        )
    assert state.arrangement is not None
    e = effect(state.size, state.arrangement, move)
    _check_placement(state, who, move, e.cells, e.overhang)
    sheet = state.sheets[who].with_writes(e.writes)
    sheets = (*state.sheets[:who], sheet, *state.sheets[who + 1 :])
    bar = None if state.bar is None else state.bar - e.overhang
    placed = tuple(sorted((*state.placed, who)))
    after = evolve(state, sheets=sheets, bar=bar, placed=placed)
    if quiet:
        return Transition(after, ()) if after.pending else _end_round(after, None)
    event: Event = {
        "type": "placed",
        "player": who,
        "placement": moves.notation(move),
        "cells": {
            cell_name(c, state.size): SYMBOLS[s]
            for c, s in sorted((c, s) for s, mask in enumerate(e.writes) for c in bits(mask))
        },
        "overhang": e.overhang,
    }
    if bar is not None:
        event["bar"] = bar
    if after.pending:
        return Transition(after, (event,))
    return _end_round(after, (event,))


def _check_placement(
    state: TeTrixState, who: int, move: Placement, cells: int, overhang: int
) -> None:
    """Raises IllegalMove naming the rule a placement breaks."""
    where = moves.notation(move)
    if overhang == 4:
        raise illegal(
            Msg.of("te-trix-off-sheet", placement=where),
            "OFF_SHEET",
            "TX-8",
        )
    taken = cells & state.sheets[who].filled
    if taken:
        printed = {c for c, _ in state.preprinted[who]}
        names: list[Arg] = [
            Msg.of("te-trix-cell-preprinted", cell=cell_name(c, state.size))
            if c in printed
            else cell_name(c, state.size)
            for c in bits(taken)
        ]
        raise illegal(
            Msg.of("te-trix-cell-occupied", placement=where, cells=short_list(names), player=who),
            "CELL_OCCUPIED",
            "TX-8",
        )
    if state.bar is not None and overhang > state.bar:
        raise illegal(
            Msg.of("te-trix-bar-exhausted", placement=where, count=overhang, bar=state.bar),
            "BAR_EXHAUSTED",
            "TX-13",
        )


def _end_round(state: TeTrixState, events: tuple[Event, ...] | None) -> Transition[TeTrixState]:
    """TX-10: the round ends when everybody who can has placed. ``events`` None: quiet, no
    events written (``_apply``)."""
    full = full_mask(state.size)
    end = (
        CANNOT_PLACE
        if state.blocked
        else SHEETS_FULL
        if all(sheet.filled == full for sheet in state.sheets)
        else None
    )
    if end is not None:
        over = evolve(state, phase="over", end=end)
        return Transition(over, ()) if events is None else _game_over(over, events)
    nxt = evolve(state, round=state.round + 1, phase="roll", roll=None, arrangement=None, placed=())
    if events is None:
        return Transition(nxt, ())
    ended: Event = {"type": "roundEnded", "round": state.round, "nextRoller": nxt.roller}
    return Transition(nxt, (*events, ended))


def _game_over(state: TeTrixState, events: tuple[Event, ...]) -> Transition[TeTrixState]:
    over: Event = {
        "type": "gameOver",
        "reason": state.end,
        "winners": list(_winners(state)),
        "scores": list(_totals(state)),
    }
    if state.blocked:
        over["blocked"] = list(state.blocked)
    return Transition(state, (*events, over))
