"""Tric Trac's :class:`GameSpec`: its rules, notation, codec, picture, schemas and words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import Clock, GameSpec
from . import bot, codec, locations, moves, render, reports, schema, texts
from .moves import Move
from .options import DESCRIPTOR, OPTIONS
from .rules import TricTrac
from .state import TricTracState

RULES = TricTrac()


def _render(state: TricTracState, player: int | None, narrow: bool) -> str:
    return render.svg(state, narrow)


def _decode(doc: Any) -> TricTracState:
    return codec.decode(doc, OPTIONS)


def candidates(
    state: TricTracState, player: int, legal: Sequence[Move], looks: int, clock: Clock | None
) -> tuple[Sequence[Move], int]:
    """The bots' turn by the judgement of ``bot`` (pips, points, blots), one ply deep and,
    as far as ``looks`` reaches, a throw deeper."""
    return bot.choose(RULES, state, player, legal, looks)


def judged(
    state: TricTracState, player: int, legal: Sequence[Move], looks: int
) -> tuple[Sequence[tuple[Move, float]], int]:
    """Every turn of the throw with its worth one ply deep (``bot.judged``), for a weak level."""
    return bot.judged(RULES, state, player, legal, looks)


def judge(state: TricTracState, player: int) -> float:
    """A playout stopped before the end judged as the bots judge a turn (``bot.judge``)."""
    return bot.judge(RULES, state, player)


# A bots' playout runs this many plies (throws and turns: about five turns a side) and is then
# judged: a random game goes on for some 200 plies, so the score where a whole iteration's
# plies (limits.ITERATION_PLIES) end says little, and playing them cost most of an analysis
# (docs/bots.md).
PLAYOUT_PLIES = 20
# A weak level's slips, in the judgement's points (bots.SLIPS): calibrated in docs/bots.md.
SLIP = 1.5


SPEC: GameSpec[TricTracState, Move] = GameSpec(
    rules=RULES,
    rule_prefix="TT",
    parse_move=moves.parse_move,
    notation=moves.notation,
    document=moves.document,
    move_document=RULES.move_document,
    next_steps=RULES.next_steps,
    turn_steps=moves.MAX_STEPS,
    candidates=candidates,
    judged=judged,
    slip=SLIP,
    judge=judge,
    playout_plies=PLAYOUT_PLIES,
    encode=codec.encode,
    decode=_decode,
    render=_render,
    state_schema=lambda: schema.state_schema(OPTIONS),
    move_schema=schema.move_schema,
    move_document_schema=schema.move_document_schema,
    event_schema=lambda: reports.events(DESCRIPTOR),
    breakdown_schema=lambda: reports.breakdown(OPTIONS),
    describe_move=texts.describe_move,
    describe_event=texts.describe_event,
    prompt=texts.prompt,
    score_lines=texts.score_lines,
    move_locations=locations.move_locations,
    event_locations=locations.event_locations,
    location_schema=locations.schema,
)
ENGINE = SPEC.game
