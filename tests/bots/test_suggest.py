"""suggest (REST and GraphQL): the reference bot's move is legal in every game, reproducible
with a seed, bounded by its budget and the request's work budget, and never reads hidden
information (Triominos Junior's other racks and pool, TJ-17)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from service.games import REGISTRY
from service.games.core import driver
from service.settings import Settings

CONFIGS = [
    ("mixtour", None, None),
    ("tric-trac", None, None),
    ("te-trix", 3, None),
    ("te-trix", 1, {"solo": True}),
    ("triominos-junior", 3, None),
]


def positions(game, players, options, count=3):
    """Decision positions a few plies into seeded random games."""
    engine = REGISTRY[game]
    rng = random.Random(f"bots/{game}/{players}")
    out = []
    for i in range(count):
        state = driver.start(engine, players, options, f"p{i}").state
        for _ in range(rng.randrange(0, 12)):
            if engine.status(state).finished:
                break
            movers = engine.to_move(state)
            player = rng.choice(movers)
            move = rng.choice(engine.legal_moves(state, player))
            request = driver.MoveRequest(engine.notation(move), player)
            state = driver.play(engine, state, [request], auto_chance=True).state
        if not engine.status(state).finished:
            out.append(state)
    return out


def hidden_dealt_again(state, player, seed):
    """A Triominos Junior state that ``player`` cannot tell from ``state``: the tiles they
    cannot see (the other racks and the pool) dealt again, every rack and the pool keeping
    its size."""
    engine = REGISTRY["triominos-junior"]
    hidden = sorted(
        [t for i, r in enumerate(state.racks) if i != player for t in r] + list(state.pool)
    )
    random.Random(seed).shuffle(hidden)
    racks, rest = [], list(hidden)
    for i, rack in enumerate(state.racks):
        if i == player:
            racks.append(rack)
        else:
            racks.append(tuple(sorted(rest[: len(rack)])))
            del rest[: len(rack)]
    other = replace(state, racks=tuple(racks), pool=tuple(sorted(rest)))
    assert other != state and engine.view(other, player) == engine.view(state, player)
    return other


def suggest(client, game, body):
    r = client.post(f"/v1/games/{game}/suggest", json=body)
    assert r.status_code == 200, r.text
    return r.json()


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS)
def test_every_suggested_move_is_legal_and_reproducible(client, game, players, options):
    engine = REGISTRY[game]
    for state in positions(game, players, options):
        doc = engine.encode(state)
        answer = suggest(client, game, {"state": doc, "seed": "s", "budget": 30})
        player = answer["player"]
        assert player in engine.to_move(state)
        simultaneous = len(engine.to_move(state)) > 1
        legal = {
            engine.notation(m): m
            for m in engine.legal_moves(state, player if simultaneous else None)
        }
        assert answer["move"]["notation"] in legal
        assert answer["move"]["move"] == engine.move_document(
            state, legal[answer["move"]["notation"]]
        )
        stats = answer["stats"]
        # the moves left in the search: the game's candidates (Te-Trix solo: no stop while a
        # placement keeps the score), else every legal move
        worth = engine.spec.candidates
        moves = list(legal.values())
        searched = moves if worth is None else worth(state, player, moves, 30 * 61 // 2, None)[0]
        assert stats["moves"] == len(searched) and answer["move"]["notation"] in {
            engine.notation(m) for m in searched
        }
        # no search when one move is left (Te-Trix: the bots choose by the sheet's potential)
        assert stats["iterations"] == (0 if len(searched) == 1 else 30)
        # Same state, player, seed and budget: the same answer, stats included.
        again = suggest(client, game, {"state": doc, "seed": "s", "budget": 30})
        assert again == answer
        # And the move plays.
        played = client.post(
            f"/v1/games/{game}/play",
            json={"state": doc, "move": answer["move"]["move"], "player": player},
        )
        assert played.status_code == 200, played.text


def test_graphql_suggests_the_same_move(client):
    state = REGISTRY["mixtour"].encode(positions("mixtour", None, None)[0])
    rest = suggest(client, "mixtour", {"state": state, "seed": "g", "budget": 20})
    query = """query($s: JSON!) { suggest(game: "mixtour", state: $s, seed: "g", budget: 20) {
      __typename ... on Suggestion { player stats move { notation move typed { __typename } } }
      ... on InvalidRequest { code } } }"""
    r = client.post("/graphql", json={"query": query, "variables": {"s": state}})
    answer = r.json()["data"]["suggest"]
    assert answer["__typename"] == "Suggestion"
    assert answer["move"]["notation"] == rest["move"]["notation"]
    assert answer["stats"] == rest["stats"] and answer["player"] == rest["player"]


def test_budgets_bound_the_search(client, make_client):
    state = REGISTRY["mixtour"].encode(positions("mixtour", None, None)[0])
    small = suggest(client, "mixtour", {"state": state, "budget": 5})
    assert small["stats"]["iterations"] == 5
    assert suggest(client, "mixtour", {"state": state})["stats"]["iterations"] == 100
    # strong's budget leaves Mixtour room for its alpha-beta search (docs/bots.md), which
    # chooses alone: no iterations, the positions it made counted as plies within the budget
    strong = suggest(client, "mixtour", {"state": state, "budget": 160})["stats"]
    assert strong["iterations"] == 0 and 0 < strong["plies"] <= 160 * 61 // 2
    for budget in (0, 161, "many"):
        r = client.post("/v1/games/mixtour/suggest", json={"state": state, "budget": budget})
        assert r.status_code == 400, budget
        assert r.json()["error"]["code"] == "INVALID_REQUEST"
    capped = make_client(suggest_max_budget=10)
    r = capped.post("/v1/games/mixtour/suggest", json={"state": state, "budget": 11})
    assert r.status_code == 400 and "SUGGEST_MAX_BUDGET" in r.json()["error"]["message"]


def test_a_search_reserves_its_work_so_graphql_neighbours_cannot_change_it(make_client):
    """A search reserves budget x 61 work units before it starts: it runs every iteration or
    is refused, whatever else the request asks for (MAX_WORK is the request's)."""
    service = make_client(max_work=6000, max_moves=1000, suggest_max_budget=90)
    state = REGISTRY["mixtour"].encode(positions("mixtour", None, None)[0])
    alone = service.post("/v1/games/mixtour/suggest", json={"state": state, "budget": 90})
    assert alone.json()["stats"]["iterations"] == 90
    field = 'suggest(game: "mixtour", state: $s, seed: "n", budget: 90) { __typename '
    field += "... on Suggestion { move { notation } stats } ... on InvalidRequest { code } }"
    one = "query($s: JSON!) { a: " + field + ' legal: position(game: "mixtour", state: $s) {'
    one += " ... on Position { legalMoves { notation } } } }"
    with_neighbour = service.post("/graphql", json={"query": one, "variables": {"s": state}})
    data = with_neighbour.json()["data"]
    two = "query($s: JSON!) { a: " + field + " b: " + field + " }"
    both = service.post("/graphql", json={"query": two, "variables": {"s": state}}).json()
    assert both["data"]["a"] == data["a"]  # the same search beside anything
    assert both["data"]["b"] == {"__typename": "InvalidRequest", "code": "WORK_BUDGET_EXCEEDED"}
    with pytest.raises(SystemExit, match="SUGGEST_MAX_BUDGET"):
        Settings.from_env({"MAX_WORK": "6000", "MAX_MOVES": "1000"})  # 160 x 61 + 25 > 6000


def test_no_move_to_suggest_is_refused_with_its_code(client):
    engine = REGISTRY["mixtour"]
    over = {**engine.encode(engine.new()), "toMove": None, "scores": [5, 0]}
    r = client.post("/v1/games/mixtour/suggest", json={"state": over})
    assert (r.status_code, r.json()["error"]["code"]) == (422, "GAME_OVER")
    r = client.post(
        "/v1/games/mixtour/suggest", json={"state": engine.encode(engine.new()), "player": 1}
    )
    assert r.json()["error"]["code"] == "NOT_YOUR_TURN"
    tt = REGISTRY["tric-trac"]
    chance = tt.encode(tt.new())  # no seed: the opening throw is pending
    r = client.post("/v1/games/tric-trac/suggest", json={"state": chance})
    assert (r.status_code, r.json()["error"]["details"]["reason"]) == (422, "CHANCE_NODE")


def test_the_triominos_bot_never_reads_other_racks_or_the_pool(client):
    """TJ-17: two states that differ only in what player 0 cannot see (the other racks' tiles
    and the pool, same sizes) get the same suggestion for the same seed."""
    engine = REGISTRY["triominos-junior"]
    state = positions("triominos-junior", 3, None)[0]
    player = engine.to_move(state)[0]
    other = hidden_dealt_again(state, player, 9)
    body = {"player": player, "seed": "peek", "budget": 60}
    first = suggest(client, "triominos-junior", {"state": engine.encode(state), **body})
    second = suggest(client, "triominos-junior", {"state": engine.encode(other), **body})
    assert first == second


def test_strength_levels_are_budgets_and_easy_slips(client, make_client):
    """level medium and strong are budgets of 50 and SUGGEST_MAX_BUDGET iterations, over
    REST and GraphQL (medium searches 50; strong's budget leaves Mixtour room for its
    alpha-beta search, which chooses alone, within the budget's looks); easy (10 iterations'
    looks) draws its move by the game's judgement with slips (bots.SLIPS), no search; a level
    with a budget, or an unknown level, is INVALID_REQUEST."""
    state = REGISTRY["mixtour"].encode(positions("mixtour", None, None)[0])
    for level, iterations in (("medium", 50), ("strong", 160)):
        answer = suggest(client, "mixtour", {"state": state, "level": level, "seed": "l"})
        same = suggest(client, "mixtour", {"state": state, "budget": iterations, "seed": "l"})
        assert same == answer  # a level is its budget, nothing else
    medium = suggest(client, "mixtour", {"state": state, "level": "medium", "seed": "l"})
    assert medium["stats"]["iterations"] == 50
    strong = suggest(client, "mixtour", {"state": state, "level": "strong", "seed": "l"})
    assert strong["stats"]["iterations"] == 0 and 0 < strong["stats"]["plies"] <= 160 * 61 // 2
    easy = suggest(client, "mixtour", {"state": state, "level": "easy", "seed": "l"})
    assert easy["stats"]["iterations"] == 0 and 0 < easy["stats"]["plies"] <= 10 * 61 // 2
    assert easy["stats"]["moves"] >= 2 and easy["stats"]["value"] is None
    assert easy == suggest(client, "mixtour", {"state": state, "level": "easy", "seed": "l"})
    moves = {
        suggest(client, "mixtour", {"state": state, "level": "easy", "seed": f"l{i}"})["move"][
            "notation"
        ]
        for i in range(12)
    }
    assert len(moves) > 1  # slips: not always the same move
    capped = make_client(suggest_max_budget=20)
    r = capped.post("/v1/games/mixtour/suggest", json={"state": state, "level": "strong"})
    assert r.json()["stats"]["iterations"] == 20
    r = capped.post("/v1/games/mixtour/suggest", json={"state": state, "level": "medium"})
    assert r.json()["stats"]["iterations"] == 20
    for body, reason in (
        ({"level": "easy", "budget": 10}, "excludes budget"),
        ({"level": "grandmaster"}, "one of easy, medium, strong"),
    ):
        r = client.post("/v1/games/mixtour/suggest", json={"state": state, **body})
        assert r.status_code == 400, body
        error = r.json()["error"]
        assert error["code"] == "INVALID_REQUEST"
        (problem,) = error["details"]["problems"]
        assert (problem["path"], problem["reason"]) == ("$.level", reason)
    query = """query($s: JSON!) { suggest(game: "mixtour", state: $s, seed: "l", level: EASY) {
      ... on Suggestion { stats } } }"""
    data = client.post("/graphql", json={"query": query, "variables": {"s": state}}).json()
    assert data["data"]["suggest"]["stats"] == easy["stats"]


def test_graphql_levels_are_the_bots_levels():
    from service.api.graphql import BotLevel
    from service.bots import LEVELS

    assert [level.value for level in BotLevel] == list(LEVELS)


def test_the_bot_takes_a_winning_point(client):
    """MX-9, MX-10: White has 4 of 5 points; moving e1 onto the 4-high stack on a1 (MX-6: 4
    squares away over empty ones) makes a stack of 5 with White on top: the game is won."""
    engine = REGISTRY["mixtour"]
    doc = engine.encode(engine.new())
    doc["scores"] = [4, 4]
    board = doc["board"]
    board["a1"] = "bbwb"  # bottom to top
    board["e1"] = "w"
    board["c3"] = "b"
    doc["supply"] = [18, 16]  # MX-2: removed stacks went back to supply
    for seed in ("a", "b", "c"):
        answer = suggest(client, "mixtour", {"state": doc, "seed": seed, "level": "easy"})
        assert answer["move"]["notation"] == "e1-a1", seed


def test_the_bot_stops_a_winning_reply(client):
    """MX-9, MX-10 one ply deeper: both have 4 points; Blue threatens e1-a1, a stack of 5 with Blue
    on top. Every White move after which Blue has won or has a winning reply loses; the bot
    plays one of the others (found by the engine, not by hand) at medium and strong. (Easy
    tries 10 of the 23 moves, so it may miss it.)"""
    engine = REGISTRY["mixtour"]
    doc = engine.encode(engine.new())
    doc["scores"] = [4, 4]
    doc["board"] = {"a1": "wwwb", "e1": "b"}
    doc["supply"] = [17, 18]  # MX-2: 3 White and 2 Blue pieces on the board
    state = engine.decode(doc)

    def loses(move):
        after = engine.successor(state, move)
        return engine.status(after).winners == (1,) or any(
            engine.status(engine.successor(after, reply)).winners == (1,)
            for reply in engine.legal_moves(after)
        )

    safe = {engine.notation(m) for m in engine.legal_moves(state) if not loses(m)}
    # b1 lets a1's four pieces land on it; e1-a1 makes Blue's fifth point for Blue
    assert {"c1", "d1"} <= safe and not {"b1", "e1-a1"} & safe
    for level in ("medium", "strong"):
        for seed in ("x", "y"):
            answer = suggest(client, "mixtour", {"state": doc, "seed": seed, "level": level})
            assert answer["move"]["notation"] in safe, (level, seed)


def test_the_solo_bot_does_not_stop_at_once():
    """TX-14, TX-15: stopping a fresh solo game scores only the free bar fields; a solo game's
    end is judged by its score, not as a win, so the bot plays on (it once stopped every game
    at 8 points, taking "the only winner" for a decisive move)."""
    from service.bots import suggest as search

    engine = REGISTRY["te-trix"]
    for seed in ("s1", "s2", "s3"):
        state = driver.start(engine, 1, {"solo": True}, seed).state
        found = search(engine, state, 0, seed, 20, 20 * 61)
        assert engine.notation(found.move) != "stop", seed


def test_a_search_stops_when_it_is_out_of_time():
    """Issue 21, point 7: a search asks its clock before every iteration and stops at once
    when the request's CPU allowance is spent, answering what it found (cpuLimited). Driven by
    a counting clock, not by the machine's speed."""
    from service import bots

    engine = REGISTRY["mixtour"]
    state = positions("mixtour", None, None)[0]
    player = engine.to_move(state)[0]
    asked = 0

    def out_after(n):
        def out_of_time():
            nonlocal asked
            asked += 1
            return "cpu" if asked > n else None

        return out_of_time

    moves = len(engine.legal_moves(state))
    root_looks = -(-moves // bots.CLOCK_EVERY)  # the scoring of root moves looks too
    full = bots.suggest(engine, state, player, "t", 40, 40 * 61, out_after(10**6))
    assert (full.iterations, full.cpu_limited) == (40, False)
    asked = 0
    cut = bots.suggest(engine, state, player, "t", 40, 40 * 61, out_after(root_looks + 7))
    assert (cut.iterations, cut.cpu_limited) == (7, True)
    assert cut.move in engine.legal_moves(state)
    assert cut.stats(engine.notation)["cpuLimited"] is True
    asked = 0
    at_once = bots.suggest(engine, state, player, "t", 40, 40 * 61, out_after(0))
    assert (at_once.iterations, at_once.cpu_limited) == (0, True)
    assert at_once.move in engine.legal_moves(state)


def test_the_searches_of_one_request_share_its_cpu_allowance(make_client):
    """SEARCH_MAX_CPU_MS bounds every search of a request together (REST and GraphQL): with
    1 ms no strong search finishes (Mixtour's alpha-beta at strong costs tens to hundreds of
    ms), and the answer says it was stopped; the default lets it finish."""
    state = REGISTRY["mixtour"].encode(positions("mixtour", None, None)[0])
    body = {"state": state, "seed": "c", "level": "strong"}
    tight = make_client(search_max_cpu_ms=1)
    stats = suggest(tight, "mixtour", body)["stats"]
    assert stats["cpuLimited"] is True and stats["iterations"] < 160
    field = 'suggest(game: "mixtour", state: $s, seed: "c", level: STRONG) { __typename '
    field += "... on Suggestion { stats } }"
    query = "query($s: JSON!) { a: " + field + " }"
    r = tight.post("/graphql", json={"query": query, "variables": {"s": state}})
    assert r.json()["data"]["a"]["stats"]["cpuLimited"] is True
    roomy = suggest(make_client(search_max_cpu_ms=60_000), "mixtour", body)["stats"]
    assert roomy["cpuLimited"] is False and roomy["plies"] > stats["plies"]


class _Clock:
    """A wall clock for ``service.api.ops`` that moves ``step`` seconds each time it is read:
    budgetMs tests are driven by it, never by the machine's speed."""

    def __init__(self, step):
        import time

        self.now, self.step, self.perf_counter = 1000.0, step, time.perf_counter

    def monotonic(self):
        self.now += self.step
        return self.now


def _graphql_suggest(client, state, arguments):
    query = (
        'query($s: JSON!) { suggest(game: "mixtour", state: $s, seed: "w", '
        + arguments
        + ") { __typename ... on Suggestion { stats } ... on InvalidRequest { code details } } }"
    )
    r = client.post("/graphql", json={"query": query, "variables": {"s": state}})
    return r.json()["data"]["suggest"]


def test_budget_ms_stops_a_search_at_its_wall_clock_deadline(client, monkeypatch):
    """Issue 27, point 2: budgetMs bounds a search by wall-clock time, with a level, a budget
    or alone (then up to SUGGEST_MAX_BUDGET iterations); the answer says it was cut
    (timeLimited) and how long it took (elapsedMs), over REST and GraphQL."""
    from service.api import ops

    state = REGISTRY["mixtour"].encode(positions("mixtour", None, None)[0])
    monkeypatch.setattr(ops, "time", _Clock(step=0.001))  # 1 ms a look at the clock
    for extra in ({"level": "strong"}, {"budget": 100}, {}):
        body = {"state": state, "seed": "w", "budgetMs": 5, **extra}
        answer = suggest(client, "mixtour", body)
        stats = answer["stats"]
        assert (stats["timeLimited"], stats["cpuLimited"]) == (True, False), extra
        assert stats["iterations"] < 100 and stats["elapsedMs"] >= 0, extra
        legal = {
            m["notation"]
            for m in client.post("/v1/games/mixtour/legal-moves", json={"state": state}).json()[
                "moves"
            ]
        }
        assert answer["move"]["notation"] in legal
    found = _graphql_suggest(client, state, "level: STRONG, budgetMs: 5")
    assert found["__typename"] == "Suggestion" and found["stats"]["timeLimited"] is True


def test_a_search_within_its_budget_ms_is_the_search_without_it(client, monkeypatch):
    """A search that ends before its deadline runs every iteration and answers the move the
    same request without budgetMs answers; budgetMs alone runs SUGGEST_MAX_BUDGET of them.
    Only a budgetMs answer carries elapsedMs (without it the same request answers the same)."""
    from service.api import ops

    state = REGISTRY["mixtour"].encode(positions("mixtour", None, None)[0])
    monkeypatch.setattr(ops, "time", _Clock(step=0.0))  # time stands still
    plain = suggest(client, "mixtour", {"state": state, "seed": "w", "budget": 30})
    timed = suggest(client, "mixtour", {"state": state, "seed": "w", "budget": 30, "budgetMs": 50})
    assert "elapsedMs" not in plain["stats"] and "elapsedMs" in timed["stats"]
    assert timed["stats"]["timeLimited"] is False
    del timed["stats"]["elapsedMs"]
    assert timed == plain
    alone = suggest(client, "mixtour", {"state": state, "seed": "w", "budgetMs": 50})
    assert alone["stats"].pop("timeLimited") is False and alone["stats"].pop("elapsedMs") >= 0
    most = suggest(client, "mixtour", {"state": state, "seed": "w", "budget": 160})
    del most["stats"]["timeLimited"]
    assert alone == most


def test_a_budget_ms_outside_its_bounds_is_invalid_request(client, make_client):
    """budgetMs is 1 to SEARCH_MAX_CPU_MS (800 by default), an integer: anything else is
    INVALID_REQUEST at $.budgetMs, over REST and GraphQL."""
    state = REGISTRY["mixtour"].encode(positions("mixtour", None, None)[0])
    for value in (0, -5, 801, 10**9):
        r = client.post("/v1/games/mixtour/suggest", json={"state": state, "budgetMs": value})
        assert r.status_code == 400, value
        error = r.json()["error"]
        assert error["code"] == "INVALID_REQUEST"
        (problem,) = error["details"]["problems"]
        assert (problem["path"], problem["reason"]) == ("$.budgetMs", "1 to 800"), value
        assert "SEARCH_MAX_CPU_MS" in error["message"]
    for value in ("fast", True, 1.5, [5]):
        r = client.post("/v1/games/mixtour/suggest", json={"state": state, "budgetMs": value})
        assert r.status_code == 400, value
        (problem,) = r.json()["error"]["details"]["problems"]
        assert problem["path"] == "$.budgetMs", value
    roomy = make_client(search_max_cpu_ms=5000)
    r = roomy.post("/v1/games/mixtour/suggest", json={"state": state, "budgetMs": 801, "budget": 5})
    assert r.status_code == 200
    refused = _graphql_suggest(client, state, "budgetMs: 0")
    assert (refused["__typename"], refused["code"]) == ("InvalidRequest", "INVALID_REQUEST")
    assert refused["details"]["problems"][0]["path"] == "$.budgetMs"
