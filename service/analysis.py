"""A review of a game: every decision judged, every chance event's luck (issue 27, point 5).

A game's record is replayed position by position; each position is valued for every player by
the reference bot's evaluation (``bots.evaluate``: the mean return of a Monte Carlo search,
0 a loss to 1 a win). From those values:

- **A decision** (a player's move) at position P, by player m, leading to position A (the
  position right after the move, before any chance it brings): ``before`` is P's value for m,
  ``after`` A's value for m, ``best`` the moves the search at P found best (with their mean
  values). ``givenUp`` is what the move cost m: 0 when it is the move the search would have
  played, else ``before - after`` when that is positive. A mark names how much, by the game's
  thresholds (``GameSpec.marks``: inaccuracy, mistake, blunder).
- **A chance event** (a throw, a roll, a deal, a draw) leading from A to B: its ``luck`` for
  every player is B's value minus A's.
- **Per player**: ``start`` (the first position's value), ``result`` (the last position's: the
  exact result of a finished game), ``luck`` (the sum of every chance event's luck), ``skill``
  (the rest: ``result - start - luck``, what the decisions of every player did for them) and
  ``luckAdjusted`` = ``result - luck``. So ``result = start + skill + luck`` exactly.

**Hidden information** (Triominos Junior): a decision is judged only by what its player could
know: P and A are valued from m's view (what m cannot see is sampled, never read); a chance
event's luck is seen from the view of the player who acted before it, on both sides. So two
records that differ only in tiles m could not see give m's decisions the same judgements. In
a game without hidden information a position is valued once and serves both as the after of
one decision and the before of the next.

Everything is reproducible: the same record, seed and iterations give the same review.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import bots
from .games.core import Clock, Game, RulesError, driver
from .limits import ITERATION_PLIES

# Iterations of each position's search when a request names none: about 5 s of CPU for a
# 75-move Tric Trac game (two positions a move), less for the others (./dev bench analyze).
DEFAULT_BUDGET = 10
# How many root moves a judgement lists as the best found.
ALTERNATIVES = 3
MARK_NAMES = ("inaccuracy", "mistake", "blunder")


class BadMove(Exception):
    """A move of the record the rules refuse, at ``ply`` (0-based)."""

    def __init__(self, ply: int, error: RulesError) -> None:
        super().__init__(str(error))
        self.ply, self.error = ply, error


@dataclass(slots=True)
class Review:
    """What ``analyze`` found: one entry per ply (decisions and chance events, in order),
    one summary per player, and what the searches spent."""

    plies: list[dict[str, Any]]
    players: list[dict[str, Any]]
    iterations: int = 0
    searched: int = 0  # positions searched
    limited: str | None = None

    def answer(self) -> dict[str, Any]:
        return {
            "plies": self.plies,
            "players": self.players,
            "stats": {
                "iterations": self.iterations,
                "positions": self.searched,
                "cpuLimited": self.limited == "cpu",
            },
        }


@dataclass(slots=True)
class _Valuer:
    """Values positions for every player, each (position, viewer) once."""

    game: Game[Any, Any]
    seed: str
    iterations: int
    clock: Clock | None
    review: Review
    cache: dict[tuple[int, int], bots.Evaluation] = field(default_factory=dict)

    def value(self, index: int, state: Any, wanted: int) -> bots.Evaluation:
        """The ``index``-th position's values, from ``wanted``'s view where views differ
        (hidden information; several players to move, each deciding for themselves), else
        from the position's own mover's (so one search serves both of its judgements)."""
        movers = self.game.to_move(state)
        if self.game.descriptor.hidden_information or len(movers) > 1:
            viewer = wanted
        else:
            viewer = _viewer(self.game, state, None)
        key = (index, viewer)
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = self._evaluate(index, state, viewer)
        return found

    def _evaluate(self, index: int, state: Any, viewer: int) -> bots.Evaluation:
        clock = self.clock
        if self.review.limited is not None:
            iterations = 0  # out of time: the position's own judgement, nothing known

            def clock() -> str | None:
                return self.review.limited

        else:
            iterations = self.iterations
        found = bots.evaluate(
            self.game,
            state,
            viewer,
            f"{self.seed}\x00{index}",
            max(iterations, 1),
            max(iterations, 1) * ITERATION_PLIES,
            clock,
        )
        if found.limited is not None:
            self.review.limited = found.limited
        self.review.iterations += found.iterations
        self.review.searched += 1
        return found


def analyze(
    game: Game[Any, Any],
    start: Any,
    moves: Sequence[driver.MoveRequest],
    seed: str,
    iterations: int,
    secret: driver.Dice = b"",
    clock: Clock | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """The review of the game from ``start`` (as ``driver.start`` made it) through ``moves``
    (a record's: the players' moves, and with no seed the chance outcomes too), each position
    searched with ``iterations``. Raises ``BadMove`` (its ply and the rules' error) for a move
    that is not legal. ``progress(done, total)`` is called
    after every ply."""
    review = Review([], [])
    valuer = _Valuer(game, seed, iterations, clock, review)
    marks = game.spec.marks
    count = game.player_count(start)
    state = start
    index = 0  # positions met, in order (each valued at most once per viewer)
    viewer = _viewer(game, state, None)
    first = valuer.value(index, state, viewer)
    luck = [0.0] * count
    for ply, request in enumerate(moves):
        try:
            move = game.parse_move(request.move)
            played = driver.replay_one(game, state, request, auto_chance=False)
        except RulesError as exc:
            raise BadMove(ply, exc) from exc
        if game.is_chance(state):  # a chance outcome of the record (no seed)
            # luck is seen from one view on both sides: the player's who acted before it
            before = valuer.value(index, state, viewer)
            index += 1
            after = valuer.value(index, played, viewer)
            review.plies.append(_chance(ply, game.notation(move), before, after, luck))
            state = played
        else:
            mover = _viewer(game, state, request.player)
            before = valuer.value(index, state, mover)
            index += 1
            after = valuer.value(index, played, mover)
            review.plies.append(_decision(ply, mover, game, state, move, before, after, marks))
            state = played
            viewer = mover
            while state.seed is not None and game.is_chance(state):  # sampled by the service
                outcome = driver.sample(game, state, secret)
                pending = valuer.value(index, state, viewer)
                state = game.successor(state, outcome)
                index += 1
                landed = valuer.value(index, state, viewer)
                notation = game.notation(outcome)
                review.plies.append(_chance(ply, notation, pending, landed, luck, True))
        if progress is not None:
            progress(ply + 1, len(moves))
    last = valuer.value(index, state, _viewer(game, state, viewer))
    review.players = _summaries(review.plies, first, last, luck)
    return review


def _viewer(game: Game[Any, Any], state: Any, named: int | None) -> int:
    """Whose view a position is valued from: the named player, else the first to move, else
    (a chance node or the end) the player of the position before (0 at the start)."""
    if named is not None:
        return named
    movers = game.to_move(state)
    if movers and not game.is_chance(state) and not game.status(state).finished:
        return int(movers[0])
    return 0


def _decision(
    ply: int,
    mover: int,
    game: Game[Any, Any],
    state: Any,
    move: Any,
    before: bots.Evaluation,
    after: bots.Evaluation,
    marks: tuple[float, float, float],
) -> dict[str, Any]:
    was = before.values[mover]["value"]
    now = after.values[mover]["value"]
    chosen = before.best is not None and game.notation(before.best) == game.notation(move)
    given_up = 0.0 if chosen else round(max(0.0, was - now), 4)
    mark = None
    for name, threshold in zip(MARK_NAMES, marks, strict=True):
        if given_up >= threshold:
            mark = name
    return {
        "ply": ply,
        "kind": "decision",
        "player": mover,
        "notation": game.notation(move),
        "before": was,
        "after": now,
        "givenUp": given_up,
        "mark": mark,
        "best": [
            {"notation": game.notation(m), "visits": visits, "value": value}
            for m, visits, value in before.top[:ALTERNATIVES]
        ],
    }


def _chance(
    ply: int,
    notation: str,
    before: bots.Evaluation,
    after: bots.Evaluation,
    luck: list[float],
    sampled: bool = False,
) -> dict[str, Any]:
    change = [
        round(a["value"] - b["value"], 4) for a, b in zip(after.values, before.values, strict=True)
    ]
    for p, c in enumerate(change):
        luck[p] += c
    return {
        "ply": ply,
        "kind": "chance",
        "notation": notation,
        "sampled": sampled,
        "luck": change,
    }


def _summaries(
    plies: list[dict[str, Any]],
    first: bots.Evaluation,
    last: bots.Evaluation,
    luck: list[float],
) -> list[dict[str, Any]]:
    out = []
    for p, (start, end) in enumerate(zip(first.values, last.values, strict=True)):
        mine = [d for d in plies if d["kind"] == "decision" and d["player"] == p]
        lucky = round(luck[p], 4)
        out.append(
            {
                "player": p,
                "start": start["value"],
                "result": end["value"],
                "luck": lucky,
                "skill": round(end["value"] - start["value"] - lucky, 4),
                "luckAdjusted": round(end["value"] - lucky, 4),
                "decisions": len(mine),
                "givenUp": round(sum(d["givenUp"] for d in mine), 4),
                "marks": {name: sum(d["mark"] == name for d in mine) for name in MARK_NAMES},
            }
        )
    return out
