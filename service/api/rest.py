"""REST under ``/v1``: the calls and field names of DESIGN.md's table."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from . import offload
from .budget import request_budget
from .http import StreamedBody, json_response, read_json
from .ops import INLINE_MOVES, Engine, Loaded, Rules
from .records import print_record
from .request import Body, bad_text
from .verify import (
    GAME_FIELDS,
    REPLAY_FIELDS,
    VERIFY_FIELDS,
    Claim,
    check_certificate,
    read_certificate,
    read_claim,
    read_record,
    record_of,
    verify,
    verify_stream,
)

Handler = Callable[[Request], Awaitable[Response]]
# An answer reads its extra fields from the body, then gets the loaded state.
Answer = Callable[[Rules, Body, Callable[[], Loaded]], Awaitable[Any]]


def _rules(request: Request) -> Rules:
    rules: Rules = request.app.state.rules
    return rules


async def games(request: Request) -> Response:
    return json_response({"games": _rules(request).games()})


async def new(request: Request) -> Response:
    rules = _rules(request)
    engine = rules.engine(request.path_params["game"])
    body = Body(await read_json(request, empty_ok=True), {"players", "options", "seed"})
    players = body.int_or_none("players")
    options = body.object_or_none("options")
    seed = body.str_or_none("seed")
    body.done()
    return json_response(await rules.position_of(rules.new_game(engine, players, options, seed)))


async def replay(request: Request) -> Response:
    rules = _rules(request)
    game = request.path_params["game"]
    engine = rules.engine(game)
    claim = await _claim(request, game, REPLAY_FIELDS)  # a record's Result is not checked
    end = await rules.replay_async(
        engine, claim.players, claim.options, claim.seed, claim.moves, claim.key_id
    )
    return json_response({**await rules.position_of(end), "plies": len(claim.moves)})


def _is_text(request: Request) -> bool:
    return request.headers.get("content-type", "").split(";")[0].strip().lower() == "text/plain"


async def _text(request: Request) -> str:
    raw = await request.body()
    try:
        return raw.decode()
    except UnicodeDecodeError as exc:
        raise bad_text(str(exc), raw[: exc.start].count(b"\n") + 1) from exc


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
    claim = await _claim(request, game, VERIFY_FIELDS)
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


async def record(request: Request) -> Response:
    rules = _rules(request)
    game = request.path_params["game"]
    engine = rules.engine(game)
    body = Body(await read_json(request), set(GAME_FIELDS))
    text = print_record(record_of(rules, engine, read_claim(body, game, record_ok=False)))
    return Response(text, media_type="text/plain; charset=utf-8")


async def verify_batch(request: Request) -> Response:
    rules = _rules(request)

    async def run(call: Callable[[], bytes]) -> bytes:
        return await offload.run(call)

    return StreamedBody(verify_stream(rules, request.stream(), run), "application/x-ndjson")


async def certificates(request: Request) -> Response:
    rules = _rules(request)
    body = Body(await read_json(request), {"certificate", "record"})
    cert, text = read_certificate(body, rules.registry)
    return json_response(check_certificate(rules, cert, text))


def _state_call(fields: set[str], answer: Answer, media: str = "application/json") -> Handler:
    """A POST that reads ``state`` and ``fields``; the answer loads the state when the whole
    body is known to be well-formed."""

    async def handler(request: Request) -> Response:
        rules = _rules(request)
        engine: Engine = rules.engine(request.path_params["game"])
        body = Body(await read_json(request), {"state", *fields})
        doc = body.state()

        def load() -> Loaded:
            body.done()
            return rules.load(engine, doc)

        result = await answer(rules, body, load)
        if media == "application/json":
            return json_response(result)
        return Response(result, media_type=media)

    return handler


async def _position(rules: Rules, body: Body, load: Callable[[], Loaded]) -> Any:
    return await rules.position_of(load())


async def _legal_moves(rules: Rules, body: Body, load: Callable[[], Loaded]) -> Any:
    player = body.int_or_none("player")
    return await rules.legal_moves(load(), player)


async def _play(rules: Rules, body: Body, load: Callable[[], Loaded]) -> Any:
    player = body.int_or_none("player")
    auto = body.bool_or_none("autoChance")
    moves = body.moves(player, single=True)
    end, events = await rules.play_async(load(), moves, auto)
    return {**await rules.position_of(end), "events": events}


async def _score(rules: Rules, body: Body, load: Callable[[], Loaded]) -> Any:
    return await rules.score(load())


async def _view(rules: Rules, body: Body, load: Callable[[], Loaded]) -> Any:
    player = body.int_or_none("player")
    return rules.view(load(), player)


async def _suggest(rules: Rules, body: Body, load: Callable[[], Loaded]) -> Any:
    player = body.int_or_none("player")
    seed = body.str_or_none("seed")
    budget = body.int_or_none("budget")
    level = body.str_or_none("level")
    return await rules.suggest_async(load(), player, seed, budget, level)


async def _render(rules: Rules, body: Body, load: Callable[[], Loaded]) -> Any:
    player = body.int_or_none("player")
    return rules.render(load(), player)


def _budgeted(handler: Handler) -> Handler:
    """Runs the handler within the request's work budget (MAX_WORK)."""

    async def budgeted(request: Request) -> Response:
        settings = _rules(request).settings
        with request_budget(settings.max_work, settings.search_max_cpu_ms):
            return await handler(request)

    return budgeted


def routes() -> list[Route]:
    return [
        Route(r.path, _budgeted(r.endpoint), methods=sorted(r.methods or ())) for r in _routes()
    ]


def _routes() -> list[Route]:
    """The hottest first: the router tries routes in order, and a game's state calls are
    what clients send most (legal moves and play above all)."""
    g = "/v1/games/{game}"
    return [
        Route(f"{g}/legal-moves", _state_call({"player"}, _legal_moves), methods=["POST"]),
        Route(
            f"{g}/play",
            _state_call({"move", "moves", "player", "autoChance"}, _play),
            methods=["POST"],
        ),
        Route(f"{g}/position", _state_call(set(), _position), methods=["POST"]),
        Route(f"{g}/score", _state_call(set(), _score), methods=["POST"]),
        Route(f"{g}/new", new, methods=["POST"]),
        Route(f"{g}/replay", replay, methods=["POST"]),
        Route(f"{g}/verify", verify_game, methods=["POST"]),
        Route(f"{g}/record", record, methods=["POST"]),
        Route(f"{g}/view", _state_call({"player"}, _view), methods=["POST"]),
        Route(f"{g}/render", _state_call({"player"}, _render, "image/svg+xml"), methods=["POST"]),
        Route(
            f"{g}/suggest",
            _state_call({"player", "seed", "budget", "level"}, _suggest),
            methods=["POST"],
        ),
        Route("/v1/games", games, methods=["GET"]),
        Route("/v1/verify", verify_batch, methods=["POST"]),
        Route("/v1/certificates", certificates, methods=["POST"]),
    ]
