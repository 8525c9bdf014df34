"""Finished games of every game, as the records tournament tools send: seeded games (the
players' moves) and unseeded ones (chance outcomes in the record, as physical dice give them),
played with the engines themselves, and wrong variants with the verdict each must get."""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field
from typing import Any

from service.games import REGISTRY
from service.games.core import MoveRequest, driver

# (game, players, options): every game, with the configurations the rules make different.
CONFIGS: list[tuple[str, int | None, dict[str, Any]]] = [
    ("mixtour", None, {}),
    ("tric-trac", None, {}),
    ("te-trix", 2, {}),
    ("te-trix", 1, {"solo": True}),
    ("triominos-junior", 3, {"level": "points"}),
    ("triominos-junior", 2, {}),
]


@dataclass
class Game:
    """A finished game: how to replay it and what it ended with."""

    game: str
    players: int | None
    options: dict[str, Any]
    seed: str | None
    moves: list[dict[str, Any]]  # {"player"?, "move"} entries as REST takes them
    scores: list[int]
    winners: list[int]
    states: list[Any] = field(repr=False, default_factory=list)  # the state before each move

    def body(self, **extra: Any) -> dict[str, Any]:
        """A verify body (the replay fields and ``extra``)."""
        out: dict[str, Any] = {"moves": self.moves}
        if self.players is not None:
            out["players"] = self.players
        if self.options:
            out["options"] = self.options
        if self.seed is not None:
            out["seed"] = self.seed
        return {**out, **extra}

    def claimed(self) -> dict[str, Any]:
        return {"scores": self.scores, "winners": self.winners}


def finished_game(
    game: str, players: int | None, options: dict[str, Any], seed: str | None, rng_seed: int
) -> Game:
    """A game played to its end by random moves; ``seed`` None: chance given as moves."""
    engine = REGISTRY[game]
    rng = random.Random(f"{game}/{players}/{options}/{seed}/{rng_seed}")
    state = driver.start(engine, players, options, seed).state
    simultaneous = engine.descriptor.simultaneous
    moves: list[dict[str, Any]] = []
    states = []
    while not engine.status(state).finished:
        assert len(moves) < 4000, "a random game that does not end"
        states.append(state)
        if engine.is_chance(state):  # only without a seed
            outcomes = [m for m, _ in engine.chance_outcomes(state)]
            move, player = rng.choice(outcomes), None
        else:
            player = rng.choice(engine.to_move(state))
            move = rng.choice(engine.legal_moves(state, player))
        notation = engine.notation(move)
        who = player if simultaneous else None
        moves.append({"move": notation} if who is None else {"player": who, "move": notation})
        state = driver.play_one(
            engine, state, MoveRequest(notation, player), auto_chance=seed is not None
        ).state
    status = engine.status(state)
    return Game(
        game,
        players,
        options,
        seed,
        moves,
        list(engine.scores(state).values),
        list(status.winners),
        states,
    )


def illegal_move(g: Game, ply: int) -> dict[str, Any]:
    """A move of this game's own record that is not legal at ``ply`` (same player)."""
    engine = REGISTRY[g.game]
    state = g.states[ply]
    legal = {
        engine.notation(m)
        for m in (
            [m for m, _ in engine.chance_outcomes(state)]
            if engine.is_chance(state)
            else engine.legal_moves(state, g.moves[ply].get("player"))
        )
    }
    for entry in g.moves:
        if entry["move"] not in legal:
            return {**g.moves[ply], "move": entry["move"]}
    raise AssertionError("every move of the record is legal there")


def games(count: int = 2) -> list[Game]:
    """``count`` seeded and ``count`` unseeded finished games of every configuration (each
    played once per test process: five modules ask for them; treat them as read-only)."""
    return [
        _played(config, seed, i)
        for config in range(len(CONFIGS))
        for i in range(count)
        for seed in (f"s{i}", None)
    ]


@functools.cache
def _played(config: int, seed: str | None, i: int) -> Game:
    game, players, options = CONFIGS[config]
    return finished_game(game, players, options, seed, i)
