"""Soak (issue "Hardening", item 7): the real server (``python -m service``, one uvicorn
worker) under valid and hostile traffic from several client threads, each sending a fixed
number of rounds (a count, not a stopwatch: a loaded machine takes longer, never does less).

Valid traffic (all four games, seeded, over REST and GraphQL, POST, GET and persisted
queries) is checked against the engines run in this process: ``new`` and ``replay`` answer the
states a local playout reaches, ``play`` by document equals ``play`` by notation, legal moves
are the engine's own list, scores and status are the engine's. Hostile traffic repeats the
cases of the issue: aliased replays, a state with 40,000 bad keys, deep nesting, 5000-digit
ints, null and 0xFF bodies, batches, huge syntax errors, wrong media types, oversized bodies
(sized and chunked), slow partial bodies then disconnects, long replays, and issue 21's hostile
texts (tests/fuzz/hostile_inputs.py), one a round.

Asserted: not one 5xx, every valid answer correct, nothing logged as an internal error, every
case run as often as planned, and the server's resident memory flat after warm-up (its peak,
VmHWM, sampled once a third of the rounds are done, and at the end). The one-line summary it
prints is the number for the docs.
"""

from __future__ import annotations

import hashlib
import http.client
import json
import random
import socket
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from service.games import REGISTRY

from ..games.mixtour.helpers import shuttle
from ..server_process import call, server_process
from .hostile_inputs import code_of, hostile_inputs
from .playouts import GAMES, Playout, legal_notations, playout

VALID_CLIENTS = 3
VALID_ROUNDS = 1_400  # checks per valid client: each kind of check in VALID 200 times
HOSTILE_CLIENTS = 2
HOSTILE_PASSES = 12  # times each hostile client goes through every case
RSS_GROWTH_LIMIT_MB = 20.0  # peak RSS growth after warm-up; the summary prints the numbers
SEEDS = 5  # seeded games per game and player count: a pool the cache can hold
PLIES = 10
NEW = "application/graphql-response+json"
JSON_TYPE = {"content-type": "application/json"}

pytestmark = pytest.mark.slow


# -- the pool of games (expected answers computed here, by the engines) ------------------
def pool() -> list[Playout]:
    games = []
    for game in GAMES:
        d = REGISTRY[game].descriptor
        for players in [None, *([d.max_players] if d.max_players > 2 else [])]:
            games += [playout(game, f"soak-{i}", PLIES, players) for i in range(SEEDS)]
    return games


class Expected:
    """Legal move lists by (playout, ply, player), computed once (threads share them)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.legal: dict[tuple[int, int, int | None], list[str]] = {}

    def moves(self, p: Playout, i: int, player: int | None) -> list[str]:
        key = (id(p), i, player)
        with self.lock:
            found = self.legal.get(key)
        if found is None:
            found = legal_notations(p.game, p.states[i], player)
            with self.lock:
                self.legal[key] = found
        return found


def mover(p: Playout, i: int) -> int | None:
    """Who legal-moves is asked for at ply ``i``: the mover when several act at once."""
    movers = p.engine.to_move(p.states[i])
    return movers[0] if len(movers) > 1 else None


# -- HTTP ------------------------------------------------------------------------------
class Client:
    """One keep-alive connection per thread; every answer's status is counted."""

    def __init__(self, port: int, stats: Stats) -> None:
        self.port = port
        self.stats = stats
        self.conn: http.client.HTTPConnection | None = None

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def send(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, bytes]:
        retries = (0, 1) if body is None or isinstance(body, bytes) else (1,)
        for attempt in retries:
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
            try:
                self.conn.request(method, path, body=body, headers=headers or {})
                response = self.conn.getresponse()
                data = response.read()
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                # a keep-alive connection the server closed meanwhile: every call is pure,
                # so sending it again is safe
                self.close()
                if attempt:
                    raise
                continue
            if response.getheader("connection", "").lower() == "close":
                self.close()
            self.stats.answered(response.status)
            return response.status, data
        raise AssertionError("unreachable")

    def post(self, path: str, body: Any, headers: dict[str, str] | None = None) -> Any:
        if isinstance(body, dict):  # a field left out, never null (null is not documented)
            body = {k: v for k, v in body.items() if v is not None}
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        return self.send("POST", path, data, {**JSON_TYPE, **(headers or {})})

    def ok(self, path: str, body: Any, headers: dict[str, str] | None = None) -> Any:
        status, data = self.post(path, body, headers)
        assert status == 200, f"{path}: {status} {data[:300]!r}"
        return json.loads(data)


class Stats:
    def __init__(self, rounds: int = 0) -> None:
        self.lock = threading.Lock()
        self.statuses: Counter[int] = Counter()
        self.cases: Counter[str] = Counter()
        self.failures: list[str] = []
        self.failure_count = 0
        self.rounds = rounds  # planned, over all clients
        self.done = 0
        self.a_third_done = threading.Event()

    def answered(self, status: int) -> None:
        with self.lock:
            self.statuses[status] += 1

    def ran(self, case: str) -> None:
        with self.lock:
            self.cases[case] += 1

    def failed(self, case: str, error: BaseException) -> None:
        with self.lock:
            self.failure_count += 1
            if len(self.failures) < 20:
                self.failures.append(f"{case}: {type(error).__name__}: {str(error)[:500]}")

    def round_done(self) -> None:
        with self.lock:
            self.done += 1
            if 3 * self.done >= self.rounds:
                self.a_third_done.set()


# -- valid traffic ---------------------------------------------------------------------
def state_of(answer: dict[str, Any]) -> dict[str, Any]:
    return dict(answer["state"])


def rest_new(c: Client, p: Playout, rng: random.Random, expected: Expected) -> None:
    body: dict[str, Any] = {"seed": p.seed, "players": p.players}
    answer = c.ok(f"/v1/games/{p.game}/new", body)
    assert state_of(answer) == p.doc(0), (p.game, p.seed)
    assert answer["toMove"] == list(p.engine.to_move(p.states[0]))


def rest_legal_moves(c: Client, p: Playout, rng: random.Random, expected: Expected) -> None:
    i = rng.randrange(len(p.states))
    player = mover(p, i)
    body = {"state": p.doc(i), "player": player}
    answer = c.ok(f"/v1/games/{p.game}/legal-moves", body)
    got = [m["notation"] for m in answer["moves"]]
    assert got == expected.moves(p, i, player), (p.game, p.seed, i, player)


def rest_play(c: Client, p: Playout, rng: random.Random, expected: Expected) -> None:
    i = rng.randrange(len(p.steps))
    j = rng.randrange(i + 1, len(p.steps) + 1)
    path = f"/v1/games/{p.game}/play"
    by_notation = c.ok(path, {"state": p.doc(i), "moves": p.moves()[i:j]})
    by_document = c.ok(path, {"state": p.doc(i), "moves": p.documents()[i:j]})
    assert state_of(by_notation) == p.doc(j), (p.game, p.seed, i, j)
    assert by_document == by_notation
    one = p.steps[i]
    single = c.ok(path, {"state": p.doc(i), "move": one.document, "player": one.player})
    assert state_of(single) == p.doc(i + 1)


def rest_replay(c: Client, p: Playout, rng: random.Random, expected: Expected) -> None:
    j = rng.randrange(len(p.steps) + 1)
    body = {"seed": p.seed, "players": p.players, "moves": p.moves(j)}
    answer = c.ok(f"/v1/games/{p.game}/replay", body)
    assert state_of(answer) == p.doc(j) and answer["plies"] == j, (p.game, p.seed, j)


def rest_score(c: Client, p: Playout, rng: random.Random, expected: Expected) -> None:
    j = rng.randrange(len(p.states))
    answer = c.ok(f"/v1/games/{p.game}/score", {"state": p.doc(j)})
    state = p.states[j]
    status = p.engine.status(state)
    assert answer["scores"] == list(p.engine.scores(state).values)
    assert answer["status"] == status.label and answer["winners"] == list(status.winners)


GQL = """query Soak($game: String!, $seed: String, $players: Int, $state: JSON!,
    $moves: [JSON!]!, $all: [JSON!]!, $player: Int) {
  newGame(game: $game, seed: $seed, players: $players) {
    __typename ... on Position { state toMove }
  }
  play(game: $game, state: $state, moves: $moves) {
    __typename ... on PlayOutcome { position { state scores status } }
    ... on MoveRejected { code message }
  }
  position(game: $game, state: $state) {
    __typename ... on Position { toMove scores legalMoves(player: $player) { notation } }
  }
  replay(game: $game, seed: $seed, players: $players, moves: $all) {
    __typename ... on ReplayOutcome { plies position { state } }
  }
}"""
GQL_HASH = hashlib.sha256(GQL.encode()).hexdigest()


def graphql_variables(p: Playout, rng: random.Random) -> tuple[dict[str, Any], int, int]:
    i = rng.randrange(len(p.steps))
    j = rng.randrange(i + 1, len(p.steps) + 1)
    variables = {
        "game": p.game,
        "seed": p.seed,
        "players": p.players,
        "state": p.doc(i),
        "moves": p.moves()[i:j],
        "all": p.moves(j),
        "player": mover(p, i),
    }
    return variables, i, j


def check_graphql(p: Playout, data: dict[str, Any], i: int, j: int, expected: Expected) -> None:
    where = (p.game, p.seed, i, j)
    assert data["newGame"]["state"] == p.doc(0), where
    assert data["play"]["position"]["state"] == p.doc(j), (where, data["play"])
    assert data["play"]["position"]["scores"] == list(p.engine.scores(p.states[j]).values)
    position = data["position"]
    assert position["toMove"] == list(p.engine.to_move(p.states[i])), where
    got = [m["notation"] for m in position["legalMoves"]]
    assert got == expected.moves(p, i, mover(p, i)), where
    assert data["replay"]["plies"] == j and data["replay"]["position"]["state"] == p.doc(j)


def graphql_post(c: Client, p: Playout, rng: random.Random, expected: Expected) -> None:
    variables, i, j = graphql_variables(p, rng)
    answer = c.ok("/graphql", {"query": GQL, "variables": variables}, {"accept": NEW})
    assert "errors" not in answer, answer["errors"]
    check_graphql(p, answer["data"], i, j, expected)


def graphql_persisted_get(c: Client, p: Playout, rng: random.Random, expected: Expected) -> None:
    """Automatic persisted queries: the hash by GET, the text once when it is unknown."""
    variables, i, j = graphql_variables(p, rng)
    extensions = {"persistedQuery": {"version": 1, "sha256Hash": GQL_HASH}}
    params = {"variables": json.dumps(variables), "extensions": json.dumps(extensions)}
    query = "&".join(f"{k}={quote(v)}" for k, v in params.items())
    status, data = c.send("GET", f"/graphql?{query}", headers={"accept": NEW})
    answer = json.loads(data)
    if status == 400:
        assert answer["errors"][0]["extensions"]["code"] == "PERSISTED_QUERY_NOT_FOUND", answer
        body = {"query": GQL, "variables": variables, "extensions": extensions}
        answer = c.ok("/graphql", body, {"accept": NEW})
    else:
        assert status == 200, answer
    assert "errors" not in answer, answer["errors"]
    check_graphql(p, answer["data"], i, j, expected)


def quote(text: str) -> str:
    from urllib.parse import quote as q

    return q(text, safe="")


VALID: list[Callable[[Client, Playout, random.Random, Expected], None]] = [
    rest_new,
    rest_legal_moves,
    rest_play,
    rest_replay,
    rest_score,
    graphql_post,
    graphql_persisted_get,
]


def warm_up(c: Client, games: list[Playout], expected: Expected) -> None:
    """Every position of the pool asked once, so the cache holds the pool before the first
    memory sample (what grows after that is not the cache filling up)."""
    for p in games:
        for i in range(len(p.states)):
            body = {"state": p.doc(i), "player": mover(p, i)}
            c.ok(f"/v1/games/{p.game}/legal-moves", body)
            c.ok(f"/v1/games/{p.game}/position", {"state": p.doc(i)})
            c.ok(f"/v1/games/{p.game}/score", {"state": p.doc(i)})


# -- hostile traffic -------------------------------------------------------------------
def graphql_codes(data: bytes) -> set[str]:
    return {e["extensions"]["code"] for e in json.loads(data)["errors"]}


class Hostile:
    """The issue's cases; each asserts the answer it must get. Bodies are built once."""

    def __init__(self, port: int) -> None:
        self.port = port
        aliases = " ".join(
            f'r{i}: replay(game: "mixtour", moves: ["a1"]) {{ __typename }}' for i in range(5000)
        )
        self.aliased = json.dumps({"query": "{ " + aliases + " }"}).encode()
        bad = {"game": "mixtour", "v": 1, **{f"k{i}": i for i in range(40_000)}}
        self.bad_keys = json.dumps({"state": bad}).encode()
        fields = " ".join(
            f"p{i}: position(game: $g, state: $s) {{ ... on InvalidState {{ problemCount "
            "problems { path } } }"
            for i in range(10)  # GRAPHQL_MAX_ROOT_FIELDS
        )
        query = "query($g: String!, $s: JSON!) { " + fields + " }"
        self.bad_keys_gql = json.dumps(
            {"query": query, "variables": {"g": "mixtour", "s": bad}}
        ).encode()
        self.deep_json = b"[" * 100_000 + b"]" * 100_000
        self.huge_int = b'{"players": ' + b"9" * 5000 + b"}"
        self.syntax = json.dumps({"query": "{ (" + "[{( !$@ " * 3500}).encode()
        self.oversized = json.dumps({"moves": ["a1"] * 230_000}).encode()  # > 1 MiB
        self.long_replay = json.dumps({"moves": shuttle(2000)}).encode()
        self.texts = hostile_inputs()
        self.next_text = 0
        self.lock = threading.Lock()
        self.cases: list[tuple[str, Callable[[Client], None]]] = [
            (name.removeprefix("case_"), getattr(self, name))
            for name in sorted(dir(self))
            if name.startswith("case_")
        ]

    def case_aliased_replays(self, c: Client) -> None:
        status, data = c.post("/graphql", self.aliased, {"accept": NEW})
        assert status == 400 and graphql_codes(data) == {"QUERY_TOO_LARGE"}, data[:300]

    def case_bad_keys_rest(self, c: Client) -> None:
        status, data = c.post("/v1/games/mixtour/position", self.bad_keys)
        assert status == 422 and len(json.loads(data)["error"]["details"]["problems"]) == 100

    def case_bad_keys_graphql_aliases(self, c: Client) -> None:
        status, data = c.post("/graphql", self.bad_keys_gql, {"accept": NEW})
        assert status == 200 and len(data) < 1_000_000, (status, data[:300])
        answers = json.loads(data)["data"].values()
        assert all(a["problemCount"] >= 40_000 and len(a["problems"]) == 100 for a in answers)

    def case_deep_nesting(self, c: Client) -> None:
        query = "{ " + "a { " * 13 + "b" + " }" * 13 + " }"
        status, data = c.post("/graphql", {"query": query}, {"accept": NEW})
        assert status == 400 and graphql_codes(data) == {"QUERY_TOO_DEEP"}, data[:300]
        status, data = c.post("/v1/games/mixtour/position", self.deep_json)
        assert status == 400, data[:300]
        status, data = c.post("/graphql", self.deep_json)
        assert status == 400, data[:300]

    def case_huge_ints(self, c: Client) -> None:
        status, data = c.post("/v1/games/mixtour/new", self.huge_int)
        assert status == 400, data[:300]
        query = '{ newGame(game: "mixtour", players: ' + "9" * 5000 + ") { __typename } }"
        status, data = c.post("/graphql", {"query": query}, {"accept": NEW})
        assert status == 400 and graphql_codes(data) == {"GRAPHQL_VALIDATION_FAILED"}
        # a JSON literal is read as JSON: 5,000 digits are no JSON number (REST: 400 too)
        query = '{ position(game: "mixtour", state: ' + "9" * 5000 + ") { __typename } }"
        status, data = c.post("/graphql", {"query": query}, {"accept": NEW})
        assert status == 400 and graphql_codes(data) == {"GRAPHQL_VALIDATION_FAILED"}

    def case_null_and_ff_bodies(self, c: Client) -> None:
        for body in (b"null", b"\xff", b"\x00" * 64):
            for path in ("/v1/games/te-trix/play", "/graphql"):
                status, data = c.post(path, body)
                assert status == 400, (path, body[:8], data[:300])

    def case_batch(self, c: Client) -> None:
        one = {"query": "{ games { id } }"}
        status, data = c.post("/graphql", [one] * 50)
        assert status == 400 and graphql_codes(data) == {"BAD_REQUEST"}

    def case_huge_syntax_error(self, c: Client) -> None:
        status, data = c.post("/graphql", self.syntax, {"accept": NEW})
        assert status == 400 and len(data) < 10_000, (status, data[:300])

    def case_wrong_media_types(self, c: Client) -> None:
        body = json.dumps({"query": "{ games { id } }"}).encode()
        for media in ("text/plain", "application/graphql", "multipart/form-data"):
            status, _ = c.send("POST", "/graphql", body, {"content-type": media})
            assert status == 415, media
        status, _ = c.send("POST", "/graphql", body, {**JSON_TYPE, "accept": "text/csv"})
        assert status == 406

    def case_oversized_body(self, c: Client) -> None:
        try:
            status, data = c.post("/v1/games/mixtour/replay", self.oversized)
        except OSError:
            c.close()  # refused (by its content-length) while still sending
            return
        assert status == 413, data[:300]

    def case_oversized_chunked_body(self, c: Client) -> None:
        chunks = (self.oversized[i : i + 65536] for i in range(0, len(self.oversized), 65536))
        try:
            status, data = c.send("POST", "/graphql", chunks, {**JSON_TYPE, "accept": NEW})
        except OSError:
            c.close()  # refused while still sending: the server read enough to know
            return
        assert status == 413, data[:300]

    def case_slow_partial_bodies(self, c: Client) -> None:
        head = (
            "POST /v1/games/mixtour/replay HTTP/1.1\r\nhost: x\r\n"
            "content-type: application/json\r\n"
        )
        for opening in (
            head + "content-length: 5000\r\n\r\n" + '{"moves": ["a1", ',
            head + "transfer-encoding: chunked\r\n\r\n10\r\n" + '{"moves": ["a1",',
            head.rstrip("\r\n"),  # the headers never end
        ):
            with socket.create_connection(("127.0.0.1", self.port), timeout=10) as s:
                for k in range(0, len(opening), 24):
                    s.sendall(opening[k : k + 24].encode())
                    # The slow client is the case itself; nothing waits on it or is timed:
                    # the case passes however long the pauses really are.
                    time.sleep(0.02)

    def case_client_text(self, c: Client) -> None:
        """Issue 21's hostile texts (tests/fuzz/hostile_inputs.py), one per round in turn."""
        with self.lock:
            entry = self.texts[self.next_text % len(self.texts)]
            self.next_text += 1
        status, data = c.send(entry.method, entry.path, entry.body(), entry.headers)
        assert (status, code_of(entry, data)) == (entry.status, entry.code), (
            entry.name,
            data[:300],
        )

    def case_long_replay(self, c: Client) -> None:
        answer = c.ok("/v1/games/mixtour/replay", self.long_replay)
        assert answer["plies"] == 2000


# -- the run ---------------------------------------------------------------------------
def memory_mb(pid: int) -> tuple[float, float]:
    """The process's resident memory now and at its peak (VmRSS, VmHWM), in MB."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            fields[name] = int(value.split()[0]) / 1024
    return fields["VmRSS"], fields["VmHWM"]


def test_soak_real_server_valid_and_hostile_traffic():
    games = pool()
    expected = Expected()
    # no secret: the service samples chance exactly as the local playouts do
    with server_process(RULES_SECRET="", RULES_PREVIOUS_SECRETS="") as server:
        hostile = Hostile(server.port)
        passes = HOSTILE_PASSES * len(hostile.cases)
        stats = Stats(VALID_CLIENTS * VALID_ROUNDS + HOSTILE_CLIENTS * passes)
        warm = Client(server.port, Stats())  # not counted in the summary
        warm_up(warm, games, expected)
        warm.close()
        start = time.monotonic()

        def valid_client(n: int) -> None:
            rng = random.Random(f"soak-{n}")
            c = Client(server.port, stats)
            for k in range(n, n + VALID_ROUNDS):
                check = VALID[k % len(VALID)]
                try:
                    check(c, rng.choice(games), rng, expected)
                    stats.ran(check.__name__)
                except Exception as exc:
                    stats.failed(check.__name__, exc)
                    c.close()
                stats.round_done()
            c.close()

        def hostile_client(n: int) -> None:
            # the clients start apart in the list of cases
            for k in range(n * 5, n * 5 + passes):
                name, case = hostile.cases[k % len(hostile.cases)]
                c = Client(server.port, stats)  # a fresh connection: cases may break theirs
                try:
                    case(c)
                    stats.ran(name)
                except Exception as exc:
                    stats.failed(name, exc)
                finally:
                    c.close()
                stats.round_done()

        threads = [
            threading.Thread(target=valid_client, args=(n,), daemon=True)
            for n in range(VALID_CLIENTS)
        ]
        threads += [
            threading.Thread(target=hostile_client, args=(n,), daemon=True)
            for n in range(HOSTILE_CLIENTS)
        ]
        for t in threads:
            t.start()
        # The deadlines only stop a hung run; the load decides how long it takes.
        assert stats.a_third_done.wait(timeout=600), "a third of the rounds never finished"
        before, peak_before = memory_mb(server.proc.pid)
        for t in threads:
            t.join(timeout=600)
        assert not any(t.is_alive() for t in threads), "a client thread hangs"
        duration = time.monotonic() - start
        after, peak_after = memory_mb(server.proc.pid)
        assert call(server.base + "/healthz")[0] == 200
        output = server.output()

    requests = sum(stats.statuses.values())
    errors = sum(n for status, n in stats.statuses.items() if status >= 500)
    print(
        f"\nsoak: {requests} requests in {duration:.1f} s ({requests / duration:.0f}/s), "
        f"{sum(stats.cases[v.__name__] for v in VALID)} valid checks, "
        f"{sum(stats.cases[name] for name, _ in hostile.cases)} hostile cases, "
        f"5xx: {errors}, server RSS {before:.1f} -> {after:.1f} MB, "
        f"peak {peak_before:.1f} -> {peak_after:.1f} MB ({peak_after - peak_before:+.1f} MB); "
        f"statuses {dict(sorted(stats.statuses.items()))}"
    )
    assert not stats.failures, f"{stats.failure_count} failures:\n" + "\n".join(stats.failures)
    assert errors == 0, stats.statuses
    assert "internal error" not in output and "Traceback" not in output, output[-5000:]
    # every round ran its case to the end (a failure is listed above)
    runs = VALID_CLIENTS * VALID_ROUNDS // len(VALID)
    assert {v.__name__: stats.cases[v.__name__] for v in VALID} == {v.__name__: runs for v in VALID}
    runs = HOSTILE_CLIENTS * HOSTILE_PASSES
    assert {name: stats.cases[name] for name, _ in hostile.cases} == {
        name: runs for name, _ in hostile.cases
    }
    # The peak (VmHWM), not the current value: RSS swings by tens of MB with the big hostile
    # requests in flight and what they leave behind; a leak raises the peak steadily.
    assert peak_after - peak_before < RSS_GROWTH_LIMIT_MB, (peak_before, peak_after)
