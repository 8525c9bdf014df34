"""``analyze`` (REST and GraphQL): a game's record in, its review out (``service/analysis.py``).

A request names the game as replay and verify do (its start and moves, or its text record) and
how hard to look: ``budget`` iterations a position (default ``analysis.DEFAULT_BUDGET``, at most
SUGGEST_MAX_BUDGET) and ``analysisSeed``. The replay costs the request's work budget as verify's
does (a move each); the searches are bounded by ANALYZE_MAX_CPU_MS together: once it is spent,
every position left is valued without a search and the answer says so (``stats.cpuLimited``).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from functools import partial
from typing import Any

from .. import analysis, jsonio, text
from ..games.core import RulesError, driver
from ..games.core.fair import FairDice
from ..games.core.text import Msg
from .budget import Work, request_budget, spend
from .contract import ANALYSIS_BUDGET, ANALYSIS_SEED
from .errors import ServiceError, from_rules, invalid_request
from .ops import Engine, Rules, check_seed
from .records import print_record
from .request import Body, type_name
from .verify import (
    ANALYZE_FIELDS,
    Claim,
    fair_replay,
    line_not_json,
    line_too_long,
    ndjson_line,
    ndjson_stream,
    read_claim,
    to_record,
)

log = logging.getLogger("regelwerk")


def analyze_claim(
    rules: Rules,
    engine: Engine,
    claim: Claim,
    budget: int | None,
    seed: str | None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """The review of the claim's game, and the game as a text record annotated with it."""
    iterations = rules.checked_iterations(budget, analysis.DEFAULT_BUDGET)
    rules.check_move_count(len(claim.moves), "record")
    check_seed(claim.seed)
    check_seed(seed)
    key = rules.keys.named(claim.key_id)
    secret: driver.Dice = rules.keys.sampling(key)
    record = to_record(engine, claim)  # every move reads (INVALID_NOTATION with its ply)
    moves = claim.moves
    where: Sequence[int] = range(len(moves))  # each analysed move's ply in the record
    try:
        if claim.fair is None:
            start = driver.start(engine, claim.players, claim.options, claim.seed, secret).state
        else:
            start, secret, where = _fair_game(rules, engine, claim)
            moves = tuple(claim.moves[i] for i in where)
    except RulesError as exc:
        raise from_rules(exc) from exc
    spend(len(claim.moves), Msg.of("error-work-moves"))
    clock = Work(0, rules.settings.analyze_max_cpu_ms / 1000).search_clock()
    try:
        review = analysis.analyze(
            engine, start, moves, seed or "", iterations, secret, clock, progress
        )
    except analysis.BadMove as exc:
        raise from_rules(exc.error, where[exc.ply]) from exc
    for entry in review.plies:
        entry["ply"] = where[entry["ply"]]
    answer = review.answer()
    answer["stats"]["budget"] = iterations
    answer["annotated"] = print_record(record, comments(engine.descriptor.id, review))
    return answer


def _fair_game(rules: Rules, engine: Engine, claim: Claim) -> tuple[Any, FairDice, tuple[int, ...]]:
    """A fair game's start (its opening sampled), its dice and its players' moves (their plies
    in the record): the outcomes its record lists are checked first, as replay checks them,
    and left to the analysis to sample again."""
    start, dice, _, movers = fair_replay(rules, engine, claim)
    played = tuple(ply for ply, who in enumerate(movers) if who is not None)
    return driver.sampled(engine, start, dice), dice, played


def comments(game: str, review: analysis.Review) -> dict[int, list[str]]:
    """The review in words for the annotated record, after each move (by its ply), in the
    answer's language: a decision's values before and after, what it gave up, its mark and
    the best moves found; a chance event's luck for each player."""
    out: dict[int, list[str]] = {}
    for entry in review.plies:
        if entry["kind"] == "decision":
            parts = [
                Msg.of(
                    "analysis-decision",
                    name=Msg.of(f"{game}-player", player=entry["player"]),
                    before=f"{entry['before']:.2f}",
                    after=f"{entry['after']:.2f}",
                    givenUp=f"{entry['givenUp']:.2f}",
                )
            ]
            if entry["mark"]:
                parts.append(Msg.of("analysis-mark", mark=entry["mark"]))
            if entry["best"]:
                best = ", ".join(f"{b['notation']} {b['value']:.2f}" for b in entry["best"])
                parts.append(Msg.of("analysis-best", moves=best))
            line = "; ".join(text.render(part) for part in parts)
        else:
            luck = " ".join(f"{v:+.2f}" for v in entry["luck"])
            line = text.render(Msg.of("analysis-chance", outcome=entry["notation"], luck=luck))
        out.setdefault(entry["ply"], []).append(line)
    return out


def analyze_line(
    rules: Rules, data: Any, progress: Callable[[int, int], None] | None = None
) -> dict[str, Any]:
    """One NDJSON line's review (``regelwerk analyze``): ``{"game", ...analyze body}``."""
    if not isinstance(data, Mapping):
        reason = Msg.of("request-line-not-object", type=type_name(data))
        raise invalid_request([{"path": "$", "reason": reason}])
    game = data.get("game")
    if not isinstance(game, str):
        raise invalid_request([{"path": "$.game", "reason": Msg.of("request-game-required")}])
    engine = rules.engine(game)
    body = Body({k: v for k, v in data.items() if k != "game"}, set(ANALYZE_FIELDS))
    claim, budget, seed = read_analysis(body, game)
    return analyze_claim(rules, engine, claim, budget, seed, progress)


def read_analysis(body: Body, game: str) -> tuple[Claim, int | None, str | None]:
    """An analyze body (REST, GraphQL's arguments, an NDJSON line): the game as replay reads
    it, the budget a position and the analysis seed; every problem reported at once."""
    v = body.read((ANALYSIS_BUDGET, ANALYSIS_SEED))
    return read_claim(body, game), v["budget"], v["analysisSeed"]


def review_line(
    rules: Rules,
    number: int,
    raw: bytes | str,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """One NDJSON line's review as ``regelwerk analyze`` prints it and ``POST /v1/analyze``
    answers it: ``{"line", "game", ...the review}``, or ``{"line", "game", "error"}`` when the
    line has none (it does not read, its game has an illegal move): the error a single
    analyze would answer."""
    game = None
    try:
        data = jsonio.loads(raw)
        named = data.get("game") if isinstance(data, dict) else None
        game = named if isinstance(named, str) else None
        found = analyze_line(rules, data, progress)
    except jsonio.JSONDecodeError as exc:
        return line_error(number, game, line_not_json(exc))
    except ServiceError as exc:
        return line_error(number, game, exc)
    return {"line": number, "game": game, **found}


def line_error(number: int, game: str | None, error: ServiceError) -> dict[str, Any]:
    """A batch line without a review: ``{"line", "game", "error"}``."""
    return {"line": number, "game": game, "error": error.fields()}


def analyze_stream(
    rules: Rules,
    chunks: AsyncIterator[bytes],
    run: Callable[[Callable[[], bytes]], Awaitable[bytes]],
) -> AsyncIterator[bytes]:
    """``POST /v1/analyze``: the review of every line of an NDJSON body, in order, each as
    soon as it is made; each line has its own work budget, as a single analyze has."""
    return ndjson_stream(rules, chunks, run, partial(_reviewed, rules), _review_too_long)


def _reviewed(rules: Rules, number: int, raw: bytes) -> bytes:
    settings = rules.settings
    try:
        with request_budget(settings.max_work, settings.search_max_cpu_ms):
            answer = review_line(rules, number, raw)
    except Exception:  # a bug must not end the batch: this line says so, the rest go on
        log.exception("analyzing batch line %d failed", number)
        answer = line_error(number, None, ServiceError("INTERNAL", Msg.of("analyze-line-failed")))
    return ndjson_line(answer)


def _review_too_long(number: int, limit: int) -> bytes:
    return ndjson_line(line_error(number, None, line_too_long(limit)))
