"""The operations both API styles call: parse, call the engine, serialize. No rules here."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from hashlib import sha256
from typing import Any

from .. import bots, jsonio, text
from ..cache import MEMORY_PER_JSON_BYTE, Cache, cache_key
from ..cache.memory import LRU
from ..games import REGISTRY
from ..games.core import (
    Clock,
    Event,
    Game,
    MoveRequest,
    NotYourTurn,
    PlyError,
    RulesError,
    StepError,
    driver,
    next_steps,
)
from ..games.core.errors import Problems
from ..games.core.fair import Fair, FairDice, Start, commitment, reveals
from ..games.core.fields import CONTRIBUTION
from ..games.core.game import SEED_LENGTH
from ..games.core.locations import mark as mark_picture
from ..games.core.text import Msg
from ..limits import ITERATION_PLIES, POSITION_COST
from ..rules_text import rule_texts, rules_markdown
from ..settings import Settings
from . import offload
from .budget import current, spend
from .errors import ServiceError, from_rules, from_step, invalid_request, problem_details
from .keys import Key, Keyring
from .request import type_name

Engine = Game[Any, Any]
# Move lists up to this long are played on the event loop: a thread hand-off costs more.
INLINE_MOVES = 32


class Loaded:
    """A state document whose signature was checked, with its canonical bytes (the cache
    key's state part). It is decoded only when something is not cached: a cached result
    exists only for a document that decoded before, so a hit skips validation safely.

    ``key`` is the key that signed it, or that the service made it with: the states derived
    from it are signed with the same key. None for an unsigned state, whose answers stay
    unsigned (a service with a secret is no signing oracle). ``dice`` is the key its chance
    is sampled with: ``key``, except for a game a retired key started again (replay or
    verify with its ``keyId``), which is rolled with that key and signed with none."""

    __slots__ = (
        "_doc",
        "_encoded",
        "_fair",
        "_state",
        "canonical",
        "dice",
        "engine",
        "key",
        "memo",
        "pending",
    )

    def __init__(
        self,
        engine: Engine,
        canonical: bytes,
        doc: Any = None,
        state: Any = None,
        encoded: dict[str, Any] | None = None,
        key: Key | None = None,
        dice: Key | None = None,
        fair: Fair | None = None,
    ) -> None:
        self.engine = engine
        self.canonical = canonical
        self.key = key
        self.dice = key if dice is None else dice
        self._fair = fair
        self._doc = doc
        self._state = state
        self._encoded = encoded
        # results already answered for this request, by (operation, player): a GraphQL
        # Position asks for its summary once per field, and each lookup would hash the state
        self.memo: dict[tuple[str, int | None], Any] = {}
        # the same, still being computed: a GraphQL list's items ask at once (each legal
        # move's description), and while the first waits (for Redis, or for a compute
        # thread) the others must wait for it, not compute it again and spend the budget again
        # (a future only once a second one asks: None while the first is alone)
        self.pending: dict[tuple[str, int | None], asyncio.Future[Any] | None] = {}

    @property
    def state(self) -> Any:
        if self._state is None:
            try:
                self._state = self.engine.decode(self._doc)
            except RulesError as exc:
                raise from_rules(exc) from exc
        return self._state

    @property
    def encoded(self) -> dict[str, Any]:
        """The canonical state document (a client's document may be spelled otherwise)."""
        if self._encoded is None:
            self._encoded = with_fair(self.engine.encode(self.state), self.fair)
        return self._encoded

    @property
    def fair(self) -> Fair | None:
        """A fair game's commitment, contributions and reveal (``fair`` of the document,
        checked by decoding it); None for any other game."""
        if self._fair is None and self._doc is not None and self._doc.get("fair") is not None:
            self.state  # noqa: B018 - decoding checks the field's shape
            self._fair = Fair.of(self._doc["fair"])
        return self._fair


class Rules:
    """The service facade: one instance per process, shared by REST and GraphQL."""

    def __init__(
        self, settings: Settings, cache: Cache, registry: Mapping[str, Engine] | None = None
    ) -> None:
        self.settings = settings
        self.cache = cache
        self.registry = REGISTRY if registry is None else registry
        self.keys = Keyring(settings.rules_secret, settings.previous_secret_list())
        # Documents that decoded, by cache key: bounded by entries alone, as each holds a
        # 20-byte key and True (158 bytes measured: 8 MB at the default CACHE_ENTRIES).
        self._valid = LRU(settings.cache_entries)

    # -- games and states ----------------------------------------------------------------
    def games(self) -> list[dict[str, Any]]:
        """Every game's descriptor, with the words people read in the answer's language: its
        players' names, each option's label (``title``) and ``description``."""
        return [_worded(e.descriptor.describe()) for e in self.registry.values()]

    def rules_of(self, engine: Engine) -> dict[str, Any]:
        """The game's rules in the answer's language: each rule's id and its Markdown text."""
        language, rules = _rules_texts(engine.descriptor.id, text.LANGUAGE.get())
        return {"game": engine.descriptor.id, "language": language, "rules": rules}

    def engine(self, game: str) -> Engine:
        engine = self.registry.get(game)
        if engine is None:
            raise ServiceError(
                "UNKNOWN_GAME",
                Msg.of("error-unknown-game", game=repr(game)),
                {"known": sorted(self.registry)},
            )
        return engine

    def load(self, engine: Engine, doc: Any) -> Loaded:
        """Checks the signature, then decodes (InvalidState lists every problem)."""
        key = None
        if isinstance(doc, Mapping) and "sig" in doc:
            doc = dict(doc)
            sig = doc.pop("sig")
            body = _canonical(doc)
            if self.keys:  # without a secret a signature means nothing and is dropped
                key = self.keys.verify(sig, body)
        else:
            if self.settings.require_signed_state:
                raise ServiceError(
                    "STATE_TAMPERED",
                    Msg.of("error-state-unsigned"),
                    {"reason": "UNSIGNED"},
                )
            body = _canonical(doc)
        if not isinstance(doc, Mapping):
            raise ServiceError(
                "INVALID_STATE",
                Msg.of("error-state-not-object"),
                problem_details([{"path": "$", "reason": Msg.of("request-json-object")}]),
            )
        return Loaded(engine, body, doc=doc, key=key)

    async def _cached(
        self,
        loaded: Loaded,
        op: str,
        player: int | None,
        compute: Any,
        extra: bytes = b"",
        units: Callable[[], int] | None = None,
        off_loop: bool = False,
        keep: Callable[[Any], bool] | None = None,
    ) -> Any:
        """``compute()`` through the cache, keyed by the state, ``op``, ``player`` and the
        request's ``extra`` part (canonical JSON: the steps of next-steps); ``units``,
        ``off_loop`` and ``keep`` as ``Cache.get_or_compute`` takes them."""
        memo_key = (op if not extra else f"{op}\x00{extra.decode()}", player)
        memo = loaded.memo.get(memo_key)
        if memo is not None:
            return memo
        if memo_key in loaded.pending:  # being computed for this request: wait for it
            waiting = loaded.pending[memo_key]
            if waiting is None:
                waiting = loaded.pending[memo_key] = asyncio.get_running_loop().create_future()
            return await waiting
        d = loaded.engine.descriptor
        # canonical JSON holds no NUL byte: the state's bytes and the extra part stay apart
        state = loaded.canonical if not extra else loaded.canonical + b"\x00" + extra
        key = cache_key(d.id, d.rules_version, state, op, player)
        loaded.pending[memo_key] = None
        try:
            per_byte = loaded.engine.spec.answer_memory.get(op, MEMORY_PER_JSON_BYTE)
            value = await self.cache.get_or_compute(
                d.id, key, op, compute, units, off_loop, keep, per_byte
            )
        except BaseException as exc:
            _settle(loaded.pending.pop(memo_key, None), exc)
            raise
        loaded.memo[memo_key] = value
        _settle(loaded.pending.pop(memo_key, None), None, value)
        return value

    def validate(self, loaded: Loaded) -> None:
        """Raises INVALID_STATE unless the state is valid: decodes it, unless this process
        decoded the same document before (a summary the client may not even ask for is not
        computed, and a state asked about again is not decoded again)."""
        if loaded.memo or loaded._state is not None:
            return
        d = loaded.engine.descriptor
        key = cache_key(d.id, d.rules_version, loaded.canonical, "valid", None)
        if self._valid.get(key) is None:
            loaded.state  # noqa: B018 - decoding validates (InvalidState lists every problem)
            self._valid.put(key, True)

    # -- operations ----------------------------------------------------------------------
    async def summary(self, loaded: Loaded) -> dict[str, Any]:
        """The Position fields (cached); ``state`` is the canonical document, unsigned."""
        engine = loaded.engine

        def compute() -> dict[str, Any]:
            spend(POSITION_COST, Msg.of("error-work-position"))
            state = loaded.state
            status = engine.status(state)
            return {
                "state": loaded.encoded,
                "toMove": list(engine.to_move(state)),
                "isChance": engine.is_chance(state),
                "status": status.label,
                "winners": list(status.winners),
                "scores": list(engine.totals(state)),
            }

        return await self._cached(loaded, "position", None, compute)  # type: ignore[no-any-return]

    def loaded(
        self,
        engine: Engine,
        state: Any,
        key: Key | None = None,
        dice: Key | None = None,
        fair: Fair | None = None,
    ) -> Loaded:
        """Wraps a state the service just computed (its encoding is canonical already),
        to be signed with ``key``: the game's, never chosen by an unsigned input (``dice``:
        the key its chance is sampled with, when that is not ``key``; ``fair``: a fair game's
        commitment, which carries its reveal once the game is finished)."""
        doc = with_fair(engine.encode(state), fair)
        return Loaded(
            engine,
            jsonio.canonical(doc),
            doc=doc,
            state=state,
            encoded=doc,
            key=key,
            dice=dice,
            fair=fair,
        )

    async def position_of(self, loaded: Loaded) -> dict[str, Any]:
        """The summary with its state signed by ``loaded.key`` (unsigned without one)."""
        summary = await self.summary(loaded)
        doc = summary["state"]
        if loaded.key is None:
            return {**summary, "state": dict(doc)}
        body = jsonio.canonical(doc)
        if body != loaded.canonical:
            # A cached summary's state is signed only when it is byte for byte the state this
            # request brought (its signature checked) or the service made: the cache, Redis
            # above all, is no proof. Otherwise the state is decoded and encoded here (a
            # client's document spelled otherwise than the canonical form pays that too).
            doc = loaded.encoded
            body = jsonio.canonical(doc)
        return {**summary, "state": {**doc, "sig": loaded.key.sign(body)}}

    async def prompt(self, loaded: Loaded) -> dict[str, Any] | None:
        """What the position asks of whom, or how the game ended, as ``messageId`` and
        ``args`` (cached: language-free); None for a game without prompts."""
        prompt = loaded.engine.spec.prompt
        if prompt is None:
            return None

        def compute() -> dict[str, Any]:
            spend(POSITION_COST, Msg.of("error-work-prompt"))
            return prompt(loaded.state).wire()

        return await self._cached(loaded, "prompt", None, compute)  # type: ignore[no-any-return]

    async def legal_moves(
        self, loaded: Loaded, player: int | None, describe: bool = False
    ) -> dict[str, Any]:
        """The legal moves; with ``describe`` each with its description, as ``messageId``
        and ``args`` under ``description`` (cached apart: the lean answer stays lean)."""
        if player is not None and not 0 <= player < loaded.engine.descriptor.max_players:
            # refused before anything is computed, with this very game's range
            self.check_player(loaded.engine, player, loaded.state)
        engine = loaded.engine
        told = engine.spec.describe_move if describe else None

        found: list[tuple[Any, float | None]] = []

        def count() -> int:
            """The moves, found on the loop (the engines' part is cheap); their answer entries
            are the cost that decides where ``compute`` runs."""
            spend(POSITION_COST, Msg.of("error-work-legal-moves"))
            state = loaded.state
            self.check_player(engine, player, state)
            try:
                if engine.is_chance(state) and player is not None:
                    pass  # the outcomes are the host's
                elif engine.is_chance(state):
                    found.extend((m, float(p)) for m, p in engine.chance_outcomes(state))
                else:
                    found.extend((m, None) for m in engine.legal_moves(state, player))
            except RulesError as exc:
                raise from_rules(exc) from exc
            return len(found)

        def compute() -> dict[str, Any]:
            state = loaded.state
            try:
                moves = []
                offered = engine.offered_each(state, [m for m, _ in found])
                for entry, (m, p) in zip(offered, found, strict=True):
                    if p is not None:
                        entry["probability"] = p
                    if told is not None:
                        entry["description"] = told(state, m).wire()
                    moves.append(entry)
            except RulesError as exc:
                raise from_rules(exc) from exc
            spend(len(moves), Msg.of("error-work-legal-moves"))  # their documents cost by the move
            return {
                "toMove": list(engine.to_move(state)),
                "isChance": engine.is_chance(state),
                "moves": moves,
            }

        op = "legal-moves" if told is None else "legal-moves-described"
        return await self._cached(loaded, op, player, compute, units=count)  # type: ignore[no-any-return]

    async def next_steps(
        self, loaded: Loaded, player: int | None, chosen: Sequence[str | Mapping[str, Any]]
    ) -> dict[str, Any]:
        """A turn built step by step (service/games/core/steps.py): the steps that may follow
        ``chosen`` for ``player`` (null: the one to move), each with its move document, whether
        the turn may end there and, when it may, the whole turn as ``play`` accepts it."""
        engine = loaded.engine
        limit = engine.spec.turn_steps
        if len(chosen) > limit:
            raise ServiceError(
                "INVALID_REQUEST",
                Msg.of(
                    "error-too-many-steps",
                    game=engine.descriptor.name,
                    limit=limit,
                    count=len(chosen),
                ),
                problem_details(
                    [{"path": "$.steps", "reason": Msg.of("request-steps-at-most", limit=limit)}]
                ),
            )
        if player is not None and not 0 <= player < engine.descriptor.max_players:
            self.check_player(engine, player, loaded.state)

        def compute() -> dict[str, Any]:
            spend(POSITION_COST, Msg.of("error-work-next-steps"))
            state = loaded.state
            self.check_player(engine, player, state)
            try:
                found = next_steps(engine, state, player, chosen)
                turn = found.turn
                answer = {
                    "steps": [engine.offered(state, o.step, o.document) for o in found.steps],
                    "canEnd": turn is not None,
                    "turn": None if turn is None else engine.offered(state, turn),
                }
            except StepError as exc:
                raise from_step(exc) from exc
            except RulesError as exc:
                raise from_rules(exc) from exc
            spend(len(found.steps), Msg.of("error-work-next-steps"))  # documents cost by the step
            return answer

        extra = jsonio.canonical(list(chosen))
        return await self._cached(loaded, "next-steps", player, compute, extra)  # type: ignore[no-any-return]

    def new_game(
        self,
        engine: Engine,
        players: int | None,
        options: Any,
        seed: str | None,
        key_id: str | None = None,
        fair: Start | None = None,
    ) -> Loaded:
        """A new game under the current key (``key_id``: another configured key, whose
        dice it rolls; a retired key signs no new game, so its states come unsigned)."""
        return self.start(engine, players, options, seed, key_id, fair)[0]

    def start(
        self,
        engine: Engine,
        players: int | None,
        options: Any,
        seed: str | None,
        key_id: str | None = None,
        fair: Start | None = None,
    ) -> tuple[Loaded, list[Event]]:
        """``new_game`` and its events, located: ``gameStarted``, then with a seed the opening's
        chance sampled (the throw that decides who starts, the deal, the first roll).

        ``fair``: a fair game with these contributions (one a player, None for none): its
        chance comes from a server seed made with the key's secret, committed to in the
        state (``core/fair.py``); started ``open``, it waits at its first chance event for
        the seats without a contribution (``contribute``)."""
        check_seed(seed)
        key = self.keys.named(key_id)
        if fair is not None:
            return self._start_fair(engine, players, options, seed, key, fair)
        try:
            t = driver.start(engine, players, options, seed, self.keys.sampling(key))
        except RulesError as exc:
            raise from_rules(exc) from exc
        loaded = self.loaded(engine, t.state, self.keys.signing(key), dice=key)
        return loaded, located(engine, t.events)

    def _start_fair(
        self,
        engine: Engine,
        players: int | None,
        options: Any,
        seed: str | None,
        key: Key | None,
        fair: Start,
    ) -> tuple[Loaded, list[Event]]:
        """A fair game's start: its commitment at ply 0, then, unless it waits for
        contributions, the opening's chance drawn."""
        dice = self._new_fair_dice(engine, players, seed, fair.contributions, key)
        try:
            t = driver.start(engine, players, options, seed, opening=False)
        except RulesError as exc:
            raise from_rules(exc) from exc
        awaiting: tuple[int, ...] = ()
        if fair.open:
            awaiting = tuple(i for i, c in enumerate(dice.contributions) if c is None)
        seed_bytes = dice.server_seed(engine, t.state)
        begun = Fair(commitment(seed_bytes), dice.contributions, awaiting=awaiting, ply=0)
        signing = self.keys.signing(key)
        if awaiting:
            loaded = self.loaded(engine, t.state, signing, dice=key, fair=begun)
            return loaded, located(engine, t.events)
        end, made, events = self._draw_opening(engine, t.state, dice, begun)
        loaded = self.loaded(engine, end, signing, dice=key, fair=made)
        return loaded, located(engine, [*t.events, *events])

    def _draw_opening(
        self, engine: Engine, state: Any, dice: FairDice, begun: Fair
    ) -> tuple[Any, Fair, list[Event]]:
        """A fair game's opening chance drawn from its start ``begun``: the state a player
        acts in, its ``fair`` (ply and parent counted on) and the chance's events."""
        plies = Plies(engine, begun, with_fair(engine.encode(state), begun))
        try:
            t = driver.resolve_chance(engine, state, dice, plies.seen)
        except RulesError as exc:
            raise from_rules(exc) from exc
        return t.state, fair_after(engine, t.state, dice, plies.fair), list(t.events)

    def contribute(
        self, loaded: Loaded, player: int, contribution: Any
    ) -> tuple[Loaded, list[Event]]:
        """A contribution to a fair game started open, from ``player`` (a seat it awaits; a
        null one gives none): once no seat is awaited, the opening's chance is drawn from the
        committed server seed and every contribution."""
        problems = Problems()
        text = CONTRIBUTION.read(contribution, problems, "$.contribution")
        if problems:
            raise invalid_request([{"path": p.path, "reason": p.why} for p in problems.items])
        engine, state = loaded.engine, loaded.state
        self.check_player(engine, player, state)
        fair = loaded.fair
        awaiting = () if fair is None else fair.awaiting
        if player not in awaiting:
            raise ServiceError(
                "NOT_YOUR_TURN",
                Msg.of(
                    "error-contribution-not-awaited",
                    player=player,
                    name=Msg.of(f"{engine.id}-player", player=player),
                ),
                {"reason": "NOT_AWAITED", "awaiting": list(awaiting)},
            )
        dice = self.fair_dice(loaded)
        assert fair is not None and dice is not None
        seed_bytes = dice.server_seed(engine, state)
        given = list(fair.contributions)
        given[player] = text
        rest = tuple(seat for seat in awaiting if seat != player)
        begun = dataclasses.replace(fair, contributions=tuple(given), awaiting=rest)
        if rest:
            return self.loaded(engine, state, loaded.key, loaded.dice, begun), []
        end, made, events = self._draw_opening(
            engine, state, FairDice(given, seed=seed_bytes), begun
        )
        return self.loaded(engine, end, loaded.key, loaded.dice, made), located(engine, events)

    def _new_fair_dice(
        self,
        engine: Engine,
        players: int | None,
        seed: str | None,
        contributions: Sequence[str | None],
        key: Key | None,
    ) -> FairDice:
        """The dice of a new fair game: it needs a seed (the game's name) and a secret to make
        its server seed with, and at most one contribution a player."""
        problems: list[dict[str, Any]] = []
        if key is None:
            problems.append({"path": "$.fair", "reason": Msg.of("request-fair-needs-secret")})
        if seed is None:
            problems.append({"path": "$.seed", "reason": Msg.of("request-fair-needs-seed")})
        try:
            count = engine.descriptor.validate_players(players)
        except RulesError:
            count = None  # the start refuses it (INVALID_OPTIONS)
        if count is not None and len(contributions) > count:
            problems.append(
                {
                    "path": "$.fair.contributions",
                    "reason": Msg.of("request-fair-contributions", players=count),
                }
            )
        if problems:
            raise invalid_request(problems)
        assert key is not None and count is not None
        padded = (*contributions, *([None] * (count - len(contributions))))
        return FairDice(padded, secret=key.secret)

    def fair_dice(self, loaded: Loaded) -> FairDice | None:
        """The dice of a fair state (None for any other): made with the key of its game, and
        only when the state is signed by it (every fair state the service makes is: its
        contributions, plies and parent bind only so) and its commitment is that key's for
        this game (else STATE_TAMPERED)."""
        fair = loaded.fair
        if fair is None:
            return None
        key = loaded.dice or self.keys.current
        if key is None:
            problem = {"path": "$.fair", "reason": Msg.of("request-fair-needs-secret")}
            raise ServiceError(
                "INVALID_STATE", Msg.of("error-fair-needs-secret"), problem_details([problem])
            )
        if loaded.key is None:
            raise ServiceError(
                "STATE_TAMPERED", Msg.of("error-fair-unsigned"), {"reason": "UNSIGNED"}
            )
        _check_awaiting(loaded.engine, loaded.state, fair)
        dice = _committed_dice(loaded.engine, loaded.state, fair, key)
        if not isinstance(dice, FairDice):  # not this key's commitment, or a wrong reveal
            raise ServiceError(
                "STATE_TAMPERED", Msg.of("error-fair-commitment"), {"reason": "FAIR_COMMITMENT"}
            )
        return dice

    def play(
        self,
        loaded: Loaded,
        moves: Sequence[MoveRequest],
        auto_chance: bool | None,
        movers: list[int | None] | None = None,
        dice: FairDice | None = None,
    ) -> tuple[Loaded, list[Event]]:
        """The position after the moves and the events (each with its ``ply``); ``movers``
        gets who made each move (``driver.play``). ``dice``: a fair game's, when a replay
        has them already (from the record's reveal, on a service without the secret)."""
        self.check_moves(loaded.engine, moves, loaded)
        spend(len(moves), Msg.of("error-work-moves"))
        auto = loaded.state.seed is not None if auto_chance is None else auto_chance
        fair = dice or self.fair_dice(loaded)
        before = loaded.fair
        if before is not None and before.awaiting:
            raise ServiceError(
                "NOT_YOUR_TURN",
                Msg.of("error-awaiting-contributions", seats=len(before.awaiting)),
                {"reason": "AWAITING_CONTRIBUTIONS", "awaiting": list(before.awaiting)},
            )
        # a fair state that counts its plies has its successors count on from it
        plies = None
        if before is not None and before.ply is not None:
            plies = Plies(loaded.engine, before, loaded.encoded)
        # the game's key: a rotation keeps its dice
        secret: driver.Dice = self.keys.sampling(loaded.dice) if fair is None else fair
        try:
            t = driver.play(
                loaded.engine,
                loaded.state,
                moves,
                auto_chance=auto,
                secret=secret,
                movers=movers,
                seen=None if plies is None else plies.seen,
            )
        except PlyError as exc:
            raise from_rules(exc.error, exc.ply) from exc
        after = None
        if fair is not None:
            after = fair_after(
                loaded.engine, t.state, fair, before if plies is None else plies.fair
            )
        end = self.loaded(loaded.engine, t.state, loaded.key, loaded.dice, after)
        return end, located(loaded.engine, t.events)

    def replay(
        self,
        engine: Engine,
        players: int | None,
        options: Any,
        seed: str | None,
        moves: Sequence[MoveRequest],
        key_id: str | None = None,
        movers: list[int | None] | None = None,
        fair: Fair | None = None,
    ) -> Loaded:
        """Starts a game and plays every move; with a seed chance is sampled throughout
        (with the current key's secret, or ``key_id``'s to verify a game it started).
        ``movers`` gets who made each move (``driver.play``). ``fair``: a fair game's
        commitment and contributions (and reveal), whose moves may list its outcomes."""
        check_seed(seed)
        self.check_moves(engine, moves)
        if fair is None:
            start = self.new_game(engine, players, options, seed, key_id)
            end, _ = self.play(start, moves, auto_chance=seed is not None, movers=movers)
            return end
        start, dice = self.fair_start(engine, players, options, seed, key_id, fair)
        if not isinstance(dice, FairDice):
            raise invalid_request([{"path": "$.fair", "reason": dice[1]}])
        end, _ = self.play(start, moves, auto_chance=True, movers=movers, dice=dice)
        return end

    def fair_start(
        self,
        engine: Engine,
        players: int | None,
        options: Any,
        seed: str | None,
        key_id: str | None,
        fair: Fair,
    ) -> tuple[Loaded, FairDice | tuple[str, Msg]]:
        """A fair game's start, its opening chance not sampled yet (a record lists it), and
        its dice: from the key's secret when the service holds it, else from the record's
        reveal; or why there are none, as a verify problem's code and message."""
        check_seed(seed)
        if seed is None:
            raise invalid_request([{"path": "$.seed", "reason": Msg.of("request-fair-needs-seed")}])
        key = self.keys.named(key_id)
        try:
            state = driver.start(engine, players, options, seed, opening=False).state
        except RulesError as exc:
            raise from_rules(exc) from exc
        # the game's start as the service made it: its plies counted from 0, nothing revealed
        begun = Fair(fair.commitment, fair.contributions, ply=0)
        start = self.loaded(engine, state, self.keys.signing(key), dice=key, fair=begun)
        return start, _committed_dice(engine, state, fair, key)

    async def play_async(
        self, loaded: Loaded, moves: Sequence[MoveRequest], auto_chance: bool | None
    ) -> tuple[Loaded, list[Event]]:
        """``play``; a long move list runs in a worker thread so the event loop keeps
        answering other requests (``/healthz`` among them) meanwhile."""
        if len(moves) <= INLINE_MOVES:
            return self.play(loaded, moves, auto_chance)
        return await offload.run(self.play, loaded, moves, auto_chance)

    async def replay_async(
        self,
        engine: Engine,
        players: int | None,
        options: Any,
        seed: str | None,
        moves: Sequence[MoveRequest],
        key_id: str | None = None,
        movers: list[int | None] | None = None,
        fair: Fair | None = None,
    ) -> Loaded:
        """``replay``, in a worker thread for a long move list (see ``play_async``)."""
        if len(moves) <= INLINE_MOVES:
            return self.replay(engine, players, options, seed, moves, key_id, movers, fair)
        return await offload.run(
            self.replay, engine, players, options, seed, moves, key_id, movers, fair
        )

    async def score(self, loaded: Loaded) -> dict[str, Any]:
        engine = loaded.engine

        def compute() -> dict[str, Any]:
            spend(POSITION_COST, Msg.of("error-work-score"))
            state = loaded.state
            status, scores = engine.status(state), engine.scores(state)
            told = engine.spec.score_lines
            return {
                "scores": list(scores.values),
                "status": status.label,
                "winners": list(status.winners),
                "reason": status.reason,
                "breakdown": scores.breakdown,
                # language-free (cached): each line's message is written by score_answer
                "lines": [] if told is None else [line.wire() for line in told(state, scores)],
            }

        return await self._cached(loaded, "score", None, compute)  # type: ignore[no-any-return]

    def view(self, loaded: Loaded, player: int | None) -> dict[str, Any]:
        spend(POSITION_COST, Msg.of("error-work-view"))
        self.check_player(loaded.engine, player, loaded.state)
        return {"view": loaded.engine.view(loaded.state, player)}

    def render(
        self, loaded: Loaded, player: int | None, mark: Any = None, narrow: bool = False
    ) -> str:
        """The picture for ``player``; with ``mark`` (a move's notation or move document)
        the move's locations carry ``data-mark`` (their roles): a move ``player`` (or the one
        to move) may play here, checked as play checks it and refused as play refuses it.
        ``narrow``: drawn for a phone (``Game.render``)."""
        spend(POSITION_COST, Msg.of("error-work-picture"))
        engine, state = loaded.engine, loaded.state
        self.check_player(engine, player, state)
        if mark is None:
            return engine.render(state, player, narrow)
        locations = self.move_locations(loaded, mark, player)
        return mark_picture(engine.render(state, player, narrow), locations)

    def move_locations(self, loaded: Loaded, move: Any, player: int | None) -> list[Event]:
        """What a legal move of the position touches; the move checked as ``play`` checks
        it (not played: the picture stays this position's)."""
        if not isinstance(move, (str, Mapping)):
            raise invalid_request(
                [{"path": "$.mark", "reason": Msg.of("request-mark", type=type_name(move))}]
            )
        engine, state = loaded.engine, loaded.state
        try:
            driver.play_one(engine, state, MoveRequest(move, player), auto_chance=False)
            document = engine.move_document(state, engine.parse_move(move))
        except RulesError as exc:
            raise from_rules(exc) from exc
        return engine.move_locations(state, document)

    def suggest(
        self,
        loaded: Loaded,
        player: int | None,
        seed: str | None,
        budget: int | None,
        level: str | None = None,
        budget_ms: int | None = None,
    ) -> dict[str, Any]:
        """The reference bot's move (``service/bots.py``) for ``player`` (default:
        the first to move) within ``budget`` iterations (or those of a strength ``level``),
        ``budget_ms`` milliseconds of wall-clock time and the request's work budget."""
        engine = loaded.engine
        iterations = self._iterations(budget, level, budget_ms)
        check_seed(seed)
        spend(POSITION_COST, Msg.of("error-work-suggestion"))
        state = loaded.state
        self.check_player(engine, player, state)
        try:
            # the driver's own checks of a mover, with a chance node between them: nobody
            # decides there, whoever is named
            movers = driver.check_turn(engine, state, None)
            if engine.is_chance(state) or not movers:
                raise NotYourTurn(
                    Msg.of("error-chance-node"),
                    reason="CHANCE_NODE",
                    details={"toMove": []},
                )
            if player is None:
                player = movers[0]
            driver.check_turn(engine, state, player)
        except RulesError as exc:
            raise from_rules(exc) from exc
        reserved = _reserve(iterations)
        clock = _clock(budget_ms)
        started = time.perf_counter()
        slip = bots.SLIPS.get(level or "", 0.0)
        found = bots.suggest(engine, state, player, seed or "", iterations, reserved, clock, slip)
        stats = found.stats(engine.notation)
        if budget_ms is not None:  # the answer depends on the clock anyway: say how long
            stats["elapsedMs"] = _elapsed_ms(started)
        return {"move": engine.offered(state, found.move), "player": player, "stats": stats}

    def _iterations(self, budget: int | None, level: str | None, budget_ms: int | None) -> int:
        """A search's iterations: ``budget``, a ``level``'s, or (with ``budget_ms`` alone) as
        many as SUGGEST_MAX_BUDGET allows, stopped by the clock; each checked against its
        setting (``budget_ms``: SEARCH_MAX_CPU_MS)."""
        limit = self.settings.suggest_max_budget
        if level is not None:
            budget = self._level_budget(level, budget, limit)
        words = Msg.of("error-suggest-budget", limit=limit, setting="SUGGEST_MAX_BUDGET")
        _in_range("budget", budget, limit, words)
        most = self.settings.search_max_cpu_ms
        words = Msg.of("error-budget-ms", limit=most, setting="SEARCH_MAX_CPU_MS")
        _in_range("budgetMs", budget_ms, most, words)
        if budget is not None:
            return budget
        return limit if budget_ms is not None else bots.DEFAULT_BUDGET

    def checked_iterations(self, budget: int | None, default: int) -> int:
        """A search's iterations a position outside suggest (analyze): ``budget``, 1 to
        SUGGEST_MAX_BUDGET, else ``default``."""
        limit = self.settings.suggest_max_budget
        words = Msg.of("error-suggest-budget", limit=limit, setting="SUGGEST_MAX_BUDGET")
        _in_range("budget", budget, limit, words)
        return budget or min(default, limit)

    async def evaluate(
        self,
        loaded: Loaded,
        player: int | None,
        seed: str | None,
        budget: int | None,
        level: str | None = None,
        budget_ms: int | None = None,
    ) -> dict[str, Any]:
        """A position's value for every player (``bots.evaluate``), searched from ``player``'s
        information (default: the first to move; at a chance node, player 0) with suggest's
        budgets. An evaluation by iterations is a function of the state, player, seed and
        iterations: it is kept in the cache (both tiers) unless the CPU allowance cut it
        short; one by ``budget_ms`` is neither looked up nor kept."""
        engine = loaded.engine
        iterations = self._iterations(budget, level, budget_ms)
        check_seed(seed)
        spend(POSITION_COST, Msg.of("error-work-evaluation"))
        state = loaded.state
        self.check_player(engine, player, state)
        if player is None:
            movers = engine.to_move(state)
            player = movers[0] if movers and not engine.is_chance(state) else 0
        viewer = player
        # reserved before the cache is asked: a hit costs what a miss does, so whether a
        # GraphQL request fits its budget never depends on what is cached
        reserved = _reserve(iterations)

        def compute() -> dict[str, Any]:
            clock = _clock(budget_ms)
            found = bots.evaluate(engine, state, viewer, seed or "", iterations, reserved, clock)
            best = None if found.best is None else engine.offered(state, found.best)
            return {"player": viewer, "best": best, **found.answer()}

        started = time.perf_counter()
        if budget_ms is not None:
            answer = await offload.run(compute)
            answer["stats"] = {**answer["stats"], "elapsedMs": _elapsed_ms(started)}
            return answer
        extra = jsonio.dumps([seed or "", iterations, bots.VERSION])
        kept: dict[str, Any] = await self._cached(
            loaded,
            "evaluate",
            viewer,
            compute,
            extra,
            off_loop=True,
            keep=lambda found: not found["stats"]["cpuLimited"],
        )
        return kept

    @staticmethod
    def _level_budget(level: str, budget: int | None, limit: int) -> int:
        """The iterations of a strength level (``bots.LEVELS``), capped by SUGGEST_MAX_BUDGET;
        a level and a budget exclude each other."""
        if budget is not None:
            raise ServiceError(
                "INVALID_REQUEST",
                Msg.of("error-level-and-budget"),
                problem_details([{"path": "$.level", "reason": Msg.of("request-excludes-budget")}]),
            )
        if level not in bots.LEVELS:
            raise ServiceError(
                "INVALID_REQUEST",
                Msg.of("error-unknown-level", levels=", ".join(bots.LEVELS), level=repr(level)),
                problem_details(
                    [
                        {
                            "path": "$.level",
                            "reason": Msg.of("request-one-of", choices=", ".join(bots.LEVELS)),
                        }
                    ]
                ),
            )
        return min(bots.LEVELS[level] or limit, limit)

    async def suggest_async(
        self,
        loaded: Loaded,
        player: int | None,
        seed: str | None,
        budget: int | None,
        level: str | None = None,
        budget_ms: int | None = None,
    ) -> dict[str, Any]:
        """``suggest`` in a worker thread: a search takes up to the whole work budget."""
        return await offload.run(self.suggest, loaded, player, seed, budget, level, budget_ms)

    # -- request limits ------------------------------------------------------------------
    def check_player(self, engine: Engine, player: int | None, state: Any = None) -> None:
        """A player number this game (and, given the state, this very game) has."""
        if player is None:
            return
        count = engine.descriptor.max_players if state is None else engine.player_count(state)
        if not 0 <= player < count:
            raise ServiceError(
                "INVALID_PLAYER",
                Msg.of("error-player-range", high=count - 1, player=player),
                {"player": player, "players": count},
            )

    def check_moves(
        self, engine: Engine, moves: Sequence[MoveRequest], loaded: Loaded | None = None
    ) -> None:
        """The move count, and each named player one of the game's (of this very game's,
        when its state is at hand: a refusal then names its range, not the game's most)."""
        self.check_move_count(len(moves))
        for m in moves:
            if m.player is not None:  # a play decodes its state anyway
                self.check_player(engine, m.player, None if loaded is None else loaded.state)

    def check_move_count(self, count: int, per: str = "request") -> None:
        """TOO_MANY_MOVES past MAX_MOVES (per request, or per ``record`` of a verify)."""
        limit = self.settings.max_moves
        if count > limit:
            message = (
                Msg.of("error-too-many-moves-per-record", limit=limit, count=count)
                if per == "record"
                else Msg.of("error-too-many-moves", limit=limit, count=count)
            )
            raise ServiceError("TOO_MANY_MOVES", message, {"limit": limit})


def _settle(
    waiting: asyncio.Future[Any] | None, exc: BaseException | None, value: Any = None
) -> None:
    """Hands a computation's result, or its error, to those waiting for it (``_cached``)."""
    if waiting is None or waiting.done():
        return
    if exc is None:
        waiting.set_result(value)
    elif isinstance(exc, asyncio.CancelledError):
        waiting.cancel()
    else:
        waiting.set_exception(exc)
        waiting.exception()  # retrieved: nobody else may be left to read it


def _canonical(doc: Any) -> bytes:
    try:
        return jsonio.canonical(doc)
    except jsonio.JSONEncodeError as exc:
        raise ServiceError(
            "INVALID_STATE",
            Msg.of("error-state-unencodable", detail=str(exc)),
            problem_details(
                [{"path": "$", "reason": Msg.of("request-not-a-state", detail=str(exc))}]
            ),
        ) from exc


def _committed_dice(
    engine: Engine, state: Any, fair: Fair, key: Key | None
) -> FairDice | tuple[str, Msg]:
    """A fair game's dice, only when they are the committed ones: from ``key``'s secret when
    there is one (its server seed must hash to the commitment), else from the reveal (which
    must); or why not, as a verify problem's code and message."""
    if fair.reveal is not None and not reveals(fair.reveal, fair.commitment):
        return "FAIR_REVEAL_DIFFERS", Msg.of("fair-reveal-differs")
    if key is not None:
        dice = FairDice(fair.contributions, secret=key.secret, committed=fair.commitment)
        if commitment(dice.server_seed(engine, state)) != fair.commitment:
            return "FAIR_COMMITMENT_DIFFERS", Msg.of("fair-commitment-differs")
        return dice
    if fair.reveal is None:
        return "FAIR_UNREVEALED", Msg.of("fair-unrevealed")
    return FairDice(fair.contributions, seed=bytes.fromhex(fair.reveal))


def with_fair(doc: dict[str, Any], fair: Fair | None) -> dict[str, Any]:
    """A state document with its fair game's ``fair`` (the game's own document without)."""
    if fair is not None:
        doc["fair"] = fair.doc()
    return doc


def fair_after(engine: Engine, state: Any, dice: FairDice, before: Fair | None) -> Fair:
    """A fair game's ``fair`` after a move: as before (its commitment and contributions, its
    ply and parent as ``Plies`` counted them), with the server seed revealed once the game is
    finished, never sooner."""
    seed = dice.server_seed(engine, state)
    made = before or Fair(commitment(seed), dice.contributions)
    if made.reveal is None and engine.status(state).finished:
        return dataclasses.replace(made, reveal=seed.hex())
    return made


def state_digest(doc: Mapping[str, Any]) -> str:
    """A state document's digest: SHA-256, in hex, of its canonical JSON without ``sig`` (a
    REST answer's ``ETag``; a fair state's ``parent`` is its predecessor's)."""
    return sha256(jsonio.canonical({k: v for k, v in doc.items() if k != "sig"})).hexdigest()


class Plies:
    """A fair game's plies along a play: told each state a move or outcome leads to
    (``driver``'s ``seen``), it counts the ply on and names the state before as its parent,
    by that state's digest (computed only once a successor needs it). ``fair`` is then the
    last state's, without its reveal (``fair_after`` adds it)."""

    __slots__ = ("_digest", "_doc", "_engine", "_state", "digests", "fair")

    def __init__(
        self, engine: Engine, fair: Fair, doc: Mapping[str, Any], keep: bool = False
    ) -> None:
        self._engine = engine
        self.fair = fair
        self._doc: Mapping[str, Any] | None = doc
        self._state: Any = None
        self._digest: str | None = None
        # with ``keep``: every state's digest by its ply (the start's first), as verify
        # matches a history against the record's line
        self.digests: dict[str, int] | None = {} if keep else None
        if self.digests is not None:
            self.digests[self.digest()] = fair.ply or 0

    def seen(self, state: Any) -> None:
        parent = self.digest()
        assert self.fair.ply is not None
        ply = self.fair.ply + 1
        self.fair = Fair(self.fair.commitment, self.fair.contributions, ply=ply, parent=parent)
        self._state, self._doc, self._digest = state, None, None
        if self.digests is not None:
            self.digests[self.digest()] = ply

    def digest(self) -> str:
        """The last state's digest, without its reveal (no state after it was finished)."""
        if self._digest is None:
            if self._doc is None:
                self._doc = with_fair(self._engine.encode(self._state), self.fair)
            self._digest = state_digest(self._doc)
        return self._digest


def _check_awaiting(engine: Engine, state: Any, fair: Fair) -> None:
    """A fair state may await contributions only at its start, and only from its seats that
    gave none (INVALID_STATE at ``$.fair.awaiting`` otherwise)."""
    if not fair.awaiting:
        return
    players = engine.player_count(state)
    good = state.chances == 0 and (fair.ply or 0) == 0 and len(fair.contributions) == players
    good = good and all(
        0 <= seat < players and fair.contributions[seat] is None for seat in fair.awaiting
    )
    if not good:
        problem = {"path": "$.fair.awaiting", "reason": Msg.of("request-fair-awaiting")}
        raise ServiceError(
            "INVALID_STATE", Msg.of("error-fair-awaiting"), problem_details([problem])
        )


def check_seed(seed: str | None) -> None:
    low, high = SEED_LENGTH
    if seed is not None and not low <= len(seed) <= high:
        raise ServiceError(
            "INVALID_REQUEST",
            Msg.of("error-seed-length", low=low, high=high),
            problem_details(
                [{"path": "$.seed", "reason": Msg.of("request-characters", low=low, high=high)}]
            ),
        )


@cache
def _rules_texts(game: str, language: str) -> tuple[str, list[dict[str, str]]]:
    """The rules file of ``game`` (docs/rules) rule by rule, in ``language`` or else in the
    default language, with the language it is in; read once. A game without a rules file
    (a test's) has no rules to show."""
    for lang in dict.fromkeys((language, text.DEFAULT)):
        try:
            markdown = rules_markdown(game, lang)
        except KeyError:
            continue
        return lang, [{"id": rule, "text": body} for rule, body in rule_texts(markdown).items()]
    return text.DEFAULT, []


def words(wire: dict[str, Any], field: str = "description") -> dict[str, Any]:
    """``field`` written in the answer's language and ``<field>Message``, its ``messageId``
    and ``args``: how an answer carries a text a cached result holds as a message."""
    return {field: text.from_wire(wire), f"{field}Message": wire}


def score_answer(score: dict[str, Any]) -> dict[str, Any]:
    """A cached score with each line's ``message`` written in the answer's language."""
    return {**score, "lines": [score_line(line) for line in score["lines"]]}


def score_line(line: dict[str, Any]) -> dict[str, Any]:
    """A score line as answers carry it: player, rule, points, then its words."""
    wire = {"messageId": line["messageId"], "args": line["args"]}
    return {
        "player": line["player"],
        "rule": line["rule"],
        "points": line["points"],
        "message": text.from_wire(wire),
        **wire,
    }


def located(engine: Engine, events: Sequence[Event]) -> list[Event]:
    """Each event with the ``locations`` it touched (named as the SVG names them)."""
    return [{**e, "locations": engine.event_locations(e)} for e in events]


def describe_events(engine: Engine, events: list[Event]) -> list[Event]:
    """Each event with its description (written in the answer's language)."""
    told = engine.spec.describe_event
    if told is None:
        return events
    return [{**e, "description": told(e)} for e in events]


def _worded(described: dict[str, Any]) -> dict[str, Any]:
    game = described["id"]
    described["playerNames"] = [
        Msg.of(f"{game}-player", player=i) for i in range(described["maxPlayers"])
    ]
    described["players"] = [
        {
            **p,
            "name": Msg.of(f"{game}-player", player=p["player"]),
            "colourName": None
            if p["colour"] is None
            else Msg.of(f"{game}-colour", player=p["player"]),
        }
        for p in described["players"]
    ]
    for name, option in described["options"].items():
        option["title"] = Msg.of(f"{game}-option-{name}")
        option["description"] = Msg.of(f"{game}-option-{name}.description")
    return described


def _reserve(iterations: int) -> int:
    """Reserves a search's plies from the request's work budget before it starts, so it runs
    every iteration or none: its answer never depends on what else the request asked for."""
    reserved = iterations * ITERATION_PLIES
    spend(reserved, Msg.of("error-work-search", iterations=iterations, plies=reserved))
    return reserved


def _clock(budget_ms: int | None) -> Clock | None:
    """A search's clock, made in the thread that runs it: the request's CPU allowance and,
    with ``budget_ms``, a wall-clock deadline from now."""
    work = current()
    cpu = None if work is None else work.search_clock()
    if budget_ms is None:
        return cpu
    deadline = time.monotonic() + budget_ms / 1000

    def clock() -> str | None:
        if time.monotonic() >= deadline:
            return "time"
        return None if cpu is None else cpu()

    return clock


def _elapsed_ms(started: float) -> float:
    """Wall-clock milliseconds since ``started`` (``time.perf_counter``), to 0.1 ms."""
    return round((time.perf_counter() - started) * 1000, 1)


def _in_range(name: str, value: int | None, limit: int, words: Msg) -> None:
    """INVALID_REQUEST (``words``) unless a search limit ``name`` is left out or 1 to
    ``limit``."""
    if value is not None and not 1 <= value <= limit:
        raise ServiceError(
            "INVALID_REQUEST",
            words,
            problem_details(
                [{"path": f"$.{name}", "reason": Msg.of("request-budget-range", limit=limit)}]
            ),
        )
