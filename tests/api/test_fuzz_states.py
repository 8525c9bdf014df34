"""Every game's state decoder under mutated documents: a 4xx with a code, never a 500.

Starts from real documents (seeded playouts) and replaces, deletes or adds fields at any
depth with arbitrary JSON, so the decoders see almost-valid input, the hardest kind.
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from service.games import REGISTRY
from service.games.core import driver

GAMES = sorted(REGISTRY)
FIXTURE = HealthCheck.function_scoped_fixture

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=10,
)


def sample_documents(game: str) -> list[dict]:
    engine = REGISTRY[game]
    rng = random.Random(game)
    docs = []
    state = driver.start(engine, None, None, "fuzz").state
    for _ in range(40):
        if engine.status(state).finished:
            break
        docs.append(engine.encode(state))
        if engine.is_chance(state):
            move = rng.choice(engine.chance_outcomes(state))[0]
            state = engine.apply(state, move).state
            continue
        mover = rng.choice(engine.to_move(state))
        state = engine.apply(state, rng.choice(engine.legal_moves(state, mover)), mover).state
    return docs


DOCS = {game: sample_documents(game) for game in GAMES}


def paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, (*prefix, i))


def mutate(doc, path, action, value):
    doc = copy.deepcopy(doc)
    if not path:
        return value if action == "replace" else doc
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if action == "delete":
        del parent[last]
    elif action == "add" and isinstance(parent, dict):
        parent[f"{last}_extra"] = value
    else:
        parent[last] = value
    return doc


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=120, deadline=None, suppress_health_check=[FIXTURE])
@given(data=st.data())
def test_mutated_states_never_cause_a_500(client, game, data):
    doc = data.draw(st.sampled_from(DOCS[game]))
    path = data.draw(st.sampled_from(list(paths(doc))))
    action = data.draw(st.sampled_from(["replace", "delete", "add"]))
    value = data.draw(json_values)
    state = mutate(doc, path, action, value)
    call = data.draw(st.sampled_from(["legal-moves", "score", "position", "render", "view"]))
    r = client.post(f"/v1/games/{game}/{call}", json={"state": state, "player": 0})
    assert r.status_code in (200, 400, 422), r.text
    if r.status_code != 200:
        assert r.json()["error"]["code"]


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=120, deadline=None, suppress_health_check=[FIXTURE])
@given(data=st.data())
def test_arbitrary_moves_and_options_never_cause_a_500(client, game, data):
    doc = data.draw(st.sampled_from(DOCS[game]))
    alphabet = "0123456789abcdefghjklmnoprstuvwxyzJ -/:@*,.\u00e9"
    move = data.draw(st.text(alphabet, max_size=20) | json_values)
    player = data.draw(st.none() | st.integers(-2, 5))
    r = client.post(f"/v1/games/{game}/play", json={"state": doc, "move": move, "player": player})
    assert r.status_code in (200, 400, 422), r.text
    options = data.draw(
        st.dictionaries(
            st.sampled_from([*sorted(REGISTRY[game].descriptor.describe()["options"]), "x"]),
            json_values,
            max_size=3,
        )
    )
    players = data.draw(st.none() | st.integers(-1, 6))
    r = client.post(f"/v1/games/{game}/new", json={"players": players, "options": options})
    assert r.status_code in (200, 400, 422), r.text


GQL = """query($g: String!, $s: JSON!, $m: [JSON!]!, $p: Int) {
  position(game: $g, state: $s) { __typename ... on Position { toMove status scores } }
  play(game: $g, state: $s, moves: $m, player: $p) { __typename } }"""


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=80, deadline=None, suppress_health_check=[FIXTURE])
@given(data=st.data())
def test_graphql_answers_bad_input_with_union_members_not_errors(client, game, data):
    """Every failure a client can cause is a typed union member, never a GraphQL error."""
    doc = data.draw(st.sampled_from(DOCS[game]))
    path = data.draw(st.sampled_from(list(paths(doc))))
    state = mutate(
        doc, path, data.draw(st.sampled_from(["replace", "delete", "add"])), data.draw(json_values)
    )
    # null for a non-null JSON variable is GraphQL's own validation error, not ours to type
    assume(state is not None)
    moves = data.draw(
        st.lists(st.text(max_size=12) | json_values.filter(lambda v: v is not None), max_size=3)
    )
    player = data.draw(st.none() | st.integers(-2, 5))
    variables = {"g": game, "s": state, "m": moves, "p": player}
    body = client.post("/graphql", json={"query": GQL, "variables": variables}).json()
    assert "errors" not in body, body
