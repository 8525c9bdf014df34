"""Logging: one configuration for the app and uvicorn, text or JSON lines, request ids.

Every line carries the id of the request it was written for (``request_id``, from a context
variable the access middleware sets), so an error line can be found from its access line and
from the ``X-Request-ID`` header the client got. A record may carry ``extra={"fields": {...}}``:
text lines append them as ``key=value``, JSON lines as keys of the object.

Text (``LOG_FORMAT=text``)::

    2025-05-01 12:00:00,123 INFO regelwerk.access request method=POST route=/v1/games/{game}/play
    status=200 duration_ms=1.84 bytes_in=164 bytes_out=1291 request_id=3f2a...

JSON (``LOG_FORMAT=json``), one object per line::

    {"time": "2025-05-01T12:00:00.123Z", "level": "INFO", "logger": "regelwerk.access",
     "message": "request", "request_id": "3f2a...", "method": "POST", ...}

Anything a client sent that ends up in a log line goes through :func:`clip`; as a safety net
for what libraries log, both formats cut a message at ``MAX_MESSAGE`` characters and every line
of a traceback (whose last line repeats the exception's message) at ``MAX_TRACEBACK_LINE``.
"""

from __future__ import annotations

import atexit
import contextlib
import itertools
import json
import logging
import logging.config
import queue
import re
import sys
import time
import uuid
from contextvars import ContextVar
from logging.handlers import QueueHandler, QueueListener
from typing import Any

CLIP = 200  # characters of client-provided text a log line may carry
MAX_MESSAGE = 2000
MAX_TRACEBACK_LINE = 500

request_id: ContextVar[str | None] = ContextVar("regelwerk_request_id", default=None)
# A new id is this process's random prefix and a counter: unique across processes and
# replicas like a uuid4, without costing random bytes on every request.
_ID_PREFIX = uuid.uuid4().hex[:16]
_ID_COUNTER = itertools.count(1)

_REQUEST_ID = re.compile(r"[A-Za-z0-9._-]{1,128}")
_PLAIN = re.compile(r"[^\s\"=]+")
_LOGGED = "_regelwerk_logged"


def accept_request_id(raw: bytes | None) -> str:
    """The caller's ``X-Request-ID`` when it is 1–128 of ``[A-Za-z0-9._-]``, else a new id."""
    if raw is not None:
        text = raw.decode("latin-1")
        if _REQUEST_ID.fullmatch(text):
            return text
    return f"{_ID_PREFIX}{next(_ID_COUNTER):016x}"


def clip(text: object, limit: int = CLIP) -> str:
    """At most ``limit`` characters of ``text`` (client input in a log line), marked if cut."""
    s = str(text)
    return s if len(s) <= limit else f"{s[:limit]}… ({len(s)} characters)"


def mark_logged(exc: BaseException) -> None:
    """Notes that ``exc`` was logged with its traceback, so the server does not log it again."""
    with contextlib.suppress(AttributeError):  # an exception type without a __dict__
        setattr(exc, _LOGGED, True)


class SkipLogged(logging.Filter):
    """Drops a server's "Exception in ASGI application" for an exception we already logged.

    Starlette re-raises every exception after its handler answered 500, so without this a
    bug would be logged twice, once without the request's method and route.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        return not (exc is not None and getattr(exc, _LOGGED, False))


def _fields(record: logging.LogRecord) -> dict[str, Any]:
    fields: dict[str, Any] = dict(getattr(record, "fields", None) or {})
    if "request_id" not in fields:
        rid = getattr(record, "request_id", None) or request_id.get()
        if rid is not None:
            fields["request_id"] = rid
    return fields


def _text_value(value: Any) -> str:
    if type(value) is int or type(value) is float:  # the access line's numbers, quickly
        return repr(value)
    text = value if isinstance(value, str) else json.dumps(value, default=str)
    return text if _PLAIN.fullmatch(text) else json.dumps(text)


class _Bounded(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        if record.exc_info:
            record.exc_text = None  # another handler's cached traceback may be unbounded
        return super().format(record)

    def formatException(self, ei: Any) -> str:  # noqa: N802 (logging's name)
        text = super().formatException(ei)
        return "\n".join(clip(line, MAX_TRACEBACK_LINE) for line in text.splitlines())


class TextFormatter(_Bounded):
    """``time LEVEL logger message key=value ...`` (values with spaces are quoted)."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s %(message)s")

    def formatMessage(self, record: logging.LogRecord) -> str:  # noqa: N802 (logging's name)
        record.message = clip(record.message, MAX_MESSAGE)
        line = super().formatMessage(record)
        fields = _fields(record)
        if not fields:
            return line
        return line + " " + " ".join(f"{k}={_text_value(v)}" for k, v in fields.items())


class JsonFormatter(_Bounded):
    """One JSON object per line: time (UTC), level, logger, message, request id, fields and,
    for errors, the traceback as one string."""

    def format(self, record: logging.LogRecord) -> str:
        seconds = time.gmtime(record.created)
        out: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", seconds) + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "message": clip(record.getMessage(), MAX_MESSAGE),
            **_fields(record),
        }
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            out["exception"] = clip(record.exc_text, MAX_MESSAGE)
        if record.stack_info:
            out["stack"] = self.formatStack(record.stack_info)
        return json.dumps(out, default=str)


def log_config(fmt: str, level: str) -> dict[str, Any]:
    """A ``logging.config.dictConfig`` for the whole process: the root logger writes to stderr
    in ``fmt``, uvicorn's loggers pass through it, uvicorn's access log is off (ours is
    ``regelwerk.access``, written off the request path: ``access_handler``)."""
    formatter = JsonFormatter if fmt.lower() == "json" else TextFormatter
    level = level.upper()
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"regelwerk": {"()": f"{__name__}.{formatter.__name__}"}},
        "filters": {"skip_logged": {"()": f"{__name__}.{SkipLogged.__name__}"}},
        "handlers": {
            "stderr": {
                "class": "logging.StreamHandler",
                "formatter": "regelwerk",
                "stream": "ext://sys.stderr",
            },
            "access": {"()": f"{__name__}.{access_handler.__name__}", "fmt": fmt},
        },
        "root": {"level": level, "handlers": ["stderr"]},
        "loggers": {
            "uvicorn": {"level": level, "handlers": [], "propagate": True},
            "uvicorn.error": {"level": level, "filters": ["skip_logged"], "propagate": True},
            "uvicorn.access": {"handlers": [], "propagate": False},
            "regelwerk.access": {"handlers": ["access"], "propagate": False},
        },
    }


class _Writer(QueueListener):
    """The writer thread; stopping it twice (a test, then exit) is stopping it once."""

    stopped = False

    def stop(self) -> None:
        if not self.stopped:
            self.stopped = True
            super().stop()

    def drain(self) -> None:
        """Writes every line queued so far, then goes on writing (a worker's shutdown: its
        process may be ended before exit handlers run, and a queued line must not be lost)."""
        if not self.stopped:
            super().stop()  # the sentinel after the queued lines; the thread writes and ends
            super().start()


def drain_access() -> None:
    """Writes the access lines queued so far (the app's shutdown calls it)."""
    for handler in logging.getLogger("regelwerk.access").handlers:
        if isinstance(handler, _Queued):
            handler.writer.drain()


class _Queued(QueueHandler):
    """Hands the record to the writer thread as it is: formatting it here (QueueHandler's
    ``prepare``) would keep the work on the request path. The access line's record holds
    only its own fields, made for it, so nothing changes under the writer's feet."""

    def __init__(self, lines: queue.SimpleQueue[logging.LogRecord], writer: _Writer) -> None:
        super().__init__(lines)
        self.writer = writer  # ``writer.stop()`` writes what is queued (at exit; tests)

    def prepare(self, record: logging.LogRecord) -> logging.LogRecord:
        return record


def access_handler(fmt: str = "text") -> logging.Handler:
    """The access line's handler: the request path only makes its record and puts it on a
    queue; a writer thread of this process formats it (``fmt``) and writes it to stderr, so
    neither the formatting nor the write (a system call) is on any request's path. Lines
    still queued at exit are written then."""
    writer = logging.StreamHandler(sys.stderr)
    writer.setFormatter(JsonFormatter() if fmt.lower() == "json" else TextFormatter())
    lines: queue.SimpleQueue[logging.LogRecord] = queue.SimpleQueue()
    listener = _Writer(lines, writer)
    listener.start()
    atexit.register(listener.stop)
    return _Queued(lines, listener)


def configure(fmt: str, level: str) -> None:
    """Stamps request ids on records, and applies :func:`log_config` unless logging is set up
    already (``python -m service`` passes the same configuration to uvicorn, which applies it
    in every worker; tests keep theirs)."""
    capture_request_ids()
    if logging.getLogger().handlers:
        return
    logging.config.dictConfig(log_config(fmt, level))


def capture_request_ids() -> None:
    """Makes every record carry ``request_id``, the id of the request it was written for (or
    None), taken when it is made: whichever handler formats it later still knows."""
    previous = logging.getLogRecordFactory()
    if getattr(previous, "stamps_request_ids", False):
        return

    def factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = previous(*args, **kwargs)
        record.request_id = request_id.get()
        return record

    factory.stamps_request_ids = True  # type: ignore[attr-defined]
    logging.setLogRecordFactory(factory)
