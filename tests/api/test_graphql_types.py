"""GraphQL types code generators can use (issue "Front ends without rules", item 1 and 5):
legal moves with their move document as JSON and typed, enums for status and error codes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from graphql import GraphQLEnumType, build_schema

from service.api import errors
from service.api.graphql import MOVE_CODES, MOVE_TYPES, STATE_CODES, ErrorCode
from service.games import REGISTRY

ROOT = Path(__file__).resolve().parents[2]

TYPED_FRAGMENT = """
fragment Typed on MoveDocument {
  __typename
  ... on MixtourPlace { kind square }
  ... on MixtourShift { kind from to count }
  ... on MixtourPass { kind }
  ... on TricTracTurn { kind player steps { from to off hit die } }
  ... on TricTracPass { kind player }
  ... on TricTracThrow { kind dice }
  ... on TricTracOpening { kind player dice }
  ... on TeTrixRoll { kind symbols }
  ... on TeTrixArrangement { kind shape symbols slots { row col symbol } }
  ... on TeTrixPlacement { kind rotation row col cells { cell row col symbol } overhang bar }
  ... on TeTrixStop { kind }
  ... on TriominosLay {
    kind tile at player col row orientation corners { corner number } rackTile
  }
  ... on TriominosTurn { kind player }
  ... on TriominosDeal { kind tile }
}
"""
TYPED = (
    TYPED_FRAGMENT
    + """query Moves($game: String!, $state: JSON!, $player: Int) {
  position(game: $game, state: $state) {
    __typename
    ... on Position {
      status toMove legalMoves(player: $player) { notation move probability typed { ...Typed } }
    }
  }
}
"""
)

STATUS = """query($game: String!, $state: JSON!) {
  position(game: $game, state: $state) { ... on Position { status toMove } }
}"""


def gql(client, query, **variables):
    r = client.post("/graphql", json={"query": query, "variables": variables})
    body = r.json()
    assert r.status_code == 200 and "errors" not in body, body
    return body["data"]


def as_document(typed: dict) -> dict:
    """The JSON move document a typed move stands for."""
    out = {k: v for k, v in typed.items() if k != "__typename"}
    if "steps" in out:
        out["steps"] = [
            {
                "from": s["from"],
                "to": "off" if s["off"] else s["to"],
                "hit": s["hit"],
                "die": s["die"],
            }
            for s in out["steps"]
        ]
    return out


def _walk(client, game: str, seed: str, plies: int):
    """Positions along a seeded game played through GraphQL, first legal move each time."""
    state = gql(
        client,
        "query($g: String!, $s: String) { newGame(game: $g, seed: $s) "
        "{ ... on Position { state } } }",
        g=game,
        s=seed,
    )["newGame"]["state"]
    for _ in range(plies):
        pos = gql(client, STATUS, game=game, state=state)["position"]
        if pos["status"] == "finished":
            return
        player = pos["toMove"][0] if pos["toMove"] else None
        pos = gql(client, TYPED, game=game, state=state, player=player)["position"]
        yield pos
        move = pos["legalMoves"][-1]["move"]
        played = gql(
            client,
            "query($g: String!, $s: JSON!, $m: [JSON!]!, $p: Int) { play(game: $g, state: $s, "
            "moves: $m, player: $p) { __typename ... on PlayOutcome { position { state } } } }",
            g=game,
            s=state,
            m=[move],
            p=player,
        )["play"]
        assert played["__typename"] == "PlayOutcome", played
        state = played["position"]["state"]


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_typed_moves_are_the_move_documents(client, game):
    seen = 0
    for pos in _walk(client, game, seed=f"typed-{game}", plies=12):
        for m in pos["legalMoves"]:
            assert as_document(m["typed"]) == m["move"], m
            seen += 1
        assert pos["status"] == "ongoing"
    assert seen


def test_every_kind_of_every_game_has_a_typed_view():
    from_schemas = {
        (game, variant["properties"]["kind"]["const"])
        for game, engine in REGISTRY.items()
        for variant in engine.move_document_schema()["oneOf"]
    }
    assert MOVE_TYPES.kinds() == from_schemas


def test_status_is_an_enum_with_the_rest_values(client):
    sdl = (ROOT / "schema" / "schema.graphql").read_text()
    status = build_schema(sdl).type_map["GameStatus"]
    assert isinstance(status, GraphQLEnumType) and list(status.values) == ["ongoing", "finished"]
    assert "status: GameStatus!" in sdl
    data = gql(client, '{ newGame(game: "mixtour") { ... on Position { status } } }')
    assert data["newGame"]["status"] == "ongoing"


def test_error_code_enum_holds_every_code_a_union_member_can_carry():
    """The GraphQL ErrorCode enum is the codes the edge's table gives a union member."""
    from service.api.edge import EDGE

    carried = {code for code, outcome in EDGE.items() if outcome.member is not None}
    assert {c.value for c in ErrorCode} == carried
    assert {c.value for c in ErrorCode} >= MOVE_CODES | STATE_CODES
    raised = set()
    for path in (ROOT / "service").rglob("*.py"):
        raised |= set(re.findall(r'ServiceError\(\s*"([A-Z_]+)"', path.read_text()))
    assert raised <= set(errors.CODES), raised - set(errors.CODES)
    codes_in_engines = {cls.code for cls in _rules_errors()}
    assert codes_in_engines - {"RULES_ERROR"} <= set(errors.CODES)


def _rules_errors():
    from service.games.core import errors as core

    todo = [core.RulesError]
    while todo:
        cls = todo.pop()
        yield cls
        todo.extend(cls.__subclasses__())


def test_a_failure_code_is_the_enum_in_graphql(client):
    q = """{ newGame(game: "nothing") { __typename ... on InvalidRequest { code } } }"""
    assert gql(client, q)["newGame"] == {"__typename": "InvalidRequest", "code": "UNKNOWN_GAME"}
