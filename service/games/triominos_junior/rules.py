"""Triominos Junior (Goliath) — rules TJ-1…TJ-17
of ``docs/rules/triominos-junior.en.md`` (German: ``triominos-junior.de.md``).

2–4 players, 36 triangular tiles: 35 with a number on each corner and a joker (TJ-1); option
``level`` picks coins (60 coins, TJ-2) or points (TJ-3). Setup: every player draws 5 tiles
(TJ-4), takes 4 coins at the coin level (TJ-5); a start tile, never the joker, goes to
``0,0`` (TJ-6). Player 0 begins, then 1, 2, … (TJ-7). Tiles lie on a triangular grid and
rotate without flipping (TJ-8); a new tile shares a complete side with the layout and every
corner it touches, along a side or at a point, shows the same number; the joker is wild
(TJ-9). A turn is one of: place (a coin, or the tile's value; TJ-10); swap a layout joker
for an exactly fitting rack tile (TJ-11); draw, paying a coin if one has any (TJ-12); pass
only when nothing else is possible (TJ-13). The coin level ends when a rack empties (one
extra coin) or the last pool tile is drawn, most coins win (TJ-14). The points level ends
when a rack or the pool empties or once nobody can place or swap; rack values are subtracted
(TJ-15). Ties share the win (TJ-16). Racks and pool are hidden; ``view`` shows a player only
what they may see (TJ-17).

Chance is input: the deal, the start tile and each draw are chance nodes whose outcomes are
``Deal`` moves (``deal 1-3-5``), uniform over the pool's tiles.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..core import (
    JSON,
    ONGOING,
    GameOver,
    GameRules,
    IllegalMove,
    NotYourTurn,
    Scores,
    Shuffler,
    Status,
    Transition,
)
from ..core.states import evolve
from ..core.text import Msg
from . import moves, turns
from .layout import can_play, placements, swaps
from .moves import Deal, Draw, Move, Pass, Place, Swap
from .options import DESCRIPTOR
from .state import CHANCE_PHASES, COINS_EACH, COINS_TOTAL, Level, TriominosState
from .tiles import DEFAULT_SET, read_tile_set, value


class TriominosJunior(GameRules[TriominosState, Move]):
    descriptor = DESCRIPTOR

    def new(
        self,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        seed: str | None = None,
    ) -> TriominosState:
        n = DESCRIPTOR.validate_players(players)
        opts = DESCRIPTOR.validate_options(options)
        level: Level = opts["level"]
        coins = level == "coins"
        tile_set = read_tile_set(opts["tiles"]) or DEFAULT_SET
        return TriominosState(
            level=level,
            tile_set=tile_set,
            phase="deal",
            turn=None,
            layout=(),
            racks=((),) * n,
            pool=tile_set,
            coins=(COINS_EACH if coins else 0,) * n,
            supply=COINS_TOTAL - COINS_EACH * n if coins else 0,
            points=(0,) * n,
            seed=seed,
        )

    def player_count(self, state: TriominosState) -> int:
        return state.players

    def first_player(self, state: TriominosState) -> int | None:
        """TJ-7: player 0 begins, once the racks are dealt and the start tile laid."""
        return 0

    def to_move(self, state: TriominosState) -> tuple[int, ...]:
        return (state.turn,) if state.phase == "play" and state.turn is not None else ()

    def is_chance(self, state: TriominosState) -> bool:
        return state.phase in CHANCE_PHASES

    def chance_outcomes(self, state: TriominosState) -> tuple[tuple[Move, Fraction], ...]:
        return turns.outcomes(state)

    def sample_outcome(self, state: TriominosState, u: Fraction) -> Move:
        return turns.sampled(state, u)

    def is_chance_outcome(self, move: Move) -> bool:
        return isinstance(move, Deal)

    def legal_moves(self, state: TriominosState, player: int | None = None) -> tuple[Move, ...]:
        """Uses only what the mover knows: layout, own rack and the pool's size (TJ-17).

        At a chance node the outcomes, for the host only (``player`` None)."""
        if state.phase in CHANCE_PHASES:
            return () if player is not None else tuple(m for m, _ in turns.outcomes(state))
        if state.phase != "play":
            return ()
        p = state.turn
        assert p is not None  # phase play always has a player to move (decode checks it)
        if player is not None and player != p:
            return ()
        board = state.board
        rack = state.racks[p]
        out: list[Move] = [Place(pos, tile) for pos, tile in placements(board, rack)]
        out.extend(Swap(pos, tile) for pos, tile in swaps(board, rack))
        if state.pool:
            out.append(Draw())
        return tuple(out) if out else (Pass(),)

    def apply(
        self, state: TriominosState, move: Move, player: int | None = None
    ) -> Transition[TriominosState]:
        if state.phase == "over":
            raise GameOver(
                Msg.of("triominos-junior-game-finished"), reason="GAME_FINISHED", rule="TJ-14"
            )
        if state.phase in CHANCE_PHASES:
            return self._resolve(state, move, player)
        p = state.turn
        assert p is not None
        if player is not None and player != p:
            raise NotYourTurn(
                Msg.of("triominos-junior-not-your-turn", to_move=p, player=player),
                reason="NOT_TO_MOVE",
                details={"toMove": [p]},
            )
        if isinstance(move, Place):
            return turns.place(state, p, move)
        if isinstance(move, Swap):
            return turns.swap(state, p, move)
        if isinstance(move, Draw):
            return turns.draw(state, p)
        if isinstance(move, Pass):
            can_act = bool(state.pool) or can_play(state.board, state.racks[p])
            return turns.pass_turn(state, p, can_act)
        raise IllegalMove(
            Msg.of("triominos-junior-no-chance-pending", move=moves.notation(move), player=p),
            reason="NO_CHANCE_PENDING",
            rule="TJ-12",
        )

    def _resolve(
        self, state: TriominosState, move: Move, player: int | None
    ) -> Transition[TriominosState]:
        if player is not None:
            raise NotYourTurn(
                Msg.of("triominos-junior-tile-being-drawn"),
                reason="NOT_TO_MOVE",
                details={"toMove": []},
            )
        if not isinstance(move, Deal):
            rule = {"deal": "TJ-4", "start": "TJ-6"}.get(state.phase, "TJ-12")
            raise IllegalMove(
                Msg.of("triominos-junior-deal-first", move=moves.notation(move)),
                reason="CHANCE_PENDING",
                rule=rule,
            )
        return turns.deal(state, move)

    def status(self, state: TriominosState) -> Status:
        if state.phase != "over":
            return ONGOING
        return Status(True, turns.winners(turns.final_scores(state)), state.end)

    def scores(self, state: TriominosState) -> Scores:
        finished = state.phase == "over"
        if state.level == "coins":
            breakdown: JSON = {
                "level": "coins",
                "coins": list(state.coins),
                "supply": state.supply,
            }
            return Scores(state.coins, breakdown)
        penalty = [sum(value(t) for t in rack) for rack in state.racks]
        breakdown = {
            "level": "points",
            "placed": list(state.points),
            "rackPenalty": penalty,
            "penaltyApplied": finished,
        }
        values = turns.final_scores(state) if finished else list(state.points)
        return Scores(tuple(values), breakdown)

    def determinize(self, state: TriominosState, player: int, rng: Shuffler) -> TriominosState:
        """The other racks and the pool dealt again from the tiles ``player`` cannot see (TJ-17:
        only their sizes are known), so a search never reads them."""
        unseen = sorted(
            [t for i, rack in enumerate(state.racks) if i != player for t in rack]
            + list(state.pool)
        )
        rng.shuffle(unseen)
        racks = []
        for i, rack in enumerate(state.racks):
            if i == player:
                racks.append(rack)
            else:
                racks.append(tuple(sorted(unseen[: len(rack)])))
                del unseen[: len(rack)]
        return evolve(state, racks=tuple(racks), pool=tuple(sorted(unseen)))
