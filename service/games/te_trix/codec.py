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

from collections.abc import Mapping
from typing import Any

from ..core import InvalidNotation, Problems
from ..core.game import JSON, check_doc_header, check_seed
from . import scoring
from .moves import Arrangement, Roll, notation, parse_move
from .options import MAX_PLAYERS, SIZE, SOLO, read_preprinted
from .shapes import SYMBOLS
from .sheet import BAR_FIELDS, EMPTY, Sheet, can_place, cell_name, full_mask
from .state import (
    CANNOT_PLACE,
    ENDINGS,
    PHASES,
    SHEETS_FULL,
    STOPPED,
    Phase,
    Printed,
    TeTrixState,
)

VERSION = 1
REQUIRED = ("game", "v", "options", "round", "phase", "sheets")
FIELDS = (
    *REQUIRED,
    "roller",
    "roll",
    "arrangement",
    "placed",
    "blocked",
    "bar",
    "end",
    "scores",
    "seed",
    "chances",
)


def encode(state: TeTrixState) -> JSON:
    return {
        "game": "te-trix",
        "v": VERSION,
        "options": {
            "size": state.size,
            "solo": state.solo,
            "preprinted": [
                [{"cell": cell_name(c, state.size), "symbol": SYMBOLS[s]} for c, s in printed]
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
    if not check_doc_header(doc, "te-trix", VERSION, problems, FIELDS):
        problems.raise_state()
    size, solo, raw_printed = _options(doc.get("options"), problems)
    sheets = _sheets(doc.get("sheets"), size, problems)
    players = len(sheets) if sheets else None
    if solo and players not in (None, 1):
        problems.add("$.options.solo", f"the solo variant has exactly 1 sheet, not {players}")
    printed: tuple[Printed, ...] = ()
    if raw_printed is not None:
        printed = read_preprinted(raw_printed, size, players, problems, "$.options.preprinted")
    _check_printed(sheets, printed, size, problems)
    rnd = _round(doc, players or 1, problems)
    phase = _phase(doc.get("phase"), problems)
    roll = _move(doc, "roll", Roll, problems)
    arrangement = _move(doc, "arrangement", Arrangement, problems)
    placed = _players(doc, "placed", players or MAX_PLAYERS, problems)
    blocked = _players(doc, "blocked", players or MAX_PLAYERS, problems)
    bar = _bar(doc.get("bar"), solo, problems)
    end = doc.get("end")
    if end is not None and end not in ENDINGS:
        problems.add("$.end", f"must be null or one of {', '.join(ENDINGS)}")
        end = None
    seed, chances = check_seed(doc, problems)
    problems.raise_state()
    state = TeTrixState(
        size, solo, printed, sheets, rnd, phase, roll, arrangement, placed, blocked, bar, end,
        seed, chances,
    )  # fmt: skip
    _check_phase(state, problems)
    _check_counts(state, problems)
    problems.raise_state()
    _check_blocking(state, problems)
    _check_scores(doc, state, problems)
    problems.raise_state()
    return state


def _options(value: Any, problems: Problems) -> tuple[int, bool, Any]:
    if not isinstance(value, Mapping):
        problems.add("$.options", "is required: an object {size, solo, preprinted}")
        return SIZE.default, False, None
    for key in value:
        if key not in ("size", "solo", "preprinted"):
            problems.add(f"$.options.{key}", "unknown option; known: size, solo, preprinted")
    if "size" not in value:
        problems.add("$.options.size", "is required")
    if value.get("preprinted") is None:
        problems.add("$.options.preprinted", "is required: one list of {cell, symbol} per player")
    size = SIZE.validate(value.get("size", SIZE.default), problems, "$.options.size")
    solo = SOLO.validate(value.get("solo", False), problems, "$.options.solo")
    return size, solo, value.get("preprinted")


def _sheets(value: Any, size: int, problems: Problems) -> tuple[Sheet, ...]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_PLAYERS:
        problems.add(
            "$.sheets", f"is required: a list of 1 to {MAX_PLAYERS} sheets, one per player"
        )
        return ()
    out = []
    for p, rows in enumerate(value):
        path = f"$.sheets[{p}]"
        if not isinstance(rows, list) or len(rows) != size:
            problems.add(path, f"must be a list of {size} row strings (size {size})")
            out.append(Sheet((0, 0, 0)))
            continue
        cells: dict[int, int] = {}
        for r, row in enumerate(rows):
            if (
                not isinstance(row, str)
                or len(row) != size
                or any(ch not in SYMBOLS + EMPTY for ch in row)
            ):
                problems.add(
                    f"{path}[{r}]", f"must be {size} characters of o, x, s or . (row {r + 1})"
                )
                continue
            cells.update(
                (r * size + c, SYMBOLS.index(ch)) for c, ch in enumerate(row) if ch != EMPTY
            )
        out.append(Sheet.from_cells(cells))
    return tuple(out)


def _check_printed(
    sheets: tuple[Sheet, ...], printed: tuple[Printed, ...], size: int, problems: Problems
) -> None:
    """TX-3: pre-printed symbols are on the sheet from the start."""
    for p, (sheet, cells) in enumerate(zip(sheets, printed, strict=False)):
        for i, (cell, symbol) in enumerate(cells):
            if sheet.symbol_at(cell) != symbol:
                problems.add(
                    f"$.sheets[{p}]",
                    f"{cell_name(cell, size)} must show the pre-printed {SYMBOLS[symbol]!r} "
                    f"($.options.preprinted[{p}][{i}])",
                )


def _round(doc: Mapping[str, Any], players: int, problems: Problems) -> int:
    rnd = doc.get("round")
    if isinstance(rnd, bool) or not isinstance(rnd, int) or rnd < 1:
        problems.add("$.round", "is required: an integer from 1")
        return 1
    roller = doc.get("roller", (rnd - 1) % players)
    if roller != (rnd - 1) % players or isinstance(roller, bool):
        problems.add(
            "$.roller",
            f"must be {(rnd - 1) % players}: in round {rnd} of {players} player(s) "
            "that player rolls (TX-5)",
        )
    return rnd


def _phase(value: Any, problems: Problems) -> Phase:
    for phase in PHASES:
        if value == phase:
            return phase
    problems.add("$.phase", f"is required: one of {', '.join(PHASES)}")
    return "roll"


def _move(doc: Mapping[str, Any], key: str, kind: type, problems: Problems) -> Any:
    value = doc.get(key)
    if value is None:
        return None
    example = "'ooxs'" if kind is Roll else "'T:oxso'"
    try:
        move = parse_move(value) if isinstance(value, str) else None
    except InvalidNotation:
        move = None
    if not isinstance(move, kind):
        problems.add(f"$.{key}", f"must be null or a {key} such as {example}")
        return None
    return move


def _players(doc: Mapping[str, Any], key: str, players: int, problems: Problems) -> tuple[int, ...]:
    value = doc.get(key, [])
    if (
        not isinstance(value, list)
        or any(isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < players for p in value)
        or len(set(value)) != len(value)
    ):
        problems.add(f"$.{key}", f"must be a list of distinct players 0..{players - 1}")
        return ()
    return tuple(sorted(value))


def _bar(value: Any, solo: bool, problems: Problems) -> int | None:
    if not solo:
        if value is not None:
            problems.add("$.bar", "must be null: the overhang bar is solo only (TX-13)")
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= BAR_FIELDS:
        problems.add("$.bar", f"must be the free bar fields, 0 to {BAR_FIELDS} (TX-13)")
        return BAR_FIELDS
    return value


def _check_phase(s: TeTrixState, problems: Problems) -> None:
    """What each phase holds: the roll, the arrangement, who has placed, why it ended."""
    phase, end = s.phase, s.end
    if phase == "over" and end is None:
        problems.add("$.end", "must say why the game is over: " + ", ".join(ENDINGS))
    if phase != "over" and end is not None:
        problems.add("$.end", f"must be null while the game runs (phase {phase!r})")
    has_arrangement = phase == "place" or (phase == "over" and end != STOPPED)
    for key, value, wanted in (
        ("roll", s.roll, phase != "roll"),
        ("arrangement", s.arrangement, has_arrangement),
    ):
        if wanted and value is None:
            problems.add(f"$.{key}", f"is required in phase {phase!r}" + _why(end))
        if not wanted and value is not None:
            problems.add(f"$.{key}", f"must be null in phase {phase!r}" + _why(end))
    if s.roll and s.arrangement and tuple(sorted(s.arrangement.symbols)) != s.roll.symbols:
        problems.add("$.arrangement", f"does not use the rolled symbols {notation(s.roll)} (TX-6)")
    _check_round_players(s, problems)
    full = full_mask(s.size)
    if end == SHEETS_FULL:
        for p, sheet in enumerate(s.sheets):
            if sheet.filled != full:
                problems.add("$.end", f"is sheetsFull, but player {p}'s sheet has empty cells")
    if end == STOPPED and not s.solo:
        problems.add("$.end", "only the solo player may stop (TX-14)")
    if phase in ("roll", "arrange") and all(sheet.filled == full for sheet in s.sheets):
        problems.add("$.phase", "every sheet is full, so the game is over (TX-10)")


def _why(end: str | None) -> str:
    return "" if end is None else f" with end {end!r}"


def _check_round_players(s: TeTrixState, problems: Problems) -> None:
    """``placed`` and ``blocked`` describe the open (or last) round's placement phase."""
    everyone = set(range(s.players))
    done = set(s.placed) | set(s.blocked)
    if set(s.placed) & set(s.blocked):
        problems.add("$.blocked", "a player cannot both have placed and be blocked")
    if s.phase in ("roll", "arrange") or s.end == STOPPED:
        if done:
            problems.add("$.placed", f"placed and blocked must be empty in phase {s.phase!r}")
    elif s.phase == "place" and done == everyone:
        problems.add("$.placed", "everybody has placed or is blocked, so the round is over (TX-9)")
    elif s.end == CANNOT_PLACE:
        if not s.blocked:
            problems.add("$.blocked", "must list the players who could not place (TX-10)")
        if done != everyone:
            problems.add("$.placed", "every player who could place has placed at the end (TX-10)")
    elif s.end == SHEETS_FULL and (s.blocked or done != everyone):
        problems.add("$.placed", "with full sheets every player has placed and none is blocked")


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
                    f"{entered} entered cells and {crossed} crossed bar fields, but {k} "
                    f"placement(s) enter exactly {4 * k} symbols (TX-7, TX-13)",
                )
        elif not k <= entered <= 4 * k:
            problems.add(
                f"$.sheets[{p}]",
                f"{entered} entered cells, but {k} placement(s) enter {k} to {4 * k} (TX-7, TX-8)",
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
            problems.add("$.blocked", f"player {p} can still enter {shape}")
        if not can and p not in s.blocked:
            problems.add("$.blocked", f"player {p} cannot enter {shape}, so must be listed (TX-10)")


def _check_scores(doc: Mapping[str, Any], s: TeTrixState, problems: Problems) -> None:
    if "scores" not in doc:
        return
    computed = [scoring.total(sheet, s.size, s.bar) for sheet in s.sheets]
    given = doc["scores"]
    if not isinstance(given, list) or [type(v) for v in given] != [int] * len(given):
        problems.add("$.scores", "must be a list of integers (or left out)")
    elif given != computed:
        problems.add(
            "$.scores", f"must be {computed}, computed from the sheets (TX-11), or left out"
        )
