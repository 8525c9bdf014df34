"""evaluate (REST and GraphQL): a position's value for every player, reproducible with a
seed, valued exactly when the game is over, blind to what the evaluating player cannot see
(Triominos Junior's other racks and pool, TJ-17), cached by position unless a clock cut it
short (issue 27, point 4)."""

from __future__ import annotations

import pytest

from service import bots
from service.games import REGISTRY
from service.games.core import driver

from .test_suggest import CONFIGS, hidden_dealt_again, positions


def evaluate(client, game, body):
    r = client.post(f"/v1/games/{game}/evaluate", json=body)
    assert r.status_code == 200, r.text
    return r.json()


@pytest.fixture
def searches(monkeypatch):
    """Counts the evaluation searches the service runs (a cache hit runs none)."""
    count = {"n": 0}
    real = bots.evaluate

    def counted(*args, **kwargs):
        count["n"] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(bots, "evaluate", counted)
    return count


@pytest.mark.parametrize(("game", "players", "options"), CONFIGS)
def test_every_player_gets_a_value_within_its_interval(client, game, players, options):
    engine = REGISTRY[game]
    for state in positions(game, players, options, count=2):
        answer = evaluate(client, game, {"state": engine.encode(state), "seed": "v", "budget": 12})
        values = answer["values"]
        assert [v["player"] for v in values] == list(range(engine.player_count(state)))
        for v in values:
            assert 0 <= v["low"] <= v["value"] <= v["high"] <= 1, v
        assert answer["stats"]["playouts"] == answer["stats"]["iterations"] == 12
        movers = engine.to_move(state)
        if engine.is_chance(state) or answer["player"] not in movers:
            assert answer["best"] is None
        else:
            assert answer["best"]["notation"] in {
                engine.notation(m) for m in engine.legal_moves(state, answer["player"])
            }


def test_the_best_move_is_the_one_suggest_answers(client):
    """The same state, player, seed and budget: evaluate's search is suggest's."""
    for game, players, options in CONFIGS:
        engine = REGISTRY[game]
        state = positions(game, players, options, count=1)[0]
        player = engine.to_move(state)[-1]
        body = {"state": engine.encode(state), "player": player, "seed": "b", "budget": 20}
        best = evaluate(client, game, body)["best"]
        suggested = client.post(f"/v1/games/{game}/suggest", json=body).json()["move"]
        assert best == suggested, game


def test_a_finished_game_is_valued_exactly(client):
    """MX-10: the player who reached the points to win has won: value 1 against 0, no search."""
    engine = REGISTRY["mixtour"]
    moves = ["a1", "b1", "b1-a1", "b1", "a1:2-b1", "a1", "b1:3-a1", "b1", "a1:4-b1"]
    end = client.post(
        "/v1/games/mixtour/replay", json={"moves": moves, "options": {"pointsToWin": 1}}
    ).json()
    assert end["status"] == "finished"
    answer = evaluate(client, "mixtour", {"state": end["state"]})
    winner = end["winners"][0]
    for v in answer["values"]:
        exact = 1.0 if v["player"] == winner else 0.0
        assert (v["value"], v["low"], v["high"]) == (exact, exact, exact)
        assert v["score"] == end["scores"][v["player"]]
    assert (answer["best"], answer["stats"]["iterations"]) == (None, 0)
    assert engine.status(engine.decode(end["state"])).finished


def test_a_pending_throw_is_valued_over_the_throws(client):
    """TT-4: at a chance node nobody decides; the walks start at the throw itself."""
    start = client.post("/v1/games/tric-trac/new", json={"seed": "ev"}).json()
    move = client.post("/v1/games/tric-trac/legal-moves", json={"state": start["state"]}).json()
    body = {"state": start["state"], "move": move["moves"][0]["move"], "autoChance": False}
    held = client.post("/v1/games/tric-trac/play", json=body).json()
    assert held["isChance"]
    answer = evaluate(client, "tric-trac", {"state": held["state"], "seed": "t", "budget": 15})
    assert (answer["player"], answer["best"], answer["stats"]["playouts"]) == (0, None, 15)


def test_reproducible_with_a_seed(client):
    engine = REGISTRY["tric-trac"]
    doc = engine.encode(positions("tric-trac", None, None, count=1)[0])
    first = evaluate(client, "tric-trac", {"state": doc, "seed": "r", "budget": 20})
    assert evaluate(client, "tric-trac", {"state": doc, "seed": "r", "budget": 20}) == first
    # and a fresh process computes the same (not only the cache answering)
    from service import bots as again

    state = engine.decode(doc)
    player = first["player"]
    direct = again.evaluate(engine, state, player, "r", 20, 20 * 61).answer()
    assert direct["values"] == first["values"]


@pytest.mark.parametrize("viewer", ["mover", "other"])
def test_the_triominos_evaluation_never_reads_other_racks_or_the_pool(client, viewer):
    """TJ-17: two states that differ only in what the evaluating player cannot see (the other
    racks' tiles and the pool, same sizes) get the same evaluation, whether they are to move
    or not."""
    engine = REGISTRY["triominos-junior"]
    state = positions("triominos-junior", 3, None)[0]
    mover = engine.to_move(state)[0]
    player = mover if viewer == "mover" else (mover + 1) % 3
    other = hidden_dealt_again(state, player, 5)
    body = {"player": player, "seed": "peek", "budget": 40}
    first = evaluate(client, "triominos-junior", {"state": engine.encode(state), **body})
    second = evaluate(client, "triominos-junior", {"state": engine.encode(other), **body})
    assert first == second


def test_an_evaluation_is_kept_by_position_seed_and_budget(client, searches):
    """The result cache keeps an evaluation by iterations: the same request again runs no
    search; another seed, budget or player does; a level is its budget."""
    engine = REGISTRY["mixtour"]
    doc = engine.encode(positions("mixtour", None, None, count=1)[0])
    body = {"state": doc, "seed": "k", "budget": 10}
    first = evaluate(client, "mixtour", body)
    assert searches["n"] == 1
    assert evaluate(client, "mixtour", body) == first
    assert searches["n"] == 1
    for change in ({"seed": "k2"}, {"budget": 11}, {"player": 1}):
        evaluate(client, "mixtour", {**body, **change})
    assert searches["n"] == 4
    # a level is its budget (easy: 10 iterations): the same evaluation, kept
    assert evaluate(client, "mixtour", {"state": doc, "seed": "k", "level": "easy"}) == first
    assert searches["n"] == 4


def test_another_release_of_the_bots_keeps_its_own_evaluations(client, searches, monkeypatch):
    """An evaluation is kept under the bots' VERSION: after a change that answers otherwise,
    what an earlier release kept (in a shared Redis) is not answered."""
    engine = REGISTRY["tric-trac"]
    doc = engine.encode(positions("tric-trac", None, None, count=1)[0])
    body = {"state": doc, "seed": "v", "budget": 10}
    evaluate(client, "tric-trac", body)
    evaluate(client, "tric-trac", body)
    assert searches["n"] == 1
    monkeypatch.setattr(bots, "VERSION", bots.VERSION + 1)
    evaluate(client, "tric-trac", body)
    assert searches["n"] == 2


def test_an_evaluation_cut_short_or_by_the_clock_is_not_kept(make_client, searches):
    """An evaluation the CPU allowance cut short is answered, not kept (the next request
    searches again); one by budgetMs is never looked up nor kept, and says how long it took."""
    tight = make_client(search_max_cpu_ms=1)
    engine = REGISTRY["te-trix"]
    doc = engine.encode(positions("te-trix", 3, None, count=1)[0])
    body = {"state": doc, "seed": "c", "level": "strong"}
    cut = evaluate(tight, "te-trix", body)
    assert cut["stats"]["cpuLimited"] is True and cut["stats"]["iterations"] < 160
    evaluate(tight, "te-trix", body)
    assert searches["n"] == 2
    roomy = make_client()
    timed = {"state": doc, "seed": "c", "budget": 3, "budgetMs": 800}
    for _ in range(2):
        assert "elapsedMs" in evaluate(roomy, "te-trix", timed)["stats"]
    assert searches["n"] == 4


def test_graphql_evaluate_is_typed_and_costs_its_search_even_when_cached(client):
    """GraphQL evaluate answers the REST values; a bad input is a typed InvalidRequest; each
    alias reserves its search from the request's work budget, hit or miss, so whether a
    document fits never depends on what is cached."""
    engine = REGISTRY["mixtour"]
    doc = engine.encode(positions("mixtour", None, None, count=1)[0])
    rest = evaluate(client, "mixtour", {"state": doc, "seed": "g", "budget": 10})
    field = (
        'evaluate(game: "mixtour", state: $s, seed: "g", budget: 10) { __typename '
        "... on Evaluation { player values { player value low high score } best { notation } "
        "stats } ... on InvalidRequest { code details } }"
    )
    query = "query($s: JSON!) { a: " + field + " }"
    data = client.post("/graphql", json={"query": query, "variables": {"s": doc}}).json()["data"]
    assert data["a"]["__typename"] == "Evaluation"
    assert data["a"]["values"] == rest["values"] and data["a"]["stats"] == rest["stats"]
    assert data["a"]["best"]["notation"] == rest["best"]["notation"]
    bad = field.replace("budget: 10", "budgetMs: 0")
    data = client.post(
        "/graphql", json={"query": "query($s: JSON!) { a: " + bad + " }", "variables": {"s": doc}}
    ).json()["data"]
    assert (data["a"]["__typename"], data["a"]["code"]) == ("InvalidRequest", "INVALID_REQUEST")
    # MAX_WORK 10,000: two cached searches of 100 iterations reserve 12,200 plies
    many = field.replace("budget: 10", "budget: 100")
    evaluate(client, "mixtour", {"state": doc, "seed": "g", "budget": 100})  # now cached
    query = "query($s: JSON!) { a: " + many + " b: " + many + " }"
    r = client.post("/graphql", json={"query": query, "variables": {"s": doc}}).json()
    assert "WORK_BUDGET_EXCEEDED" in str(r)


def test_evaluate_refusals(client):
    engine = REGISTRY["mixtour"]
    doc = engine.encode(driver.start(engine, None, None, None).state)
    for body, path in (
        ({"budget": 0}, "$.budget"),
        ({"budgetMs": 801}, "$.budgetMs"),
        ({"level": "easy", "budget": 3}, "$.level"),
        ({"seed": 5}, "$.seed"),
    ):
        r = client.post("/v1/games/mixtour/evaluate", json={"state": doc, **body})
        assert r.status_code == 400, body
        assert r.json()["error"]["details"]["problems"][0]["path"] == path, body
    r = client.post("/v1/games/mixtour/evaluate", json={"state": doc, "player": 2})
    assert (r.status_code, r.json()["error"]["code"]) == (422, "INVALID_PLAYER")
    r = client.post("/v1/games/mixtour/evaluate", json={"state": {"game": "mixtour"}})
    assert r.json()["error"]["code"] == "INVALID_STATE"
