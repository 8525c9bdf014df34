"""The compiled GraphQL execution path (issue "GraphQL within 2x of REST", item 1): a corpus
of queries answered byte-identically with and without plans, and the plans really used."""

from __future__ import annotations

import hashlib
import json

import pytest
from graphql import parse
from starlette.testclient import TestClient

from service.api import graphql_plan
from service.api.graphql import LegalMove, schema
from service.app import create_app
from service.games import REGISTRY
from service.settings import Settings

from .test_graphql_types import TYPED_FRAGMENT

POSITION = """state toMove isChance status winners scores reason breakdown
  legalMoves { notation move probability } chanceOutcomes { notation probability }"""
FAILURES = """... on MoveRejected { code message ply reason rule details }
  ... on InvalidState { code message problems { path reason } problemCount }
  ... on InvalidRequest { code message details }"""
TYPED = TYPED_FRAGMENT


def app_pair():
    """Two apps on the same settings: one answers through plans, one through graphql-core."""
    fast, slow = create_app(Settings()), create_app(Settings())
    _endpoint(slow).compiled = False
    return TestClient(fast), TestClient(slow)


def _endpoint(app):
    route = next(r for r in app.routes if getattr(r, "path", "") == "/graphql")
    return route.endpoint.__self__


def corpus():
    """(name, request) pairs: every game and operation, unions, fragments, aliases,
    variables, failures, GET and persisted queries."""
    out = []
    for game in sorted(REGISTRY):
        state = _seeded_state(game)
        q = f"""query P($g: String!, $s: JSON!) {{ position(game: $g, state: $s) {{ __typename
          ... on Position {{ {POSITION}
            legalMoves2: legalMoves {{ notation typed {{ ...Typed }} }} }}
          {FAILURES} }} }} {TYPED}"""
        out.append((f"{game} position", {"query": q, "variables": {"g": game, "s": state}}))
        q = f"""{{ newGame(game: "{game}", seed: "plan") {{ __typename
          ... on Position {{ toMove status scores svg view }} {FAILURES} }} }}"""
        out.append((f"{game} newGame literal args", {"query": q}))
        q = f"""query R($g: String!, $m: [JSON!]!) {{ replay(game: $g, moves: $m) {{ __typename
          ... on ReplayOutcome {{ plies position {{ status winners }} }} {FAILURES} }} }}"""
        out.append((f"{game} replay refused", {"query": q, "variables": {"g": game, "m": ["zz"]}}))
        q = f"""query($g: String!, $s: JSON!, $m: [JSON!]!) {{
          a: play(game: $g, state: $s, moves: $m) {{ ...Out }}
          b: play(game: $g, state: $s, moves: []) {{ ...Out }} }}
          fragment Out on PlayResult {{ __typename ... on PlayOutcome {{ events
          position {{ toMove isChance }} }} {FAILURES} }}"""
        out.append(
            (
                f"{game} play by union fragment",
                {"query": q, "variables": {"g": game, "s": state, "m": ["not a move"]}},
            )
        )
    q = """{ games { id name minPlayers maxPlayers rulesVersion chance hiddenInformation
      simultaneous options } }"""
    out.append(("games", {"query": q}))
    q = """{ position(game: "nothing", state: {}) { __typename
      ... on InvalidRequest { code details } } }"""
    out.append(("unknown game", {"query": q}))
    q = """query($s: JSON!) { position(game: "mixtour", state: $s) { __typename
      ... on InvalidState { code problems { path reason } problemCount } } }"""
    out.append(
        ("invalid state", {"query": q, "variables": {"s": {"game": "mixtour", "v": 1, "x": 1}}})
    )
    q = """query($s: JSON!) { position(game: "mixtour", state: $s) {
      ... on Position { legalMoves(player: 7) { notation } } } }"""
    out.append(
        ("field error (falls back)", {"query": q, "variables": {"s": _seeded_state("mixtour")}})
    )
    q = """query($s: JSON!) { position(game: "te-trix", state: $s) { ... on Position {
      legalMoves { __typename n: notation p: probability move again: notation } } } }"""
    out.append(
        (
            "rows with aliases and __typename",
            {"query": q, "variables": {"s": _seeded_state("te-trix")}},
        )
    )
    out.append(("directive (not compiled)", {"query": "{ games @include(if: true) { id } }"}))
    out.append(("introspection (not compiled)", {"query": "{ __schema { queryType { name } } }"}))
    q = 'query($p: Int) { newGame(game: "mixtour", players: $p) { __typename } }'
    out.append(("bad variable", {"query": q, "variables": {"p": "two"}}))
    out.append(
        (
            "default argument",
            {
                "query": 'query($p: Int = 2) { newGame(game: "te-trix", '
                "players: $p) { ... on Position { toMove } } }"
            },
        )
    )
    return out


def _seeded_state(game):
    client = TestClient(create_app(Settings()))
    r = client.post(f"/v1/games/{game}/new", json={"seed": "plan-corpus"})
    state = r.json()["state"]
    for _ in range(3):  # a few plies in, so moves and scores are not trivial
        pos = client.post(f"/v1/games/{game}/position", json={"state": state}).json()
        player = pos["toMove"][0] if pos["toMove"] else None
        body = {"state": state} if player is None else {"state": state, "player": player}
        moves = client.post(f"/v1/games/{game}/legal-moves", json=body).json()["moves"]
        state = client.post(
            f"/v1/games/{game}/play", json={**body, "move": moves[0]["move"]}
        ).json()["state"]
    return state


CORPUS = corpus()


@pytest.mark.parametrize(("name", "request_body"), CORPUS, ids=[n for n, _ in CORPUS])
def test_both_paths_answer_byte_identically(name, request_body):
    fast, slow = app_pair()
    for accept in ("application/json", "application/graphql-response+json"):
        headers = {"accept": accept}
        a = fast.post("/graphql", json=request_body, headers=headers)
        b = slow.post("/graphql", json=request_body, headers=headers)
        assert (a.status_code, a.headers["content-type"]) == (
            b.status_code,
            b.headers["content-type"],
        )
        assert a.content == b.content, name
    paths = _endpoint(fast.app).paths
    if "not compiled" in name:
        assert paths["plan"] == 0 and paths["graphql-core"] > 0
    elif "falls back" in name:
        assert paths["fallback"] > 0
    elif name != "bad variable":
        assert paths["plan"] > 0 and paths["fallback"] == 0, paths


def test_get_and_persisted_queries_through_plans():
    fast, slow = app_pair()
    query = (
        '{ newGame(game: "mixtour") { ... on Position { toMove legalMoves { notation move } } } }'
    )
    digest = hashlib.sha256(query.encode()).hexdigest()
    ext = json.dumps({"persistedQuery": {"version": 1, "sha256Hash": digest}})
    answers = []
    for client in (fast, slow):
        client.post("/graphql", json={"query": query, "extensions": json.loads(ext)})
        r = client.get("/graphql", params={"extensions": ext})
        assert r.status_code == 200 and r.headers["cache-control"] == "public, max-age=300"
        answers.append(r.content)
    assert answers[0] == answers[1]
    assert _endpoint(fast.app).paths["plan"] == 2


def test_an_over_budget_request_answers_the_same_on_both_paths():
    """Issue 22, point 4: with MAX_WORK 100 and six aliased positions, the plan computed four,
    met the budget and gave up; graphql-core then ran with a fresh budget and answered all six
    (the four were free cache hits), where graphql-core alone refuses two. Now both paths
    spend from the request's one budget."""
    engine = REGISTRY["mixtour"]
    states = []
    state = engine.new(2, {})
    for move in ["a1", "b2", "c3", "d4", "e5", "a5"]:
        state = engine.apply(state, engine.parse_move(move)).state
        states.append(engine.encode(state))
    fields = " ".join(
        f'p{i}: position(game: "mixtour", state: $s{i}) {{ __typename '
        "... on Position { status } ... on InvalidRequest { code } }"
        for i in range(6)
    )
    params = ", ".join(f"$s{i}: JSON!" for i in range(6))
    body = {
        "query": f"query({params}) {{ {fields} }}",
        "variables": {f"s{i}": s for i, s in enumerate(states)},
    }
    settings = Settings(max_work=100, max_moves=1, suggest_max_budget=1)
    fast, slow = TestClient(create_app(settings)), TestClient(create_app(settings))
    _endpoint(slow.app).compiled = False
    a, b = fast.post("/graphql", json=body), slow.post("/graphql", json=body)
    assert a.content == b.content
    answer = a.json()
    refused = [k for k, v in (answer.get("data") or {}).items() if v.get("code")]
    codes = [e["extensions"]["code"] for e in answer.get("errors", [])]
    assert refused or "WORK_BUDGET_EXCEEDED" in codes, answer
    assert _endpoint(fast.app).paths["fallback"] == 1


def _legal_moves_plan(selection):
    compiler = graphql_plan.Compiler(schema)
    document = parse(
        f"""query($s: JSON!) {{ position(game: "mixtour", state: $s) {{
        ... on Position {{ legalMoves {{ {selection} }} }} }} }}"""
    )
    plan = compiler.compile(document, document.definitions[0])
    members = plan.root[0].union_plans.values()
    return compiler, next(f for p in members for f in p if f.name == "legalMoves")


def _move(notation, probability=None):
    return LegalMove(
        _game="mixtour", notation=notation, move={"kind": "place"}, probability=probability
    )


def test_a_list_of_plain_fields_completes_by_rows_as_field_by_field():
    """A list of objects whose fields are plain attributes (a legal move's notation, document,
    probability) completes in one call (``FieldPlan.rows``): the same dicts, keys in the
    document's order under their aliases, as ``selection_sync`` makes one item at a time."""
    compiler, field = _legal_moves_plan("__typename n: notation probability move")
    assert field.rows is not None
    run = graphql_plan._Run(compiler, {}, graphql_plan._Info(None))
    moves = [_move("c3"), _move("a1-b2", 0.25)]
    by_rows = field.rows(moves)
    assert by_rows == [run.selection_sync(field.object_plan, m) for m in moves]
    assert by_rows[1] == {
        "__typename": "LegalMove",
        "n": "a1-b2",
        "probability": 0.25,
        "move": {"kind": "place"},
    }
    assert list(by_rows[0]) == ["__typename", "n", "probability", "move"]


def test_a_null_in_a_non_null_field_of_a_row_falls_back():
    _, field = _legal_moves_plan("notation probability")
    broken = _move("c3")
    broken.notation = None  # what no resolver makes: the plan gives up, graphql-core answers
    with pytest.raises(graphql_plan.Fallback, match="null in notation"):
        field.rows([_move("a1"), broken])


def test_a_field_with_a_resolver_completes_field_by_field():
    _, field = _legal_moves_plan("notation description")
    assert field.rows is None
