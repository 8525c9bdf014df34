"""What the worst requests cost at the default limits (issue "Hardening"): each hostile or
maximal request is sent to the app in process with the in-process cache off (every position
computed), and its CPU time (all threads) and answer size are printed. The target: under 1 s
of CPU for anything the defaults allow; refusals cost next to nothing."""

from __future__ import annotations

import json
import random
import time
from typing import Any

from starlette.testclient import TestClient

from service.app import create_app
from service.games import REGISTRY
from service.games.core import driver
from service.settings import Settings
from tests.games.mixtour.helpers import shuttle


def te_trix_states(count: int) -> list[dict[str, Any]]:
    """4 players on 12 x 12 sheets at their placement phase: the largest legal-move lists."""
    engine = REGISTRY["te-trix"]
    rng = random.Random(5)
    out: list[dict[str, Any]] = []
    while len(out) < count:
        state = driver.start(engine, 4, {"size": 12}, f"h{len(out)}").state
        for _ in range(rng.randrange(0, 12)):
            if engine.status(state).finished:
                break
            mover = engine.to_move(state)
            player = mover[0] if len(mover) > 1 else None
            move = rng.choice(engine.legal_moves(state, player or (mover[0] if mover else None)))
            state = driver.play(
                engine, state, [driver.MoveRequest(engine.notation(move), player)], auto_chance=True
            ).state
        if len(engine.to_move(state)) > 1:
            out.append(engine.encode(state))
    return out


def measure(client: TestClient, method: str, path: str, **kw: Any) -> tuple[int, float, int]:
    start = time.process_time()
    r = client.request(method, path, **kw)
    return r.status_code, (time.process_time() - start) * 1e3, len(r.content)


def run(quick: bool = False) -> None:
    client = TestClient(create_app(Settings(cache_entries=0)))
    cases: list[tuple[str, str, str, dict[str, Any]]] = []
    aliases = " ".join(
        f'r{i}: replay(game: "mixtour", moves: ["a1"]) {{ __typename }}' for i in range(5000)
    )
    cases.append(
        (
            "5,000 aliased replays (refused)",
            "POST",
            "/graphql",
            {"json": {"query": "{ " + aliases + " }"}},
        )
    )
    record = shuttle(999)
    ten = " ".join(
        f'r{i}: replay(game: "mixtour", moves: $m) {{ ... on ReplayOutcome {{ position '
        f"{{ legalMoves {{ notation }} }} }} }}"
        for i in range(10)
    )
    cases.append(
        (
            "10 x replay of 999 Mixtour moves",
            "POST",
            "/graphql",
            {"json": {"query": "query($m: [JSON!]!) { " + ten + " }", "variables": {"m": record}}},
        )
    )
    states = te_trix_states(10)
    fields = " ".join(
        f'p{i}: position(game: "te-trix", state: $s{i}) {{ ... on Position {{ '
        f"legalMoves(player: 1) {{ notation move }} svg }} }}"
        for i in range(10)
    )
    head = ", ".join(f"$s{i}: JSON!" for i in range(10))
    cases.append(
        (
            "10 Te-Trix 12x12 legal moves + svg",
            "POST",
            "/graphql",
            {
                "json": {
                    "query": f"query({head}) {{ {fields} }}",
                    "variables": {f"s{i}": s for i, s in enumerate(states)},
                }
            },
        )
    )
    bad = {"game": "mixtour", "v": 1, **{f"k{i}": i for i in range(40_000)}}
    twenty = " ".join(
        f'p{i}: position(game: "mixtour", state: $s) {{ ... on InvalidState {{ problemCount }} }}'
        for i in range(20)
    )
    cases.append(
        (
            "20 x position of a state with 40,000 bad keys",
            "POST",
            "/graphql",
            {"json": {"query": "query($s: JSON!) { " + twenty + " }", "variables": {"s": bad}}},
        )
    )
    cases.append(
        (
            "REST position of that state",
            "POST",
            "/v1/games/mixtour/position",
            {"json": {"state": bad}},
        )
    )
    cases.append(
        (
            "REST replay of 5,000 Mixtour moves",
            "POST",
            "/v1/games/mixtour/replay",
            {"json": {"moves": shuttle(5000)}},
        )
    )
    cases.append(
        (
            "1 MB GraphQL syntax error (refused)",
            "POST",
            "/graphql",
            {
                "content": json.dumps({"query": "{ " * 500_000}).encode(),
                "headers": {"content-type": "application/json"},
            },
        )
    )
    print(f"{'request':<46} {'status':>6} {'CPU ms':>8} {'answer bytes':>13}")
    for name, method, path, kw in cases:
        runs = [measure(client, method, path, **kw) for _ in range(1 if quick else 3)]
        status, cpu, size = min(runs, key=lambda r: r[1])
        print(f"{name:<46} {status:>6} {cpu:>8.1f} {size:>13,}")
