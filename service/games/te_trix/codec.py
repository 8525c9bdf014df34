"""The Te-Trix state document (``schema/states/te-trix.json``) and its validation.

::

    {"game": "te-trix", "v": 1,
     "options": {"size": 7, "solo": false,
                 "preprinted": [[{"cell": "d4", "symbol": "o"}], [{"cell": "d4", "symbol": "x"}]]},
     "round": 3, "roller": 0,          # roller = (round - 1) mod players (TX-5)
     "phase": "place",                 # roll | arrange | place | over
     "roll": "ooxs", "arrangement": "T:oxso",
     "placed": [1], "blocked": [],     # this round; the others still place (TX-9, TX-10)
     "sheets": [["...o...", ...], ...],  # per player, rows 1..size top to bottom; "." empty
     "bar": null,                      # solo: free bar fields 0..8 (TX-13)
     "end": null,                      # cannotPlace | sheetsFull | stopped once over
     "scores": [0, 4],                 # optional on input; must match the sheets
     "seed": null, "chances": 3}

``decode`` reports every problem with its JSON path instead of stopping at the first.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from ..core import InvalidNotation, Problems, fields
from ..core.game import JSON
from ..core.text import Msg
from . import scoring
from .moves import Arrangement, Roll, notation, parse_move
from .options import MAX_PLAYERS, MIN_SIZE, PREPRINTED, SIZE, SOLO, read_preprinted
from .shapes import SHAPES, SYMBOLS
from .sheet import (
    BAR_FIELDS,
    EMPTY,
    MAX_SIZE,
    Sheet,
    can_place,
    cell_name,
    cell_names,
    full_mask,
)
from .state import (
    CANNOT_PLACE,
    ENDINGS,
    PHASES,
    SHEETS_FULL,
    STOPPED,
    Printed,
    TeTrixState,
)

VERSION = 1


def _parser(kind: type, refusal: Msg) -> Callable[[str], Any]:
    @lru_cache(maxsize=1024)  # texts that fit the field's pattern: six characters at most
    def parse(text: str) -> Any:
        try:
            move = parse_move(text)
        except InvalidNotation:
            move = None
        if not isinstance(move, kind):
            raise ValueError(refusal)
        return move

    return parse


def _players(what: str) -> fields.Array:
    return fields.Array(
        items=fields.Int(minimum=0, maximum=MAX_PLAYERS - 1),
        max_items=MAX_PLAYERS,
        unique=True,
        whole=True,
        default=[],
        reason=Msg.of("te-trix-state-players", last=MAX_PLAYERS - 1),
        description=what,
    )


_ROW_TEXT = re.compile(f"^[{SYMBOLS}{EMPTY}]{{{MIN_SIZE},{MAX_SIZE}}}$")
_ROLL_TEXT = re.compile(f"^[{SYMBOLS}]{{4}}$")  # sorted o < x < s, as encode writes it
_ARRANGEMENT_TEXT = re.compile(f"^[{SHAPES}]:[{SYMBOLS}]{{4}}$")
_ROW = fields.Str(
    pattern=_ROW_TEXT,
    reason=Msg.of("te-trix-state-row", least=MIN_SIZE, most=MAX_SIZE),
)
_SHEET = fields.Array(
    items=_ROW,
    min_items=MIN_SIZE,
    max_items=MAX_SIZE,
    reason=Msg.of("te-trix-state-sheet", least=MIN_SIZE, most=MAX_SIZE),
)
_SHEETS = fields.Array(
    items=_SHEET,
    min_items=1,
    max_items=MAX_PLAYERS,
    reason=Msg.of("te-trix-state-sheets", most=MAX_PLAYERS),
    description="Per player, the rows top to bottom; '.' is an empty cell.",
)
_ROLL_REFUSAL = Msg.of("te-trix-state-roll")
_ARRANGEMENT_REFUSAL = Msg.of("te-trix-state-arrangement")
_PRINTED_REQUIRED = Msg.of("te-trix-state-preprinted")
_PRINTED = {k: v for k, v in PREPRINTED.describe().items() if k != "default"}
DOCUMENT = fields.Document(
    game="te-trix",
    version=VERSION,
    title="Te-Trix state",
    description="A Te-Trix position (rules TX-1…TX-15): every player's sheet and the "
    "round's progress. Cells a1 (top-left) to l12; rows top to bottom.",
    required=("options", "round", "phase", "sheets"),
    properties={
        "options": fields.Obj(
            properties={
                "size": fields.option(SIZE),
                "solo": fields.option(SOLO),
                # A state spells out the pre-printed cells that null stands for in ``new``;
                # read_preprinted reads them against the sheets.
                "preprinted": fields.Raw(
                    json_schema={
                        **_PRINTED,
                        "type": "array",
                        "description": "Pre-printed cells, one list per player (TX-3, TX-12).",
                    },
                    reason=_PRINTED_REQUIRED,
                ),
            },
            required=("size", "preprinted"),
            unknown=Msg.of("te-trix-state-unknown-option"),
            reason=Msg.of("te-trix-state-options"),
            description="The options the game was started with.",
        ),
        "sheets": _SHEETS,
        "round": fields.Int(
            minimum=1, reason=Msg.of("te-trix-state-round"), description="Round, from 1."
        ),
        "roller": fields.Int(
            minimum=0,
            maximum=MAX_PLAYERS - 1,
            description="(round - 1) mod players (TX-5).",
        ),
        "phase": fields.Enum(
            values=PHASES,
            reason=Msg.of("te-trix-state-phase", phases=", ".join(PHASES)),
            description="roll → arrange → place, or over.",
        ),
        "roll": fields.Str(
            pattern=_ROLL_TEXT,
            convert=_parser(Roll, _ROLL_REFUSAL),
            nullable=True,
            default=None,
            reason=_ROLL_REFUSAL,
        ),
        "arrangement": fields.Str(
            pattern=_ARRANGEMENT_TEXT,
            convert=_parser(Arrangement, _ARRANGEMENT_REFUSAL),
            nullable=True,
            default=None,
            reason=_ARRANGEMENT_REFUSAL,
        ),
        "placed": _players("Players who placed this round (TX-9)."),
        "blocked": _players("Players who cannot place (TX-10)."),
        "bar": fields.Int(
            minimum=0,
            maximum=BAR_FIELDS,
            nullable=True,
            default=None,
            reason=Msg.of("te-trix-state-bar-or-null", most=BAR_FIELDS),
            description="Solo: free overhang bar fields (TX-13); null otherwise.",
        ),
        "end": fields.Enum(
            values=ENDINGS,
            nullable=True,
            default=None,
            reason=Msg.of("te-trix-state-end-or-null", endings=", ".join(ENDINGS)),
            description="Why the game is over.",
        ),
        "scores": fields.Array(
            items=fields.Int(minimum=0),
            whole=True,
            reason=Msg.of("te-trix-state-scores-type"),
            description="Derived (TX-11, TX-15); checked when given.",
        ),
    },
)


def encode(state: TeTrixState) -> JSON:
    names = cell_names(state.size)
    return {
        "game": "te-trix",
        "v": VERSION,
        "options": {
            "size": state.size,
            "solo": state.solo,
            "preprinted": [
                [{"cell": names[c], "symbol": SYMBOLS[s]} for c, s in printed]
                for printed in state.preprinted
            ],
        },
        "round": state.round,
        "roller": state.roller,
        "phase": state.phase,
        "roll": None if state.roll is None else notation(state.roll),
        "arrangement": None if state.arrangement is None else notation(state.arrangement),
        "placed": list(state.placed),
        "blocked": list(state.blocked),
        "sheets": [sheet.rows(state.size) for sheet in state.sheets],
        "bar": state.bar,
        "end": state.end,
        "scores": [scoring.total(s, state.size, state.bar) for s in state.sheets],
        "seed": state.seed,
        "chances": state.chances,
    }


def decode(doc: Any) -> TeTrixState:
    problems = Problems()
    got = DOCUMENT.read(doc, problems)
    if got is None:
        problems.raise_state()
        raise AssertionError  # raise_state raised: there was a problem
    opts = got.get("options", {})
    size, solo = opts.get("size", SIZE.default), opts.get("solo", SOLO.default)
    sheets = _sheets(got.get("sheets"), doc.get("sheets"), size, problems)
    players = len(sheets) if sheets else None
    if solo and players not in (None, 1):
        problems.add("$.options.solo", Msg.of("te-trix-state-solo-sheets", count=players))
    printed: tuple[Printed, ...] = ()
    raw_printed = doc["options"].get("preprinted") if "options" in got else None
    if "options" in got and raw_printed is None:
        problems.add("$.options.preprinted", _PRINTED_REQUIRED)
    elif raw_printed is not None:
        printed = read_preprinted(raw_printed, size, players, problems, "$.options.preprinted")
    _check_printed(sheets, printed, size, problems)
    rnd = got.get("round", 1)
    n = players or 1
    if "roller" in got and got["roller"] != (rnd - 1) % n:
        # n: the round, any size a document sends: its digits, never a grouped number
        problems.add(
            "$.roller", Msg.of("te-trix-state-roller", roller=(rnd - 1) % n, n=str(rnd), count=n)
        )
    for key in ("placed", "blocked"):
        if any(p >= (players or MAX_PLAYERS) for p in got.get(key, ())):
            last = (players or MAX_PLAYERS) - 1
            problems.add(f"$.{key}", Msg.of("te-trix-state-round-players", last=last))
            got[key] = []
    bar = got.get("bar")
    if not solo and bar is not None:
        problems.add("$.bar", Msg.of("te-trix-state-bar-solo-only"))
        bar = None
    elif solo and bar is None:
        if "bar" in got:
            problems.add("$.bar", Msg.of("te-trix-state-bar", most=BAR_FIELDS))
        bar = BAR_FIELDS
    DOCUMENT.order(problems)
    problems.raise_state()
    state = TeTrixState(
        size, solo, printed, sheets, rnd, got["phase"], got["roll"], got["arrangement"],
        tuple(sorted(got["placed"])), tuple(sorted(got["blocked"])), bar, got["end"],
        got["seed"], got["chances"],
    )  # fmt: skip
    _check_phase(state, problems)
    _check_counts(state, problems)
    problems.raise_state()
    _check_blocking(state, problems)
    _check_scores(got, state, problems)
    problems.raise_state()
    return state


def _sheets(rows_of: Any, raw: Any, size: int, problems: Problems) -> tuple[Sheet, ...]:
    """Every sheet of ``size`` rows of ``size`` cells; of refused sheets, what can be read."""
    if rows_of is None:
        rows_of = _SHEETS.parts(raw)
        if not isinstance(rows_of, list):
            return ()
    out = []
    for p, rows in enumerate(rows_of):
        path = f"$.sheets[{p}]"
        if rows is fields.INVALID:
            out.append(Sheet((0, 0, 0)))
            continue
        if len(rows) != size:
            problems.add(path, Msg.of("te-trix-state-sheet-rows", size=size))
            out.append(Sheet((0, 0, 0)))
            continue
        readable = []  # a refused row reads as empty: its problem is reported
        for r, row in enumerate(rows):
            if row is fields.INVALID:
                readable.append(EMPTY * size)
            elif len(row) != size:
                problems.add(
                    f"{path}[{r}]", Msg.of("te-trix-state-row-cells", size=size, row=r + 1)
                )
                readable.append(EMPTY * size)
            else:
                readable.append(row)
        out.append(_read_sheet("".join(readable)))
    return tuple(out)


# Per symbol, the characters of a sheet's text as the digits of its mask: '1' for the symbol.
_DIGITS = tuple(
    str.maketrans({ch: "1" if ch == symbol else "0" for ch in SYMBOLS + EMPTY})
    for symbol in SYMBOLS
)


def _read_sheet(text: str) -> Sheet:
    """A sheet from its cells in reading order (``_ROW_TEXT`` characters only). Cell ``a1``,
    the first character, is bit 0: the lowest, the last binary digit."""
    o, x, s = (int(text.translate(digits)[::-1], 2) for digits in _DIGITS)
    return Sheet((o, x, s))


def _check_printed(
    sheets: tuple[Sheet, ...], printed: tuple[Printed, ...], size: int, problems: Problems
) -> None:
    """TX-3: pre-printed symbols are on the sheet from the start."""
    for p, (sheet, cells) in enumerate(zip(sheets, printed, strict=False)):
        for i, (cell, symbol) in enumerate(cells):
            if sheet.symbol_at(cell) != symbol:
                problems.add(
                    f"$.sheets[{p}]",
                    Msg.of(
                        "te-trix-state-not-printed",
                        cell=cell_name(cell, size),
                        symbol=SYMBOLS[symbol],
                        path=f"$.options.preprinted[{p}][{i}]",
                    ),
                )


def _check_phase(s: TeTrixState, problems: Problems) -> None:
    """What each phase holds: the roll, the arrangement, who has placed, why it ended."""
    phase, end = s.phase, s.end
    if phase == "over" and end is None:
        problems.add("$.end", Msg.of("te-trix-state-end-missing", endings=", ".join(ENDINGS)))
    if phase != "over" and end is not None:
        problems.add("$.end", Msg.of("te-trix-state-end-early", phase=phase))
    has_arrangement = phase == "place" or (phase == "over" and end != STOPPED)
    for key, value, wanted, rule in (
        ("roll", s.roll, phase != "roll", "TX-5"),
        ("arrangement", s.arrangement, has_arrangement, "TX-6"),
    ):
        if wanted and value is None:
            problems.add(f"$.{key}", _in_phase("required", phase, end, rule))
        if not wanted and value is not None:
            problems.add(f"$.{key}", _in_phase("null", phase, end, rule))
    if s.roll and s.arrangement and tuple(sorted(s.arrangement.symbols)) != s.roll.symbols:
        problems.add("$.arrangement", Msg.of("te-trix-state-not-the-roll", roll=notation(s.roll)))
    _check_round_players(s, problems)
    full = full_mask(s.size)
    if end == SHEETS_FULL:
        for p, sheet in enumerate(s.sheets):
            if sheet.filled != full:
                problems.add("$.end", Msg.of("te-trix-state-not-full", player=p))
    if end == STOPPED and not s.solo:
        problems.add("$.end", Msg.of("te-trix-state-stop-solo-only"))
    if phase in ("roll", "arrange") and all(sheet.filled == full for sheet in s.sheets):
        problems.add("$.phase", Msg.of("te-trix-state-all-full"))


def _in_phase(what: str, phase: str, end: str | None, rule: str) -> Msg:
    """A roll or arrangement that phase (and, once over, the ending) requires or forbids."""
    if what == "required":
        if end is None:
            return Msg.of("te-trix-state-required-in-phase", phase=phase, rule=rule)
        return Msg.of("te-trix-state-required-at-end", phase=phase, end=end, rule=rule)
    if end is None:
        return Msg.of("te-trix-state-null-in-phase", phase=phase, rule=rule)
    return Msg.of("te-trix-state-null-at-end", phase=phase, end=end, rule=rule)


def _check_round_players(s: TeTrixState, problems: Problems) -> None:
    """``placed`` and ``blocked`` describe the open (or last) round's placement phase."""
    everyone = set(range(s.players))
    done = set(s.placed) | set(s.blocked)
    if set(s.placed) & set(s.blocked):
        problems.add("$.blocked", Msg.of("te-trix-state-placed-and-blocked"))
    if s.phase in ("roll", "arrange") or s.end == STOPPED:
        if done:
            problems.add("$.placed", Msg.of("te-trix-state-round-not-open", phase=s.phase))
    elif s.phase == "place" and done == everyone:
        problems.add("$.placed", Msg.of("te-trix-state-round-over"))
    elif s.end == CANNOT_PLACE:
        if not s.blocked:
            problems.add("$.blocked", Msg.of("te-trix-state-blocked-missing"))
        if done != everyone:
            problems.add("$.placed", Msg.of("te-trix-state-placed-missing"))
    elif s.end == SHEETS_FULL and (s.blocked or done != everyone):
        problems.add("$.placed", Msg.of("te-trix-state-full-placed"))


def _check_counts(s: TeTrixState, problems: Problems) -> None:
    """Each placement enters 1 to 4 cells; in solo, cells plus crossed bar fields are 4 each."""
    for p, sheet in enumerate(s.sheets):
        k = s.round - 1 + (p in s.placed)
        entered = sheet.filled.bit_count() - len(s.preprinted[p])
        if s.bar is not None:
            crossed = BAR_FIELDS - s.bar
            if entered + crossed != 4 * k:
                problems.add(
                    f"$.sheets[{p}]",
                    Msg.of(
                        "te-trix-state-solo-counts",
                        entered=entered,
                        crossed=crossed,
                        count=k,
                        total=4 * k,
                    ),
                )
        elif not k <= entered <= 4 * k:
            problems.add(
                f"$.sheets[{p}]",
                Msg.of("te-trix-state-counts", entered=entered, count=k, total=4 * k),
            )


def _check_blocking(s: TeTrixState, problems: Problems) -> None:
    """TX-10: ``blocked`` lists exactly the players who cannot enter the arrangement."""
    if s.arrangement is None or s.phase not in ("place", "over") or s.end == SHEETS_FULL:
        return
    shape = notation(s.arrangement)
    for p, sheet in enumerate(s.sheets):
        if p in s.placed:
            continue
        can = can_place(s.size, sheet.filled, s.arrangement, s.bar)
        if can and p in s.blocked:
            problems.add("$.blocked", Msg.of("te-trix-state-not-blocked", player=p, shape=shape))
        if not can and p not in s.blocked:
            problems.add("$.blocked", Msg.of("te-trix-state-blocked", player=p, shape=shape))


def _check_scores(got: dict[str, Any], s: TeTrixState, problems: Problems) -> None:
    if "scores" not in got:  # left out (or refused already)
        return
    computed = [scoring.total(sheet, s.size, s.bar) for sheet in s.sheets]
    if got["scores"] != computed:
        problems.add("$.scores", Msg.of("te-trix-state-scores", scores=str(computed)))
