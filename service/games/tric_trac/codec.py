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

from collections.abc import Mapping
from typing import Any

from ..core import OptionSpec, Problems, options_schema, read_options
from ..core.game import COMMON_STATE_PROPERTIES, JSON, check_doc_header, check_seed
from ..core.numbers import as_int
from .state import (
    COLOUR_KEYS,
    COLOUR_NAMES,
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
FIELDS = frozenset(
    (
        "game",
        "v",
        "options",
        "points",
        "start",
        "borneOff",
        "hits",
        "scores",
        "phase",
        "toMove",
        "dice",
        "seed",
        "chances",
    )
)
MAX_HITS = 99


_HUCKE_POINT = {"type": "integer", "minimum": 2, "maximum": POINTS - 1}
# What check_hucke accepts, as far as JSON Schema can say it (not: the two points differ).
HUCKE_SCHEMA: JSON = {
    "oneOf": [
        {
            "type": "object",
            "additionalProperties": False,
            "required": list(COLOUR_KEYS),
            "properties": {
                "red": {**_HUCKE_POINT, "description": "Red's Hucke point."},
                "black": {**_HUCKE_POINT, "description": "Black's Hucke point."},
            },
        },
        {
            "type": "array",
            "prefixItems": [_HUCKE_POINT, _HUCKE_POINT],
            "items": False,
            "minItems": 2,
            "description": "[red, black]; states and answers use the object form.",
        },
    ]
}


def check_hucke(value: Any) -> dict[str, int]:
    """The ``hucke`` option: ``{"red": r, "black": b}`` or ``[r, b]``, two points 2–23."""
    if isinstance(value, list) and len(value) == 2:
        value = {"red": value[0], "black": value[1]}
    if not isinstance(value, Mapping) or set(value) != {"red", "black"}:
        raise ValueError('must be {"red": point, "black": point} or [red, black]')
    for key in COLOUR_KEYS:
        v = value[key]
        if isinstance(v, bool) or not isinstance(v, int) or not 2 <= v <= POINTS - 1:
            raise ValueError(f"{key} must be a point from 2 to 23 (1 and 24 are start fields)")
    if value["red"] == value["black"]:
        raise ValueError("Red's and Black's Hucke must be different points")
    return {"red": value["red"], "black": value["black"]}


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


def decode(doc: Any, specs: tuple[OptionSpec, ...]) -> TricTracState:
    problems = Problems()
    if not check_doc_header(doc, "tric-trac", VERSION, problems, FIELDS):
        problems.raise_state()
    rules = _rules(doc.get("options", {}), specs, problems)
    unsure: set[int] = set()  # players with a rejected entry: no sums checked for them
    board = _points(doc.get("points"), rules, problems, unsure)
    start = _pair(doc, "start", problems, STONES, unsure)
    off = _pair(doc, "borneOff", problems, STONES, unsure)
    hits = _pair(doc, "hits", problems, MAX_HITS, unsure)
    scores = _pair(doc, "scores", problems, MAX_HITS, unsure)
    board[0], board[POINTS - 1] = start[0], -start[1]
    for p, key in enumerate(COLOUR_KEYS):
        if p in unsure:
            continue
        sign = 1 if p == 0 else -1
        stones = sum(v * sign for v in board[1 : POINTS - 1] if v * sign > 0)
        count = stones + start[p] + off[p]
        if count != STONES:
            problems.add(
                f"$.points.{key}",
                f"{COLOUR_NAMES[p]} has {stones} on points, {start[p]} on the start field "
                f"and {off[p]} borne off: {count} stones, not {STONES} (TT-2)",
            )
        if scores[p] != hits[p] + off[p]:
            problems.add(
                f"$.scores[{p}]",
                f"must be hits + borneOff = {hits[p] + off[p]}, got {scores[p]} (TT-14)",
            )
    phase, player, dice = _phase(doc, problems)
    known = phase if doc.get("phase") in PHASES else None  # no second guesses on a bad phase
    _check_progress(rules, tuple(board), hits, scores, known, problems)
    seed, chances = check_seed(doc, problems)
    if phase != OPENING and chances < 1:
        problems.add("$.chances", "must be at least 1 once the opening throw is made (TT-4)")
    problems.raise_state()
    return TricTracState(tuple(board), hits, phase, player, dice, rules, seed, chances)


def _rules(options: Any, specs: tuple[OptionSpec, ...], problems: Problems) -> Rules:
    opts = read_options(specs, options, problems)
    hucke = opts["hucke"]
    return Rules(
        opts["mustPlayLarger"],
        opts["homeBeforeBearOff"],
        (hucke["red"], hucke["black"]),
        opts["pointsToWin"],
    )


def _points(points: Any, rules: Rules, problems: Problems, unsure: set[int]) -> list[int]:
    board = [0] * POINTS
    if not isinstance(points, Mapping):
        problems.add("$.points", 'must be {"red": {point: stones}, "black": {point: stones}}')
        unsure.update((0, 1))
        return board
    for key in points:
        if key not in COLOUR_KEYS:
            problems.add(f"$.points.{key}", "unknown colour; expected red and black")
    for p, key in enumerate(COLOUR_KEYS):
        stones = points.get(key, {})
        if not isinstance(stones, Mapping):
            problems.add(f"$.points.{key}", 'must map points to stones, e.g. {"4": 2}')
            unsure.add(p)
            continue
        for name, n in stones.items():
            if not _place(board, p, f"$.points.{key}.{name}", name, n, rules, problems):
                unsure.add(p)
    return board


def _place(
    board: list[int], p: int, path: str, name: Any, n: Any, rules: Rules, problems: Problems
) -> bool:
    """Puts the stones on the board; False when they cannot be placed."""
    point = int(name) if isinstance(name, str) and name.isdigit() and len(name) <= 2 else 0
    if not 2 <= point <= POINTS - 1:
        problems.add(path, "not a point from 2 to 23 (start fields are in $.start) (TT-1, TT-2)")
        return False
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= STONES:
        problems.add(path, f"stones must be an integer from 1 to {STONES}")
        return False
    me, opp = COLOUR_NAMES[p], COLOUR_NAMES[1 - p]
    if board[point - 1]:
        problems.add(path, f"point {point} also holds {opp} stones; a point holds one colour")
        return False
    if point == rules.hucke[1 - p]:
        problems.add(path, f"point {point} is {opp}'s Hucke, which {me} may never enter (TT-11)")
    if point == rules.hucke[p] and n == 1:
        problems.add(path, f"a single stone cannot stand in {me}'s Hucke (TT-11)")
    board[point - 1] = n if p == 0 else -n
    return True


def _pair(
    doc: Mapping[str, Any], key: str, problems: Problems, hi: int, unsure: set[int]
) -> tuple[int, int]:
    value = doc.get(key)
    if (
        not isinstance(value, list)
        or len(value) != 2
        or any(isinstance(v, bool) or not isinstance(v, int) for v in value)
    ):
        problems.add(f"$.{key}", "must be a list of two integers [Red, Black]")
        unsure.update((0, 1))
        return (0, 0)
    out = [0, 0]
    for p, v in enumerate(value):
        if not 0 <= v <= hi:
            problems.add(f"$.{key}[{p}]", f"must be between 0 and {hi}, got {v}")
            unsure.add(p)
        else:
            out[p] = v
    return (out[0], out[1])


def _phase(
    doc: Mapping[str, Any], problems: Problems
) -> tuple[str, int | None, tuple[int, int] | None]:
    phase = doc.get("phase")
    if phase not in PHASES:
        problems.add("$.phase", f"must be one of {', '.join(PHASES)}")
        phase = OVER if doc.get("toMove") is None else MOVE
    sent = doc.get("toMove")
    player = None if sent is None else as_int(sent)
    if phase in (THROW, MOVE):
        if player not in (0, 1):
            problems.add("$.toMove", f"must be 0 (Red) or 1 (Black) in phase {phase}")
            player = 0
    elif sent is not None:
        problems.add("$.toMove", f"must be null in phase {phase}")
        player = None
    dice = doc.get("dice")
    if phase != MOVE:
        if dice is not None:
            problems.add("$.dice", "must be null unless a throw is being played (phase move)")
        return phase, player, None
    read = [as_int(d) for d in dice] if isinstance(dice, list) else []
    if len(read) != 2 or any(d not in range(1, 7) for d in read):
        problems.add("$.dice", "must be the throw being played: two numbers 1 to 6")
        return phase, player, (1, 2)
    low, high = sorted(d for d in read if d is not None)
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
            problems.add(
                f"$.scores[{p}]", f"the game ends at {goal} points (TT-15), got {scores[p]}"
            )
    won = [p for p in (0, 1) if scores[p] >= goal]
    if len(won) == 2:
        problems.add("$.scores", "both players cannot have reached pointsToWin (TT-15)")
    if phase is None:
        return
    if won and phase != OVER:
        problems.add("$.phase", f"must be over: {COLOUR_NAMES[won[0]]} has {goal} points (TT-15)")
    if phase == OVER and not won:
        problems.add("$.phase", f"is over, but nobody has {goal} points (TT-15)")
    if phase == OPENING and (board != INITIAL_BOARD or any(hits)):
        problems.add("$.phase", "the opening comes before any stone moves (TT-2, TT-4)")


def state_schema(specs: tuple[OptionSpec, ...]) -> JSON:
    pair = {
        "type": "array",
        "items": {"type": "integer", "minimum": 0},
        "minItems": 2,
        "maxItems": 2,
    }
    stones = {
        "type": "object",
        "propertyNames": {"pattern": "^([2-9]|1[0-9]|2[0-3])$"},
        "additionalProperties": {"type": "integer", "minimum": 1, "maximum": STONES},
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://regelwerk.dev/schema/states/tric-trac.json",
        "title": "Tric Trac state",
        "description": "A Tric Trac position (rules TT-1…TT-15). Red (player 0) moves from "
        "point 1 up to 24, Black (player 1) from 24 down to 1; lists are [Red, Black].",
        "type": "object",
        "required": ["game", "v", "points", "start", "borneOff", "hits", "scores", "phase"],
        "additionalProperties": False,
        "properties": {
            "game": {"const": "tric-trac"},
            "v": {"const": VERSION},
            "options": options_schema(specs),
            "points": {
                "type": "object",
                "description": "Stones on points 2–23 per colour.",
                "additionalProperties": False,
                "properties": {"red": stones, "black": stones},
            },
            "start": {**pair, "description": "Stones on the start fields (Red 1, Black 24)."},
            "borneOff": {**pair, "description": "Stones borne off (TT-13)."},
            "hits": {**pair, "description": "Opposing stones each player has hit (TT-12)."},
            "scores": {**pair, "description": "hits + borneOff (TT-14)."},
            "phase": {
                "enum": list(PHASES),
                "description": "opening: the opening throw is due; throw: toMove throws; "
                "move: toMove plays dice; over: someone reached pointsToWin.",
            },
            "toMove": {"enum": [0, 1, None], "description": "Whose turn; null in opening/over."},
            "dice": {
                "oneOf": [
                    {
                        "type": "array",
                        "items": {"type": "integer", "minimum": 1, "maximum": 6},
                        "minItems": 2,
                        "maxItems": 2,
                    },
                    {"type": "null"},
                ],
                "description": "The throw being played (phase move), lower first.",
            },
            **COMMON_STATE_PROPERTIES,
        },
    }


_DERIVED = "Derived; optional when sent, must agree with the position."


def _move_documents(answer: bool) -> list[JSON]:
    """The move document variants, one per kind. ``answer``: as ``move_document`` answers
    (every field required); else as ``play`` accepts them (derived fields optional)."""

    def derived(schema: JSON, what: str) -> JSON:
        return {**schema, "description": f"{what} {'Derived.' if answer else _DERIVED}"}

    def obj(kind: str, what: str, props: JSON, defining: list[str]) -> JSON:
        return {
            "type": "object",
            "title": f"Tric Trac {kind}",
            "description": what,
            "additionalProperties": False,
            "required": ["kind", *(props if answer else defining)],
            "properties": {"kind": {"const": kind}, **props},
        }

    dice = {
        "type": "array",
        "items": {"type": "integer", "minimum": 1, "maximum": 6},
        "minItems": 2,
        "maxItems": 2,
    }
    point = {"type": "integer", "minimum": 1, "maximum": 24}
    mover = derived({"enum": [0, 1]}, "The mover, 0 Red or 1 Black (the SVG's data-player).")
    step = {
        "type": "object",
        "description": "One stone moved by one number, in the order played.",
        "additionalProperties": False,
        "required": ["from", "to", "hit", "die"] if answer else ["from", "to"],
        "properties": {
            "from": {**point, "description": "The point the stone leaves (the SVG's data-point)."},
            "to": {
                "oneOf": [point, {"const": "off"}],
                "description": "The point it reaches, or off when borne off (TT-13); the SVG "
                "names the bear-off target data-point=off with the mover's data-player.",
            },
            "hit": {
                "type": "boolean",
                "description": "A blot is hit there (TT-12); false when left out.",
            },
            "die": derived(
                {"type": "integer", "minimum": 1, "maximum": 6},
                "The number of the throw this step uses (the SVG's data-die); a bear-off "
                "by overshoot uses a number larger than needed (TT-13).",
            ),
        },
    }
    steps = {
        "type": "array",
        "items": step,
        "minItems": 1,
        "maxItems": 2,
        "description": "One step per number (TT-6, TT-7); a stone moved by both numbers "
        "is two steps, the second from where the first ended.",
    }
    return [
        obj(
            "turn",
            "The turn played with the current throw.",
            {"player": mover, "steps": steps},
            ["steps"],
        ),
        obj("pass", "No number of the throw can be played (TT-8).", {"player": mover}, []),
        obj(
            "throw",
            "A chance outcome: the player to move throws two dice (TT-5).",
            {"dice": {**dice, "description": "The two dice, lower first."}},
            ["dice"],
        ),
        obj(
            "opening",
            "The opening chance outcome: player starts with its own throw (TT-4).",
            {
                "player": {"enum": [0, 1], "description": "The starter, 0 Red or 1 Black."},
                "dice": {**dice, "description": "The starter's two dice, lower first."},
            },
            ["player", "dice"],
        ),
    ]


def move_schema() -> JSON:
    p = "([1-9]|1[0-9]|2[0-4])"
    end = rf"/({p}\*?|[oO][fF][fF])"
    chain = rf"{p}(/{p}\*?)?{end}"
    single = rf"{p}{end}"
    text = (
        rf"^\s*([pP][aA][sS][sS]|[1-6]\s*-\s*[1-6]|([rR][eE][dD]|[bB][lL][aA][cC][kK])\s+"
        rf"[1-6]\s*-\s*[1-6]|{chain}|{single}\s+{single})\s*$"
    )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://regelwerk.dev/schema/moves/tric-trac.json",
        "title": "Tric Trac move",
        "description": "A turn ('1/4 1/6', '1/4/9', '6/9*/14', '20/off', 'pass'), a throw "
        "('3-5') or the opening ('red 5-3'), as notation or a move document.",
        "oneOf": [{"type": "string", "pattern": text}, *_move_documents(answer=False)],
    }


def move_document_schema() -> JSON:
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://regelwerk.dev/schema/move-documents/tric-trac.json",
        "title": "Tric Trac move document",
        "description": "A legal move as legal-moves lists it: its defining fields plus what it "
        "touches in the position (mover, the number each step uses), named as the SVG names "
        "them (data-point, data-player, data-die).",
        "oneOf": _move_documents(answer=True),
    }
