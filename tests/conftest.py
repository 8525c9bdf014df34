"""Shared fixtures: an in-process app client (real Starlette app, no server); and how the
pytest-xdist workers of one run share the machine (tests/workers.py).

The app is imported when a fixture first needs it, not when pytest loads this file: a pytest
run of tests that never ask for it (``./dev mutate``'s fresh runs, a game's tests alone) is
spared importing the whole service."""

from __future__ import annotations

import shutil
import tempfile
from collections import Counter
from collections.abc import Generator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from .workers import MachineShare

if TYPE_CHECKING:
    from starlette.testclient import TestClient

# The controller's folder for the workers' lock files, handed to each worker as workerinput.
_FOLDER = pytest.StashKey[str]()
_SHARE = pytest.StashKey[MachineShare]()
WORKERINPUT = "regelwerk_workers"


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """pytest-xdist's controller, once per worker: the folder every worker locks in."""
    config = node.config
    if _FOLDER not in config.stash:
        config.stash[_FOLDER] = tempfile.mkdtemp(prefix="regelwerk-workers-")
    node.workerinput[WORKERINPUT] = config.stash[_FOLDER]


def pytest_configure(config: pytest.Config) -> None:
    folder = getattr(config, "workerinput", {}).get(WORKERINPUT)
    if folder is not None:
        config.stash[_SHARE] = MachineShare(Path(folder))
    # The files in the order pytest_collection_modifyitems leaves them, not by their number of
    # tests (xdist's default, which leaves the few-test files that start servers, npm and
    # mutmut for the end, one worker busy and the other idle).
    if config.getoption("dist", None) == "loadfile":
        config.option.loadscopereorder = False


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """In a pytest-xdist worker: every test a node id of its own, and the files holding a
    test marked slow first, so no long file is handed out last."""
    if not hasattr(config, "workerinput"):
        return
    # xdist hands out tests by node id. Under pytest 9 schemathesis gives every operation's
    # test the same one (its name says the operation, its id does not), and all but the first
    # would silently not run: each gets the id its name says.
    counts = Counter(item.nodeid for item in items)
    for item in items:
        if counts[item.nodeid] > 1 and item.parent is not None:
            item._id = type(item.id).parse(f"{item.parent.nodeid}::{item.name}")
    assert len({item.nodeid for item in items}) == len(items), "two tests share a node id"
    slow = {item.path for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: item.path not in slow)  # stable: collection order otherwise


def pytest_unconfigure(config: pytest.Config) -> None:
    if _SHARE in config.stash:
        config.stash[_SHARE].close()
    if _FOLDER in config.stash:
        shutil.rmtree(config.stash[_FOLDER], ignore_errors=True)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None]:
    """Setup, call and teardown under the machine's share: alone for a test marked so."""
    share = item.config.stash.get(_SHARE, None)
    if share is None:  # one process: nothing to share with
        return (yield)
    with share.alone() if item.get_closest_marker("alone") else share.shared():
        return (yield)


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
