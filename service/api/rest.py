"""REST under ``/v1``: the calls and field names of DESIGN.md's table."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from . import answers, offload
from .analyze import analyze_claim, analyze_stream, read_analysis
from .budget import request_budget
from .contract import BY_ID, NDJSON
from .http import StreamedBody, json_response, read_json
from .ops import (
    INLINE_MOVES,
    Engine,
    Loaded,
    Rules,
    describe_events,
    score_answer,
    state_digest,
    words,
)
from .records import print_record
from .request import Body, bad_text
from .verify import (
    Claim,
    check_certificate,
    read_certificate,
    read_claim,
    read_record,
    record_of,
    replay_claim,
    verify,
    verify_stream,
)

Handler = Callable[[Request], Awaitable[Response]]
# An answer gets the request's declared fields, read, and the loaded state.
Answer = Callable[[Rules, dict[str, Any], Callable[[], Loaded]], Awaitable[Any]]


def _rules(request: Request) -> Rules:
    rules: Rules = request.app.state.rules
    return rules


async def games(request: Request) -> Response:
    return json_response({"games": _rules(request).games()})


async def rules_of(request: Request) -> Response:
    rules = _rules(request)
    return json_response(rules.rules_of(rules.engine(request.path_params["game"])))


async def new(request: Request) -> Response:
    rules = _rules(request)
    engine = rules.engine(request.path_params["game"])
    op = BY_ID["newGame"]
    body = Body(await read_json(request, empty_ok=True), set(op.names))
    v = body.read(op.fields())
    fair = body.fair(start=True)
    body.done()
    loaded, events = rules.start(engine, v["players"], v["options"], v["seed"], fair=fair)
    if v["describe"]:
        events = describe_events(loaded.engine, events)
    position = await _worded_position(rules, loaded, v["describe"])
    return tagged(json_response({**position, "events": events}), position)


async def replay(request: Request) -> Response:
    rules = _rules(request)
    game = request.path_params["game"]
    engine = rules.engine(game)
    claim = await _claim(request, game, BY_ID["replay"].names)  # a record's Result: unchecked
    end, replayed = await replay_claim(rules, engine, claim)
    position = await rules.position_of(end)
    answer = {**position, "plies": len(claim.moves), "replayed": replayed}
    return tagged(json_response(answer), position)


def tagged(response: Response, position: dict[str, Any]) -> Response:
    """The answer with the ``ETag`` of its position's state (its digest: a fair successor's
    ``parent``), so a host that keeps states can compare and set by it."""
    # appended as it is (one header, never there before): MutableHeaders would scan them all
    response.raw_headers.append((b"etag", f'"{state_digest(position["state"])}"'.encode()))
    return response


def _is_text(request: Request) -> bool:
    return request.headers.get("content-type", "").split(";")[0].strip().lower() == "text/plain"


async def _text(request: Request) -> str:
    raw = await request.body()
    try:
        return raw.decode()
    except UnicodeDecodeError as exc:
        raise bad_text(exc, raw[: exc.start].count(b"\n") + 1) from exc


async def _claim(request: Request, game: str, fields: frozenset[str]) -> Claim:
    """A replay or verify body: JSON (``fields``, or ``record`` alone) or, sent as
    ``text/plain``, the text record itself."""
    if _is_text(request):
        return read_record(await _text(request), game)
    return read_claim(Body(await read_json(request), set(fields)), game)


async def verify_game(request: Request) -> Response:
    rules = _rules(request)
    game = request.path_params["game"]
    engine = rules.engine(game)
    claim = await _claim(request, game, BY_ID["verify"].names)
    if len(claim.moves) <= INLINE_MOVES:
        verdict = verify(rules, engine, claim)
    else:
        verdict = await offload.run(verify, rules, engine, claim)
    position = None if verdict.end is None else await rules.position_of(verdict.end)
    return json_response(
        {
            "valid": verdict.valid,
            "problems": verdict.problems,
            "position": position,
            "plies": verdict.plies,
            "certificate": verdict.certificate,
        }
    )


async def analyze(request: Request) -> Response:
    """A game's review: its replay body or text record, with ``budget`` and ``analysisSeed``
    (a text/plain body: the record alone, at the default budget)."""
    rules = _rules(request)
    game = request.path_params["game"]
    engine = rules.engine(game)
    if _is_text(request):
        claim, budget, seed = read_record(await _text(request), game), None, None
    else:
        body = Body(await read_json(request), set(BY_ID["analyze"].names))
        claim, budget, seed = read_analysis(body, game)
    return json_response(await offload.run(analyze_claim, rules, engine, claim, budget, seed))


async def record(request: Request) -> Response:
    rules = _rules(request)
    game = request.path_params["game"]
    engine = rules.engine(game)
    body = Body(await read_json(request), set(BY_ID["record"].names))
    text = print_record(record_of(rules, engine, read_claim(body, game, record_ok=False)))
    return Response(text, media_type="text/plain; charset=utf-8")


async def verify_batch(request: Request) -> Response:
    rules = _rules(request)

    async def run(call: Callable[[], bytes]) -> bytes:
        return await offload.run(call)

    return StreamedBody(verify_stream(rules, request.stream(), run), NDJSON)


async def analyze_batch(request: Request) -> Response:
    rules = _rules(request)

    async def run(call: Callable[[], bytes]) -> bytes:
        return await offload.run(call)

    return StreamedBody(analyze_stream(rules, request.stream(), run), NDJSON)


async def certificates(request: Request) -> Response:
    rules = _rules(request)
    body = Body(await read_json(request), set(BY_ID["checkCertificate"].names))
    cert, text = read_certificate(body, rules.registry)
    return json_response(check_certificate(rules, cert, text))


def _state_call(operation_id: str, answer: Answer) -> Handler:
    """A POST that reads ``state`` and the operation's other declared fields; the answer loads
    the state when the whole body is known to be well-formed. An operation of ``KEPT`` keeps
    its answers in the answer tier (``answers.py``), by the request's bytes."""
    op = BY_ID[operation_id]
    fields = op.fields()
    allowed = {f.name for f in fields}
    kept = operation_id in KEPT
    call = op.path.rpartition("/")[2]

    async def handler(request: Request) -> Response:
        rules = _rules(request)
        engine: Engine = rules.engine(request.path_params["game"])
        body = Body(await read_json(request), allowed)
        values = body.read(fields)
        doc = values["state"]

        def load() -> Loaded:
            body.done()
            return rules.load(engine, doc)

        result = await answer(rules, values, load)
        if op.media == "application/json":
            response = json_response(result, encoded=rules.cache.written(result))
            if op.etag:
                tagged(response, result)
        else:
            response = Response(result, media_type=op.media)
        if kept:
            answers.keep(request.scope, response, engine.descriptor.id, call)
        return response

    return handler


async def _position(rules: Rules, v: dict[str, Any], load: Callable[[], Loaded]) -> Any:
    return await _worded_position(rules, load(), v["describe"])


async def _worded_position(rules: Rules, loaded: Loaded, describe: bool | None) -> Any:
    """The Position; with ``describe`` its prompt too (``prompt``, ``promptMessage``)."""
    position = await rules.position_of(loaded)
    if describe:
        prompt = await rules.prompt(loaded)
        if prompt is not None:
            position.update(words(prompt, "prompt"))
    return position


async def _legal_moves(rules: Rules, v: dict[str, Any], load: Callable[[], Loaded]) -> Any:
    loaded = load()
    if not v["describe"]:
        return await rules.legal_moves(loaded, v["player"])
    found = await rules.legal_moves(loaded, v["player"], describe=True)
    moves = [{**m, **words(m["description"])} if "description" in m else m for m in found["moves"]]
    answer = {**found, "moves": moves}
    prompt = await rules.prompt(loaded)
    if prompt is not None:
        answer.update(words(prompt, "prompt"))
    return answer


async def _next_steps(rules: Rules, v: dict[str, Any], load: Callable[[], Loaded]) -> Any:
    return await rules.next_steps(load(), v["player"], v["steps"])


async def _play(rules: Rules, v: dict[str, Any], load: Callable[[], Loaded]) -> Any:
    end, events = await rules.play_async(load(), v["moves"], v["autoChance"])
    return await _played(rules, end, events, v["describe"])


async def _contribute(rules: Rules, v: dict[str, Any], load: Callable[[], Loaded]) -> Any:
    end, events = rules.contribute(load(), v["player"], v["contribution"])
    return await _played(rules, end, events, v["describe"])


async def _played(rules: Rules, end: Loaded, events: list[Any], describe: bool | None) -> Any:
    """play's and contribute's answer: the position reached plus the events (in words too,
    with ``describe``)."""
    if describe:
        events = describe_events(end.engine, events)
    return {**await _worded_position(rules, end, describe), "events": events}


async def _score(rules: Rules, v: dict[str, Any], load: Callable[[], Loaded]) -> Any:
    return score_answer(await rules.score(load()))


async def _view(rules: Rules, v: dict[str, Any], load: Callable[[], Loaded]) -> Any:
    return rules.view(load(), v["player"])


async def _suggest(rules: Rules, v: dict[str, Any], load: Callable[[], Loaded]) -> Any:
    return await rules.suggest_async(
        load(), v["player"], v["seed"], v["budget"], v["level"], v["budgetMs"]
    )


async def _evaluate(rules: Rules, v: dict[str, Any], load: Callable[[], Loaded]) -> Any:
    return await rules.evaluate(
        load(), v["player"], v["seed"], v["budget"], v["level"], v["budgetMs"]
    )


async def _render(rules: Rules, v: dict[str, Any], load: Callable[[], Loaded]) -> Any:
    return rules.render(load(), v["player"], v["mark"], bool(v["narrow"]))


def _budgeted(handler: Handler) -> Handler:
    """Runs the handler within the request's work budget (MAX_WORK)."""

    async def budgeted(request: Request) -> Response:
        settings = _rules(request).settings
        with request_budget(settings.max_work, settings.search_max_cpu_ms):
            return await handler(request)

    return budgeted


KEPT = frozenset(("legalMoves", "play", "nextSteps", "getPosition", "score", "view", "render"))
"""The state calls whose answer is a function of the request's bytes and language alone, kept
by them in the answer tier (``suggest`` and ``evaluate`` are not: a search is bounded by CPU
time; ``evaluate`` keeps its results in the result cache, when no clock cut them short)."""


def kept_calls() -> frozenset[str]:
    """The last path segments of ``KEPT``'s calls (``legal-moves``), as ``answers`` matches."""
    return frozenset(BY_ID[name].path.rpartition("/")[2] for name in KEPT)


def routes() -> list[Route]:
    return [
        Route(r.path, _budgeted(r.endpoint), methods=sorted(r.methods or ())) for r in _routes()
    ]


# Each REST operation of the contract (service/api/contract.py) and its handler, the hottest
# first: the router tries routes in order, and a game's state calls are what clients send
# most (legal moves and play above all). /healthz, /readyz and /metrics are the app's own.
HANDLERS: dict[str, Handler] = {
    "legalMoves": _state_call("legalMoves", _legal_moves),
    "play": _state_call("play", _play),
    "nextSteps": _state_call("nextSteps", _next_steps),
    "getPosition": _state_call("getPosition", _position),
    "score": _state_call("score", _score),
    "contribute": _state_call("contribute", _contribute),
    "newGame": new,
    "replay": replay,
    "verify": verify_game,
    "analyze": analyze,
    "record": record,
    "view": _state_call("view", _view),
    "render": _state_call("render", _render),
    "suggest": _state_call("suggest", _suggest),
    "evaluate": _state_call("evaluate", _evaluate),
    "listGames": games,
    "getRules": rules_of,
    "verifyBatch": verify_batch,
    "analyzeBatch": analyze_batch,
    "checkCertificate": certificates,
}


def _routes() -> list[Route]:
    return [
        Route(BY_ID[name].path, handler, methods=[BY_ID[name].method.upper()])
        for name, handler in HANDLERS.items()
    ]
