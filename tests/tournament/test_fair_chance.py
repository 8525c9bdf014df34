"""Fair chance (issue 28): games whose dice anyone can check after the end.

A service with RULES_SECRET starts fair games of every chance game (newGame with ``fair``),
they are played to the end through REST, and their records are verified by ``regelwerk
verify`` in a process with no secret at all: every record valid, and each kind of forgery — a
changed die, a swapped draw, a changed reveal, a changed contribution — caught with its code
and ply. Along the way no answer of any endpoint holds the server seed before the end. The
derivation itself (service/games/core/fair.py) is held to the engines' exact probabilities by
chi-square tests, and to its contract by properties: the same seeds give the same outcomes,
any change of a contribution another sequence.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import re
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.games import REGISTRY
from service.games.core import fair
from service.games.core.fair import FairDice

COMMAND = str(Path(sys.executable).parent / "regelwerk")
SECRET = "fair-chance-test-secret-0123456789"

# (game, players, options): every chance game, with the configurations the rules make different
CONFIGS: list[tuple[str, int | None, dict[str, Any]]] = [
    ("tric-trac", None, {}),
    ("te-trix", 2, {}),
    ("te-trix", 1, {"solo": True}),
    ("triominos-junior", 2, {}),
    ("triominos-junior", 3, {"level": "points"}),
]


@dataclass
class Played:
    game: str
    players: int | None
    options: dict[str, Any]
    seed: str
    moves: list[dict[str, Any]]
    final: dict[str, Any]  # the finished state as the service answered it
    answers: list[str]  # every answer's text before the end
    server_seed: str  # what must not appear in them

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seed": self.seed, "moves": self.moves, "fair": self.final["fair"]}
        if self.players is not None:
            out["players"] = self.players
        if self.options:
            out["options"] = self.options
        return out


@pytest.fixture(scope="module")
def secret_client():
    from starlette.testclient import TestClient

    from service.app import create_app
    from service.settings import Settings

    with TestClient(create_app(Settings(rules_secret=SECRET))) as c:
        yield c


def _play(client: Any, config: int, seed: str, probe: bool) -> Played:
    """A fair game played to its end by random legal moves through REST; with ``probe`` every
    read-only endpoint is asked about every position on the way, and all answers kept."""
    game, players, options = CONFIGS[config]
    engine = REGISTRY[game]
    rng = random.Random(f"{seed}/{config}")
    start: dict[str, Any] = {
        "seed": seed,
        "fair": {"contributions": ["anna", "ben"][: players or 2]},
    }
    if players is not None:
        start["players"] = players
    if options:
        start["options"] = options
    answer = client.post(f"/v1/games/{game}/new", json=start)
    assert answer.status_code == 200, answer.text
    answers = [answer.text]
    state = answer.json()["state"]
    moves: list[dict[str, Any]] = []
    while answer.json()["status"] != "finished":
        assert len(moves) < 3000
        position = engine.decode(state)
        if probe:
            answers += _probe(client, game, state, engine.player_count(position))
        player = rng.choice(engine.to_move(position))
        move = engine.notation(rng.choice(engine.legal_moves(position, player)))
        entry = {"player": player, "move": move}
        moves.append(entry)
        answer = client.post(f"/v1/games/{game}/play", json={"state": state, **entry})
        assert answer.status_code == 200, answer.text
        state = answer.json()["state"]
        if answer.json()["status"] != "finished":
            answers.append(answer.text)
    view = engine.decode(state)
    dice = FairDice(state["fair"]["contributions"], secret=SECRET.encode())
    # the key the service samples with is its secret's own bytes (service/api/keys.py)
    revealed = dice.server_seed(engine, view).hex()
    return Played(game, players, options, seed, moves, state, answers, revealed)


def _probe(client: Any, game: str, state: dict[str, Any], players: int) -> list[str]:
    out = []
    for op, extra in (
        ("position", {"describe": True}),
        ("legal-moves", {"describe": True}),
        ("score", {}),
        ("next-steps", {}),
        ("render", {}),
        *(("view", {"player": p}) for p in range(players)),
        *(("render", {"player": p}) for p in range(players)),
    ):
        answer = client.post(f"/v1/games/{game}/{op}", json={"state": state, **extra})
        assert answer.status_code < 500, answer.text
        out.append(answer.text)
    query = (
        "query($g: String!, $s: JSON!) { position(game: $g, state: $s) { ... on Position {"
        " state toMove status scores svg legalMoves { notation } view { view } } } }"
    )
    answer = client.post("/graphql", json={"query": query, "variables": {"g": game, "s": state}})
    out.append(answer.text)
    return out


@pytest.fixture(scope="module")
def played(secret_client) -> list[Played]:
    return [
        _play(secret_client, config, f"fair-{i}", probe=i == 0)
        for config in range(len(CONFIGS))
        for i in range(2)
    ]


@pytest.fixture(scope="module")
def records(secret_client, played) -> list[str]:
    """Each game's record, as the service with the secret prints it: every outcome listed."""
    out = []
    for g in played:
        answer = secret_client.post(f"/v1/games/{g.game}/record", json=g.body())
        assert answer.status_code == 200, answer.text
        out.append(answer.text)
    return out


def verify_offline(*texts: str) -> list[dict[str, Any]]:
    """``regelwerk verify`` of text records, in a process with no secret at all."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("RULES_", "CACHE_"))}
    done = subprocess.run(
        [COMMAND, "verify", "-"],
        input="\n".join(texts),
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert done.returncode in (0, 1), done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


# -- whole games --------------------------------------------------------------------------------
def test_fair_games_end_with_the_seed_revealed_and_verify_without_the_secret(played, records):
    for g in played:
        assert fair.reveals(g.final["fair"]["reveal"], g.final["fair"]["commitment"])
        assert g.final["fair"]["reveal"] == g.server_seed
    for text in records:
        assert "[FairReveal " in text and "[FairCommitment " in text
    verdicts = verify_offline(*records)
    assert [v["valid"] for v in verdicts] == [True] * len(records), verdicts
    assert [v["scores"] for v in verdicts] == [_scores(g) for g in played]


def _scores(g: Played) -> list[Any]:
    engine = REGISTRY[g.game]
    return list(engine.scores(engine.decode(g.final)).values)


def test_the_record_lists_every_outcome_and_reads_back(records, secret_client, played):
    """A fair record lists each chance outcome where it was drawn, so a person sees the dice;
    verifying it again on the service with the secret agrees."""
    g, text = played[0], records[0]  # Tric Trac: the opening throw, then one throw a turn
    lines = [line.split(". ", 1)[1] for line in text.splitlines() if re.match(r"\d+\. ", line)]
    assert re.fullmatch(r"(red|black) [1-6]-[1-6]", lines[0])
    assert len(lines) > len(g.moves)
    answer = secret_client.post(f"/v1/games/{g.game}/verify", json={"record": text})
    assert answer.json()["valid"], answer.text


def _moves(text: str) -> list[tuple[int, str]]:
    """(index in the text's lines, notation) of every move line."""
    return [
        (i, line.split(". ", 1)[1])
        for i, line in enumerate(text.splitlines())
        if re.match(r"\d+\. ", line)
    ]


def _with(text: str, index: int, notation: str) -> str:
    lines = text.splitlines()
    number = lines[index].split(". ", 1)[0]
    lines[index] = f"{number}. {notation}"
    return "\n".join(lines) + "\n"


def _tag(text: str, name: str, value: str) -> str:
    return re.sub(rf'^\[{name} "(?:[^"\\]|\\.)*"\]$', f"[{name} {value}]", text, flags=re.M)


def test_forgeries_are_caught_offline_with_their_code_and_ply(records, played):
    """tournament tools: a changed die, a swapped draw, a changed reveal and a changed
    contribution, each caught by a verifier without the secret."""
    tric, triominos = records[0], records[6]
    assert played[6].game == "triominos-junior"
    # a changed die: Tric Trac's second throw (ply 2) as another throw
    moves = _moves(tric)
    line, throw = moves[2]
    assert re.fullmatch(r"[1-6]-[1-6]", throw)
    other = "1-1" if throw != "1-1" else "2-2"
    # a swapped draw: two different tiles the record lists, in each other's place
    engine = REGISTRY["triominos-junior"]
    tiles = [
        (n, (i, m))
        for n, (i, m) in enumerate(_moves(triominos))
        if ": " not in m and engine.is_chance_outcome(engine.parse_move(m))
    ]
    (ply_a, (line_a, a)), (_, (line_b, b)) = next(
        (x, y) for x, y in itertools.pairwise(tiles) if x[1][1] != y[1][1]
    )
    swapped = _with(_with(triominos, line_a, b), line_b, a)
    reveal = re.search(r'\[FairReveal "([0-9a-f]{64})"\]', tric)
    assert reveal is not None
    forged = reveal.group(1)[:-1] + ("0" if reveal.group(1)[-1] != "0" else "1")
    forgeries = [
        (_with(tric, line, other), "CHANCE_DIFFERS", 2),
        (swapped, "CHANCE_DIFFERS", ply_a),
        (_tag(tric, "FairReveal", f'"{forged}"'), "FAIR_REVEAL_DIFFERS", None),
        (
            _tag(tric, "FairContributions", r'"[\"anna\",\"bob\"]"'),
            "CHANCE_DIFFERS",
            0,  # the opening throw is the first outcome the contributions change
        ),
    ]
    verdicts = verify_offline(*(text for text, _, _ in forgeries))
    for verdict, (_, code, ply) in zip(verdicts, forgeries, strict=True):
        assert not verdict["valid"]
        problem = verdict["problems"][0]
        assert problem["code"] == code, verdict
        assert problem.get("ply") == ply, verdict


def test_an_unfinished_fair_game_cannot_be_checked_without_the_secret(records):
    tric = records[0]
    unrevealed = re.sub(r'^\[FairReveal "[0-9a-f]{64}"\]\n', "", tric, flags=re.M)
    (verdict,) = verify_offline(unrevealed)
    assert not verdict["valid"]
    assert verdict["problems"][0]["code"] == "FAIR_UNREVEALED"


def test_a_changed_contribution_keeps_the_commitment_and_changes_the_dice(records, secret_client):
    """Contributions may come after the commitment (a game started open), so the server seed
    does not depend on them: a changed one is the same commitment, and the service with the
    secret catches it as a verifier without one does, at the first outcome it changes."""
    tric = records[0]
    changed = _tag(tric, "FairContributions", r'"[\"anna\",\"bob\"]"')
    changed = re.sub(r'^\[FairReveal "[0-9a-f]{64}"\]\n', "", changed, flags=re.M)
    answer = secret_client.post("/v1/games/tric-trac/verify", json={"record": changed})
    problem = answer.json()["problems"][0]
    assert (problem["code"], problem["ply"]) == ("CHANCE_DIFFERS", 0), answer.text


def test_a_changed_seed_or_option_is_another_commitment_to_the_service(records, secret_client):
    tric = re.sub(r'^\[FairReveal "[0-9a-f]{64}"\]\n', "", records[0], flags=re.M)
    for changed in (
        _tag(tric, "Seed", '"fair-1"'),
        tric.replace("[Seed", '[Options "{\\"pointsToWin\\":11}"]\n[Seed'),
    ):
        assert changed != tric
        answer = secret_client.post("/v1/games/tric-trac/verify", json={"record": changed})
        assert answer.json()["problems"][0]["code"] == "FAIR_COMMITMENT_DIFFERS", answer.text


# -- nothing tells the seed before the end ------------------------------------------------------
def test_no_answer_holds_the_server_seed_before_the_end(played):
    probed = [g for g in played if len(g.answers) > len(g.moves) + 1]
    assert {g.game for g in probed} == {"tric-trac", "te-trix", "triominos-junior"}
    for g in played:
        for text in g.answers:
            assert g.server_seed not in text
            assert '"reveal"' not in text


def test_suggest_evaluate_replay_and_verify_of_an_unfinished_game_hold_no_seed(
    secret_client, played
):
    g = played[0]
    cut = {**g.body(), "moves": g.moves[:6]}
    cut["fair"] = {k: v for k, v in cut["fair"].items() if k != "reveal"}
    answers = [
        secret_client.post(f"/v1/games/{g.game}/replay", json=cut),
        secret_client.post(f"/v1/games/{g.game}/verify", json=cut),
        secret_client.post(f"/v1/games/{g.game}/record", json=cut),
        secret_client.post(f"/v1/games/{g.game}/analyze", json={**cut, "budget": 2}),
    ]
    state = answers[0].json()["state"]
    answers += [
        secret_client.post(f"/v1/games/{g.game}/suggest", json={"state": state, "budget": 4}),
        secret_client.post(f"/v1/games/{g.game}/evaluate", json={"state": state, "budget": 4}),
    ]
    for answer in answers:
        assert answer.status_code == 200, answer.text
        assert g.server_seed not in answer.text


# -- refusals -----------------------------------------------------------------------------------
def test_fair_chance_needs_a_secret_and_a_seed(client, secret_client):
    answer = client.post("/v1/games/tric-trac/new", json={"seed": "x", "fair": {}})
    assert answer.status_code == 400
    assert answer.json()["error"]["details"]["problems"][0]["path"] == "$.fair"
    answer = secret_client.post("/v1/games/tric-trac/new", json={"fair": {}})
    assert answer.json()["error"]["details"]["problems"][0]["path"] == "$.seed"
    answer = secret_client.post(
        "/v1/games/tric-trac/new", json={"seed": "x", "fair": {"contributions": ["a", "b", "c"]}}
    )
    assert answer.json()["error"]["details"]["problems"][0]["path"] == "$.fair.contributions"
    answer = secret_client.post(
        "/v1/games/tric-trac/new", json={"seed": "x", "fair": {"commitment": "0" * 64}}
    )
    assert answer.json()["error"]["details"]["problems"][0]["path"] == "$.fair.commitment"


def test_a_state_whose_fair_fields_were_changed_is_refused(secret_client, played):
    g = played[2]  # Te-Trix: play one move of an altered copy of its opening
    answer = secret_client.post(
        f"/v1/games/{g.game}/new", json={"players": 2, "seed": g.seed, "fair": {}}
    )
    state = answer.json()["state"]
    # unsigned (no REQUIRE_SIGNED_STATE): a fair state must still be signed, or its fields
    # (here a contribution chosen after the commitment) would not bind
    state.pop("sig")
    state["fair"]["contributions"] = ["mallory", None]
    position = REGISTRY[g.game].decode(state)
    move = REGISTRY[g.game].notation(REGISTRY[g.game].legal_moves(position, 0)[0])
    answer = secret_client.post(
        f"/v1/games/{g.game}/play", json={"state": state, "player": 0, "move": move}
    )
    assert answer.status_code == 422 and answer.json()["error"]["code"] == "STATE_TAMPERED"
    assert answer.json()["error"]["details"]["reason"] == "UNSIGNED"
    # signed, but with another commitment: not this service's game
    state = secret_client.post(
        f"/v1/games/{g.game}/new", json={"players": 2, "seed": g.seed, "fair": {}}
    ).json()["state"]
    state["fair"]["commitment"] = "0" * 64
    answer = secret_client.post(
        f"/v1/games/{g.game}/play", json={"state": state, "player": 0, "move": move}
    )
    assert answer.json()["error"]["details"]["reason"] == "BAD_SIGNATURE"


def test_the_same_requests_give_the_same_fair_game(secret_client):
    body = {"seed": "again", "fair": {"contributions": ["x"]}}
    first = secret_client.post("/v1/games/tric-trac/new", json=body).json()
    second = secret_client.post("/v1/games/tric-trac/new", json=body).json()
    assert first["state"] == second["state"]
    move = {"state": first["state"], "move": _first_move(first["state"])}
    assert (
        secret_client.post("/v1/games/tric-trac/play", json=move).json()
        == secret_client.post("/v1/games/tric-trac/play", json=move).json()
    )


def _first_move(state: dict[str, Any]) -> str:
    engine = REGISTRY["tric-trac"]
    return engine.notation(engine.legal_moves(engine.decode(state))[0])


def test_graphql_starts_a_fair_game(secret_client):
    query = (
        'query { newGame(game: "tric-trac", seed: "g", fair: {contributions: ["a"]}) '
        "{ ... on Position { state } } }"
    )
    answer = secret_client.post("/graphql", json={"query": query}).json()
    fair_doc = answer["data"]["newGame"]["state"]["fair"]
    assert fair_doc["contributions"] == ["a", None] and "reveal" not in fair_doc


# -- the derivation -----------------------------------------------------------------------------
THROWS = REGISTRY["tric-trac"]


def _throw_outcomes() -> list[tuple[str, Fraction]]:
    engine = THROWS
    state = engine.rules.new(None, {}, "x")
    while not engine.is_chance(state) or len(engine.chance_outcomes(state)) != 21:
        if engine.is_chance(state):
            state = engine.successor(state, engine.chance_outcomes(state)[0][0])
        else:
            state = engine.successor(state, engine.legal_moves(state)[0])
    return [(engine.notation(m), p) for m, p in engine.chance_outcomes(state)]


CHI2_999 = {20: 45.315, 9: 27.877, 39: 72.055}  # chi-square quantiles at p = 0.999


def _chi2(counts: Counter[str], outcomes: list[tuple[str, Fraction]], n: int) -> float:
    return sum((counts[o] - n * float(p)) ** 2 / (n * float(p)) for o, p in outcomes)


@pytest.mark.parametrize("contributions", [(), ("anna", None)])
def test_derived_throws_follow_the_two_dice(contributions):
    """TT dice: 20,000 derived throws of two dice against 1/36 a double, 1/18 any other."""
    outcomes = _throw_outcomes()
    seed = fair.server_seed(b"k", "tric-trac", 2, {}, "chi", contributions)
    total = fair.shares(outcomes)
    assert total == 36
    n = 20_000
    counts = Counter(
        fair.choose(outcomes, fair.draw(seed, "tric-trac", "chi", contributions, i, total), total)
        for i in range(n)
    )
    assert _chi2(counts, outcomes, n) < CHI2_999[20]


def test_derived_draws_are_uniform_over_a_pool():
    """Triominos Junior draws, Te-Trix rolls: uniform over 10 and 40 outcomes."""
    for size in (10, 40):
        outcomes = [(f"t{i}", Fraction(1, size)) for i in range(size)]
        seed = fair.server_seed(b"k", "triominos-junior", 2, {}, "pool", ())
        n = 200 * size
        counts = Counter(
            fair.choose(outcomes, fair.draw(seed, "g", "pool", (), i, size), size) for i in range(n)
        )
        assert _chi2(counts, outcomes, n) < CHI2_999[size - 1]


def test_rejection_keeps_every_value_equally_likely():
    """A total that does not divide 2**256 rejects the top of the range: the values drawn
    from the rest are exactly uniform (checked by counting the values below each limit)."""
    for total in (3, 7, 21, 36, 4999):
        limit = (1 << 256) - (1 << 256) % total
        assert limit % total == 0  # every residue is hit by limit / total values


_text = st.text(min_size=1, max_size=12)


@settings(max_examples=50, deadline=None)
@given(
    contributions=st.lists(st.one_of(st.none(), _text), min_size=1, max_size=4),
    which=st.integers(min_value=0, max_value=3),
    other=_text,
)
def test_the_same_seeds_give_the_same_outcomes_and_any_change_another(contributions, which, other):
    outcomes = _throw_outcomes()
    seed = fair.server_seed(b"k", "tric-trac", 2, {}, "p", contributions)

    def sequence(cs: list[str | None]) -> list[str]:
        return [
            fair.choose(outcomes, fair.draw(seed, "tric-trac", "p", cs, i, 36), 36)
            for i in range(40)
        ]

    assert sequence(contributions) == sequence(list(contributions))
    changed = list(contributions)
    i = which % len(changed)
    changed[i] = other if changed[i] != other else other + "!"
    assert sequence(changed) != sequence(contributions)  # 21 outcomes, 40 draws: 1 in 10^50 alike


def test_the_docs_few_lines_compute_the_service_outcomes():
    """docs/records.md's check by hand: its code, run as it is, agrees with the service."""
    text = (Path(__file__).parents[2] / "docs" / "records.md").read_text()
    block = re.search(r"```python\n(# fair chance by hand\n.*?)```", text, re.S)
    assert block is not None
    scope: dict[str, Any] = {}
    exec(block.group(1), scope)
    outcomes = _throw_outcomes()
    seed = fair.server_seed(b"k", "tric-trac", 2, {}, "doc", ["a", None])
    for i in range(30):
        mine = fair.choose(outcomes, fair.draw(seed, "tric-trac", "doc", ["a", None], i, 36), 36)
        theirs = scope["outcome"](seed.hex(), "tric-trac", "doc", ["a", None], i, outcomes)
        assert mine == theirs


# -- duplicate tables ---------------------------------------------------------------------------
def test_tables_started_alike_roll_alike_whatever_they_play(secret_client):
    """Duplicate mode: Te-Trix tables started with the same seed, options and contributions
    get the same rolls, round by round, though their players place differently."""
    engine = REGISTRY["te-trix"]
    start = {"players": 2, "seed": "round-3-table", "fair": {"contributions": ["club", None]}}
    rolls = []
    for table in range(2):
        answer = secret_client.post("/v1/games/te-trix/new", json=start).json()
        state, seen, rng = answer["state"], [], random.Random(table)
        seen += [e["outcome"] for e in answer["events"] if e["type"] == "chance"]
        while len(seen) < 6 and answer["status"] != "finished":
            position = engine.decode(state)
            player = rng.choice(engine.to_move(position))
            move = engine.notation(rng.choice(engine.legal_moves(position, player)))
            answer = secret_client.post(
                "/v1/games/te-trix/play", json={"state": state, "player": player, "move": move}
            ).json()
            state = answer["state"]
            seen += [e["outcome"] for e in answer["events"] if e["type"] == "chance"]
        rolls.append(seen[:6])
    assert len(rolls[0]) == 6 and rolls[0] == rolls[1]
