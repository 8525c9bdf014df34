"""The in-process cache bounded by bytes (issue 21, point 3): an attacker's probe filled a
pod's 768 Mi with about 700 distinct Te-Trix 12x12 legal-move lists (about 1 MB each in
memory) while the cache, bounded by entries only, still had room for 50,000."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections import OrderedDict
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from service import jsonio
from service.api.ops import Rules
from service.app import create_app
from service.cache import ENTRY_OVERHEAD, LRU, MEMORY_PER_JSON_BYTE, Cache, entry_bytes
from service.cache.memory import LARGEST_SHARE
from service.games import REGISTRY
from service.settings import Settings

from .sizes import GAMES, grown_by, positions

MiB = 1024 * 1024


def test_lru_evicts_by_bytes_and_counts_a_replaced_entry_once():
    lru = LRU(100, max_bytes=1000)
    for i in range(5):
        assert lru.put(bytes([i]), i + 1, 50)
    assert lru.bytes == 250 and len(lru) == 5
    assert lru.put(b"\x00", "again", 60)  # the same key: its old size is given back
    assert lru.bytes == 260 and len(lru) == 5
    for i in range(5, 20):
        lru.put(bytes([i]), i, 55)
    assert lru.bytes <= 1000
    assert lru.get(b"\x01") is None  # the least recently used went first
    assert lru.get(bytes([19])) == 19
    assert lru.bytes == sum(lru._sizes.values()) and set(lru._sizes) == set(lru._data)


def test_an_entry_over_a_sixteenth_of_the_budget_is_not_kept():
    lru = LRU(100, max_bytes=16 * 100)
    assert lru.largest == 100 and LARGEST_SHARE == 16
    assert lru.put(b"a", 1, 100)
    assert not lru.put(b"b", 2, 101)
    assert lru.get(b"b") is None and lru.bytes == 100
    off = LRU(100, max_bytes=0)
    assert not off.enabled and not off.put(b"a", 1, 1)


def measured_in_a_fresh_process(count: int) -> dict[tuple[str, str], list[list[int]]]:
    """``sizes.measure`` in a child interpreter: it collects garbage around every result, and
    in the test process's large heap each collection cost ~0.15 s (42-47 s for the test in
    CI runs, 7 s alone)."""
    code = (
        "import json, sys; from tests.cache.sizes import measure; "
        f"json.dump([[k, v] for k, v in measure({count}).items()], sys.stdout)"
    )
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    return {tuple(k): v for k, v in json.loads(done.stdout)}


def test_the_estimate_holds_real_entries_of_every_game_and_operation_within_a_factor():
    """MEMORY_PER_JSON_BYTE, or a game's own ``answer_memory`` for what it computes, against
    tracemalloc, for results as computed and as parsed from Redis: the estimate is never more
    than a quarter below the real memory (so the real bytes held stay within 1.25 x
    CACHE_MAX_BYTES) nor more than twice above it for a parsed result, 2.5 times for a
    computed one: a computed result shares names with the engine's tables (Triominos
    Junior's tiles and positions, since issue 26), which stay when it is dropped, so it frees
    less (3.4 bytes a JSON byte, measured) than it shows. Te-Trix's legal moves share their
    cells and slots (``kept_document``) and declare their own estimate."""
    games = {label: game for label, game, _, _ in GAMES}
    for (label, op), rows in measured_in_a_fresh_process(3).items():
        own = REGISTRY[games[label]].spec.answer_memory.get(op, MEMORY_PER_JSON_BYTE)
        for json_bytes, computed, parsed in rows:
            estimate = own * json_bytes
            assert 0.4 <= computed / estimate <= 1.25, (label, op, json_bytes, computed)
            estimate = MEMORY_PER_JSON_BYTE * json_bytes  # a parsed result shares nothing
            assert 0.5 <= parsed / estimate <= 1.25, (label, op, json_bytes, parsed)
    assert REGISTRY["te-trix"].spec.answer_memory == {"legal-moves": 3}


def test_the_entry_overhead_covers_a_key_and_its_place_in_the_lru():
    lru = LRU(100_000, max_bytes=1 << 40)
    value = {"shared": True}
    keys = [os.urandom(20) for _ in range(20_000)]

    def fill() -> None:
        for key in keys:
            lru.put(bytes(key), value, 1000)  # a new bytes object, as cache_key makes

    per_entry = grown_by(fill) / len(keys)
    assert isinstance(lru._data, OrderedDict)
    assert 100 < per_entry <= ENTRY_OVERHEAD


@pytest.fixture(scope="module")
def large_documents():
    """Te-Trix 12x12, four players, in the placement phase: each player's legal moves are
    100-175 KB of JSON, about 1 MB in memory."""
    engine = REGISTRY["te-trix"]
    docs = []
    for doc, _ in positions("te-trix", 4, {"size": 12}, 40, seed=21):
        state = engine.decode(doc)
        if state.phase == "place":
            docs += [(doc, player) for player in engine.to_move(state)]
    return docs[:48]


def test_the_byte_bound_holds_when_large_real_entries_fill_the_cache(large_documents):
    # an estimate of 0.5-0.75 MB (Te-Trix's own, answer_memory) is under its sixteenth: kept
    budget = 16 * MiB
    rules = Rules(Settings(), Cache(50_000, max_bytes=budget))
    cache = rules.cache
    engine = REGISTRY["te-trix"]
    loop = asyncio.new_event_loop()
    engine._forget_offers()

    def answer_all() -> None:
        for doc, player in large_documents:
            # a new Loaded each time: its memo would hold the answer too; the entries the
            # engine keeps forgotten, as when its memo fills: each answer holds its own
            engine._forget_offers()
            loop.run_until_complete(rules.legal_moves(rules.load(engine, doc), player))

    try:
        real = grown_by(answer_all)
    finally:
        loop.close()
    kept = len(cache.memory)
    assert cache.memory.bytes <= budget
    assert 10 < kept < len(large_documents), "kept by bytes, long before 50,000 entries"
    # what the entries really hold: within the estimate's factor of the budget
    assert real <= 1.25 * budget, real
    assert real >= 0.5 * cache.memory.bytes, real


def test_the_app_bounds_its_cache_by_cache_max_bytes_with_a_gauge_and_a_count(large_documents):
    """CACHE_MAX_BYTES reaches the cache; regelwerk_cache_bytes shows its estimate, and a
    result over a sixteenth of it is answered but not kept (counted as too_large)."""
    # without the answer tier, which would answer the same bytes again before this tier
    settings = Settings(cache_max_bytes=1 * MiB, answer_cache_bytes=0)
    with TestClient(create_app(settings)) as client:
        doc, player = large_documents[0]
        body = {"state": doc, "player": player}
        first = client.post("/v1/games/te-trix/legal-moves", json=body)
        assert first.status_code == 200 and len(first.content) > MiB // LARGEST_SHARE
        assert client.post("/v1/games/te-trix/legal-moves", json=body).json() == first.json()
        small = client.post("/v1/games/mixtour/new", json={}).json()["state"]
        client.post("/v1/games/mixtour/legal-moves", json={"state": small})
        cache = client.app.state.rules.cache
        kept = list(cache.memory._data.values())  # Mixtour's: its new position, its moves
        assert len(kept) == 2 and all(v["toMove"] == [0] for v in kept)
        assert cache.memory.bytes == sum(entry_bytes(len(jsonio.dumps(v))) for v in kept)
        text = client.get("/metrics").text
        assert f"regelwerk_cache_bytes {float(cache.memory.bytes)}" in text
        too_large = (
            'regelwerk_cache_writes_total{op="legal-moves",result="too_large",tier="memory"}'
        )
        assert f"{too_large} 2.0" in text
