"""The service's own words in both languages (issue 24): each kind of refusal the API writes
itself answers ``?lang=de`` in German, with the very ``messageId`` and ``args`` of its English
answer, and its English is what it always was (clients and documents quote it).

Each case names the request, where its message is in the answer, and the English text."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from service import text
from service.games.core.text import Msg

G = "/v1/games/mixtour"
TEXT = {"content-type": "text/plain"}
ALIASES = "{ " + " ".join(f"a{i}: games {{ id }}" for i in range(25)) + " }"


def error(body: Any) -> dict[str, Any]:
    return body["error"]


def problem(body: Any) -> dict[str, Any]:
    return body["error"]["details"]["problems"][0]


def graphql_error(body: Any) -> dict[str, Any]:
    """A GraphQL error: its message, and its messageId and args from the extensions."""
    first = body["errors"][0]
    return {"message": first["message"], **first["extensions"]}


@dataclass(frozen=True)
class Case:
    name: str
    path: str
    send: dict[str, Any]
    status: int
    english: str
    where: Callable[[Any], dict[str, Any]] = error
    settings: dict[str, Any] = field(default_factory=dict)
    method: str = "POST"

    @property
    def key(self) -> str:
        return "reason" if self.where is problem else "message"


CASES = [
    Case(
        "malformed JSON",
        f"{G}/new",
        {"content": b"{"},
        400,
        "the body is not valid JSON: unexpected end of data: line 1 column 2 (char 1)",
    ),
    Case(
        "empty body",
        f"{G}/position",
        {"content": b""},
        400,
        "the body is not valid JSON: the body is empty; send a JSON object",
    ),
    Case(
        "unknown field",
        f"{G}/new",
        {"json": {"zz": 1}},
        400,
        "$.zz: unknown field; allowed: describe, fair, options, players, seed",
    ),
    Case(
        "unknown field, its problem",
        f"{G}/new",
        {"json": {"zz": 1}},
        400,
        "unknown field; allowed: describe, fair, options, players, seed",
        problem,
    ),
    Case(
        "wrong type, two problems",
        f"{G}/new",
        {"json": {"players": "x", "seed": 5}},
        400,
        "$.players: must be an integer, got string (and 1 more problem)",
    ),
    Case(
        "wrong type, its problem",
        f"{G}/new",
        {"json": {"players": "x"}},
        400,
        "must be an integer, got string",
        problem,
    ),
    Case(
        "not a move",
        f"{G}/replay",
        {"json": {"moves": [5]}},
        400,
        'a move is a notation string, a move document, or {"player": int, "move": string}, '
        "got integer",
        problem,
    ),
    Case("unknown game", "/v1/games/chess/new", {"json": {}}, 404, "unknown game 'chess'"),
    Case("no route", "/v1/nowhere", {}, 404, "no route /v1/nowhere", method="GET"),
    Case(
        "wrong method",
        f"{G}/new",
        {},
        405,
        "PATCH is not allowed on /v1/games/mixtour/new",
        method="PATCH",
    ),
    Case(
        "body too large (no grouping of the digits in English)",
        f"{G}/new",
        {"content": b" " * 1_100_000},
        413,
        "the body is larger than 1048576 bytes",
    ),
    Case(
        "too many moves",
        f"{G}/replay",
        {"json": {"moves": ["c3", "c4", "c5"]}},
        413,
        "at most 2 moves per request, got 3",
        settings={"max_moves": 2},
    ),
    Case(
        "work budget (what it was for is a message of its own)",
        f"{G}/replay",
        {"json": {"moves": ["c3"]}},
        413,
        "this request needs more work than one request may do (a position); split it (the "
        "budget is 5 units: a move 1, a position 25)",
        settings={"max_work": 5},
    ),
    Case(
        "suggest budget",
        f"{G}/suggest",
        {"json": {"state": {}, "budget": 100_000}},
        400,
        "budget must be between 1 and 160 iterations (SUGGEST_MAX_BUDGET)",
    ),
    Case(
        "a bad record line",
        f"{G}/verify",
        {"content": b"[Game mixtour]\n\n1. c3\n", "headers": TEXT},
        400,
        'record line 1: a tag line reads [Name "value"]',
    ),
    Case(
        "a record's move number",
        f"{G}/verify",
        {"json": {"record": '[Game "mixtour"]\n\n2. c3\n'}},
        400,
        "record line 3: move number 2 where 1 was expected",
    ),
    Case(
        "a record that is not UTF-8",
        f"{G}/verify",
        {"content": b'[Game "mixtour"]\n\n1. \xff\n', "headers": TEXT},
        400,
        "record line 3: not UTF-8 text: 'utf-8' codec can't decode byte 0xff in position 21: "
        "invalid start byte",
    ),
    Case(
        "a verify body's claim",
        f"{G}/verify",
        {"json": {"moves": [], "claimed": {"winners": [-1]}}},
        400,
        "must be an array of player numbers (>= 0, within 64 bits)",
        problem,
    ),
    Case(
        "a certificate's field",
        "/v1/certificates",
        {"json": {}},
        400,
        "$.certificate: required: the certificate object verify gave",
    ),
    Case(
        "GraphQL: too many aliases",
        "/graphql",
        {"json": {"query": ALIASES}},
        200,
        "the document uses 25 aliases; at most 20",
        graphql_error,
    ),
    Case(
        "GraphQL: a document over GRAPHQL_MAX_BYTES",
        "/graphql",
        {"json": {"query": "{ games { id } }" + " " * 40_000}},
        200,
        "the document is larger than 32768 bytes",
        graphql_error,
    ),
    Case(
        "GraphQL: not JSON",
        "/graphql",
        {"content": b"{", "headers": {"content-type": "application/json"}},
        400,
        "the body is not JSON: unexpected end of data: line 1 column 2 (char 1)",
        graphql_error,
    ),
    Case(
        "GraphQL: a body over MAX_BODY_BYTES",
        "/graphql",
        {"content": b" " * 2000},
        413,
        "the body is larger than 1024 bytes",
        graphql_error,
        settings={"max_body_bytes": 1024},
    ),
]


def msg(wire: dict[str, Any]) -> Msg:
    """The message an answer's messageId and args name (a message argument nests)."""
    args = {k: msg(v) if isinstance(v, dict) else v for k, v in wire["args"].items()}
    return Msg.of(wire["messageId"], **args)


def ask(client: Any, case: Case, language: str) -> Any:
    r = client.request(case.method, f"{case.path}?lang={language}", **case.send)
    assert r.status_code == case.status, (case.name, r.text)
    assert r.headers["content-language"] == language, case.name
    return r.json()


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_a_refusal_reads_in_german_with_the_same_id_and_arguments(make_client, case):
    client = make_client(**case.settings)
    english = case.where(ask(client, case, "en"))
    german = case.where(ask(client, case, "de"))
    assert english[case.key] == case.english
    assert (german["messageId"], german["args"]) == (english["messageId"], english["args"])
    assert german[case.key] == text.render(msg(english), "de") != case.english
    assert english[case.key] == text.render(msg(english), "en")


VERDICTS = [
    (
        {"moves": ["c3"], "claimed": {"scores": [1, 2]}},
        [
            "the record ends before the game does: the result is not decided",
            "claimed scores [1, 2], the record gives [0, 0]",
        ],
    ),
    (
        {"moves": ["c3", "c3"]},
        ["move 2 (c3): c3 is not empty"],
    ),
    (
        {"record": '[Game "mixtour"]\n[RulesVersion "0"]\n\n1. c3\n'},
        [
            "the record was played under rules version '0'; this service knows version 'mixtour-1'",
            "the record ends before the game does: the result is not decided",
        ],
    ),
]


@pytest.mark.parametrize(("body", "english"), VERDICTS)
def test_a_verdicts_problems_read_in_german(client, body, english):
    """A verdict's problems are messages too (a 200 answer: what is wrong with the game)."""
    answers = {
        lang: client.post(f"{G}/verify?lang={lang}", json=body).json()["problems"]
        for lang in ("en", "de")
    }
    assert [p["message"] for p in answers["en"]] == english
    assert [p["code"] for p in answers["de"]] == [p["code"] for p in answers["en"]]
    for de, en in zip(answers["de"], answers["en"], strict=True):
        # a move's refusal quotes the game's own words, in whichever language it has them
        assert de["message"] != en["message"] or en["code"] == "ILLEGAL_MOVE"
    assert answers["de"][0]["message"].split(" ")[0] in ("das", "Zug", "die")


def test_a_batch_lines_refusal_reads_in_german(make_client):
    client = make_client(max_body_bytes=1024)
    body = b'{\n{"game": "chess"}\n{' + b" " * 2000 + b"}\n"
    lines = {
        lang: [line["problems"][0]["message"] for line in _ndjson(client, body, lang)]
        for lang in ("en", "de")
    }
    assert lines["en"] == [
        "the line is not valid JSON: unexpected end of data: line 1 column 2 (char 1)",
        "unknown game 'chess'",
        "the line is longer than 1024 bytes",
    ]
    assert lines["de"] == [
        "die Zeile ist kein gültiges JSON: unexpected end of data (Zeile 1, Spalte 2, Zeichen 1)",
        "unbekanntes Spiel 'chess'",
        "die Zeile ist länger als 1.024 Byte",
    ]


def _ndjson(client: Any, body: bytes, language: str) -> list[dict[str, Any]]:
    import json

    r = client.post(f"/v1/verify?lang={language}", content=body)
    assert r.status_code == 200
    return [json.loads(line) for line in r.text.splitlines()]


def test_a_graphql_field_error_reads_in_german(client, make_client):
    """An error inside a field (the work budget) is a GraphQL error with the message's id."""
    state = client.post(f"{G}/new", json={}).json()["state"]
    client = make_client(max_work=1)
    query = (
        'query($s: JSON!) { position(game: "mixtour", state: $s) { ... on Position { status } } }'
    )
    answers = {
        lang: client.post(f"/graphql?lang={lang}", json={"query": query, "variables": {"s": state}})
        for lang in ("en", "de")
    }
    en, de = (graphql_error(answers[lang].json()) for lang in ("en", "de"))
    assert en["message"] == (
        "this request needs more work than one request may do (a position); split it (the "
        "budget is 1 units: a move 1, a position 25)"
    )
    assert de["message"] == (
        "diese Anfrage braucht mehr Arbeit, als eine einzelne Anfrage leisten darf (eine "
        "Stellung); teilen Sie sie auf (das Budget beträgt eine Einheit: ein Zug kostet 1, eine "
        "Stellung 25)"
    )
    assert (de["messageId"], de["args"]) == (en["messageId"], en["args"])
    assert en["args"]["what"] == {"messageId": "error-work-position", "args": {}}


def test_the_command_line_writes_its_verdicts_in_the_language_asked(tmp_path):
    record = tmp_path / "game.txt"
    record.write_text('[Game "mixtour"]\n\n1. c3\n2. c4\n')
    run = "from service.cli import run; run()"
    out = {
        lang: subprocess.run(
            [sys.executable, "-c", run, "verify", "--format", "text", "--lang", lang, str(record)],
            capture_output=True,
            text=True,
            timeout=120,
        )
        for lang in ("en", "de")
    }
    assert [r.returncode for r in out.values()] == [1, 1]  # an unfinished game is invalid
    assert out["en"].stdout == (
        "line 1: INVALID mixtour: NOT_FINISHED: the record ends before the game does: the "
        "result is not decided\n"
    )
    assert out["de"].stdout == (
        "Zeile 1: UNGÜLTIG, mixtour: NOT_FINISHED: das Protokoll endet vor dem Spiel: das "
        "Ergebnis steht nicht fest\n"
    )


@pytest.mark.parametrize(
    ("message", "english"),
    [
        (
            Msg.of("error-at-move", move=1234, error=Msg.of("request-required")),
            "move 1234: required",
        ),
        (
            Msg.of(
                "error-invalid-request", path="$.m", reason=Msg.of("request-required"), more=1500
            ),
            "$.m: required (and 1500 more problems)",
        ),
        (Msg.of("error-record-line", line=10000, error=Msg.of("record-tag-line")), None),
    ],
)
def test_english_numbers_are_written_as_the_code_wrote_them(message, english):
    """Fluent groups digits by default ('move 1,234'); English never did, as clients parse
    these texts and tests quote them."""
    written = text.render(message, "en")
    assert "," not in written.split(":")[0]
    if english is not None:
        assert written == english
