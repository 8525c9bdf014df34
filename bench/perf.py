"""REST and GraphQL side by side, and both against the framework floor (issue "GraphQL within
2x of REST"): ``./dev bench perf``.

One run starts the floor app (``bench/floor.py``: starlette + orjson echo) and the service
(one uvicorn worker each, as ``python -m service`` runs), then sends each request mix with
``wrk`` (Debian package), 16 connections. Per row it prints requests/s, the server's CPU per
request (utime + stime from /proc, all threads), p50 and p99 latency, and the ratios that the
targets name: REST / echo and GraphQL / REST by CPU per request. "cached" rows repeat one
state (an in-process cache hit after the first request); "computed" rows cycle through
distinct states on a server with the cache off. Each row runs three rounds (one with
``--quick``), REST then GraphQL in turn, and keeps its round with the least CPU per request;
the echo likewise. Absolute numbers depend on the machine; compare the ratios of one run.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from service.games import REGISTRY
from tests.redis_server import free_port
from tests.server_process import ROOT, call, server_process

from . import targets
from .common import playout_positions
from .load import LUA

TICKS = os.sysconf("SC_CLK_TCK")
POSITION_FIELDS = "state toMove isChance status winners scores"
LEGAL = """query Legal($game: String!, $state: JSON!, $player: Int) {
  position(game: $game, state: $state) { __typename
    ... on Position { legalMoves(player: $player) { notation move probability } } } }"""
PLAY = f"""query Play($game: String!, $state: JSON!, $moves: [JSON!]!, $player: Int) {{
  play(game: $game, state: $state, moves: $moves, player: $player, autoChance: false) {{
    __typename ... on PlayOutcome {{ events position {{ {POSITION_FIELDS} }} }} }} }}"""
# The rows issue 26's targets name (bench/targets.py). Te-Trix with 2 players on 7 x 7 has
# ~60 placements a player; the 4-player 9 x 9 rows reach 250+ moves.
GAMES: list[tuple[str, str, int | None, dict[str, Any] | None]] = [
    ("mixtour", "mixtour", None, None),
    ("tric-trac", "tric-trac", None, None),
    ("te-trix 2p 7x7", "te-trix", 2, {"size": 7}),
    ("te-trix 4p 9x9", "te-trix", 4, {"size": 9}),
    ("triominos-junior", "triominos-junior", 3, None),
]


@dataclass
class Result:
    rate: float
    cpu_us: float
    p50_ms: float
    p99_ms: float


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def _ms(text: str) -> float:
    value, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", text).groups()  # type: ignore[union-attr]
    return float(value) * {"us": 1e-3, "ms": 1.0, "s": 1e3}[unit]


def wrk(base: str, path: str, bodies: list[str], pid: int, seconds: int, folder: Path) -> Result:
    script = folder / "bodies.lua"
    script.write_text(LUA % (",".join("[==[" + b + "]==]" for b in bodies), path))
    before = _cpu_seconds(pid)
    out = subprocess.run(
        ["wrk", "-t1", "-c16", f"-d{seconds}s", "--latency", "-s", str(script), base],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    cpu = _cpu_seconds(pid) - before
    requests = int(re.search(r"(\d+) requests in", out)[1])  # type: ignore[index]
    if re.search(r"Non-2xx or 3xx responses: (\d+)", out):
        raise RuntimeError(f"wrk saw errors on {path}:\n{out}")
    p50 = _ms(re.search(r"^\s+50%\s+(\S+)", out, re.M)[1])  # type: ignore[index]
    p99 = _ms(re.search(r"^\s+99%\s+(\S+)", out, re.M)[1])  # type: ignore[index]
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out)[1])  # type: ignore[index]
    return Result(rate, cpu / requests * 1e6, p50, p99)


@contextmanager
def floor_app() -> Iterator[tuple[str, int]]:
    port = free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "bench.floor:app",
            "--port",
            str(port),
            "--no-access-log",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                call(base + "/echo", {"ok": 1})
                break
            except OSError:
                time.sleep(0.1)
        yield base, proc.pid
    finally:
        proc.terminate()
        proc.wait()


def _cases(label: str, game: str, players: int | None, options: dict[str, Any] | None, n: int):
    """(operation, REST path, REST bodies, GraphQL bodies) for legal moves and play."""
    engine = REGISTRY[game]
    states = playout_positions(engine, n, seed=11, players=players, options=options)
    rest_legal, gql_legal, rest_play, gql_play = [], [], [], []
    for s in states:
        doc = engine.encode(s)
        movers = engine.to_move(s)
        player = movers[0] if len(movers) > 1 else None
        move = engine.notation(engine.legal_moves(s, movers[0] if movers else None)[0])
        body: dict[str, Any] = {"state": doc}
        variables: dict[str, Any] = {"game": game, "state": doc}
        if player is not None:
            body["player"] = player
            variables["player"] = player
        rest_legal.append(json.dumps(body))
        gql_legal.append(json.dumps({"query": LEGAL, "variables": variables}))
        rest_play.append(json.dumps({**body, "move": move, "autoChance": False}))
        gql_play.append(json.dumps({"query": PLAY, "variables": {**variables, "moves": [move]}}))
    return [
        ("legal moves", f"/v1/games/{game}/legal-moves", rest_legal, gql_legal),
        ("play", f"/v1/games/{game}/play", rest_play, gql_play),
    ]


def run(quick: bool = False, vs: str | None = None, rounds: int = 3) -> None:
    """Every row ``rounds`` times (once with ``quick``), REST then GraphQL in turn, and the
    echo as often before them: each figure is its round with the least CPU per request, as
    ``run_vs`` takes them (noise on a shared machine only ever adds CPU; one row measured
    once moved between 410 and 606 µs in three rounds on a busy day)."""
    if shutil.which("wrk") is None:
        print("wrk is not installed (apt-get install wrk); skipping")
        return
    if vs is not None:
        run_vs(Path(vs), quick)
        return
    seconds = 2 if quick else 3
    rounds = 1 if quick else rounds
    n = 50 if quick else 300
    rows: list[tuple[str, str, str, Result, Result]] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        mixtour = _cases("mixtour", "mixtour", None, None, n)[0][2]
        with floor_app() as (base, pid):
            wrk(base, "/echo", mixtour[:1], pid, 1, folder)  # warm-up
            echo = _least(
                wrk(base, "/echo", mixtour[:1], pid, seconds, folder) for _ in range(rounds)
            )
        print(
            f"floor: starlette + orjson echo of a Mixtour legal-moves body: "
            f"{echo.rate:,.0f} req/s, {echo.cpu_us:.0f} µs CPU, "
            f"p50 {echo.p50_ms:.2f} ms, p99 {echo.p99_ms:.2f} ms"
            + (f" (the least of {rounds} rounds of {seconds} s)" if rounds > 1 else "")
        )
        for mode, env in (("cached", {}), ("computed", {"CACHE_ENTRIES": "0"})):
            with server_process(LOG_LEVEL="warning", **env) as server:
                pid, base = server.proc.pid, server.base
                for label, game, players, options in GAMES:
                    for op, path, rest, gql in _cases(label, game, players, options, n):
                        if mode == "cached":
                            rest, gql = rest[:1], gql[:1]
                        wrk(base, path, rest, pid, 1, folder)  # warm-up (and fill the cache)
                        wrk(base, "/graphql", gql, pid, 1, folder)
                        found: list[tuple[Result, Result]] = [
                            (
                                wrk(base, path, rest, pid, seconds, folder),
                                wrk(base, "/graphql", gql, pid, seconds, folder),
                            )
                            for _ in range(rounds)
                        ]
                        r = _least(f[0] for f in found)
                        g = _least(f[1] for f in found)
                        rows.append((label, op, mode, r, g))
    print(
        f"\n{'game':<17} {'operation':<12} {'':<9}"
        f"{'REST req/s':>11} {'µs':>6} {'p50':>6} {'p99':>6}  "
        f"{'GQL req/s':>10} {'µs':>6} {'p50':>6} {'p99':>6}  {'REST/echo':>9} {'GQL/REST':>8}"
    )
    for label, op, mode, r, g in rows:
        print(
            f"{label:<17} {op:<12} {mode:<9}"
            f"{r.rate:>11,.0f} {r.cpu_us:>6.0f} {r.p50_ms:>6.2f} {r.p99_ms:>6.2f}  "
            f"{g.rate:>10,.0f} {g.cpu_us:>6.0f} {g.p50_ms:>6.2f} {g.p99_ms:>6.2f}  "
            f"{r.cpu_us / echo.cpu_us:>8.2f}× {g.cpu_us / r.cpu_us:>7.2f}×"
        )
    print_targets(rows, echo)


def _least(results: Iterable[Result]) -> Result:
    """The round with the least CPU per request."""
    return min(results, key=lambda r: r.cpu_us)


def print_targets(rows: list[tuple[str, str, str, Result, Result]], echo: Result) -> None:
    """Each row's ratios against issue 26's targets (bench/targets.py), met or not."""
    print("\ntargets (issue 26, bench/targets.py):")
    met = total = 0
    for label, op, mode, r, g in rows:
        bound = (
            targets.CACHED_REST_OVER_ECHO[op]
            if mode == "cached"
            else targets.COMPUTED_REST_OVER_ECHO[label]
        )
        checks = [
            ("REST/echo", r.cpu_us / echo.cpu_us, bound),
            ("GraphQL/REST", g.cpu_us / r.cpu_us, targets.GRAPHQL_OVER_REST),
            ("REST p99/p50", r.p99_ms / r.p50_ms, targets.P99_OVER_P50),
            ("GraphQL p99/p50", g.p99_ms / g.p50_ms, targets.P99_OVER_P50),
        ]
        words = []
        for name, value, limit in checks:
            verdict = targets.at_most(value, limit)
            met += verdict == "met"
            total += 1
            words.append(f"{name} {value:.2f}× ≤ {limit}× {verdict}")
        print(f"{label:<17} {op:<12} {mode:<9}" + "; ".join(words))
    print(f"{met} of {total} met")


def run_vs(other: Path, quick: bool = False, rounds: int = 3) -> None:
    """This checkout's service against another's (``--vs PATH``, e.g. a worktree of the
    commit before a change), side by side: both servers run at once and every row is measured
    ``rounds`` times on each, alternating, so the machine's load falls on both alike; each
    figure is the lowest CPU per request of its rounds (noise only ever adds). REST and
    GraphQL CPU per request, and this one's over the other's."""
    seconds = 1 if quick else 2
    n = 50 if quick else 300
    print(f"REST and GraphQL CPU per request (µs, best of {rounds} alternating rounds):")
    print(f"this checkout (new) against {other} (old)")
    print(
        f"\n{'game':<17} {'operation':<12} {'':<9}"
        f"{'REST old':>9} {'new':>6} {'new/old':>8}  {'GQL old':>8} {'new':>6} {'new/old':>8}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for mode, env in (("cached", {}), ("computed", {"CACHE_ENTRIES": "0"})):
            with (
                server_process(LOG_LEVEL="warning", root=other.resolve(), **env) as old,
                server_process(LOG_LEVEL="warning", **env) as new,
            ):
                for label, game, players, options in GAMES:
                    for op, path, rest, gql in _cases(label, game, players, options, n):
                        if mode == "cached":
                            rest, gql = rest[:1], gql[:1]
                        best: dict[str, list[float]] = {"old": [], "new": []}
                        for server in (old, new):  # warm-up (and fill the cache)
                            wrk(server.base, path, rest, server.proc.pid, 1, folder)
                            wrk(server.base, "/graphql", gql, server.proc.pid, 1, folder)
                        for _ in range(rounds):
                            for name, server in (("old", old), ("new", new)):
                                pid, base = server.proc.pid, server.base
                                r = wrk(base, path, rest, pid, seconds, folder)
                                g = wrk(base, "/graphql", gql, pid, seconds, folder)
                                best[name].append(r.cpu_us)
                                best[name].append(g.cpu_us)
                        ro, go = min(best["old"][0::2]), min(best["old"][1::2])
                        rn, gn = min(best["new"][0::2]), min(best["new"][1::2])
                        print(
                            f"{label:<17} {op:<12} {mode:<9}{ro:>9.0f} {rn:>6.0f} "
                            f"{rn / ro:>7.2f}×  {go:>8.0f} {gn:>6.0f} {gn / go:>7.2f}×",
                            flush=True,
                        )
