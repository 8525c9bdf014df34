"""The engine core shared by every game: contract, errors, options, chance and the driver."""

from .chance import pick, unit
from .driver import MoveRequest, PlyError, perft, play, play_one, resolve_chance, start
from .errors import (
    GameOver,
    IllegalMove,
    InvalidNotation,
    InvalidOptions,
    InvalidState,
    NotYourTurn,
    Problem,
    Problems,
    RulesError,
    illegal,
)
from .game import (
    JSON,
    Descriptor,
    Event,
    Game,
    GameState,
    Scores,
    Shuffler,
    Status,
    Transition,
)
from .options import OptionSpec, options_schema, read_options, validate_options

__all__ = [
    "JSON",
    "Descriptor",
    "Event",
    "Game",
    "GameOver",
    "GameState",
    "IllegalMove",
    "InvalidNotation",
    "InvalidOptions",
    "InvalidState",
    "MoveRequest",
    "NotYourTurn",
    "OptionSpec",
    "PlyError",
    "Problem",
    "Problems",
    "RulesError",
    "Scores",
    "Shuffler",
    "Status",
    "Transition",
    "illegal",
    "options_schema",
    "perft",
    "pick",
    "play",
    "play_one",
    "read_options",
    "resolve_chance",
    "start",
    "unit",
    "validate_options",
]
