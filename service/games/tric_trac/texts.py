"""Tric Trac in words: a move, an event and the position, told as catalog messages.

A turn is told by what its stones did, in one sentence a language words as it likes: one
stone by both numbers over a point between (TT-7, "Rot zieht einen Stein vom Startfeld über 4
auf 9"), two stones from one point ("Red moves two stones from the start field to 4 and 6"),
or two steps each told on its own; bearing off (TT-13) is a sentence of its own kind, and a
turn that hits (TT-12) says where. A step from the mover's start field says so (TT-2).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from ..core import ScoreLine, Scores
from ..core.text import Msg
from .moves import OFF, Move, Opening, Step, Throw, notation, parse_move
from .rules import TricTrac
from .state import MOVE, OPENING, OVER, POINTS, THROW, TricTracState, score

START: Final = (1, POINTS)  # each player's start field (TT-2)
_RULES = TricTrac()


def describe_move(state: TricTracState, move: Move) -> Msg:
    """A legal move of ``state`` (a turn, a throw or the opening throw), told."""
    if isinstance(move, Opening):
        return Msg.of("tric-trac-opening", player=move.player, low=move.low, high=move.high)
    player = state.player or 0
    if isinstance(move, Throw):
        return _thrown(player, move.low, move.high)
    if not move.steps:
        dice = state.dice or (0, 0)
        return Msg.of("tric-trac-passes", player=player, dice=notation(Throw(*dice)))
    told = _moved(player, move.steps)
    hits = [s.target for s in move.steps if s.hit]
    if not hits:
        return told
    return Msg.of(
        "tric-trac-turn-hits",
        turn=told,
        player=player,
        count=len(hits),
        first=hits[0],
        second=hits[-1],
    )


def _thrown(player: int, low: int, high: int) -> Msg:
    if low == high:
        return Msg.of("tric-trac-throw-double", player=player, number=low)
    return Msg.of("tric-trac-throw", player=player, low=low, high=high)


def _source(point: int, player: int) -> Msg:
    if point == START[player]:
        return Msg.of("tric-trac-from-start")
    return Msg.of("tric-trac-from-point", point=point)


def _moved(player: int, steps: tuple[Step, ...]) -> Msg:
    """Where the stones went, hits left to the caller."""
    first = steps[0]
    source = _source(first.source, player)
    if len(steps) == 1:
        return Msg.of("tric-trac-turn-one", player=player, first=_step(first, player))
    second = steps[1]
    if first.target != OFF and second.source == first.target:  # one stone, both numbers (TT-7)
        if second.target == OFF:
            return Msg.of("tric-trac-turn-via-off", player=player, source=source, via=first.target)
        via, to = first.target, second.target
        return Msg.of("tric-trac-turn-via", player=player, source=source, via=via, to=to)
    off = (first.target == OFF, second.target == OFF)
    if first.source == second.source and off[0] == off[1]:  # two stones from one point
        if off[0]:
            return Msg.of("tric-trac-turn-pair-off", player=player, source=source)
        if first.target == second.target:
            return Msg.of("tric-trac-turn-pair-same", player=player, source=source, to=first.target)
        near, far = sorted((first.target, second.target), key=lambda t: abs(t - first.source))
        return Msg.of("tric-trac-turn-pair", player=player, source=source, near=near, far=far)
    other = _source(second.source, player)
    if off == (True, True):
        return Msg.of("tric-trac-turn-two-off", player=player, source=source, other_source=other)
    if off == (False, False):
        return Msg.of(
            "tric-trac-turn-two-moves",
            player=player,
            source=source,
            to=first.target,
            other_source=other,
            other_to=second.target,
        )
    return Msg.of(
        "tric-trac-turn-two",
        player=player,
        first=_step(first, player),
        second=_step(second, player),
    )


def _step(step: Step, player: int) -> Msg:
    """One stone moved by one number, as a phrase of a turn."""
    source = _source(step.source, player)
    if step.target == OFF:
        return Msg.of("tric-trac-step-off", source=source)
    return Msg.of("tric-trac-step", source=source, to=step.target)


def _event_thrown(e: Mapping[str, Any]) -> Msg:
    low, high = e["dice"]
    if e.get("opening"):
        return Msg.of("tric-trac-opening", player=e["player"], low=low, high=high)
    return _thrown(e["player"], low, high)


def _event_stepped(e: Mapping[str, Any]) -> Msg:
    player, die = e["player"], e["die"]
    source = _source(e["from"], player)
    if e["to"] == "off":
        return Msg.of("tric-trac-event-stepped-off", player=player, source=source, die=die)
    return Msg.of("tric-trac-event-stepped", player=player, source=source, to=e["to"], die=die)


def _event_scored(e: Mapping[str, Any]) -> Msg:
    red, black = e["scores"]
    return Msg.of("tric-trac-event-scored", player=e["player"], what=e["for"], red=red, black=black)


def _event_game_over(e: Mapping[str, Any]) -> Msg:
    winner = e["winners"][0]
    points, other = e["scores"][winner], e["scores"][1 - winner]
    return Msg.of("tric-trac-event-game-over", player=winner, points=points, other=other)


def _event_chance(e: Mapping[str, Any]) -> Msg:
    outcome = parse_move(e["outcome"])
    if isinstance(outcome, Opening):
        return Msg.of(
            "tric-trac-event-chance-opening",
            player=outcome.player,
            low=outcome.low,
            high=outcome.high,
        )
    assert isinstance(outcome, Throw)  # the event schema's outcome pattern
    return Msg.of("tric-trac-event-chance-throw", low=outcome.low, high=outcome.high)


_EVENTS: Final[dict[str, Callable[[Mapping[str, Any]], Msg]]] = {
    "thrown": _event_thrown,
    "stepped": _event_stepped,
    "hit": lambda e: Msg.of(
        "tric-trac-event-hit", player=e["player"], stone=e["stone"], point=e["point"]
    ),
    "borneOff": lambda e: Msg.of(
        "tric-trac-event-borne-off", player=e["player"], source=_source(e["from"], e["player"])
    ),
    "scored": _event_scored,
    "passed": lambda e: Msg.of(
        "tric-trac-passes", player=e["player"], dice=notation(Throw(*e["dice"]))
    ),
    "forfeited": lambda e: Msg.of(
        "tric-trac-event-forfeited", player=e["player"], number=e["numbers"][0]
    ),
    "extraThrow": lambda e: Msg.of("tric-trac-event-extra-throw", player=e["player"]),
    "gameOver": _event_game_over,
    "chance": _event_chance,
    "gameStarted": lambda e: Msg.of("tric-trac-event-game-started"),  # TT-4: the throw decides
}


def describe_event(event: Mapping[str, Any]) -> Msg:
    """An event of ``reports.events`` (or the driver's ``chance``), told."""
    return _EVENTS[event["type"]](event)


def prompt(state: TricTracState) -> Msg:
    """Who is to do what now, or how the game ended (TT-4, TT-5, TT-8, TT-15)."""
    if state.phase == OPENING:
        return Msg.of("tric-trac-prompt-opening")
    if state.phase == OVER:
        points = (score(state, 0), score(state, 1))
        winner = 0 if points[0] >= points[1] else 1  # decode allows one winner only (TT-15)
        return Msg.of(
            "tric-trac-prompt-over", player=winner, points=points[winner], other=points[1 - winner]
        )
    player = state.player or 0
    if state.phase == THROW or state.dice is None:
        return Msg.of("tric-trac-prompt-throw", player=player)
    assert state.phase == MOVE
    low, high = state.dice
    plays = _RULES.plays(state)
    if len(plays) == 1 and not plays[0].turn.steps:
        return Msg.of("tric-trac-prompt-pass", player=player, dice=notation(Throw(low, high)))
    return Msg.of("tric-trac-prompt-move", player=player, low=low, high=high)


def score_lines(state: TricTracState, scores: Scores) -> list[ScoreLine]:
    """Two lines a player, both points by TT-14: a point for every enemy stone hit (TT-12)
    and for every own stone borne off (TT-13)."""
    hits, off = scores.breakdown["hits"], scores.breakdown["borneOff"]
    lines = []
    for p in (0, 1):
        lines.append(
            ScoreLine(p, "TT-14", hits[p], Msg.of("tric-trac-score-hits", player=p, stones=hits[p]))
        )
        lines.append(
            ScoreLine(p, "TT-14", off[p], Msg.of("tric-trac-score-off", player=p, stones=off[p]))
        )
    return lines
