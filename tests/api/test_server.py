"""Boots the real server process (python -m service, uvicorn) and talks HTTP to it."""

from __future__ import annotations

import json

import pytest

from ..server_process import call, running_server


@pytest.fixture(scope="module", params=[1, 2], ids=["1-worker", "2-workers"])
def server(request):
    with running_server(workers=request.param) as base:
        yield base


@pytest.mark.slow
def test_real_server_plays_a_game_over_http(server):
    status, body = call(server + "/v1/games")
    assert status == 200 and b"mixtour" in body
    status, body = call(server + "/v1/games/mixtour/new", {})
    state = json.loads(body)["state"]
    status, body = call(
        server + "/v1/games/mixtour/play", {"state": state, "moves": ["c3", "c4", "c3-c4"]}
    )
    assert status == 200 and json.loads(body)["state"]["board"] == {"c4": "bw"}
    status, body = call(server + "/graphql", {"query": "{ games { id } }"})
    assert status == 200 and json.loads(body)["data"]["games"]
    status, body = call(server + "/v1/games/mixtour/play", {"state": state, "move": "f9"})
    assert status == 422 and json.loads(body)["error"]["code"] == "INVALID_NOTATION"
    status, body = call(server + "/metrics")
    assert status == 200 and b"regelwerk_requests_total" in body
