"""Tournament tools: verify a claimed result against the game's record, one game or a batch,
and sign the verdict (certificates).

A verdict is ``valid`` when the record replays legally to a finished game whose scores and
winners are the claimed ones (when claimed). Everything wrong with the *game* is a problem in
the verdict (a 200 answer): an illegal move with its ply, a different score or winner, an
unfinished game, options the game does not have, another rules version. What is wrong with the
*request* (its shape, an unreadable text record, an unknown game or key, too many moves) is an
error answer, except in a batch, where every line gets a verdict and a bad line is an invalid
verdict with that error's code.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from .. import jsonio
from ..games.core import MoveRequest, RulesError, Transition, driver
from ..games.core.fair import Fair, FairDice
from ..games.core.text import Msg
from ..limits import POSITION_COST
from . import contract
from .budget import request_budget, spend
from .errors import ServiceError, from_rules, invalid_request
from .keys import Key
from .ops import Engine, Loaded, Plies, Rules, check_seed, fair_after, state_digest
from .records import (
    BadRecord,
    Record,
    RecordError,
    RecordMove,
    parse_records,
    print_record,
    split_records,
)
from .request import Body, json_syntax, type_name, unknown_field

log = logging.getLogger("regelwerk")

# Every code a verdict's or a certificate check's problem can carry (OpenAPI's enum).
PROBLEM_CODES = (
    # a move of the record (with its ply)
    "INVALID_NOTATION",
    "ILLEGAL_MOVE",
    "NOT_YOUR_TURN",
    "GAME_OVER",
    # the game as a whole
    "INVALID_OPTIONS",
    "RULES_VERSION_DIFFERS",
    "NOT_FINISHED",
    "SCORES_DIFFER",
    "WINNERS_DIFFER",
    # a fair game's chance (docs/records.md, "Fair chance")
    "CHANCE_DIFFERS",
    "FAIR_REVEAL_DIFFERS",
    "FAIR_COMMITMENT_DIFFERS",
    "FAIR_UNREVEALED",
    "FORKED",
    # a batch line that is no verifiable record (the error a single request would answer)
    "MALFORMED_JSON",
    "INVALID_REQUEST",
    "INVALID_RECORD",
    "UNKNOWN_GAME",
    "BODY_TOO_LARGE",
    "TOO_MANY_MOVES",
    "WORK_BUDGET_EXCEEDED",
    "INTERNAL",
    # a certificate check
    "NO_SECRET",
    "UNKNOWN_KEY",
    "BAD_SIGNATURE",
    "DIGEST_DIFFERS",
)
# The fields of a replay body (or its record), of a record body (a replay body, the claim and
# tags) and of a verify body (that, or the record).
REPLAY_FIELDS = contract.BY_ID["replay"].names
ANALYZE_FIELDS = contract.BY_ID["analyze"].names
GAME_FIELDS = contract.BY_ID["record"].names
VERIFY_FIELDS = contract.BY_ID["verify"].names
CERTIFICATE_FIELDS = ("game", "rulesVersion", "digest", "scores", "winners", "sig")
_CERTIFICATE_DOMAIN = b"regelwerk-certificate\x00"


@dataclass(frozen=True, slots=True)
class Claim:
    """A game to verify: how to replay it, what is claimed, and its tags."""

    game: str
    moves: tuple[MoveRequest, ...] = ()
    players: int | None = None
    options: Mapping[str, Any] | None = None
    seed: str | None = None
    key_id: str | None = None
    rules_version: str | None = None
    scores: tuple[int | float, ...] | None = None
    winners: tuple[int, ...] | None = None
    tags: tuple[tuple[str, str], ...] = ()
    fair: Fair | None = None  # a fair game's commitment, contributions and reveal
    # the text line of each move, when the claim was read from a text record
    lines: tuple[int, ...] = field(default=(), compare=False)
    # a fair game's states to hold against the record's line (verify's ``history``)
    history: tuple[Any, ...] | None = field(default=None, compare=False)

    @classmethod
    def of_record(cls, record: Record, lines: Sequence[int] = ()) -> Claim:
        return cls(
            game=record.game,
            moves=tuple(MoveRequest(m.notation, m.player) for m in record.moves),
            players=record.players,
            options=record.options,
            seed=record.seed,
            key_id=record.key_id,
            rules_version=record.rules_version,
            scores=record.scores,
            winners=record.winners,
            tags=record.tags,
            fair=record.fair,
            lines=tuple(lines),
        )


async def replay_claim(rules: Rules, engine: Engine, claim: Claim) -> tuple[Loaded, dict[str, Any]]:
    """``replay`` (REST and GraphQL): the position after the claim's moves, and the game as
    ``replayed`` answers it."""
    movers: list[int | None] = []
    end = await rules.replay_async(
        engine,
        claim.players,
        claim.options,
        claim.seed,
        claim.moves,
        claim.key_id,
        movers,
        claim.fair,
    )
    return end, _replayed(claim, engine.player_count(end.state), movers)


def _replayed(claim: Claim, players: int, movers: Sequence[int | None]) -> dict[str, Any]:
    """The game a replay replayed as a replay body (``replay``'s ``replayed``, to send again
    as it is): what a text record reads as, each move with who made it (``{"player", "move"}``;
    a chance outcome as its notation alone), so a front end needs no record parser."""
    return {
        "players": players,
        "options": dict(claim.options or {}),
        "seed": claim.seed,
        "keyId": claim.key_id,
        "fair": None if claim.fair is None else claim.fair.doc(),
        "moves": [
            m.move if p is None else {"player": p, "move": m.move}
            for m, p in zip(claim.moves, movers, strict=True)
        ],
    }


def read_record(text: str, game: str | None = None, offset: int = 0) -> Claim:
    """One text record as a claim; INVALID_RECORD (``details.line``) when unreadable or of
    another game than ``game``. ``offset``: lines before the text (in the file it came from)."""
    parts = [start for start, _ in split_records(text)]
    if not parts:
        error = RecordError(1, Msg.of("record-none-sent"))
        raise record_error(error, offset)
    if len(parts) > 1:
        error = RecordError(parts[1], Msg.of("record-second-sent"))
        raise record_error(error, offset)
    try:
        found = list(parse_records(text))
    except RecordError as exc:
        raise record_error(exc, offset) from exc
    start, record, lines = found[0]
    if game is not None and record.game != game:
        error = RecordError(
            start, Msg.of("record-other-game", record=repr(record.game), game=repr(game))
        )
        raise record_error(error, offset, record.game)
    return Claim.of_record(record, [n + offset for n in lines])


def record_error(exc: RecordError, offset: int = 0, game: str | None = None) -> ServiceError:
    """INVALID_RECORD at the line; ``game``: the record's own game, when it is not the call's
    (``details.game``, so a caller can send it on to that game)."""
    line = exc.line + offset
    message = Msg.of("error-record-line", line=line, error=exc.msg)
    details: dict[str, Any] = {"line": line}
    if game is not None:
        details["game"] = game
    return ServiceError("INVALID_RECORD", message, details)


def read_claim(body: Body, game: str, *, record_ok: bool = True) -> Claim:
    """A verify (or record) body as a claim: a replay body with ``claimed`` and ``tags``, or
    ``record`` (the text) alone. Every problem of the body is reported at once."""
    history = _history(body)
    if record_ok and "record" in body.data:
        text = body.data["record"]
        others = sorted(set(body.data) & GAME_FIELDS)
        for name in others:
            body.problems.append({"path": f"$.{name}", "reason": Msg.of("request-record-alone")})
        if not isinstance(text, str):
            body.problems.append(
                {"path": "$.record", "reason": Msg.of("request-text-record", type=type_name(text))}
            )
        body.done()
        return dataclasses.replace(read_record(str(text), game), history=history)
    v = body.read(contract.BODIES["ReplayMovesRequest"].fields)
    fair = body.fair()
    scores, winners = _claimed(body)
    tags = _tags(body)
    body.done()
    return Claim(
        history=history,
        game=game,
        moves=tuple(v["moves"]),
        players=v["players"],
        options=v["options"],
        seed=v["seed"],
        key_id=v["keyId"],
        scores=scores,
        winners=winners,
        tags=tags,
        fair=fair,
    )


def _history(body: Body) -> tuple[Any, ...] | None:
    """``history``: a list of state documents (each read when it is checked), or None."""
    value = body.data.get("history")
    if value is None:
        return None
    if not isinstance(value, list):
        body.problems.append(
            {"path": "$.history", "reason": Msg.of("request-history-array", type=type_name(value))}
        )
        return None
    return tuple(value)


def _claimed(body: Body) -> tuple[tuple[int | float, ...] | None, tuple[int, ...] | None]:
    value = body.data.get("claimed")
    if value is None:
        return None, None
    if not isinstance(value, Mapping):
        body.problems.append(
            {"path": "$.claimed", "reason": Msg.of("request-object", type=type_name(value))}
        )
        return None, None
    for key in value:
        if key not in ("scores", "winners"):
            body.problems.append(
                {"path": f"$.claimed.{key}", "reason": unknown_field(("scores", "winners"))}
            )
    scores = value.get("scores")
    winners = value.get("winners")
    # A claim is echoed in SCORES_DIFFER and WINNERS_DIFFER: its integers must print (64 bits;
    # a GraphQL literal may be any size).
    good_scores = isinstance(scores, list) and all(
        isinstance(s, float) or _is_int(s) for s in scores
    )
    if scores is not None and not good_scores:
        body.problems.append(
            {
                "path": "$.claimed.scores",
                "reason": Msg.of("request-claimed-scores"),
            }
        )
    good_winners = isinstance(winners, list) and all(_is_int(w) and w >= 0 for w in winners)
    if winners is not None and not good_winners:
        body.problems.append(
            {
                "path": "$.claimed.winners",
                "reason": Msg.of("request-claimed-winners"),
            }
        )
    return (
        tuple(scores) if good_scores and scores is not None else None,
        tuple(winners) if good_winners and winners is not None else None,
    )


def _tags(body: Body) -> tuple[tuple[str, str], ...]:
    value = body.data.get("tags")
    if value is None:
        return ()
    if not isinstance(value, Mapping):
        body.problems.append(
            {"path": "$.tags", "reason": Msg.of("request-object", type=type_name(value))}
        )
        return ()
    out = []
    for name, text in value.items():
        if not isinstance(text, str):
            body.problems.append(
                {"path": f"$.tags.{name}", "reason": Msg.of("request-must-be-string")}
            )
            continue
        try:
            Record(game="g", tags=((name, text),))
        except BadRecord as exc:
            body.problems.append({"path": f"$.tags.{name}", "reason": exc.msg})
            continue
        out.append((name, text))
    return tuple(out)


def to_record(engine: Engine, claim: Claim) -> Record:
    """The claim as a text record: every move in canonical notation (INVALID_NOTATION with
    ``details.ply`` for a move that is no move of the game)."""
    moves = []
    for ply, request in enumerate(claim.moves):
        try:
            notation = engine.notation(engine.parse_move(request.move))
        except RulesError as exc:
            raise from_rules(exc, ply) from exc
        moves.append(RecordMove(notation, request.player))
    try:
        return Record(
            game=claim.game,
            moves=tuple(moves),
            rules_version=claim.rules_version or engine.descriptor.rules_version,
            players=claim.players,
            options=claim.options,
            seed=claim.seed,
            key_id=claim.key_id,
            scores=claim.scores,
            winners=claim.winners,
            tags=claim.tags,
            fair=claim.fair,
        )
    except BadRecord as exc:
        raise invalid_request([{"path": "$", "reason": exc.msg}]) from exc


def record_of(rules: Rules, engine: Engine, claim: Claim) -> Record:
    """``to_record`` for the record call: the game must be able to start (players, options,
    seed and key id as ``new`` checks them) and every move must read; legality is verify's."""
    rules.check_moves(engine, claim.moves)
    if claim.fair is None:
        rules.new_game(engine, claim.players, claim.options, claim.seed, claim.key_id)
        return to_record(engine, claim)
    return to_record(engine, fair_record(rules, engine, claim))


def fair_replay(
    rules: Rules, engine: Engine, claim: Claim
) -> tuple[Any, FairDice, Transition[Any], list[int | None]]:
    """A fair claim replayed: its start (the opening not sampled), its dice, the play of its
    moves (each outcome it lists checked: CHANCE_DIFFERS with the ply, as replay refuses it)
    and who made each move (None: a listed outcome)."""
    assert claim.fair is not None
    begun, dice = rules.fair_start(
        engine, claim.players, claim.options, claim.seed, claim.key_id, claim.fair
    )
    if not isinstance(dice, FairDice):
        raise invalid_request([{"path": "$.fair", "reason": dice[1]}])
    movers: list[int | None] = []
    try:
        t = driver.play(
            engine, begun.state, claim.moves, auto_chance=True, secret=dice, movers=movers
        )
    except driver.PlyError as exc:
        raise from_rules(exc.error, exc.ply) from exc
    return begun.state, dice, t, movers


def fair_record(rules: Rules, engine: Engine, claim: Claim) -> Claim:
    """A fair game's claim as its record lists it: every chance outcome in its place (the
    opening's first, each move's after it), which anyone can check against the derivation,
    and the reveal once the game is finished. The record is made by replaying the moves, so
    an illegal one is refused with its ply, as replay refuses it."""
    _, dice, t, movers = fair_replay(rules, engine, claim)
    drawn: dict[int | None, list[str]] = {}
    for e in t.events:
        if e.get("type") == "chance" and e.get("sampled"):
            drawn.setdefault(e.get("ply"), []).append(e["outcome"])
    moves = [MoveRequest(o) for o in drawn.get(None, ())]
    for ply, (request, who) in enumerate(zip(claim.moves, movers, strict=True)):
        if who is not None:  # an outcome the claim listed is printed where it was drawn
            moves.append(request)
            moves.extend(MoveRequest(o) for o in drawn.get(ply, ()))
    fair = fair_after(engine, t.state, dice, claim.fair)
    return dataclasses.replace(claim, moves=tuple(moves), fair=fair, lines=())


def worded(problems: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each problem with its message's ``messageId`` and ``args`` after its ``message``."""
    out = []
    for p in problems:
        msg = p["message"]
        out.append(
            {"code": p["code"], "message": msg, **msg.wire(), **p} if "messageId" not in p else p
        )
    return out


@dataclass(slots=True)
class Verdict:
    valid: bool
    problems: list[dict[str, Any]]
    plies: int
    end: Loaded | None  # the position after the last legal move; None without a game
    summary: dict[str, Any] | None  # status, scores and winners of ``end``
    certificate: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        self.problems = worded(self.problems)

    def line(self, number: int, game: str | None) -> dict[str, Any]:
        """The verdict as a batch line (no state: a batch stays small)."""
        s = self.summary or {}
        return {
            "line": number,
            "game": game,
            "valid": self.valid,
            "problems": self.problems,
            "plies": self.plies,
            "status": s.get("status"),
            "scores": s.get("scores"),
            "winners": s.get("winners"),
            "certificate": self.certificate,
        }


def verify(rules: Rules, engine: Engine, claim: Claim, *, position: bool = True) -> Verdict:
    """Replays the claim and compares its result (synchronous: the engines' work).
    ``position``: the verdict carries the last position, signed (a batch line, which answers
    without it, passes False and skips the encoding).

    Raises ServiceError for what makes the claim unverifiable as a request (too many moves, a bad
    seed, an unknown key id); every other finding is a problem of the verdict."""
    d = engine.descriptor
    problems: list[dict[str, Any]] = []
    if claim.rules_version is not None and claim.rules_version != d.rules_version:
        problems.append(
            {
                "code": "RULES_VERSION_DIFFERS",
                "message": Msg.of(
                    "verify-rules-version",
                    claimed=repr(claim.rules_version),
                    version=repr(d.rules_version),
                ),
            }
        )
    rules.check_move_count(len(claim.moves), "record")  # players: NOT_YOUR_TURN, move by move
    check_seed(claim.seed)
    history = _read_history(rules, engine, claim)
    key = rules.keys.named(claim.key_id)
    secret: driver.Dice = rules.keys.sampling(key)
    drawn: list[str] | None = None  # a fair game's outcomes the record may list next
    counted: Plies | None = None  # a fair game's plies, and with a history every digest
    moved: dict[int, int] = {}  # the record's move (index) each counted ply was made in
    try:
        if claim.fair is None:
            state = driver.start(engine, claim.players, claim.options, claim.seed, secret).state
        else:
            begun, dice = rules.fair_start(
                engine, claim.players, claim.options, claim.seed, claim.key_id, claim.fair
            )
            if not isinstance(dice, FairDice):
                code, why = dice
                problems.append({"code": code, "message": why})
                return Verdict(False, problems, 0, None, None)
            secret, drawn = dice, []
            assert begun.fair is not None
            counted = Plies(engine, begun.fair, begun.encoded, keep=history is not None)
            state = driver.sampled(engine, begun.state, dice, drawn, counted.seen)
    except RulesError as exc:
        problems.append({"code": exc.code, "message": exc.msg, **_extra(exc)})
        return Verdict(False, problems, 0, None, None)
    spend(len(claim.moves), Msg.of("error-work-moves"))
    auto = claim.seed is not None
    plies = 0
    for ply, request in enumerate(claim.moves):
        try:
            if drawn is not None and driver.listed_outcome(engine, request, drawn):
                plies += 1
                continue
            first = None if counted is None else counted.fair.ply
            state = driver.replay_one(
                engine,
                state,
                request,
                auto_chance=auto,
                secret=secret,
                drawn=drawn,
                seen=None if counted is None else counted.seen,
            )
            if counted is not None and first is not None and counted.fair.ply is not None:
                moved.update((n, ply) for n in range(first + 1, counted.fair.ply + 1))
        except RulesError as exc:
            problems.append(_move_problem(exc, ply, request, claim))
            break
        plies += 1
    spend(POSITION_COST, Msg.of("error-work-result"))
    status = engine.status(state)
    summary = {
        "status": status.label,
        "scores": list(engine.totals(state)),
        "winners": list(status.winners),
    }
    if plies == len(claim.moves):
        problems.extend(_result_problems(claim, status.finished, summary))
    fair = None
    if isinstance(secret, FairDice) and counted is not None:
        fair = fair_after(engine, state, secret, counted.fair)
    line = None  # the digests of the line played and its last ply, when a history is checked
    if history and counted is not None and counted.digests is not None:
        line = (counted.digests, counted.fair.ply or 0)
    end = None
    if position or line is not None:
        end = rules.loaded(engine, state, rules.keys.signing(key), dice=key, fair=fair)
    if line is not None and end is not None:
        digests, last = line
        # the last state as it is answered (a finished one with its reveal)
        digests[state_digest(end.encoded)] = last
        problems.extend(_forks(history, digests, moved, claim))
    verdict = Verdict(not problems, problems, plies, end, summary)
    if verdict.valid and rules.keys:
        verdict.certificate = certificate(rules, engine, claim, summary)
    return verdict


def _read_history(rules: Rules, engine: Engine, claim: Claim) -> list[tuple[int, Fair, str]]:
    """A verify's ``history``, each state checked as any state is (its signature, its
    document) and a state of the claim's fair game: (its index, its ``fair``, its digest).
    INVALID_REQUEST names every entry that is none."""
    if claim.history is None:
        return []
    problems: list[dict[str, Any]] = []
    if claim.fair is None:
        problems.append({"path": "$.history", "reason": Msg.of("request-history-fair")})
    limit = rules.settings.max_moves + 1
    if len(claim.history) > limit:
        problems.append(
            {"path": "$.history", "reason": Msg.of("request-history-at-most", limit=limit)}
        )
    if problems:
        raise invalid_request(problems)
    assert claim.fair is not None
    out = []
    for i, doc in enumerate(claim.history):
        where = f"$.history[{i}]"
        try:
            loaded = rules.load(engine, doc)
            rules.validate(loaded)  # the whole document, as any state is read
            fair = loaded.fair
        except ServiceError as exc:
            problems.append({"path": where, "reason": exc.msg})
            continue
        if fair is None or fair.ply is None or fair.commitment != claim.fair.commitment:
            problems.append({"path": f"{where}.fair", "reason": Msg.of("request-history-state")})
            continue
        if rules.keys and loaded.key is None:  # evidence of a fork only as the service made it
            problems.append({"path": f"{where}.sig", "reason": Msg.of("error-fair-unsigned")})
            continue
        out.append((i, fair, state_digest(loaded.encoded)))
    if problems:
        raise invalid_request(problems)
    return out


def _forks(
    history: Sequence[tuple[int, Fair, str]],
    line: Mapping[str, int],
    moved: Mapping[int, int],
    claim: Claim,
) -> list[dict[str, Any]]:
    """FORKED for each state of the history the record's line does not pass through (by its
    digest): another successor of a state of the game. A start still awaiting contributions
    is on the line when the contributions it has are the record's. Its ``ply`` is the
    record's move that went otherwise (none: before the first move, or past the last)."""
    assert claim.fair is not None
    final = claim.fair.contributions
    out: list[dict[str, Any]] = []
    told: set[str] = set()
    for index, fair, digest in history:
        if digest in line or digest in told:
            continue
        if fair.awaiting and len(fair.contributions) == len(final):
            given = zip(fair.contributions, final, strict=True)
            if all(c is None or c == f for c, f in given):
                continue
        told.add(digest)
        ply = fair.ply or 0
        problem: dict[str, Any] = {
            "code": "FORKED",
            "message": Msg.of("verify-forked", index=index, ply=ply),
        }
        if ply in moved:
            problem["ply"] = moved[ply]
            if claim.lines:
                problem["line"] = claim.lines[moved[ply]]
        out.append(problem)
    return out


def _extra(exc: RulesError) -> dict[str, Any]:
    return {k: v for k, v in (("reason", exc.reason), ("rule", exc.rule)) if v is not None}


def _move_problem(exc: RulesError, ply: int, request: MoveRequest, claim: Claim) -> dict[str, Any]:
    shown = request.move if isinstance(request.move, str) else jsonio.dumps(request.move).decode()
    problem: dict[str, Any] = {
        # an outcome a fair record lists that the committed seed did not draw: its own code
        "code": "CHANCE_DIFFERS" if exc.reason == "CHANCE_DIFFERS" else exc.code,
        "message": Msg.of("verify-at-move", move=ply + 1, notation=shown, error=exc.msg),
        "ply": ply,
        **_extra(exc),
    }
    if claim.lines:
        problem["line"] = claim.lines[ply]
    return problem


def _result_problems(
    claim: Claim, finished: bool, computed: dict[str, Any]
) -> list[dict[str, Any]]:
    problems: list[dict[str, Any]] = []
    if not finished:
        problems.append(
            {
                "code": "NOT_FINISHED",
                "message": Msg.of("verify-not-finished"),
            }
        )
    if claim.scores is not None and list(claim.scores) != computed["scores"]:
        problems.append(
            {
                "code": "SCORES_DIFFER",
                "message": Msg.of(
                    "verify-scores-differ",
                    claimed=str(list(claim.scores)),
                    computed=str(computed["scores"]),
                ),
                "claimed": list(claim.scores),
                "computed": computed["scores"],
            }
        )
    if claim.winners is not None and sorted(set(claim.winners)) != sorted(computed["winners"]):
        problems.append(
            {
                "code": "WINNERS_DIFFER",
                "message": Msg.of(
                    "verify-winners-differ",
                    claimed=str(list(claim.winners)),
                    computed=str(computed["winners"]),
                ),
                "claimed": list(claim.winners),
                "computed": computed["winners"],
            }
        )
    return problems


# -- certificates ---------------------------------------------------------------------------
def digest(record: Record) -> str:
    """The record's fingerprint: SHA-256 of its canonical text (``print_record``)."""
    return "sha256:" + hashlib.sha256(print_record(record).encode()).hexdigest()


def _certificate_bytes(body: Mapping[str, Any]) -> bytes:
    return _CERTIFICATE_DOMAIN + jsonio.canonical(dict(body))


def certificate(
    rules: Rules, engine: Engine, claim: Claim, summary: Mapping[str, Any]
) -> dict[str, Any]:
    """Proof that this service verified this record with this result (current key)."""
    key = rules.keys.current
    assert key is not None
    body = {
        "game": claim.game,
        "rulesVersion": engine.descriptor.rules_version,
        "digest": digest(to_record(engine, claim)),
        "scores": summary["scores"],
        "winners": summary["winners"],
    }
    return {**body, "sig": key.sign(_certificate_bytes(body))}


def _is_int(value: Any) -> bool:
    """An integer an answer can echo (a GraphQL literal may be beyond 64 bits)."""
    return (
        isinstance(value, int) and not isinstance(value, bool) and jsonio.unprintable(value) is None
    )


# What each certificate field must be (the Certificate schema of the OpenAPI document).
_CERTIFICATE_TYPES: dict[str, tuple[Msg, Callable[[Any], bool]]] = {
    "game": (Msg.of("request-certificate-game"), lambda v: isinstance(v, str)),
    "rulesVersion": (Msg.of("request-must-be-string"), lambda v: isinstance(v, str)),
    "digest": (Msg.of("request-must-be-string"), lambda v: isinstance(v, str)),
    "scores": (
        Msg.of("request-certificate-scores"),
        lambda v: isinstance(v, list) and all(map(_is_int, v)),
    ),
    "winners": (
        Msg.of("request-certificate-winners"),
        lambda v: isinstance(v, list) and all(_is_int(w) and w >= 0 for w in v),
    ),
    "sig": (Msg.of("request-must-be-string"), lambda v: isinstance(v, str)),
}


def read_certificate(body: Body, games: Collection[str]) -> tuple[dict[str, Any], str | None]:
    """``{"certificate", "record"?}``: the certificate (shape checked) and the record text."""
    cert = body.data.get("certificate")
    text = body.data.get("record")
    if not isinstance(cert, Mapping):
        body.problems.append(
            {"path": "$.certificate", "reason": Msg.of("request-certificate-required")}
        )
        cert = {}
    else:
        for name in CERTIFICATE_FIELDS:
            if name not in cert:
                body.problems.append(
                    {"path": f"$.certificate.{name}", "reason": Msg.of("request-required")}
                )
        for name in cert:
            if name not in CERTIFICATE_FIELDS:
                body.problems.append(
                    {
                        "path": f"$.certificate.{name}",
                        "reason": Msg.of("request-not-certificate-field"),
                    }
                )
        for name, (must, ok) in _CERTIFICATE_TYPES.items():
            if name in cert and not ok(cert[name]):
                body.problems.append({"path": f"$.certificate.{name}", "reason": must})
        if isinstance(cert.get("game"), str) and cert["game"] not in games:
            body.problems.append(
                {"path": "$.certificate.game", "reason": Msg.of("request-not-a-game")}
            )
    if text is not None and not isinstance(text, str):
        body.problems.append(
            {"path": "$.record", "reason": Msg.of("request-text-record", type=type_name(text))}
        )
    body.done()
    return dict(cert), text


def check_certificate(rules: Rules, cert: Mapping[str, Any], text: str | None) -> dict[str, Any]:
    """``{"valid", "problems", "keyId"}``: whether this service (any configured key) signed the
    certificate, and, given the record's text, whether the certificate is of that record."""
    problems: list[dict[str, Any]] = []
    kid = None
    if not rules.keys:
        problems.append(
            {
                "code": "NO_SECRET",
                "message": Msg.of("verify-no-secret"),
            }
        )
    else:
        body = {k: v for k, v in cert.items() if k != "sig"}
        sig = str(cert["sig"])
        kid, _, _ = sig.partition(".")
        key: Key | None = rules.keys.by_kid.get(kid)
        if key is None:
            problems.append(
                {
                    "code": "UNKNOWN_KEY",
                    "message": Msg.of("verify-unknown-key"),
                }
            )
            kid = None
        elif not hmac.compare_digest(sig.encode(), key.sign(_certificate_bytes(body)).encode()):
            problems.append(
                {
                    "code": "BAD_SIGNATURE",
                    "message": Msg.of("verify-bad-signature"),
                }
            )
    if text is not None:
        claim = read_record(text)
        found = digest(to_record(rules.engine(claim.game), claim))
        if found != cert.get("digest"):
            problems.append(
                {
                    "code": "DIGEST_DIFFERS",
                    "message": Msg.of(
                        "verify-digest-differs", found=found, claimed=str(cert.get("digest"))
                    ),
                }
            )
    return {"valid": not problems, "problems": worded(problems), "keyId": kid}


# -- batches ----------------------------------------------------------------------------------
def verify_line(rules: Rules, number: int, raw: bytes | str) -> dict[str, Any]:
    """One NDJSON line's verdict; never raises (a bad line is an invalid verdict)."""
    game = None
    try:
        with request_budget(rules.settings.max_work, rules.settings.search_max_cpu_ms):
            data = jsonio.loads(raw)
            if not isinstance(data, Mapping):
                raise invalid_request(
                    [
                        {
                            "path": "$",
                            "reason": Msg.of("request-line-not-object", type=type_name(data)),
                        }
                    ]
                )
            name = data.get("game")
            if not isinstance(name, str):
                raise invalid_request(
                    [{"path": "$.game", "reason": Msg.of("request-game-required")}]
                )
            game = name
            engine = rules.engine(name)
            body = Body({k: v for k, v in data.items() if k != "game"}, set(VERIFY_FIELDS))
            return verify(rules, engine, read_claim(body, name), position=False).line(number, game)
    except jsonio.JSONDecodeError as exc:
        error = line_not_json(exc)
    except ServiceError as exc:
        error = exc
    except Exception:  # a bug must not end the batch: this line says so, the rest go on
        log.exception("verifying batch line %d failed", number)
        error = ServiceError("INTERNAL", Msg.of("verify-line-failed"))
    return refused(number, game, error)


def line_not_json(exc: jsonio.JSONDecodeError) -> ServiceError:
    """A batch line that is no JSON text (``POST /v1/verify``, ``POST /v1/analyze``)."""
    return ServiceError("MALFORMED_JSON", Msg.of("verify-line-not-json", **json_syntax(exc)))


def line_too_long(limit: int) -> ServiceError:
    """A batch line longer than MAX_BODY_BYTES, skipped as it streams."""
    return ServiceError("BODY_TOO_LARGE", Msg.of("verify-line-too-long", limit=limit))


def refused(number: int, game: str | None, error: ServiceError) -> dict[str, Any]:
    """The verdict of a line that could not be verified: the error as its one problem."""
    problem: dict[str, Any] = {"code": error.code, "message": error.msg}
    if "line" in error.details:
        problem["line"] = error.details["line"]
    return Verdict(False, [problem], 0, None, None).line(number, game)


def verify_stream(
    rules: Rules,
    chunks: AsyncIterator[bytes],
    run: Callable[[Callable[[], bytes]], Awaitable[bytes]],
) -> AsyncIterator[bytes]:
    """NDJSON verdicts of an NDJSON body, in order, each as soon as its line is verified (a
    line longer than MAX_BODY_BYTES: BODY_TOO_LARGE)."""
    return ndjson_stream(rules, chunks, run, partial(_verdict, rules), _too_long)


async def ndjson_stream(
    rules: Rules,
    chunks: AsyncIterator[bytes],
    run: Callable[[Callable[[], bytes]], Awaitable[bytes]],
    answer: Callable[[int, bytes], bytes],
    too_long: Callable[[int, int], bytes],
) -> AsyncIterator[bytes]:
    """``answer(number, line)`` of every non-blank line of an NDJSON body, in order, each as
    soon as it is computed (``POST /v1/verify``, ``POST /v1/analyze``).

    Memory stays bounded: one line at a time is held, and a line longer than MAX_BODY_BYTES
    is skipped as it streams (``too_long(number, limit)`` answers it). ``run`` runs one
    answer (in a worker thread, so the event loop keeps serving)."""
    limit = rules.settings.max_body_bytes
    buffer = bytearray()
    number = 0
    skipping = False
    async for chunk in chunks:
        start = 0
        while True:
            end = chunk.find(b"\n", start)
            if end < 0:
                if not skipping:
                    buffer += chunk[start:]
                    if len(buffer) > limit:
                        skipping, buffer = True, bytearray()
                break
            number += 1
            if skipping:
                skipping = False
                yield too_long(number, limit)
            else:
                buffer += chunk[start:end]
                if len(buffer) > limit:
                    yield too_long(number, limit)
                elif buffer.strip():
                    yield await run(partial(answer, number, bytes(buffer)))
            buffer = bytearray()
            start = end + 1
    if skipping:
        yield too_long(number + 1, limit)
    elif buffer.strip():
        number += 1
        yield await run(partial(answer, number, bytes(buffer)))


def _verdict(rules: Rules, number: int, raw: bytes) -> bytes:
    return ndjson_line(verify_line(rules, number, raw))


def ndjson_line(answer: dict[str, Any]) -> bytes:
    """One answer of a batch as its NDJSON line."""
    return jsonio.dumps(answer) + b"\n"


def _too_long(number: int, limit: int) -> bytes:
    return ndjson_line(refused(number, None, line_too_long(limit)))
