"""The answers' shapes: TypedDicts named and keyed as the OpenAPI components.

A test compares every TypedDict here with its component in ``schema/openapi.json`` (keys and
which of them are required), so they cannot drift apart silently. Game-specific documents
(states, move documents, events, score breakdowns, views) stay ``dict[str, Any]``: they
differ per game, and a caller sends them back unchanged or reads them by the game's schema
(``schema/states/<game>.json`` and the others).
"""

# No `from __future__ import annotations` here: Python 3.11 sees NotRequired only in evaluated
# annotations, and the required keys are what the contract test compares.
from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict

__all__ = [
    "Error",
    "ErrorBody",
    "ErrorDetails",
    "Event",
    "Game",
    "GameId",
    "GameList",
    "LegalMove",
    "LegalMoves",
    "Move",
    "MoveDocument",
    "MoveEntry",
    "PlayAnswer",
    "PlayerMove",
    "Position",
    "Problem",
    "ReplayAnswer",
    "Score",
    "State",
    "Status",
    "View",
    "ViewAnswer",
]

State = dict[str, Any]
"""A game state document (``{"game": "mixtour", "v": 1, ...}``): send it back unchanged."""

MoveDocument = dict[str, Any]
"""A move document as legal-moves lists it (``{"kind": "place", "square": "b2"}``)."""

Event = dict[str, Any]
"""What happened while playing, told by its ``type`` (``placed``, ``chance``, ...)."""

View = dict[str, Any]
"""What one player may see of a state (no seed; in Triominos Junior no other rack)."""

GameId = Literal["mixtour", "tric-trac", "te-trix", "triominos-junior"]
Status = Literal["ongoing", "finished"]

Move = str | Mapping[str, Any]
"""A move as ``play`` accepts it: its notation (``"c3-c4"``) or its move document."""


class PlayerMove(TypedDict):
    """A move for a named player (Te-Trix's simultaneous placements, replay records)."""

    move: Move
    player: NotRequired[int]


MoveEntry = Move | PlayerMove


class Game(TypedDict):
    """A game of the catalogue; ``options`` maps each option name to its JSON Schema."""

    id: GameId
    name: str
    minPlayers: int
    maxPlayers: int
    rulesVersion: str
    chance: bool
    hiddenInformation: bool
    simultaneous: bool
    options: dict[str, dict[str, Any]]


class GameList(TypedDict):
    games: list[Game]


class Position(TypedDict):
    state: State
    toMove: list[int]
    isChance: bool
    status: Status
    winners: list[int]
    scores: list[int]


class PlayAnswer(Position):
    events: list[Event]


class ReplayAnswer(Position):
    plies: int


class LegalMove(TypedDict):
    """``move`` is the move document: ``play`` accepts it instead of the notation."""

    notation: str
    move: MoveDocument
    probability: NotRequired[float]  # only at a chance node


class LegalMoves(TypedDict):
    toMove: list[int]
    isChance: bool
    moves: list[LegalMove]


class Score(TypedDict):
    scores: list[int]
    status: Status
    winners: list[int]
    reason: str | None
    breakdown: dict[str, Any]


class ViewAnswer(TypedDict):
    view: View


class Problem(TypedDict):
    path: str  # a JSON path, $.board.c3
    reason: str


class ErrorDetails(TypedDict, total=False):
    """Every key is optional; which ones appear depends on the code."""

    expected: MoveDocument
    field: str
    known: list[str]
    limit: int
    notation: str
    player: int
    players: int
    ply: int
    problemCount: int
    problems: list[Problem]
    reason: str
    rule: str
    toMove: list[int]


class ErrorBody(TypedDict):
    code: str
    message: str
    details: ErrorDetails


class Error(TypedDict):
    """A refusal's answer: ``{"error": {"code", "message", "details"}}``."""

    error: ErrorBody
