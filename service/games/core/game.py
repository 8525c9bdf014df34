"""The engine contract: one shape for all four games.

Every engine is a stateless object whose methods take immutable states (frozen, slotted
dataclasses of tuples) and return new ones. Chance is input: at a chance node the legal moves
are the outcomes, and a caller supplies one (physical dice) or samples one from the state's
seed with :mod:`service.games.core.chance`. Every state carries ``seed`` (``None`` or a
string) and ``chances`` (chance events resolved so far), which sampling keys on.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final, Generic, Protocol, TypeVar

from .chance import pick
from .errors import InvalidOptions, Problem
from .options import OptionSpec, options_schema, validate_options
from .text import Msg
from .wording import out_of_range

if TYPE_CHECKING:
    from .steps import NextSteps


class Shuffler(Protocol):
    """What a search hands ``determinize``: a seeded generator (``random.Random``); engines
    never import ``random`` themselves (no global randomness in the rules)."""

    def shuffle(self, x: list[Any]) -> None: ...


JSON = dict[str, Any]
Event = dict[str, Any]


class GameState(Protocol):
    @property
    def seed(self) -> str | None: ...

    @property
    def chances(self) -> int: ...


S = TypeVar("S", bound=GameState)
M = TypeVar("M")


@dataclass(frozen=True, slots=True)
class Transition(Generic[S]):
    """The state after a move and what happened on the way (JSON-ready event documents)."""

    state: S
    events: tuple[Event, ...] = ()


# A game's status as answers spell it: (ongoing, finished).
STATUSES = ("ongoing", "finished")


@dataclass(frozen=True, slots=True)
class Status:
    finished: bool
    winners: tuple[int, ...] = ()
    reason: str | None = None

    @property
    def label(self) -> str:
        return STATUSES[self.finished]


ONGOING: Final = Status(False)
"""The status of every game not over: one shared value (a replay asks it before every move)."""


@dataclass(frozen=True, slots=True)
class Scores:
    values: tuple[int, ...]
    breakdown: JSON = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One line of a player's score explained for people: ``points`` (negative for a
    penalty) that the rule ``rule`` gives, told by ``text``. A player's lines add up to
    their score."""

    player: int
    rule: str
    points: int
    text: Msg

    def wire(self) -> JSON:
        """The line as a score answer carries it, before ``message`` is written."""
        return {"player": self.player, "rule": self.rule, "points": self.points, **self.text.wire()}


@dataclass(frozen=True, slots=True)
class Colour:
    """A player's colour as code and pictures name it: ``key`` the stable word the notation and
    the SVG's ``data-colour``/``data-player-colour`` use (``white``), ``fill`` the CSS colour
    the SVG paints the player's pieces with. What people read is the catalog's
    ``<game>-colour``."""

    key: str
    fill: str


@dataclass(frozen=True, slots=True)
class Descriptor:
    id: str
    name: str
    min_players: int
    max_players: int
    default_players: int
    rules_version: str
    chance: bool
    hidden_information: bool
    simultaneous: bool
    options: tuple[OptionSpec, ...]
    summary: str = ""
    colours: tuple[Colour, ...] = ()
    """By player number, where the players have colours (else none)."""

    def players(self) -> list[JSON]:
        """Each player's language-free entry: number, colour key and fill (None without)."""
        colours: list[Colour | None] = [*self.colours, *[None] * self.max_players]
        return [
            {
                "player": p,
                "colour": None if (c := colours[p]) is None else c.key,
                "fill": None if c is None else c.fill,
            }
            for p in range(self.max_players)
        ]

    def describe(self) -> JSON:
        return {
            "id": self.id,
            "name": self.name,
            "minPlayers": self.min_players,
            "maxPlayers": self.max_players,
            "rulesVersion": self.rules_version,
            "chance": self.chance,
            "hiddenInformation": self.hidden_information,
            "simultaneous": self.simultaneous,
            "options": {o.name: o.describe() for o in self.options},
            "players": self.players(),
        }

    def validate_players(self, players: Any) -> int:
        if players is None:
            return self.default_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise InvalidOptions(
                Msg.of("players-not-integer"), [Problem("$.players", Msg.of("players-integer"))]
            )
        if not self.min_players <= players <= self.max_players:
            lo, hi, sent = self.min_players, self.max_players, str(players)  # a client's value
            told = (
                Msg.of("players-count", game=self.name, low=lo, players=sent)
                if lo == hi
                else Msg.of("players-count-range", game=self.name, low=lo, high=hi, players=sent)
            )
            raise InvalidOptions(told, [Problem("$.players", out_of_range(sent, lo, hi))])
        return players

    def validate_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        return validate_options(self.options, options)

    def options_schema(self) -> JSON:
        """JSON Schema of the ``options`` a client may send to ``new`` (defaults given)."""
        return options_schema(self.options)


class Chooser(Protocol):
    """What a search hands a playout policy: a seeded generator (``random.Random``)."""

    def choice(self, seq: Sequence[Any]) -> Any: ...


class GameRules(ABC, Generic[S, M]):
    """The engine protocol, OpenSpiel's vocabulary: what a search or a driver needs of a game.

    Subclasses implement the six abstract members; the rest have defaults a game overrides
    when it has chance, a variable player count, hidden information or a faster search path.
    Notation, codec, pictures and schemas are the other parts of a :class:`GameSpec`.
    """

    descriptor: Descriptor

    @property
    def id(self) -> str:
        return self.descriptor.id

    @abstractmethod
    def new(
        self,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        seed: str | None = None,
    ) -> S:
        """The opening state; players and options validated (``InvalidOptions``)."""

    def player_count(self, state: S) -> int:
        """Players in this game (0 … n-1); games with a variable count override this."""
        d = self.descriptor
        if d.min_players != d.max_players:
            raise NotImplementedError(f"{d.id} must say how many players a state has")
        return d.min_players

    @abstractmethod
    def to_move(self, state: S) -> tuple[int, ...]:
        """Players who may act now: several when simultaneous, none at a chance node or end."""

    def first_player(self, state: S) -> int | None:
        """Who acts first in the opening ``state`` by the rules, or None where chance decides
        (Tric Trac's opening throw, TT-4). By default the first player to move; a game whose
        opening is a chance node with a fixed first player (a deal, a roll) says who."""
        movers = self.to_move(state)
        return movers[0] if movers else None

    def is_chance(self, state: S) -> bool:
        return False

    def chance_outcomes(self, state: S) -> tuple[tuple[M, Fraction], ...]:
        """Outcomes with exact probabilities summing to 1; empty unless ``is_chance``."""
        return ()

    def sample_outcome(self, state: S, u: Fraction) -> M:
        """The outcome ``chance.pick(self.chance_outcomes(state), u)`` names for the number
        ``u`` in [0, 1): the one sampled at this chance node. A game may override it with a
        cheaper way to the same outcome (Triominos Junior: one tile of its sorted pool
        instead of every tile's probability); the shared contract holds the two equal."""
        return pick(self.chance_outcomes(state), u)

    def is_chance_outcome(self, move: M) -> bool:
        """Whether ``move`` is a chance outcome (a throw, a roll, a deal), not a player's move.

        The driver refuses outcomes sent for a seeded game (the service rolls it), wherever
        they are sent, so a game with chance must say which moves are outcomes.
        """
        if self.descriptor.chance:
            raise NotImplementedError(f"{self.descriptor.id} must say which moves are outcomes")
        return False

    @abstractmethod
    def legal_moves(self, state: S, player: int | None = None) -> tuple[M, ...]:
        """Every legal move, duplicate-free, in a stable order (the outcomes at a chance node)."""

    @abstractmethod
    def apply(self, state: S, move: M, player: int | None = None) -> Transition[S]:
        """The state after ``move``; raises IllegalMove, NotYourTurn or GameOver."""

    @abstractmethod
    def status(self, state: S) -> Status: ...

    @abstractmethod
    def scores(self, state: S) -> Scores: ...

    # -- search: the same rules without what only an answer needs ------------------------
    def determinize(self, state: S, player: int, rng: Shuffler) -> S:
        """A state ``player`` cannot tell from ``state``: what they cannot see replaced by a
        sample of what it could be (``rng``). Perfect-information games return ``state``."""
        return state

    def successor(self, state: S, move: M, player: int | None = None) -> S:
        """The state after a move taken from ``legal_moves(state, player)`` (or an outcome at
        a chance node): no checks, no events. Equal to ``apply(state, move, player).state``;
        an engine may override it with a faster path for search (perft, bots)."""
        return self.apply(state, move, player).state

    def checked_successor(self, state: S, move: M, player: int | None = None) -> S:
        """``apply(state, move, player).state`` for any move, legal or not, with the same
        refusals but no events (replaying a record). An engine may decide a move's legality
        by a cheap test where its rules allow and take the search path; anything the test does
        not settle goes through ``apply``."""
        return self.apply(state, move, player).state

    def count_legal(self, state: S, player: int | None = None) -> int:
        """``len(legal_moves(state, player))``, which an engine may count without making the
        moves."""
        return len(self.legal_moves(state, player))

    def count_next(self, state: S) -> int:
        """The moves of every position one legal move ahead, added up: perft's last two plies,
        ``sum(count_legal(successor(state, m)) for m in legal_moves(state))``, which an engine
        may count without making the positions."""
        count, successor = self.count_legal, self.successor
        return sum(count(successor(state, move)) for move in self.legal_moves(state))

    def totals(self, state: S) -> tuple[int, ...]:
        """``scores(state).values``: each player's score alone, which an engine whose
        breakdown costs more than its sums (Te-Trix names every region's cells) may work out
        without it. A Position carries the totals only."""
        return self.scores(state).values


Policy = Callable[[Any, Sequence[Any], int, Chooser], Any]
"""A playout policy: (state, legal moves, mover, rng) -> the move a bot's playout plays."""

Clock = Callable[[], str | None]
"""Asked during a bot's search: the name of the limit that has run out ("cpu", "time"), else
None."""
Kept = tuple[Sequence[M], int]
"""``GameSpec.candidates``' answer: the moves kept, and the positions looked at."""


def random_playout(state: Any, moves: Sequence[Any], mover: int, rng: Chooser) -> Any:
    """The default playout policy: any legal move, uniformly."""
    return rng.choice(moves)


RULE_PREFIX = re.compile(r"[A-Z]{2,4}")


@dataclass(frozen=True, slots=True, kw_only=True)
class GameSpec(Generic[S, M]):
    """Everything the service knows of one game, bundled by the game's own package: its rules
    (the engine protocol), notation, codec, picture, schemas, the prefix of its rule ids in
    ``docs/rules`` (``MX`` for ``MX-7``) and its bots' playout policy. The registry
    (:mod:`service.games`) holds one per game; nothing outside the game's folder names its
    types.

    ``type_prefix`` and ``type_names`` name the types code generators make of the move
    documents (the GraphQL ``MoveDocument`` members): ``<prefix><name>``, the name by default
    the branch's ``title`` without the game's name; kinds given one name share one type.
    """

    rules: GameRules[S, M]
    rule_prefix: str
    # notation: text and move documents
    parse_move: Callable[[str | Mapping[str, Any]], M]
    notation: Callable[[M], str]
    document: Callable[[M], JSON]
    # codec: the versioned state document
    encode: Callable[[S], JSON]
    decode: Callable[[Any], S]
    render: Callable[[S, int | None, bool], str]  # (state, viewer, narrow)
    # schemas (JSON Schema documents, exported under schema/)
    state_schema: Callable[[], JSON]
    move_schema: Callable[[], JSON]
    move_document_schema: Callable[[], JSON]
    event_schema: Callable[[], JSON]
    breakdown_schema: Callable[[], JSON]
    # optional parts
    move_document: Callable[[S, M], JSON] | None = None
    view: Callable[[S, int | None], JSON] | None = None
    view_schema: Callable[[], JSON] | None = None
    playout: Policy = random_playout
    judge: Callable[[S, int], float] | None = None
    """A position's worth for a player, in points (above 0: ahead; in solo the worth itself),
    on which the bots' playouts that stop before the end are judged instead of the score
    difference (Tric Trac: pips, points and blots; Te-Trix: a sheet's potential). None: the
    scores."""
    playout_plies: int | None = None
    """The plies a bots' playout may run before it is judged (at most ``ITERATION_PLIES``, the
    plies an iteration reserves); None: all of them."""
    candidates: Callable[[S, int, Sequence[M], int, Clock | None], Kept[M]] | None = None
    """The bots' root moves worth searching for a player among the legal ones, looking at no
    more than the given number of positions and, where it looks long, stopping once the clock
    (when given) names a limit: (the moves, the positions looked at). A game
    leaves out moves a good player never makes (Mixtour: one that hands the opponent a point
    while another does not; Te-Trix solo: stopping while a placement keeps the score), keeps
    the few it judges best (Mixtour: three), or, where its own judgement of a position plays
    better than random playouts, the one move it judges best, as far as the looks reach
    (Tric Trac: pips, points and blots, a throw deeper with a larger budget; Te-Trix: a
    sheet's potential; Triominos Junior: who will have to draw, judged from the player's
    view): one move kept is played without a search. None: every legal move."""
    judged: Callable[[S, int, Sequence[M], int], tuple[Sequence[tuple[M, float]], int]] | None = (
        None
    )
    """The moves a weak bot level may choose among, each with its worth by the game's own
    judgement (in the game's units, higher better), looking at no more than the given number
    of positions: (the moves and their worth, the positions looked at). Only moves a player
    might plausibly make (Mixtour: none that hands the opponent a point while another does
    not; Te-Trix solo: no stop while a placement keeps the score). Empty: nothing judged
    (the looks do not reach, or the game leaves the choice to the search), and the level
    plays as the others do. None: no level slips in this game."""
    slip: float = 1.0
    """A weak level's slips, in ``judged``'s units: a move worth this much less than the best
    is chosen 1/e times as often as the best (``bots.SLIPS``)."""
    # turns built step by step (service/games/core/steps.py)
    marks: tuple[float, float, float] = (0.1, 0.2, 0.35)
    """What a decision must give up (in value: win chance, 0 to 1) to be marked an inaccuracy,
    a mistake, a blunder by ``analyze`` (docs/bots.md lists each game's)."""
    next_steps: Callable[[S, int, tuple[M, ...]], NextSteps[M]] | None = None
    """The steps that may follow the chosen ones (each a one-step move) for the player to
    move; raises ``steps.StepError`` naming the step it refuses. None: each legal move is one
    step that ends the turn."""
    turn_steps: int = 1
    """The most steps one turn has: a request choosing more is refused before it is read."""
    # words for people (service/text.py renders them; ids in messages/<language>.ftl)
    describe_move: Callable[[S, M], Msg] | None = None
    """A legal move of the position, told: "White moves 2 pieces from c4 to d3"."""
    describe_event: Callable[[Mapping[str, Any]], Msg] | None = None
    """An event ``apply`` (or the driver, for ``chance``) emitted, told."""
    prompt: Callable[[S], Msg] | None = None
    """What the position asks of whom ("Red to move: roll"), or how the game ended."""
    score_lines: Callable[[S, Scores], Sequence[ScoreLine]] | None = None
    """Each player's score as lines that cite their rules and add up to it."""
    # what moves and events touch, named as the SVG names them (issue 25): see ``locations``
    move_locations: Callable[[S, JSON], list[JSON]] | None = None
    """The locations a legal move of the position touches, from its move document."""
    event_locations: Callable[[Mapping[str, Any]], list[JSON]] | None = None
    """The locations an event touched, in the picture of the position after it."""
    location_schema: Callable[[], JSON] | None = None
    """JSON Schema of one location of this game."""
    offer_key: Callable[[S], Hashable] | None = None
    """All of a position that a legal move's notation, move document and locations depend
    on besides the move (Mixtour: whose supply a placement takes from), so ``Game.offered``
    may keep them per (key, move); None: they depend on more, and are made each time."""
    kept_document: Callable[[S, M], JSON] | None = None
    """The move document of an entry ``Game.offered`` keeps: equal to ``move_document``'s,
    but its parts may be the engine's own tables' (Te-Trix: each cell's entry), since a kept
    entry is never changed. None: ``move_document``."""
    answer_memory: Mapping[str, int] = field(default_factory=dict)
    """Memory a computed answer of an operation (``legal-moves``) holds per byte of its JSON,
    where it holds less than the cache's ``MEMORY_PER_JSON_BYTE`` because it shares parts
    with the engine's tables (``kept_document``); ``tests/cache/test_bytes.py`` measures it."""
    type_prefix: str | None = None
    type_names: Mapping[str, str] = field(default_factory=dict)
    game: Game[S, M] = field(init=False, repr=False, compare=False)
    """The game as callers use it: the rules and the rest of the spec, one object."""

    def __post_init__(self) -> None:
        if not RULE_PREFIX.fullmatch(self.rule_prefix):
            raise ValueError(f"rule prefix {self.rule_prefix!r}: 2 to 4 capital letters")
        object.__setattr__(self, "game", Game(self))

    @property
    def descriptor(self) -> Descriptor:
        return self.rules.descriptor

    @property
    def id(self) -> str:
        return self.rules.descriptor.id


PARSED_KEPT: Final = 4096  # notations a game keeps parsed (``Game.parse_move``)
PARSED_TEXT_MAX: Final = 64  # the longest notation kept
OFFER_BYTES: Final = 1024
"""The most memory a kept answer entry of ``Game.offered`` holds on average, beyond what it
shares with other entries and the engine's tables (``tests/games/test_offered.py`` measures
every game's along random games: about 780 bytes in Mixtour, 840 in Te-Trix since its kept
entries share their cells, ``kept_document``; 1,300-1,400 before)."""
OFFERS_KEPT: Final = (24 << 20) // OFFER_BYTES
"""The answer entries a game keeps made (``Game.offered``): at most 24 MiB a game. A Te-Trix
sheet's entries are shared by every position with the same arrangement (about 10,000 of them
over 300 positions of 2-player games on 7 x 7, 12,000 on 9 x 9 with four players)."""
Offer = tuple[str, JSON, list[JSON]]  # a kept entry's notation, move document and locations


class Game(Generic[S, M]):
    """A registered game as the driver, the operations and the tests call it (DESIGN.md "The
    engine contract"): the spec's rules and its other parts behind one object.

    A search's hot loop calls ``rules`` directly (one call fewer per move).
    """

    __slots__ = ("_offers", "_offers_kept", "_parsed", "descriptor", "rules", "spec")

    def __init__(self, spec: GameSpec[S, M]) -> None:
        self.spec = spec
        self.rules = spec.rules
        self.descriptor = spec.rules.descriptor
        self._parsed: dict[str, M] = {}
        # the kept answer entries (``offered``): per offer key, per move
        self._offers: dict[Hashable, dict[M, Offer]] = {}
        self._offers_kept = 0

    @property
    def id(self) -> str:
        return self.descriptor.id

    def __repr__(self) -> str:
        return f"Game({self.id!r})"

    # -- the rules -----------------------------------------------------------------------
    def new(
        self,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        seed: str | None = None,
    ) -> S:
        return self.rules.new(players, options, seed)

    def player_count(self, state: S) -> int:
        return self.rules.player_count(state)

    def to_move(self, state: S) -> tuple[int, ...]:
        return self.rules.to_move(state)

    def first_player(self, state: S) -> int | None:
        return self.rules.first_player(state)

    def is_chance(self, state: S) -> bool:
        return self.rules.is_chance(state)

    def chance_outcomes(self, state: S) -> tuple[tuple[M, Fraction], ...]:
        return self.rules.chance_outcomes(state)

    def sample_outcome(self, state: S, u: Fraction) -> M:
        return self.rules.sample_outcome(state, u)

    def is_chance_outcome(self, move: M) -> bool:
        return self.rules.is_chance_outcome(move)

    def legal_moves(self, state: S, player: int | None = None) -> tuple[M, ...]:
        return self.rules.legal_moves(state, player)

    def apply(self, state: S, move: M, player: int | None = None) -> Transition[S]:
        return self.rules.apply(state, move, player)

    def determinize(self, state: S, player: int, rng: Shuffler) -> S:
        return self.rules.determinize(state, player, rng)

    def successor(self, state: S, move: M, player: int | None = None) -> S:
        return self.rules.successor(state, move, player)

    def checked_successor(self, state: S, move: M, player: int | None = None) -> S:
        return self.rules.checked_successor(state, move, player)

    def count_legal(self, state: S, player: int | None = None) -> int:
        return self.rules.count_legal(state, player)

    def count_next(self, state: S) -> int:
        return self.rules.count_next(state)

    def totals(self, state: S) -> tuple[int, ...]:
        return self.rules.totals(state)

    def status(self, state: S) -> Status:
        return self.rules.status(state)

    def scores(self, state: S) -> Scores:
        return self.rules.scores(state)

    # -- notation, codec, picture --------------------------------------------------------
    def parse_move(self, move: str | Mapping[str, Any]) -> M:
        """A move from its notation or move document; raises InvalidNotation.

        Short notations parsed before are looked up (moves are immutable; a record repeats
        many): at most ``PARSED_KEPT`` of at most ``PARSED_TEXT_MAX`` characters, emptied
        when full, so the memory they hold is bounded."""
        if isinstance(move, str) and len(move) <= PARSED_TEXT_MAX:
            found = self._parsed.get(move)
            if found is None:
                found = self.spec.parse_move(move)
                if len(self._parsed) >= PARSED_KEPT:
                    self._parsed.clear()
                self._parsed[move] = found
            return found
        return self.spec.parse_move(move)

    def notation(self, move: M) -> str:
        """Canonical notation: ``parse_move(notation(m)) == m``."""
        return self.spec.notation(move)

    def document(self, move: M) -> JSON:
        """The canonical move document: only the fields that define the move."""
        return self.spec.document(move)

    def move_document(self, state: S, move: M) -> JSON:
        """The move document enriched with what the move touches in ``state``, named as the
        SVG names them (squares, points, cells, corners), so a UI needs no rules of its own.

        ``parse_move`` accepts it; the enriched (derived) fields must then agree with the
        position (see ``driver.check_document``). By default there is nothing to add.
        """
        enrich = self.spec.move_document
        return self.spec.document(move) if enrich is None else enrich(state, move)

    def offered(self, state: S, move: M, document: JSON | None = None) -> dict[str, Any]:
        """A legal move as legal-moves, next-steps and suggest answer it: its notation, its
        move document (``document`` when already made) and the places it touches in the
        picture, a new dict each call (callers add to it).

        With the spec's ``offer_key`` the three are kept per (key, move) and shared between
        answers, as a cached answer's are (nobody changes them): at most ``OFFERS_KEPT``,
        emptied when full, each a move's few small fields, so the memory is bounded. A kept
        document may share its parts with the engine's tables (``kept_document``): callers
        add to the entry, never change its document or locations.
        """
        key_of = self.spec.offer_key
        if key_of is None or document is not None:
            return self._offer(state, move, document)
        return self.offered_each(state, (move,))[0]

    def offered_each(self, state: S, moves: Sequence[M]) -> list[dict[str, Any]]:
        """``offered`` of each of ``moves``, the position's key asked once (a legal-moves
        answer asks for every legal move: Te-Trix's key hashes an arrangement)."""
        key_of = self.spec.offer_key
        if key_of is None or not moves:  # no table for a position without moves
            return [self._offer(state, move) for move in moves]
        key = key_of(state)
        table = self._offers.get(key)
        if table is None:
            table = self._offers[key] = {}
        out = []
        for move in moves:
            kept = table.get(move)
            if kept is None:
                shared = self.spec.kept_document
                entry = self._offer(state, move, None if shared is None else shared(state, move))
                if self._offers_kept >= OFFERS_KEPT:
                    self._forget_offers()
                    table = self._offers[key] = {}
                table[move] = (entry["notation"], entry["move"], entry["locations"])
                self._offers_kept += 1
                out.append(entry)
            else:
                notation, document, locations = kept
                out.append({"notation": notation, "move": document, "locations": locations})
        return out

    def offers_kept(self) -> int:
        """How many answer entries ``offered`` keeps now (at most ``OFFERS_KEPT``)."""
        return self._offers_kept

    def _forget_offers(self) -> None:
        """Empties the kept answer entries (when full; tests, to measure without them)."""
        self._offers.clear()
        self._offers_kept = 0

    def _offer(self, state: S, move: M, document: JSON | None = None) -> dict[str, Any]:
        if document is None:
            document = self.move_document(state, move)
        return {
            "notation": self.notation(move),
            "move": document,
            "locations": self.move_locations(state, document),
        }

    def move_locations(self, state: S, document: JSON) -> list[JSON]:
        """What the move with this move document (``move_document(state, move)``) touches in
        ``state``'s picture: a list of locations (:mod:`.locations`); none for a game that
        does not say."""
        locate = self.spec.move_locations
        return [] if locate is None else locate(state, document)

    def event_locations(self, event: Mapping[str, Any]) -> list[JSON]:
        """What an event touched, in the picture of the position after it; none for a game
        that does not say."""
        locate = self.spec.event_locations
        return [] if locate is None else locate(event)

    def encode(self, state: S) -> JSON:
        """The versioned JSON document ``{"game": id, "v": 1, ...}``."""
        return self.spec.encode(state)

    def decode(self, doc: Any) -> S:
        """A state from its document; raises InvalidState listing every problem."""
        return self.spec.decode(doc)

    def view(self, state: S, player: int | None = None) -> JSON:
        """What ``player`` may see; by default the whole state without the sampling seed."""
        if self.spec.view is not None:
            return self.spec.view(state, player)
        doc = self.spec.encode(state)
        doc.pop("seed", None)
        return doc

    def render(self, state: S, player: int | None = None, narrow: bool = False) -> str:
        """An SVG picture of the position a person can read; ``narrow``: drawn for a phone
        (every text at least ``core.narrow.MIN_TEXT_PX`` in its ``NARROW_PX`` box)."""
        return self.spec.render(state, player, narrow)

    # -- schemas -------------------------------------------------------------------------
    def state_schema(self) -> JSON:
        """JSON Schema of the state document."""
        return self.spec.state_schema()

    def move_schema(self) -> JSON:
        """JSON Schema of a move as ``play`` accepts it: its notation string or its move
        document (derived fields optional)."""
        return self.spec.move_schema()

    def move_document_schema(self) -> JSON:
        """JSON Schema of ``move_document`` answers: one object per kind, every field (the
        derived ones too) required, so generated client types need no optional checks."""
        return self.spec.move_document_schema()

    def event_schema(self) -> JSON:
        """JSON Schema of one event ``apply`` emits, or the driver adds (``chance``, ``ply``):
        ``oneOf`` one object per ``type``; see :mod:`service.games.core.events`."""
        return self.spec.event_schema()

    def breakdown_schema(self) -> JSON:
        """JSON Schema of ``scores(state).breakdown``."""
        return self.spec.breakdown_schema()

    def location_schema(self) -> JSON | None:
        """JSON Schema of one location (None for a game without locations)."""
        return None if self.spec.location_schema is None else self.spec.location_schema()

    def view_schema(self) -> JSON | None:
        """JSON Schema of ``view`` when it differs from the state document (hidden racks)."""
        return None if self.spec.view_schema is None else self.spec.view_schema()


# A seed's length in characters: the state codecs, the request readers and every schema
# read it from here.
SEED_LENGTH = (1, 200)
