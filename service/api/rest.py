"""REST under ``/v1``: the calls and field names of DESIGN.md's table."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from .http import json_response, read_json
from .ops import Rules
from .request import Body

Handler = Callable[[Request], Awaitable[Response]]


def _rules(request: Request) -> Rules:
    rules: Rules = request.app.state.rules
    return rules


async def games(request: Request) -> Response:
    return json_response({"games": _rules(request).games()})


async def new(request: Request) -> Response:
    rules = _rules(request)
    engine = rules.engine(request.path_params["game"])
    body = Body(await read_json(request, empty_ok=True), {"players", "options", "seed"})
    players, options, seed = (
        body.int_or_none("players"),
        body.object_or_none("options"),
        body.str_or_none("seed"),
    )
    body.done()
    return json_response(rules.position_of(rules.new_game(engine, players, options, seed)))


def _state_call(
    fields: set[str], answer: Callable[[Rules, Any, Body], Any], media: str = "application/json"
) -> Handler:
    """A POST that reads ``state`` (and more fields) and answers from the loaded state."""

    async def handler(request: Request) -> Response:
        rules = _rules(request)
        engine = rules.engine(request.path_params["game"])
        body = Body(await read_json(request), {"state", *fields})
        doc = body.state()
        result = answer(rules, (engine, doc), body)
        if media == "application/json":
            return json_response(result)
        return Response(result, media_type=media)

    return handler


def _load(rules: Rules, target: Any, body: Body) -> Any:
    body.done()
    engine, doc = target
    return rules.load(engine, doc)


def _position(rules: Rules, target: Any, body: Body) -> Any:
    return rules.position_of(_load(rules, target, body))


def _legal_moves(rules: Rules, target: Any, body: Body) -> Any:
    player = body.int_or_none("player")
    return rules.legal_moves(_load(rules, target, body), player)


def _play(rules: Rules, target: Any, body: Body) -> Any:
    player = body.int_or_none("player")
    auto = body.bool_or_none("autoChance")
    moves = body.moves(player, single=True)
    end, events = rules.play(_load(rules, target, body), moves, auto)
    return {**rules.position_of(end), "events": events}


def _score(rules: Rules, target: Any, body: Body) -> Any:
    return rules.score(_load(rules, target, body))


def _view(rules: Rules, target: Any, body: Body) -> Any:
    player = body.int_or_none("player")
    return rules.view(_load(rules, target, body), player)


def _render(rules: Rules, target: Any, body: Body) -> Any:
    player = body.int_or_none("player")
    return rules.render(_load(rules, target, body), player)


async def replay(request: Request) -> Response:
    rules = _rules(request)
    engine = rules.engine(request.path_params["game"])
    body = Body(await read_json(request), {"players", "options", "seed", "moves"})
    players, options, seed = (
        body.int_or_none("players"),
        body.object_or_none("options"),
        body.str_or_none("seed"),
    )
    moves = body.moves(None, single=False)
    body.done()
    end = rules.replay(engine, players, options, seed, moves)
    return json_response({**rules.position_of(end), "plies": len(moves)})


def routes() -> list[Route]:
    g = "/v1/games/{game}"
    return [
        Route("/v1/games", games, methods=["GET"]),
        Route(f"{g}/new", new, methods=["POST"]),
        Route(f"{g}/position", _state_call(set(), _position), methods=["POST"]),
        Route(f"{g}/legal-moves", _state_call({"player"}, _legal_moves), methods=["POST"]),
        Route(
            f"{g}/play",
            _state_call({"move", "moves", "player", "autoChance"}, _play),
            methods=["POST"],
        ),
        Route(f"{g}/score", _state_call(set(), _score), methods=["POST"]),
        Route(f"{g}/replay", replay, methods=["POST"]),
        Route(f"{g}/view", _state_call({"player"}, _view), methods=["POST"]),
        Route(f"{g}/render", _state_call({"player"}, _render, "image/svg+xml"), methods=["POST"]),
    ]
