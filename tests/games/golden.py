"""Golden playthroughs: whole recorded games, replayed move by move, so that any change in what
the rules answer fails loudly and says where.

``tests/games/<game>/golden.json`` holds a list of records::

    {"about": "how it was made", "players": 2, "options": {}, "seed": null,
     "plies": ["a1 /25", ...],          # move notation, then " /n": the legal moves before it
                                        # ("2: r0@1,1 /34": the player first, simultaneous games)
     "checkpoints": {"10": {...}, ...}, # after that many plies: toMove, scores, status, state
     "final": {...}}                    # the same after the last ply, plus winners and reason

Without a seed every chance outcome is a ply (``deal 3-3-5``, ``2-5``); with a seed only the
players' moves are, and the driver samples the rest, so the record pins the sampling too.

A record with a ``recipe`` was played by a seeded policy (``play_recipe``); one without was
written out move by move. ``python -m tests.games.golden GAME`` prints the file as the engine
answers it now (``rerecord``): for a rules change made on purpose only, said so in the commit,
with the differences read.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from service.games import REGISTRY
from service.games.core import MoveRequest, driver

from .contract import Engine

HERE = Path(__file__).parent
EVERY = 10  # plies between checkpoints


def path(game: str) -> Path:
    return HERE / game.replace("-", "_") / "golden.json"


def load(game: str) -> list[dict[str, Any]]:
    return json.loads(path(game).read_text()) if path(game).exists() else []


def parse_ply(text: str) -> tuple[int | None, str, int | None]:
    """(player or None, move notation, legal-move count or None) of one recorded ply."""
    move, _, count = text.partition(" /")
    player, colon, rest = move.partition(": ")
    if colon and player.isdigit():
        return int(player), rest, int(count) if count else None
    return None, move, int(count) if count else None


def summary(engine: Engine, state: Any, final: bool = False) -> dict[str, Any]:
    """What a checkpoint holds: whose move, scores, status and the whole state document."""
    status = engine.status(state)
    doc = engine.encode(state)
    doc.pop("seed", None)  # the record's seed says it once
    out: dict[str, Any] = {
        "toMove": list(engine.to_move(state)),
        "scores": list(engine.scores(state).values),
        "status": status.label,
    }
    if final:
        out |= {"winners": list(status.winners), "reason": status.reason}
    return out | {"state": doc}


def requests(record: dict[str, Any]) -> list[MoveRequest]:
    return [MoveRequest(move, player) for player, move, _ in map(parse_ply, record["plies"])]


def replay(engine: Engine, record: dict[str, Any]) -> Any:
    """Plays the record through the driver, checking every count and checkpoint on the way;
    returns the final state."""
    seed = record.get("seed")
    state = driver.start(engine, record["players"], record["options"], seed).state
    checkpoints = record.get("checkpoints", {})
    for ply, text in enumerate(record["plies"]):
        player, move, count = parse_ply(text)
        if count is not None:
            assert len(engine.legal_moves(state, player)) == count, f"ply {ply}: {text}"
        request = MoveRequest(move, player)
        state = driver.play_one(engine, state, request, auto_chance=seed is not None).state
        if str(ply + 1) in checkpoints:
            assert summary(engine, state) == checkpoints[str(ply + 1)], f"after ply {ply}"
    assert summary(engine, state, final=True) == record["final"]
    return state


def greedy(engine: Engine, state: Any, player: int | None, moves: list[Any], rng: random.Random):
    """A move that raises the mover's score if there is one, else any: shorter games with
    more scoring in them than random play."""
    if player is None:
        player = engine.to_move(state)[0]
    before = engine.scores(state).values[player]
    better = [
        m
        for m in moves
        if engine.scores(engine.successor(state, m, player)).values[player] > before
    ]
    return rng.choice(better or moves)


def play_recipe(engine: Engine, record: dict[str, Any]) -> list[str]:
    """The plies of a game whose moves a seeded policy chose (``record["recipe"]``: the
    generator's seed and ``random`` or ``greedy``); chance drawn with its weights, or sampled
    by the driver when the record has a seed."""
    recipe, seed = record["recipe"], record.get("seed")
    rng = random.Random(recipe["choices"])
    state = driver.start(engine, record["players"], record["options"], seed).state
    plies = []
    while not engine.status(state).finished:
        movers = engine.to_move(state)
        player = rng.choice(movers) if len(movers) > 1 else None
        moves = list(engine.legal_moves(state, player))
        if engine.is_chance(state):
            weights = [float(p) for _, p in engine.chance_outcomes(state)]
            move = rng.choices(moves, weights)[0]
        elif recipe["policy"] == "greedy":
            move = greedy(engine, state, player, moves, rng)
        else:
            move = rng.choice(moves)
        plies.append(("" if player is None else f"{player}: ") + engine.notation(move))
        request = MoveRequest(engine.notation(move), player)
        state = driver.play_one(engine, state, request, auto_chance=seed is not None).state
        assert len(plies) < 2000, "the recorded game does not end"
    return plies


def rerecord(engine: Engine, record: dict[str, Any]) -> dict[str, Any]:
    """The record as the engine answers now: its plies (from the recipe when it has one)
    with their counts, the checkpoints and the final summary."""
    plies = play_recipe(engine, record) if "recipe" in record else record["plies"]
    seed = record.get("seed")
    state = driver.start(engine, record["players"], record["options"], seed).state
    counted, checkpoints = [], {}
    for ply, text in enumerate(plies):
        player, move, _ = parse_ply(text)
        prefix = "" if player is None else f"{player}: "
        counted.append(f"{prefix}{move} /{len(engine.legal_moves(state, player))}")
        request = MoveRequest(move, player)
        state = driver.play_one(engine, state, request, auto_chance=seed is not None).state
        if (ply + 1) % EVERY == 0:
            checkpoints[str(ply + 1)] = summary(engine, state)
    fixed = {k: v for k, v in record.items() if k not in ("plies", "checkpoints", "final")}
    return fixed | {
        "plies": counted,
        "checkpoints": checkpoints,
        "final": summary(engine, state, True),
    }


def dumps(records: list[dict[str, Any]]) -> str:
    """One ply a line, one state document a line: a reviewable diff when a rule changes."""
    out = ["["]
    for i, rec in enumerate(records):
        out.append("  {")
        fields = []
        for key, value in rec.items():
            if key == "plies":
                body = ",\n".join(f"      {json.dumps(p)}" for p in value)
                fields.append(f'    "plies": [\n{body}\n    ]')
            elif key == "checkpoints":
                body = ",\n".join(
                    f"      {json.dumps(k)}: {json.dumps(v)}" for k, v in value.items()
                )
                fields.append(f'    "checkpoints": {{\n{body}\n    }}')
            else:
                fields.append(f"    {json.dumps(key)}: {json.dumps(value)}")
        out.append(",\n".join(fields))
        out.append("  }" + ("," if i < len(records) - 1 else ""))
    out.append("]")
    return "\n".join(out) + "\n"


if __name__ == "__main__":  # python -m tests.games.golden GAME > tests/games/GAME/golden.json
    game = sys.argv[1]
    sys.stdout.write(dumps([rerecord(REGISTRY[game], r) for r in load(game)]))
