"""Mixtour's :class:`GameSpec`: its rules, notation, codec, picture, schemas, bot playouts and
words for people."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import Chooser, Clock, GameSpec
from . import bot, codec, locations, moves, render, reports, schema, texts
from .moves import Move
from .options import DESCRIPTOR, OPTIONS
from .rules import Mixtour
from .state import MixtourState


def playout(state: MixtourState, legal: Sequence[Move], mover: int, rng: Chooser) -> Move:
    """A bot's playout move: a move that scores (MX-9) is always taken, so playouts end in
    points instead of wandering; otherwise a random move."""
    picked: Move = rng.choice(bot.scoring(state, legal, mover) or legal)
    return picked


def can_score(state: MixtourState) -> bool:
    """Whether the player to move can score at once (MX-9), by a legal move (MX-7's ban
    counts)."""
    turn = state.turn
    return turn is not None and bool(bot.scoring(state, ENGINE.rules.legal_moves(state), turn))


def candidates(
    state: MixtourState, player: int, legal: Sequence[Move], looks: int, clock: Clock | None
) -> tuple[Sequence[Move], int]:
    """Of the moves after which the opponent has gained no point (MX-9: a stack of five or
    more scores for the colour on top) and, unless the game is over, has no reply that scores
    at once (all of them when none is, or when looking at each once takes more than
    ``looks``), the one the bots' judgement prefers (``bot``), when the looks left allow it;
    a search of strong's budget stops early once ``clock`` names a limit."""
    kept, looked = safe_moves(state, player, legal, looks)
    chosen, judged = bot.choose(ENGINE.rules, state, player, kept, looks - looked, clock)
    return chosen, looked + judged


def judged(
    state: MixtourState, player: int, legal: Sequence[Move], looks: int
) -> tuple[Sequence[tuple[Move, float]], int]:
    """The safe moves (``safe_moves``: every level keeps MX-9's points from the opponent while
    it can) each judged one ply deep (``bot.judge``), for a weak level; none when the looks
    do not reach."""
    kept, looked = safe_moves(state, player, legal, looks)
    if bot.LOOK * len(kept) > looks - looked:
        return [], looked
    rules = ENGINE.rules
    found = [(m, bot.judge(rules, state, m, player)) for m in kept]
    return found, looked + bot.LOOK * len(kept)


# A weak level's slips, in the judgement's units (bot.POINT a point): a point not taken is
# chosen 1/e as often as the best move; calibrated in docs/bots.md (at 10, easy won half its
# games against careful greedy play; at 100, a fifth).
SLIP = 100.0


def safe_moves(
    state: MixtourState, player: int, legal: Sequence[Move], looks: int
) -> tuple[Sequence[Move], int]:
    """The moves that hand the opponent no point and leave them no reply that scores (all of
    them when none is, or when looking at each once takes more than ``looks``)."""
    if len(legal) > looks:
        return legal, 0
    rules = ENGINE.rules
    other = 1 - player
    safe = []
    for move in legal:
        after = rules.successor(state, move)
        if after.points[other] == state.points[other] and (
            after.turn is None or not can_score(after)
        ):
            safe.append(move)
    return (safe or legal), len(legal)


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
    candidates=candidates,
    judged=judged,
    slip=SLIP,
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
