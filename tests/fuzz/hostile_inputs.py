"""The hostile inputs of issue 21 (points 2 and 6) as data: what a client sent, where, and the
answer it must get. Every one once cost seconds of CPU or answered 500 / ``INTERNAL``.

Each ``Hostile`` is one HTTP request (``method``, ``path``, ``headers``, ``body()``) with the
expected status and code, and ``code_of`` reads the code from an answer whatever its shape
(a REST error, a verify verdict's first problem, a batch line's verdict, a GraphQL union
member). tests/api/test_hostile_text.py sends them through the in-process app; a soak test
can send them to a real server the same way. Bodies are built when called, so importing this
module builds nothing big.

Classes (``kind``):

- ``record``: a text record that does not read: 400 ``INVALID_RECORD`` (``details.line``) on
  REST, an ``InvalidRequest`` with that code on GraphQL, an invalid verdict in a batch;
- ``notation``: a move that is no notation of the game, slow to read before issue 21: 422
  ``INVALID_NOTATION`` (replay, record, certificates), a verdict problem in verify;
- ``document``: a move document or claim an answer could not echo (nested deeper than
  ``jsonio.DOCUMENT_DEPTH``): 400 ``INVALID_REQUEST``, ``$.moves[i]``; a GraphQL literal beyond
  64 bits reads as the float JSON makes of it, and gets that float's answer;
- ``options``: options whose text broke ``int()``, or nested deeper than ``repr`` recurses:
  422 ``INVALID_OPTIONS`` or a verdict problem.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

FINDING = "issue 21, point 6"
SLOW = "issue 21, point 2"
GRAPHQL_ACCEPT = "application/graphql-response+json"
BLANKS = 64 * 1024  # the probe's 64 KB body: 16 s of CPU before issue 21
DIGITS = 5_000  # beyond int()'s 4,300 digits
DEEP = 300  # beyond orjson's 254 levels


@dataclass(frozen=True, slots=True)
class Hostile:
    name: str
    kind: str  # record, notation, document, options
    path: str
    body: Callable[[], bytes] = field(repr=False)
    status: int
    code: str
    answer: str  # where the code is: error, verdict, batch, or graphql.<field>
    content_type: str = "application/json"
    finding: str = FINDING
    method: str = "POST"

    @property
    def headers(self) -> dict[str, str]:
        headers = {"content-type": self.content_type}
        if self.answer.startswith("graphql."):
            headers["accept"] = GRAPHQL_ACCEPT
        return headers


def code_of(entry: Hostile, body: bytes) -> str | None:
    """The code an answer carries where ``entry.answer`` says it is (None: no code there)."""
    if entry.answer == "batch":
        lines = body.splitlines()
        found: Any = json.loads(lines[0]) if len(lines) == 1 else None
    else:
        found = json.loads(body)
    if entry.answer == "error":
        return found.get("error", {}).get("code")
    if entry.answer.startswith("graphql."):
        if found.get("errors") or not found.get("data"):
            return None
        found = found["data"][entry.answer.partition(".")[2]]
        if "code" in found:
            return str(found["code"])
    if not isinstance(found, dict) or found.get("valid") is not False or not found["problems"]:
        return None
    return str(found["problems"][0]["code"])


# -- the texts --------------------------------------------------------------------------------
def fragment_chain(levels: int, spreads: int) -> str:
    """The issue's document: fragment i spreads fragment i - 1 ``spreads`` times, so expanding
    every spread walks spreads ** levels selections (8 x 10, 661 bytes: 22 s of CPU)."""
    parts = ["fragment F0 on Position { status }"]
    for i in range(1, levels):
        parts.append(f"fragment F{i} on Position {{ " + f"...F{i - 1} " * spreads + "}")
    state = '{game: "mixtour", v: 1, board: {}, supply: [20, 20], scores: [0, 0], toMove: 0}'
    top = f"...F{levels - 1}"
    query = f'{{ position(game: "mixtour", state: {state}) {{ ... on Position {{ {top} }} }} }}'
    return " ".join(parts) + " " + query


def record(game: str, tags: str = "", moves: str = "1. c3\n") -> str:
    return f'[Game "{game}"]\n{tags}\n{moves}'


def _deep_json_text(depth: int) -> str:
    return '{\\"a\\":' * depth + "1" + "}" * depth


# Records that do not read (each a 500 before issue 21, or a quadratic parse).
BAD_RECORDS: dict[str, Callable[[], str]] = {
    "Players in a superscript digit": lambda: record("mixtour", '[Players "²"]\n'),
    "winners in a superscript digit": lambda: record("mixtour", '[Result "winners ¹"]\n'),
    "scores in an Arabic-Indic digit": lambda: record("mixtour", '[Result "scores ١ 0"]\n'),
    "a score of 5,000 digits": lambda: record("mixtour", f'[Result "scores {"9" * DIGITS} 0"]\n'),
    "a score beyond 64 bits": lambda: record("mixtour", f'[Result "scores {"9" * 20} 0"]\n'),
    "Players of 5,000 digits": lambda: record("mixtour", f'[Players "{"9" * DIGITS}"]\n'),
    "a move number of 5,000 digits": lambda: record("mixtour", moves=f"{'1' * DIGITS}. c3\n"),
    "a move's player of 5,000 digits": lambda: record("mixtour", moves=f"1. {'9' * DIGITS}: c3\n"),
    "a move's player of 20 digits": lambda: record("mixtour", moves=f"1. {'9' * 20}: c3\n"),
    "Options nested 300 deep": lambda: record("mixtour", f'[Options "{_deep_json_text(DEEP)}"]\n'),
}

# Records whose move is no notation, and slow to read before issue 21.
SLOW_RECORDS: dict[str, Callable[[], str]] = {
    "a move line with 64 KB of blanks inside": lambda: record(
        "mixtour", moves="1. c3" + " " * BLANKS + "x\n"
    ),
    "a Triominos placement with 64 KB of blanks in its position": lambda: record(
        "triominos-junior", moves="1. 1-3-5@0," + " " * BLANKS + "x\n"
    ),
}

# Moves (JSON) that are no notation of the game: game, move.
BAD_MOVES: dict[str, tuple[str, Callable[[], Any]]] = {
    "a Triominos placement with 64 KB of blanks, then a line break": (
        "triominos-junior",
        lambda: "1-3-5@" + " " * BLANKS + "0\n,0",
    ),
    "a Triominos position document of 64 KB of blanks": (
        "triominos-junior",
        lambda: {"kind": "place", "tile": "1-3-5", "at": " " * BLANKS + "x"},
    ),
    "a Mixtour count in Arabic-Indic digits": ("mixtour", lambda: "a1:\u0663-b2"),
    "a Tric Trac step in Arabic-Indic digits": ("tric-trac", lambda: "\u0661/\u0664"),
    "a Te-Trix rotation in Arabic-Indic digits": ("te-trix", lambda: "r\u0660@1,1"),
}


def _deep_move(depth: int) -> str:
    """JSON text: built as text, as Python's json recurses once per level."""
    return '{"kind": "place", "square": ' + "[" * depth + '"a1"' + "]" * depth + "}"


# Move documents an answer could not echo, as JSON text (REST and GraphQL variables are JSON,
# whose numbers beyond 64 bits read as floats: those are GraphQL literals, below).
DEEP_MOVES: dict[str, Callable[[], str]] = {
    "a move document nested 300 deep": lambda: _deep_move(DEEP),
    "a move document nested 1,000 deep": lambda: _deep_move(1_000),
    "a player-and-move item whose move is nested 300 deep": lambda: (
        '{"player": 0, "move": ' + _deep_move(DEEP) + "}"
    ),
}

BIG = str(2**70)  # a GraphQL literal: any size in the document's text
# GraphQL fields with an integer literal beyond 64 bits: field, arguments, the code. A literal
# number is read as JSON reads it (service/api/graphql_json.py): a float past 64 bits, so each
# gets the answer the same JSON body gets from REST: a float square or count is no move
# document, a float player or winner no player, a float score a claim like any other.
BIG_LITERALS: dict[str, tuple[str, str, str]] = {
    "a move document with a count beyond 64 bits": (
        "verify",
        f'game: "mixtour", moves: [{{kind: "shift", from: "a1", count: {BIG}, to: "b2"}}]',
        "INVALID_NOTATION",
    ),
    "a move document with a square beyond 64 bits": (
        "verify",
        f'game: "mixtour", moves: [{{kind: "place", square: {BIG}}}]',
        "INVALID_NOTATION",
    ),
    "a player beyond 64 bits in a move item": (
        "replay",
        f'game: "mixtour", moves: [{{player: {BIG}, move: "c3"}}]',
        "INVALID_REQUEST",
    ),
    "claimed scores beyond 64 bits": (
        "verify",
        f'game: "mixtour", moves: ["c3"], claimed: {{scores: [{BIG}, 0]}}',
        "NOT_FINISHED",
    ),
    "claimed winners beyond 64 bits": (
        "verify",
        f'game: "mixtour", moves: ["c3"], claimed: {{winners: [{BIG}]}}',
        "INVALID_REQUEST",
    ),
    "a certificate's scores beyond 64 bits": (
        "checkCertificate",
        f'certificate: {{game: "mixtour", rulesVersion: "1", digest: "sha256:0", '
        f'scores: [{BIG}, 0], winners: [], sig: "k.x"}}',
        "INVALID_REQUEST",
    ),
}

_CELL_OF_DIGITS = {"cell": "a" + "9" * DIGITS, "symbol": "o"}
TE_TRIX_OPTIONS = {"preprinted": [[_CELL_OF_DIGITS], [_CELL_OF_DIGITS]]}

# A certificate of the right shape: checking it reads the record (and finds it unreadable).
CERTIFICATE = {
    "game": "mixtour",
    "rulesVersion": "1",
    "digest": "sha256:0",
    "scores": [0, 0],
    "winners": [],
    "sig": "k.x",
}

_SELECTIONS = {
    "verify": "{ __typename ... on Verdict { valid problems { code } } "
    "... on InvalidRequest { code } }",
    "checkCertificate": "{ __typename ... on CertificateCheck { valid problems { code } } "
    "... on InvalidRequest { code } }",
}
_SELECTIONS["replay"] = _SELECTIONS["record"] = (
    "{ __typename ... on MoveRejected { code } ... on InvalidState { code } "
    "... on InvalidRequest { code } }"
)
_VARIABLE_TYPES = {"record": "String", "moves": "[JSON!]!", "certificate": "JSON!"}


def _json(value: Callable[[], Any]) -> Callable[[], bytes]:
    return lambda: json.dumps(value(), ensure_ascii=False).encode()


def _text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _graphql(
    field_name: str, game: str | None, variables: Callable[[], dict[str, str]]
) -> Callable[[], bytes]:
    """A GraphQL call of ``field_name`` whose arguments are all variables (as clients send);
    ``variables`` gives each variable's JSON text."""

    def body() -> bytes:
        values = variables()
        declared = ", ".join(f"${k}: {_VARIABLE_TYPES[k]}" for k in values)
        arguments = ", ".join(f"{k}: ${k}" for k in values)
        if game is not None:
            arguments = f'game: "{game}", ' + arguments
        query = f"query({declared}) {{ {field_name}({arguments}) {_SELECTIONS[field_name]} }}"
        fields = ", ".join(f"{_text(k)}: {v}" for k, v in values.items())
        return f'{{"query": {_text(query)}, "variables": {{{fields}}}}}'.encode()

    return body


def _graphql_literal(field_name: str, arguments: str) -> Callable[[], bytes]:
    query = f"{{ {field_name}({arguments}) {_SELECTIONS[field_name]} }}"
    return lambda: json.dumps({"query": query}).encode()


def _game_of(text: str) -> str:
    return text.split('"', 2)[1]


def _record_entries(
    name: str, kind: str, text: Callable[[], str], status: int, code: str, finding: str
) -> Iterator[Hostile]:
    """One text record through every call that reads records."""
    game = _game_of(text())
    verify, replay = f"/v1/games/{game}/verify", f"/v1/games/{game}/replay"
    verdict = "verdict" if status == 200 else "error"
    yield Hostile(
        f"{name}: REST verify, JSON record",
        kind,
        verify,
        _json(lambda: {"record": text()}),
        status,
        code,
        verdict,
        finding=finding,
    )
    yield Hostile(
        f"{name}: REST verify, text/plain",
        kind,
        verify,
        lambda: text().encode(),
        status,
        code,
        verdict,
        "text/plain; charset=utf-8",
        finding,
    )
    replay_status = 422 if kind == "notation" else status
    yield Hostile(
        f"{name}: REST replay, text/plain",
        kind,
        replay,
        lambda: text().encode(),
        replay_status,
        code,
        "error",
        "text/plain; charset=utf-8",
        finding,
    )
    yield Hostile(
        f"{name}: REST certificates",
        kind,
        "/v1/certificates",
        _json(lambda: {"certificate": {**CERTIFICATE, "game": game}, "record": text()}),
        replay_status,
        code,
        "error",
        finding=finding,
    )
    yield Hostile(
        f"{name}: batch line",
        kind,
        "/v1/verify",
        lambda: json.dumps({"game": game, "record": text()}, ensure_ascii=False).encode() + b"\n",
        200,
        code,
        "batch",
        "application/x-ndjson",
        finding,
    )
    for field_name in ("verify", "replay"):
        yield Hostile(
            f"{name}: GraphQL {field_name}(record:)",
            kind,
            "/graphql",
            _graphql(field_name, game, lambda: {"record": _text(text())}),
            200,
            code,
            f"graphql.{field_name}",
            finding=finding,
        )
    yield Hostile(
        f"{name}: GraphQL checkCertificate(record:)",
        kind,
        "/graphql",
        _graphql(
            "checkCertificate",
            None,
            lambda: {
                "certificate": _text({**CERTIFICATE, "game": game}),
                "record": _text(text()),
            },
        ),
        200,
        code,
        "graphql.checkCertificate",
        finding=finding,
    )


def _move_entries(
    name: str, kind: str, game: str, move: Callable[[], str], code: str, status: int
) -> Iterator[Hostile]:
    """One move (its JSON text) through every call that takes a move list."""
    finding = SLOW if "blanks" in name else FINDING
    base = f"/v1/games/{game}"
    verdict = "verdict" if kind == "notation" else "error"
    yield Hostile(
        f"{name}: REST verify",
        kind,
        f"{base}/verify",
        lambda: ('{"moves": [' + move() + "]}").encode(),
        200 if kind == "notation" else status,
        code,
        verdict,
        finding=finding,
    )
    if kind == "document":  # play reads the moves before the state: any state object will do
        yield Hostile(
            f"{name}: REST play",
            kind,
            f"{base}/play",
            lambda: ('{"state": {}, "moves": [' + move() + "]}").encode(),
            status,
            code,
            "error",
            finding=finding,
        )
    for call in ("replay", "record"):
        yield Hostile(
            f"{name}: REST {call}",
            kind,
            f"{base}/{call}",
            lambda: ('{"moves": [' + move() + "]}").encode(),
            status,
            code,
            "error",
            finding=finding,
        )
    yield Hostile(
        f"{name}: batch line",
        kind,
        "/v1/verify",
        lambda: f'{{"game": "{game}", "moves": [{move()}]}}\n'.encode(),
        200,
        code,
        "batch",
        "application/x-ndjson",
        finding,
    )
    for field_name in ("verify", "replay", "record"):
        yield Hostile(
            f"{name}: GraphQL {field_name}(moves:)",
            kind,
            "/graphql",
            _graphql(field_name, game, lambda: {"moves": f"[{move()}]"}),
            200,
            code,
            f"graphql.{field_name}",
            finding=finding,
        )


def hostile_inputs() -> list[Hostile]:
    """Every hostile input, each through every call that reads it."""
    out: list[Hostile] = []
    for name, text in BAD_RECORDS.items():
        out += _record_entries(name, "record", text, 400, "INVALID_RECORD", FINDING)
    for name, text in SLOW_RECORDS.items():
        out += _record_entries(name, "notation", text, 200, "INVALID_NOTATION", SLOW)
    for name, (game, move) in BAD_MOVES.items():
        move_text = (lambda m: lambda: _text(m()))(move)
        out += _move_entries(name, "notation", game, move_text, "INVALID_NOTATION", 422)
    for name, move in DEEP_MOVES.items():
        out += _move_entries(name, "document", "mixtour", move, "INVALID_REQUEST", 400)
    for name, (field_name, arguments, code) in BIG_LITERALS.items():
        out.append(
            Hostile(
                f"{name}: GraphQL {field_name}",
                "document",
                "/graphql",
                _graphql_literal(field_name, arguments),
                200,
                code,
                f"graphql.{field_name}",
            )
        )
    out += [
        Hostile(
            "Te-Trix options: a preprinted cell of 5,000 digits: REST new",
            "options",
            "/v1/games/te-trix/new",
            _json(lambda: {"options": TE_TRIX_OPTIONS}),
            422,
            "INVALID_OPTIONS",
            "error",
        ),
        Hostile(
            "Te-Trix options: a preprinted cell of 5,000 digits: REST verify",
            "options",
            "/v1/games/te-trix/verify",
            _json(lambda: {"options": TE_TRIX_OPTIONS, "moves": []}),
            200,
            "INVALID_OPTIONS",
            "verdict",
        ),
    ]
    deep_level = '{"level": ' + "[" * 1_000 + '"coins"' + "]" * 1_000 + "}"
    for call, status, answer, extra in (
        ("new", 422, "error", ""),
        ("verify", 200, "verdict", ', "moves": []'),
        ("record", 422, "error", ', "moves": []'),
    ):
        out.append(
            Hostile(
                f"Triominos options: a level nested 1,000 deep: REST {call}",
                "options",
                f"/v1/games/triominos-junior/{call}",
                (lambda e: lambda: ('{"options": ' + deep_level + e + "}").encode())(extra),
                status,
                "INVALID_OPTIONS",
                answer,
            )
        )
    names = [entry.name for entry in out]
    assert len(set(names)) == len(names), "every hostile input has its own name"
    return out
