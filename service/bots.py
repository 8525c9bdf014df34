"""A reference bot for every game: information-set Monte Carlo tree search (UCT).

One search serves all four games through the engine contract:

- **Tree (UCT).** Each iteration walks down a tree of moves from the position, choosing at
  every decision by UCB1 (C = 1.4) for the player who decides there, adds one node, and
  finishes the game with a playout up to ``ITERATION_PLIES`` plies in all. The result counts
  for every player (1 a win, a share of a tie, 0 a loss; an unfinished playout is judged by
  the scores, squashed to (0, 1)) and is added to each node for the player who moved into it.
  The root move visited most often is suggested (ties: the better mean, then the better
  score right after it). Untried root moves are tried in the order of that score. A move
  that has been seen to win the game at once for its mover is always chosen again, at the
  root and below (a decisive move).
- **Chance** (Tric Trac's dice, Te-Trix's rolls, Triominos draws): an outcome is drawn by its
  probability from the bot's own random generator, never from the state's seed, and has a
  child of its own, so the tree averages over the outcomes it met (MCTS with chance nodes).
- **Hidden information** (Triominos Junior's racks and pool): every iteration first replaces
  what the player cannot see with a sample of what it could be (``Game.determinize``); the
  tree is keyed by moves, so it is one tree over the player's information set (single-
  observer ISMCTS), and a node's moves are weighed by how often they were available. The
  answer depends on the player's view only.
- **Simultaneous placements** (Te-Trix): the named player decides at the root; below it every
  other player to move decides for themselves, in order.
- **Candidates** (``GameSpec.candidates``): a game may leave root moves out of the search that
  a good player never makes: in Mixtour one after which the opponent has gained a point or has
  a reply that scores at once, while some move is neither; in Te-Trix solo stopping while a
  placement keeps the score.
- **Playouts** follow the game's own policy (``GameSpec.playout``, random by default; Mixtour
  always takes a move that removes a stack for the mover, so playouts end in points).

Everything is reproducible: the same state, player, seed and budget give the same move. The
budget is counted in iterations, each at most ``ITERATION_PLIES`` plies, so a caller can bound
the work exactly. ``LEVELS`` names three strengths by their budgets. A service request also
bounds the search's CPU time (``out_of_time``, SEARCH_MAX_CPU_MS): on the largest states a
strong search may stop early, and says so (``cpuLimited``); only then does the answer depend
on the machine.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .games.core import Clock, Game, GameRules, Policy
from .limits import ITERATION_PLIES

C = 1.4
# The bots' own version, part of every kept evaluation's cache key: raised whenever a change
# makes the same search answer otherwise (a game's judgement, its playouts), so replicas of two
# releases that share a Redis never answer with each other's evaluations. 2: Tric Trac's and
# Te-Trix's judgements (issue 27); 3: Triominos Junior's; 4: Tric Trac's blots and race;
# 5: Te-Trix's cells no shape can fill; 6: Mixtour's alpha-beta search at strong's budget;
# 7: Tric Trac's blocks, and its throw deeper at strong's budget only; 8: Te-Trix's last
# round judged by its scores at strong's budget.
VERSION = 8
# Strength levels by their budgets; the last is whatever SUGGEST_MAX_BUDGET allows.
LEVELS = {"easy": 10, "medium": 50, "strong": None}
# Levels that slip: a move is chosen by the game's judgement (``GameSpec.judged``) with the
# chance exp(−(worth given up) / (GameSpec.slip × this)), so a weak level makes the mistakes
# a beginner makes, small ones often and large ones seldom, instead of random blunders.
# The weakest level (the first of LEVELS) slips; the others search.
SLIPS = {next(iter(LEVELS)): 1.0}
# Iterations of a search when a request names neither a budget nor a level.
DEFAULT_BUDGET = 100


def describe_levels(strongest: str) -> str:
    """The levels in words, for the API's descriptions (each level and its iterations, and
    which levels slip)."""
    words = [f"{name} {strongest if n is None else n}" for name, n in LEVELS.items()]
    slipping = " and ".join(SLIPS)
    return (
        words[0]
        + " iterations, "
        + ", ".join(words[1:])
        + f"; {slipping} chooses by the game's own judgement with a beginner's slips (a move "
        "that gives up more is chosen less often), not by a search"
    )


def describe_level(name: str) -> str:
    """One level in words (GraphQL's BotLevel values)."""
    n = LEVELS[name]
    words = f"{n} search iterations" if n else "as many as SUGGEST_MAX_BUDGET allows"
    if name in SLIPS:
        return f"the game's judgement with a beginner's slips, looking as far as {words} would"
    return words


Judge = Callable[[Any, int], float]
"""``GameSpec.judge``: a position's worth for a player, in points."""
# Root moves scored between two looks at the clock (a Te-Trix 12 x 12 sheet has ~650).
CLOCK_EVERY = 32


@dataclass(slots=True)
class Node:
    """A move's node: ``mover`` chose it (None: a chance outcome). ``total`` sums the rewards
    of ``mover``; ``available`` counts the visits to the parent where the move was legal;
    ``gain`` is a root move's score right after it (what breaks ties); ``decisive`` says the
    move ended the game with ``mover`` the only winner, so it is always the one to play."""

    move: Any
    mover: int | None
    visits: int = 0
    total: float = 0.0
    available: int = 0
    gain: float = 0.0
    decisive: bool = False
    children: dict[Any, Node] = field(default_factory=dict)

    @property
    def value(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass(slots=True)
class Suggestion:
    move: Any
    iterations: int
    plies: int
    arms: list[Node] = field(default_factory=list)
    # the limit that stopped the search before its budget: "cpu" (the request's CPU
    # allowance) or "time" (the caller's budgetMs); None: every iteration ran
    limited: str | None = None

    @property
    def cpu_limited(self) -> bool:
        return self.limited == "cpu"

    def stats(self, notation: Any) -> dict[str, Any]:
        ranked = _ranked(self.arms)
        return {
            "iterations": self.iterations,
            "plies": self.plies,
            "cpuLimited": self.limited == "cpu",
            "timeLimited": self.limited == "time",
            "moves": len(self.arms),
            "value": round(ranked[0].value, 4) if ranked and ranked[0].visits else None,
            "top": [
                {"notation": notation(a.move), "visits": a.visits, "value": round(a.value, 4)}
                for a in ranked[:5]
            ],
        }


def _ranked(arms: Sequence[Node]) -> list[Node]:
    """Root moves by visits, then mean value, then the score right after them."""
    return sorted(arms, key=lambda a: (-a.visits, -a.value, -a.gain))


def suggest(
    game: Game[Any, Any],
    state: Any,
    player: int,
    seed: str,
    iterations: int,
    max_plies: int,
    out_of_time: Clock | None = None,
    slip: float = 0.0,
) -> Suggestion:
    """The bot's move for ``player`` (who must be to move) within the budget. ``out_of_time``
    is asked before every iteration (and every ``CLOCK_EVERY`` root moves scored): once it
    names a limit, the search stops with what it has (``Suggestion.limited``). ``slip`` (a
    level's, ``SLIPS``) above 0: the move is drawn by the game's judgement instead of
    searched (``slipped``), where the game judges the position's moves."""
    if slip > 0 and game.spec.judged is not None:
        found = slipped(game, state, player, seed, iterations, max_plies, slip)
        if found is not None:
            return found
    return _search(game, state, player, seed, iterations, max_plies, out_of_time, None)


def slipped(
    game: Game[Any, Any],
    state: Any,
    player: int,
    seed: str,
    iterations: int,
    max_plies: int,
    slip: float,
) -> Suggestion | None:
    """A weak level's move: each move the game judges (``GameSpec.judged``, from at most half
    the plies) drawn with weight exp(−(best worth − its worth) / (``GameSpec.slip`` ×
    ``slip``)), by a generator seeded as the search's is; None when the game judges fewer
    than two moves here. Its stats list the judged moves best first, by worth (``gain``)."""
    spec = game.spec
    assert spec.judged is not None
    simultaneous = len(game.rules.to_move(state)) > 1
    legal = game.rules.legal_moves(state, player if simultaneous else None)
    found, looked = spec.judged(state, player, legal, max_plies // 2)
    if len(found) < 2:
        return None
    best = max(worth for _, worth in found)
    scale = spec.slip * slip
    weights = [math.exp((worth - best) / scale) for _, worth in found]
    rng = random.Random(f"{seed}\x00{player}\x00{iterations}\x00slip")
    (move,) = rng.choices([m for m, _ in found], weights)
    arms = [Node(m, player, gain=worth) for m, worth in found]
    return Suggestion(move, 0, looked, arms)


def _search(
    game: Game[Any, Any],
    state: Any,
    player: int,
    seed: str,
    iterations: int,
    max_plies: int,
    out_of_time: Clock | None,
    tally: Tally | None,
) -> Suggestion:
    """``suggest``'s search; with a ``tally`` (evaluate), every iteration's returns are added
    to it, and a single candidate is searched too (its value is what evaluate wants)."""
    rules = game.rules  # the search calls the rules alone
    simultaneous = len(rules.to_move(state)) > 1
    moves = list(rules.legal_moves(state, player if simultaneous else None))
    root = Node(None, None)
    arms = [Node(m, player) for m in moves]
    root.children = {a.move: a for a in arms}
    if len(arms) == 1 and tally is None:
        return Suggestion(moves[0], 0, 0, arms)
    rng = random.Random(f"{seed}\x00{player}\x00{iterations}")
    plies = 0
    stopped: str | None = None
    worth = game.spec.candidates
    if worth is not None:
        # the game's own knowledge of moves never worth making (Mixtour: handing the opponent
        # a point), from at most half the plies, each position looked at counted as one; a
        # long look (Mixtour's search at strong) stops at the clock's limits
        said: list[str] = []

        def clock() -> str | None:
            assert out_of_time is not None
            limit = out_of_time()
            if limit:
                said.append(limit)
            return limit

        looks, timed = max_plies // 2, None if out_of_time is None else clock
        kept, looked = worth(state, player, moves, looks, timed)
        plies += looked
        stopped = said[0] if said else None
        if len(kept) < len(arms):
            arms = [root.children[m] for m in kept]
            root.children = {a.move: a for a in arms}
        if len(arms) == 1 and tally is None:
            return Suggestion(arms[0].move, 0, plies, arms, stopped)
    # Untried root moves are tried best first by the score they make at once (the real
    # scoring, in a world the player cannot tell from this one), when that costs at most half
    # the plies; otherwise in a seeded random order.
    untried = list(arms)
    rng.shuffle(untried)
    if not stopped and len(arms) <= max_plies // 2:
        world = rules.determinize(state, player, rng)
        named = player if simultaneous else None
        for i, a in enumerate(arms):
            if out_of_time is not None and i % CLOCK_EVERY == 0:
                stopped = out_of_time()
                if stopped:
                    break
            a.gain = float(rules.totals(rules.successor(world, a.move, named))[player])
        untried.sort(key=lambda a: a.gain)  # stable: ties stay shuffled; the best last
        plies += len(arms)
    search = _Search.of(game, player, rng)
    done = 0
    while not stopped and done < iterations and plies < max_plies:
        if out_of_time is not None:
            stopped = out_of_time()
            if stopped:
                break
        world = rules.determinize(state, player, rng)
        for arm in arms:
            arm.available += 1
        arm = untried.pop() if untried else _best(arms)
        after = rules.successor(world, arm.move, player if simultaneous else None)
        _mark_decisive(rules, after, arm)
        # Every iteration gets its share of what is left, at most ITERATION_PLIES.
        room = min(ITERATION_PLIES, (max_plies - plies) // (iterations - done))
        plies += 1 + search.iterate(after, [root, arm], min(room, search.reach) - 1)
        if tally is not None:
            tally.add(search.rewards, search.scores)
        done += 1
    best = max(arms, key=lambda a: (a.decisive, a.visits, a.value, a.gain))
    return Suggestion(best.move, done, plies, arms, stopped)


@dataclass(slots=True)
class _Search:
    game: GameRules[Any, Any]  # the rules alone: the hot loop skips the Game's forwarding
    player: int
    rng: random.Random
    playout_move: Policy
    judge: Judge | None = None  # the game's judgement of a playout stopped before the end
    reach: int = ITERATION_PLIES  # the plies an iteration plays at most
    rewards: list[float] = field(default_factory=list)  # the last iteration's, per player
    scores: list[float] = field(default_factory=list)  # its totals where the playout ended

    @classmethod
    def of(cls, game: Game[Any, Any], player: int, rng: random.Random) -> _Search:
        spec = game.spec
        reach = min(spec.playout_plies or ITERATION_PLIES, ITERATION_PLIES)
        return cls(game.rules, player, rng, spec.playout, spec.judge, reach)

    def iterate(self, state: Any, path: list[Node], room: int) -> int:
        """One walk down from ``path[-1]`` (already entered with ``state``), one new node, a
        playout, and the rewards back up the path; the plies played."""
        game, rng = self.game, self.rng
        node = path[-1]
        used = 0
        in_tree = True  # until the walk adds its node; then the playout
        while used < room and not game.status(state).finished:
            used += 1
            if game.is_chance(state):
                outcome = _draw(game, state, rng)
                if in_tree:
                    child = node.children.get(outcome)
                    if child is None:
                        child = node.children[outcome] = Node(outcome, None)
                    path.append(child)
                    node = child
                state = game.successor(state, outcome)
                continue
            mover, named = self._mover(state)
            moves = game.legal_moves(state, named)
            if not in_tree:
                state = game.successor(state, self.playout_move(state, moves, mover, rng), named)
                continue
            untried = []
            tried = []
            for m in moves:
                known = node.children.get(m)
                if known is None:
                    untried.append(m)
                else:
                    known.available += 1
                    tried.append(known)
            decisive = next((c for c in tried if c.decisive), None)
            if decisive is not None:
                child = decisive
            elif untried:  # the playout policy picks which (Mixtour: a scoring move first)
                move = self.playout_move(state, untried, mover, rng)
                child = node.children[move] = Node(move, mover, available=1)
                in_tree = False
            else:
                child = _best(tried)
            path.append(child)
            node = child
            state = game.successor(state, child.move, named)
            _mark_decisive(game, state, child)
        scores = [float(t) for t in game.totals(state)]
        rewards = [_reward(game, state, p, self.judge) for p in range(len(scores))]
        self.rewards, self.scores = rewards, scores
        for step in path:
            step.visits += 1
            if step.mover is not None:
                step.total += rewards[step.mover]
        return used

    def _mover(self, state: Any) -> tuple[int, int | None]:
        """Who decides here, and the player to name to the engine (simultaneous moves)."""
        movers = self.game.to_move(state)
        if len(movers) == 1:
            return movers[0], None
        mover = self.player if self.player in movers else movers[0]
        return mover, mover


def _mark_decisive(game: GameRules[Any, Any], state: Any, child: Node) -> None:
    """A move after which the game is over with its mover the only winner, among two or more
    players (a solo game's end is judged by its score: stopping is no win)."""
    status = game.status(state)
    if (
        status.finished
        and child.mover is not None
        and status.winners == (child.mover,)
        and len(game.totals(state)) > 1
    ):
        child.decisive = True


def _best(children: Sequence[Node]) -> Node:
    """UCB1, each move weighed by how often it was available (ISMCTS; in a perfect-information
    game that is its parent's visits)."""
    for child in children:
        if not child.visits:
            return child

    def ucb(child: Node) -> float:
        return child.value + C * math.sqrt(math.log(child.available) / child.visits)

    return max(children, key=ucb)


def _draw(game: GameRules[Any, Any], state: Any, rng: random.Random) -> Any:
    outcomes = game.chance_outcomes(state)
    return rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0]


def _reward(
    game: GameRules[Any, Any], state: Any, player: int, judge: Judge | None = None
) -> float:
    """A playout's end for ``player``, 0 to 1: a finished game's result; an unfinished one by
    the game's ``judge`` (in points) or else the score difference, squashed; solo by the
    score (or the judged worth), the higher the better."""
    scores = [float(s) for s in game.totals(state)]
    status = game.status(state)
    if len(scores) == 1:  # solo: the higher the score, the better
        worth = scores[0] if judge is None or status.finished else judge(state, player)
        return 1.0 - 1.0 / (1.0 + max(worth, 0.0) / 10.0)
    if status.finished:
        return 1.0 / len(status.winners) if player in status.winners else 0.0
    if judge is not None:
        return 0.5 + 0.5 * math.tanh(judge(state, player) / 5.0)
    mine = scores[player]
    best_other = max(s for i, s in enumerate(scores) if i != player)
    return 0.5 + 0.5 * math.tanh((mine - best_other) / 5.0)


# -- evaluate: a position's value for every player -----------------------------------------
Z = 1.96  # a 95% interval


@dataclass(slots=True)
class Tally:
    """Every player's returns over the playouts through a node: the sum of their rewards (0
    to 1) and of their scores where the playouts ended."""

    playouts: int
    reward: list[float]
    score: list[float]

    @classmethod
    def of(cls, players: int) -> Tally:
        return cls(0, [0.0] * players, [0.0] * players)

    def add(self, rewards: Sequence[float], scores: Sequence[float]) -> None:
        self.playouts += 1
        for p, r in enumerate(rewards):
            self.reward[p] += r
            self.score[p] += scores[p]


@dataclass(slots=True)
class Evaluation:
    """A position's value for every player: each one's mean reward (a win 1, a share of a tie,
    a loss 0; an unfinished playout judged by the scores) with a 95% interval, and their mean
    score where the playouts ended; ``best``: the move found best for the evaluating player,
    when they are to move."""

    values: list[dict[str, Any]]
    best: Any
    iterations: int
    plies: int
    playouts: int
    limited: str | None = None
    # the root moves searched, most visited first: (move, visits, mean value for the player)
    top: list[tuple[Any, int, float]] = field(default_factory=list)

    def answer(self) -> dict[str, Any]:
        return {
            "values": self.values,
            "stats": {
                "iterations": self.iterations,
                "plies": self.plies,
                "cpuLimited": self.limited == "cpu",
                "timeLimited": self.limited == "time",
                "playouts": self.playouts,
            },
        }


def evaluate(
    game: Game[Any, Any],
    state: Any,
    player: int,
    seed: str,
    iterations: int,
    max_plies: int,
    out_of_time: Clock | None = None,
) -> Evaluation:
    """The value of ``state`` for every player, searched from ``player``'s information (the
    only one that matters in Triominos Junior: the rest is sampled, never read): the mean
    return of every playout of the search, so what the position is worth played on by the
    search itself (which explores: a little below best play, more so at small budgets).

    - A finished game: its result, exactly (no search).
    - ``player`` to move: ``suggest``'s search, the same one (same seed and budget: ``best`` is
      the move suggest answers).
    - Otherwise (a chance node, or another player to move): every iteration walks from the
      position itself, in a world sampled from ``player``'s view (single-observer ISMCTS)."""
    rules = game.rules
    count = rules.player_count(state)
    if rules.status(state).finished:
        scores = [float(t) for t in rules.totals(state)]
        exact = [_reward(rules, state, p) for p in range(count)]
        return Evaluation(_values(exact, exact, exact, scores), None, 0, 0, 0)
    whole = Tally.of(count)
    if not rules.is_chance(state) and player in rules.to_move(state):
        found = _search(game, state, player, seed, iterations, max_plies, out_of_time, whole)
        evaluation = _evaluation(rules, state, whole, found.move, found)
        evaluation.top = [(a.move, a.visits, round(a.value, 4)) for a in _ranked(found.arms)]
        return evaluation
    rng = random.Random(f"{seed}\x00{player}\x00{iterations}\x00evaluate")
    search = _Search.of(game, player, rng)
    root = Node(None, None)
    plies = done = 0
    stopped: str | None = None
    while done < iterations and plies < max_plies:
        if out_of_time is not None:
            stopped = out_of_time()
            if stopped:
                break
        world = rules.determinize(state, player, rng)
        room = min(ITERATION_PLIES, (max_plies - plies) // (iterations - done))
        plies += search.iterate(world, [root], min(room, search.reach))
        whole.add(search.rewards, search.scores)
        done += 1
    return _evaluation(rules, state, whole, None, Suggestion(None, done, plies, limited=stopped))


def _evaluation(
    rules: GameRules[Any, Any],
    state: Any,
    tally: Tally,
    best: Any,
    found: Suggestion,
) -> Evaluation:
    """The values a tally says; with no playout, the position's own judgement (the scores
    now) with nothing known: an interval of 0 to 1."""
    n = tally.playouts
    count = len(tally.reward)
    if n == 0:
        now = [_reward(rules, state, p) for p in range(count)]
        scores = [float(t) for t in rules.totals(state)]
        values = _values(now, [0.0] * count, [1.0] * count, scores)
    else:
        means = [r / n for r in tally.reward]
        intervals = [_wilson(m, n) for m in means]
        values = _values(
            means,
            [low for low, _ in intervals],
            [high for _, high in intervals],
            [s / n for s in tally.score],
        )
    return Evaluation(values, best, found.iterations, found.plies, n, found.limited)


def _values(
    value: Sequence[float], low: Sequence[float], high: Sequence[float], score: Sequence[float]
) -> list[dict[str, Any]]:
    return [
        {
            "player": p,
            "value": round(value[p], 4),
            "low": round(low[p], 4),
            "high": round(high[p], 4),
            "score": round(score[p], 2),
        }
        for p in range(len(value))
    ]


def _wilson(mean: float, n: int) -> tuple[float, float]:
    """Wilson's 95% interval for a mean of ``n`` returns between 0 and 1 (their variance is at
    most mean × (1 - mean), so the interval is as wide as a win rate's, or wider than needed)."""
    centre = (mean + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(mean * (1 - mean) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return max(0.0, centre - half), min(1.0, centre + half)
