"""tests/workers.py: the lock that lets a test marked ``alone`` run while no other test does.
Each MachineShare opens the files itself, as each pytest-xdist worker does, so two of them in
one process lock against each other as two workers would."""

from __future__ import annotations

import fcntl
import threading
import time
from pathlib import Path

from .workers import MachineShare


def free(path: Path, how: int) -> bool:
    """Whether a third party could take the lock on ``path`` now (without waiting)."""
    with path.open("ab") as f:
        try:
            fcntl.flock(f, how | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        fcntl.flock(f, fcntl.LOCK_UN)
        return True


def until(condition) -> None:
    deadline = time.monotonic() + 30  # only stops a hung run
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def test_tests_that_share_run_together_and_keep_an_alone_test_waiting(tmp_path):
    one, other, loner = (MachineShare(tmp_path) for _ in range(3))
    entered = threading.Event()

    def alone() -> None:
        with loner.alone():
            entered.set()

    with one.shared(), other.shared():
        assert not free(tmp_path / "share", fcntl.LOCK_EX)
        thread = threading.Thread(target=alone)
        thread.start()
        # It holds the gate and waits: no test starts beside the ones that run.
        until(lambda: not free(tmp_path / "gate", fcntl.LOCK_SH))
        assert not entered.is_set()
    thread.join(timeout=30)
    assert entered.is_set()
    assert free(tmp_path / "gate", fcntl.LOCK_EX) and free(tmp_path / "share", fcntl.LOCK_EX)
    for share in (one, other, loner):
        share.close()


def test_an_alone_test_keeps_every_other_test_waiting(tmp_path):
    loner, other = MachineShare(tmp_path), MachineShare(tmp_path)
    entered = threading.Event()

    def share() -> None:
        with other.shared():
            entered.set()

    with loner.alone():
        thread = threading.Thread(target=share)
        thread.start()
        assert not free(tmp_path / "gate", fcntl.LOCK_SH)
        assert not free(tmp_path / "share", fcntl.LOCK_SH)
        assert not entered.is_set()
    thread.join(timeout=30)
    assert entered.is_set()
    loner.close()
    other.close()
