"""analyze (REST, GraphQL, the command line): a game's review. Every decision judged only by
what its player could know (TJ-17), luck and skill summing to the result, marks by the game's
thresholds, reproducible with a seed, the annotated record reading back as the record (issue
27, point 5)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from service import analysis, jsonio
from service.api.records import parse_record
from service.games import REGISTRY, SPECS
from service.games.core import driver

from .test_suggest import hidden_dealt_again, positions

# (game, players, options): every game, two players where it may
GAMES = [("mixtour", None, None), ("tric-trac", None, None), ("te-trix", 2, None)]
GAMES += [("triominos-junior", 2, None)]
COMMAND = str(Path(sys.executable).parent / "regelwerk")  # the package's console script
BUDGET = 4  # iterations a position: enough to exercise every path, cheap in CI


def record_of(client, game, players, options, plies, seed):
    """The text record of a seeded random game of ``plies`` moves (fewer if it ends)."""
    engine = REGISTRY[game]
    chance = engine.descriptor.chance
    start = driver.start(engine, players, options, seed if chance else None).state
    rng = random.Random(f"analyze/{game}")
    state, moves = start, []
    while len(moves) < plies and not engine.status(state).finished:
        movers = engine.to_move(state)
        player = rng.choice(movers) if len(movers) > 1 else None
        move = rng.choice(list(engine.legal_moves(state, player)))
        request = driver.MoveRequest(engine.notation(move), player)
        state = driver.replay_one(engine, state, request, auto_chance=True)
        moves.append(request.move if player is None else {"player": player, "move": request.move})
    body = {"moves": moves, "players": players, "options": options}
    if chance:
        body["seed"] = seed
    r = client.post(f"/v1/games/{game}/record", json=body)
    assert r.status_code == 200, r.text
    return r.text


def analyze(client, game, body):
    r = client.post(f"/v1/games/{game}/analyze", json=body)
    assert r.status_code == 200, r.text
    return r.json()


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_luck_and_skill_sum_to_the_result(client, game, players, options):
    """Per player, result = start + skill + luck (to rounding); luck is the sum of the chance
    events' luck; a game without chance (Mixtour) has none; every decision is marked by the
    game's thresholds of what it gave up."""
    text = record_of(client, game, players, options, 30, f"an-{game}")
    review = analyze(client, game, {"record": text, "budget": BUDGET, "analysisSeed": "s"})
    count = len(review["players"])
    luck = [0.0] * count
    for entry in review["plies"]:
        if entry["kind"] == "chance":
            for p, v in enumerate(entry["luck"]):
                luck[p] += v
    for summary in review["players"]:
        p = summary["player"]
        parts = summary["start"] + summary["skill"] + summary["luck"]
        assert summary["result"] == pytest.approx(parts, abs=2e-4)
        assert summary["luck"] == pytest.approx(luck[p], abs=2e-4)
        assert summary["luckAdjusted"] == pytest.approx(summary["result"] - summary["luck"])
    if game == "mixtour":
        assert all(s["luck"] == 0 for s in review["players"])
    inaccuracy, mistake, blunder = SPECS[game].marks
    decisions = [e for e in review["plies"] if e["kind"] == "decision"]
    assert len(decisions) == len(parse_record(text).moves)  # seeded: the moves are decisions
    for d in decisions:
        expected = (
            "blunder"
            if d["givenUp"] >= blunder
            else "mistake"
            if d["givenUp"] >= mistake
            else "inaccuracy"
            if d["givenUp"] >= inaccuracy
            else None
        )
        assert d["mark"] == expected, d
        if d["best"] and d["best"][0]["notation"] == d["notation"]:
            assert d["givenUp"] == 0
    if REGISTRY[game].descriptor.chance:
        assert any(e["kind"] == "chance" and e["sampled"] for e in review["plies"])


def test_a_finished_game_ends_at_its_exact_result(client):
    """MX-10: the last position of a finished game is valued by its result, not a search."""
    moves = ["a1", "b1", "b1-a1", "b1", "a1:2-b1", "a1", "b1:3-a1", "b1", "a1:4-b1"]
    body = {"moves": moves, "options": {"pointsToWin": 1}}
    review = analyze(client, "mixtour", {**body, "budget": BUDGET})
    end = client.post("/v1/games/mixtour/replay", json=body).json()
    assert end["status"] == "finished"
    for summary in review["players"]:
        assert summary["result"] == (1.0 if summary["player"] in end["winners"] else 0.0)


def test_a_record_of_physical_dice_has_its_throws_judged_as_luck(client):
    """TT-4: with no seed the throws are moves of the record: chance entries, not sampled."""
    engine = REGISTRY["tric-trac"]
    state = engine.new(None, None, None)
    rng = random.Random(4)
    moves = []
    while len(moves) < 12 and not engine.status(state).finished:
        if engine.is_chance(state):
            outcomes = engine.chance_outcomes(state)
            move = rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            move = rng.choice(list(engine.legal_moves(state)))
        moves.append(engine.notation(move))
        state = engine.successor(state, move)
    review = analyze(client, "tric-trac", {"moves": moves, "budget": BUDGET})
    kinds = [e["kind"] for e in review["plies"]]
    assert kinds == [
        "chance" if engine.is_chance(s) else "decision" for s in _states(engine, moves)
    ]
    assert not any(e.get("sampled") for e in review["plies"])


def _states(engine, moves):
    state = engine.new(None, None, None)
    for move in moves:
        yield state
        state = engine.successor(state, engine.parse_move(move))


@pytest.mark.parametrize("seat", [0, 1])
def test_decisions_are_judged_by_what_their_player_could_know(seat):
    """TJ-17: two games that differ only in tiles the mover cannot see (the other racks and
    the pool) give the mover's decision the same judgement, whatever the move."""
    engine = REGISTRY["triominos-junior"]
    for state in positions("triominos-junior", 3, None, count=3):
        mover = engine.to_move(state)[0]
        other = hidden_dealt_again(state, mover, 7 + seat)
        for move in list(engine.legal_moves(state))[seat::3][:2]:
            moves = [driver.MoveRequest(engine.notation(move), None)]
            first = analysis.analyze(engine, state, moves, "h", BUDGET).plies[0]
            second = analysis.analyze(engine, other, moves, "h", BUDGET).plies[0]
            assert first["kind"] == "decision" and first == second


def test_reproducible_and_the_annotated_record_reads_back(client):
    """The same record, budget and seed: the same review; the annotated record (its review as
    ; comments, in the answer's language) reads back as the very record."""
    text = record_of(client, "tric-trac", None, None, 16, "repro")
    body = {"record": text, "budget": BUDGET, "analysisSeed": "r"}
    first = analyze(client, "tric-trac", body)
    assert analyze(client, "tric-trac", body) == first
    assert parse_record(first["annotated"]) == parse_record(text)
    assert first["annotated"].count("\n; ") >= len(parse_record(text).moves)
    german = client.post("/v1/games/tric-trac/analyze?lang=de", json=body).json()
    assert german["plies"] == first["plies"] and german["annotated"] != first["annotated"]
    assert parse_record(german["annotated"]) == parse_record(text)
    plain = client.post(
        "/v1/games/tric-trac/analyze", content=text, headers={"content-type": "text/plain"}
    ).json()
    assert plain["stats"]["budget"] == analysis.DEFAULT_BUDGET
    assert len(plain["plies"]) == len(first["plies"])


def test_graphql_analyze_answers_the_rest_review(client):
    text = record_of(client, "mixtour", None, None, 6, "g")
    body = {"record": text, "budget": BUDGET, "analysisSeed": "q"}
    rest = analyze(client, "mixtour", body)
    query = """query($r: String!) { analyze(game: "mixtour", record: $r, budget: 4,
      analysisSeed: "q") { __typename ... on Analysis { plies players stats annotated } } }"""
    data = client.post("/graphql", json={"query": query, "variables": {"r": text}}).json()
    found = data["data"]["analyze"]
    assert found["__typename"] == "Analysis"
    assert {k: found[k] for k in ("plies", "players", "stats", "annotated")} == rest
    bad = query.replace("budget: 4", "budget: 0")
    data = client.post("/graphql", json={"query": bad, "variables": {"r": text}}).json()
    assert data["data"]["analyze"]["__typename"] == "InvalidRequest"


def test_analyze_refusals(client):
    """An illegal move is ILLEGAL_MOVE with its ply; a bad budget, a record with moves, an
    unreadable record: each its own error."""
    r = client.post("/v1/games/mixtour/analyze", json={"moves": ["c3", "c3"], "budget": 2})
    assert (r.status_code, r.json()["error"]["code"]) == (422, "ILLEGAL_MOVE")
    assert r.json()["error"]["details"]["ply"] == 1
    for body, path in (
        ({"moves": ["c3"], "budget": 0}, "$.budget"),
        ({"moves": ["c3"], "budget": 161}, "$.budget"),
        ({"moves": ["c3"], "analysisSeed": 5}, "$.analysisSeed"),
        ({"record": '[Game "mixtour"]\n\n1. c3\n', "moves": ["c3"]}, "$.moves"),
        ({"moves": ["c3"], "claimed": {}}, "$.claimed"),
    ):
        r = client.post("/v1/games/mixtour/analyze", json=body)
        assert (r.status_code, r.json()["error"]["code"]) == (400, "INVALID_REQUEST"), body
        paths = [p["path"] for p in r.json()["error"]["details"]["problems"]]
        assert path in paths, (body, paths)
    r = client.post("/v1/games/mixtour/analyze", json={"record": "1. c3\n"})
    assert r.json()["error"]["code"] == "INVALID_RECORD"
    r = client.post("/v1/games/mixtour/analyze", json={"moves": ["zz"]})
    assert r.json()["error"]["code"] == "INVALID_NOTATION"


def test_an_analysis_out_of_cpu_still_reviews_every_move(make_client):
    """ANALYZE_MAX_CPU_MS bounds the searches of a request together: past it the positions
    left are valued without a search (an interval of 0 to 1) and the answer says so."""
    tight = make_client(analyze_max_cpu_ms=1)
    text = record_of(tight, "te-trix", 2, None, 12, "cpu")
    review = analyze(tight, "te-trix", {"record": text, "budget": 40})
    assert review["stats"]["cpuLimited"] is True
    assert review["stats"]["iterations"] < 40 * review["stats"]["positions"]
    assert len([e for e in review["plies"] if e["kind"] == "decision"]) == 12


def test_regelwerk_analyze_reviews_a_file_offline(client, tmp_path):
    """The command line, as a subprocess: text records in, annotated records or NDJSON
    reviews out (a bad record: its line says why, exit 1), the bar on stderr."""
    good = record_of(client, "mixtour", None, None, 5, "cli")
    bad = '[Game "mixtour"]\n\n1. c3\n2. c3\n'
    path = tmp_path / "games.txt"
    path.write_text(good + "\n" + bad)
    run = [COMMAND, "analyze", str(path), "--budget", "3"]
    done = subprocess.run([*run, "--format", "text", "--progress"], capture_output=True, text=True)
    assert done.returncode == 1, done.stderr
    annotated, refusal = done.stdout.split("\n; line ")
    assert parse_record(annotated) == parse_record(good)
    assert "c3" in refusal and "[" in done.stderr and "move 5 of 5" in done.stderr
    done = subprocess.run([*run, "--no-progress"], capture_output=True, text=True)
    lines = [jsonio.loads(line) for line in done.stdout.splitlines()]
    assert [("error" in line, line["game"]) for line in lines] == [
        (False, "mixtour"),
        (True, "mixtour"),
    ]
    assert lines[1]["error"]["code"] == "ILLEGAL_MOVE" and done.stderr == ""
    ndjson = tmp_path / "games.ndjson"
    ndjson.write_text(
        jsonio.dumps({"game": "mixtour", "moves": ["c3", "c4"], "budget": 2}).decode()
    )
    done = subprocess.run(
        [COMMAND, "analyze", str(ndjson)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    (line,) = [jsonio.loads(x) for x in done.stdout.splitlines()]
    assert line["stats"]["budget"] == 2 and len(line["plies"]) == 2


def test_the_docs_list_every_games_marks():
    """docs/bots.md's table of thresholds is each game's GameSpec.marks."""
    from ..server_process import ROOT

    docs = (ROOT / "docs" / "bots.md").read_text()
    for game, spec in SPECS.items():
        name = REGISTRY[game].descriptor.name
        row = f"| {name} | " + " | ".join(f"{m:g}" for m in spec.marks) + " |"
        assert row in docs, row


def test_post_analyze_streams_the_lines_regelwerk_analyze_prints(client, tmp_path):
    """POST /v1/analyze (issue 27, point 5: NDJSON in and out): one review a line, in order,
    the very lines the command line prints for the same file; a line with no review says why
    (its JSON, an unknown game, an illegal move) and the rest go on."""
    good = {"game": "mixtour", "moves": ["c3", "c4"], "budget": 2, "analysisSeed": "b"}
    record = record_of(client, "tric-trac", None, None, 6, "batch")
    lines = [
        jsonio.dumps(good).decode(),
        "",  # blank: skipped
        "{not json",
        jsonio.dumps({"game": "chess", "moves": []}).decode(),
        jsonio.dumps({"game": "mixtour", "moves": ["c3", "c3"]}).decode(),
        jsonio.dumps({"game": "tric-trac", "record": record, "budget": 2}).decode(),
    ]
    body = "\n".join(lines) + "\n"
    answer = client.post(
        "/v1/analyze", content=body, headers={"Content-Type": "application/x-ndjson"}
    )
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("application/x-ndjson")
    got = [jsonio.loads(line) for line in answer.text.splitlines()]
    assert [(g["line"], g["game"], g.get("error", {}).get("code")) for g in got] == [
        (1, "mixtour", None),
        (3, None, "MALFORMED_JSON"),
        (4, "chess", "UNKNOWN_GAME"),
        (5, "mixtour", "ILLEGAL_MOVE"),
        (6, "tric-trac", None),
    ]
    single = analyze(client, "mixtour", {k: v for k, v in good.items() if k != "game"})
    assert {k: v for k, v in got[0].items() if k not in ("line", "game")} == single
    path = tmp_path / "games.ndjson"
    path.write_text(body)
    done = subprocess.run([COMMAND, "analyze", str(path)], capture_output=True, text=True)
    assert done.returncode == 1, done.stderr
    assert [jsonio.loads(line) for line in done.stdout.splitlines()] == got


def test_post_analyze_words_errors_in_the_asked_language_and_skips_a_long_line(make_client):
    client = make_client(max_body_bytes=200)
    long = jsonio.dumps({"game": "mixtour", "moves": ["c3"] * 60}).decode()
    body = long + "\n" + jsonio.dumps({"game": "chess"}).decode() + "\n"
    answer = client.post(
        "/v1/analyze",
        content=body,
        headers={"Content-Type": "application/x-ndjson", "Accept-Language": "de"},
    )
    first, second = [jsonio.loads(line) for line in answer.text.splitlines()]
    assert (first["line"], first["error"]["code"]) == (1, "BODY_TOO_LARGE")
    assert (second["line"], second["error"]["code"]) == (2, "UNKNOWN_GAME")
    assert second["error"]["message"].startswith("unbekanntes Spiel")
    assert second["error"]["messageId"] == "error-unknown-game"
