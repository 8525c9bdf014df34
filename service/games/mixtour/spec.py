"""Mixtour's :class:`GameSpec`: its rules, notation, codec, picture, schemas, bot playouts and
words for people."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import Chooser, GameSpec
from . import codec, locations, moves, render, reports, schema, texts
from .moves import REMOVE_AT, Move, Shift
from .options import DESCRIPTOR, OPTIONS
from .rules import Mixtour
from .state import MixtourState


def _scoring(state: MixtourState, legal: Sequence[Move], mover: int) -> list[Move]:
    """The shifts among ``legal`` that make a stack of 5 or more with the mover's piece on top:
    each scores the mover a point at once (MX-9)."""
    stacks = state.stacks
    return [
        m
        for m in legal
        if isinstance(m, Shift)
        and len(stacks[m.target]) + m.count >= REMOVE_AT
        and stacks[m.source][-1] == mover
    ]


def playout(state: MixtourState, legal: Sequence[Move], mover: int, rng: Chooser) -> Move:
    """A bot's playout move: a move that scores (MX-9) is always taken, so playouts end in
    points instead of wandering; otherwise a random move."""
    picked: Move = rng.choice(_scoring(state, legal, mover) or legal)
    return picked


def threat(state: MixtourState) -> bool:
    """Whether the player to move can score at once (MX-9), by a legal move (MX-7's ban
    counts)."""
    turn = state.turn
    return turn is not None and bool(_scoring(state, ENGINE.rules.legal_moves(state), turn))


def _render(state: MixtourState, player: int | None, narrow: bool) -> str:
    return render.svg(state, narrow)


def _decode(doc: Any) -> MixtourState:
    return codec.decode(doc, OPTIONS)


SPEC: GameSpec[MixtourState, Move] = GameSpec(
    rules=Mixtour(),
    rule_prefix="MX",
    parse_move=moves.parse_move,
    notation=moves.notation,
    document=moves.document,
    encode=codec.encode,
    decode=_decode,
    render=_render,
    state_schema=lambda: schema.state_schema(OPTIONS),
    move_schema=schema.move_schema,
    move_document_schema=schema.move_document_schema,
    event_schema=lambda: reports.events(DESCRIPTOR),
    breakdown_schema=lambda: reports.breakdown(OPTIONS),
    playout=playout,
    threat=threat,
    describe_move=texts.describe_move,
    describe_event=texts.describe_event,
    prompt=texts.prompt,
    score_lines=texts.score_lines,
    move_locations=locations.move_locations,
    event_locations=locations.event_locations,
    location_schema=locations.schema,
    offer_key=lambda state: state.turn,  # a placement takes from the mover's supply (MX-4)
)
ENGINE = SPEC.game
