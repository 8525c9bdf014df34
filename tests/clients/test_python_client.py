"""The Python client (``Regelwerk``) against the real server process: every operation for every
game, every refusal it can provoke by its code, transport failures, connection reuse, and the
examples run as a person runs them. ``REGELWERK_URL`` points the tests at a running server."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import httpx2
import pytest
from regelwerk_client import (
    GRAPHQL_CODES,
    REST_CODES,
    ErrorCode,
    FairStart,
    GraphQLError,
    InvalidRecord,
    InvalidRequest,
    InvalidState,
    LimitExceeded,
    MoveEntry,
    MoveRejected,
    Regelwerk,
    RegelwerkError,
    StateTampered,
    TransportError,
    UnknownGame,
)

from ..server_process import ROOT, running_server
from .python_client_support import (
    ANALYZE_BATCH,
    FAIR_GAME,
    FAIR_PLIES,
    FAIR_SECRET,
    FINISHED_MIXTOUR,
    GAMES,
    CountingTransport,
    closed_port,
    not_regelwerk_server,
    service_url,
    silent_server,
)

EXAMPLES = ROOT / "clients" / "python" / "examples"


@pytest.fixture(scope="module")
def base():
    with service_url() as url:
        yield url


@pytest.fixture
def rw(base):
    with Regelwerk(base) as client:
        yield client


def players_for(info) -> int:
    return min(max(2, info["minPlayers"]), info["maxPlayers"])


@pytest.mark.parametrize("game", GAMES)
def test_every_operation(rw, game):
    info = next(g for g in rw.games() if g["id"] == game)
    players = players_for(info)
    options = {name: spec["default"] for name, spec in info["options"].items()}
    seed = f"client-{game}" if info["chance"] else None

    start = rw.new_game(game, players=players, options=options, seed=seed)
    assert start["events"][0]["type"] == "gameStarted"
    again = rw.position(game, start["state"])
    assert (
        {**again, "events": start["events"]} == start
        and start["status"] == "ongoing"
        and not start["isChance"]
    )

    pos, record = start, []
    for _ in range(6):
        mover = pos["toMove"][0]
        legal = rw.legal_moves(game, pos["state"], player=mover)
        assert legal["moves"] and not legal["isChance"] and mover in legal["toMove"]
        first = legal["moves"][0]
        by_document = rw.play(game, pos["state"], first["move"], player=mover)
        by_notation = rw.play(game, pos["state"], first["notation"], player=mover)
        assert by_document == by_notation
        if info["chance"]:
            assert by_document["events"] and not by_document["isChance"]
        record.append({"player": mover, "move": first["notation"]})
        pos = by_document

    assert rw.play(game, start["state"], moves=record)["state"] == pos["state"]
    replayed = rw.replay(game, record, players=players, options=options, seed=seed)
    assert replayed["plies"] == 6 and replayed["state"] == pos["state"]

    score = rw.score(game, pos["state"])
    assert (score["scores"], score["status"], score["winners"]) == (
        pos["scores"],
        pos["status"],
        pos["winners"],
    )
    view = rw.view(game, pos["state"], player=0)
    assert view["game"] == game and "seed" not in view
    for player in (None, 0):
        svg = rw.render(game, pos["state"], player=player)
        assert svg.startswith("<svg") and f'data-game="{game}"' in svg


def test_a_finished_game(rw):
    options = {"pointsToWin": 1}
    end = rw.replay("mixtour", FINISHED_MIXTOUR, options=options)
    assert (end["status"], end["winners"], end["plies"]) == ("finished", [1], 9)
    assert rw.score("mixtour", end["state"])["reason"]
    assert rw.legal_moves("mixtour", end["state"])["moves"] == []
    with pytest.raises(MoveRejected) as refused:
        rw.play("mixtour", end["state"], "a2")
    assert (refused.value.code, refused.value.status, refused.value.ply) == (
        ErrorCode.GAME_OVER,
        422,
        0,
    )


def test_play_needs_a_move_or_moves(rw):
    state = rw.new_game("mixtour")["state"]
    with pytest.raises(TypeError):
        rw.play("mixtour", state)
    with pytest.raises(TypeError):
        rw.play("mixtour", state, "a1", moves=["b1"])
    assert rw.play("mixtour", state, moves=[])["state"] == state


def test_auto_chance_false_stops_at_the_throw(rw):
    pos = rw.new_game("tric-trac", seed="client-throw")
    mover = pos["toMove"][0]
    move = rw.legal_moves("tric-trac", pos["state"], player=mover)["moves"][0]["move"]
    held = rw.play("tric-trac", pos["state"], move, player=mover, auto_chance=False)
    assert held["isChance"] and held["toMove"] == []
    rolled = rw.play("tric-trac", held["state"], moves=[])
    assert not rolled["isChance"] and rolled["events"][0]["type"] == "chance"


def test_a_tric_trac_turn_built_stone_by_stone(rw):
    """TT-7: after red 3-5 the 6 may come first; the turn it ends in plays as 1/4/9 does."""
    start = rw.new_game("tric-trac")["state"]
    state = rw.play("tric-trac", start, "red 3-5")["state"]
    first = rw.next_steps("tric-trac", state)
    assert [s["notation"] for s in first["steps"]] == ["1/4", "1/6"] and not first["canEnd"]
    six = first["steps"][1]["move"]
    after = rw.next_steps("tric-trac", state, steps=[six])
    assert [s["notation"] for s in after["steps"]] == ["1/4", "6/9"]
    done = rw.next_steps("tric-trac", state, steps=[six, "6/9"], player=0)
    assert done["canEnd"] and done["turn"] is not None and done["turn"]["notation"] == "1/6/9"
    played = rw.play("tric-trac", state, done["turn"]["move"])
    assert played["state"] == rw.play("tric-trac", state, "1/4/9")["state"]
    with pytest.raises(MoveRejected) as refused:
        rw.next_steps("tric-trac", state, steps=["1/4", "4/8"])
    assert (refused.value.step, refused.value.reason) == (1, "NO_SUCH_NUMBER")
    with pytest.raises(TypeError):
        rw.next_steps("tric-trac", state, steps="1/4")  # type: ignore[arg-type]


def _state(rw):
    return rw.new_game("mixtour")["state"]


def _games_under(url):
    with Regelwerk(url) as wrong:  # a base URL with a path the service does not have
        return wrong.games()


# (what to call, the exception class, code, status, a detail that must be there)
REFUSALS = [
    (lambda rw: rw.new_game("chess"), UnknownGame, "UNKNOWN_GAME", 404, "known"),
    (
        lambda rw: rw.replay("tric-trac", [], seed="c", key_id="0123abcd"),
        InvalidRequest,
        "INVALID_REQUEST",
        400,
        "problems",
    ),
    (lambda rw: _games_under(rw.base_url + "/nope"), InvalidRequest, "NOT_FOUND", 404, None),
    (
        lambda rw: rw.legal_moves("mixtour", _state(rw), player=5),
        InvalidRequest,
        "INVALID_PLAYER",
        422,
        "players",
    ),
    (
        lambda rw: rw.new_game("mixtour", options={"pointsToWin": 0}),
        InvalidState,
        "INVALID_OPTIONS",
        422,
        "problems",
    ),
    (
        lambda rw: rw.position("mixtour", {"game": "mixtour", "v": 1, "board": {"z9": "w"}}),
        InvalidState,
        "INVALID_STATE",
        422,
        "problems",
    ),
    (
        lambda rw: rw.play("mixtour", _state(rw), "zz9"),
        MoveRejected,
        "INVALID_NOTATION",
        422,
        "ply",
    ),
    (
        lambda rw: rw.play("mixtour", _state(rw), moves=["a1", "a1"]),
        MoveRejected,
        "ILLEGAL_MOVE",
        422,
        "rule",
    ),
    (
        lambda rw: rw.play("mixtour", _state(rw), "a1", player=1),
        MoveRejected,
        "NOT_YOUR_TURN",
        422,
        "toMove",
    ),
    (
        lambda rw: rw.play("mixtour", _state(rw), moves=["pass"] * 5001),
        LimitExceeded,
        "TOO_MANY_MOVES",
        413,
        "limit",
    ),
    (
        lambda rw: rw.position("mixtour", {"game": "mixtour", "pad": "x" * (1 << 20)}),
        LimitExceeded,
        "BODY_TOO_LARGE",
        413,
        "limit",
    ),
    (
        lambda rw: rw.verify_record("mixtour", '[Game "mixtour"]\n\n1. a1\n2 b1\n'),
        InvalidRecord,
        "INVALID_RECORD",
        400,
        "line",
    ),
]


@pytest.mark.parametrize(
    ("call", "kind", "code", "status", "detail"), REFUSALS, ids=[r[2] for r in REFUSALS]
)
def test_refusals_raise_by_code(rw, call, kind, code, status, detail):
    with pytest.raises(RegelwerkError) as err:
        call(rw)
    error = err.value
    assert type(error) is kind and error.code is ErrorCode(code) and error.status == status
    assert error.code in REST_CODES and error.message and error.request_id
    assert detail is None or detail in error.details


def test_move_rejected_names_the_ply_reason_and_rule(rw):
    with pytest.raises(MoveRejected) as err:
        rw.play("mixtour", _state(rw), moves=["a1", "a1"])
    assert (err.value.ply, err.value.reason, err.value.rule) == (1, "SQUARE_OCCUPIED", "MX-4")
    with pytest.raises(InvalidState) as bad:
        rw.position("mixtour", {"game": "mixtour", "v": 1, "board": {"z9": "w"}})
    assert bad.value.problems[0]["path"] == "$.board.z9"


def test_signed_states_key_ids_and_tampering():
    with running_server(RULES_SECRET="client-test-secret") as url, Regelwerk(url) as rw:
        pos = rw.new_game("tric-trac", seed="signed")
        key_id = pos["state"]["sig"].split(".")[0]
        record: list[MoveEntry] = []
        for _ in range(3):
            mover = pos["toMove"][0]
            move = rw.legal_moves("tric-trac", pos["state"], player=mover)["moves"][0]
            pos = rw.play("tric-trac", pos["state"], move["notation"], player=mover)
            record.append({"player": mover, "move": move["notation"]})
        replayed = rw.replay("tric-trac", record, seed="signed", key_id=key_id)
        assert replayed["state"] == pos["state"]
        with pytest.raises(StateTampered) as err:
            rw.score("tric-trac", {**pos["state"], "scores": [11, 0]})
        assert (err.value.code, err.value.reason) == (ErrorCode.STATE_TAMPERED, "BAD_SIGNATURE")


# -- the reference bot ----------------------------------------------------------------------
BUDGET = 30  # iterations: their playouts stay well within the request's work budget


@pytest.mark.parametrize("game", GAMES)
def test_suggest_a_legal_move_reproducibly(rw, game):
    info = next(g for g in rw.games() if g["id"] == game)
    seed = f"bot-{game}" if info["chance"] else None
    players = max(info["minPlayers"], min(3, info["maxPlayers"]))  # three where they may
    pos = rw.new_game(game, players=players, seed=seed)
    for _ in range(2):  # two plies into the game
        mover = pos["toMove"][0]
        first = rw.legal_moves(game, pos["state"], player=mover)["moves"][0]
        pos = rw.play(game, pos["state"], first["move"], player=mover)
    player = pos["toMove"][-1]  # Te-Trix: 1 and 2 place at once (0 arranged, then placed)
    assert game != "te-trix" or pos["toMove"] == [1, 2]

    answer = rw.suggest(game, pos["state"], player=player, seed="bot", budget=BUDGET)
    assert answer["player"] == player
    legal = {
        m["notation"]: m["move"] for m in rw.legal_moves(game, pos["state"], player=player)["moves"]
    }
    move = answer["move"]
    assert legal[move["notation"]] == move["move"]
    stats = answer["stats"]
    searched = stats["moves"] > 1  # a single candidate is answered without a search
    # the game's candidates (Te-Trix: the 12 placements that score most) out of the legal moves
    assert 1 <= stats["moves"] <= len(legal)
    assert stats["iterations"] == (BUDGET if searched else 0)
    assert stats["plies"] >= stats["iterations"]
    assert len(stats["top"]) == min(5, stats["moves"])  # the most visited first
    assert stats["top"][0]["notation"] == move["notation"]
    assert stats["value"] == (stats["top"][0]["value"] if searched else None)
    visits = [t["visits"] for t in stats["top"]]
    assert visits == sorted(visits, reverse=True)

    # The same state, player, seed and budget: the same answer, stats included.
    assert rw.suggest(game, pos["state"], player=player, seed="bot", budget=BUDGET) == answer
    # The move document plays as it is, and as its notation.
    by_document = rw.play(game, pos["state"], move["move"], player=player)
    assert by_document == rw.play(game, pos["state"], move["notation"], player=player)
    assert by_document["state"] != pos["state"]


def test_suggest_defaults_and_refusals(rw):
    state = _state(rw)
    answer = rw.suggest("mixtour", state)  # the first to move, 100 iterations
    assert answer["player"] == 0 and answer["stats"]["iterations"] == 100
    assert rw.play("mixtour", state, answer["move"]["move"])["toMove"] == [1]

    for budget in (0, 161):  # 1 to SUGGEST_MAX_BUDGET (160 unless the service sets it)
        with pytest.raises(InvalidRequest) as bad:
            rw.suggest("mixtour", state, budget=budget)
        assert (bad.value.code, bad.value.status) == (ErrorCode.INVALID_REQUEST, 400)
        assert [p["path"] for p in bad.value.details.get("problems", [])] == ["$.budget"]

    end = rw.replay("mixtour", FINISHED_MIXTOUR, options={"pointsToWin": 1})["state"]
    held = rw.new_game("tric-trac", seed="bot-throw")
    move = rw.legal_moves("tric-trac", held["state"])["moves"][0]["move"]
    throw = rw.play("tric-trac", held["state"], move, auto_chance=False)["state"]
    for game, refused, player, code, reason in [
        ("mixtour", state, 1, ErrorCode.NOT_YOUR_TURN, "NOT_TO_MOVE"),
        ("mixtour", end, None, ErrorCode.GAME_OVER, "GAME_FINISHED"),
        ("tric-trac", throw, None, ErrorCode.NOT_YOUR_TURN, "CHANCE_NODE"),
    ]:
        with pytest.raises(MoveRejected) as err:
            rw.suggest(game, refused, player=player)
        assert (err.value.code, err.value.status, err.value.reason) == (code, 422, reason)
    with pytest.raises(InvalidRequest) as err:
        rw.suggest("mixtour", state, player=5)
    assert err.value.code is ErrorCode.INVALID_PLAYER


@pytest.mark.parametrize("game", GAMES)
def test_evaluate_values_every_player_reproducibly(rw, game):
    """Issue 27, point 4: evaluate answers a value, an interval and a mean score for every
    player; its best move is suggest's for the same seed and budget; the same request
    answers the same; a finished game is valued exactly."""
    info = next(g for g in rw.games() if g["id"] == game)
    seed = f"eval-{game}" if info["chance"] else None
    pos = rw.new_game(game, players=info["minPlayers"] if game != "te-trix" else 2, seed=seed)
    player = pos["toMove"][0]
    answer = rw.evaluate(game, pos["state"], player=player, seed="e", budget=BUDGET)
    assert answer["player"] == player
    assert [v["player"] for v in answer["values"]] == list(range(len(pos["scores"])))
    for v in answer["values"]:
        assert 0 <= v["low"] <= v["value"] <= v["high"] <= 1
    assert answer["stats"]["playouts"] == answer["stats"]["iterations"] == BUDGET
    assert "elapsedMs" not in answer["stats"]
    suggested = rw.suggest(game, pos["state"], player=player, seed="e", budget=BUDGET)
    assert answer["best"] == suggested["move"]
    assert rw.evaluate(game, pos["state"], player=player, seed="e", budget=BUDGET) == answer


def test_evaluate_a_finished_game_a_pending_throw_and_refusals(rw):
    end = rw.replay("mixtour", FINISHED_MIXTOUR, options={"pointsToWin": 1})
    exact = rw.evaluate("mixtour", end["state"])
    assert [v["value"] for v in exact["values"]] == [
        1.0 if p in end["winners"] else 0.0 for p in range(2)
    ]
    assert [v["score"] for v in exact["values"]] == end["scores"]
    assert (exact["best"], exact["stats"]["iterations"]) == (None, 0)
    held = rw.new_game("tric-trac", seed="eval-throw")
    move = rw.legal_moves("tric-trac", held["state"])["moves"][0]["move"]
    throw = rw.play("tric-trac", held["state"], move, auto_chance=False)
    assert throw["isChance"]
    pending = rw.evaluate("tric-trac", throw["state"], seed="t", budget=10)
    assert (pending["player"], pending["best"], pending["stats"]["playouts"]) == (0, None, 10)
    state = _state(rw)
    timed = rw.evaluate("mixtour", state, budget_ms=20, budget=5)
    assert "elapsedMs" in timed["stats"]
    with pytest.raises(InvalidRequest) as bad:
        rw.evaluate("mixtour", state, budget_ms=0)
    assert [p["path"] for p in bad.value.details.get("problems", [])] == ["$.budgetMs"]
    with pytest.raises(InvalidRequest) as err:
        rw.evaluate("mixtour", state, player=5)
    assert err.value.code is ErrorCode.INVALID_PLAYER


def test_analyze_a_game_and_its_record(rw):
    """analyze and analyze_record: the same review for the same game, budget and seed; the
    annotated record reads as the game; an illegal move raises MoveRejected with its ply."""
    moves = ["c3", "c4", "c3-c4"]
    review = rw.analyze("mixtour", moves, options={"pointsToWin": 2}, budget=3, analysis_seed="p")
    assert [p["kind"] for p in review["plies"]] == ["decision"] * 3
    for player in review["players"]:
        assert abs(player["result"] - player["start"] - player["skill"] - player["luck"]) < 1e-3
    again = rw.analyze_record("mixtour", review["annotated"], budget=3, analysis_seed="p")
    assert again == review
    with pytest.raises(MoveRejected) as err:
        rw.analyze("mixtour", ["c3", "c3"], budget=2)
    assert err.value.details["ply"] == 1


# -- tournament tools: verify, text records, batches, certificates --------------------------
WON = {"options": {"pointsToWin": 1}, "claimed": {"scores": [0, 1], "winners": [1]}}


def test_verify_a_claimed_result(rw):
    verdict = rw.verify("mixtour", FINISHED_MIXTOUR, **WON)
    assert (verdict["valid"], verdict["problems"], verdict["plies"]) == (True, [], 9)
    position = verdict["position"]
    assert position is not None and (position["status"], position["winners"]) == ("finished", [1])

    wrong = rw.verify(
        "mixtour", FINISHED_MIXTOUR, options={"pointsToWin": 1}, claimed={"winners": [0]}
    )
    assert not wrong["valid"] and [p["code"] for p in wrong["problems"]] == ["WINNERS_DIFFER"]
    problem = wrong["problems"][0]
    assert (problem.get("claimed"), problem.get("computed")) == ([0], [1])

    illegal = rw.verify("mixtour", ["a1", "a1"], claimed={"winners": [0]})
    assert (illegal["valid"], illegal["plies"]) == (False, 1)
    (problem,) = illegal["problems"]
    assert (problem["code"], problem.get("ply"), problem.get("rule")) == ("ILLEGAL_MOVE", 1, "MX-4")
    occupied = {"messageId": "mixtour-square-occupied", "args": {"square": "a1"}}
    assert (problem["message"], problem["messageId"], problem["args"]) == (
        "move 2 (a1): a1 is not empty",
        "verify-at-move",
        {"move": 2, "notation": "a1", "error": occupied},
    )
    unfinished = rw.verify("mixtour", FINISHED_MIXTOUR[:4])
    assert [p["code"] for p in unfinished["problems"]] == ["NOT_FINISHED"]


def test_text_records_round_trip(rw):
    tags = {"Event": "Club night", "Player0": "Ada", "Player1": "Bo"}
    text = rw.record("mixtour", FINISHED_MIXTOUR, tags=tags, **WON)
    assert '[Event "Club night"]' in text and '[Result "scores 0 1; winners 1"]' in text
    assert text.endswith("9. a1:4-b1\n")
    verdict = rw.verify_record("mixtour", text)
    assert (verdict["valid"], verdict["plies"]) == (True, 9)
    replayed = rw.replay_record("mixtour", text)
    assert (
        replayed["state"] == rw.replay("mixtour", FINISHED_MIXTOUR, options=WON["options"])["state"]
    )

    # The Result tag is the claim; an illegal move names its ply and its line of the text.
    claimed_draw = text.replace("scores 0 1; winners 1", "winners none")
    assert [p["code"] for p in rw.verify_record("mixtour", claimed_draw)["problems"]] == [
        "WINNERS_DIFFER"
    ]
    illegal = rw.verify_record("mixtour", text.replace("3. b1-a1", "3. a1"))
    (problem,) = illegal["problems"]
    assert (problem["code"], problem.get("ply")) == ("ILLEGAL_MOVE", 2)
    assert text.splitlines()[problem["line"] - 1] == "3. b1-a1"
    with pytest.raises(InvalidRecord) as other_game:
        rw.verify_record("tric-trac", text)
    assert other_game.value.line == 1 and other_game.value.status == 400
    with pytest.raises(MoveRejected) as unreadable:
        rw.record("mixtour", ["a1", "zz9"])
    assert (unreadable.value.code, unreadable.value.ply) == (ErrorCode.INVALID_NOTATION, 1)


BATCH = [
    {"game": "mixtour", "moves": FINISHED_MIXTOUR, **WON},
    {"game": "mixtour", "moves": ["a1", "a1"]},
    {"game": "chess", "moves": []},
    {"game": "mixtour", "record": '[Game "mixtour"]\n[Options "{\\"pointsToWin\\":1}"]\n'},
    {"game": "mixtour", "moves": ["a1", "line\u2028separator"]},
    {"game": "mixtour", "moves": FINISHED_MIXTOUR, "options": {"pointsToWin": 1}},
]
BATCH_CODES = [[], ["ILLEGAL_MOVE"], ["UNKNOWN_GAME"], ["NOT_FINISHED"], ["INVALID_NOTATION"], []]


def test_verify_batch_verdicts_arrive_in_order(base):
    transport = CountingTransport()
    pulled: list[int] = []

    def lines():
        for n, line in enumerate(BATCH, 1):
            pulled.append(n)
            yield line

    with Regelwerk(base, transport=transport) as rw:
        verdicts = rw.verify_batch(lines(), lines_per_request=4)
        first = next(verdicts)
        assert (first["line"], first["valid"], pulled) == (1, True, [1, 2, 3, 4])
        received = [first, *verdicts]
        assert [v["line"] for v in received] == [1, 2, 3, 4, 5, 6]
        assert [[p["code"] for p in v["problems"]] for v in received] == BATCH_CODES
        problems = [p for v in received for p in v["problems"]]
        assert all(p["messageId"] and isinstance(p["args"], dict) for p in problems), problems
        assert [v["game"] for v in received] == [line["game"] for line in BATCH]
        assert (received[0]["status"], received[0]["winners"], received[0]["plies"]) == (
            "finished",
            [1],
            9,
        )
        assert (received[2]["status"], received[2]["scores"]) == (None, None)
        # Each part a request of its own, over the one connection, which stays usable.
        assert (transport.requests, transport.connections) == (2, 1)
        in_one = list(rw.verify_batch(BATCH))
        assert in_one == received and transport.requests == 3
        for verdict in rw.verify_batch(BATCH * 50):  # left early: the answer is dropped
            assert verdict["line"] == 1
            break
        assert rw.games() and transport.requests == 5


def test_analyze_batch_reviews_arrive_in_order(base):
    transport = CountingTransport()
    pulled: list[int] = []

    def lines():
        for n, line in enumerate(ANALYZE_BATCH, 1):
            pulled.append(n)
            yield line

    with Regelwerk(base, transport=transport) as rw:
        reviews = rw.analyze_batch(lines(), lines_per_request=2)
        first = next(reviews)
        assert (first["line"], pulled) == (1, [1, 2])  # the lines are read as they are sent
        received = [first, *reviews]
        assert [r["line"] for r in received] == [1, 2, 3]
        assert [r["game"] for r in received] == ["mixtour", "chess", "mixtour"]
        review, unknown, from_record = received
        assert "error" not in review and "error" not in from_record and "error" in unknown
        assert [p["notation"] for p in review["plies"]] == ["c3", "c4"]
        assert [p["notation"] for p in from_record["plies"]] == ["c3"]
        assert review["annotated"].startswith('[Game "mixtour"]')
        assert from_record["annotated"].startswith('[Game "mixtour"]')
        assert (review["stats"]["budget"], from_record["stats"]["budget"]) == (2, 2)
        # A line without a review carries the error a single analyze raises.
        error = unknown["error"]
        assert (error["code"], error["messageId"]) == ("UNKNOWN_GAME", "error-unknown-game")
        assert set(error["details"].get("known", [])) == set(GAMES)
        with pytest.raises(UnknownGame) as single_error:
            rw.analyze("chess", [])
        assert (single_error.value.message, single_error.value.message_id) == (
            error["message"],
            error["messageId"],
        )
        # A review is analyze's answer, with its line and game.
        single = rw.analyze("mixtour", ["c3", "c4"], budget=2)
        assert {k: v for k, v in review.items() if k not in ("line", "game")} == single
        # Each part a request of its own, over the one connection, which stays usable.
        assert (transport.requests, transport.connections) == (2 + 2, 1)
        assert [r.url.path for r in transport.sent[:2]] == ["/v1/analyze"] * 2
        in_one = list(rw.analyze_batch(ANALYZE_BATCH))
        assert in_one == received


def test_certificates():
    with running_server(RULES_SECRET="client-certificates") as url, Regelwerk(url) as rw:
        text = rw.record("mixtour", FINISHED_MIXTOUR, **WON)
        verdict = rw.verify_record("mixtour", text)
        certificate = verdict["certificate"]
        assert certificate is not None and certificate["winners"] == [1]
        key_id = certificate["sig"].split(".")[0]
        assert rw.verify("mixtour", FINISHED_MIXTOUR, **WON)["certificate"] == certificate
        batched = list(rw.verify_batch([{"game": "mixtour", "record": text}, BATCH[1]]))
        assert [v["certificate"] for v in batched] == [certificate, None]

        assert rw.check_certificate(certificate) == {"valid": True, "problems": [], "keyId": key_id}
        assert rw.check_certificate(certificate, record=text)["valid"]
        another = rw.record("mixtour", FINISHED_MIXTOUR, tags={"Round": "2"}, **WON)
        check = rw.check_certificate(certificate, record=another)
        assert [p["code"] for p in check["problems"]] == ["DIGEST_DIFFERS"]
        altered = rw.check_certificate({**certificate, "winners": [0]})
        assert (altered["valid"], [p["code"] for p in altered["problems"]]) == (
            False,
            ["BAD_SIGNATURE"],
        )
        with pytest.raises(InvalidRequest) as err:
            rw.check_certificate({"game": "mixtour"})
        assert err.value.code is ErrorCode.INVALID_REQUEST
    with running_server() as url, Regelwerk(url) as unsigned:
        check = unsigned.check_certificate(certificate)
        assert (check["valid"], check["keyId"]) == (False, None)
        assert [p["code"] for p in check["problems"]] == ["NO_SECRET"]


def test_an_open_fair_game_takes_contributions_and_verifies_its_history():
    with running_server(RULES_SECRET=FAIR_SECRET) as url, Regelwerk(url) as rw:
        start: FairStart = {"contributions": ["anna"], "open": True}
        waiting = rw.new_game("tric-trac", fair=start, **FAIR_GAME)
        fair = waiting["state"]["fair"]
        assert (fair["awaiting"], fair["ply"], waiting["isChance"]) == ([1], 0, True)
        with pytest.raises(InvalidRequest) as bad:
            rw.contribute("tric-trac", waiting["state"], 1, "x" * 201)
        assert bad.value.details["problems"][0]["path"] == "$.contribution"

        started = rw.contribute("tric-trac", waiting["state"], 1, "ben")
        assert "awaiting" not in started["state"]["fair"] and not started["isChance"]
        assert started["state"]["fair"]["contributions"] == ["anna", "ben"]
        assert any(event["type"] == "chance" for event in started["events"])
        with pytest.raises(MoveRejected) as again:
            rw.contribute("tric-trac", started["state"], 1, "ben")
        assert (again.value.code, again.value.status, again.value.reason) == (
            ErrorCode.NOT_YOUR_TURN,
            422,
            "NOT_AWAITED",
        )

        # Played to the end one move a request: every state answered is the game's history.
        pos, moves, history = started, [], [waiting["state"], started["state"]]
        for _ in range(FAIR_PLIES):
            if pos["status"] == "finished":
                break
            mover = pos["toMove"][0]
            move = rw.legal_moves("tric-trac", pos["state"], player=mover)["moves"][0]
            pos = rw.play("tric-trac", pos["state"], move["notation"], player=mover)
            moves.append({"player": mover, "move": move["notation"]})
            history.append(pos["state"])
        assert pos["status"] == "finished" and "reveal" in pos["state"]["fair"]
        fair_end = pos["state"]["fair"]
        verdict = rw.verify("tric-trac", moves, fair=fair_end, history=history[::-1], **FAIR_GAME)
        assert (verdict["valid"], verdict["problems"]) == (True, []), verdict["problems"]
        text = rw.record("tric-trac", moves, fair=fair_end, **FAIR_GAME)
        from_text = rw.verify_record("tric-trac", text, history=history)
        assert (from_text["valid"], from_text["problems"]) == (True, []), from_text["problems"]


# -- GraphQL --------------------------------------------------------------------------------
POSITION = """query P($s: JSON!, $p: Int) {
  position(game: "mixtour", state: $s) { ... on Position { toMove view(player: $p) } }
}"""


def test_graphql_answers_data(rw):
    state = _state(rw)
    data = rw.graphql(POSITION, {"s": state, "p": 0})
    assert data["position"]["toMove"] == [0] and data["position"]["view"]["game"] == "mixtour"
    named = rw.graphql("query A { games { id } } query B { games { name } }", operation_name="A")
    assert {g["id"] for g in named["games"]} == set(GAMES)


@pytest.mark.parametrize(
    ("query", "variables", "code", "status"),
    [
        ("query {", None, "GRAPHQL_PARSE_FAILED", 400),
        ("query { nope }", None, "GRAPHQL_VALIDATION_FAILED", 400),
        (POSITION, {"p": 0}, "BAD_USER_INPUT", 400),
        ("query A { games { id } } query B { games { id } }", None, "OPERATION_NOT_FOUND", 400),
        ("query { " + "a: games { id } " * 30 + "}", None, "TOO_MANY_ALIASES", 400),
    ],
)
def test_graphql_request_errors_raise_their_code(rw, query, variables, code, status):
    with pytest.raises(GraphQLError) as err:
        rw.graphql(query, variables)
    assert (err.value.code, err.value.status) == (code, status)
    assert err.value.code in GRAPHQL_CODES and err.value.errors and err.value.data is None


def test_graphql_field_errors_carry_the_api_code(rw):
    with pytest.raises(GraphQLError) as err:
        rw.graphql(POSITION, {"s": _state(rw), "p": 7})
    error = err.value
    assert (error.code, error.status, error.details["players"]) == ("INVALID_PLAYER", 200, 2)
    assert error.code in REST_CODES and error.errors[0]["path"] == ["position", "view"]
    assert error.data is None  # view is non-null: the null reaches the root


def test_graphql_persisted_queries_send_the_text_once(base):
    transport = CountingTransport()
    query = f"query Fresh{uuid.uuid4().hex} {{ games {{ id }} }}"  # new to the server
    with Regelwerk(base, transport=transport) as rw:
        first = rw.graphql(query, persisted=True)
        assert transport.requests == 2  # the hash alone, then hash and text
        assert rw.graphql(query, persisted=True) == first
        assert transport.requests == 3  # the hash alone is enough now


# -- transport ------------------------------------------------------------------------------
def test_connection_refused_is_a_transport_error():
    with Regelwerk(f"http://127.0.0.1:{closed_port()}") as rw, pytest.raises(RegelwerkError) as e:
        rw.games()
    assert type(e.value) is TransportError and e.value.code is ErrorCode.CONNECT_FAILED
    assert e.value.status == 0 and isinstance(e.value.__cause__, httpx2.ConnectError)


def test_a_silent_server_times_out():
    with silent_server() as url, Regelwerk(url, timeout=0.3) as rw:
        with pytest.raises(TransportError) as err:
            rw.new_game("mixtour")
        assert err.value.code is ErrorCode.TIMEOUT


def test_answers_that_are_not_json_are_transport_errors():
    with not_regelwerk_server() as url, Regelwerk(url) as rw:
        with pytest.raises(TransportError) as err:
            rw.new_game("mixtour")
        assert (err.value.code, err.value.status) == (ErrorCode.BAD_RESPONSE, 502)
        assert "502 Bad Gateway" in err.value.message
        with pytest.raises(TransportError) as err:
            rw.games()
        assert (err.value.code, err.value.status) == (ErrorCode.BAD_RESPONSE, 200)
        with pytest.raises(TransportError) as err:
            rw.graphql("{ games { id } }")
        assert err.value.code is ErrorCode.BAD_RESPONSE


def test_one_connection_serves_many_calls(base):
    transport = CountingTransport()
    with Regelwerk(base, transport=transport) as rw:
        pos = rw.new_game("mixtour")
        for _ in range(10):
            move = rw.legal_moves("mixtour", pos["state"])["moves"][0]["notation"]
            pos = rw.play("mixtour", pos["state"], move)
        with pytest.raises(MoveRejected):  # a refusal keeps the connection too
            rw.play("mixtour", pos["state"], "zz9")
        rw.graphql("{ games { id } }")
    assert transport.requests == 23 and transport.connections == 1


def test_the_context_manager_closes_the_connections(base):
    transport = CountingTransport()
    client = Regelwerk(base, transport=transport)

    def refused_inside() -> None:
        with client as rw:
            rw.play("mixtour", rw.new_game("mixtour")["state"], "zz9")

    assert not client.closed
    with pytest.raises(MoveRejected):
        refused_inside()
    assert client.closed and transport.closed
    with pytest.raises(TransportError) as err:
        client.games()
    assert err.value.code is ErrorCode.CLIENT_CLOSED


def test_base_url_headers_and_timeout_are_used(base):
    transport = CountingTransport()
    headers = {"X-Request-ID": "table-7"}
    client = Regelwerk(base + "/", headers=headers, timeout=2.5, transport=transport)
    with client as rw, pytest.raises(UnknownGame) as err:
        rw.new_game("chess")
    assert err.value.request_id == "table-7"  # the service echoes the caller's id
    request = transport.sent[0]
    assert str(request.url) == base + "/v1/games/chess/new"
    assert request.headers["user-agent"].startswith("regelwerk-client/")
    assert request.extensions["timeout"]["read"] == 2.5


# -- the examples, run as a person runs them ------------------------------------------------
def test_the_examples_run(base, tmp_path):
    env = {**os.environ, "REGELWERK_URL": base}
    for example, expect in [
        ("play_mixtour.py", "verified by replay: 9 plies, winners [1]"),
        ("async_tables.py", "table-3: {'status': 'ongoing'"),
    ]:
        done = subprocess.run(
            [sys.executable, str(EXAMPLES / example)],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 0 and expect in done.stdout, done.stderr
    assert Path(tmp_path / "mixtour.svg").read_text().startswith("<svg")
