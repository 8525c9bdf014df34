"""``python -m service --host H --port P [--workers N]``: start the server (uvicorn)."""

from __future__ import annotations

import argparse
import os

import uvicorn

from .settings import Settings


def main(argv: list[str] | None = None) -> None:
    env = Settings.from_env()
    parser = argparse.ArgumentParser(prog="python -m service", description=__doc__)
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
    Settings.from_env()
    uvicorn.run(
        "service.app:create_app",
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
        log_level=args.log_level.lower(),
        access_log=False,
    )


if __name__ == "__main__":
    main()
