"""Playing and replaying move lists with chance resolved from the seed: one code path for
games with and without chance.

A game with a seed is rolled by the service only: its chance nodes are sampled (keyed by the
seed, the chance index and the service's secret), and a chance outcome sent as a move is
refused (``ILLEGAL_MOVE``, reason ``CHANCE_IS_SAMPLED``), wherever it is sent. Without
``auto_chance`` a seeded game may rest at a chance node; the next ``play`` with
``auto_chance`` samples it before its first move (or with no move at all). Without a seed the
caller supplies every outcome as an ordinary move (physical dice).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .chance import unit
from .errors import GameOver, IllegalMove, InvalidNotation, NotYourTurn, RulesError
from .fair import FairDice
from .game import Event, Game, GameRules, Transition
from .text import Msg

# What chance is sampled with: the service's secret (b"": none), or a fair game's dice.
Dice = bytes | FairDice
# Told each state a move (a chance outcome too) leads to, in order: a fair game's states count
# their plies and name their parent (``Fair``), intermediate ones included.
Seen = Callable[[Any], None] | None


@dataclass(frozen=True, slots=True)
class MoveRequest:
    """One move of a list: its notation (or document) and, in simultaneous games, the player."""

    move: str | Mapping[str, Any]
    player: int | None = None


class PlyError(Exception):
    """A rules error raised by move number ``ply`` (0-based index in the submitted list)."""

    def __init__(self, ply: int, error: RulesError) -> None:
        self.msg = Msg.of("driver-ply", move=ply + 1, error=error.msg)  # counted from 1
        super().__init__(self.msg)
        self.ply = ply
        self.error = error


def sample(game: Game[Any, Any], state: Any, secret: Dice = b"") -> Any:
    """The outcome of the chance node ``state`` is at, sampled from its seed."""
    if isinstance(secret, FairDice):
        return secret.pick(game, state, game.chance_outcomes(state))
    return game.sample_outcome(state, unit(state.seed, state.chances, secret))


def resolve_chance(
    game: Game[Any, Any], state: Any, secret: Dice = b"", seen: Seen = None
) -> Transition[Any]:
    """Samples chance nodes from the state's seed until a player must act (or the game ends)."""
    events: list[Event] = []
    if state.seed is None:
        return Transition(state, ())
    while game.is_chance(state):
        outcome = sample(game, state, secret)
        t = game.apply(state, outcome)
        events.append({"type": "chance", "outcome": game.notation(outcome), "sampled": True})
        events.extend(t.events)
        state = t.state
        if seen is not None:
            seen(state)
    return Transition(state, tuple(events))


def sampled(
    game: Game[Any, Any],
    state: Any,
    secret: Dice = b"",
    drawn: list[str] | None = None,
    seen: Seen = None,
) -> Any:
    """``resolve_chance(game, state, secret).state`` by the search path (no events);
    ``drawn`` gets each outcome's notation, when given."""
    if state.seed is None:
        return state
    while game.is_chance(state):
        outcome = sample(game, state, secret)
        if drawn is not None:
            drawn.append(game.notation(outcome))
        state = game.successor(state, outcome)
        if seen is not None:
            seen(state)
    return state


def play_one(
    game: Game[Any, Any],
    state: Any,
    request: MoveRequest,
    *,
    auto_chance: bool,
    secret: Dice = b"",
    seen: Seen = None,
) -> Transition[Any]:
    """Parses and applies one move, then resolves chance when asked to."""
    move = _checked(game, state, request)
    t = game.apply(state, move, request.player)
    if type(request.move) is not str and isinstance(request.move, Mapping):  # ABC check: rare
        check_document(game, state, move, request.move)
    if seen is not None:
        seen(t.state)
    if not auto_chance:
        return t
    c = resolve_chance(game, t.state, secret, seen)
    return Transition(c.state, t.events + c.events)


def replay_one(
    game: Game[Any, Any],
    state: Any,
    request: MoveRequest,
    *,
    auto_chance: bool,
    secret: Dice = b"",
    drawn: list[str] | None = None,
    seen: Seen = None,
) -> Any:
    """``play_one(...).state`` with the same checks and refusals, by the search paths
    (``checked_successor``, chance by ``successor``): replaying a record, where only the
    positions count. ``drawn``, when given, then holds the outcomes sampled after the move,
    as ``listed_outcome`` takes them."""
    move = _checked(game, state, request)
    after = game.checked_successor(state, move, request.player)
    if type(request.move) is not str and isinstance(request.move, Mapping):  # ABC check: rare
        check_document(game, state, move, request.move)
    if seen is not None:
        seen(after)
    if drawn is not None:
        drawn.clear()  # what the move is followed by replaces what the move came after
    return sampled(game, after, secret, drawn, seen) if auto_chance else after


def listed_outcome(game: Game[Any, Any], request: MoveRequest, drawn: list[str]) -> bool:
    """A fair game's record lists the outcomes the service sampled (anyone can check them):
    whether ``request`` is the next of ``drawn``, the outcomes sampled since the last move
    that the list has not named yet (it is taken from them). Another outcome is refused
    (``CHANCE_DIFFERS``); a move that is no outcome leaves them, as a list may name none."""
    if not drawn or request.player is not None:
        return False
    try:
        move = game.parse_move(request.move)
    except RulesError:
        return False  # refused as the move it is not
    if not game.is_chance_outcome(move):
        return False
    expected = drawn.pop(0)
    sent = game.notation(move)
    if sent != expected:
        raise IllegalMove(
            Msg.of("driver-chance-differs", sent=sent, drawn=expected),
            reason="CHANCE_DIFFERS",
            details={"drawn": expected},
        )
    return True


def _checked(game: Game[Any, Any], state: Any, request: MoveRequest) -> Any:
    """The move ``request`` sends, parsed, after the checks of the mover that come before the
    rules' own: the game is not over, chance is not sent to a seeded game, the player named
    is to move."""
    _check_not_over(game, state)
    move = game.parse_move(request.move)
    if state.seed is not None and (game.is_chance(state) or game.is_chance_outcome(move)):
        raise IllegalMove(Msg.of("driver-chance-is-sampled"), reason="CHANCE_IS_SAMPLED")
    if request.player is not None:
        _check_to_move(game, state, request.player)
    return move


def check_turn(game: Game[Any, Any], state: Any, player: int | None) -> tuple[int, ...]:
    """The players to move, after the checks ``play_one`` makes of the mover: GameOver when
    the game is finished, NotYourTurn (NOT_TO_MOVE) for a named player not to move."""
    _check_not_over(game, state)
    if player is not None:
        _check_to_move(game, state, player)
    return tuple(game.to_move(state))


def _check_not_over(game: Game[Any, Any], state: Any) -> None:
    if game.status(state).finished:
        raise GameOver(Msg.of("driver-game-over"), reason="GAME_FINISHED")


def _check_to_move(game: Game[Any, Any], state: Any, player: int) -> None:
    movers = game.to_move(state)
    if player not in movers:
        raise NotYourTurn(
            _not_to_move(game, state, player, movers),
            reason="NOT_TO_MOVE",
            details={"toMove": list(movers)},
        )


def _not_to_move(game: Game[Any, Any], state: Any, player: int, movers: Sequence[int]) -> Msg:
    """Why ``player`` may not act: a person by their name (``<game>-player``, counted from 1),
    the number the request sent quoted as its field (``player 0``), as everywhere a person
    reads it; a number that names nobody only as that field."""
    if not 0 <= player < game.player_count(state):
        return Msg.of("driver-not-a-player", player=player)
    name = _name(game, player)
    if not movers:
        return Msg.of("driver-player-not-to-move-chance", player=player, name=name)
    names = [_name(game, p) for p in movers]
    return Msg.of("driver-player-not-to-move", player=player, name=name, movers=_listing(names))


def _name(game: Game[Any, Any], player: int) -> Msg:
    """A player's name in the game's own words: ``<game>-player`` ("White", "Player 1")."""
    return Msg.of(f"{game.id}-player", player=player)


def _listing(names: Sequence[Msg]) -> Msg:
    """One or more names in prose, "A, B and C", as nested messages (any number of them)."""
    if len(names) == 1:
        return names[0]
    if len(names) == 2:
        return Msg.of("driver-players-two", a=names[0], b=names[1])
    return Msg.of("driver-players-more", a=names[0], rest=_listing(names[1:]))


def check_document(game: Game[Any, Any], state: Any, move: Any, sent: Mapping[str, Any]) -> None:
    """A move document may carry the derived fields ``move_document`` adds (cells, corners,
    dice…); each one sent must agree with this position, so a document taken from another
    position, or edited by hand, is refused instead of silently meaning something else.

    The defining fields were read by ``parse_move`` in any accepted spelling; their canonical
    form replaces them here, so only the derived fields are compared.
    """
    expected = game.move_document(state, move)
    normal = _overlay(dict(sent), game.document(move))
    path = _first_difference(normal, expected, "$")
    if path is not None:
        raise InvalidNotation(
            Msg.of("driver-document-mismatch", field=path),
            reason="DOCUMENT_MISMATCH",
            details={"field": path, "expected": expected},
        )


def _overlay(sent: Any, canonical: Any) -> Any:
    """``sent`` with every value ``canonical`` defines replaced by the canonical one."""
    if isinstance(sent, Mapping) and isinstance(canonical, Mapping):
        out = {k: _overlay(sent[k], canonical[k]) if k in canonical else sent[k] for k in sent}
        return {**{k: v for k, v in canonical.items() if k not in out}, **out}
    if isinstance(sent, list) and isinstance(canonical, list) and len(sent) == len(canonical):
        return [_overlay(a, b) for a, b in zip(sent, canonical, strict=True)]
    return canonical


def _first_difference(sent: Any, expected: Any, path: str) -> str | None:
    """The JSON path of the first value in ``sent`` that ``expected`` does not have."""
    if isinstance(sent, Mapping):
        if not isinstance(expected, Mapping):
            return path
        for key, value in sent.items():
            if key not in expected:
                return f"{path}.{key}"
            found = _first_difference(value, expected[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(sent, list):
        if not isinstance(expected, list) or len(sent) != len(expected):
            return path
        for i, (a, b) in enumerate(zip(sent, expected, strict=True)):
            found = _first_difference(a, b, f"{path}[{i}]")
            if found:
                return found
        return None
    same_kind = isinstance(sent, bool) == isinstance(expected, bool)
    return None if same_kind and sent == expected else path


def play(
    game: Game[Any, Any],
    state: Any,
    requests: Sequence[MoveRequest],
    *,
    auto_chance: bool,
    secret: Dice = b"",
    movers: list[int | None] | None = None,
    seen: Seen = None,
) -> Transition[Any]:
    """Applies every move in order; a failure raises PlyError naming the move's index.

    With ``auto_chance`` a seeded state resting at a chance node is sampled first; those
    events carry no ``ply`` (no submitted move caused them). ``movers``, when given, gets who
    made each move: the player, or None for a chance outcome. ``seen`` is told every state a
    move or outcome leads to."""
    events: list[Event] = []
    fair = isinstance(secret, FairDice)
    drawn: list[str] = []  # a fair game's outcomes sampled since the last move, not yet listed
    if auto_chance:
        pending = resolve_chance(game, state, secret, seen)
        state = pending.state
        events.extend(pending.events)
        drawn = _drawn(pending.events) if fair else []
    for ply, request in enumerate(requests):
        try:
            if fair and listed_outcome(game, request, drawn):
                if movers is not None:
                    movers.append(None)
                continue
            if movers is not None:
                movers.append(_mover(game, state, request))
            t = play_one(game, state, request, auto_chance=auto_chance, secret=secret, seen=seen)
        except RulesError as exc:
            raise PlyError(ply, exc) from exc
        state = t.state
        events.extend(dict(e, ply=ply) for e in t.events)
        drawn = _drawn(t.events) if fair else []
    return Transition(state, tuple(events))


def _drawn(events: Sequence[Event]) -> list[str]:
    return [e["outcome"] for e in events if e.get("type") == "chance" and e.get("sampled")]


def _mover(game: Game[Any, Any], state: Any, request: MoveRequest) -> int | None:
    """Who makes ``request`` in ``state``: None at a chance node, else the named player or the
    first to move (what ``apply`` takes when no player is named)."""
    if game.is_chance(state):
        return None
    if request.player is not None:
        return request.player
    to_move = game.to_move(state)
    return to_move[0] if to_move else None


def start(
    game: Game[Any, Any],
    players: int | None,
    options: Mapping[str, Any] | None,
    seed: str | None,
    secret: Dice = b"",
    *,
    opening: bool = True,
    seen: Seen = None,
) -> Transition[Any]:
    """A new game; with a seed the opening chance nodes are sampled so a player acts first
    (``opening`` false: left to the first move, as a fair record's replay lists them).

    Its events open with ``gameStarted`` (how many play, who acts first by the rules), then the
    opening's sampled chance (the throw, the deal, the roll) and what it did."""
    state = game.new(players, options, seed)
    started: Event = {
        "type": "gameStarted",
        "players": game.player_count(state),
        "firstPlayer": game.first_player(state),
    }
    if not opening:
        return Transition(state, (started,))
    first = resolve_chance(game, state, secret, seen)
    return Transition(first.state, (started, *first.events))


def perft(game: Game[Any, Any], state: Any, depth: int) -> int:
    """Leaf positions ``depth`` plies ahead (each player's moves in turn; chance outcomes count)."""
    return _perft(game.rules, state, depth)


def _perft(rules: GameRules[Any, Any], state: Any, depth: int) -> int:
    if depth == 0:
        return 1
    if depth == 1:
        return rules.count_legal(state)
    if depth == 2:  # the children's moves counted together: most calls of a perft are here
        return rules.count_next(state)
    successor = rules.successor
    total = 0
    for move in rules.legal_moves(state):
        total += _perft(rules, successor(state, move), depth - 1)
    return total


__all__ = [
    "Dice",
    "MoveRequest",
    "PlyError",
    "check_document",
    "check_turn",
    "listed_outcome",
    "perft",
    "play",
    "play_one",
    "resolve_chance",
    "start",
]
