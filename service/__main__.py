"""``python -m service --host H --port P [--workers N]``: start the server (uvicorn).

With several workers, their metrics meet in a private directory (``worker_metrics``)."""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

import uvicorn

from .api.logs import log_config
from .protocol import LimitedHttpToolsProtocol
from .settings import Settings

# On SIGTERM requests in flight get this long to finish; with the 5 s preStop pause it stays
# below the pod's grace period (35 s, deploy/k8s/deployment.yaml), so the process exits by
# itself, not by SIGKILL.
GRACEFUL_SHUTDOWN_SECONDS = 25
# With WORKERS > 1 uvicorn pings each worker and replaces one that does not answer within
# this; its default, 5 s, killed workers still importing the app on a loaded machine (the
# suite's two-worker tests, with other work on both cores), again and again.
WORKER_HEALTHCHECK_SECONDS = 20
# prometheus-client's own variable (service/api/metrics.py reads it in each worker); not
# imported from there, so that the supervisor process never loads prometheus-client.
MULTIPROC_DIR = "PROMETHEUS_MULTIPROC_DIR"


def main(argv: list[str] | None = None, prog: str = "python -m service") -> None:
    env = Settings.from_env()
    parser = argparse.ArgumentParser(prog=prog, description=__doc__)
    parser.add_argument("--host", default=env.host, help="address to bind (HOST)")
    parser.add_argument("--port", type=int, default=env.port, help="port (PORT)")
    parser.add_argument(
        "--workers", type=int, default=env.workers, help="worker processes (WORKERS)"
    )
    parser.add_argument("--log-level", default=env.log_level, help="log level (LOG_LEVEL)")
    args = parser.parse_args(argv)
    # Workers are separate processes that read their settings from the environment.
    os.environ.update(
        HOST=args.host, PORT=str(args.port), WORKERS=str(args.workers), LOG_LEVEL=args.log_level
    )
    settings = Settings.from_env()
    # uvicorn drains, then raises SIGTERM again with the handler found at its start: this
    # one, so a drained server exits 0 (the default handler would make it -15).
    signal.signal(signal.SIGTERM, _exit_cleanly)
    with worker_metrics(args.workers):
        uvicorn.run(
            "service.app:create_app",
            factory=True,
            host=args.host,
            port=args.port,
            workers=args.workers,
            log_level=args.log_level.lower(),
            access_log=False,  # the app writes one access line per request (observe.py)
            log_config=log_config(settings.log_format, settings.log_level),
            timeout_graceful_shutdown=GRACEFUL_SHUTDOWN_SECONDS,
            timeout_worker_healthcheck=WORKER_HEALTHCHECK_SECONDS,
            # httptools with bounded heads and pipelining (service/protocol.py)
            http=LimitedHttpToolsProtocol,
        )


@contextmanager
def worker_metrics(workers: int) -> Iterator[str | None]:
    """The directory of prometheus-client's multiprocess mode (docs/metrics.md), set in the
    environment before the workers start: every worker writes its metrics there, and the one
    that answers /metrics reads them all.

    Several workers: a fresh private directory, removed at exit. An operator's own
    ``PROMETHEUS_MULTIPROC_DIR`` is used with any number of workers and kept, but emptied of
    metric files first: a previous run's counts would otherwise be added to this one's.
    One worker: None, and metrics stay in the process.
    """
    configured = os.environ.get(MULTIPROC_DIR) or os.environ.get(MULTIPROC_DIR.lower())
    if configured:
        os.environ[MULTIPROC_DIR] = configured
        Path(configured).mkdir(parents=True, exist_ok=True)
        for stale in Path(configured).glob("*.db"):
            stale.unlink()
        yield configured
    elif workers > 1:
        directory = tempfile.mkdtemp(prefix="regelwerk-metrics-")
        os.environ[MULTIPROC_DIR] = directory
        try:
            yield directory
        finally:
            del os.environ[MULTIPROC_DIR]
            shutil.rmtree(directory, ignore_errors=True)
    else:
        yield None


def _exit_cleanly(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(0)


if __name__ == "__main__":
    main()
