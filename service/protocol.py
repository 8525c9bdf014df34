"""uvicorn's httptools protocol with the limits it lacks (issue 21, point 4).

- **Request heads are bounded.** httptools joins the pieces of a header (and uvicorn the
  pieces of the URL) by concatenation, once per read: a 128 MB header cost 13.8 s of CPU on
  the event loop. A head (request line and headers) longer than ``MAX_HEADER_BYTES``, or with
  more than ``MAX_HEADERS`` fields, is answered ``431`` (``HEADERS_TOO_LARGE``) and the
  connection closed. The size is counted per read, before the parser's joins can grow: a head
  is refused by the read that takes it past the limit.
- **Pipelining is bounded.** uvicorn queues pipelined requests without end (it resumes reading
  after every answer, even with requests still queued): 400,000 of them took 1 GB. Here
  reading pauses while any request waits its turn, and a connection that sends more than
  ``MAX_PIPELINED`` requests in one go gets the answers to those and is then closed.

The limits come from the settings (environment), read in each worker process.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import httptools
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol

from . import jsonio
from .games.core.text import Msg
from .settings import Settings

# What the request line and each header line add to the bytes of the URL, names and values.
_LINE_OVERHEAD = 4  # ": " and CRLF; the request line's spaces and version are in _REQUEST_LINE
_REQUEST_LINE = len(b"GET  HTTP/1.1\r\n\r\n")


# After a refusal, what the server still reads (and drops) before it closes the connection.
LINGER_SECONDS = 1.0
LINGER_BYTES = 1024 * 1024


@cache
def _limits() -> tuple[int, int, int]:
    settings = Settings.from_env()
    return settings.max_header_bytes, settings.max_headers, settings.max_pipelined


class _Refused(Exception):
    """Raised from a parser callback to stop parsing (httptools then raises its own error)."""


class LimitedHttpToolsProtocol(HttpToolsProtocol):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.max_head, self.max_headers, self.max_pipelined = _limits()
        self._in_head = False  # a request began and its headers are not complete
        self._began = False  # ... and it began in the read being parsed
        self._head_bytes = 0
        self._header_count = 0
        self._read_used = 0  # bytes of this read known to belong to earlier messages
        self._refusal: str | None = None
        self._draining = False  # over MAX_PIPELINED: answer what is queued, then close
        self._lingering = False  # refused: the rest of what the client sends is read unseen
        self._discarded = 0

    # -- reads ---------------------------------------------------------------------------
    def data_received(self, data: bytes) -> None:
        if self._lingering:
            self._discarded += len(data)
            if self._discarded > LINGER_BYTES:
                self.transport.close()
            return
        if self._draining:
            return
        self._unset_keepalive_if_required()
        self._began = False
        self._read_used = 0
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserUpgrade:
            self._upgrade()
            return
        except httptools.HttpParserError:
            if self._refusal == "pipelined":
                self._drain()
            elif self._refusal is not None:
                self._refuse_head(self._refusal)
            else:
                self.logger.warning("Invalid HTTP request received.")
                self.send_400_response("Invalid HTTP request received.")
            return
        if self._in_head:
            # the head goes on past this read: count what of the read can be its bytes
            if self._began:
                self._head_bytes = max(0, len(data) - self._read_used)
            else:
                self._head_bytes += len(data)
            if self._head_bytes > self.max_head:
                self._refuse_head("bytes")

    def _upgrade(self) -> None:
        if self._should_upgrade():
            self.handle_websocket_upgrade()
        else:
            self._unsupported_upgrade_warning()

    # -- parser callbacks ----------------------------------------------------------------
    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._in_head, self._began = True, True
        self._head_bytes = self._header_count = 0

    def on_header(self, name: bytes, value: bytes) -> None:
        self._header_count += 1
        if self._header_count > self.max_headers:
            self._refusal = "count"
            raise _Refused
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        self._in_head = False
        head = _REQUEST_LINE + len(self.url)
        head += sum(len(n) + len(v) + _LINE_OVERHEAD for n, v in self.headers)
        self._read_used += head
        busy = self.cycle is not None and not self.cycle.response_complete
        if busy and len(self.pipeline) >= self.max_pipelined:
            self._refusal = "pipelined"
            raise _Refused
        super().on_headers_complete()

    def on_body(self, body: bytes) -> None:
        self._read_used += len(body)
        super().on_body(body)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.pipeline or self._draining:
            # uvicorn resumed reading; more requests are queued: read none until they are
            # answered, or a client that never reads its answers queues without end (the
            # last one of a drained connection closes it: its keep_alive is off)
            self.flow.pause_reading()

    # -- refusals ------------------------------------------------------------------------
    def _drain(self) -> None:
        """Over MAX_PIPELINED: the queued requests are answered, nothing more is read."""
        self._draining = True
        self.flow.pause_reading()
        if self.pipeline:
            self.pipeline[0][0].keep_alive = False
        elif self.cycle is not None:
            self.cycle.keep_alive = False

    def _refuse_head(self, why: str) -> None:
        """431 with the error envelope, then close; just close when an answer is being
        written on this connection (a second answer would be read as its bytes)."""
        self._draining = True
        if self.cycle is not None and not self.cycle.response_complete:
            self.transport.close()
            return
        # in English: the head holding Accept-Language is the one refused unread
        if why == "count":
            limit, setting = self.max_headers, "MAX_HEADERS"
            message = Msg.of("http-too-many-headers", limit=limit)
        else:
            limit, setting = self.max_head, "MAX_HEADER_BYTES"
            message = Msg.of("http-head-too-large", limit=limit)
        body = jsonio.dumps(
            {
                "error": {
                    "code": "HEADERS_TOO_LARGE",
                    "message": message,
                    **message.wire(),
                    "details": {"limit": limit, "setting": setting},
                }
            }
        )
        head = [STATUS_LINE[431]]
        for name, value in self.server_state.default_headers:
            head.extend([name, b": ", value, b"\r\n"])
        head.extend(
            [
                b"content-type: application/json\r\n",
                b"content-length: " + str(len(body)).encode("ascii") + b"\r\n",
                b"connection: close\r\n\r\n",
            ]
        )
        self.transport.write(b"".join(head) + body)
        if not self.transport.can_write_eof():
            self.transport.close()
            return
        # A close with unread bytes in the socket makes the kernel send a reset, which can
        # destroy the answer before the client reads it: end the writing side, then read and
        # drop what still comes, for a bounded time and number of bytes (a "lingering close").
        self.transport.write_eof()
        self._lingering = True
        self.loop.call_later(LINGER_SECONDS, self.transport.close)
