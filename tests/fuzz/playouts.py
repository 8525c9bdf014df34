"""Seeded games played in the test process with the engines themselves: the expected answers
the fuzz and soak tests hold the service to (the service without RULES_SECRET samples chance
exactly as ``driver`` does here, so its states must equal these, byte for byte)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from service.games import REGISTRY
from service.games.core import MoveRequest, driver

GAMES = sorted(REGISTRY)


@dataclass(frozen=True)
class Step:
    """One move of a playout: the state it was played in, who played it and how it reads."""

    state: Any
    player: int
    notation: str
    document: dict[str, Any]


@dataclass(frozen=True)
class Playout:
    """A seeded game: its start, its moves and every state after one (``states[0]``: start)."""

    game: str
    seed: str
    players: int | None
    steps: tuple[Step, ...]
    states: tuple[Any, ...]

    @property
    def engine(self) -> Any:
        return REGISTRY[self.game]

    def doc(self, i: int) -> dict[str, Any]:
        """The state document after ``i`` moves."""
        return dict(self.engine.encode(self.states[i]))

    def moves(self, n: int | None = None) -> list[dict[str, Any]]:
        """The first ``n`` moves as REST/GraphQL move entries, by notation."""
        return [{"player": s.player, "move": s.notation} for s in self.steps[:n]]

    def documents(self, n: int | None = None) -> list[dict[str, Any]]:
        """The first ``n`` moves as move entries carrying the move document."""
        return [{"player": s.player, "move": s.document} for s in self.steps[:n]]


def playout(game: str, seed: str, plies: int, players: int | None = None) -> Playout:
    """A seeded game of at most ``plies`` moves, each picked at random (by ``seed``) among the
    legal moves of one of the players to move; chance is sampled as the service samples it."""
    engine = REGISTRY[game]
    rng = random.Random(f"{game}/{seed}/{players}")
    state = driver.start(engine, players, None, seed).state
    steps: list[Step] = []
    states = [state]
    while len(steps) < plies and not engine.status(state).finished:
        player = rng.choice(engine.to_move(state))
        move = rng.choice(engine.legal_moves(state, player))
        step = Step(state, player, engine.notation(move), engine.move_document(state, move))
        request = MoveRequest(step.notation, player)
        state = driver.play(engine, state, [request], auto_chance=True).state
        steps.append(step)
        states.append(state)
    return Playout(game, seed, players, tuple(steps), tuple(states))


def legal_notations(game: str, state: Any, player: int | None) -> list[str]:
    """What legal-moves must list for ``player`` (the outcomes at a chance node, none for a
    named player there)."""
    engine = REGISTRY[game]
    if engine.is_chance(state) and player is not None:
        return []
    if engine.is_chance(state):
        return [engine.notation(m) for m, _ in engine.chance_outcomes(state)]
    return [engine.notation(m) for m in engine.legal_moves(state, player)]


def sample_states(game: str, count: int = 12) -> list[dict[str, Any]]:
    """State documents along a few seeded games (openings, middles) for fuzzing."""
    docs: list[dict[str, Any]] = []
    for seed in ("a", "b", "c"):
        p = playout(game, f"samples-{seed}", 24)
        docs.extend(p.doc(i) for i in range(0, len(p.states), 6))
    return docs[:count]
