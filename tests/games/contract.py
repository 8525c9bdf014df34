"""The engine contract as functions of an engine, so that any game — the four registered ones
or a tiny one a test registers for itself — is checked the same way.

``check_contract(engine, rng, material=None, configs=None)`` runs every check in ``CHECKS``;
``tests/games/test_contract.py`` runs them one by one over the registry. A game that conserves
its material passes ``material``: a function of the state *document* whose value never changes
during a game. ``configs`` are the (players, options) to play, one random game each; by
default ``setups(engine)`` derives them from the descriptor.

Seeded random games (every other one with a seed, so that the driver samples chance) check in
every position:

- ``encode``/``decode`` round trip through JSON text;
- the moves: some for every player to move and none for the others, duplicate-free,
  ``parse_move(notation(m)) == m``, chance outcomes with exact probabilities summing to 1 and
  told apart from players' moves by ``is_chance_outcome``;
- the search paths perft, the bots and replays use: ``sample_outcome`` picks what ``pick``
  picks from the outcomes (at every boundary of their cumulative shares); ``successor`` is
  ``apply`` (on a sample of ``SUCCESSORS`` moves a position); ``checked_successor`` reaches
  what ``apply`` reaches and refuses what it refuses (the same kind, reason, rule and message)
  for ``PROBES`` moves of earlier positions and a few of this one, each player and nobody;
  ``count_legal`` counts ``legal_moves`` (for each player, and for nobody named unless several
  move at once, when ``legal_moves`` without a player is refused with ``NotYourTurn``), and
  an engine's own ``count_next`` (perft's last two plies) adds up its successors' counts;
- the views: JSON, never the seed, and blind to ``determinize`` (what the viewer cannot see
  sampled again), which leaves the viewer's own moves alone; ``determinize`` changes some
  state exactly when the descriptor claims hidden information;
- material conserved (``material``);
- a finished game: no moves and no outcomes for anybody, a reason, ``GameOver`` for a move.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pytest

from service.games.core import (
    Game,
    GameOver,
    GameRules,
    InvalidOptions,
    MoveRequest,
    NotYourTurn,
    RulesError,
    driver,
    pick,
    unit,
)

Engine = Game[Any, Any]
Material = Callable[[dict[str, Any]], object]
Setup = tuple[int | None, Mapping[str, Any]]  # (players, options) as ``new`` takes them
Check = Callable[..., None]


@dataclass(frozen=True, slots=True)
class Ply:
    """One step of a game: the state, who acted (None at a chance node) and the move."""

    state: Any
    mover: int | None
    move: Any


@dataclass(slots=True)
class Seen:
    """What the playouts met, to hold the descriptor's claims against the play."""

    positions: int = 0
    finished: int = 0
    chance: bool = False
    simultaneous: bool = False
    hidden: bool = False
    moves: list[Any] = field(default_factory=list)  # the last legal moves seen, for probes


def random_game(
    engine: Engine,
    rng: random.Random,
    seed: str | None,
    *,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    max_plies: int = 2000,
) -> Iterator[Ply]:
    """The plies of one random game: chance sampled from the seed as the driver samples it,
    or drawn with its weights without one; ``final`` gives the last position."""
    state = driver.start(engine, players, options, seed).state
    for _ in range(max_plies):
        if engine.status(state).finished:
            return
        if engine.is_chance(state):
            outcomes = engine.chance_outcomes(state)
            if state.seed is None:
                move = rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0]
            else:  # as the driver samples it
                move = pick(outcomes, unit(state.seed, state.chances))
            mover = None
        else:
            mover = rng.choice(engine.to_move(state))
            move = rng.choice(engine.legal_moves(state, mover))
        yield Ply(state, mover, move)
        state = engine.apply(state, move, mover).state


def final(engine: Engine, plies: Sequence[Ply]) -> Any:
    """The position after the last ply."""
    last = plies[-1]
    return engine.apply(last.state, last.move, last.mover).state


def setups(engine: Engine) -> list[Setup]:
    """Every player count with the defaults, then each bool and enum option at its other
    values and each integer option at its minimum, with the first player count it allows."""
    d = engine.descriptor
    counts = range(d.min_players, d.max_players + 1)
    found: list[Setup] = [(n, {}) for n in counts]
    for spec in d.options:
        if spec.kind == "bool":
            values = [not spec.default]
        elif spec.kind == "enum":
            values = [c for c in spec.choices if c != spec.default]
        elif spec.kind == "int" and spec.minimum is not None and spec.minimum != spec.default:
            values = [spec.minimum]
        else:
            continue
        for value in values:
            options = {spec.name: value}
            for n in (d.default_players, *counts):
                try:
                    engine.new(n, options)
                except InvalidOptions:
                    continue
                found.append((n, options))
                break
            else:
                raise AssertionError(f"no player count takes the option {options}")
    return found


# -- one position --------------------------------------------------------------------------


def check_position(engine: Engine, state: Any, rng: random.Random, seen: Seen) -> None:
    """Every per-position property of the module docstring but material."""
    seen.positions += 1
    text = json.dumps(engine.encode(state))
    assert engine.decode(json.loads(text)) == state, "encode/decode round trip"
    everybody = range(engine.player_count(state))
    movers = engine.to_move(state)
    if engine.is_chance(state):
        seen.chance = True
        outcomes = engine.chance_outcomes(state)
        assert sum((p for _, p in outcomes), Fraction(0)) == 1
        assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
        moves = tuple(m for m, _ in outcomes)
        assert movers == () and engine.legal_moves(state) == moves
        assert all(engine.is_chance_outcome(m) for m in moves)
        assert all(engine.legal_moves(state, p) == () for p in everybody)
        # the sampling path picks what ``pick`` picks: each outcome's edges and a random u
        edges, running = [Fraction(0), Fraction(1, 2**64) * (2**64 - 1)], Fraction(0)
        for _, p in outcomes[:-1]:
            running += p
            edges += [running - Fraction(1, 2**64), running]
        for u in (*edges, unit(f"c{rng.random()}", 0)):
            assert engine.sample_outcome(state, u) == pick(outcomes, u), u
        _check_moves(engine, state, None, moves, rng, seen)
    else:
        assert movers and set(movers) <= set(everybody)
        seen.simultaneous |= len(movers) > 1
        assert engine.chance_outcomes(state) == ()
        for p in everybody:
            moves = engine.legal_moves(state, p)
            if p not in movers:
                assert moves == (), f"player {p} is not to move but has moves"
                continue
            assert moves, "a player to move always has a move (a pass at least)"
            assert not any(engine.is_chance_outcome(m) for m in moves)
            _check_moves(engine, state, p, moves, rng, seen)
    if len(movers) > 1:  # simultaneous: a move without its player is ambiguous
        with pytest.raises(NotYourTurn):
            engine.legal_moves(state)
    for p in (*everybody, *([None] if len(movers) < 2 else [])):
        assert engine.count_legal(state, p) == len(engine.legal_moves(state, p))
    if type(engine.rules).count_next is not GameRules.count_next and len(movers) < 2:
        plain = sum(
            engine.count_legal(engine.successor(state, m)) for m in engine.legal_moves(state)
        )
        assert engine.count_next(state) == plain, "count_next counts the next moves"
    _check_replayed(engine, state, rng, seen)
    _check_views(engine, state, rng, seen)
    check_score_lines(engine, state)


def check_score_lines(engine: Engine, state: Any) -> None:
    """A player's score lines add up to their score, each citing one of the game's rules; the
    totals (``totals``, what a Position and the bots read) are the scores' values."""
    scores = engine.scores(state)
    assert engine.totals(state) == scores.values, "totals are the scores without the breakdown"
    told = engine.spec.score_lines
    if told is None:
        return
    lines = told(state, scores)
    everybody = range(engine.player_count(state))
    assert {line.player for line in lines} == set(everybody), "every player has a line"
    for p in everybody:
        total = sum(line.points for line in lines if line.player == p)
        assert total == scores.values[p], f"player {p}'s lines add up to {total}"
    prefix = engine.spec.rule_prefix + "-"
    assert all(line.rule.startswith(prefix) for line in lines)


# Moves per player and position whose successor is compared with apply: a random sample,
# since applying every placement of every Te-Trix position is most of the suite's time.
SUCCESSORS = 8


def _check_moves(
    engine: Engine,
    state: Any,
    player: int | None,
    moves: tuple[Any, ...],
    rng: random.Random,
    seen: Seen,
) -> None:
    assert len(set(moves)) == len(moves), "legal moves are duplicate-free"
    for move in moves:
        assert engine.parse_move(engine.notation(move)) == move, engine.notation(move)
    for move in rng.sample(moves, min(len(moves), SUCCESSORS)):
        assert engine.successor(state, move, player) == engine.apply(state, move, player).state
    seen.moves[:0] = rng.sample(moves, min(len(moves), 3))
    del seen.moves[PROBES:]


# Moves of earlier positions a position is probed with (mostly illegal there), each for every
# player and for nobody named.
PROBES = 12


def _outcome(call: Callable[..., Any], *args: Any) -> tuple[Any, ...]:
    """The state ``call(*args)`` reaches, or the refusal it raises: kind, reason, rule and
    message."""
    try:
        return ("state", call(*args))
    except RulesError as exc:
        return (type(exc).__name__, exc.reason, exc.rule, exc.msg)


def _check_replayed(engine: Engine, state: Any, rng: random.Random, seen: Seen) -> None:
    """``checked_successor`` (replaying a record) reaches what ``apply`` reaches and refuses
    what it refuses, for moves of earlier positions and this one's, each player and nobody."""
    movers = engine.to_move(state)
    here = engine.legal_moves(state, movers[0] if movers else None)
    probes = [*seen.moves, *rng.sample(here, min(len(here), 3))]
    for move in probes:
        for p in (None, *range(engine.player_count(state))):
            want = _outcome(lambda *a: engine.apply(*a).state, state, move, p)
            assert _outcome(engine.checked_successor, state, move, p) == want, move


def _check_views(engine: Engine, state: Any, rng: random.Random, seen: Seen) -> None:
    spectator = engine.view(state, None)
    assert "seed" not in json.loads(json.dumps(spectator))
    for p in range(engine.player_count(state)):
        view = engine.view(state, p)
        assert "seed" not in json.loads(json.dumps(view))
        other = engine.determinize(state, p, rng)
        if other == state:
            continue
        seen.hidden = True
        assert engine.view(other, p) == view, f"player {p}'s view shows what they cannot see"
        assert engine.view(other, None) == spectator, "the spectator sees hidden things"
        assert engine.legal_moves(other, p) == engine.legal_moves(state, p)


def check_finished(engine: Engine, state: Any, last_move: Any) -> None:
    """A finished game: nobody may act, nothing left to chance, ``GameOver`` for a move."""
    status = engine.status(state)
    assert status.finished and status.reason
    assert set(status.winners) <= set(range(engine.player_count(state)))
    assert engine.to_move(state) == () and not engine.is_chance(state)
    assert engine.chance_outcomes(state) == ()
    for p in (None, *range(engine.player_count(state))):
        assert engine.legal_moves(state, p) == ()
        assert engine.count_legal(state, p) == 0
    with pytest.raises(GameOver):
        engine.apply(state, last_move)
    assert len(engine.scores(state).values) == engine.player_count(state)


# -- whole games ---------------------------------------------------------------------------


def check_playout(
    engine: Engine,
    rng: random.Random,
    seed: str | None,
    setup: Setup = (None, {}),
    material: Material | None = None,
    seen: Seen | None = None,
) -> Any:
    """One random game, every position checked; returns the last position."""
    seen = Seen() if seen is None else seen
    players, options = setup
    plies = list(random_game(engine, rng, seed, players=players, options=options))
    assert plies, "a new game is not over"
    conserved = material(engine.encode(plies[0].state)) if material else None
    for ply in plies:
        check_position(engine, ply.state, rng, seen)
        if material:
            assert material(engine.encode(ply.state)) == conserved, "material is conserved"
    end = final(engine, plies)
    if material:
        assert material(engine.encode(end)) == conserved, "material is conserved"
    if engine.status(end).finished:
        seen.finished += 1
        check_finished(engine, end, plies[-1].move)
    return end


def check_playouts(
    engine: Engine,
    rng: random.Random,
    material: Material | None = None,
    configs: Sequence[Setup] | None = None,
    games: int = 1,
) -> Seen:
    """``games`` random games per setup, every other game of them all with a seed; some must
    finish, and what they met must be what the descriptor says: chance, simultaneous moves,
    hidden information."""
    seen = Seen()
    plan = [s for s in (setups(engine) if configs is None else configs) for _ in range(games)]
    for n, setup in enumerate(plan):
        check_playout(engine, rng, f"contract-{n}" if n % 2 == 0 else None, setup, material, seen)
    d = engine.descriptor
    assert seen.finished > 0, "no random game came to an end"
    assert (seen.chance, seen.simultaneous, seen.hidden) == (
        d.chance,
        d.simultaneous,
        d.hidden_information,
    ), "the descriptor's chance / simultaneous / hiddenInformation against the play"
    return seen


def check_same_seed_same_game(engine: Engine, rng: random.Random) -> None:
    """Sampling keys on (seed, chance count): one seed and the same choices, one game; with
    chance, another seed another game."""
    choices = rng.random()

    def run(seed: str) -> list[str]:
        plies = random_game(engine, random.Random(choices), seed, max_plies=80)
        return [engine.notation(p.move) for p in plies]

    assert run("same") == run("same")
    assert (run("same") != run("other")) == engine.descriptor.chance


def check_replay(engine: Engine, rng: random.Random) -> None:
    """A game's notations replayed through the driver reach the state the game reached, with
    chance given as moves (no seed) and sampled from the seed (its outcomes left out)."""
    for seed in (None, "replay"):
        plies = list(random_game(engine, rng, seed, max_plies=120))
        requests = [
            MoveRequest(engine.notation(p.move), p.mover)
            for p in plies
            if seed is None or p.mover is not None
        ]
        start = driver.start(engine, None, None, seed).state
        replayed = driver.play(engine, start, requests, auto_chance=seed is not None).state
        assert replayed == final(engine, plies)


def check_player_counts(engine: Engine, rng: random.Random) -> None:
    d = engine.descriptor
    for players in (d.min_players - 1, d.max_players + 1, True, "2"):
        with pytest.raises(InvalidOptions):
            engine.new(players)  # type: ignore[arg-type]
    for players in range(d.min_players, d.max_players + 1):
        assert engine.player_count(engine.new(players)) == players
    assert engine.player_count(engine.new()) == d.default_players


def check_descriptor(engine: Engine, rng: random.Random) -> None:
    d = engine.descriptor.describe()
    assert d["id"] == engine.id
    assert d["minPlayers"] <= d["maxPlayers"]
    for spec in d["options"].values():
        assert {"default", "description"} <= set(spec)
    assert engine.new() == engine.new(None, {s.name: s.default for s in engine.descriptor.options})


def check_seeded_game_refuses_outcomes(engine: Engine, rng: random.Random) -> None:
    """DESIGN "Chance and trust": a game with a seed is rolled by the service only, at a
    chance node (left there by auto_chance=False) and at a player's turn alike."""
    if not engine.descriptor.chance:
        return
    outcome = engine.notation(engine.chance_outcomes(engine.new())[0][0])
    pending = engine.new(None, None, "seeded")
    assert engine.is_chance(pending)
    started = driver.start(engine, None, None, "seeded").state
    assert not engine.is_chance(started)
    for state, auto in [(pending, False), (started, False), (started, True)]:
        with pytest.raises(driver.PlyError) as caught:
            driver.play(engine, state, [MoveRequest(outcome)], auto_chance=auto)
        assert (caught.value.ply, caught.value.error.code) == (0, "ILLEGAL_MOVE")
        assert caught.value.error.reason == "CHANCE_IS_SAMPLED"
    rolled = driver.play(engine, pending, [], auto_chance=True)
    assert rolled.state == started
    assert rolled.events and all("ply" not in e for e in rolled.events)


CHECKS: tuple[Check, ...] = (
    check_playouts,
    check_same_seed_same_game,
    check_replay,
    check_player_counts,
    check_descriptor,
    check_seeded_game_refuses_outcomes,
)


def check_contract(
    engine: Engine,
    rng: random.Random,
    material: Material | None = None,
    configs: Sequence[Setup] | None = None,
) -> None:
    """Every check of this module on one engine."""
    check_playouts(engine, rng, material, configs)
    for check in CHECKS[1:]:
        check(engine, rng)
