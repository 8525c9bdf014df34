"""Fixtures of the cache tests: a real redis-server on a free port (never 6379)."""

from __future__ import annotations

import pytest

from ..redis_server import RedisServer


@pytest.fixture
def redis_server(tmp_path):
    server = RedisServer(tmp_path)
    server.start()
    yield server
    server.stop()
