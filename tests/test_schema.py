"""schema/ is generated from the code; a drift fails here (regenerate: ./dev schema)."""

from __future__ import annotations

from service import jsonio
from service.schema_export import ROOT, documents, drift


def test_committed_schema_matches_the_code():
    assert drift() == [], "run ./dev schema and commit schema/"


def test_drift_is_detected(tmp_path):
    for name, data in documents().items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(data)
    assert drift(tmp_path) == []
    (tmp_path / "schema.graphql").write_text("type Query { nothing: Int }\n")
    (tmp_path / "stale.json").write_text("{}")
    assert drift(tmp_path) == ["schema.graphql", "stale.json"]


def test_every_game_has_state_and_move_schemas():
    from service.games import REGISTRY

    for game in REGISTRY:
        state = jsonio.loads((ROOT / "states" / f"{game}.json").read_bytes())
        assert state["properties"]["game"] == {"const": game}
        assert (ROOT / "moves" / f"{game}.json").is_file()
