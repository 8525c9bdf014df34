"""How the pytest-xdist workers of one run share the machine (``./dev test`` runs two).

Most tests only share it: each worker runs its own tests, with its own ports, temporary
folders and servers. A test marked ``alone`` bounds a wall-clock time on purpose (how long
``/healthz`` may stall while a hostile request runs): it runs while no other test does, so a
neighbour's CPU is never what it measures. Two flock(2)ed files make a readers-writer lock:

- ``share``: every test holds it shared from its setup to its teardown; an ``alone`` test
  holds it exclusively.
- ``gate``: taken exclusively by an ``alone`` test before it waits for ``share``, and shared
  for a moment by every other test before it takes ``share``. While an ``alone`` test waits,
  the other worker starts nothing new, so it cannot be starved.

Waiting happens outside a test's setup, call and teardown: ``--durations`` never counts it.
"""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO


class MachineShare:
    def __init__(self, folder: Path) -> None:
        # Each worker opens the files itself: flock locks belong to an open file.
        self._gate: BinaryIO = (folder / "gate").open("ab")
        self._share: BinaryIO = (folder / "share").open("ab")

    @contextmanager
    def shared(self) -> Iterator[None]:
        fcntl.flock(self._gate, fcntl.LOCK_SH)
        try:
            fcntl.flock(self._share, fcntl.LOCK_SH)
        finally:
            fcntl.flock(self._gate, fcntl.LOCK_UN)
        try:
            yield
        finally:
            fcntl.flock(self._share, fcntl.LOCK_UN)

    @contextmanager
    def alone(self) -> Iterator[None]:
        fcntl.flock(self._gate, fcntl.LOCK_EX)
        try:
            fcntl.flock(self._share, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(self._share, fcntl.LOCK_UN)
        finally:
            fcntl.flock(self._gate, fcntl.LOCK_UN)

    def close(self) -> None:
        self._gate.close()
        self._share.close()
