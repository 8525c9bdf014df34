"""MX-8 passes in a row and what resets them, MX-7 and the pass (issue 16).

test_rules.py has pass → place → pass. The other reset, after a move (a shift), cannot be
reached by play: a player passes only when no shift exists on the board at all, since the
MX-7 ban removes one shift of a family of at least two (see the playout test below), and the
opponent then faces the same board. So pass → move → pass is checked on a state document the
service accepts (a pass recorded, a shift available), as a client may send it.
"""

from __future__ import annotations

import random
from dataclasses import replace

from service.games.mixtour import ENGINE, Pass, Shift

from .helpers import notations, play, position


def passed_with_a_shift_left():
    """Blue's pass is recorded; White, with no supply, can move a1 and b1 onto each other
    (MX-5, MX-6)."""
    return position({"a1": "w", "b1": "b"}, pieces=1, last="pass", passes=1)


def test_mx8_a_move_between_two_passes_resets_the_count_to_one():
    """Pass (recorded), White a1-b1, Blue passes: one pass in a row, not two, so no draw."""
    state = passed_with_a_shift_left()
    assert notations(state) == {"a1-b1", "b1-a1"}
    moved = play(state, "a1-b1")
    assert moved.passes == 0
    # b1 is 2 high and nothing stands 2 squares from it; Blue's supply is empty.
    assert ENGINE.legal_moves(moved) == (Pass(),)
    t = ENGINE.apply(moved, Pass())
    assert t.events == ({"type": "passed", "player": 1},)
    assert t.state.passes == 1 and ENGINE.to_move(t.state) == (0,)
    assert not ENGINE.status(t.state).finished


def test_mx8_pass_move_pass_through_the_rest_api(client):
    """The same document sent to ``play``: the answer is an ongoing game, White to move."""
    state = ENGINE.encode(passed_with_a_shift_left())
    r = client.post("/v1/games/mixtour/play", json={"state": state, "moves": ["a1-b1", "pass"]})
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["status"], body["toMove"], body["state"]["passes"]) == ("ongoing", [0], 1)


def test_mx7_mx8_the_ban_alone_never_forces_a_pass_and_no_shift_follows_a_pass():
    """MX-7 bans the reverse of the opponent's last shift, c pieces from T back to S; T then
    holds more than c pieces and every other count moves T → S as well, so the ban alone never
    leaves a player only a pass (MX-8), and after a pass the board has no shift for anyone.
    Checked in seeded random games with small supplies, where passes are common."""
    rng = random.Random("mx8-passes")
    forced = 0
    for _ in range(400):
        pieces = rng.choice((1, 2, 3, 5))
        state = ENGINE.new(options={"piecesPerPlayer": pieces, "pointsToWin": 2})
        while not ENGINE.status(state).finished:
            moves = ENGINE.legal_moves(state)
            if isinstance(state.last, Pass):
                assert not any(isinstance(m, Shift) for m in moves)
            if moves == (Pass(),):
                forced += 1
                assert ENGINE.legal_moves(replace(state, last=None)) == (Pass(),)
            state = ENGINE.apply(state, rng.choice(moves)).state
    assert forced > 200
