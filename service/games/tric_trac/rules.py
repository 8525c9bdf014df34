"""Tric Trac (German encyclopedia rules, 1972 Ravensburger) — rules TT-1…TT-15 of
``docs/rules/tric-trac.en.md`` (German: ``tric-trac.de.md``).

Two players, Red (0) moving up from point 1 and Black (1) moving down from point 24 (TT-1),
15 stones each on their start fields, which are out of play (TT-2); each bears off past the
far end of its own direction (TT-3). The higher opening throw starts with that throw (TT-4);
afterwards the player to move throws two dice (TT-5); a double is played once per number and
earns another throw (TT-6). A throw moves two stones or one stone by both numbers over a
legal intermediate point (TT-7); both numbers if possible, else one (the larger with
``mustPlayLarger``), else pass (TT-8). Two opposing stones block a point (TT-9). Stones on
the start field move first (TT-10). Each player's Hucke (Red 13, Black 12) is entered only
by two stones of one throw, left by the last two together, and closed to the opponent
(TT-11). A blot is hit back to its start field (TT-12). Reaching or passing the target bears
off (TT-13). Hits and stones borne off score one point at once (TT-14); ``pointsToWin``
(12) wins on the spot (TT-15). Legal moves are whole turns (see :mod:`.turns`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any

from ..core import (
    JSON,
    ONGOING,
    Event,
    GameOver,
    GameRules,
    IllegalMove,
    NextSteps,
    NotYourTurn,
    Scores,
    Status,
    Transition,
)
from ..core.chance import Slots
from ..core.text import Msg
from . import moves, steps
from .moves import OFF, Move, Opening, Throw, Turn
from .options import DESCRIPTOR
from .resolve import played, resolve, step_dice
from .state import (
    BLACK,
    INITIAL_BOARD,
    MOVE,
    OPENING,
    OVER,
    RED,
    THROW,
    Rules,
    TricTracState,
    borne_off,
    score,
)
from .turns import Frame, Play, absolute, generate, index_of, relative


def _throws() -> tuple[tuple[Move, Fraction], ...]:
    return tuple(
        (Throw(lo, hi), Fraction(1 if lo == hi else 2, 36))
        for lo, hi in combinations_with_replacement(range(1, 7), 2)
    )


def _openings() -> tuple[tuple[Move, Fraction], ...]:
    """TT-4: "p starts with lo-hi", equal totals thrown again (folded into the odds)."""
    totals = Counter(a + b for a in range(1, 7) for b in range(1, 7))
    decided = 36 * 36 - sum(n * n for n in totals.values())
    out: list[tuple[Move, Fraction]] = []
    for player in (0, 1):
        for throw, p in _throws():
            assert isinstance(throw, Throw)
            beaten = sum(n for t, n in totals.items() if t < throw.low + throw.high)
            if beaten:
                out.append((Opening(player, throw.low, throw.high), p * 36 * beaten / decided))
    return tuple(out)


THROWS = _throws()
OPENINGS = _openings()
# sampled by one index: 36 slots for the throws, as many as the openings need
THROW_SLOTS, OPENING_SLOTS = Slots(THROWS), Slots(OPENINGS)
THROW_MOVES = tuple(m for m, _ in THROWS)
OPENING_MOVES = tuple(m for m, _ in OPENINGS)


def _frame(state: TricTracState, player: int) -> Frame:
    r = state.rules
    return Frame(
        player=player,
        own_hucke=index_of(r.hucke[player], player),
        opp_hucke=index_of(r.hucke[1 - player], player),
        home=r.home_before_bear_off,
        larger=r.must_play_larger,
        need=r.points_to_win - score(state, player),
    )


@dataclass(frozen=True, slots=True)
class Throwing:
    """The throw being played in a position, worked out once for every question asked about
    it (legal moves, then one move document per turn): the mover, its board and frame, the
    legal turns, and each by the identity of its turn."""

    player: int
    dice: tuple[int, int]
    rel: tuple[int, ...]
    frame: Frame
    plays: tuple[Play, ...]
    turns: tuple[Turn, ...]
    by_id: Mapping[int, Play]

    def handed_out(self, move: Move) -> Play | None:
        """The play whose turn is ``move`` itself, as ``legal_moves`` handed it out (asked
        back for its document): found without hashing or comparing steps."""
        play = self.by_id.get(id(move))
        return play if play is not None and play.turn is move else None


@lru_cache(maxsize=64)
def throwing(state: TricTracState) -> Throwing:
    """The throw ``state`` (in phase move) is playing."""
    p, dice = _throw(state)
    rel = relative(state.board, p)
    frame = _frame(state, p)
    plays = generate(rel, dice[0], dice[1], frame)
    by_id = {id(play.turn): play for play in plays}
    return Throwing(p, dice, rel, frame, plays, tuple(play.turn for play in plays), by_id)


def _throw(state: TricTracState) -> tuple[int, tuple[int, int]]:
    """The player to move and the throw being played, in phase move (where decode and apply
    always set both)."""
    assert state.player is not None
    assert state.dice is not None
    return state.player, state.dice


class TricTrac(GameRules[TricTracState, Move]):
    descriptor = DESCRIPTOR

    def new(
        self,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        seed: str | None = None,
    ) -> TricTracState:
        DESCRIPTOR.validate_players(players)
        opts = DESCRIPTOR.validate_options(options)
        hucke = opts["hucke"]
        rules = Rules(
            must_play_larger=opts["mustPlayLarger"],
            home_before_bear_off=opts["homeBeforeBearOff"],
            hucke=(hucke["red"], hucke["black"]),
            points_to_win=opts["pointsToWin"],
        )
        return TricTracState(INITIAL_BOARD, (0, 0), OPENING, None, None, rules, seed)

    def to_move(self, state: TricTracState) -> tuple[int, ...]:
        return (state.player,) if state.phase == MOVE and state.player is not None else ()

    def is_chance(self, state: TricTracState) -> bool:
        return state.phase in (OPENING, THROW)

    def chance_outcomes(self, state: TricTracState) -> tuple[tuple[Move, Fraction], ...]:
        if state.phase == OPENING:
            return OPENINGS
        return THROWS if state.phase == THROW else ()

    def sample_outcome(self, state: TricTracState, u: Fraction) -> Move:
        if state.phase == THROW:
            return THROW_SLOTS.pick(u)
        if state.phase == OPENING:
            return OPENING_SLOTS.pick(u)
        raise ValueError("no throw pending")

    def is_chance_outcome(self, move: Move) -> bool:
        return isinstance(move, (Throw, Opening))

    def plays(self, state: TricTracState) -> tuple[Play, ...]:
        """The legal turns with the numbers they use and the board they reach."""
        if state.phase != MOVE:
            return ()
        return throwing(state).plays

    def legal_moves(self, state: TricTracState, player: int | None = None) -> tuple[Move, ...]:
        if state.phase == OPENING:
            return OPENING_MOVES if player is None else ()
        if state.phase == THROW:
            return THROW_MOVES if player is None else ()
        if player is not None and player != state.player:
            return ()
        return throwing(state).turns if state.phase == MOVE else ()

    def apply(
        self, state: TricTracState, move: Move, player: int | None = None
    ) -> Transition[TricTracState]:
        if state.phase == OVER:
            raise GameOver(Msg.of("tric-trac-game-finished"), reason="GAME_FINISHED", rule="TT-15")
        if state.phase in (OPENING, THROW):
            if player is not None:
                raise NotYourTurn(Msg.of("tric-trac-chance-node"), reason="CHANCE_NODE")
            return self._chance(state, move)
        mover, dice = _throw(state)
        if player is not None and player != mover:
            raise NotYourTurn(
                Msg.of("tric-trac-not-to-move", player=mover, asked=player),
                reason="NOT_TO_MOVE",
                details={"toMove": [mover]},
            )
        if not isinstance(move, Turn):
            thrown = moves.notation(Throw(*dice))
            why = Msg.of("tric-trac-must-play-throw", player=mover, dice=thrown)
            raise IllegalMove(why, reason="NOT_A_CHANCE_NODE", rule="TT-5")
        t = throwing(state)
        play = t.handed_out(move) or resolve(t.rel, dice, t.frame, t.plays, move)
        return self._play(state, mover, play)

    def _chance(self, state: TricTracState, move: Move) -> Transition[TricTracState]:
        if state.phase == OPENING:
            if not isinstance(move, Opening):
                raise IllegalMove(
                    Msg.of("tric-trac-expected-opening"),
                    reason="EXPECTED_OPENING",
                    rule="TT-4",
                )
            if move.high == 1:
                raise IllegalMove(
                    Msg.of("tric-trac-impossible-opening"),
                    reason="IMPOSSIBLE_OPENING",
                    rule="TT-4",
                )
            player, lo, hi = move.player, move.low, move.high
        else:
            if not isinstance(move, Throw):
                raise IllegalMove(
                    Msg.of("tric-trac-expected-throw"),
                    reason="EXPECTED_THROW",
                    rule="TT-5",
                )
            assert state.player is not None
            player, lo, hi = state.player, move.low, move.high
        event: Event = {"type": "thrown", "player": player, "dice": [lo, hi], "double": lo == hi}
        if state.phase == OPENING:
            event["opening"] = True
        after = TricTracState(
            state.board,
            state.hits,
            MOVE,
            player,
            (lo, hi),
            state.rules,
            state.seed,
            state.chances + 1,
        )
        return Transition(after, (event,))

    def successor(
        self, state: TricTracState, move: Move, player: int | None = None
    ) -> TricTracState:
        """``apply(state, move, player).state`` without the events (search, bots)."""
        if state.phase != MOVE or not isinstance(move, Turn):
            return self.apply(state, move, player).state
        t = throwing(state)
        play = t.handed_out(move) or resolve(t.rel, t.dice, t.frame, t.plays, move)
        return _after(state, t.player, play)

    def checked_successor(
        self, state: TricTracState, move: Move, player: int | None = None
    ) -> TricTracState:
        """A turn playing both numbers is decided by its own steps (see ``played``), without
        working out the throw's other turns; anything else by ``apply``."""
        if state.phase == MOVE and isinstance(move, Turn) and player in (None, state.player):
            p, dice = _throw(state)
            quick = played(relative(state.board, p), dice, _frame(state, p), move)
            if quick is not None:
                return _after(state, p, quick)
        return self.apply(state, move, player).state

    def _play(self, state: TricTracState, p: int, play: Play) -> Transition[TricTracState]:
        assert state.dice is not None
        after = _after(state, p, play)
        events = _step_events(state, p, play)
        if after.phase == OVER:
            points = [score(after, 0), score(after, 1)]
            events.append(
                {"type": "gameOver", "winners": [p], "reason": "points", "scores": points}
            )
            return Transition(after, tuple(events))
        lo, hi = state.dice
        unused = [lo, hi]
        for d in play.dice:
            unused.remove(d)
        if not play.turn.steps:
            events.append({"type": "passed", "player": p, "dice": [lo, hi]})
        elif unused:
            events.append({"type": "forfeited", "player": p, "numbers": unused})
        if lo == hi:  # TT-6
            events.append({"type": "extraThrow", "player": p})
        return Transition(after, tuple(events))

    def status(self, state: TricTracState) -> Status:
        if state.phase != OVER:
            return ONGOING
        goal = state.rules.points_to_win
        return Status(True, tuple(p for p in (0, 1) if score(state, p) >= goal), "points")

    def scores(self, state: TricTracState) -> Scores:
        off = [borne_off(state.board, p) for p in (RED, BLACK)]
        return Scores(
            (score(state, 0), score(state, 1)),
            {
                "hits": list(state.hits),
                "borneOff": off,
                "pointsToWin": state.rules.points_to_win,
            },
        )

    def next_steps(
        self, state: TricTracState, mover: int, chosen: tuple[Move, ...]
    ) -> NextSteps[Move]:
        """The steps that may follow ``chosen`` in the throw being played, in every order the
        rules allow (see :mod:`.steps`); ``mover`` is the player to move (the caller checks)."""
        t = throwing(state)
        return steps.offer(t.rel, t.dice, t.frame, t.plays, chosen)

    def move_document(self, state: TricTracState, move: Move) -> JSON:
        """A turn or pass gains its ``player`` and each step the ``die`` it uses (derived from
        the throw being played, for any spelling the parser accepts)."""
        if not isinstance(move, Turn):
            return moves.document(move)
        if state.phase != MOVE:
            raise IllegalMove(
                Msg.of("tric-trac-no-turn-to-describe"),
                reason="NOT_A_TURN",
                rule="TT-5",
            )
        t = throwing(state)
        if (play := t.handed_out(move)) is not None:
            return moves.enriched(move, t.player, play.dice)
        play = resolve(t.rel, t.dice, t.frame, t.plays, move)
        return moves.enriched(move, t.player, step_dice(t.rel, t.dice, t.frame, play, move))


def _after(state: TricTracState, p: int, play: Play) -> TricTracState:
    """The position after ``p`` played ``play``: over once ``p`` reaches pointsToWin (TT-15),
    else the next throw, ``p``'s again after a double (TT-6)."""
    assert state.dice is not None
    red, black = state.hits
    hits = (red + play.hits, black) if p == RED else (red, black + play.hits)
    board, rules, seed, chances = absolute(play.board, p), state.rules, state.seed, state.chances
    # Built by the constructor (``replace`` costs several times more; replaying a record makes
    # one of these a move), a second time only for the game's last move.
    lo, hi = state.dice
    after = TricTracState(board, hits, THROW, p if lo == hi else 1 - p, None, rules, seed, chances)
    if score(after, p) >= rules.points_to_win:
        return TricTracState(board, hits, OVER, None, None, rules, seed, chances)
    return after


def _step_events(state: TricTracState, p: int, play: Play) -> list[Event]:
    """What each step did, with the score after every point (TT-12, TT-13, TT-14)."""
    points = [score(state, 0), score(state, 1)]
    events: list[Event] = []
    for step, die in zip(play.turn.steps, play.dice, strict=True):
        to: int | str = "off" if step.target == OFF else step.target
        events.append({"type": "stepped", "player": p, "from": step.source, "to": to, "die": die})
        if step.hit:
            points[p] += 1
            events.append({"type": "hit", "player": p, "point": step.target, "stone": 1 - p})
            events.append({"type": "scored", "player": p, "for": "hit", "scores": list(points)})
        elif step.target == OFF:
            points[p] += 1
            events.append({"type": "borneOff", "player": p, "from": step.source})
            events.append(
                {"type": "scored", "player": p, "for": "borneOff", "scores": list(points)}
            )
    return events
