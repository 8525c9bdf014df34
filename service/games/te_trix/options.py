"""Te-Trix options: ``size`` (TX-3), ``preprinted`` (TX-3, TX-12) and ``solo`` (TX-12–TX-15),
and the game's descriptor.

``preprinted`` is null (the printed default) or one list per player of ``{cell, symbol}``::

    [[{"cell": "d4", "symbol": "o"}],
     [{"cell": "d4", "symbol": "x"}, {"cell": "a1", "symbol": "s"}]]

The default is one symbol in the centre cell: circle, cross, square, circle for players 0–3,
and no pre-printed cell in solo. Every problem is reported with its JSON path.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core import Descriptor, InvalidOptions, OptionSpec, Problem, Problems
from ..core.text import Msg
from .shapes import SYMBOLS
from .sheet import COLUMNS, MAX_SIZE, centre, parse_cell
from .state import Printed

DEFAULT_SIZE = 7
MIN_SIZE = 5
MAX_PLAYERS = 4
DEFAULT_PRINTED = (0, 1, 2, 0)  # circle, cross, square, circle (TX-3)


def _check_preprinted(value: Any) -> Any:
    """The option's own check (for catalogues): the format, on the largest sheet."""
    if value is not None:
        problems = Problems()
        read_preprinted(value, MAX_SIZE, None, problems, "preprinted")
        if problems:
            raise ValueError(_listed(problems.items))
    return value


def _listed(items: list[Problem]) -> Msg:
    """Every problem with its path, in order: one message holding the next."""
    last = items[-1]
    told = Msg.of("te-trix-preprinted-problem", path=last.path, reason=last.why)
    for item in reversed(items[:-1]):
        told = Msg.of("te-trix-preprinted-problem-then", path=item.path, reason=item.why, rest=told)
    return told


# What read_preprinted accepts, as far as JSON Schema can say it (not: a cell twice, a cell
# off a smaller sheet, one list per player).
PRINTED_CELL = {
    "type": "object",
    "additionalProperties": False,
    "required": ["cell", "symbol"],
    "properties": {
        "cell": {
            "type": "string",
            "pattern": r"^\s*[a-lA-L](1[0-2]|[1-9])\s*$",
            "description": "a1 is top-left.",
        },
        "symbol": {"enum": list(SYMBOLS), "description": "circle, cross, square (TX-1)."},
    },
}
PREPRINTED_SCHEMA = {
    "type": ["array", "null"],
    "minItems": 1,
    "maxItems": MAX_PLAYERS,
    "items": {"type": "array", "maxItems": MAX_SIZE * MAX_SIZE - 1, "items": PRINTED_CELL},
}

SIZE = OptionSpec(
    "size", "int", DEFAULT_SIZE, "Rows and columns of every sheet (TX-3).", MIN_SIZE, MAX_SIZE
)
PREPRINTED = OptionSpec(
    "preprinted",
    "json",
    None,
    "Pre-printed symbols (TX-3, TX-12): null for the printed default (the centre cell: "
    "o, x, s, o for players 0–3; none in solo), or one list per player of "
    '{"cell": "d4", "symbol": "o"} objects (symbols o, x, s).',
    check=_check_preprinted,
    schema=PREPRINTED_SCHEMA,
)
SOLO = OptionSpec(
    "solo",
    "bool",
    False,
    "Solo variant for exactly 1 player: 8-field overhang bar, voluntary stop, bar bonus "
    "and rating (TX-12–TX-15).",
)
OPTIONS = (SIZE, PREPRINTED, SOLO)

DESCRIPTOR = Descriptor(
    id="te-trix",
    name="Te-Trix",
    min_players=1,
    max_players=MAX_PLAYERS,
    default_players=2,
    rules_version="te-trix-1",
    chance=True,
    hidden_information=False,
    simultaneous=True,
    options=OPTIONS,
    summary="Roll-and-write with tetrominoes: everyone enters the roller's shape at once.",
)


@dataclass(frozen=True, slots=True)
class Setup:
    players: int
    size: int
    solo: bool
    preprinted: tuple[Printed, ...]


def read_preprinted(
    value: Any, size: int, players: int | None, problems: Problems, path: str
) -> tuple[Printed, ...]:
    """Reads one list of {cell, symbol} per player; every problem goes to ``problems``."""
    if not isinstance(value, list) or (players is not None and len(value) != players):
        if players is None:
            problems.add(path, Msg.of("te-trix-preprinted-not-a-list"))
        else:
            problems.add(path, Msg.of("te-trix-preprinted-not-per-player", count=players))
        return ()
    out: list[Printed] = []
    for p, entries in enumerate(value):
        if not isinstance(entries, list):
            problems.add(f"{path}[{p}]", Msg.of("te-trix-preprinted-cells-not-a-list", player=p))
            out.append(())
            continue
        cells: dict[int, int] = {}
        for i, entry in enumerate(entries):
            here = f"{path}[{p}][{i}]"
            if not isinstance(entry, Mapping) or set(entry) != {"cell", "symbol"}:
                problems.add(here, Msg.of("te-trix-preprinted-not-an-entry"))
                continue
            cell = parse_cell(entry["cell"], size) if isinstance(entry["cell"], str) else None
            symbol = entry["symbol"]
            if cell is None:
                last = f"{COLUMNS[size - 1]}{size}"
                problems.add(
                    f"{here}.cell",
                    Msg.of("te-trix-preprinted-not-a-cell", shown=repr(entry["cell"]), last=last),
                )
            elif cell in cells:
                problems.add(
                    f"{here}.cell", Msg.of("te-trix-preprinted-twice", shown=repr(entry["cell"]))
                )
            if not isinstance(symbol, str) or symbol not in tuple(SYMBOLS):  # not 'ox' or ''
                problems.add(
                    f"{here}.symbol", Msg.of("te-trix-preprinted-not-a-symbol", shown=repr(symbol))
                )
            elif cell is not None:
                cells[cell] = SYMBOLS.index(symbol)
        if len(cells) == size * size:
            problems.add(f"{path}[{p}]", Msg.of("te-trix-preprinted-every-cell"))
        out.append(tuple(sorted(cells.items())))
    return tuple(out)


def default_preprinted(players: int, size: int, solo: bool) -> tuple[Printed, ...]:
    if solo:
        return ((),)
    return tuple(((centre(size), DEFAULT_PRINTED[p]),) for p in range(players))


def setup(players: int | None, options: Mapping[str, Any] | None, descriptor: Descriptor) -> Setup:
    """Validates players and options together; raises InvalidOptions listing every problem."""
    problems = Problems()
    given: Mapping[str, Any] = {} if options is None else options
    bad: set[str] = set()
    try:
        opts = descriptor.validate_options(given)
    except InvalidOptions as exc:
        if not isinstance(given, Mapping):
            raise
        bad = {p.path for p in exc.problems}
        for problem in exc.problems:
            if problem.path != "$.options.preprinted":  # read again below, path by path
                problems.add(problem.path, problem.why)
        opts = {
            s.name: given[s.name]
            if s.name in given and f"$.options.{s.name}" not in bad
            else s.default
            for s in OPTIONS
        }
        opts["preprinted"] = given.get("preprinted")
    solo = opts["solo"]
    if solo and players is None:
        players = 1
    try:
        n = descriptor.validate_players(players)
    except InvalidOptions as exc:
        for problem in exc.problems:
            problems.add(problem.path, problem.why)
        n = 1 if solo else descriptor.default_players
    if solo and n != 1:
        problems.add("$.options.solo", Msg.of("te-trix-solo-players", count=n))
    size = opts["size"]
    raw = opts["preprinted"]
    if raw is None:
        printed = default_preprinted(n, size, solo)
    else:
        # With a bad size, cells are checked against the largest sheet only.
        read_size = MAX_SIZE if "$.options.size" in bad else size
        printed = read_preprinted(raw, read_size, n, problems, "$.options.preprinted")
    problems.raise_options()
    return Setup(n, size, solo, printed)
