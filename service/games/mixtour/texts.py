"""Mixtour told in words: a legal move, an event ``apply`` emitted, what a position asks.

Each returns a catalog message (``messages/<language>.ftl``) that the service renders in the
language of the answer, e.g. ``mixtour-shift-scores``: "White moves 2 pieces from c4 to d3;
the stack of five leaves the board and Blue scores a point" (MX-5, MX-9). Mixtour has no
chance, so no ``chance`` event ever reaches :func:`describe_event`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import ScoreLine, Scores
from ..core.text import Arg, Msg
from .board import SQUARES
from .moves import REMOVE_AT, Move, Place, Shift
from .rules import Mixtour
from .state import MixtourState

_RULES = Mixtour()


def describe_move(state: MixtourState, move: Move) -> Msg:
    """A legal move of ``state`` and what it does: a stack it makes of 5 or more leaves the
    board and scores for the owner of its top piece (MX-9), perhaps the winning point (MX-10);
    a second pass in a row draws (MX-8)."""
    player = state.turn
    if player is None:
        raise ValueError("a finished game has no legal move to describe")
    if isinstance(move, Place):
        return Msg.of("mixtour-place", player=player, square=SQUARES[move.square])
    if isinstance(move, Shift):
        args: dict[str, Arg] = {
            "player": player,
            "count": move.count,
            "source": SQUARES[move.source],
            "target": SQUARES[move.target],
        }
        pieces = len(state.stacks[move.target]) + move.count
        if pieces < REMOVE_AT:
            return Msg.of("mixtour-shift", **args)
        owner = state.stacks[move.source][-1]  # the top piece moves and stays on top
        args["stack"] = Msg.of("mixtour-stack-of", pieces=pieces)
        args["scorer"] = Msg.of("mixtour-player", player=owner)
        if state.points[owner] + 1 >= state.points_to_win:
            return Msg.of("mixtour-shift-wins", **args)
        return Msg.of("mixtour-shift-scores", **args)
    if state.passes:
        return Msg.of("mixtour-pass-draw", player=player)
    return Msg.of("mixtour-pass", player=player)


def describe_event(event: Mapping[str, Any]) -> Msg:
    """One event of Mixtour's event schema (``reports.events``), told."""
    kind = event["type"]
    if kind == "placed":
        return Msg.of("mixtour-place", player=event["player"], square=event["square"])
    if kind == "moved":
        return Msg.of(
            "mixtour-shift",
            player=event["player"],
            count=event["count"],
            source=event["from"],
            target=event["to"],
        )
    if kind == "stackRemoved":
        white, blue = event["scores"]
        return Msg.of(
            "mixtour-stack-removed",
            player=event["scorer"],
            square=event["square"],
            stack=Msg.of("mixtour-stack-of", pieces=event["pieces"]),
            score=Msg.of("mixtour-score", white=white, blue=blue),
        )
    if kind == "passed":
        return Msg.of("mixtour-pass", player=event["player"])
    if kind == "gameOver":
        winners = event["winners"]
        if winners:
            return Msg.of("mixtour-game-won", player=winners[0])
        return Msg.of("mixtour-game-drawn")
    if kind == "gameStarted":
        return Msg.of("mixtour-game-started", player=event["firstPlayer"])
    raise ValueError(f"not a Mixtour event: {kind!r}")


def prompt(state: MixtourState) -> Msg:
    """Who is to move and what they may do (MX-4, MX-5, MX-8), or how the game ended (MX-8,
    MX-10)."""
    player = state.turn
    if player is None:
        points = state.points
        winners = [p for p in (0, 1) if points[p] >= state.points_to_win]
        if not winners:
            return Msg.of("mixtour-game-drawn")
        won = winners[0]
        return Msg.of("mixtour-prompt-won", player=won, points=points[won], other=points[1 - won])
    moves = _RULES.legal_moves(state)
    can_place = any(isinstance(m, Place) for m in moves)
    can_shift = any(isinstance(m, Shift) for m in moves)
    if can_place and can_shift:
        return Msg.of("mixtour-prompt-place-or-move", player=player)
    if can_place:
        return Msg.of("mixtour-prompt-place", player=player)
    if can_shift:
        return Msg.of("mixtour-prompt-move", player=player)
    return Msg.of("mixtour-prompt-pass", player=player)


def score_lines(state: MixtourState, scores: Scores) -> list[ScoreLine]:
    """One line a player: a point for every stack of five or more that left the board with
    the player's piece on top (MX-9)."""
    return [
        ScoreLine(p, "MX-9", points, Msg.of("mixtour-score-stacks", player=p, stacks=points))
        for p, points in enumerate(scores.values)
    ]
