"""Issue 21, point 6: no 5xx for any input, one clear coded answer per class of bad input; and
point 2: the text that read in quadratic time reads now, with the same answer.

Every entry of tests/fuzz/hostile_inputs.py goes through the in-process app as a client sends
it (REST, GraphQL, a batch line), with and without a secret (a secret adds certificates, and
with them one more printing of the record). The answer must carry the entry's status and code
where its shape puts it, and nothing may say INTERNAL. The CLI (``regelwerk verify FILE``)
reads the same records offline.
"""

from __future__ import annotations

import json

import pytest

from service import cli, jsonio
from service.api.records import Record, RecordError, RecordMove, parse_record, print_record

from ..fuzz.hostile_inputs import (
    BAD_RECORDS,
    DEEP_MOVES,
    GRAPHQL_ACCEPT,
    SLOW_RECORDS,
    Hostile,
    code_of,
    hostile_inputs,
)

ENTRIES = hostile_inputs()
SECRET = "hostile-inputs-secret-of-thirty-two-chars"
DEPTH = jsonio.DOCUMENT_DEPTH


def send(client, entry: Hostile):
    return client.request(entry.method, entry.path, content=entry.body(), headers=entry.headers)


def check(entry: Hostile, response) -> None:
    assert response.status_code == entry.status, response.text[:300]
    assert b"INTERNAL" not in response.content
    assert code_of(entry, response.content) == entry.code, response.text[:300]
    if entry.answer != "error":
        return
    details = response.json()["error"]["details"]
    if entry.code == "INVALID_RECORD":
        assert isinstance(details["line"], int) and details["line"] >= 1
    if entry.kind == "document":
        assert details["problems"][0]["path"] == "$.moves[0]"


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_a_hostile_input_gets_its_coded_answer(client, entry):
    check(entry, send(client, entry))


@pytest.mark.parametrize(
    "entry",
    [e for e in ENTRIES if "verify" in e.path or "ertificate" in e.name or e.answer == "batch"],
    ids=lambda e: e.name,
)
def test_a_hostile_input_gets_its_coded_answer_with_a_secret(make_client, entry):
    check(entry, send(make_client(rules_secret=SECRET), entry))


def test_graphql_play_refuses_a_move_document_it_could_not_echo(client):
    """Issue 21, point 6: play reads its moves after the state, so it needs a real one."""
    state = client.post("/v1/games/mixtour/new", json={}).json()["state"]
    query = (
        'query($s: JSON!, $m: [JSON!]!) { play(game: "mixtour", state: $s, moves: $m) '
        "{ __typename ... on InvalidRequest { code details } } }"
    )
    for make in DEEP_MOVES.values():
        body = f'{{"query": {json.dumps(query)}, "variables": {{"s": {json.dumps(state)}, '
        body += f'"m": [{make()}]}}}}'
        r = client.post(
            "/graphql",
            content=body,
            headers={"content-type": "application/json", "accept": GRAPHQL_ACCEPT},
        )
        answer = r.json()["data"]["play"]
        assert answer["code"] == "INVALID_REQUEST"
        assert answer["details"]["problems"][0]["path"] == "$.moves[0]"


def test_every_class_of_the_issue_is_covered():
    """The findings of the probe, each with at least one entry per transport."""
    kinds = {(e.kind, e.answer.partition(".")[0]) for e in ENTRIES}
    for kind in ("record", "notation", "document"):
        for answer in ("error", "batch", "graphql"):
            assert (kind, answer) in kinds
    assert {e.kind for e in ENTRIES} == {"record", "notation", "document", "options"}


def test_a_bad_batch_line_does_not_hide_the_next(client):
    """Issue 21, point 6: each line its verdict, in order, none INTERNAL."""
    lines = [json.dumps({"game": "mixtour", "record": make()}) for make in BAD_RECORDS.values()]
    lines += [f'{{"game": "mixtour", "moves": [{make()}]}}' for make in DEEP_MOVES.values()]
    lines.append(json.dumps({"game": "mixtour", "moves": ["c3"]}))
    r = client.post("/v1/verify", content="\n".join(lines) + "\n")
    verdicts = [json.loads(line) for line in r.text.splitlines()]
    assert [v["line"] for v in verdicts] == list(range(1, len(lines) + 1))
    codes = [v["problems"][0]["code"] for v in verdicts]
    assert codes == ["INVALID_RECORD"] * len(BAD_RECORDS) + ["INVALID_REQUEST"] * len(
        DEEP_MOVES
    ) + ["NOT_FINISHED"]


def test_the_cli_gives_each_unreadable_record_its_verdict(tmp_path, capsys, monkeypatch):
    """Issue 21, point 6: ``regelwerk verify FILE`` reads the same records offline: one
    INVALID_RECORD verdict each, at its line, exit 1, no traceback."""
    monkeypatch.delenv("RULES_SECRET", raising=False)
    texts = [make() for make in BAD_RECORDS.values()] + [make() for make in SLOW_RECORDS.values()]
    path = tmp_path / "records.txt"
    path.write_text("\n".join(texts), encoding="utf-8")
    assert cli.main(["verify", str(path), "--no-progress"]) == cli.EXIT_INVALID
    verdicts = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(verdicts) == len(texts)
    codes = [v["problems"][0]["code"] for v in verdicts]
    assert codes == ["INVALID_RECORD"] * len(BAD_RECORDS) + ["INVALID_NOTATION"] * len(SLOW_RECORDS)
    starts = [v["line"] for v in verdicts]
    assert starts == sorted(starts) and len(set(starts)) == len(starts)


# -- the record's own rules: what it refuses to hold, it refuses to read ----------------------
@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"players": 1000}, "Players is a number from 1 to 999"),
        ({"winners": (1000,)}, "winners are player numbers"),
        ({"scores": (2**64,)}, "integers within 64 bits"),
        ({"moves": (RecordMove("c3", 1000),)}, "a player number is 0 to 999"),
        ({"options": json.loads('{"a":' * 40 + "1" + "}" * 40)}, "Options nested deeper"),
    ],
    ids=["players", "winners", "scores", "move player", "options"],
)
def test_a_record_refuses_what_its_text_could_not_hold(fields, reason):
    """parse(print(r)) == r holds for every record: so a Record may not hold what the parser
    refuses (issue 21, point 6: the parser's bounds are checked before int())."""
    with pytest.raises(ValueError, match=reason):
        Record(game="mixtour", **fields)


def test_the_bounds_themselves_read_back():
    """The largest of each bound prints and reads back unchanged."""
    record = Record(
        game="mixtour",
        moves=(RecordMove("c3", 999),),
        players=999,
        options=json.loads('{"a":' * (DEPTH - 1) + "[1]" + "}" * (DEPTH - 1)),
        scores=(2**63 - 1, -(2**63), 1.5),
        winners=(999,),
    )
    assert parse_record(print_record(record)) == record


@pytest.mark.parametrize(
    "digits",
    ["\u00b2", "\u0661", "\u06f1", "\u0967", "\uff11"],
    ids=["superscript", "arabic-indic", "persian", "devanagari", "fullwidth"],
)
def test_record_numbers_are_ascii_digits(digits):
    """Issue 21, point 6: isdigit() took '²' (int() refuses it), \\d took every script's
    digits: a record's numbers are ASCII, anything else is INVALID_RECORD with its line."""
    texts = [
        f'[Game "mixtour"]\n[Players "{digits}"]\n\n1. c3\n',
        f'[Game "mixtour"]\n[Result "winners {digits}"]\n\n1. c3\n',
        f'[Game "mixtour"]\n[Result "scores {digits} 0"]\n\n1. c3\n',
        f'[Game "mixtour"]\n\n{digits}. c3\n',
    ]
    for text in texts:
        with pytest.raises(RecordError) as info:
            parse_record(text)
        assert info.value.line in (2, 3, 4)
