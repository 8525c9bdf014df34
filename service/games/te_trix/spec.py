"""Te-Trix's :class:`GameSpec`: its rules, notation, codec, picture, schemas, bot playouts and
words for people."""

from __future__ import annotations

from collections.abc import Sequence

from ..core import Chooser, Clock, GameSpec
from . import bot, codec, locations, moves, render, reports, schema, texts
from .moves import Move, Stop
from .options import DESCRIPTOR, OPTIONS
from .rules import TeTrix
from .state import TeTrixState

RULES = TeTrix()


def playout(state: TeTrixState, legal: Sequence[Move], mover: int, rng: Chooser) -> Move:
    """A bot's playout never stops a solo game early (TX-14): a random stop would end most
    playouts after a few rolls and hide what a placement leaves for later."""
    going = [m for m in legal if not isinstance(m, Stop)]
    picked: Move = rng.choice(going or legal)
    return picked


def candidates(
    state: TeTrixState, player: int, legal: Sequence[Move], looks: int, clock: Clock | None
) -> tuple[Sequence[Move], int]:
    """The bots' choice by a sheet's potential (``bot``): a placement, or the roller's
    arrangement, as far as ``looks`` reaches; when no arrangement is chosen (in solo: its
    placement would score less than stopping now), whether stopping stays in."""
    if state.phase == "place":
        return bot.choose_placement(state, player, legal, looks)
    chosen, spent = bot.choose_arrangement(state, player, legal, looks)
    if len(chosen) < len(legal):
        return chosen, spent
    kept, looked = _stop_or_not(state, player, legal, max(looks - spent, 0))
    return kept, spent + looked


def judged(
    state: TeTrixState, player: int, legal: Sequence[Move], looks: int
) -> tuple[Sequence[tuple[Move, float]], int]:
    """For a weak level: a sheet's placements, or the roller's arrangements, each with its
    worth by potential (``bot``); with a solo stop offered (TX-14), only the arrangements
    whose placement keeps the score, and none (the search decides) when no arrangement does."""
    if state.phase == "place":
        return bot.judged_placements(state, player, legal, looks)
    found, looked = bot.judged_arrangements(state, player, legal, looks)
    if any(isinstance(m, Stop) for m in legal):
        found = [
            f for f in found if f[2] is not None and bot.keeps_score(state, player, f[0], f[2])
        ]
    return [(arrangement, worth) for arrangement, worth, _ in found], looked


# A weak level's slips, in the potential's points (bots.SLIPS): calibrated in docs/bots.md.
SLIP = 5.0


def _stop_or_not(
    state: TeTrixState, player: int, legal: Sequence[Move], looks: int
) -> tuple[Sequence[Move], int]:
    """Stopping a solo game (TX-14) left out while an arrangement has a placement that scores
    at least what stopping does: placing it and stopping next round (stop is offered after
    every roll) scores no less, and the game may go on. The placements are looked at until
    one is found, at most ``looks``; without one found, stopping stays in."""
    stops = [m for m in legal if isinstance(m, Stop)]
    if not stops or len(legal) == 1:
        return legal, 0
    stopped = RULES.totals(RULES.successor(state, stops[0]))[player]
    looked = 1
    for arrangement in legal:
        if isinstance(arrangement, Stop):
            continue
        arranged = RULES.successor(state, arrangement)
        for placement in RULES.legal_moves(arranged):
            if looked >= looks:
                return legal, looked
            looked += 1
            if RULES.totals(RULES.successor(arranged, placement))[player] >= stopped:
                return [m for m in legal if not isinstance(m, Stop)], looked
    return legal, looked


def _render(state: TeTrixState, player: int | None, narrow: bool) -> str:
    return render.svg(state, narrow)


SPEC: GameSpec[TeTrixState, Move] = GameSpec(
    rules=RULES,
    rule_prefix="TX",
    parse_move=moves.parse_move,
    notation=moves.notation,
    document=moves.document,
    move_document=RULES.move_document,
    kept_document=RULES.kept_document,
    # a legal-moves answer's cells and slots are the engine's tables' (kept_document): it
    # holds 2.1-2.5 bytes a JSON byte (tests/cache/sizes.py), not the cache's default 8
    answer_memory={"legal-moves": 3},
    encode=codec.encode,
    decode=codec.decode,
    render=_render,
    state_schema=lambda: schema.state_schema(OPTIONS),
    move_schema=schema.move_schema,
    move_document_schema=schema.move_document_schema,
    event_schema=lambda: reports.events(DESCRIPTOR),
    breakdown_schema=reports.breakdown,
    playout=playout,
    candidates=candidates,
    judged=judged,
    slip=SLIP,
    judge=bot.judge,
    describe_move=texts.describe_move,
    describe_event=texts.describe_event,
    prompt=texts.prompt,
    score_lines=texts.score_lines,
    move_locations=locations.move_locations,
    event_locations=locations.event_locations,
    location_schema=locations.schema,
    # a placement's cells and symbols (TX-8), its overhang's bar fields in solo (TX-13)
    offer_key=lambda state: (state.size, state.arrangement, state.bar),
)
ENGINE = SPEC.game
