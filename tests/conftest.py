"""Shared fixtures: an in-process app client (real Starlette app, no server)."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from service.app import create_app
from service.settings import Settings


@pytest.fixture
def client() -> TestClient:
    return TestClient(create_app(Settings()))


@pytest.fixture
def make_client():
    def make(**settings) -> TestClient:
        return TestClient(create_app(Settings(**settings)))

    return make
