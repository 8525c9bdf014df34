"""Tables that pin the engines' public vocabulary (issue 16), and the source scan that keeps
them complete.

Front ends and tournament tools branch on what a refusal carries (``code``, ``reason``,
``rule`` and the other details) and on the events ``apply`` returns (``type`` and payload);
mutation testing showed that renaming any of them failed no test. A ``Refusal`` row gives a
position, a move and everything the refusal must carry, and the game's ``messages.json`` the
message it shows a player, word for word; an ``Emitted`` row a position, a move and the exact
events. Each game's ``test_vocabulary.py`` holds its tables; the gap functions
here read the engine's source, so a reason or an event type written there without a row fails
that game's completeness test.
"""

from __future__ import annotations

import ast
import json
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import service.games
from service.games.core import Game, MoveRequest, RulesError, StepError, driver, next_steps
from service.games.core.events import WORDS, event_types

# Event properties the driver and the API add, not the engine: the move's index, the words of
# a play that asks for them (tests/api/test_language.py checks those) and the locations
# (tests/api/test_locations.py).
ADDED_BY_PLAY = {"ply", "locations", *WORDS}
# The event driver.start opens a new game with: no move emits it, so no row shows it
# (tests/games/test_started.py pins it for every game).
STARTED = "gameStarted"
REASON = re.compile(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*")
# A rule id of a registered game: its prefix (GameSpec.rule_prefix) and a number.
RULE = re.compile(rf"(?:{'|'.join(service.games.rule_prefixes())})-\d+")
# "type" values of JSON Schema, not of events.
SCHEMA_TYPES = frozenset({"object", "array", "string", "integer", "number", "boolean", "null"})
# The properties of an enum or const with at most this many values are covered value by value.
SMALL_ENUM = 6


@dataclass(frozen=True)
class Made:
    """A move object built with the engine's classes: one no notation can spell."""

    move: Any


@dataclass(frozen=True)
class Refusal:
    """``move`` (what a client sends, or ``Made``) refused in ``state()`` (None: by the parser,
    in any position) with exactly this error class, reason, rule and other details.

    ``client`` is what ``driver.play_one`` answers instead, when the driver refuses first;
    ``call`` names the engine method that refuses (``apply`` or ``move_document``), or
    ``next_steps``: ``move`` is then the list of steps chosen, the last one refused."""

    state: Callable[[], Any] | None
    move: Any
    error: type[RulesError]
    reason: str
    rule: str | None = None
    details: Mapping[str, Any] = field(default_factory=dict)
    player: int | None = None
    case: str = ""
    call: str = "apply"
    client: tuple[type[RulesError], dict[str, Any]] | None = None

    def __str__(self) -> str:
        return "-".join(p for p in (self.rule, self.reason, self.case) if p)

    def expected(self) -> dict[str, Any]:
        """``as_details()`` of the refusal: what an API answer's ``details`` carry."""
        rule = {} if self.rule is None else {"rule": self.rule}
        return {"reason": self.reason, **rule, **self.details}

    @property
    def sendable(self) -> bool:
        """Whether a client can send this move to ``play`` (notation or document)."""
        return self.call == "apply" and not isinstance(self.move, Made)


@dataclass(frozen=True)
class Emitted:
    """``move`` in ``state()`` emits exactly ``events``; ``played`` runs it through
    ``driver.play`` with chance sampled (``chance`` events, ``ply`` numbers)."""

    name: str
    state: Callable[[], Any]
    move: Any
    events: tuple[dict[str, Any], ...]
    player: int | None = None
    played: bool = False

    def __str__(self) -> str:
        return self.name


def _move(engine: Game[Any, Any], move: Any) -> Any:
    return move.move if isinstance(move, Made) else engine.parse_move(move)


def refusal(engine: Game[Any, Any], row: Refusal) -> RulesError:
    """The error the engine raises for the row's move (the test fails if it raises none)."""
    state = None if row.state is None else row.state()

    if row.call == "next_steps":
        with pytest.raises(StepError) as refused:
            next_steps(engine, state, row.player, row.move)
        assert refused.value.step == len(row.move) - 1, "the last step chosen is the one refused"
        return refused.value.error

    def act() -> object:
        move = _move(engine, row.move)
        if state is None:
            return move
        if row.call == "move_document":
            return engine.move_document(state, move)
        return engine.apply(state, move, row.player)

    with pytest.raises(RulesError) as caught:
        act()
    return caught.value


def check_refusal(engine: Game[Any, Any], row: Refusal) -> None:
    """The engine refuses the row's move with exactly the row's words, and the message pinned
    for the row (``messages.json``)."""
    err = refusal(engine, row)
    assert (type(err), err.reason, err.rule) == (row.error, row.reason, row.rule), err.message
    assert err.code == row.error.code
    assert err.as_details() == row.expected()
    pinned = pinned_messages(engine.id)
    assert str(row) in pinned, f"no message pinned for {row} in {messages_file(engine.id)}"
    assert err.message == pinned[str(row)]


def check_client(engine: Game[Any, Any], row: Refusal) -> None:
    """``driver.play_one`` (what the REST and GraphQL ``play`` run) answers the row's move with
    the engine's refusal, or with the driver's own where ``client`` says so."""
    state = engine.new() if row.state is None else row.state()
    with pytest.raises(RulesError) as caught:
        driver.play_one(engine, state, MoveRequest(row.move, row.player), auto_chance=False)
    error, details = row.client or (row.error, row.expected())
    assert (type(caught.value), caught.value.as_details()) == (error, details)


def check_emitted(engine: Game[Any, Any], row: Emitted) -> None:
    """The move emits exactly the row's events, and each one fits the event schema."""
    state = row.state()
    if row.played:
        request = MoveRequest(row.move, row.player)
        events = driver.play(engine, state, [request], auto_chance=True).events
    else:
        events = engine.apply(state, _move(engine, row.move), row.player).events
    assert list(events) == list(row.events)
    validator = _validator(engine.id)
    for event in events:
        validator.validate(event)


@cache
def _validator(game: str) -> Draft202012Validator:
    return Draft202012Validator(service.games.REGISTRY[game].event_schema())


def messages_file(game: str) -> Path:
    """``tests/games/<game>/messages.json``: row id -> the refusal's message, word for word."""
    return Path(__file__).parent / game.replace("-", "_") / "messages.json"


@cache
def pinned_messages(game: str) -> dict[str, str]:
    pinned: dict[str, str] = json.loads(messages_file(game).read_text(encoding="utf-8"))
    return pinned


def message_gaps(engine: Game[Any, Any], rows: Sequence[Refusal]) -> list[str]:
    """Pinned messages of rows that no longer exist (a row renamed or removed)."""
    ids = {str(r) for r in rows}
    return [
        f"{key} is pinned but has no row" for key in pinned_messages(engine.id) if key not in ids
    ]


def unique_ids(rows: Sequence[object]) -> list[str]:
    """Row ids that repeat (pytest would number them; a reader could not tell them apart)."""
    ids = [str(r) for r in rows]
    return sorted({i for i in ids if ids.count(i) > 1})


# -- the source scan ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Source:
    """What a package's source writes: reason literals, (reason, rule) pairs written together
    in one call or tuple (rule None: the call names no rule), and event ``type`` literals."""

    reasons: frozenset[str]
    pairs: frozenset[tuple[str, str | None]]
    events: frozenset[str]


def package_dir(engine: Game[Any, Any]) -> Path:
    """The directory of the engine's package (``service/games/<game>``)."""
    module = sys.modules[type(engine.rules).__module__]
    assert module.__file__ is not None
    return Path(module.__file__).parent


@cache
def scan(where: Path, not_reasons: frozenset[str] = frozenset()) -> Source:
    """Reads one module or every module of a directory. Upper-case string literals are reason
    codes, except the names listed in ``__all__`` and ``not_reasons``."""
    paths = sorted(where.glob("*.py")) if where.is_dir() else [where]
    trees = [ast.parse(p.read_text(), str(p)) for p in paths]
    exported = {
        c.value
        for tree in trees
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)
        for c in ast.walk(node.value)
        if isinstance(c, ast.Constant)
    }

    def is_reason(node: ast.AST) -> bool:
        return (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and REASON.fullmatch(node.value) is not None
            and len(node.value) > 2
            and node.value not in exported | not_reasons
        )

    reasons: set[str] = set()
    pairs: set[tuple[str, str | None]] = set()
    events: set[str] = set()
    for tree in trees:
        for node in ast.walk(tree):
            if is_reason(node):
                assert isinstance(node, ast.Constant)
                reasons.add(node.value)
            if isinstance(node, ast.Call | ast.Tuple):
                pairs |= _pairs(node, is_reason)
            if isinstance(node, ast.Dict):
                for k, v in zip(node.keys, node.values, strict=True):
                    if (
                        isinstance(k, ast.Constant)
                        and k.value == "type"
                        and isinstance(v, ast.Constant)
                        and isinstance(v.value, str)
                        and v.value not in SCHEMA_TYPES
                    ):
                        events.add(v.value)
    return Source(frozenset(reasons), frozenset(pairs), frozenset(events))


def _pairs(
    node: ast.Call | ast.Tuple, is_reason: Callable[[ast.AST], bool]
) -> set[tuple[str, str | None]]:
    """(reason, rule) written together: ``illegal(msg, "REASON", "MX-4")``,
    ``IllegalMove(msg, reason=..., rule="TT-5" if ... else "TT-4")``, ``("BLOCKED", "TT-9",
    text)``. A rule passed on in a variable names no rule here (the rows pin each one)."""
    if isinstance(node, ast.Tuple):
        parts, dynamic = list(node.elts), False
    else:
        parts = [*node.args, *(k.value for k in node.keywords)]
        dynamic = any(
            k.arg == "rule" and not isinstance(k.value, ast.Constant | ast.IfExp)
            for k in node.keywords
        ) or any(isinstance(a, ast.Name) and a.id == "rule" for a in node.args)
    found = [p.value for p in parts if is_reason(p)]  # type: ignore[attr-defined]
    rules = {
        c.value
        for p in parts
        for c in ([p.body, p.orelse] if isinstance(p, ast.IfExp) else [p])
        if isinstance(c, ast.Constant) and isinstance(c.value, str) and RULE.fullmatch(c.value)
    }
    if len(found) != 1 or dynamic or (isinstance(node, ast.Tuple) and not rules):
        return set()
    return {(found[0], r) for r in rules or {None}}


def refusal_gaps(
    source: Source, rows: Sequence[Refusal], unreached: Mapping[str, str] = {}
) -> list[str]:
    """What the rows miss of the source: a reason without a row (or an entry in ``unreached``
    saying why no position reaches it), a (reason, rule) pair without a row; and a row whose
    reason the source does not write (a typo, or a reason since renamed)."""
    have = {r.reason for r in rows} | set(unreached)
    have_pairs = {(r.reason, r.rule) for r in rows}
    gaps = [f"no row refuses with {r}" for r in sorted(source.reasons - have)]
    pairs = {p for p in source.pairs - have_pairs if p[0] not in unreached}
    gaps += [f"no row refuses with {p}" for p in sorted(pairs, key=str)]
    gaps += [
        f"a row names {r}, which the source never writes" for r in sorted(have - source.reasons)
    ]
    return gaps


def event_gaps(engine: Game[Any, Any], source: Source, rows: Sequence[Emitted]) -> list[str]:
    """What the rows miss of the event schema: an event type, an optional property or a value
    of a small enum no row shows; and event types the source writes but the schema lacks (or
    the other way round). The driver's ``chance`` event belongs to every game with chance."""
    schema = engine.event_schema()
    written = set(source.events) | ({"chance"} if engine.descriptor.chance else set()) | {STARTED}
    gaps = [f"{t} is written but not in the event schema" for t in written - event_types(schema)]
    gaps += [f"{t} is in the event schema but never written" for t in event_types(schema) - written]
    seen = [e for row in rows for e in row.events]
    for variant in schema["oneOf"]:
        props: dict[str, Any] = variant["properties"]
        kind = props["type"]["const"]
        if kind == STARTED:
            continue
        mine = [e for e in seen if e["type"] == kind]
        if not mine:
            gaps.append(f"no row emits {kind}")
            continue
        keys = set().union(*mine)
        gaps += [f"no {kind} row shows {k}" for k in sorted(set(props) - keys - ADDED_BY_PLAY)]
        for name, prop in props.items():
            values = prop.get("enum", [prop["const"]] if "const" in prop else [])
            if name != "type" and len(values) <= SMALL_ENUM:
                shown = [e[name] for e in mine if name in e]
                gaps += [f"no {kind} row shows {name}={v!r}" for v in values if v not in shown]
    if not any(row.played and all("ply" in e for e in row.events) for row in rows):
        gaps.append("no row shows the ply driver.play adds")
    return gaps
