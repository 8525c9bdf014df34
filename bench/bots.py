"""Bot strength (issue "Engines fast enough for bots"): ``./dev bench bots``.

Every game, two players: the reference bot (``service/bots.py``) against a random player and
against itself at a quarter of the budget, over seeded games, seats alternating, win rate (a
tie counts as a share) with a 95% Wilson interval. Te-Trix solo: the average final score of
the bot, of greedy placement (the move with the best score right after it) and of random play
over the same seeded dice. Chance is sampled by the seed, as the service does. Then every
level of every game against greedy play, the game's good heuristic player (``careful``,
``pip_and_hit``, ``keeping``, ``arranging_greedy``, all written from the rules alone) and
random play (``calibration``, issue 27).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from service.bots import LEVELS, SLIPS, suggest
from service.games import REGISTRY
from service.games.core import driver
from service.games.triominos_junior.layout import can_play
from service.games.triominos_junior.moves import Place, Swap
from service.games.triominos_junior.tiles import JOKER, value
from service.limits import ITERATION_PLIES
from service.settings import Settings

Policy = Callable[[Any, Any, int, random.Random], Any]


def bot(budget: int, slip: float = 0.0) -> Policy:
    """The bot at ``budget`` iterations with the plies the service reserves for them, and a
    level's slips (``SLIPS``)."""

    def choose(engine: Any, state: Any, player: int, rng: random.Random) -> Any:
        plies = budget * ITERATION_PLIES
        seed = str(rng.random())
        return suggest(engine, state, player, seed, budget, plies, None, slip).move

    return choose


def random_policy(engine: Any, state: Any, player: int, rng: random.Random) -> Any:
    movers = engine.to_move(state)
    return rng.choice(engine.legal_moves(state, player if len(movers) > 1 else None))


def greedy(engine: Any, state: Any, player: int, rng: random.Random) -> Any:
    movers = engine.to_move(state)
    named = player if len(movers) > 1 else None
    moves = engine.legal_moves(state, named)

    def after(move: Any) -> tuple[float, float]:
        return engine.scores(engine.successor(state, move, named)).values[player], rng.random()

    return max(moves, key=after)


def arranging_greedy(engine: Any, state: Any, player: int, rng: random.Random) -> Any:
    """Greedy placement that looks through its own arrangement (Te-Trix, TX-5): a move after
    which the same player decides again, with no chance between (the roller arranges the
    shape, then places it), is worth the best score its follow-up makes; any other move the
    score right after it. The "greedy placement" of a good player: about 0.4 s a decision."""
    movers = engine.to_move(state)
    named = player if len(movers) > 1 else None

    def score(after: Any) -> float:
        return float(engine.scores(after).values[player])

    def value(move: Any) -> tuple[float, float]:
        after = engine.successor(state, move, named)
        follow = not engine.status(after).finished and not engine.is_chance(after)
        if follow and engine.to_move(after) == (player,):
            best = max(score(engine.successor(after, m)) for m in engine.legal_moves(after))
            return best, rng.random()
        return score(after), rng.random()

    return max(engine.legal_moves(state, named), key=value)


def careful(engine: Any, state: Any, player: int, rng: random.Random) -> Any:
    """A good heuristic player of a two-player game, written from the rules alone: the move
    that scores most at once among those after which the opponent gained nothing and has no
    reply that scores; when every move hands over a point, the one that scores most. Ties
    at random. (Mixtour: greedy scoring that never hands the opponent an immediate point.)"""
    moves = engine.legal_moves(state)
    other = 1 - player
    now = engine.totals(state)

    def value(move: Any) -> tuple[int, float, float]:
        after = engine.successor(state, move)
        gained = float(engine.totals(after)[player] - now[player])
        if engine.status(after).finished:
            return 1, gained, rng.random()
        kept = engine.totals(after)[other]
        handed = kept > now[other] or any(
            engine.totals(engine.successor(after, r))[other] > kept
            for r in engine.legal_moves(after)
        )
        return 0 if handed else 1, gained, rng.random()

    return max(moves, key=value)


def pip_and_hit(engine: Any, state: Any, player: int, rng: random.Random) -> Any:
    """A good Tric Trac player written from the rules alone (TT-9 … TT-14), independent of the
    bot's judgement: the turn that scores most at once (hits and stones borne off), then the
    one that leaves fewest own lone stones within six points of an enemy stone ahead of them
    (a direct shot), then the one with the lowest own pip count; ties at random. It ranks,
    where the bot weighs."""
    now = engine.totals(state)[player]

    def value(move: Any) -> tuple[float, int, int, float]:
        after = engine.successor(state, move)
        if engine.status(after).finished:
            return float("inf"), 0, 0, rng.random()
        board = after.board if player == 0 else tuple(-v for v in reversed(after.board))
        blots = sum(
            1
            for i in range(1, 23)
            if board[i] == 1 and any(board[j] < 0 for j in range(i + 1, min(i + 7, 24)))
        )
        pips = sum(v * (24 - i) for i, v in enumerate(board) if v > 0)
        return float(engine.totals(after)[player] - now), -blots, -pips, rng.random()

    return max(engine.legal_moves(state), key=value)


def keeping(engine: Any, state: Any, player: int, rng: random.Random) -> Any:
    """A good Triominos Junior player written from the rules alone (TJ-9 … TJ-12), independent
    of the bot's judgement: a placement before a swap before a draw; the placement that earns
    most at once (the highest value at the points level, TJ-10); the joker kept while another
    tile fits; then the placement after which most of its other tiles still fit somewhere;
    ties at random. It reads only its own rack and the layout."""
    legal = engine.legal_moves(state)
    lays = [m for m in legal if isinstance(m, Place | Swap)]
    if not lays:
        return legal[0]

    def rank(move: Any) -> tuple[bool, int, bool, int, float]:
        after = engine.rules.successor(state, move)
        if after.phase == "over":
            return True, 1 << 20, True, 0, rng.random()
        rack = after.racks[player]
        still = sum(1 for t in set(rack) if t != JOKER and can_play(after.board, [t]))
        points = value(move.tile) if state.level == "points" and isinstance(move, Place) else 0
        joker = isinstance(move, Place) and move.tile == JOKER
        return isinstance(move, Place), points, not joker, still, rng.random()

    return max(lays, key=rank)


# Two cautious players of Mixtour can move stacks about for ever (no rule ends a game without
# points, MX-8 ends only passes): a game is cut off after this many plies.
MAX_PLIES = 1_000


def play(game: str, options: dict[str, Any] | None, seats: list[Policy], seed: str) -> Any:
    engine = REGISTRY[game]
    rng = random.Random(seed)
    state = driver.start(engine, len(seats), options, seed).state
    for _ in range(MAX_PLIES):
        if engine.status(state).finished:
            break
        movers = engine.to_move(state)
        player = movers[0] if len(movers) == 1 else rng.choice(movers)
        move = seats[player](engine, state, player, rng)
        request = driver.MoveRequest(engine.notation(move), player)
        state = driver.play(engine, state, [request], auto_chance=True).state
    return engine, state


def _winners(engine: Any, state: Any) -> tuple[int, ...]:
    """A finished game's winners; a game cut off at MAX_PLIES is won by the higher score."""
    status = engine.status(state)
    if status.finished:
        return tuple(status.winners)
    totals = engine.totals(state)
    return tuple(p for p, t in enumerate(totals) if t == max(totals))


def wilson(wins: float, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p, z = wins / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(centre - half, 0.0), min(centre + half, 1.0)  # rounding can cross 0 or 1


def _wins(game: str, games: int, me: Policy, opponent: Policy, seed: str) -> float:
    """``me`` against ``opponent`` over seeded games, seats alternating: games won (a tie
    counts as a share, a draw with no winner, as Mixtour's MX-8, as half)."""
    wins = 0.0
    for i in range(games):
        seat = i % 2
        seats = [opponent, opponent]
        seats[seat] = me
        engine, state = play(game, None, seats, f"{seed}-{i}")
        winners = _winners(engine, state) or (0, 1)
        wins += (1.0 / len(winners)) if seat in winners else 0.0
    return wins


def duel(game: str, games: int, budget: int, other: int | None) -> None:
    """The bot at ``budget`` against a random player (``other`` None) or the bot at ``other``."""
    start = time.perf_counter()
    opponent = random_policy if other is None else bot(other)
    wins = _wins(game, games, bot(budget), opponent, game)
    low, high = wilson(wins, games)
    against = "random" if other is None else f"bot ({other})"
    print(
        f"| {game} | bot ({budget}) vs {against} | {games} | {wins / games:.0%} "
        f"| {low:.0%}–{high:.0%} | {time.perf_counter() - start:.0f} s |"
    )


def levels_against(game: str, games: int, name: str, opponent: Policy) -> None:
    """Every level of the bot against ``opponent``, seats alternating."""
    for level, n in LEVELS.items():
        budget = n or Settings().suggest_max_budget
        start = time.process_time()
        calls = 0
        searcher = bot(budget, SLIPS.get(level, 0.0))

        def counted(
            engine: Any, state: Any, player: int, rng: random.Random, searcher: Policy = searcher
        ) -> Any:
            nonlocal calls
            calls += 1
            return searcher(engine, state, player, rng)

        wins = _wins(game, games, counted, opponent, f"{game}-{name}")
        low, high = wilson(wins, games)
        per_call = (time.process_time() - start) / max(calls, 1) * 1e3
        print(
            f"| {game} | {level} ({budget}) vs {name} | {games} | {wins / games:.0%} "
            f"| {low:.0%}–{high:.0%} | ≤ {per_call:.0f} ms |"
        )


# Every game's references for the levels (issue 27): greedy play, the game's good heuristic
# player, and random play; games a pairing (the judged levels play fast).
REFERENCES: dict[str, tuple[tuple[str, Policy], ...]] = {
    "mixtour": (("greedy", greedy), ("careful", careful), ("random", random_policy)),
    "tric-trac": (("greedy", greedy), ("pip and hit", pip_and_hit), ("random", random_policy)),
    "triominos-junior": (("greedy", greedy), ("keeping", keeping), ("random", random_policy)),
    "te-trix": (
        ("greedy", greedy),
        ("arranging greedy", arranging_greedy),
        ("random", random_policy),
    ),
}
CALIBRATION_GAMES = {"mixtour": 40, "tric-trac": 100, "triominos-junior": 200, "te-trix": 40}


def calibration(quick: bool = False) -> None:
    """Every level of every game against its references, seats alternating; then every level
    against the middle one (medium) in direct matches."""
    print("\n| game | level (iterations) vs | games | bot wins | 95% interval | CPU a call |")
    print("| --- | --- | --- | --- | --- | --- |")
    for game, references in REFERENCES.items():
        for name, reference in references:
            games = 4 if quick else CALIBRATION_GAMES[game]
            if game == "te-trix" and name == "arranging greedy":
                games = min(games, 20)  # about 0.4 s a decision
            levels_against(game, games, name, reference)
    print("\n| game | match | games | wins | 95% interval |")
    print("| --- | --- | --- | --- | --- |")
    strongest = Settings().suggest_max_budget
    names = list(LEVELS)
    middle = names[len(names) // 2]
    for game in REFERENCES:
        games = 4 if quick else CALIBRATION_GAMES[game]
        against = bot(LEVELS[middle] or strongest)
        for level in names:
            if level == middle:
                continue
            me = bot(LEVELS[level] or strongest, SLIPS.get(level, 0.0))
            wins = _wins(game, games, me, against, f"{game}-{level}-{middle}")
            low, high = wilson(wins, games)
            share = f"{wins / games:.0%} | {low:.0%}–{high:.0%}"
            print(f"| {game} | {level} vs {middle} | {games} | {share} |")


def solo(games: int, budget: int) -> None:
    found: dict[str, list[float]] = {}
    policies = (
        ("bot", bot(budget)),
        ("greedy", greedy),
        ("arranging greedy", arranging_greedy),
        ("random", random_policy),
    )
    for label, policy in policies:
        scores = []
        for i in range(games):
            engine, state = play("te-trix", {"solo": True}, [policy], f"solo-{i}")
            scores.append(float(engine.scores(state).values[0]))
        found[label] = scores
        mean, half = _mean(scores)
        print(f"| te-trix solo | {label} | {games} | {mean:.1f} ± {half:.1f} |")
    # The same dice for every player (seed solo-i): the per-game difference is paired.
    for other in ("greedy", "arranging greedy"):
        paired = [b - g for b, g in zip(found["bot"], found[other], strict=True)]
        mean, half = _mean(paired)
        print(f"| te-trix solo | bot − {other}, same dice | {games} | {mean:+.1f} ± {half:.1f} |")


def _mean(values: list[float]) -> tuple[float, float]:
    mean = sum(values) / len(values)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / max(len(values) - 1, 1))
    return mean, 1.96 * sd / math.sqrt(len(values))


# Games per duel: Tric Trac's dice need more games to tell budgets apart (about 5 minutes).
GAMES = {"mixtour": 20, "tric-trac": 40, "triominos-junior": 20, "te-trix": 20}


def run(quick: bool = False) -> None:
    budget = 30 if quick else 60
    print("| game | match (iterations) | games | bot wins | 95% interval | time |")
    print("| --- | --- | --- | --- | --- | --- |")
    for game, count in GAMES.items():
        games = 4 if quick else count
        duel(game, games, budget, None)
        duel(game, games, budget, budget // 4)
    print("\n| game | match (level, iterations) | games | bot wins | 95% interval | CPU a call |")
    print("| --- | --- | --- | --- | --- | --- |")
    levels_against("mixtour", 4 if quick else 20, "careful greedy", careful)
    calibration(quick)
    games = 6 if quick else 20
    print("\n| game | player | games | average score (95% interval) |")
    print("| --- | --- | --- | --- |")
    solo(games * 3, budget)
