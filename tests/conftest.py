"""Shared fixtures: an in-process app client (real Starlette app, no server).

The app is imported when a fixture first needs it, not when pytest loads this file: a pytest
run of tests that never ask for it (``./dev mutate``'s fresh runs, a game's tests alone) is
spared importing the whole service."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from starlette.testclient import TestClient


@pytest.fixture(autouse=True, scope="session")
def _catalog() -> None:
    """Messages render through the catalog (service/text.py installs it when imported), so an
    engine's error reads as the service writes it even in a test that imports no more than
    the engine."""
    import service.text  # noqa: F401


@pytest.fixture
def client() -> TestClient:
    from starlette.testclient import TestClient

    from service.app import create_app
    from service.settings import Settings

    return TestClient(create_app(Settings()))


@pytest.fixture
def make_client():
    from starlette.testclient import TestClient

    from service.app import create_app
    from service.settings import Settings

    def make(**settings) -> TestClient:
        return TestClient(create_app(Settings(**settings)))

    return make
