"""Moves no good player makes stay out of the bot's search (issue 27, ``GameSpec.candidates``):
in Mixtour one that hands the opponent a point while another does not (medium lost 50 of 50
games to a greedy player, each point to a reply it had left open); in Te-Trix solo stopping
while a placement keeps the score (strong stopped some fresh games at 8 points).

A move is safe when the game is over after it, or when it gave the opponent no point (MX-9: a
stack of five or more scores for the colour on top) and no legal reply of theirs scores (MX-7's
ban counts). Safety is worked out here by playing every reply and comparing the scores, apart
from the engine's own ``GameSpec.candidates``."""

from __future__ import annotations

import random

import pytest

from service import bots
from service.games import REGISTRY
from service.games.core import driver
from service.games.mixtour.spec import can_score

ENGINE = REGISTRY["mixtour"]
LEVELS = {"easy": 10, "medium": 50, "strong": 160}


def scores_at_once(state) -> bool:
    """Whether some legal move of the player to move raises their score (MX-9)."""
    mover = state.turn
    if mover is None:
        return False
    before = ENGINE.totals(state)[mover]
    return any(
        ENGINE.totals(ENGINE.successor(state, m))[mover] > before for m in ENGINE.legal_moves(state)
    )


def safe(state, move) -> bool:
    after = ENGINE.successor(state, move)
    if ENGINE.status(after).finished:
        return True
    other = 1 - state.turn
    if ENGINE.totals(after)[other] > ENGINE.totals(state)[other]:
        return False
    return not scores_at_once(after)


def positions(count: int, seed: str, options=None, plies=(6, 60)):
    """Positions from seeded games in which both sides take a scoring move when they have one
    (so stacks grow tall and threats are common), else a random one."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = driver.start(ENGINE, None, options, None).state
        for _ in range(rng.randrange(*plies)):
            if ENGINE.status(state).finished:
                break
            legal = ENGINE.legal_moves(state)
            state = ENGINE.successor(state, ENGINE.spec.playout(state, legal, state.turn, rng))
        if not ENGINE.status(state).finished:
            out.append(state)
    return out


ISSUE = {
    "game": "mixtour",
    "v": 1,
    "options": {"piecesPerPlayer": 20, "pointsToWin": 5},
    "board": {"a2": "wwbw", "e2": "wb", "d3": "w", "b5": "w"},
    "supply": [14, 18],
    "scores": [0, 0],
    "toMove": 0,
    "lastMove": "d5-a2",
    "passes": 0,
    "seed": "arena-mixtour-0",
    "chances": 0,
}


def test_mx9_the_engines_look_is_the_brute_force_one():
    for state in positions(60, "threat"):
        assert can_score(state) == scores_at_once(state)
        legal = ENGINE.legal_moves(state)
        for move in legal[:8]:
            after = ENGINE.successor(state, move)
            assert can_score(after) == scores_at_once(after)
        kept, looked = ENGINE.spec.candidates(state, state.turn, legal, len(legal), None)
        good = [m for m in legal if safe(state, m)]
        assert list(kept) == (good or list(legal)) and looked == len(legal)


def test_a_look_that_would_cost_more_than_allowed_keeps_every_move():
    state = positions(1, "looks")[0]
    legal = ENGINE.legal_moves(state)
    assert ENGINE.spec.candidates(state, state.turn, legal, len(legal) - 1, None) == (legal, 0)


@pytest.mark.parametrize("level", list(LEVELS))
def test_mx9_the_issues_position_gets_a_safe_move_at_every_level(client, level):
    """White to move; e4 (what medium answered) lets Blue score with e2:2-a2."""
    state = ENGINE.decode(ISSUE)
    e4 = ENGINE.parse_move("e4")
    assert not safe(state, e4)
    good = {ENGINE.notation(m) for m in ENGINE.legal_moves(state) if safe(state, m)}
    assert {"b2", "c2", "d2", "e2-d3"} <= good
    for seed in ("arena-mixtour-0-12-bot", "x", "y"):
        body = {"state": ISSUE, "player": 0, "seed": seed, "level": level}
        r = client.post("/v1/games/mixtour/suggest", json=body)
        assert r.status_code == 200, r.text
        assert r.json()["move"]["notation"] in good, (level, seed)


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_mx9_the_bot_never_leaves_a_point_when_a_safe_move_exists(level):
    checked = 0
    for i, state in enumerate(positions(40, f"safety-{level}")):
        moves = ENGINE.legal_moves(state)
        if not any(safe(state, m) for m in moves):
            continue
        n = LEVELS[level]
        slip = bots.SLIPS.get(level, 0.0)
        found = bots.suggest(ENGINE, state, state.turn, f"s{i}", n, n * 61, None, slip)
        assert safe(state, found.move), (ENGINE.encode(state), ENGINE.notation(found.move))
        checked += 1
    assert checked >= 30


def test_mx9_with_no_safe_move_every_move_stays_in_the_look():
    """Where every move hands Blue a point, the safety look leaves nothing out, and the
    judgement chooses among them all: the bot still plays one (the judged best)."""
    from service.games.mixtour import bot as mx_bot
    from service.games.mixtour.spec import safe_moves

    for state in positions(200, "unsafe"):
        moves = ENGINE.legal_moves(state)
        if len(moves) > 1 and not any(safe(state, m) for m in moves):
            assert safe_moves(state, state.turn, moves, 10**6) == (moves, len(moves))
            found = bots.suggest(ENGINE, state, state.turn, "u", 50, 50 * 61)
            best = max(mx_bot.judge(ENGINE.rules, state, m, state.turn) for m in moves)
            assert found.move in moves
            assert mx_bot.judge(ENGINE.rules, state, found.move, state.turn) > best - 50
            return
    raise AssertionError("the seeded games hold no position without a safe move")


def test_mx9_the_search_keeps_the_safe_moves_judged_best():
    """MX-9, MX-10: with room to judge, the search keeps at most KEEP safe moves, those
    judged within half a point of the best, the best first; the bot plays one of them."""
    from service.games.mixtour import bot as mx_bot

    checked = 0
    for i, state in enumerate(positions(30, "judged")):
        legal = ENGINE.legal_moves(state)
        good = [m for m in legal if safe(state, m)]
        if len(good) < 2:
            continue
        kept, _ = ENGINE.spec.candidates(state, state.turn, legal, 50 * 61 // 2, None)  # as suggest
        assert 1 <= len(kept) <= mx_bot.KEEP and set(kept) <= set(good)
        worth = {m: mx_bot.judge(ENGINE.rules, state, m, state.turn) for m in good}
        assert all(worth[m] > max(worth.values()) - mx_bot.POINT for m in kept)
        found = bots.suggest(ENGINE, state, state.turn, f"j{i}", 50, 50 * 61)
        assert found.move in kept
        checked += 1
    assert checked >= 10


def _negamax(state, depth: int) -> float:
    """The search's worth of ``state`` for the side to move, by plain negamax: every move,
    no cut (MX-8, MX-9, MX-10: what a finished game is worth, a point at hand)."""
    from service.games.mixtour import bot as mx_bot

    legal = ENGINE.legal_moves(state)
    if depth == 0:
        p = state.turn
        worth = mx_bot.POINT * (state.points[p] - state.points[1 - p])
        return worth + mx_bot.AT_HAND * mx_bot.POINT if scores_at_once(state) else worth
    return max(_after(state, m, state.turn, depth - 1) for m in legal)


def _after(state, move, mover: int, depth: int) -> float:
    from service.games.mixtour import bot as mx_bot

    after = ENGINE.successor(state, move)
    if after.turn is None:
        winners = ENGINE.status(after).winners
        return mx_bot.WON if mover in winners else -mx_bot.WON if winners else 0.0
    worth = _negamax(after, depth)
    return worth if after.turn == mover else -worth


def _alpha_beta_equals_negamax(state, depths) -> bool:
    """Whether ``bot.search`` and alpha-beta agree with plain negamax on ``state``; True when
    the moves differ in worth."""
    from service.games.mixtour import bot as mx_bot

    for depth in depths:
        found = mx_bot._Search(ENGINE.rules, 10**7)
        assert found.worth(state, depth, -2 * mx_bot.WON, 2 * mx_bot.WON) == _negamax(
            state, depth
        ), (ENGINE.encode(state), depth)
    legal = ENGINE.legal_moves(state)
    worth = {m: _after(state, m, state.turn, max(depths) - 1) for m in legal}
    move, spent = mx_bot.search(ENGINE.rules, state, state.turn, legal, 10**7, None, max(depths))
    assert worth[move] == max(worth.values()), ENGINE.encode(state)
    assert 0 < spent < 10**7
    return len(set(worth.values())) > 1


def test_mx9_the_alpha_beta_search_chooses_as_plain_negamax_does():
    """MX-9, MX-10: ``bot.search`` cuts branches only where no move in them could change the
    result: a position's worth by alpha-beta equals plain negamax's (two plies deep in games
    of every length, three in games of six pieces a player, MX-2, where few moves are left),
    and the move it plays is worth as much as the best; it spends no more looks than it has."""
    varied = [_alpha_beta_equals_negamax(s, (1,)) for s in positions(12, "negamax")]
    few = [
        s
        for s in positions(40, "negamax", {"piecesPerPlayer": 6}, (12, 40))
        if 2 <= len(ENGINE.legal_moves(s)) <= 16  # plain negamax of more takes too long
    ][:6]
    varied += [_alpha_beta_equals_negamax(s, (1, 2)) for s in few]
    assert len(few) == 6 and sum(varied) >= 8


def test_mx9_the_search_stays_within_its_looks_and_falls_back_to_the_judged_best():
    from service.games.mixtour import bot as mx_bot

    state = positions(1, "looks")[0]
    legal = list(ENGINE.legal_moves(state))
    for looks in (0, 5, len(legal) + 3, 400):
        move, spent = mx_bot.search(ENGINE.rules, state, state.turn, legal, looks)
        assert spent <= looks
        if looks < len(legal):  # not even one ply finished: the first of the ranked moves
            assert move == legal[0]


def test_mx9_strong_searches_among_the_safe_moves_only():
    """Strong's budget leaves room for the search (``SEARCH_FROM``), medium's does not; the
    search looks only at the safe moves (MX-9), so strong never leaves a point either."""
    from service.games.mixtour import bot as mx_bot

    # a position of up to 150 legal moves, all safe, still leaves strong room to search
    assert 50 * 61 // 2 < mx_bot.SEARCH_FROM <= 160 * 61 // 2 - (1 + mx_bot.LOOK) * 150
    checked = 0
    for i, state in enumerate(positions(12, "strong-safety")):
        legal = ENGINE.legal_moves(state)
        if not any(safe(state, m) for m in legal) or len(legal) < 2:
            continue
        found = bots.suggest(ENGINE, state, state.turn, f"t{i}", 160, 160 * 61)
        assert safe(state, found.move), (ENGINE.encode(state), ENGINE.notation(found.move))
        assert found.iterations == 0  # chosen by the search, not by MCTS
        checked += 1
    assert checked >= 8


def test_mx9_strong_s_search_stops_at_the_clock_with_a_safe_move():
    """A caller's budgetMs (or the request's CPU) ends strong's search early: the deepest
    search finished by then decides, the answer says the time ran out, and the move is still
    one of the safe ones (MX-9)."""
    for i, state in enumerate(positions(10, "clock")):
        legal = ENGINE.legal_moves(state)
        if len([m for m in legal if safe(state, m)]) < 2:
            continue
        asked: list[int] = []

        def clock(asked: list[int] = asked) -> str | None:
            asked.append(1)
            return "time" if len(asked) >= 3 else None

        whole = bots.suggest(ENGINE, state, state.turn, f"c{i}", 160, 160 * 61)
        cut = bots.suggest(ENGINE, state, state.turn, f"c{i}", 160, 160 * 61, clock)
        assert whole.limited is None and cut.limited == "time" and cut.iterations == 0
        assert cut.plies < whole.plies and len(asked) == 3
        assert safe(state, cut.move), ENGINE.encode(state)
        return
    raise AssertionError("no position with two safe moves")


# -- Te-Trix solo: no level stops a game it could still score in (TX-14, TX-15) --------------

TETRIX = REGISTRY["te-trix"]


def keeps_the_score(state) -> bool:
    """Whether some arrangement has a placement that scores at least what stopping does: then
    placing it and stopping next round is never worse (TX-14: stop follows every roll)."""
    legal = TETRIX.legal_moves(state)
    stop = TETRIX.parse_move("stop")
    now = TETRIX.totals(TETRIX.successor(state, stop))[0]
    for arrangement in legal:
        if arrangement == stop:
            continue
        arranged = TETRIX.successor(state, arrangement)
        for placement in TETRIX.legal_moves(arranged):
            if TETRIX.totals(TETRIX.successor(arranged, placement))[0] >= now:
                return True
    return False


def test_tx14_strong_plays_on_the_issues_fresh_game():
    """Strong used to stop this fresh game at once (8 points, the bar's free fields)."""
    state = driver.start(TETRIX, 1, {"solo": True}, "arena-te-trix-solo-3").state
    assert keeps_the_score(state)
    found = bots.suggest(TETRIX, state, 0, "arena-te-trix-solo-3-0-bot", 160, 160 * 61)
    assert TETRIX.notation(found.move) != "stop"


def solo_positions(count: int):
    """Decision positions with stop on offer along seeded solo games placed at random."""
    rng = random.Random("solo-stops")
    out = []
    for g in range(count):
        state = driver.start(TETRIX, 1, {"solo": True}, f"solo-stop-{g}").state
        for _ in range(rng.randrange(0, 30)):
            if TETRIX.status(state).finished:
                break
            if TETRIX.is_chance(state):
                state = driver.resolve_chance(TETRIX, state).state
                continue
            going = [m for m in TETRIX.legal_moves(state) if TETRIX.notation(m) != "stop"]
            state = TETRIX.successor(state, rng.choice(going or TETRIX.legal_moves(state)))
        while not TETRIX.status(state).finished and TETRIX.is_chance(state):
            state = driver.resolve_chance(TETRIX, state).state
        legal = TETRIX.legal_moves(state) if not TETRIX.status(state).finished else ()
        if any(TETRIX.notation(m) == "stop" for m in legal):
            out.append(state)
    return out


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_tx14_no_level_stops_while_a_placement_keeps_the_score(level):
    checked = 0
    for i, state in enumerate(solo_positions(12)):
        if not keeps_the_score(state):
            continue
        n = LEVELS[level]
        slip = bots.SLIPS.get(level, 0.0)
        found = bots.suggest(TETRIX, state, 0, f"t{i}", n, n * 61, None, slip)
        assert TETRIX.notation(found.move) != "stop", TETRIX.encode(state)
        checked += 1
    assert checked >= 8


def placement_positions(players: int, count: int):
    """Placement positions (each player to place an arranged shape) along seeded games."""
    rng = random.Random(f"placements-{players}")
    out = []
    for g in range(count):
        options = {"solo": True} if players == 1 else None
        state = driver.start(TETRIX, players, options, f"place-{players}-{g}").state
        for _ in range(rng.randrange(0, 20)):
            if TETRIX.status(state).finished:
                break
            if TETRIX.is_chance(state):
                state = driver.resolve_chance(TETRIX, state).state
                continue
            player = rng.choice(TETRIX.to_move(state))
            going = [m for m in TETRIX.legal_moves(state, player) if TETRIX.notation(m) != "stop"]
            state = TETRIX.successor(state, rng.choice(going), player)
        while not TETRIX.status(state).finished and TETRIX.is_chance(state):
            state = driver.resolve_chance(TETRIX, state).state
        if TETRIX.status(state).finished:
            continue
        player = TETRIX.to_move(state)[-1]
        legal = TETRIX.legal_moves(state, player)
        if type(legal[0]).__name__ == "Placement":
            out.append((state, player, legal))
    return out


@pytest.mark.parametrize("players", [1, 2])
def test_tx11_a_search_places_where_the_sheet_is_worth_most(players):
    """TX-11, TX-15: of a sheet's many placements a search keeps the one whose sheet the bots
    judge best (``bot.potential``: no placement leaves more), when looking at each fits its
    budget, and plays it; with fewer looks, the best of every k-th."""
    from service.games.te_trix import bot as tx_bot

    checked = 0
    for state, player, legal in placement_positions(players, 30):
        if len(legal) < 4:
            continue
        kept, looked = TETRIX.spec.candidates(state, player, legal, 10**6, None)
        assert looked == len(legal) and len(kept) == 1

        def worth(move, state=state, player=player):
            after = TETRIX.successor(state, move, player)
            return tx_bot.potential(after.sheets[player].masks, after.size, after.bar)

        assert worth(kept[0]) == max(worth(m) for m in legal)
        found = bots.suggest(TETRIX, state, player, "k", 20, 20 * 61)
        assert found.move == kept[0]
        few, looked = TETRIX.spec.candidates(state, player, legal, len(legal) // 2, None)
        every = legal[:: -(-len(legal) // (len(legal) // 2))]
        assert looked == len(every) <= len(legal) // 2
        assert worth(few[0]) == max(worth(m) for m in every)
        checked += 1
    assert checked >= 3
