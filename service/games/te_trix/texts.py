"""Te-Trix told to people: a move, an event and the position as catalog messages (ids and
language-free arguments; the words are in ``messages/<language>.ftl``).

A position in ``place`` has hundreds of legal placements, so describing one (or one of the
roller's arrangements) is a cache look-up: a position is told again for every player and every
answer, and an arrangement's placements for every sheet. Players are named by
``te-trix-player`` ("Player 1" for player 0), in refusals too; where the request's number
matters, the catalog quotes it after the name as the field ("Player 1 (player 0)").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any

from ..core import ScoreLine, Scores
from ..core.text import Arg, Msg
from . import scoring
from .moves import Arrangement, Move, Placement, Roll, Stop, parse_move, symbols_text
from .shapes import DEGREES, SHAPES, SYMBOLS
from .sheet import bits, cell_name, frames
from .state import CANNOT_PLACE, SHEETS_FULL, STOPPED, TeTrixState

_SLOTS = "abcd"
MAX_LISTED = len(_SLOTS)  # players, cells of a shape: four at most

SYMBOL = tuple(Msg.of("te-trix-symbol", symbol=s) for s in SYMBOLS)
"""Each symbol's name (TX-1), by symbol index."""
PLAYER = tuple(Msg.of("te-trix-player", player=p) for p in range(MAX_LISTED))
TURNED = tuple(Msg.of("te-trix-turned", degrees=d) for d in DEGREES)
OVERHANG = tuple(Msg.of("te-trix-overhang", count=n) for n in range(5))
OFF_SHEET = Msg.of("te-trix-off-sheet-cells")
RATING = {
    scoring.rating(points): Msg.of("te-trix-rating", rating=code)
    for points, code in ((scoring.CHAPEAU, "chapeau"), (scoring.GOOD, "good"))
}


def listing(items: Sequence[Arg]) -> Msg:
    """One to four things in prose: "a, b and c"."""
    assert 1 <= len(items) <= MAX_LISTED, items
    return Msg.of("te-trix-list", count=len(items), **dict(zip(_SLOTS, items, strict=False)))


def short_list(items: Sequence[Arg]) -> Msg:
    """One to four things as a refusal or the picture lists them: "c3, d4" in English."""
    assert 1 <= len(items) <= MAX_LISTED, items
    return Msg.of("te-trix-list-short", count=len(items), **dict(zip(_SLOTS, items, strict=False)))


def _dice(symbols: tuple[int, ...]) -> Msg:
    """TX-2: a roll told by how many of each symbol: "two circles, a cross and a square"."""
    return listing(
        [
            Msg.of("te-trix-symbols", symbol=SYMBOLS[s], count=symbols.count(s))
            for s in range(len(SYMBOLS))
            if s in symbols
        ]
    )


DICE = {symbols_text(r): _dice(r) for r in combinations_with_replacement(range(len(SYMBOLS)), 4)}
"""The 15 rolls (TX-2) told, by notation."""


def _shape(arrangement: Arrangement) -> dict[str, Arg]:
    """TX-6: the shape's letter and the symbol in each slot, in reading order."""
    a, b, c, d = (SYMBOL[s] for s in arrangement.symbols)
    return {"shape": SHAPES[arrangement.shape], "a": a, "b": b, "c": c, "d": d}


# -- moves -------------------------------------------------------------------------------------


def describe_move(state: TeTrixState, move: Move) -> Msg:
    """A legal move of ``state`` told: the roll, the roller's arrangement, a placement (shape,
    rotation, cells, overhang; whose sheet when only one player still places) or the stop."""
    if isinstance(move, Placement):
        return _placement(state, move)
    if isinstance(move, Arrangement):
        return _arrangement(move, state.roller)
    if isinstance(move, Roll):
        return Msg.of("te-trix-move-roll", dice=DICE[symbols_text(move.symbols)])
    assert isinstance(move, Stop)
    return Msg.of("te-trix-move-stop", player=state.roller)


@lru_cache(maxsize=1024)  # a roll has at most 7 × 24 arrangements, for one roller
def _arrangement(move: Arrangement, roller: int) -> Msg:
    return Msg.of("te-trix-move-arrange", player=roller, **_shape(move))


def _placement(state: TeTrixState, move: Placement) -> Msg:
    arrangement = state.arrangement
    assert arrangement is not None, "a placement is a move of the place phase"
    # Whose sheet, when only one player still places (``pending`` builds a set each time).
    if state.bar is None and state.players - len(state.placed) - len(state.blocked) > 1:
        own = _frames_told(state.size, arrangement.shape).get(move)
        if own is not None:
            return own[2]
    who = state.pending[0] if state.pending else 0
    return _placement_told(state.size, arrangement.shape, move, state.bar, who)


@lru_cache(maxsize=4096)  # a position's placements, told again for every answer
def _placement_told(size: int, shape: int, move: Placement, bar: int | None, who: int) -> Msg:
    """TX-7, TX-8 (TX-13 in solo): whose sheet takes which shape where, and the overhang."""
    # Only a placement that puts nothing on the sheet is in no frame (never legal, TX-8).
    cells, over, _ = _frames_told(size, shape).get(move) or (OFF_SHEET, 4, OFF_SHEET)
    told: dict[str, Arg] = {"shape": SHAPES[shape], "turned": TURNED[move.turns], "cells": cells}
    overhang = OVERHANG[over] if bar is None else _solo_overhang(over, bar - over)
    return Msg.of("te-trix-move-place", player=who, over=overhang, **told)


@lru_cache(maxsize=16)  # the shapes of the sheet sizes in play
def _frames_told(size: int, shape: int) -> dict[Placement, tuple[Msg, int, Msg]]:
    """Every frame of a shape (rotation and anchor, ``sheet.frames``): the cells it writes,
    listed in the sheet's reading order, its overhang, and the placement told for any player
    (TX-9: while several place). The same for every arrangement of the shape, so most of a
    position's placements are told by a look-up."""
    names = [cell_name(c, size) for c in range(size * size)]
    out = {}
    for _, cells, over, placement in frames(size, shape):
        listed = listing([names[c] for c in bits(cells)])
        own = Msg.of(
            "te-trix-move-place-own",
            shape=SHAPES[shape],
            turned=TURNED[placement.turns],
            cells=listed,
            over=OVERHANG[over],
        )
        out[placement] = (listed, over, own)
    return out


def _solo_overhang(count: int, left: int) -> Msg:
    return Msg.of("te-trix-overhang-solo", count=count, left=left)


# -- events ------------------------------------------------------------------------------------


def describe_event(event: Mapping[str, Any]) -> Msg:
    """An event of the event schema (``reports.events``), or the driver's ``chance``, told."""
    kind = event["type"]
    if kind == "placed":
        cells = listing(list(event["cells"]))
        over = event["overhang"]
        told = OVERHANG[over] if "bar" not in event else _solo_overhang(over, event["bar"])
        return Msg.of("te-trix-event-placed", player=event["player"], cells=cells, over=told)
    if kind == "chance":
        return Msg.of("te-trix-event-chance", dice=DICE.get(event["outcome"], event["outcome"]))
    if kind == "rolled":
        dice = DICE.get(event["roll"], event["roll"])
        return Msg.of(
            "te-trix-event-rolled", round=event["round"], player=event["roller"], dice=dice
        )
    if kind == "arranged":
        return _arranged(event)
    if kind == "roundEnded":
        return Msg.of("te-trix-event-round-ended", round=event["round"], player=event["nextRoller"])
    if kind == "stopped":
        return Msg.of("te-trix-event-stopped", player=event["player"], round=event["round"])
    if kind == "gameStarted":
        return Msg.of(
            "te-trix-event-game-started", count=event["players"], player=event["firstPlayer"]
        )
    assert kind == "gameOver", kind
    scores = tuple(event["scores"])
    return Msg.of(
        "te-trix-game-over",
        ending=_ending(event["reason"], event.get("blocked", ()), len(scores)),
        result=_result(scores, False),
    )


def _arranged(event: Mapping[str, Any]) -> Msg:
    arrangement = parse_move(event["arrangement"])
    assert isinstance(arrangement, Arrangement)
    blocked = event["blocked"]
    if not blocked:
        return Msg.of("te-trix-event-arranged", player=event["player"], **_shape(arrangement))
    return Msg.of(
        "te-trix-event-arranged-last",
        player=event["player"],
        blocked=listing([PLAYER[p] for p in blocked]),
        stuck=len(blocked),
        **_shape(arrangement),
    )


def _ending(end: str | None, blocked: Sequence[int], players: int) -> Msg:
    """Why the game ended, in words (TX-10, TX-14)."""
    if end == STOPPED:
        return Msg.of("te-trix-ending-stopped", player=0)
    if end == SHEETS_FULL or not blocked:
        return Msg.of("te-trix-ending-full", count=players)
    assert end == CANNOT_PLACE, end
    return Msg.of(
        "te-trix-ending-blocked", players=listing([PLAYER[p] for p in blocked]), count=len(blocked)
    )


def _result(totals: tuple[int, ...], solo: bool) -> Msg:
    """Who won with how many points (TX-11); a solo game's rating (TX-15)."""
    if len(totals) == 1:
        rated = RATING.get(scoring.rating(totals[0])) if solo else None
        if rated is None:
            return Msg.of("te-trix-result-score", player=0, points=totals[0])
        return Msg.of("te-trix-result-rated", player=0, points=totals[0], rating=rated)
    won = scoring.winners(totals)
    return Msg.of(
        "te-trix-result-win",
        players=listing([PLAYER[p] for p in won]),
        count=len(won),
        points=totals[won[0]],
    )


# -- the position ------------------------------------------------------------------------------


def prompt(state: TeTrixState) -> Msg:
    """Who is to do what now (TX-5 roll, TX-6 arrange or, solo, stop, TX-7 place), or how the
    game ended and who won."""
    if state.phase == "roll":
        return Msg.of("te-trix-prompt-roll", round=state.round, player=state.roller)
    if state.phase == "arrange":
        assert state.roll is not None
        dice = DICE[symbols_text(state.roll.symbols)]
        if state.solo:
            return Msg.of("te-trix-prompt-arrange-solo", player=state.roller, dice=dice)
        return Msg.of("te-trix-prompt-arrange", player=state.roller, dice=dice)
    if state.phase == "place":
        assert state.arrangement is not None
        pending = state.pending
        placing = listing([PLAYER[p] for p in pending])
        shape = _shape(state.arrangement)
        if not state.blocked:
            return Msg.of("te-trix-prompt-place", players=placing, count=len(pending), **shape)
        return Msg.of(
            "te-trix-prompt-place-last",
            players=placing,
            count=len(pending),
            blocked=listing([PLAYER[p] for p in state.blocked]),
            stuck=len(state.blocked),
            **shape,
        )
    totals = tuple(scoring.total(sheet, state.size, state.bar) for sheet in state.sheets)
    return Msg.of(
        "te-trix-game-over",
        ending=_ending(state.end, state.blocked, state.players),
        result=_result(totals, state.solo),
    )


def score_lines(state: TeTrixState, scores: Scores) -> list[ScoreLine]:
    """Each player's sheet, symbol by symbol (TX-11: the areas of five or more cells count,
    their number times their cells), and in the solo game the bar's free fields (TX-15)."""
    lines = []
    for told in scores.breakdown["players"]:
        p = told["player"]
        for symbol, part in told["symbols"].items():
            struck = sum(1 for r in part["regions"] if r["struck"])
            args: dict[str, Arg] = {
                "player": p,
                "symbol": symbol,
                "areas": part["kept"],
                "cells": part["cells"],
                "points": part["points"],
                "struck": struck,
            }
            lines.append(
                ScoreLine(p, "TX-11", part["points"], Msg.of("te-trix-score-symbol", **args))
            )
        bar = told.get("bar")
        if bar is not None:
            free = bar["free"]
            lines.append(
                ScoreLine(p, "TX-15", free, Msg.of("te-trix-score-bar", player=p, free=free))
            )
    return lines
