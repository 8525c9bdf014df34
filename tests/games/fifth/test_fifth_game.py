"""A fifth game, registered at test time, gets everything the four get (issue 23, "a game is
one folder"): the shared contract tests, REST, GraphQL with its generated move type, the SVG
and the bot. If one of these needs more than the game's folder and its registry line,
docs/adding-a-game.md is out of date and this test says where.

The game is Tic-Tac-Toe (:mod:`tests.games.fifth.tictactoe`, rules XO-1…XO-4).
"""

from __future__ import annotations

import importlib.util
import inspect
import random
import sys
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

import service.app
import service.games
import tests.games.contract as engine_contract
import tests.games.test_contract as contract
import tests.games.test_document_schemas as document_schemas
import tests.games.test_move_documents as move_documents
from service.settings import Settings

from .tictactoe import GAME, SPEC

# The shared tests taking a game id alone; those parametrized over part of the registry only
# (chance games) are asked whether the fifth game is of that part.
SHARED = [
    (module.__name__.rsplit(".", 1)[1], name, check)
    # test_codec_and_schema reads the committed schema/states/<game>.json, which a game
    # registered at test time has not
    for module in (contract, move_documents, document_schemas)
    for name, check in vars(module).items()
    if name.startswith("test_")
    and list(inspect.signature(check).parameters) == ["game"]
    # (its playouts run below with every other check of the contract; it asks a registered
    # game for 100 positions, more than Tic-Tac-Toe has in one game)
    and name != "test_random_games_keep_the_contract"
]


@pytest.fixture
def fifth(monkeypatch) -> Iterator[service.games.Game]:
    """Tic-Tac-Toe in the registry for one test, and out of it afterwards, with the rows a
    new game adds to the shared tests' per-game tables (docs/adding-a-game.md)."""
    monkeypatch.setitem(document_schemas.OPTION_SETS, GAME, [(None, {}), (2, {"firstPlayer": 1})])
    monkeypatch.setitem(document_schemas.JSON_MUTATIONS, GAME, [{"firstPlayer": [1]}])
    monkeypatch.setitem(document_schemas.BEYOND_SCHEMA, GAME, [])
    game = service.games.register(SPEC)
    try:
        yield game
    finally:
        service.games.unregister(GAME)


@pytest.fixture
def client(fifth, monkeypatch) -> TestClient:
    """An app built with the fifth game registered: its GraphQL schema is made afresh, as a
    process that registers the game before it starts makes it."""
    monkeypatch.setattr(service.app, "schema", _fresh_graphql_schema(monkeypatch))
    return TestClient(create_app())


def create_app():
    return service.app.create_app(Settings())


def _fresh_graphql_schema(monkeypatch):
    """service.api.graphql executed again under another name (strawberry resolves a type's
    annotations in the module of that name): its MoveDocument union is generated from the
    registry when the module runs."""
    origin = importlib.util.find_spec("service.api.graphql")
    assert origin is not None and origin.origin is not None
    name = "service.api.graphql_with_a_fifth_game"
    found = importlib.util.spec_from_file_location(name, origin.origin)
    assert found is not None and found.loader is not None
    module = importlib.util.module_from_spec(found)
    monkeypatch.setitem(sys.modules, name, module)
    found.loader.exec_module(module)
    return module.schema


def test_registering_adds_the_game_and_unregistering_removes_it():
    before = dict(service.games.REGISTRY)
    game = service.games.register(SPEC)
    try:
        assert service.games.REGISTRY[GAME] is game and service.games.SPECS[GAME] is SPEC
        assert "XO" in service.games.rule_prefixes()
        with pytest.raises(ValueError, match="registered already"):
            service.games.register(SPEC)
    finally:
        service.games.unregister(GAME)
    assert before == service.games.REGISTRY


@pytest.mark.parametrize(
    ("module", "name", "check"), SHARED, ids=[f"{m}.{n}" for m, n, _ in SHARED]
)
def test_the_shared_game_tests_hold_for_the_fifth_game(fifth, module, name, check):
    marks = [m for m in getattr(check, "pytestmark", []) if m.name == "parametrize"]
    games = marks[0].args[1] if marks else []
    if (
        not fifth.descriptor.chance
        and games
        and all(service.games.REGISTRY[g].descriptor.chance for g in games)
    ):
        pytest.skip("a check of games with chance; Tic-Tac-Toe has none")
    check(GAME)


@pytest.mark.parametrize("check", engine_contract.CHECKS, ids=lambda c: c.__name__)
def test_every_check_of_the_engine_contract_holds_for_the_fifth_game(fifth, check):
    """tests/games/contract.py's checks, each on Tic-Tac-Toe (XO-1..XO-4)."""
    check(fifth, random.Random(f"fifth-{check.__name__}"))


# -- REST -----------------------------------------------------------------------------------
def post(client: TestClient, op: str, body: dict, status: int = 200) -> dict:
    r = client.post(f"/v1/games/{GAME}/{op}", json=body)
    assert r.status_code == status, r.text
    return r.json()


def test_rest_lists_plays_and_scores_the_fifth_game(client):
    """XO-1 X begins; XO-3 three in a row (a1 b1 c1) win at once."""
    games = client.get("/v1/games").json()["games"]
    assert GAME in [g["id"] for g in games]
    position = post(client, "new", {})
    assert position["toMove"] == [0] and position["status"] == "ongoing"
    listed = post(client, "legal-moves", {"state": position["state"]})
    assert len(listed["moves"]) == 9
    first = {"kind": "mark", "square": "a1", "player": 0}
    assert listed["moves"][0] == {"notation": "a1", "move": first, "locations": []}
    played = post(client, "play", {"state": position["state"], "moves": ["a1", "a2", "b1"]})
    assert [e["type"] for e in played["events"]] == ["marked"] * 3
    again = post(client, "position", {"state": played["state"]})
    assert again["toMove"] == [1]
    state = post(client, "play", {"state": again["state"], "move": "b2"})["state"]
    over = post(client, "play", {"state": state, "move": {"kind": "mark", "square": "c1"}})
    assert over["status"] == "finished" and over["winners"] == [0]
    score = post(client, "score", {"state": over["state"]})
    assert score["scores"] == [1, 0] and score["breakdown"] == {"marks": [3, 2]}


def test_rest_refuses_the_fifth_games_bad_moves_and_states_with_codes(client):
    """XO-2: a marked square is refused; a board X cannot have reached is an invalid state."""
    state = post(client, "play", {"state": post(client, "new", {})["state"], "move": "b2"})["state"]
    refused = post(client, "play", {"state": state, "move": "b2"}, 422)["error"]
    assert refused["code"] == "ILLEGAL_MOVE"
    assert refused["details"]["reason"] == "SQUARE_OCCUPIED"
    assert refused["details"]["rule"] == "XO-2"
    assert post(client, "play", {"state": state, "move": "d4"}, 422)["error"]["code"] == (
        "INVALID_NOTATION"
    )
    bad = {**state, "board": "OO......."}
    invalid = post(client, "position", {"state": bad}, 422)["error"]
    assert invalid["code"] == "INVALID_STATE"
    assert "$.board" in [p["path"] for p in invalid["details"]["problems"]]


def test_the_fifth_games_words_come_from_its_own_catalog_in_both_languages(client):
    """docs/adding-a-game.md: a game brings its messages/<language>.ftl in its folder; the
    service finds them, and the catalog's checks hold for them too."""
    from service import text
    from tests import test_catalog

    state = post(client, "play", {"state": post(client, "new", {})["state"], "move": "b2"})["state"]
    words = {}
    for lang in text.LANGUAGES:
        r = client.post(f"/v1/games/{GAME}/play?lang={lang}", json={"state": state, "move": "b2"})
        words[lang] = r.json()["error"]
    assert words["en"]["message"] == "move 1: b2 is taken"  # counted from 1
    assert words["de"]["message"] == "Zug 1: b2 ist schon belegt"
    assert words["en"]["args"]["error"]["messageId"] == "tic-tac-toe-taken"
    assert words["en"]["messageId"] == words["de"]["messageId"] == "error-at-move"
    names = client.get("/v1/games?lang=de").json()["games"]
    assert next(g for g in names if g["id"] == GAME)["playerNames"] == ["Kreuz", "Kreis"]
    test_catalog.test_both_languages_have_the_same_ids()
    test_catalog.test_every_derived_id_is_in_the_catalog()
    for language in text.LANGUAGES:
        test_catalog.test_each_catalog_reads_cleanly(language)


def test_render_marks_every_square_of_the_fifth_game(client):
    state = post(client, "play", {"state": post(client, "new", {})["state"], "move": "b2"})["state"]
    r = client.post(f"/v1/games/{GAME}/render", json={"state": state})
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    for square in ("a1", "b2", "c3"):
        assert f'data-square="{square}"' in r.text
    assert ">X</text>" in r.text


def test_the_bot_takes_the_fifth_games_winning_square(client):
    """XO-3: with a1 and b1 marked, X completes the row on c1."""
    start = post(client, "new", {})["state"]
    state = post(client, "play", {"state": start, "moves": ["a1", "a3", "b1", "b3"]})["state"]
    body = {"state": state, "seed": "fifth", "budget": 50}
    suggestion = post(client, "suggest", body)
    assert suggestion["move"]["notation"] == "c1", suggestion


# -- GraphQL --------------------------------------------------------------------------------
MOVES = """query($game: String!, $state: JSON!) {
  position(game: $game, state: $state) {
    ... on Position {
      legalMoves { notation typed { __typename ... on TicTacToeMark { kind square player } } }
    }
  }
}"""
PLAY = """query($game: String!, $state: JSON!, $moves: [JSON!]!) {
  play(game: $game, state: $state, moves: $moves) {
    __typename
    ... on PlayOutcome { events position { status winners state } }
    ... on MoveRejected { code reason rule }
  }
}"""


def gql(client: TestClient, query: str, **variables) -> dict:
    r = client.post("/graphql", json={"query": query, "variables": variables})
    body = r.json()
    assert r.status_code == 200 and "errors" not in body, body
    return body["data"]


def test_graphql_types_and_plays_the_fifth_games_moves(client):
    """The fifth game's move type is generated from its move-document schema (TicTacToeMark)."""
    new = gql(client, '{ newGame(game: "tic-tac-toe") { ... on Position { state } } }')
    state = new["newGame"]["state"]
    moves = gql(client, MOVES, game=GAME, state=state)["position"]["legalMoves"]
    assert moves[4] == {
        "notation": "b2",
        "typed": {"__typename": "TicTacToeMark", "kind": "mark", "square": "b2", "player": 0},
    }
    played = gql(client, PLAY, game=GAME, state=state, moves=["a1", "a2", "b1", "b2", "c1"])
    outcome = played["play"]
    assert outcome["__typename"] == "PlayOutcome"
    assert outcome["position"]["status"] == "finished" and outcome["position"]["winners"] == [0]
    rejected = gql(client, PLAY, game=GAME, state=state, moves=["a1", "a1"])["play"]
    assert rejected == {
        "__typename": "MoveRejected",
        "code": "ILLEGAL_MOVE",
        "reason": "SQUARE_OCCUPIED",
        "rule": "XO-2",
    }
