"""The games' own judgement of a position, by which the bots choose (issue 27): Tric Trac's
turn by pips, points and blots (TT-5, TT-7, TT-12 … TT-15), one ply and a throw deeper; Te-Trix's
arrangement and placement by a sheet's potential (TX-6, TX-9, TX-11, TX-15)."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest

from service import bots
from service.games import REGISTRY
from service.games.core import driver
from service.games.te_trix import bot as tx_bot
from service.games.tric_trac import bot as tt_bot
from service.games.tric_trac.state import INITIAL_BOARD, MOVE, Rules, TricTracState
from service.games.tric_trac.turns import relative
from service.settings import Settings
from tests.games.te_trix.helpers import arranged, position

TRIC_TRAC = REGISTRY["tric-trac"]
TE_TRIX = REGISTRY["te-trix"]


@pytest.mark.parametrize("distances", [{1}, {3}, {6}, {7}, {12}, {2, 9}, {5, 6, 11}])
def test_tt7_reach_is_the_chance_of_a_number_or_both_over_36_throws(distances):
    """TT-5, TT-7: a stone d points away is reached by either die or by their sum."""
    hits = sum(1 for a, b in product(range(1, 7), repeat=2) if {a, b, a + b} & distances)
    mask = sum(1 << d for d in distances)
    assert tt_bot.reach(mask) == pytest.approx(float(Fraction(hits, 36)))


def _state(board: dict[int, int], player: int = 0) -> TricTracState:
    """Red 0 / Black 1 to move with 3-5; ``board`` by point, the rest on the start fields."""
    cells = [0] * 24
    for point, count in board.items():
        cells[point - 1] = count
    cells[0] += 15 - sum(v for v in cells if v > 0)
    cells[23] -= 15 + sum(v for v in cells if v < 0)
    return TricTracState(tuple(cells), (0, 0), MOVE, player, (3, 5), Rules())


def test_tt12_a_lone_stone_within_reach_costs_its_chance_of_being_hit():
    """TT-12: a Red blot on 10 with a Black pair on 13 (3 away) against the same pair out of
    reach on 3, Black's other stones near home on 2 (its start field empty, TT-10): the
    difference is the chance of a throw with a 3 in it, times a point and the blot's pips.
    The race is the same: Black's twelve stones nearest home, all on 2, are the ones it
    still needs (TT-15)."""
    rules = TRIC_TRAC.rules
    near = tt_bot.judge(rules, _state({10: 1, 13: -2, 2: -13}), 0)
    far = tt_bot.judge(rules, _state({10: 1, 3: -2, 2: -13}), 0)
    lost = tt_bot.BLOTS * tt_bot.reach(1 << 3) * (1 + tt_bot.PIP * 9)
    assert near - far == pytest.approx(-lost)


def test_tt10_stones_waiting_on_the_start_field_leave_the_others_still():
    """TT-10: while Black has stones on its start field, every number moves one off, so a
    Black pair 3 away does not threaten the blot on 10 (Black's only turns with 3-5 leave
    from 24); with a single one waiting, the pair reaches it by one number alone (the second
    die), never by the sum: a throw with a 3 in it, 11 of 36."""
    rules = TRIC_TRAC.rules
    waiting = _state({10: 1, 13: -2}, player=1)  # 13 Black stones on 24
    assert all(
        step.source == 24 for turn in TRIC_TRAC.legal_moves(waiting) for step in turn.steps[:1]
    )
    near = tt_bot.judge(rules, _state({10: 1, 13: -2}), 0)
    far = tt_bot.judge(rules, _state({10: 1, 3: -2}), 0)
    pips = tt_bot.PIP * 2 * 10  # the pair, among Black's twelve nearest home, 10 pips further
    assert near - far == pytest.approx(pips)  # and no blot lost
    one = {10: 1, 2: -12}  # and one Black stone waiting on 24
    near = tt_bot.judge(rules, _state({**one, 13: -2}), 0)
    far = tt_bot.judge(rules, _state({**one, 3: -2}), 0)
    assert tt_bot.reach(0, 1 << 3) == pytest.approx(11 / 36)
    lost = tt_bot.BLOTS * tt_bot.reach(0, 1 << 3) * (1 + tt_bot.PIP * 9)
    assert near - far == pytest.approx(-lost)


def test_tt15_the_race_counts_only_the_stones_still_needed():
    """TT-15: a side needs as many points as it lacks to win; its race is the pips of that
    many stones nearest home (TT-13), so a stone beyond them does not count and one among them
    counts by the pip."""
    rules = TRIC_TRAC.rules
    base = _state({2: -12, 13: -2})  # Black: twelve on 2, a pair on 13, one on 24
    beyond = _state({2: -12, 20: -2})
    assert tt_bot.judge(rules, base, 0) == pytest.approx(tt_bot.judge(rules, beyond, 0))
    needed = _state({2: -10, 3: -2, 13: -2})  # two of the twelve a pip further each
    # ... and, two together, one more point Black holds (TT-9)
    assert tt_bot.judge(rules, needed, 0) - tt_bot.judge(rules, base, 0) == pytest.approx(
        2 * tt_bot.PIP - tt_bot.BLOCKS
    )


def test_tt15_a_won_game_is_judged_won_and_a_lost_one_lost():
    rules = TRIC_TRAC.rules
    over = TricTracState(INITIAL_BOARD, (12, 3), "over", None, None, Rules())
    assert tt_bot.judge(rules, over, 0) == tt_bot.WON
    assert tt_bot.judge(rules, over, 1) == -tt_bot.WON


def tric_trac_turns(count: int) -> list[TricTracState]:
    """Positions of seeded random games where a player has a turn of several ways to play."""
    out = []
    rng = random.Random(27)
    for seed in range(count):
        state = driver.start(TRIC_TRAC, None, None, f"judge-{seed}").state
        for _ in range(rng.randrange(4, 40)):
            if TRIC_TRAC.status(state).finished:
                break
            state = TRIC_TRAC.successor(state, rng.choice(TRIC_TRAC.legal_moves(state)))
            state = driver.sampled(TRIC_TRAC, state)
        if state.phase == MOVE and len(TRIC_TRAC.legal_moves(state)) > 2:
            out.append(state)
    return out


def test_tt7_one_ply_takes_the_turn_judged_best_and_the_bot_plays_it():
    rules, checked = TRIC_TRAC.rules, 0
    for state in tric_trac_turns(12):
        legal = TRIC_TRAC.legal_moves(state)
        p = state.player
        kept, looked = TRIC_TRAC.spec.candidates(state, p, legal, len(legal), None)
        assert looked == len(legal) and len(kept) == 1
        best = max(tt_bot.judge(rules, rules.successor(state, m), p) for m in legal)
        assert tt_bot.judge(rules, rules.successor(state, kept[0]), p) == best
        found = bots.suggest(TRIC_TRAC, state, p, "j", 10, 10 * 61)
        assert found.move == kept[0] and found.iterations == 0
        checked += 1
    assert checked >= 5


def test_tt6_a_throw_deeper_weighs_the_best_turns_by_what_every_throw_then_gives():
    """With room for it, the turn kept is the one of the best ``DEEP`` (by one ply) whose
    expectation over the next throw (TT-5; the same side again after a double, TT-6) is
    best; more looks than one ply, never fewer."""
    rules, checked = TRIC_TRAC.rules, 0
    for state in tric_trac_turns(12)[:4]:
        legal = TRIC_TRAC.legal_moves(state)
        p = state.player
        kept, looked = TRIC_TRAC.spec.candidates(state, p, legal, 10**6, None)
        ranked = sorted(legal, key=lambda m: -tt_bot.judge(rules, rules.successor(state, m), p))[
            : tt_bot.DEEP
        ]
        worth = {m: tt_bot._deeper(rules, rules.successor(state, m), p)[0] for m in ranked}
        assert kept[0] in ranked and worth[kept[0]] == max(worth.values())
        assert looked > len(legal)
        checked += 1
    assert checked >= 3


def test_tt6_only_strong_has_room_for_a_throw_deeper():
    """Medium judges one ply (``DEEPER_FROM`` is above its looks), strong a throw deeper too;
    one position's turns with just fewer looks than ``DEEPER_FROM`` stay one ply."""
    strongest = Settings().suggest_max_budget
    medium, strong = (n * 61 // 2 for n in (bots.LEVELS["medium"], strongest))
    assert medium < tt_bot.DEEPER_FROM <= strong
    checked = 0
    for state in tric_trac_turns(12)[:4]:
        legal = TRIC_TRAC.legal_moves(state)
        p = state.player
        one = TRIC_TRAC.spec.candidates(state, p, legal, tt_bot.DEEPER_FROM - 1, None)
        deeper = TRIC_TRAC.spec.candidates(state, p, legal, tt_bot.DEEPER_FROM, None)
        assert one[1] == len(legal)
        assert deeper[1] > len(legal)
        checked += 1
    assert checked >= 3


def test_tt9_a_point_held_by_two_stones_counts_blocks(monkeypatch):
    """TT-9: a point from 2 to 23 held by two or more stones takes no opposing stone: each
    one's own counts ``BLOCKS`` for the side judged, each of the opponent's as much against;
    start and target fields (TT-2) count nothing."""
    board = [0] * 24
    board[0], board[23] = 5, -5  # start fields: no block
    board[4], board[9] = 2, 3  # Red holds points 5 and 10
    board[15] = -2  # Black holds point 16
    board[7], board[20] = 1, -1  # blots hold nothing
    assert tt_bot._blocks(board) == 1
    weight = tt_bot.BLOCKS
    assert weight > 0
    rules, blocked = TRIC_TRAC.rules, 0
    for state in tric_trac_turns(6):
        for p in (0, 1):
            held = tt_bot._blocks(relative(state.board, p))
            judged = tt_bot.judge(rules, state, p)
            monkeypatch.setattr(tt_bot, "BLOCKS", 0.0)
            assert judged - tt_bot.judge(rules, state, p) == pytest.approx(weight * held)
            monkeypatch.undo()
            blocked += held != 0
    assert blocked


def test_tx11_potential_counts_kept_regions_as_scored_and_growing_ones_in_part():
    """TX-11: a sheet of kept regions only is worth its score; a region of 3 with room to
    grow adds a share; the same region walled in adds nothing."""
    size = 7
    row = lambda r, cols: sum(1 << (r * size + c) for c in cols)  # noqa: E731
    five = row(0, range(5))
    assert tx_bot.potential((five, 0, 0), size, None) == 1 * 5
    assert tx_bot.potential((five | row(2, range(5)), 0, 0), size, None) == 2 * 10
    three = row(4, range(3))
    grows = tx_bot.potential((five, three, 0), size, None)
    share = tx_bot.PARTIAL * 3 / 5
    assert grows == pytest.approx(5 + share * share * 3)
    walls = row(3, range(4)) | row(5, range(4)) | (1 << (4 * size + 3))  # around the three
    walled = tx_bot.potential((five, three, walls), size, None)
    assert walled == tx_bot.potential((five, 0, walls), size, None)


def test_tx8_an_empty_cell_no_shape_can_fill_costs_hole():
    """TX-7, TX-8: a shape's cells on the sheet must all be empty and only at the edge may
    some hang over, so empty cells walled in fewer than four together away from the edge are
    lost (each costs ``HOLE``); four of them, or fewer at the edge, may still be filled."""
    size = 7
    full = (1 << size * size) - 1
    cell = lambda r, c: 1 << (r * size + c)  # noqa: E731
    assert tx_bot.holes(cell(3, 3), size) == 1
    assert tx_bot.holes(cell(3, 1) | cell(3, 2) | cell(3, 3), size) == 3
    assert tx_bot.holes(cell(3, 1) | cell(3, 2) | cell(3, 3) | cell(3, 4), size) == 0  # an I
    assert tx_bot.holes(cell(0, 3) | cell(6, 6), size) == 0  # a shape may hang over the edge
    assert tx_bot.holes(cell(2, 2) | cell(4, 4), size) == 2  # two parts, each alone
    walled = full & ~cell(3, 3)  # every other cell one symbol's, the middle one left empty
    assert tx_bot.potential((walled, 0, 0), size, None) == 1 * 48 - tx_bot.HOLE
    assert tx_bot.HOLE > 0


def test_tx15_potential_adds_the_free_bar_fields():
    assert tx_bot.potential((0, 0, 0), 7, 8) == 8


def test_tx6_the_roller_arranges_by_the_best_placement_a_shape_allows():
    """TX-6, TX-9: with room for every arrangement, the one kept is worth most: its best
    placement's potential, less the best another player makes of it."""
    rng = random.Random(6)
    checked = 0
    for seed in range(6):
        state = driver.start(TE_TRIX, 2, None, f"arrange-{seed}").state
        while state.phase != "arrange" or rng.random() < 0.6:
            if TE_TRIX.status(state).finished:
                break
            movers = TE_TRIX.to_move(state)
            named = movers[0] if len(movers) > 1 else None
            state = TE_TRIX.successor(state, rng.choice(TE_TRIX.legal_moves(state, named)), named)
            state = driver.sampled(TE_TRIX, state)
        if TE_TRIX.status(state).finished:
            continue
        roller = state.roller
        legal = TE_TRIX.legal_moves(state)
        kept, _ = TE_TRIX.spec.candidates(state, roller, legal, 10**7, None)

        def worth(arrangement, state=state, roller=roller):
            after = TE_TRIX.successor(state, arrangement)
            mine = tx_bot.best_placement(
                after, roller, arrangement, TE_TRIX.legal_moves(after, roller)
            )
            other = 1 - roller
            theirs = tx_bot.best_placement(
                after, other, arrangement, TE_TRIX.legal_moves(after, other)
            )
            return mine[0] - (theirs[0] if theirs[1] is not None else 0)

        assert len(kept) == 1
        assert worth(kept[0]) == pytest.approx(max(worth(a) for a in legal))
        checked += 1
    assert checked >= 3


def test_tt14_a_playout_stopped_early_is_judged_not_only_scored():
    """TT-14, TT-12: with the scores level a playout's end is worth what the judgement says
    (a Red blot on 10 that Black's pair on 13 reaches is worse than a Red stone on 14, past
    it and further on), squashed to (0, 1); Tric Trac's playouts stop after
    ``playout_plies``."""
    rules, spec = TRIC_TRAC.rules, TRIC_TRAC.spec
    near, far = _state({10: 1, 13: -2}), _state({14: 1, 13: -2})
    plain = bots._reward(rules, near, 0)
    assert plain == bots._reward(rules, far, 0) == 0.5  # the scores alone: level
    judged = bots._reward(rules, near, 0, spec.judge), bots._reward(rules, far, 0, spec.judge)
    assert 0 < judged[0] < judged[1] < 1
    state = driver.start(TRIC_TRAC, None, None, "stops").state
    state = TRIC_TRAC.successor(state, TRIC_TRAC.legal_moves(state)[0])  # a throw is next
    found = bots.evaluate(TRIC_TRAC, state, 0, "e", 20, 20 * 61)
    assert found.iterations == 20 and found.plies <= 20 * spec.playout_plies


def test_tx11_a_te_trix_playout_is_judged_by_the_sheets_potential():
    """TX-11: an unfinished Te-Trix playout counts each sheet's potential, not its score."""
    state = driver.start(TE_TRIX, 2, None, "judged").state
    worth = [tx_bot.potential(s.masks, state.size, state.bar) for s in state.sheets]
    assert TE_TRIX.spec.judge(state, 0) == worth[0] - worth[1]
    solo = driver.start(TE_TRIX, 1, {"solo": True}, "judged").state
    assert TE_TRIX.spec.judge(solo, 0) == tx_bot.potential(
        solo.sheets[0].masks, solo.size, solo.bar
    )


@pytest.mark.parametrize(("players", "options"), [(4, None), (4, {"size": 12}), (2, None)])
def test_tx6_the_arrangement_look_stays_within_its_looks(players, options):
    """TX-6, TX-9: even when one arrangement's placements on every sheet are more than the
    looks (four players, a 12 × 12 sheet), the roller's look stays within them, so a search
    at a small budget still plays its iterations."""
    state = driver.start(TE_TRIX, players, options, "looks").state
    legal = TE_TRIX.legal_moves(state)
    for looks in (50, 305):
        kept, looked = TE_TRIX.spec.candidates(state, state.roller, legal, looks, None)
        assert len(kept) == 1 and looked <= looks + players
    found = bots.evaluate(TE_TRIX, state, state.roller, "k", 10, 10 * 61)
    assert found.iterations == 10


def test_tt7_a_throw_with_more_turns_than_looks_judges_every_kth():
    """TT-7: the one-ply look stays within its looks: with fewer looks than turns, every k-th
    turn is judged and the best of those kept."""
    rules, checked = TRIC_TRAC.rules, 0
    for state in tric_trac_turns(12):
        legal = TRIC_TRAC.legal_moves(state)
        if len(legal) < 6:
            continue
        looks = len(legal) // 3
        kept, looked = TRIC_TRAC.spec.candidates(state, state.player, legal, looks, None)
        every = legal[:: -(-len(legal) // looks)]
        assert looked == len(every) <= looks
        best = max(tt_bot.judge(rules, rules.successor(state, m), state.player) for m in every)
        assert tt_bot.judge(rules, rules.successor(state, kept[0]), state.player) == best
        checked += 1
    assert checked >= 2


def test_tt15_the_race_is_the_pips_of_the_stones_nearest_home_over_random_positions():
    """``_race``, point by point from home, is the sum of the ``needed`` smallest pip counts
    (TT-13: a Red stone on point i has 24 - i + 1 to go, a Black one i), for every count."""
    from service.games.tric_trac.bot import POINTS, _race
    from service.games.tric_trac.turns import relative

    for state in tric_trac_turns(12):
        for player in (0, 1):
            board = relative(state.board, player)
            ups = sorted(POINTS - i for i, v in enumerate(board) for _ in range(v))
            downs = sorted(i + 1 for i, v in enumerate(board) for _ in range(-v))
            for needed in range(16):
                assert _race(board, needed, 1) == sum(ups[:needed])
                assert _race(board, needed, -1) == sum(downs[:needed])


# Te-Trix sheets for the last round (TX-10): a checkerboard of circles and crosses scores
# nothing (no two equal symbols touch, TX-11); with only its middle cell empty no shape can be
# entered on it (a shape's cells on the sheet must be empty, TX-8).
CHECKERED = tuple("".join("ox"[(r + c) % 2] for c in range(7)) for r in range(7))
CHECKERED_MIDDLE_EMPTY = tuple(
    row[:3] + "." + row[4:] if r == 3 else row for r, row in enumerate(CHECKERED)
)
SQUARES_TOP_EMPTY = ("." * 7,) + ("s" * 7,) * 6  # one region of 42 squares, the top row free


def _arranging(*sheets):
    return position(*sheets, phase="arrange", roll="ssss")


def test_tx10_strong_judges_an_arrangement_that_ends_the_game_by_its_final_scores():
    """TX-10, TX-11: Blue (player 1) can enter no shape, so whatever Red (0) arranges ends the
    game once Red has entered it. From ``LAST_ROUND_FROM`` looks (strong's budget) each
    arrangement is worth Red's best final score less Blue's (0) plus ``DECIDED`` (a won game);
    below it (medium's), the potential Red's best placement leaves."""
    state = _arranging(SQUARES_TOP_EMPTY, CHECKERED_MIDDLE_EMPTY)
    legal = TE_TRIX.legal_moves(state)
    found, _ = tx_bot.judged_arrangements(state, 0, legal, tx_bot.LAST_ROUND_FROM)
    assert len(found) == len(legal)
    worth = {TE_TRIX.notation(a): w for a, w, _ in found}
    assert worth["I:ssss"] == tx_bot.DECIDED + 46  # four more squares along the top row
    assert worth["O:ssss"] == tx_bot.DECIDED + 44  # two on the sheet, two over its edge
    kept, _ = TE_TRIX.spec.candidates(state, 0, legal, tx_bot.LAST_ROUND_FROM, None)
    assert [TE_TRIX.notation(m) for m in kept] == ["I:ssss"]
    medium, _ = tx_bot.judged_arrangements(state, 0, legal, tx_bot.LAST_ROUND_FROM - 1)
    for arrangement, w, move in medium:
        after = tx_bot._after(state, 0, arrangement, move)
        assert w == after < tx_bot.DECIDED


def test_tx10_strong_may_arrange_what_it_cannot_enter_when_that_wins():
    """TX-10: Red (0) cannot enter any shape, Blue can; an arrangement ends the game with
    Red's 48 against the 0 Blue makes of it: strong counts it a won game (no placement of
    its own), medium finds no arrangement it can enter and leaves the choice to the search."""
    red = tuple("s" * 7 if r != 3 else "sss.sss" for r in range(7))
    blue = ("." * 7, *CHECKERED[1:])
    state = _arranging(red, blue)
    legal = TE_TRIX.legal_moves(state)
    found, _ = tx_bot.judged_arrangements(state, 0, legal, tx_bot.LAST_ROUND_FROM)
    assert found and all(w == tx_bot.DECIDED + 48 and m is None for _, w, m in found)
    assert tx_bot.judged_arrangements(state, 0, legal, tx_bot.LAST_ROUND_FROM - 1)[0] == []


def test_tx10_in_the_last_round_strong_places_for_the_score():
    """TX-10, TX-11: once a player cannot enter the arrangement, the round is the last, and
    from ``LAST_ROUND_FROM`` looks a placement is worth the score it makes, not a potential."""
    # two circles on the top row start a region the potential counts in part, the score not
    state = arranged(position(SQUARES_TOP_EMPTY, CHECKERED_MIDDLE_EMPTY), "I:ooss")
    assert state.phase == "place" and state.blocked == (1,)
    legal = TE_TRIX.legal_moves(state, 0)
    strong, _ = tx_bot.judged_placements(state, 0, legal, tx_bot.LAST_ROUND_FROM)
    medium, _ = tx_bot.judged_placements(state, 0, legal, tx_bot.LAST_ROUND_FROM - 1)
    assert [m for m, _ in strong] == [m for m, _ in medium] == list(legal)
    scores = dict(strong)
    for move, w in medium:
        sheet, _ = tx_bot._placed(state, 0, state.arrangement, move)
        assert scores[move] == tx_bot.total(sheet, 7, None)
        assert w == tx_bot._after(state, 0, state.arrangement, move)
    assert any(scores[m] != w for m, w in medium)  # the two judgements differ here
    best = max(strong, key=lambda f: f[1])[0]
    assert max(medium, key=lambda f: f[1])[1] > tx_bot._after(state, 0, state.arrangement, best)
