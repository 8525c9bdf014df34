"""``python -m service --host H --port P [--workers N]``: start the server (uvicorn)."""

from __future__ import annotations

import argparse
import os
import signal
from types import FrameType

import uvicorn

from .api.logs import log_config
from .settings import Settings

# On SIGTERM requests in flight get this long to finish; below Kubernetes' default grace
# period (30 s, deploy/k8s/deployment.yaml) so the process exits by itself, not by SIGKILL.
GRACEFUL_SHUTDOWN_SECONDS = 25


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
    uvicorn.run(
        "service.app:create_app",
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
        log_level=args.log_level.lower(),
        access_log=False,  # the app writes one access line per request (service/api/observe.py)
        log_config=log_config(settings.log_format, settings.log_level),
        timeout_graceful_shutdown=GRACEFUL_SHUTDOWN_SECONDS,
    )


def _exit_cleanly(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(0)


if __name__ == "__main__":
    main()
