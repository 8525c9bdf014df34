"""The Tric Trac state document (``schema/states/tric-trac.json``) and its validation.

::

    {"game": "tric-trac", "v": 1,
     "options": {"mustPlayLarger": false, "homeBeforeBearOff": false,
                 "hucke": {"red": 13, "black": 12}, "pointsToWin": 12},
     "points": {"red": {"4": 1, "6": 1}, "black": {}},  # points 2–23 -> stones
     "start": [13, 15],        # stones on the start fields [Red on 1, Black on 24] (TT-2)
     "borneOff": [0, 0],       # TT-13
     "hits": [0, 0],           # opposing stones each player has hit (TT-12)
     "scores": [0, 0],         # hits + borneOff (TT-14)
     "phase": "throw",         # opening | throw | move | over
     "toMove": 1,              # whose turn: throws next (throw) or plays "dice" (move)
     "dice": null,             # [low, high] in phase move, else null
     "seed": null, "chances": 1}

``decode`` reports every problem with its JSON path instead of stopping at the first.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..core import OptionSpec, Problems, fields
from ..core.game import JSON
from ..core.text import Msg
from .state import (
    COLOUR_KEYS,
    INITIAL_BOARD,
    MOVE,
    OPENING,
    OVER,
    PHASES,
    POINTS,
    STONES,
    THROW,
    Rules,
    TricTracState,
    borne_off,
    start_count,
)

VERSION = 1
MAX_HITS = 99


def encode(state: TricTracState) -> JSON:
    r = state.rules
    b = state.board
    return {
        "game": "tric-trac",
        "v": VERSION,
        "options": {
            "mustPlayLarger": r.must_play_larger,
            "homeBeforeBearOff": r.home_before_bear_off,
            "hucke": {"red": r.hucke[0], "black": r.hucke[1]},
            "pointsToWin": r.points_to_win,
        },
        "points": {
            "red": {str(i + 1): v for i, v in enumerate(b) if v > 0 and 0 < i < POINTS - 1},
            "black": {str(i + 1): -v for i, v in enumerate(b) if v < 0 and 0 < i < POINTS - 1},
        },
        "start": [start_count(b, 0), start_count(b, 1)],
        "borneOff": [borne_off(b, 0), borne_off(b, 1)],
        "hits": list(state.hits),
        "scores": [state.hits[p] + borne_off(b, p) for p in (0, 1)],
        "phase": state.phase,
        "toMove": state.player,
        "dice": None if state.dice is None else list(state.dice),
        "seed": state.seed,
        "chances": state.chances,
    }


_POINT = re.compile(r"^([2-9]|1[0-9]|2[0-3])$")
_STONES = fields.Map(
    keys=fields.Str(
        pattern=_POINT,
        convert={str(p): p for p in range(2, POINTS)},
        reason=Msg.of("tric-trac-state-not-a-point"),
    ),
    values=fields.Int(
        minimum=1, maximum=STONES, reason=Msg.of("tric-trac-state-stones", limit=STONES)
    ),
    reason=Msg.of("tric-trac-state-stones-by-point"),
)


def _pair_field(hi: int, description: str) -> fields.Array:
    return fields.Array(
        items=fields.Int(minimum=0, maximum=hi),
        min_items=2,
        max_items=2,
        reason=Msg.of("tric-trac-state-pair"),
        description=description,
    )


_PAIRS = {
    "start": _pair_field(STONES, "Stones on the start fields (Red 1, Black 24)."),
    "borneOff": _pair_field(STONES, "Stones borne off (TT-13)."),
    "hits": _pair_field(MAX_HITS, "Opposing stones each player has hit (TT-12)."),
    "scores": _pair_field(MAX_HITS, "hits + borneOff (TT-14)."),
}


def _document(specs: tuple[OptionSpec, ...]) -> fields.Document:
    return fields.Document(
        game="tric-trac",
        version=VERSION,
        title="Tric Trac state",
        description="A Tric Trac position (rules TT-1…TT-15). Red (player 0) moves from "
        "point 1 up to 24, Black (player 1) from 24 down to 1; lists are [Red, Black].",
        required=("points", "start", "borneOff", "hits", "scores", "phase"),
        properties={
            "options": fields.Options(specs=specs),
            "points": fields.Obj(
                properties={"red": _STONES, "black": _STONES},
                unknown=Msg.of("tric-trac-state-unknown-colour"),
                reason=Msg.of("tric-trac-state-points"),
                description="Stones on points 2–23 per colour.",
            ),
            **_PAIRS,
            "phase": fields.Enum(
                values=PHASES,
                reason=Msg.of("tric-trac-state-phase", phases=", ".join(PHASES)),
                description="opening: the opening throw is due; throw: toMove throws; "
                "move: toMove plays dice; over: someone reached pointsToWin.",
            ),
            "toMove": fields.Enum(
                values=(0, 1),
                nullable=True,
                default=None,
                reason=Msg.of("tric-trac-state-to-move"),
                description="Whose turn; null in opening/over.",
            ),
            "dice": fields.Array(
                items=fields.Int(minimum=1, maximum=6),
                min_items=2,
                max_items=2,
                nullable=True,
                default=None,
                whole=True,
                reason=Msg.of("tric-trac-state-dice"),
                description="The throw being played (phase move), lower first.",
            ),
        },
    )


document = fields.PerOptions(_document)


def decode(doc: Any, specs: tuple[OptionSpec, ...]) -> TricTracState:
    problems = Problems()
    got = document(specs).read(doc, problems)
    if got is None:
        problems.raise_state()
        raise AssertionError  # raise_state raised: there was a problem
    opts = got["options"]
    hucke = opts["hucke"]
    rules = Rules(
        opts["mustPlayLarger"],
        opts["homeBeforeBearOff"],
        (hucke["red"], hucke["black"]),
        opts["pointsToWin"],
    )
    unsure: set[int] = set()  # players with a rejected entry: no sums checked for them
    board = _points(doc, got, rules, problems, unsure)
    start, off, hits, scores = (
        _pair(doc, got, key, unsure) for key in ("start", "borneOff", "hits", "scores")
    )
    board[0], board[POINTS - 1] = start[0], -start[1]
    for p, key in enumerate(COLOUR_KEYS):
        if p in unsure:
            continue
        sign = 1 if p == 0 else -1
        stones = sum(v * sign for v in board[1 : POINTS - 1] if v * sign > 0)
        count = stones + start[p] + off[p]
        if count != STONES:
            why = Msg.of(
                "tric-trac-state-stone-count",
                player=p,
                stones=stones,
                start=start[p],
                off=off[p],
                count=count,
                total=STONES,
            )
            problems.add(f"$.points.{key}", why)
        if scores[p] != hits[p] + off[p]:
            why = Msg.of("tric-trac-state-score-sum", expected=hits[p] + off[p], got=scores[p])
            problems.add(f"$.scores[{p}]", why)
    phase, player, dice = _phase(got, problems)
    _check_progress(rules, tuple(board), hits, scores, phase if "phase" in got else None, problems)
    chances = got.get("chances", 0)
    if phase != OPENING and chances < 1:
        problems.add("$.chances", Msg.of("tric-trac-state-chances"))
    problems.raise_state()
    return TricTracState(tuple(board), hits, phase, player, dice, rules, got.get("seed"), chances)


def _pair(
    doc: Mapping[str, Any], got: dict[str, Any], key: str, unsure: set[int]
) -> tuple[int, int]:
    """A [Red, Black] pair; of a refused one, the good entries (the other player unsure)."""
    pair = got.get(key)
    if pair is None:
        pair = _PAIRS[key].parts(doc.get(key))
        if not isinstance(pair, list) or len(pair) != 2:
            unsure.update((0, 1))
            return (0, 0)
        for p, v in enumerate(pair):
            if v is fields.INVALID:
                unsure.add(p)
                pair[p] = 0
    return (pair[0], pair[1])


def _points(
    doc: Mapping[str, Any],
    got: dict[str, Any],
    rules: Rules,
    problems: Problems,
    unsure: set[int],
) -> list[int]:
    board = [0] * POINTS
    points = got.get("points")
    if points is None:  # refused: place what can be read; a colour with a wrong entry is unsure
        raw = doc.get("points")
        if not isinstance(raw, Mapping):
            unsure.update((0, 1))
            return board
        points = {key: _STONES.parts(raw.get(key, {})) for key in COLOUR_KEYS}
        for p, key in enumerate(COLOUR_KEYS):
            if _STONES.quick(raw.get(key, {})) is fields.INVALID:
                unsure.add(p)
            if points[key] is fields.INVALID:
                points[key] = {}
    for p, key in enumerate(COLOUR_KEYS):
        sign, mine, theirs = 1 - 2 * p, rules.hucke[p], rules.hucke[1 - p]
        for point, n in points.get(key, {}).items():
            odd = board[point - 1] or point == theirs or (point == mine and n == 1)
            if odd and not _odd_point(board, p, point, n, rules, problems):
                unsure.add(p)
                continue
            board[point - 1] = sign * n
    return board


def _odd_point(
    board: list[int], p: int, point: int, n: int, rules: Rules, problems: Problems
) -> bool:
    """Reports what is wrong with ``n`` stones of ``p`` on ``point``; False when they cannot
    be placed at all (the point holds the other colour)."""
    path = f"$.points.{COLOUR_KEYS[p]}.{point}"
    if board[point - 1]:
        problems.add(path, Msg.of("tric-trac-state-two-colours", player=p, point=point))
        return False
    if point == rules.hucke[1 - p]:
        problems.add(path, Msg.of("tric-trac-state-opponent-hucke", player=p, point=point))
    if point == rules.hucke[p] and n == 1:
        problems.add(path, Msg.of("tric-trac-state-single-in-hucke", player=p))
    return True


def _phase(
    got: dict[str, Any], problems: Problems
) -> tuple[str, int | None, tuple[int, int] | None]:
    phase = got.get("phase")
    sent = got.get("toMove")
    if phase is None:
        phase = OVER if sent is None else MOVE
    player = sent
    if phase in (THROW, MOVE):
        if player is None:
            problems.add("$.toMove", Msg.of("tric-trac-state-to-move-needed", phase=phase))
            player = 0
    elif sent is not None:
        problems.add("$.toMove", Msg.of("tric-trac-state-to-move-null", phase=phase))
        player = None
    dice = got.get("dice")
    if phase != MOVE:
        if dice is not None:
            problems.add("$.dice", Msg.of("tric-trac-state-dice-null"))
        return phase, player, None
    if dice is None:
        if "dice" in got:
            problems.add("$.dice", Msg.of("tric-trac-state-dice-needed"))
        return phase, player, (1, 2)
    low, high = sorted(dice)
    return phase, player, (low, high)


def _check_progress(
    rules: Rules,
    board: tuple[int, ...],
    hits: tuple[int, int],
    scores: tuple[int, int],
    phase: str | None,
    problems: Problems,
) -> None:
    """The phase agrees with the scores (TT-15) and the opening with the board (TT-2)."""
    goal = rules.points_to_win
    for p in (0, 1):
        if scores[p] > goal:
            why = Msg.of("tric-trac-state-score-over-goal", goal=goal, got=scores[p])
            problems.add(f"$.scores[{p}]", why)
    won = [p for p in (0, 1) if scores[p] >= goal]
    if len(won) == 2:
        problems.add("$.scores", Msg.of("tric-trac-state-both-won"))
    if phase is None:
        return
    if won and phase != OVER:
        problems.add("$.phase", Msg.of("tric-trac-state-must-be-over", player=won[0], goal=goal))
    if phase == OVER and not won:
        problems.add("$.phase", Msg.of("tric-trac-state-over-without-winner", goal=goal))
    if phase == OPENING and (board != INITIAL_BOARD or any(hits)):
        problems.add("$.phase", Msg.of("tric-trac-state-opening-moved"))
