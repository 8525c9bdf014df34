"""The ``regelwerk`` command.

``regelwerk serve [--host H] [--port P] [--workers N]`` starts the service (as ``python -m
service`` does). ``regelwerk verify FILE`` (``-`` for stdin) verifies game records offline,
with no server: an NDJSON file (one ``{"game", ...verify body}`` per line, as ``POST
/v1/verify`` takes it) or text records (docs/records.md). It prints one verdict per record
(the JSON lines ``POST /v1/verify`` answers, or ``--format text``), shows a progress bar on a
terminal, and exits 1 when any record is invalid (2: the file cannot be read). Seeded games
are rolled with ``RULES_SECRET`` (and ``RULES_PREVIOUS_SECRETS``) as the service that played
them was configured; with a secret, valid verdicts carry certificates. ``--lang de`` writes
the verdicts' messages in German (English by default), as ``?lang=de`` does for the API.
``--jobs N`` verifies on N processes (``0``: one per core), the verdicts still in the file's
order and the input still read as it goes (at most a few batches a process ahead).

``regelwerk analyze FILE`` reviews the same kinds of file (service/analysis.py): one review
per record, as ``POST /v1/games/{game}/analyze`` answers it with the record's ``line`` and
``game`` (or its ``error``), or ``--format text``: each record annotated with its review, as
the answer's ``annotated``. ``--budget`` and ``--seed`` set the searches of text records (an
NDJSON line says its own); a bar shows the moves reviewed on a terminal.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import time
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from itertools import chain, islice
from typing import IO, Any

from . import jsonio, text
from .api.analyze import analyze_claim, line_error, review_line
from .api.errors import ServiceError
from .api.ops import Rules
from .api.records import game_of, split_records
from .api.verify import read_record, refused, verify, verify_line
from .cache import Cache
from .games.core.text import Msg
from .settings import Settings

EXIT_INVALID = 1
EXIT_UNREADABLE = 2
# A progress bar for inputs of at least this many bytes (smaller ones finish at once).
PROGRESS_BYTES = 256 * 1024
# With --jobs: records a process verifies per hand-off, and hand-offs each process has waiting.
BATCH = 32
AHEAD = 3

# One record to verify: ("line", its line number, the NDJSON line), ("record", the line it
# starts on, a text record), or ("verdict", 0, an answer already known: the input unreadable).
Work = tuple[str, int, Any]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="regelwerk",
        description="Regelwerk, the rules service for four table games: serve it, or verify "
        "game records offline.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser(
        "serve",
        help="start the service: regelwerk serve [--host H] [--port P] [--workers N] "
        "(as python -m service)",
    )
    check = commands.add_parser(
        "verify", help="verify game records offline (NDJSON or text records)"
    )
    check.add_argument("file", help="the records: a path, or - for stdin")
    check.add_argument(
        "--format",
        choices=("json", "text"),
        default="json",
        help="json: one verdict per line as POST /v1/verify answers (default); text: a line "
        "a person reads",
    )
    check.add_argument(
        "--lang",
        choices=text.LANGUAGES,
        default=text.DEFAULT,
        help="the language of the verdicts' messages (default: en)",
    )
    check.add_argument(
        "--jobs",
        type=_jobs,
        default=1,
        metavar="N",
        help="verify on N processes, 0 for one per core (default: 1)",
    )
    bar = check.add_mutually_exclusive_group()
    bar.add_argument("--progress", action="store_true", help="always show the progress bar")
    bar.add_argument("--no-progress", action="store_true", help="never show it")
    review = commands.add_parser(
        "analyze", help="review game records offline: every decision judged, chance's luck"
    )
    review.add_argument("file", help="the records: a path, or - for stdin")
    review.add_argument(
        "--format",
        choices=("json", "text"),
        default="json",
        help="json: one review per line as POST .../analyze answers it (default); text: each "
        "record annotated with its review",
    )
    review.add_argument(
        "--lang",
        choices=text.LANGUAGES,
        default=text.DEFAULT,
        help="the language of the annotations and messages (default: en)",
    )
    review.add_argument(
        "--budget", type=int, default=None, help="search iterations a position (text records)"
    )
    review.add_argument("--seed", default=None, help="the searches' seed (text records)")
    bar = review.add_mutually_exclusive_group()
    bar.add_argument("--progress", action="store_true", help="always show the progress bar")
    bar.add_argument("--no-progress", action="store_true", help="never show it")
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["serve"]:  # its options are python -m service's, passed on as they are
        from .__main__ import main as serve_main  # uvicorn is imported only to serve

        serve_main(argv[1:], prog="regelwerk serve")
        return 0
    args = parser.parse_args(argv)
    return _analyze(args) if args.command == "analyze" else _verify(args)


def _jobs(value: str) -> int:
    if not value.isdigit():
        raise argparse.ArgumentTypeError(str(Msg.of("cli-bad-jobs", value=value)))
    return int(value) or (os.cpu_count() or 1)


def _verify(args: argparse.Namespace) -> int:
    text.LANGUAGE.set(args.lang)
    settings = Settings.from_env()  # bad settings: exits, naming each one
    try:
        source, size = _open(args.file)
    except OSError as exc:
        reason = exc.strerror or str(exc)  # the system's words
        print(Msg.of("cli-cannot-read", file=args.file, reason=reason), file=sys.stderr)
        return EXIT_UNREADABLE
    show = args.progress or (
        not args.no_progress and sys.stderr.isatty() and (size is None or size >= PROGRESS_BYTES)
    )
    progress = Progress(size, sys.stderr) if show else None
    shared = sys.stdout.isatty()  # verdicts and the bar on one terminal: redraw after each
    counts = {"valid": 0, "invalid": 0}
    with source:
        work = _work(source)
        if args.jobs > 1:
            answers = _parallel(work, args.jobs, args.lang, args.format)
        else:
            answers = _serial(work, Rules(settings, Cache(1024)), args.format)
        for (valid, out), done in answers:
            counts["valid" if valid else "invalid"] += 1
            if progress and shared:
                progress.clear()
            print(out, flush=progress is not None)
            if progress:
                progress.show(done, counts, force=shared)
    if progress:
        progress.finish(counts)
    return EXIT_INVALID if counts["invalid"] else 0


def _analyze(args: argparse.Namespace) -> int:
    """``regelwerk analyze``: a review per record, in the file's order; exits 1 when a record
    could not be reviewed (its line says why), 2 when the file cannot be read."""
    text.LANGUAGE.set(args.lang)
    settings = Settings.from_env()
    try:
        source, _ = _open(args.file)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        print(Msg.of("cli-cannot-read", file=args.file, reason=reason), file=sys.stderr)
        return EXIT_UNREADABLE
    show = args.progress or (not args.no_progress and sys.stderr.isatty())
    rules = Rules(settings, Cache(1024))
    failed = 0
    with source:
        for number, (work, _) in enumerate(_work(source), 1):
            bar = MoveBar(number, sys.stderr) if show else None
            answer = _review(rules, work, args, None if bar is None else bar.show)
            if bar is not None:
                bar.clear()
            failed += "error" in answer
            if args.format == "text":
                print(_annotated(answer), flush=True)
            else:
                print(jsonio.dumps(answer).decode(), flush=True)
    return EXIT_INVALID if failed else 0


def _review(rules: Rules, work: Work, args: argparse.Namespace, progress: Any) -> dict[str, Any]:
    """One record's review as ``{"line", "game", ...the review}``, or ``{"line", "game",
    "error"}`` when it has none (an illegal move, a record that does not read)."""
    kind, number, payload = work
    if kind == "line":
        return review_line(rules, number, payload, progress)
    game = None
    try:
        if kind == "record":
            game = game_of(payload)
            claim = read_record(payload, offset=number - 1)
            engine = rules.engine(claim.game)
            found = analyze_claim(rules, engine, claim, args.budget, args.seed, progress)
        else:
            return {"line": payload["line"], "game": None, "error": payload["problems"][0]}
    except ServiceError as exc:
        return line_error(number, game, exc)
    return {"line": number, "game": game, **found}


def _annotated(answer: dict[str, Any]) -> str:
    """A review as text: the annotated record, or a comment line saying why there is none."""
    if "error" in answer:
        return str(Msg.of("cli-no-review", line=answer["line"], error=answer["error"]["message"]))
    return str(answer["annotated"])


class MoveBar:
    """A one-line bar on stderr: the moves of the record being reviewed."""

    WIDTH = 30

    def __init__(self, record: int, out: IO[str]) -> None:
        self.record, self.out, self.drawn = record, out, False

    def show(self, done: int, total: int) -> None:
        share = done / total if total else 1.0
        filled = round(share * self.WIDTH)
        bar = "#" * filled + "." * (self.WIDTH - filled)
        tail = Msg.of("cli-analysis-progress", record=self.record, done=done, total=total)
        self.out.write(f"\r[{bar}] {share:4.0%} {tail}")
        self.out.flush()
        self.drawn = True

    def clear(self) -> None:
        if self.drawn:
            self.out.write("\r\x1b[K")
            self.out.flush()
            self.drawn = False


def _open(path: str) -> tuple[IO[str], int | None]:
    if path == "-":
        stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="strict")
        return stdin, None
    handle = open(path, encoding="utf-8", errors="strict")  # noqa: SIM115 - closed by caller
    return handle, os.fstat(handle.fileno()).st_size


def _work(source: IO[str]) -> Iterator[tuple[Work, int]]:
    """Each record of the input and how many bytes of it are read by then."""
    done = 0
    try:
        first = source.readline()
    except UnicodeDecodeError as exc:
        yield ("verdict", 0, refused(1, None, _not_utf8("INVALID_RECORD", exc))), 0
        return
    if first.lstrip("\ufeff \t").startswith("{"):
        number = 0
        try:
            for line in chain((first,), source):
                number += 1
                done += len(line.encode())
                if line.strip():
                    yield ("line", number, line), done
        except UnicodeDecodeError as exc:  # reading the next line
            yield ("verdict", 0, refused(number + 1, None, _not_utf8("MALFORMED_JSON", exc))), done
        return
    try:
        text = first + source.read()
    except UnicodeDecodeError as exc:
        yield ("verdict", 0, refused(1, None, _not_utf8("INVALID_RECORD", exc))), 0
        return
    offset = 0
    for start, chunk in split_records(text):
        offset += len(chunk.encode())
        yield ("record", start, chunk), offset


def _answer(rules: Rules, work: Work, fmt: str) -> tuple[bool, str]:
    """One record's verdict: whether it is valid, and the line that says so in ``fmt``."""
    kind, number, payload = work
    if kind == "line":
        verdict = verify_line(rules, number, payload)
    elif kind == "record":
        verdict = _record_verdict(rules, number, payload)
    else:
        verdict = payload
    out = _text(verdict) if fmt == "text" else jsonio.dumps(verdict).decode()
    return bool(verdict["valid"]), out


def _serial(
    work: Iterator[tuple[Work, int]], rules: Rules, fmt: str
) -> Iterator[tuple[tuple[bool, str], int]]:
    for item, done in work:
        yield _answer(rules, item, fmt), done


_worker: tuple[Rules, str] | None = None


def _start_worker(language: str, fmt: str) -> None:
    """A --jobs process: its own rules (the same settings, from the same environment)."""
    global _worker
    text.LANGUAGE.set(language)
    _worker = (Rules(Settings.from_env(), Cache(1024)), fmt)


def _answer_batch(batch: list[Work]) -> list[tuple[bool, str]]:
    assert _worker is not None
    rules, fmt = _worker
    return [_answer(rules, item, fmt) for item in batch]


def _parallel(
    work: Iterator[tuple[Work, int]], jobs: int, language: str, fmt: str
) -> Iterator[tuple[tuple[bool, str], int]]:
    """``_serial`` on ``jobs`` processes: batches of ``BATCH`` records, at most ``AHEAD``
    waiting a process, answered in the input's order."""
    pending: deque[tuple[Future[list[tuple[bool, str]]], list[int]]] = deque()
    with ProcessPoolExecutor(jobs, initializer=_start_worker, initargs=(language, fmt)) as pool:
        while True:
            batch = list(islice(work, BATCH))
            if batch:
                items = [item for item, _ in batch]
                pending.append((pool.submit(_answer_batch, items), [done for _, done in batch]))
            if pending and (not batch or len(pending) >= jobs * AHEAD):
                future, dones = pending.popleft()
                yield from zip(future.result(), dones, strict=True)
            if not batch and not pending:
                return


def _not_utf8(code: str, exc: UnicodeDecodeError) -> ServiceError:
    """A file that is not UTF-8 (Python's words for where and why, as they are)."""
    return ServiceError(code, Msg.of("error-not-utf8", detail=str(exc)))


def _record_verdict(rules: Rules, start: int, chunk: str) -> dict[str, Any]:
    """The verdict of one text record of a file (``line``: where it starts in the file)."""
    game = game_of(chunk)
    try:
        claim = read_record(chunk, offset=start - 1)  # its lines numbered as the file's
        game = claim.game
        return verify(rules, rules.engine(claim.game), claim, position=False).line(start, game)
    except ServiceError as error:
        return refused(start, game, error)


def _text(verdict: dict[str, Any]) -> str:
    """A verdict as a line a person reads (``--format text``)."""
    line, game = verdict["line"], verdict["game"] or "?"
    if verdict["valid"]:
        winners = " ".join(map(str, verdict["winners"])) or Msg.of("cli-no-winners")
        return str(
            Msg.of(
                "cli-valid",
                line=line,
                game=game,
                plies=verdict["plies"],
                scores=" ".join(map(str, verdict["scores"])),
                winners=winners,
            )
        )
    # each problem by its code (and rule), then its message: codes and punctuation, no words
    problems = "; ".join(
        p["code"] + (f" ({p['rule']})" if "rule" in p else "") + f": {p['message']}"
        for p in verdict["problems"]
    )
    return str(Msg.of("cli-invalid", line=line, game=game, problems=problems))


class Progress:
    """A one-line bar on stderr: bytes read of the file (or records so far, for stdin)."""

    WIDTH = 30

    def __init__(self, total: int | None, out: IO[str]) -> None:
        self.total = total
        self.out = out
        self.shown = 0.0
        self.drawn = False

    def show(self, done: int, counts: dict[str, int], force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self.shown < 0.1:
            return
        self.shown = now
        records = counts["valid"] + counts["invalid"]
        tail = str(Msg.of("cli-progress", records=records, invalid=counts["invalid"]))
        if self.total:
            share = min(done / self.total, 1.0)
            filled = round(share * self.WIDTH)
            bar = "#" * filled + "." * (self.WIDTH - filled)
            line = f"\r[{bar}] {share:4.0%} {tail}"
        else:
            line = f"\r{tail}"
        self.out.write(line)
        self.out.flush()
        self.drawn = True

    def clear(self) -> None:
        if self.drawn:
            self.out.write("\r\x1b[K")
            self.drawn = False

    def finish(self, counts: dict[str, int]) -> None:
        self.show(self.total or 0, counts, force=True)
        self.out.write("\n")
        self.out.flush()


def run() -> None:
    """The console script's entry point."""
    raise SystemExit(main())
