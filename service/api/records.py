"""The text game record: one readable format for all four games, in the spirit of PGN.

::

    [Game "mixtour"]
    [RulesVersion "1"]
    [Players "2"]
    [Event "Club night"]
    [Player0 "Alice"]
    [Player1 "Bob"]
    [Result "scores 5 3; winners 0"]

    1. c3
    2. c4
    3. c3-c4

Tag lines ``[Name "value"]`` come first (values escape ``\\`` and ``"`` with a backslash; no
control characters), then one numbered move per line, ``N. notation`` or, naming the player
(simultaneous games), ``N. P: notation``, numbered from 1. Lines starting with ``;`` are
comments; blank lines are ignored. Tags the service reads: ``Game`` (required),
``RulesVersion``, ``Players``, ``Options`` (a JSON object, nested at most
``jsonio.DOCUMENT_DEPTH`` levels), ``Seed``, ``KeyId`` and ``Result`` (the claim: ``scores S0
S1 ...`` and/or ``winners P ...`` or ``winners none``, separated by ``; ``). Numbers are ASCII
digits (no other script's, no superscripts); player numbers (``Players``, ``P``, winners) have
at most three, a score is a decimal number or an integer within 64 bits. Every other tag
(``Event``, ``Site``, ``Date``, ``Round``, ``Player0``…) is kept, in order, and printed back.
A file may hold several records: a tag line after the moves, or a second ``Game`` tag, starts
the next one.

This module knows no game: moves are notation strings. ``print_record(parse_record(t))`` is
``t`` for every printed ``t``, and ``parse_record(print_record(r)) == r`` for every record.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import jsonio
from ..games.core.errors import Problems
from ..games.core.fair import Fair
from ..games.core.fields import FAIR
from ..games.core.text import Msg

# Tags with a meaning for verification, in the order they are printed (Result last).
HEADER_TAGS = ("Game", "RulesVersion", "Players", "Options", "Seed", "KeyId")
# A fair game's chance (core/fair.py): printed after the header, read as its ``fair``.
FAIR_TAGS = ("FairCommitment", "FairContributions", "FairReveal")
_FAIR_KEYS = ("commitment", "contributions", "reveal")  # each tag's member of ``fair``
RESULT_TAG = "Result"
KNOWN_TAGS = frozenset((*HEADER_TAGS, *FAIR_TAGS, RESULT_TAG))

_TAG_LINE = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*) "((?:[^"\\]|\\.)*)"\]')
_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
# The line is stripped, so the notation runs to its end: no two repetitions compete for the
# same blanks (a lazy notation before trailing blanks took time in the square of the blanks).
# Digits are ASCII: \d takes every script's digits, and int() not all of what isdigit() takes.
_MOVE_LINE = re.compile(r"([0-9]+)\.\s+(?:([0-9]+):\s+)?(\S.*)")
_PLAYER_PREFIX = re.compile(r"[0-9]+:\s")
_PLAYER_NUMBER = re.compile(r"[0-9]{1,3}")
_INT = re.compile(r"-?[0-9]+")
_NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
# Players, winners and a move's player have at most three digits.
MAX_PLAYER = 999
# 20 characters hold every 64-bit integer: longer ones are refused before int() reads them
# (it refuses more than 4,300 digits), so one score cannot cost time in its square.
_INT_CHARS = 20
_PLAYER_RANGE = Msg.of("record-player-range", max=MAX_PLAYER)


class RecordError(ValueError):
    """A record that cannot be read: what is wrong (a message) and on which line (1-based)."""

    def __init__(self, line: int, msg: Msg) -> None:
        super().__init__(line, msg)
        self.line = line
        self.msg = msg

    @property
    def message(self) -> str:
        """What is wrong, in the language of the answer being written."""
        return str(self.msg)

    def __str__(self) -> str:
        return str(Msg.of("error-record-line", line=self.line, error=self.msg))


class BadRecord(ValueError):
    """A record the text cannot hold (``Record``'s checks): why, as a message."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(msg)
        self.msg = msg


@dataclass(frozen=True, slots=True)
class RecordMove:
    notation: str
    player: int | None = None


@dataclass(frozen=True, slots=True)
class Record:
    """A game record: what replay needs, the claimed result and the other tags."""

    game: str
    moves: tuple[RecordMove, ...] = ()
    rules_version: str | None = None
    players: int | None = None
    options: Mapping[str, Any] | None = None
    seed: str | None = None
    key_id: str | None = None
    scores: tuple[int | float, ...] | None = None
    winners: tuple[int, ...] | None = None
    tags: tuple[tuple[str, str], ...] = field(default=())
    fair: Fair | None = None

    def __post_init__(self) -> None:
        for name, value in self.header_tags():
            check_tag(name, value)
        for name, value in self.tags:
            if name in KNOWN_TAGS:
                raise BadRecord(Msg.of("record-tag-is-a-field", tag=name))
            check_tag(name, value)
        if len({name for name, _ in self.tags}) != len(self.tags):
            raise BadRecord(Msg.of("record-tag-once"))
        # What the text cannot hold would not read back: each bound is the parser's.
        for move in self.moves:
            check_notation(move.notation)
            if move.player is not None and not 0 <= move.player <= MAX_PLAYER:
                raise BadRecord(_PLAYER_RANGE)
        if self.players is not None and not 1 <= self.players <= MAX_PLAYER:
            raise BadRecord(Msg.of("record-players-range", max=MAX_PLAYER))
        if self.options is not None and (problem := jsonio.unprintable(self.options)):
            raise BadRecord(Msg.of("record-options", problem=problem))
        if self.scores is not None and not all(_score_ok(s) for s in self.scores):
            raise BadRecord(Msg.of("record-scores"))
        if self.winners is not None and any(not 0 <= w <= MAX_PLAYER for w in self.winners):
            raise BadRecord(Msg.of("record-winners", max=MAX_PLAYER))

    def header_tags(self) -> list[tuple[str, str]]:
        values = {
            "Game": self.game,
            "RulesVersion": self.rules_version,
            "Players": None if self.players is None else str(self.players),
            "Options": None if self.options is None else jsonio.canonical(self.options).decode(),
            "Seed": self.seed,
            "KeyId": self.key_id,
        }
        fair = self.fair
        if fair is not None:
            values["FairCommitment"] = fair.commitment
            values["FairContributions"] = jsonio.canonical(list(fair.contributions)).decode()
            values["FairReveal"] = fair.reveal
        return [(name, v) for name, v in values.items() if v is not None]

    def result(self) -> str | None:
        """The Result tag's value, or None when nothing is claimed."""
        parts = []
        if self.scores is not None:
            parts.append(" ".join(["scores", *(_number(s) for s in self.scores)]))
        if self.winners is not None:
            parts.append("winners " + (" ".join(map(str, self.winners)) or "none"))
        return "; ".join(parts) or None


def _score_ok(score: int | float) -> bool:
    if isinstance(score, int):
        return jsonio.unprintable(score) is None
    return math.isfinite(score)


def _control(text: str) -> bool:
    """Control characters, and what ``str.splitlines`` takes for a line break."""
    return any(ord(c) < 32 or 127 <= ord(c) <= 159 or c in "\u2028\u2029" for c in text)


def check_tag(name: str, value: str) -> None:
    if not _TAG_NAME.fullmatch(name):
        raise BadRecord(Msg.of("record-tag-name", name=repr(name)))
    if _control(value):
        raise BadRecord(Msg.of("record-tag-control", tag=name))


def check_notation(notation: str) -> None:
    text = notation.strip()
    if not text or text != notation or _control(notation):
        raise BadRecord(Msg.of("record-notation-blanks", notation=repr(notation)))
    if notation.startswith((";", "[")) or _PLAYER_PREFIX.match(notation + " "):
        raise BadRecord(Msg.of("record-notation-start", notation=repr(notation)))


def _number(value: int | float) -> str:
    return str(value) if isinstance(value, int) else repr(float(value))


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def print_record(record: Record, comments: Mapping[int, Sequence[str]] | None = None) -> str:
    """The record's text: tags, a blank line, the numbered moves; ends with a newline.
    ``comments``: lines to print after a move (by its 0-based ply), each as a ``;`` comment
    line, which a reader skips (an annotated record reads as the record)."""
    lines = [f"[{name} {_quote(value)}]" for name, value in record.header_tags()]
    lines += [f"[{name} {_quote(value)}]" for name, value in record.tags]
    result = record.result()
    if result is not None:
        lines.append(f"[{RESULT_TAG} {_quote(result)}]")
    lines.append("")
    for n, move in enumerate(record.moves, 1):
        who = "" if move.player is None else f"{move.player}: "
        lines.append(f"{n}. {who}{move.notation}")
        for comment in (comments or {}).get(n - 1, ()):
            lines.append(f"; {' '.join(comment.split())}")  # one line, whatever it held
    return "\n".join(lines) + "\n"


def parse_record(text: str) -> Record:
    """Exactly one record (RecordError with the line otherwise)."""
    records = list(parse_records(text))
    if not records:
        raise RecordError(1, Msg.of("record-none"))
    if len(records) > 1:
        raise RecordError(records[1][0], Msg.of("record-second"))
    return records[0][1]


def parse_records(text: str) -> Iterator[tuple[int, Record, tuple[int, ...]]]:
    """Every record of a text with its first line and the line of each move; the first bad
    one raises RecordError."""
    for start, lines in _split(text):
        record, move_lines = _parse_one(start, lines)
        yield start, record, move_lines


def split_records(text: str) -> Iterator[tuple[int, str]]:
    """The records of a text as (first line, text) without reading them (so one bad record
    does not hide the next)."""
    for start, lines in _split(text):
        yield start, "\n".join(lines) + "\n"


def game_of(text: str) -> str | None:
    """The Game tag's value of a record that may not read as a whole (for its verdict)."""
    for raw in text.splitlines():
        m = _TAG_LINE.fullmatch(raw.strip())
        if m is not None and m.group(1) == "Game":
            try:
                return _unquote(m.group(2), 0)
            except RecordError:
                return None
    return None


def _split(text: str) -> Iterator[tuple[int, list[str]]]:
    """A record ends where a tag line follows its moves, or where a second Game tag comes (a
    record with no moves, then the next)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    start, in_moves, has_game = 0, False, False
    lines: list[str] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        is_tag = line.startswith("[")
        is_game = line.startswith("[Game ")
        if (is_tag and in_moves) or (is_game and has_game):
            yield start, lines
            start, lines, in_moves, has_game = 0, [], False, False
        if line and not line.startswith(";"):
            if not start:
                start = number
            in_moves = in_moves or not is_tag
            has_game = has_game or is_game
        if start:
            lines.append(raw)
    if start:
        yield start, lines


def _parse_one(start: int, lines: list[str]) -> tuple[Record, tuple[int, ...]]:
    tags: dict[str, tuple[int, str]] = {}
    moves: list[RecordMove] = []
    move_lines: list[int] = []
    for offset, raw in enumerate(lines):
        number = start + offset
        line = raw.strip()
        if not line or line.startswith(";"):
            continue
        if line.startswith("["):
            if moves:
                raise RecordError(number, Msg.of("record-tags-first"))
            m = _TAG_LINE.fullmatch(line)
            if m is None:
                raise RecordError(number, Msg.of("record-tag-line"))
            name, value = m.group(1), _unquote(m.group(2), number)
            if name in tags:
                raise RecordError(number, Msg.of("record-tag-twice", tag=name, first=tags[name][0]))
            try:
                check_tag(name, value)
            except BadRecord as exc:
                raise RecordError(number, exc.msg) from None
            tags[name] = (number, value)
            continue
        mm = _MOVE_LINE.fullmatch(line)
        if mm is None:
            raise RecordError(number, Msg.of("record-move-line"))
        # Compared as text: a move number of a million digits is as wrong as any other.
        if mm.group(1).lstrip("0") != str(len(moves) + 1):
            raise RecordError(
                number,
                Msg.of("record-move-number", got=_clipped(mm.group(1)), expected=len(moves) + 1),
            )
        player = None
        if mm.group(2) is not None:
            if not _PLAYER_NUMBER.fullmatch(mm.group(2)):
                raise RecordError(number, _PLAYER_RANGE)
            player = int(mm.group(2))
        try:
            check_notation(mm.group(3))
        except BadRecord as exc:
            raise RecordError(number, exc.msg) from None
        moves.append(RecordMove(mm.group(3), player))
        move_lines.append(number)
    return _record(start, tags, moves), tuple(move_lines)


def _clipped(text: str, limit: int = 20) -> str:
    """Client text quoted in a message, at most ``limit`` characters of it."""
    return text if len(text) <= limit else text[:limit] + "…"


def _unquote(value: str, line: int) -> str:
    out, i = [], 0
    while i < len(value):
        c = value[i]
        if c == "\\":
            nxt = value[i + 1]
            if nxt not in '"\\':
                raise RecordError(line, Msg.of("record-escape", char=nxt))
            out.append(nxt)
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _record(start: int, tags: dict[str, tuple[int, str]], moves: list[RecordMove]) -> Record:
    def get(name: str) -> tuple[int, str | None]:
        line, value = tags.get(name, (start, None))
        return line, value

    line, game = get("Game")
    if game is None:
        raise RecordError(start, Msg.of("record-no-game"))
    line, text = get("Players")
    players = None
    if text is not None:
        if not _PLAYER_NUMBER.fullmatch(text) or int(text) < 1:
            raise RecordError(line, Msg.of("record-players", got=repr(_clipped(text))))
        players = int(text)
    line, text = get("Options")
    options = None
    if text is not None:
        try:
            options = jsonio.loads(text)
        except jsonio.JSONDecodeError:
            options = None
        if not isinstance(options, dict):
            raise RecordError(line, Msg.of("record-options-object"))
        if problem := jsonio.unprintable(options):
            raise RecordError(line, Msg.of("record-options", problem=problem))
    fair = _fair(tags, start)
    line, text = get(RESULT_TAG)
    scores, winners = (None, None) if text is None else _result(line, text)
    free = tuple((k, v) for k, (_, v) in tags.items() if k not in KNOWN_TAGS)
    try:
        return Record(
            game=game,
            moves=tuple(moves),
            rules_version=get("RulesVersion")[1],
            players=players,
            options=options,
            seed=get("Seed")[1],
            key_id=get("KeyId")[1],
            scores=scores,
            winners=winners,
            tags=free,
            fair=fair,
        )
    except BadRecord as exc:
        raise RecordError(start, exc.msg) from None


def _fair(tags: Mapping[str, tuple[int, str]], start: int) -> Fair | None:
    """A fair game's tags as its ``fair``, read by the state field's own checks."""
    found = {name: tags[name] for name in FAIR_TAGS if name in tags}
    if not found:
        return None
    doc: dict[str, Any] = {}
    for name, key in zip(FAIR_TAGS, _FAIR_KEYS, strict=True):
        if name not in found:
            continue
        line, text = found[name]
        value: Any = text
        if name == "FairContributions":
            try:
                value = jsonio.loads(text)
            except jsonio.JSONDecodeError:
                raise RecordError(line, Msg.of("record-fair-contributions")) from None
        doc[key] = value
    problems = Problems()
    read = FAIR.read(doc, problems, "$")
    if problems:
        first = problems.items[0]  # at $.commitment, $.contributions[i] or $.reveal
        name = next(
            (t for t, k in zip(FAIR_TAGS, _FAIR_KEYS, strict=True) if first.path[2:].startswith(k)),
            FAIR_TAGS[0],
        )
        line = found.get(name, (start, ""))[0]
        raise RecordError(line, Msg.of("record-fair-tag", tag=name, error=first.why))
    return Fair.of(read)


def _result(line: int, text: str) -> tuple[tuple[int | float, ...] | None, tuple[int, ...] | None]:
    scores: tuple[int | float, ...] | None = None
    winners: tuple[int, ...] | None = None
    usage = Msg.of("record-result")
    for part in text.split("; "):
        words = part.split(" ")
        if words[0] == "scores" and scores is None and winners is None and len(words) > 1:
            if not all(_NUMBER.fullmatch(w) for w in words[1:]):
                raise RecordError(line, usage)
            scores = tuple(_score(line, w) for w in words[1:])
            if not all(math.isfinite(s) for s in scores):
                raise RecordError(line, Msg.of("record-scores-finite"))
        elif words[0] == "winners" and winners is None and len(words) > 1:
            if words[1:] == ["none"]:
                winners = ()
            elif all(_PLAYER_NUMBER.fullmatch(w) for w in words[1:]):
                winners = tuple(int(w) for w in words[1:])
            else:
                raise RecordError(line, usage)
        else:
            raise RecordError(line, usage)
    return scores, winners


def _score(line: int, word: str) -> int | float:
    """A score as written (``_NUMBER``): an integer within 64 bits, or a decimal number."""
    if not _INT.fullmatch(word):
        return float(word)
    value = int(word) if len(word) <= _INT_CHARS else None
    if value is None or jsonio.unprintable(value):
        raise RecordError(line, Msg.of("record-score"))
    return value
