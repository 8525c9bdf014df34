"""Heavy work off the event loop, a few calls at a time (issue 21, point 7).

Every CPU-bound call that may take long (a search, a long move list, a verification, parsing
and validating a GraphQL document not seen before) runs in a worker thread through one
limiter per process: at most ``COMPUTE_THREADS`` at once, the others wait without using the
CPU. The event loop itself then only ever waits for the interpreter lock one switch interval
at a time, so light requests (``/healthz`` among them) are answered in milliseconds however
many heavy ones are queued: more threads would add no throughput (the engines are pure
Python) and would make each of the loop's turns wait longer.

The loop gives the lock up at every socket call and waits a switch interval to get it back
from a computing thread, several times a request; at Python's default of 5 ms, /healthz took
up to 0.5 s (1.2 s on a loaded CI machine) while 32 searches were in flight. ``configure``
sets the interval to ``SWITCH_INTERVAL`` (1 ms): 87-118 ms in the same case, side by side,
for no measurable loss of search throughput (the same CPU seconds per search).

Context variables (the request's work budget) follow the call into its thread.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from typing import TypeVar
from weakref import WeakKeyDictionary

from anyio import CapacityLimiter, to_thread

T = TypeVar("T")

_threads = 2
SWITCH_INTERVAL = 0.001  # seconds, see above
# One limiter per event loop: a limiter's waiters belong to the loop that made them (tests run
# several apps, each on a loop of its own).
_limiters: WeakKeyDictionary[asyncio.AbstractEventLoop, CapacityLimiter] = WeakKeyDictionary()


def configure(threads: int) -> None:
    """Sets ``COMPUTE_THREADS`` for limiters made from now on (the app does it at start)."""
    global _threads
    _threads = threads
    sys.setswitchinterval(SWITCH_INTERVAL)
    _limiters.clear()


def limiter() -> CapacityLimiter:
    loop = asyncio.get_running_loop()
    found = _limiters.get(loop)
    if found is None:
        found = _limiters[loop] = CapacityLimiter(_threads)
    return found


async def run(call: Callable[..., T], *args: object) -> T:
    """``call(*args)`` in a worker thread, when one of the ``COMPUTE_THREADS`` is free."""
    return await to_thread.run_sync(call, *args, limiter=limiter())
