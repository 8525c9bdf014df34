"""Turns built step by step (issue 25, point 1): the steps chosen so far in, the legal next
steps and whether the turn may end there out, in every order the rules allow.

A *step* is a move of the game that plays one part of a turn: a Tric Trac stone moved by one
number is the one-step turn ``1/4``. A game whose turns have several parts gives its
``GameSpec.next_steps``; every other game is answered here, each legal move one step that
ends the turn, so a front end builds every game's turns with one code path.

``next_steps`` checks what every game shares (the game goes on, the player is to move, no
chance node), parses each chosen step with the game's ``parse_move`` and hands the moves to
the game. A refusal is a :class:`StepError` naming the 0-based index of the step it refuses.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from .driver import check_turn
from .errors import NotYourTurn, RulesError
from .text import Msg

if TYPE_CHECKING:
    from .game import Game

M = TypeVar("M")
JSON = dict[str, Any]
Entry = str | Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Offered(Generic[M]):
    """A step that may come next: the one-step move it is and its move document (what the
    step touches, named as the SVG names it; ``parse_move`` accepts it back)."""

    step: M
    document: JSON


@dataclass(frozen=True, slots=True)
class NextSteps(Generic[M]):
    """The steps that may follow the chosen ones (each leads on to a legal turn) and, when
    the chosen steps may end the turn, the whole turn they make (as ``apply`` accepts it)."""

    steps: tuple[Offered[M], ...] = ()
    turn: M | None = None

    @property
    def can_end(self) -> bool:
        return self.turn is not None


class StepError(Exception):
    """A rules error raised by chosen step number ``step`` (0-based index in the list)."""

    def __init__(self, step: int, error: RulesError) -> None:
        super().__init__(error.msg)
        self.step = step
        self.error = error


def next_steps(
    game: Game[Any, M], state: Any, player: int | None, chosen: Sequence[Entry]
) -> NextSteps[M]:
    """What may follow ``chosen`` for ``player`` (None: the one to move).

    Nobody builds a turn at a chance node, in a finished game or out of turn: no steps then,
    and a chosen step is refused (GAME_OVER, NOT_YOUR_TURN). At most ``turn_steps`` steps
    are read (the caller bounds the list first: nothing here walks more)."""
    if len(chosen) > game.spec.turn_steps:
        raise ValueError("more steps than a turn has: bounded by the caller")
    movers = tuple(game.to_move(state))
    mover = movers[0] if player is None and movers else player
    deciding = not game.status(state).finished and not game.is_chance(state) and mover in movers
    if not chosen:
        if not deciding:
            return NextSteps()
    elif not deciding:
        try:
            check_turn(game, state, player)
            raise NotYourTurn(Msg.of("steps-chance-node"), reason="CHANCE_NODE")
        except RulesError as exc:
            raise StepError(0, exc) from exc
    assert mover is not None
    moves = []
    for i, entry in enumerate(chosen):
        try:
            moves.append(game.parse_move(entry))
        except RulesError as exc:
            raise StepError(i, exc) from exc
    own = game.spec.next_steps
    if own is not None:
        return own(state, mover, tuple(moves))
    return _one_step(game, state, mover, moves)


def _one_step(game: Game[Any, M], state: Any, mover: int, chosen: list[M]) -> NextSteps[M]:
    """A game whose turn is one move: every legal move is a step that ends the turn."""
    if not chosen:
        moves = game.legal_moves(state, mover)
        return NextSteps(tuple(Offered(m, game.move_document(state, m)) for m in moves))
    (move,) = chosen  # the caller bounds the list by turn_steps: 1 here
    try:
        game.apply(state, move, mover)  # the rules' own refusal, reason and rule
    except RulesError as exc:
        raise StepError(0, exc) from exc
    return NextSteps((), move)
