"""Triominos Junior's :class:`GameSpec`: its rules, notation, codec, views, picture,
schemas and words for people."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import Clock, GameSpec
from . import bot, codec, locations, moves, render, reports, schema, texts, view
from .moves import Move
from .options import DESCRIPTOR, OPTIONS
from .rules import TriominosJunior
from .state import TriominosState
from .tiles import value


def _move_document(state: TriominosState, move: Move) -> dict[str, Any]:
    """Adds the mover, the triangle's corners and the rack tile; never a hidden tile."""
    return moves.enriched(move, state.turn)  # which gives a Deal no mover


def _render(state: TriominosState, player: int | None, narrow: bool) -> str:
    view.check_viewer(state, player)
    return render.svg(state, player, narrow)


def candidates(
    state: TriominosState, player: int, legal: Sequence[Move], looks: int, clock: Clock | None
) -> tuple[Sequence[Move], int]:
    """The turn the bots' judgement (``bot``) prefers from ``player``'s view."""
    return bot.choose(ENGINE.rules, state, player, legal, looks)


def judged(
    state: TriominosState, player: int, legal: Sequence[Move], looks: int
) -> tuple[Sequence[tuple[Move, float]], int]:
    """Every placement and swap, and the draw (a fit a beginner did not see), with its worth
    from ``player``'s view (``bot.judged``), for a weak level: in coins, or at the points
    level in tiles of the set's average value."""
    found, looked = bot.judged(ENGINE.rules, state, player, legal, looks, draw=True)
    if state.level == "points":
        # a custom set may be all zeros (TJ-1 allows any numbers 0-9): then points are tiles
        unit = sum(value(t) for t in state.tile_set) / len(state.tile_set) or 1.0
        found = [(move, worth / unit) for move, worth in found]
    return found, looked


# A weak level's slips, in the judgement's coins (tiles at the points level; bots.SLIPS):
# calibrated in docs/bots.md.
SLIP = 2.0


def _decode(doc: Any) -> TriominosState:
    return codec.decode(doc, OPTIONS)


SPEC: GameSpec[TriominosState, Move] = GameSpec(
    rules=TriominosJunior(),
    rule_prefix="TJ",
    parse_move=moves.parse_move,
    notation=moves.notation,
    document=moves.document,
    move_document=_move_document,
    encode=codec.encode,
    decode=_decode,
    view=view.view,  # layout, own rack, rack sizes, pool size; no seed (TJ-17)
    render=_render,
    state_schema=lambda: schema.state_schema(OPTIONS),
    move_schema=schema.move_schema,
    move_document_schema=schema.move_document_schema,
    event_schema=lambda: reports.events(DESCRIPTOR),
    breakdown_schema=reports.breakdown,
    view_schema=lambda: schema.view_schema(OPTIONS),
    describe_move=texts.describe_move,
    describe_event=texts.describe_event,
    prompt=texts.prompt,
    score_lines=texts.score_lines,
    move_locations=locations.move_locations,
    event_locations=locations.event_locations,
    location_schema=locations.schema,
    candidates=candidates,
    judged=judged,
    slip=SLIP,
    # the generated type names the SDL has always had: place and swap share one, so do
    # draw and pass
    type_prefix="Triominos",
    type_names={"place": "Lay", "swap": "Lay", "draw": "Turn", "pass": "Turn"},
)
ENGINE = SPEC.game
