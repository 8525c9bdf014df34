"""Words for people: a move, an event and the position told as catalog messages (the texts
are in ``messages/<language>.ftl``).

A tile that goes onto a rack (the deal, a draw, TJ-4 and TJ-12) is only ever "a tile": these
functions get the full state, and a description must not tell anyone a tile hidden from them
(TJ-17). The start tile and every tile laid are face up, so they are named.

>>> from service.games.core import driver
>>> from service.games.triominos_junior import ENGINE, Draw
>>> from service.text import render
>>> state = driver.start(ENGINE, 2, None, "a seed").state
>>> describe_move(state, Draw())
Msg(id='triominos-junior-draw-coin', items=(('paid', 1), ('player', 0)))
>>> render(describe_move(state, Draw()), "de")
'Spieler 1 zieht einen Stein nach und zahlt dafür eine Münze'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core import ScoreLine, Scores
from ..core.text import Arg, Msg
from .grid import ORIGIN, pos_name
from .layout import placements, swaps
from .moves import Deal, Draw, Move, Pass, Place, Swap
from .state import TriominosState
from .tiles import canonical, tile_name, value
from .turns import final_scores, receiver, winners


def player(p: int) -> Msg:
    """A player's name: "Player 1" for player 0."""
    return Msg.of("triominos-junior-player", player=p)


def players(ps: Sequence[int]) -> Msg:
    """One to four players by name: "Player 1 and Player 3"."""
    names = [player(p) for p in ps]
    if len(names) == 1:
        return names[0]
    if len(names) == 2:
        return Msg.of("triominos-junior-two-players", first=names[0], second=names[1])
    if len(names) == 3:
        first, second, third = names
        return Msg.of("triominos-junior-three-players", first=first, second=second, third=third)
    first, second, third, fourth = names  # at most four players (TJ-1)
    return Msg.of(
        "triominos-junior-four-players", first=first, second=second, third=third, fourth=fourth
    )


# -- moves and events -------------------------------------------------------------------------


def describe_move(state: TriominosState, move: Move) -> Msg:
    """A legal move of ``state`` (a chance outcome too), told with what it earns (TJ-10, TJ-12)."""
    if isinstance(move, Deal):
        return _deal(state, move)
    p = state.turn
    assert p is not None  # a player's move: phase play
    if isinstance(move, Place):
        tile, at = tile_name(move.tile), pos_name(move.at)
        if state.level == "coins":  # no coin once the supply is empty (TJ-10 Choice)
            gain = 1 if state.supply else 0
            return Msg.of("triominos-junior-place-coin", player=p, tile=tile, at=at, coins=gain)
        points = value(move.tile)
        return Msg.of("triominos-junior-place-points", player=p, tile=tile, at=at, points=points)
    if isinstance(move, Swap):
        return Msg.of(
            "triominos-junior-swap", player=p, tile=tile_name(move.tile), at=pos_name(move.at)
        )
    if isinstance(move, Draw):
        if state.level == "coins":  # TJ-12 Choice: without coins a draw is free
            return Msg.of("triominos-junior-draw-coin", player=p, paid=1 if state.coins[p] else 0)
        return Msg.of("triominos-junior-draw", player=p)
    assert isinstance(move, Pass)
    return Msg.of("triominos-junior-pass", player=p)


def _deal(state: TriominosState, move: Deal) -> Msg:
    """Where a tile from the pool goes: a rack (unnamed) or the start of the layout."""
    if state.phase == "start":
        return Msg.of(
            "triominos-junior-start-tile", tile=tile_name(canonical(move.tile)), at=pos_name(ORIGIN)
        )
    if state.phase == "deal":
        return Msg.of("triominos-junior-dealt", player=receiver(state))
    assert state.turn is not None  # phase draw: the player who drew
    return Msg.of("triominos-junior-tile-drawn", player=state.turn, count=len(state.pool) - 1)


def describe_event(event: Mapping[str, Any]) -> Msg:
    """An event of ``apply`` (``reports.events``) or the driver's ``chance`` event, told; the
    chance event's tile is never named (it may be on its way to a rack)."""
    return _EVENTS[event["type"]](event)


def _event_placed(e: Mapping[str, Any]) -> Msg:
    where = {"player": e["player"], "tile": e["tile"], "at": e["at"]}
    if "coins" in e:
        return Msg.of("triominos-junior-place-coin", **where, coins=e["coins"])
    return Msg.of("triominos-junior-place-points", **where, points=e["points"])


def _event_draw(e: Mapping[str, Any]) -> Msg:
    if "paid" in e:
        return Msg.of("triominos-junior-draw-coin", player=e["player"], paid=e["paid"])
    return Msg.of("triominos-junior-draw", player=e["player"])


def _event_game_over(e: Mapping[str, Any]) -> Msg:
    won = e["winners"]
    return Msg.of(
        "triominos-junior-game-over",
        why=_END[e["reason"]],
        winners=players(won),
        count=len(won),
        best=max(e["scores"]),
    )


_END = {
    "rackEmptied": Msg.of("triominos-junior-end-rack-emptied"),
    "poolEmptied": Msg.of("triominos-junior-end-pool-emptied"),
    "blocked": Msg.of("triominos-junior-end-blocked"),
}

_CHANCE = {
    True: Msg.of("triominos-junior-chance-sampled"),  # the service rolled it (a seeded game)
    False: Msg.of("triominos-junior-chance-given"),
}

_EVENTS: dict[str, Callable[[Mapping[str, Any]], Msg]] = {
    "dealt": lambda e: Msg.of("triominos-junior-dealt", player=e["player"]),
    "startTile": lambda e: Msg.of("triominos-junior-start-tile", tile=e["tile"], at=e["at"]),
    "placed": _event_placed,
    "jokerSwapped": lambda e: Msg.of(
        "triominos-junior-swap", player=e["player"], tile=e["tile"], at=e["at"]
    ),
    "draw": _event_draw,
    "tileDrawn": lambda e: Msg.of(
        "triominos-junior-tile-drawn", player=e["player"], count=e["poolSize"]
    ),
    "passed": lambda e: Msg.of("triominos-junior-pass", player=e["player"]),
    "bonusCoin": lambda e: Msg.of("triominos-junior-bonus-coin", player=e["player"]),
    "gameOver": _event_game_over,
    "chance": lambda e: _CHANCE[bool(e["sampled"])],
    "gameStarted": lambda e: Msg.of(
        "triominos-junior-game-started", count=e["players"], player=e["firstPlayer"]
    ),
}


# -- the position -----------------------------------------------------------------------------


def prompt(state: TriominosState) -> Msg:
    """Who acts and what they may do; once over, how the game ended and who won."""
    if state.phase == "deal":
        return Msg.of("triominos-junior-prompt-deal", player=receiver(state))
    if state.phase == "start":
        return Msg.of("triominos-junior-prompt-start")
    p = state.turn
    if state.phase == "draw":
        assert p is not None
        return Msg.of("triominos-junior-prompt-draw", player=p)
    if state.phase == "over":
        return _over(state)
    assert p is not None
    return Msg.of("triominos-junior-prompt-play", player=p, actions=_actions(state, p))


def _actions(state: TriominosState, p: int) -> Msg:
    """What player ``p`` may do: place, swap, draw (TJ-10 to TJ-12), else pass (TJ-13)."""
    board, rack = state.board, state.racks[p]
    can: list[Msg] = []
    if placements(board, rack):
        can.append(Msg.of("triominos-junior-action-place"))
    if swaps(board, rack):
        can.append(Msg.of("triominos-junior-action-swap"))
    if state.pool and state.level == "coins":
        can.append(Msg.of("triominos-junior-action-draw-coin", paid=1 if state.coins[p] else 0))
    elif state.pool:
        can.append(Msg.of("triominos-junior-action-draw"))
    if not can:
        return Msg.of("triominos-junior-action-pass")
    if len(can) == 1:
        return can[0]
    if len(can) == 2:
        return Msg.of("triominos-junior-or-two", first=can[0], second=can[1])
    first, second, third = can
    return Msg.of("triominos-junior-or-three", first=first, second=second, third=third)


def _over(state: TriominosState) -> Msg:
    """How the game ended (TJ-14, TJ-15) and who won with what; ties share (TJ-16)."""
    if state.end == "rackEmptied":
        emptied = next(p for p, rack in enumerate(state.racks) if not rack)
        why = Msg.of("triominos-junior-end-rack-emptied-by", player=emptied)
    else:
        why = _END[state.end or "blocked"]
    totals = final_scores(state)
    won = winners(totals)
    told: dict[str, Arg] = {
        "why": why,
        "winners": players(won),
        "count": len(won),
        "best": max(totals),
    }
    if state.level == "coins":
        return Msg.of("triominos-junior-prompt-over-coins", **told)
    return Msg.of("triominos-junior-prompt-over-points", **told)


def score_lines(state: TriominosState, scores: Scores) -> list[ScoreLine]:
    """At the coin level each player's coins (TJ-14: the most coins win). At the points
    level the values of the tiles laid (TJ-10) and, once the game is over, those left on the
    rack taken off (TJ-15)."""
    told = scores.breakdown
    if told["level"] == "coins":
        return [
            ScoreLine(
                p, "TJ-14", coins, Msg.of("triominos-junior-score-coins", player=p, coins=coins)
            )
            for p, coins in enumerate(told["coins"])
        ]
    lines = []
    for p, placed in enumerate(told["placed"]):
        lines.append(
            ScoreLine(
                p, "TJ-10", placed, Msg.of("triominos-junior-score-laid", player=p, points=placed)
            )
        )
        if told["penaltyApplied"]:
            left = told["rackPenalty"][p]
            lines.append(
                ScoreLine(
                    p, "TJ-15", -left, Msg.of("triominos-junior-score-rack", player=p, points=left)
                )
            )
    return lines
