"""The asyncio client (``AsyncRegelwerk``) against the real server process: the same calls as
the blocking client, awaited, concurrently over one pool. Each test runs its own event loop."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import httpx2
import pytest
from regelwerk_client import (
    AsyncRegelwerk,
    ErrorCode,
    GraphQLError,
    InvalidRecord,
    InvalidRequest,
    InvalidState,
    LimitExceeded,
    MoveRejected,
    RegelwerkError,
    TransportError,
    UnknownGame,
)

from ..server_process import running_server
from .python_client_support import (
    ANALYZE_BATCH,
    FAIR_GAME,
    FAIR_PLIES,
    FAIR_SECRET,
    FINISHED_MIXTOUR,
    GAMES,
    AsyncCountingTransport,
    closed_port,
    not_regelwerk_server,
    service_url,
    silent_server,
)


@pytest.fixture(scope="module")
def base():
    with service_url() as url:
        yield url


def run(base: str, body: Callable[[AsyncRegelwerk], Awaitable[Any]], **kwargs: Any) -> Any:
    async def main() -> Any:
        async with AsyncRegelwerk(base, **kwargs) as rw:
            return await body(rw)

    return asyncio.run(main())


@pytest.mark.parametrize("game", GAMES)
def test_every_operation(base, game):
    async def body(rw: AsyncRegelwerk) -> None:
        info = next(g for g in await rw.games() if g["id"] == game)
        players = min(max(2, info["minPlayers"]), info["maxPlayers"])
        options = {name: spec["default"] for name, spec in info["options"].items()}
        seed = f"async-{game}" if info["chance"] else None

        start = await rw.new_game(game, players=players, options=options, seed=seed)
        assert start["events"][0]["type"] == "gameStarted"
        again = await rw.position(game, start["state"])
        assert {**again, "events": start["events"]} == start
        pos, record = start, []
        for _ in range(5):
            mover = pos["toMove"][0]
            legal, steps = await asyncio.gather(
                rw.legal_moves(game, pos["state"], player=mover),
                rw.next_steps(game, pos["state"], player=mover),
            )
            first = legal["moves"][0]
            if game != "tric-trac":  # one step per turn: each legal move (Tric Trac's own test)
                assert steps["steps"] == legal["moves"] and not steps["canEnd"]
            by_document, by_notation = await asyncio.gather(
                rw.play(game, pos["state"], first["move"], player=mover),
                rw.play(game, pos["state"], first["notation"], player=mover),
            )
            assert by_document == by_notation
            record.append({"player": mover, "move": first["move"]})
            pos = by_document

        listed = await rw.play(game, start["state"], moves=record, auto_chance=True)
        replayed = await rw.replay(game, record, players=players, options=options, seed=seed)
        assert listed["state"] == replayed["state"] == pos["state"] and replayed["plies"] == 5
        score, view, svg = await asyncio.gather(
            rw.score(game, pos["state"]),
            rw.view(game, pos["state"], player=0),
            rw.render(game, pos["state"], player=0),
        )
        assert score["scores"] == pos["scores"] and score["status"] == "ongoing"
        assert view["game"] == game and "seed" not in view
        assert svg.startswith("<svg") and f'data-game="{game}"' in svg

    run(base, body)


async def _new_state(rw: AsyncRegelwerk) -> dict[str, Any]:
    return (await rw.new_game("mixtour"))["state"]


async def _refusals(rw: AsyncRegelwerk) -> list[RegelwerkError]:
    state = await _new_state(rw)
    calls = [
        rw.new_game("chess"),
        rw.replay("mixtour", ["a1"], key_id="0123abcd"),
        rw.legal_moves("mixtour", state, player=5),
        rw.new_game("mixtour", options={"pointsToWin": 0}),
        rw.position("mixtour", {"game": "mixtour", "v": 1}),
        rw.play("mixtour", state, moves=["a1", "a1"]),
        rw.play("mixtour", state, moves=["pass"] * 5001),
        rw.graphql("query {"),
    ]
    answers = await asyncio.gather(*calls, return_exceptions=True)
    assert all(isinstance(a, RegelwerkError) for a in answers), answers
    return answers


def test_refusals_raise_by_code(base):
    errors = run(base, _refusals)
    assert [(type(e), e.code, e.status) for e in errors] == [
        (UnknownGame, ErrorCode.UNKNOWN_GAME, 404),
        (InvalidRequest, ErrorCode.INVALID_REQUEST, 400),
        (InvalidRequest, ErrorCode.INVALID_PLAYER, 422),
        (InvalidState, ErrorCode.INVALID_OPTIONS, 422),
        (InvalidState, ErrorCode.INVALID_STATE, 422),
        (MoveRejected, ErrorCode.ILLEGAL_MOVE, 422),
        (LimitExceeded, ErrorCode.TOO_MANY_MOVES, 413),
        (GraphQLError, ErrorCode.GRAPHQL_PARSE_FAILED, 400),
    ]
    assert errors[5].ply == 1 and errors[5].rule == "MX-4"


def test_a_finished_game_refuses_moves(base):
    async def body(rw: AsyncRegelwerk) -> None:
        end = await rw.replay("mixtour", FINISHED_MIXTOUR, options={"pointsToWin": 1})
        assert end["status"] == "finished" and end["winners"] == [1]
        with pytest.raises(MoveRejected) as err:
            await rw.play("mixtour", end["state"], "a2")
        assert err.value.code is ErrorCode.GAME_OVER

    run(base, body)


def test_suggest(base):
    async def body(rw: AsyncRegelwerk) -> None:
        start = await rw.new_game("te-trix", players=3, seed="async-bot")
        arranged = await rw.suggest("te-trix", start["state"], budget=10)  # the roller arranges
        # Te-Trix's bots choose by the sheet's potential: one move judged best, no search
        assert arranged["player"] == 0 and arranged["stats"]["iterations"] == 0
        assert arranged["stats"]["moves"] == 1
        pos = await rw.play("te-trix", start["state"], arranged["move"]["move"])
        assert pos["toMove"] == [0, 1, 2]  # then everyone places at once
        state = pos["state"]
        calls = [rw.suggest("te-trix", state, player=p, seed="async", budget=20) for p in (2, 2, 0)]
        answer, again, other = await asyncio.gather(*calls)
        assert answer == again and (answer["player"], other["player"]) == (2, 0)
        legal = await rw.legal_moves("te-trix", state, player=2)
        assert answer["move"]["notation"] in [m["notation"] for m in legal["moves"]]
        assert (answer["stats"]["iterations"], answer["stats"]["moves"]) == (0, 1)
        played = await rw.play("te-trix", state, answer["move"]["move"], player=2)
        assert played["toMove"] == [0, 1]
        with pytest.raises(MoveRejected) as err:
            await rw.suggest("te-trix", played["state"], player=2)
        assert (err.value.code, err.value.reason) == (ErrorCode.NOT_YOUR_TURN, "NOT_TO_MOVE")
        with pytest.raises(InvalidRequest) as bad:
            await rw.suggest("te-trix", state, budget=0)
        assert bad.value.code is ErrorCode.INVALID_REQUEST

    run(base, body)


def test_tournament_tools(base):
    won = {"options": {"pointsToWin": 1}, "claimed": {"scores": [0, 1], "winners": [1]}}

    async def body(rw: AsyncRegelwerk) -> None:
        text, verdict = await asyncio.gather(
            rw.record("mixtour", FINISHED_MIXTOUR, tags={"Event": "Async"}, **won),
            rw.verify("mixtour", FINISHED_MIXTOUR, **won),
        )
        assert verdict["valid"] and verdict["plies"] == 9 and '[Event "Async"]' in text
        from_text, replayed = await asyncio.gather(
            rw.verify_record("mixtour", text), rw.replay_record("mixtour", text)
        )
        assert from_text["valid"] and replayed["winners"] == [1]
        with pytest.raises(InvalidRecord) as err:
            await rw.verify_record("mixtour", "1. a1\n")
        assert err.value.code is ErrorCode.INVALID_RECORD and err.value.line == 1

        lines = [
            {"game": "mixtour", "record": text},
            {"game": "mixtour", "moves": ["a1", "a1"]},
            {"game": "te-trix", "moves": [], "claimed": {"winners": []}},
        ]
        verdicts = [v async for v in rw.verify_batch(lines * 3, lines_per_request=2)]
        assert [v["line"] for v in verdicts] == list(range(1, 10))
        assert [v["valid"] for v in verdicts] == [True, False, False] * 3
        assert [v["problems"][0]["code"] for v in verdicts[1:3]] == ["ILLEGAL_MOVE", "NOT_FINISHED"]

        check = await rw.check_certificate(
            {
                "game": "mixtour",
                "rulesVersion": "1",
                "digest": "d",
                "scores": [],
                "winners": [],
                "sig": "0.0",
            }
        )
        assert not check["valid"] and check["problems"]

    run(base, body)


def test_analyze_batch_reviews_arrive_in_order(base):
    transport = AsyncCountingTransport()

    async def body(rw: AsyncRegelwerk) -> None:
        pulled: list[int] = []

        def lines():
            for n, line in enumerate(ANALYZE_BATCH * 2, 1):
                pulled.append(n)
                yield line

        reviews = rw.analyze_batch(lines(), lines_per_request=2)
        first = await anext(reviews)
        assert (first["line"], pulled) == (1, [1, 2])  # the lines are read as they are sent
        received = [first, *[r async for r in reviews]]
        assert [r["line"] for r in received] == [1, 2, 3, 4, 5, 6]
        assert [r["game"] for r in received] == ["mixtour", "chess", "mixtour"] * 2
        review, unknown, from_record = received[:3]
        assert "error" not in review and "error" not in from_record and "error" in unknown
        assert [p["notation"] for p in review["plies"]] == ["c3", "c4"]
        assert [p["notation"] for p in from_record["plies"]] == ["c3"]
        assert review["annotated"] and from_record["annotated"]
        assert unknown["error"]["code"] == "UNKNOWN_GAME"
        # The same lines again (in other parts): the same answers, numbered on.
        assert [{**r, "line": r["line"] + 3} for r in received[:3]] == received[3:]
        # A review is analyze's answer with its line and game.
        single, from_text = await asyncio.gather(
            rw.analyze("mixtour", ["c3", "c4"], budget=2),
            rw.analyze_record("mixtour", '[Game "mixtour"]\n1. c3\n', budget=2),
        )
        assert {k: v for k, v in review.items() if k not in ("line", "game")} == single
        assert {k: v for k, v in from_record.items() if k not in ("line", "game")} == from_text

    run(base, body, transport=transport)
    assert transport.requests == 3 + 2


def test_an_open_fair_game_takes_contributions_and_verifies_its_history():
    async def body(rw: AsyncRegelwerk) -> None:
        waiting = await rw.new_game("tric-trac", fair={"open": True}, **FAIR_GAME)
        assert waiting["state"]["fair"]["awaiting"] == [0, 1] and waiting["isChance"]
        first = await rw.contribute("tric-trac", waiting["state"], 0)  # no contribution
        assert first["state"]["fair"]["awaiting"] == [1] and first["isChance"]
        started = await rw.contribute("tric-trac", first["state"], 1, "ben")
        assert "awaiting" not in started["state"]["fair"] and not started["isChance"]
        assert any(event["type"] == "chance" for event in started["events"])
        with pytest.raises(MoveRejected) as again:
            await rw.contribute("tric-trac", started["state"], 1, "ben")
        assert (again.value.code, again.value.reason) == (ErrorCode.NOT_YOUR_TURN, "NOT_AWAITED")

        pos, moves, history = started, [], [waiting["state"], first["state"], started["state"]]
        for _ in range(FAIR_PLIES):
            if pos["status"] == "finished":
                break
            mover = pos["toMove"][0]
            move = (await rw.legal_moves("tric-trac", pos["state"], player=mover))["moves"][0]
            pos = await rw.play("tric-trac", pos["state"], move["notation"], player=mover)
            moves.append({"player": mover, "move": move["notation"]})
            history.append(pos["state"])
        assert pos["status"] == "finished"
        fair = pos["state"]["fair"]
        verdict = await rw.verify("tric-trac", moves, fair=fair, history=history, **FAIR_GAME)
        assert (verdict["valid"], verdict["problems"]) == (True, []), verdict["problems"]

    with running_server(RULES_SECRET=FAIR_SECRET) as url:
        run(url, body)


def test_graphql(base):
    async def body(rw: AsyncRegelwerk) -> None:
        query = 'query P($s: JSON!) { position(game: "mixtour", state: $s) { __typename } }'
        data = await rw.graphql(query, {"s": await _new_state(rw)}, persisted=True)
        assert data == {"position": {"__typename": "Position"}}
        with pytest.raises(GraphQLError) as err:
            await rw.graphql("query { nope }")
        assert err.value.code is ErrorCode.GRAPHQL_VALIDATION_FAILED

    run(base, body)


def test_transport_failures_are_transport_errors():
    async def refused(rw: AsyncRegelwerk) -> None:
        await rw.games()

    with pytest.raises(TransportError) as err:
        run(f"http://127.0.0.1:{closed_port()}", refused)
    assert err.value.code is ErrorCode.CONNECT_FAILED
    assert isinstance(err.value.__cause__, httpx2.ConnectError)

    with silent_server() as url, pytest.raises(TransportError) as err:
        run(url, refused, timeout=0.3)
    assert err.value.code is ErrorCode.TIMEOUT

    async def new(rw: AsyncRegelwerk) -> None:
        await rw.new_game("mixtour")

    with not_regelwerk_server() as url, pytest.raises(TransportError) as err:
        run(url, new)
    assert (err.value.code, err.value.status) == (ErrorCode.BAD_RESPONSE, 502)


def test_one_connection_serves_many_calls(base):
    transport = AsyncCountingTransport()

    async def body(rw: AsyncRegelwerk) -> None:
        pos = await rw.new_game("mixtour")
        for _ in range(10):
            move = (await rw.legal_moves("mixtour", pos["state"]))["moves"][0]["notation"]
            pos = await rw.play("mixtour", pos["state"], move)
        with pytest.raises(MoveRejected):
            await rw.play("mixtour", pos["state"], "zz9")

    run(base, body, transport=transport)
    assert transport.requests == 22 and transport.connections == 1 and transport.closed


def test_concurrent_calls_share_the_pool(base):
    transport = AsyncCountingTransport()

    async def body(rw: AsyncRegelwerk) -> None:
        for _ in range(3):  # each wave reuses the connections of the one before
            await asyncio.gather(*(rw.games() for _ in range(4)))

    run(base, body, transport=transport)
    assert transport.requests == 12 and 1 <= transport.connections <= 4


def test_the_context_manager_closes_the_connections(base):
    transport = AsyncCountingTransport()

    async def main() -> None:
        client = AsyncRegelwerk(base, transport=transport)

        async def refused_inside() -> None:
            async with client as rw:
                await rw.new_game("chess")

        assert not client.closed
        with pytest.raises(UnknownGame):
            await refused_inside()
        assert client.closed and transport.closed
        with pytest.raises(TransportError) as err:
            await client.games()
        assert err.value.code is ErrorCode.CLIENT_CLOSED

    asyncio.run(main())
