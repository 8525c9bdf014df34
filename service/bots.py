"""A reference bot for every game: Monte Carlo search with UCB1 at the root.

Each iteration picks a root move by UCB1 (C = 1.4), plays it, then finishes the game with
random moves for every player (chance outcomes drawn by their probabilities from the bot's own
random generator, never from the state's seed) up to ``PLAYOUT_PLIES``. The result counts for
the deciding player: 1 for a win, a share for a tie, 0 for a loss. An unfinished playout is
judged by the scores, squashed to (0, 1). The move played most often is suggested.

Hidden information (Triominos Junior's racks and pool) is never read. Each iteration first
replaces what the player cannot see with a sample from what they could not see
(``Game.determinize``), so the answer depends on the player's view only. Simultaneous
placements (Te-Trix) are decided for the named player; in playouts the others move at random.

Everything is reproducible: the same state, player, seed and budget give the same move. The
budget is counted in iterations and in plies played, so a caller can bound the work exactly.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .games.core import Game

C = 1.4
PLAYOUT_PLIES = 60  # then the position is judged by its scores
# The most plies one iteration plays (its root move and the playout): what a search of n
# iterations may cost, reserved from the request's work budget before it starts.
ITERATION_PLIES = PLAYOUT_PLIES + 1


@dataclass(slots=True)
class Arm:
    move: Any
    visits: int = 0
    total: float = 0.0

    @property
    def value(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass(slots=True)
class Suggestion:
    move: Any
    iterations: int
    plies: int
    arms: list[Arm] = field(default_factory=list)

    def stats(self, notation: Any) -> dict[str, Any]:
        ranked = sorted(self.arms, key=lambda a: (-a.visits, -a.value))
        return {
            "iterations": self.iterations,
            "plies": self.plies,
            "moves": len(self.arms),
            "value": round(ranked[0].value, 4) if ranked and ranked[0].visits else None,
            "top": [
                {"notation": notation(a.move), "visits": a.visits, "value": round(a.value, 4)}
                for a in ranked[:5]
            ],
        }


def suggest(
    game: Game[Any, Any],
    state: Any,
    player: int,
    seed: str,
    iterations: int,
    max_plies: int,
) -> Suggestion:
    """The bot's move for ``player`` (who must be to move) within the budget."""
    simultaneous = len(game.to_move(state)) > 1
    moves = list(game.legal_moves(state, player if simultaneous else None))
    arms = [Arm(m) for m in moves]
    if len(arms) == 1:
        return Suggestion(moves[0], 0, 0, arms)
    rng = random.Random(f"{seed}\x00{player}\x00{iterations}")
    plies = 0
    done = 0
    while done < iterations and plies < max_plies:  # the root move is a ply, then the playout
        world = game.determinize(state, player, rng)
        arm = _choose(arms, done + 1)
        after = game.successor(world, arm.move, player if simultaneous else None)
        room = min(PLAYOUT_PLIES, max_plies - plies - 1)
        reward, used = _playout(game, after, player, rng, room)
        arm.visits += 1
        arm.total += reward
        plies += used + 1
        done += 1
    best = max(arms, key=lambda a: (a.visits, a.value))
    return Suggestion(best.move, done, plies, arms)


def _choose(arms: Sequence[Arm], total: int) -> Arm:
    for arm in arms:  # every move once first, in the engine's order
        if not arm.visits:
            return arm
    log = math.log(total)
    return max(arms, key=lambda a: a.value + C * math.sqrt(log / a.visits))


def _playout(
    game: Game[Any, Any], state: Any, player: int, rng: random.Random, limit: int
) -> tuple[float, int]:
    """The reward for ``player`` of a random continuation of at most ``limit`` plies."""
    used = 0
    while used < limit and not game.status(state).finished:
        if game.is_chance(state):
            outcomes = game.chance_outcomes(state)
            move = rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0]
            state = game.successor(state, move)
        else:
            movers = game.to_move(state)
            mover = movers[0] if len(movers) == 1 else rng.choice(movers)
            named = mover if len(movers) > 1 else None
            state = game.successor(state, rng.choice(game.legal_moves(state, named)), named)
        used += 1
    return _reward(game, state, player), used


def _reward(game: Game[Any, Any], state: Any, player: int) -> float:
    scores = [float(s) for s in game.scores(state).values]
    if len(scores) == 1:  # solo: the higher the score, the better
        return 1.0 - 1.0 / (1.0 + max(scores[0], 0.0) / 10.0)
    status = game.status(state)
    if status.finished:
        return 1.0 / len(status.winners) if player in status.winners else 0.0
    mine = scores[player]
    best_other = max(s for i, s in enumerate(scores) if i != player)
    return 0.5 + 0.5 * math.tanh((mine - best_other) / 5.0)
