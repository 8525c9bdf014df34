"""Request budgets (issue "Hardening", item 1): GraphQL document limits checked before
validation and execution, a work budget across all fields of a request, problem lists capped.
Each case of the issue's "Why" list is reproduced here."""

from __future__ import annotations

import hashlib

import pytest
from graphql import get_introspection_query

from ..fuzz.hostile_inputs import fragment_chain
from ..games.mixtour.helpers import shuttle

NEW = "application/graphql-response+json"


def gql(client, query, variables=None, accept=NEW, **extra):
    return client.post(
        "/graphql",
        json={"query": query, "variables": variables, **extra},
        headers={"accept": accept},
    )


def code(response) -> str:
    return response.json()["errors"][0]["extensions"]["code"]


def test_five_thousand_aliased_replays_are_refused_before_any_work(client):
    """The issue: 5,000 aliased replay fields in 326 KB pinned the process for 78 s."""
    fields = " ".join(
        f'r{i}: replay(game: "mixtour", moves: ["a1"]) {{ __typename }}' for i in range(5000)
    )
    r = gql(client, "{ " + fields + " }")
    assert r.status_code == 400 and code(r) == "QUERY_TOO_LARGE"
    ext = r.json()["errors"][0]["extensions"]
    assert ext["setting"] in ("GRAPHQL_MAX_BYTES", "GRAPHQL_MAX_TOKENS")


def test_aliases_over_the_limit(client):
    fields = " ".join(f"g{i}: games {{ id }}" for i in range(21))
    r = gql(client, "{ " + fields + " }")
    assert r.status_code == 400 and code(r) == "TOO_MANY_ALIASES"
    assert r.json()["errors"][0]["extensions"]["limit"] == 20
    fields = " ".join(f"g{i}: games {{ id }}" for i in range(10))
    assert gql(client, "{ " + fields + " }").status_code == 200


def test_aliases_hidden_in_fragments_are_counted(client):
    fragment = (
        "fragment F on Query { " + " ".join(f"g{i}: games {{ id }}" for i in range(21)) + " }"
    )
    r = gql(client, "{ ...F } " + fragment)
    assert code(r) == "TOO_MANY_ALIASES"


def test_root_fields_over_the_limit_even_through_fragments(make_client):
    client = make_client(graphql_max_root_fields=2)
    r = gql(client, "{ a: games { id } b: games { id } c: games { id } }")
    assert r.status_code == 400 and code(r) == "TOO_MANY_ROOT_FIELDS"
    r = gql(
        client, "{ a: games { id } ...F } fragment F on Query { b: games { id } c: games { id } }"
    )
    assert code(r) == "TOO_MANY_ROOT_FIELDS"
    assert gql(client, "{ a: games { id } b: games { id } }").status_code == 200


def test_depth_is_checked_before_validation(client):
    """A deep document of unknown fields is refused for its depth, not validated at all."""
    r = gql(client, "{ " + "a { " * 13 + "b" + " }" * 13 + " }")
    assert r.status_code == 400 and code(r) == "QUERY_TOO_DEEP"
    deep_fragments = (
        "{ ...A } fragment A on Query { a { ...B } } fragment B on Query { "
        + "b { " * 12
        + "c"
        + " }" * 12
        + " }"
    )
    assert code(gql(client, deep_fragments)) == "QUERY_TOO_DEEP"


def test_a_chain_of_fragments_costs_its_size_not_the_product_of_its_spreads(client, monkeypatch):
    """Issue 21, point 1: the depth check and the plan compiler expand each fragment once per
    selection set (as execution does), so 12 levels of 20 spreads (20^12 paths) walk a few
    selection sets per fragment. Counted, not timed: each walk of a selection set is a call."""
    from service.api import graphql_limits as budget
    from service.api import graphql_plan

    calls = {"depth": 0, "collect": 0}
    depth_of, collect = budget._Depth.of, graphql_plan.Compiler._collect

    def counted_depth(self, selection_set):
        calls["depth"] += 1
        return depth_of(self, selection_set)

    def counted_collect(self, *args, **kwargs):
        calls["collect"] += 1
        return collect(self, *args, **kwargs)

    monkeypatch.setattr(budget._Depth, "of", counted_depth)
    monkeypatch.setattr(graphql_plan.Compiler, "_collect", counted_collect)
    levels, spreads = 12, 20
    r = gql(client, fragment_chain(levels, spreads))
    assert r.status_code == 200, r.text
    assert r.json() == {"data": {"position": {"status": "ongoing"}}}
    # one walk per fragment and per field with a selection set, plus the operation's own
    assert calls["depth"] <= 2 * levels + 4
    assert calls["collect"] <= 2 * levels + 4


def test_a_fragment_chain_still_counts_its_depth_and_root_fields(make_client):
    """Memoized, the checks still see through fragments: a chain that nests too deep is
    refused, and root fields behind a fragment spread twice count once (as executed)."""
    client = make_client(graphql_max_root_fields=2)
    twice = "{ ...F ...F } fragment F on Query { a: games { id } b: games { id } }"
    assert gql(client, twice).status_code == 200
    three = "{ ...F ...G } fragment F on Query { a: games { id } b: games { id } } "
    three += "fragment G on Query { c: games { id } }"
    assert code(gql(client, three)) == "TOO_MANY_ROOT_FIELDS"
    deep = "{ ...F1 } " + " ".join(
        f"fragment F{i} on Query {{ games {{ ...F{i + 1} }} }}" for i in range(1, 14)
    )
    assert code(gql(make_client(), deep)) == "QUERY_TOO_DEEP"


def test_tokens_and_bytes(client):
    many_tokens = "{ games { " + "id " * 2100 + "} }"
    r = gql(client, many_tokens)
    assert code(r) == "QUERY_TOO_LARGE"
    assert r.json()["errors"][0]["extensions"]["setting"] == "GRAPHQL_MAX_TOKENS"
    padded = "{ games { id } }" + "\n#" + "x" * 40_000
    r = gql(client, padded)
    assert code(r) == "QUERY_TOO_LARGE"
    assert r.json()["errors"][0]["extensions"]["setting"] == "GRAPHQL_MAX_BYTES"
    assert gql(client, padded, accept="application/json").status_code == 200  # legacy


def test_introspection_of_an_explorer_passes(client):
    r = gql(client, get_introspection_query(descriptions=True))
    assert r.status_code == 200 and r.json()["data"]["__schema"]["queryType"]["name"] == "Query"


def test_a_persisted_query_over_the_limits_is_never_stored(client):
    """The issue: the same attack through a persisted query was a 3.4 KB GET."""
    query = "{ " + " ".join(f"g{i}: games {{ id }}" for i in range(30)) + " }"
    digest = hashlib.sha256(query.encode()).hexdigest()
    ext = {"persistedQuery": {"version": 1, "sha256Hash": digest}}
    assert code(gql(client, query, extensions=ext)) == "TOO_MANY_ALIASES"
    r = client.post("/graphql", json={"extensions": ext})
    assert code(r) == "PERSISTED_QUERY_NOT_FOUND"


def test_work_budget_spans_every_field_of_a_graphql_request(make_client):
    """MAX_MOVES applied per field; MAX_WORK bounds the whole request."""
    client = make_client(max_moves=300, max_work=1300)
    record = shuttle(300)
    fields = " ".join(
        f'r{i}: replay(game: "mixtour", moves: $m) {{ __typename '
        f"... on InvalidRequest {{ code details }} }}"
        for i in range(5)
    )
    r = gql(client, "query($m: [JSON!]!) { " + fields + " }", {"m": record})
    answers = list(r.json()["data"].values())
    # the fields run concurrently: four fit (4 x 300 moves), whichever comes fifth does not
    assert sorted(a["__typename"] for a in answers) == ["InvalidRequest"] + ["ReplayOutcome"] * 4
    refused = next(a for a in answers if a["__typename"] == "InvalidRequest")
    assert refused["code"] == "WORK_BUDGET_EXCEEDED"
    assert refused["details"] == {"limit": 1300, "setting": "MAX_WORK"}


def test_a_rest_request_at_max_moves_fits_the_budget(make_client):
    """REST serves one operation per request: a replay of MAX_MOVES moves always fits
    (settings refuse a MAX_WORK below MAX_MOVES + 1000)."""
    client = make_client(max_moves=300, max_work=1300)
    r = client.post("/v1/games/mixtour/replay", json={"moves": shuttle(300)})
    assert r.status_code == 200 and r.json()["plies"] == 300
    r = client.post("/v1/games/mixtour/replay", json={"moves": shuttle(301)})
    assert r.status_code == 413 and r.json()["error"]["code"] == "TOO_MANY_MOVES"


def test_a_full_replay_always_fits_the_budget():
    from service.settings import Settings

    with pytest.raises(SystemExit, match="MAX_WORK"):
        Settings.from_env({"MAX_MOVES": "5000", "MAX_WORK": "5000"})


def test_a_state_with_40000_bad_keys_answers_100_problems_and_the_count(client):
    """The issue: 40 aliases of position over such a state built a 137 MB answer; a single
    REST position answered 3.7 MB of problems."""
    state = {"game": "mixtour", "v": 1, **{f"k{i}": i for i in range(40_000)}}
    r = client.post("/v1/games/mixtour/position", json={"state": state})
    assert r.status_code == 422
    details = r.json()["error"]["details"]
    assert len(details["problems"]) == 100 and details["problemCount"] >= 40_000
    assert len(r.content) < 20_000
    q = """query($s: JSON!) { position(game: "mixtour", state: $s) {
        ... on InvalidState { problemCount problems { path } } } }"""
    r = gql(client, q, {"s": state})
    pos = r.json()["data"]["position"]
    assert len(pos["problems"]) == 100 and pos["problemCount"] >= 40_000


def test_a_body_with_thousands_of_unknown_fields_lists_100(client):
    body = {"state": {}, **{f"x{i}": 1 for i in range(5000)}}
    r = client.post("/v1/games/mixtour/position", json=body)
    details = r.json()["error"]["details"]
    assert r.status_code == 400 and len(details["problems"]) == 100
    assert details["problemCount"] == 5000


@pytest.mark.slow
@pytest.mark.alone  # a wall-clock bound: no other test runs beside it (tests/workers.py)
def test_healthz_answers_within_a_second_while_the_worst_allowed_requests_run():
    """Long engine work runs off the event loop; the worst request the defaults allow is
    bounded by MAX_WORK."""
    import json
    import threading
    import time
    import urllib.request

    from ..server_process import running_server

    record = shuttle(999)
    fields = " ".join(
        f'r{i}: replay(game: "mixtour", moves: $m) {{ __typename '
        f"... on ReplayOutcome {{ position {{ status }} }} ... on InvalidRequest {{ code }} }}"
        for i in range(10)
    )
    body = json.dumps(
        {"query": "query($m: [JSON!]!) { " + fields + " }", "variables": {"m": record}}
    )
    with running_server(CACHE_ENTRIES="0") as base:  # every position is computed
        answers: list[dict] = []

        def heavy() -> None:
            req = urllib.request.Request(
                base + "/graphql", data=body.encode(), headers={"content-type": "application/json"}
            )
            with urllib.request.urlopen(req, timeout=60) as r:
                answers.append(json.loads(r.read()))

        workers = [threading.Thread(target=heavy) for _ in range(4)]
        for w in workers:
            w.start()
        latencies = []
        while any(w.is_alive() for w in workers):
            start = time.monotonic()
            with urllib.request.urlopen(base + "/healthz", timeout=10) as r:
                assert r.status == 200
            latencies.append(time.monotonic() - start)
            time.sleep(0.02)
        for w in workers:
            w.join()
    assert len(answers) == 4 and latencies
    assert max(latencies) < 1.0, latencies
    for answer in answers:
        # MAX_WORK (10,000) stops the tenth 999-move replay, as a union member or, when the
        # fields run interleaved, in a Position field (whose error then nulls the data).
        codes = [e["extensions"]["code"] for e in answer.get("errors", [])]
        codes += [v.get("code") for v in (answer.get("data") or {}).values()]
        assert "WORK_BUDGET_EXCEEDED" in codes, answer


PAGE_FAILURES = """... on InvalidState { code message } ... on InvalidRequest { code message }
  ... on MoveRejected { code message }"""


@pytest.mark.parametrize("offload_min_cost_us", [0, 10**9])
def test_a_list_asking_for_one_result_at_once_computes_it_once(make_client, offload_min_cost_us):
    """Every legal move's ``description`` asks for the described moves at once. While the
    first waits (for a compute thread, OFFLOAD_MIN_COST_US=0, or for Redis), the others wait
    for it: the result is computed once and its work is spent once. Before, each of the
    items computed it again in a thread, and the request ran out of its work budget: /play's
    "look" query (service/web/play/core.js) on a new Te-Trix game, which the browser test
    (tests/browser/play.test.mjs) met and a script of the same requests reproduced outside
    pytest. In this process the same requests did not reproduce it without the fix, so this
    test holds the property (computed once, no budget error, both ways) and the browser test
    is the one that caught the fault."""
    client = make_client(offload_min_cost_us=offload_min_cost_us)
    headers = {"accept": NEW, "accept-language": "de"}
    new = f"""query New($g: String!, $p: Int, $o: JSON, $s: String) {{
      newGame(game: $g, players: $p, options: $o, seed: $s, describe: true) {{ __typename
        ... on Position {{ state toMove isChance status winners scores events }}
        {PAGE_FAILURES} }} }}"""
    variables = {"g": "te-trix", "p": 2, "o": {"size": 5}, "s": "browser-tx"}
    r = client.post("/graphql", json={"query": new, "variables": variables}, headers=headers)
    started = r.json()["data"]["newGame"]
    look = f"""query Look($g: String!, $s: JSON!, $p: Int, $moves: Boolean!, $steps: Boolean!) {{
      position(game: $g, state: $s) {{ __typename
        ... on Position {{ prompt svg(player: $p)
          legalMoves(player: $p) @include(if: $moves) {{ notation move probability description }}
          nextSteps(player: $p) @include(if: $steps) {{ __typename
            ... on NextSteps {{ steps {{ notation move }} canEnd turn {{ notation move }} }}
            ... on MoveRejected {{ code message reason rule step }}
            ... on InvalidRequest {{ code message details }} }} }}
        {PAGE_FAILURES} }} }}"""
    player = started["toMove"][0] if started["toMove"] else None
    variables = {"g": "te-trix", "s": started["state"], "p": player, "moves": True, "steps": True}
    r = client.post("/graphql", json={"query": look, "variables": variables}, headers=headers)
    assert "errors" not in r.json(), r.json()["errors"][0]
    moves = r.json()["data"]["position"]["legalMoves"]
    assert len(moves) > 40 and all(m["description"] for m in moves)
    text = client.get("/metrics").text
    looked = 'regelwerk_cache_lookups_total{op="legal-moves-described",result="miss",tier="memory"}'
    assert f"{looked} 1.0" in text
    graphql = next(r for r in client.app.routes if getattr(r, "path", "") == "/graphql")
    assert graphql.endpoint.__self__.paths["graphql-core"] >= 1  # whose lists resolve at once


def test_the_app_shortens_the_switch_interval_so_the_loop_waits_little_for_the_lock():
    """A computing thread holds the interpreter lock up to a switch interval each time the
    event loop asks for it back (service/api/offload.py); at Python's 5 ms /healthz took up to
    1.2 s with 32 searches in flight."""
    import sys

    from service.api import offload
    from service.app import create_app

    before = sys.getswitchinterval()
    try:
        sys.setswitchinterval(0.005)
        create_app()
        assert sys.getswitchinterval() == pytest.approx(offload.SWITCH_INTERVAL)
        assert offload.SWITCH_INTERVAL <= 0.001
    finally:
        sys.setswitchinterval(before)
