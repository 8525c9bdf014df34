"""The Triominos Junior state document (``schema/states/triominos-junior.json``) and its
validation. The full document is for the trusted host; players get ``view`` (TJ-17).

::

    {"game": "triominos-junior", "v": 1,
     "options": {"level": "coins"},        # plus "tiles": [...] for a custom set
     "phase": "play",                      # deal | start | play | draw | over
     "toMove": 1,                          # at phase draw: who receives the tile; null if none
     "layout": [{"at": "0,0", "tile": "1-3-5"}, {"at": "1,0", "tile": "3-1-2"}],
     "racks": [["J", "1-1-2"], ["2-4-5", "3-3-3"]],   # canonical tiles, sorted
     "pool": ["1-1-1", ...],               # a multiset: order carries nothing
     "coins": [5, 3], "supply": 52,        # coin level only (60 in all, TJ-2)
     "points": [0, 9],                     # points level only: values of tiles placed
     "endReason": null,                    # rackEmptied | poolEmptied | blocked once over
     "seed": null, "chances": 12}

``decode`` reports every problem with its JSON path instead of stopping at the first.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping
from functools import lru_cache
from itertools import product
from typing import Any

from ..core import OptionSpec, Problems, fields
from ..core.game import JSON, SEED_LENGTH
from ..core.text import Msg
from .grid import CORNERS, NEIGHBOURS, ORIGIN, Pos, corner_word, on_grid, parse_pos, pos_name
from .grid import NAMES as POS_NAMES
from .layout import Board, Placed, board_of, conflicts
from .options import OPTIONS
from .state import (
    COINS_EACH,
    COINS_TOTAL,
    END_REASONS,
    PHASES,
    RACK_SIZE,
    EndReason,
    Level,
    Phase,
    TriominosState,
)
from .tiles import (
    DEFAULT_SET,
    JOKER,
    NAMES,
    WILD,
    Tile,
    canonical,
    describe_counts,
    is_joker,
    parse_tile,
    read_tile_set,
    tile_name,
)
from .tiles import value as tile_value

GAME = "triominos-junior"
VERSION = 1
TILE_PATTERN = r"^(J|[0-9]-[0-9]-[0-9])$"
POS_PATTERN = r"^-?[0-9]{1,4},-?[0-9]{1,4}$"
_TILE_TEXT = re.compile(TILE_PATTERN)
_POS_TEXT = re.compile(POS_PATTERN)
# Every text TILE_PATTERN allows, with the tile it names: decoding a tile is a look-up.
_NAMED = {"J": JOKER} | {f"{a}-{b}-{c}": (a, b, c) for a, b, c in product(range(10), repeat=3)}
_CANONICAL = {t: canonical(t) for t in _NAMED.values()}
_NAMED_CANONICAL = {k: _CANONICAL[t] for k, t in _NAMED.items()}
_TILE = fields.Str(pattern=_TILE_TEXT, convert=_NAMED_CANONICAL)
_TILES = fields.Array(items=_TILE, reason=Msg.of("triominos-junior-tiles-list"))
_RACKS = fields.Array(
    items=_TILES,
    min_items=2,
    max_items=4,
    reason=Msg.of("triominos-junior-racks-list"),
    description="Each player's tiles (canonical form, any order).",
)
_POOL = fields.Array(
    items=_TILE,
    reason=Msg.of("triominos-junior-tiles-list"),
    description="The face-down tiles (a multiset).",
)


def _counts(description: str) -> fields.Array:
    return fields.Array(
        items=fields.Int(minimum=0),
        max_items=4,
        whole=True,
        reason=Msg.of("triominos-junior-counts-list"),
        description=description,
    )


def _why(parse: Callable[[Any], Any]) -> Callable[[Any], Msg]:
    """The reason ``parse`` gives for a text the field refuses."""

    def why(text: Any) -> Msg:
        try:
            parse(text)
        except ValueError as exc:
            reason: Msg = exc.args[0]
            return reason
        return Msg.of("triominos-junior-not-schema-form", text=repr(text))

    return why


@lru_cache(maxsize=4096)  # texts that fit POS_PATTERN: at most 11 characters each
def _pos(text: str) -> Pos:
    return parse_pos(text)


LAYOUT = fields.Array(
    items=fields.Obj(
        properties={
            "at": fields.Str(pattern=_POS_TEXT, convert=_pos, reason=_why(parse_pos)),
            "tile": fields.Str(pattern=_TILE_TEXT, convert=_NAMED, reason=_why(parse_tile)),
        },
        required=("at", "tile"),
        whole=True,
        reason=Msg.of("triominos-junior-layout-item-form"),
    ),
    reason=Msg.of("triominos-junior-layout-form"),
    description="Tiles as laid: numbers clockwise from the apex; (col,row) points up "
    "when col + row is even.",
)


def _document(specs: tuple[OptionSpec, ...]) -> fields.Document:
    return fields.Document(
        game=GAME,
        version=VERSION,
        title="Triominos Junior state",
        description=(
            "A full Triominos Junior position for the trusted host (rules TJ-1…TJ-17): racks "
            "and pool included. Players see the view document instead."
        ),
        required=("phase", "toMove", "layout", "racks", "pool"),
        properties={
            "options": fields.Options(specs=specs),
            "phase": fields.Enum(
                values=PHASES, reason=Msg.of("triominos-junior-one-of", values=", ".join(PHASES))
            ),
            "toMove": fields.Int(
                minimum=0,
                maximum=3,
                nullable=True,
                reason=Msg.of("triominos-junior-to-move-range"),
                description="Player to act (at phase draw: who receives the tile).",
            ),
            "layout": LAYOUT,
            "racks": _RACKS,
            "pool": _POOL,
            "coins": _counts("Coins per player (coin level)."),
            "supply": fields.Int(
                minimum=0,
                reason=Msg.of("triominos-junior-supply-range"),
                description="Coins left (coin level).",
            ),
            "points": _counts("Values of tiles placed (points level)."),
            "endReason": fields.Enum(
                values=END_REASONS,
                nullable=True,
                default=None,
                reason=Msg.of("triominos-junior-null-or-one-of", values=", ".join(END_REASONS)),
            ),
        },
    )


document = fields.PerOptions(_document)


def options_doc(state: TriominosState) -> JSON:
    out: JSON = {"level": state.level}
    if state.tile_set != DEFAULT_SET:
        out["tiles"] = [tile_name(t) for t in state.tile_set]
    return out


def layout_doc(state: TriominosState) -> list[JSON]:
    # every position of a layout is on the grid (decode refuses others), so named in POS_NAMES
    return [{"at": POS_NAMES[pos], "tile": NAMES[tile]} for pos, tile in state.layout]


def encode(state: TriominosState) -> JSON:
    names = NAMES
    doc: JSON = {
        "game": GAME,
        "v": VERSION,
        "options": options_doc(state),
        "phase": state.phase,
        "toMove": state.turn,
        "layout": layout_doc(state),
        "racks": [[names[t] for t in rack] for rack in state.racks],
        "pool": [names[t] for t in state.pool],
    }
    if state.level == "coins":
        doc["coins"] = list(state.coins)
        doc["supply"] = state.supply
    else:
        doc["points"] = list(state.points)
    doc["endReason"] = state.end
    doc["seed"] = state.seed
    doc["chances"] = state.chances
    return doc


def decode(doc: Any, specs: tuple[OptionSpec, ...]) -> TriominosState:
    problems = Problems()
    encoded = _read_as_encoded(doc) if specs is OPTIONS else None
    if encoded is None:
        read = document(specs).read(doc, problems)
        if read is None:
            problems.raise_state()
            raise AssertionError  # raise_state raised: there was a problem
        got, layout = read, _layout(read, doc, problems)
    else:
        got, layout = encoded
    opts = got["options"]
    level: Level = opts["level"]
    tile_set = read_tile_set(opts["tiles"]) or DEFAULT_SET
    phase: Phase = got.get("phase", "play")
    racks = got.get("racks") or _good_parts(_RACKS.parts(doc.get("racks"))) or [[], []]
    n = len(racks)
    pool = got.get("pool") or _good(_POOL.parts(doc.get("pool")))
    _conservation(layout, racks, pool, tile_set, problems)
    board = _geometry(layout, phase, problems)
    coins, supply, points = _purses(got, doc, level, n, phase, problems)
    _points_bound(points, layout, problems)
    turn = _turn(got, phase, n, problems)
    end = _end(got.get("endReason"), phase, racks, pool, problems)
    _phase(phase, level, racks, pool, problems)
    problems.raise_state()
    return TriominosState(
        level=level,
        tile_set=tile_set,
        phase=phase,
        turn=turn,
        layout=tuple(sorted(layout)),
        racks=tuple(tuple(sorted(r)) for r in racks),
        pool=tuple(sorted(pool)),
        coins=coins,
        supply=supply,
        points=points,
        end=end,
        seed=got.get("seed"),
        chances=got.get("chances", 0),
    ).with_board(board)


# What ``encode`` writes, read without the field reader (``_read_as_encoded``): the members a
# document may have, the options of the default tile set, the positions by their names.
_MEMBERS = frozenset(
    {"game", "v", "options", "phase", "toMove", "layout", "racks", "pool", "coins", "supply"}
    | {"points", "endReason", "seed", "chances", "sig"}
)
_LEVELS = ("coins", "points")
_POSITIONS = {name: pos for pos, name in POS_NAMES.items()}


def _read_as_encoded(doc: Any) -> tuple[dict[str, Any], list[Placed]] | None:
    """What ``document(OPTIONS).read`` and ``_layout`` give for a document as ``encode``
    writes it (the default tile set, names as written, each position once), read in one
    pass; None for any other document, which the field reader then reads and explains."""
    if type(doc) is not dict or not doc.keys() <= _MEMBERS:
        return None
    if doc.get("game") != GAME or type(doc.get("v")) is not int or doc["v"] != VERSION:
        return None
    options = doc.get("options", {"level": "coins"})
    if type(options) is not dict or len(options) != 1:
        return None
    level = options.get("level")
    phase = doc.get("phase")
    turn = doc.get("toMove", -1)
    if level not in _LEVELS or phase not in PHASES or type(phase) is not str:
        return None
    if turn is not None and (type(turn) is not int or not 0 <= turn <= 3):
        return None
    got: dict[str, Any] = {"options": {"level": level, "tiles": None}, "phase": phase}
    got["toMove"] = turn
    layout = _layout_as_encoded(doc.get("layout"))
    racks = doc.get("racks")
    pool = _tiles_as_encoded(doc.get("pool"))
    if layout is None or pool is None or type(racks) is not list or not 2 <= len(racks) <= 4:
        return None
    got["pool"] = pool
    got["racks"] = [_tiles_as_encoded(rack) for rack in racks]
    if None in got["racks"]:
        return None
    for key in ("coins", "points"):
        if key in doc:
            counts = doc[key]
            if type(counts) is not list or len(counts) > 4:
                return None
            for n in counts:
                if type(n) is not int or n < 0:
                    return None
            got[key] = counts
    if "supply" in doc:
        supply = doc["supply"]
        if type(supply) is not int or supply < 0:
            return None
        got["supply"] = supply
    end, seed, chances = doc.get("endReason"), doc.get("seed"), doc.get("chances", 0)
    if end is not None and (type(end) is not str or end not in END_REASONS):
        return None
    low, high = SEED_LENGTH
    if seed is not None and (type(seed) is not str or not low <= len(seed) <= high):
        return None
    if type(chances) is not int or chances < 0 or type(doc.get("sig", "")) is not str:
        return None
    got["endReason"], got["seed"], got["chances"] = end, seed, chances
    return got, layout


def _layout_as_encoded(items: Any) -> list[Placed] | None:
    """The placed tiles, each position once and on the grid (TJ-8)."""
    if type(items) is not list:
        return None
    out: list[Placed] = []
    positions, named = _POSITIONS, _NAMED
    for item in items:
        if type(item) is not dict or len(item) != 2:
            return None
        at, tile = item.get("at"), item.get("tile")
        if type(at) is not str or type(tile) is not str:
            return None
        pos, oriented = positions.get(at), named.get(tile)
        if pos is None or oriented is None:
            return None
        out.append((pos, oriented))
    return out if len({pos for pos, _ in out}) == len(out) else None


def _tiles_as_encoded(texts: Any) -> list[Tile] | None:
    if type(texts) is not list:
        return None
    named = _NAMED_CANONICAL
    out = []
    for text in texts:
        tile = named.get(text) if type(text) is str else None
        if tile is None:
            return None
        out.append(tile)
    return out


def _good(items: Any) -> list[Any]:
    """The good items of a refused list (their problems are reported)."""
    return [i for i in items if i is not fields.INVALID] if isinstance(items, list) else []


def _good_parts(racks: Any) -> list[list[Tile]]:
    if not isinstance(racks, list) or not 2 <= len(racks) <= 4:
        return []
    return [_good(rack) for rack in racks]


def _layout(got: dict[str, Any], doc: Mapping[str, Any], problems: Problems) -> list[Placed]:
    """The placed tiles; of a refused layout, the readable items. TJ-8: each position once,
    on the grid."""
    items = got.get("layout")
    if items is None:
        items = [i for i in _good(LAYOUT.parts(doc.get("layout"))) if len(i) == 2]
    out: list[Placed] = []
    seen: dict[Pos, int] = {}
    for i, item in enumerate(items):
        path = f"$.layout[{i}]"
        pos = item["at"]
        if not on_grid(pos):
            problems.add(f"{path}.at", Msg.of("triominos-junior-off-grid", at=pos_name(pos)))
        elif pos in seen:
            problems.add(
                f"{path}.at",
                Msg.of("triominos-junior-covered-twice", at=pos_name(pos), item=str(seen[pos])),
            )
        else:
            seen[pos] = i
            out.append((pos, item["tile"]))
    return out


def _conservation(
    layout: list[Placed],
    racks: list[list[Tile]],
    pool: list[Tile],
    tile_set: tuple[Tile, ...],
    problems: Problems,
) -> None:
    """Layout, racks and pool together are exactly the tile set (TJ-1)."""
    every = [_CANONICAL[t] for _, t in layout]
    for rack in racks:
        every += rack
    every += pool
    every.sort()
    if len(every) == len(tile_set) and every == list(tile_set):
        return
    have = Counter(every)
    want = Counter(tile_set)
    extra, missing = have - want, want - have
    if extra:
        problems.add("$", Msg.of("triominos-junior-too-many-tiles", tiles=describe_counts(extra)))
    if missing:
        problems.add(
            "$.pool", Msg.of("triominos-junior-tiles-missing", tiles=describe_counts(missing))
        )


def _geometry(layout: list[Placed], phase: Phase, problems: Problems) -> Board | None:
    """The start tile, connection by sides and matching corners (TJ-6, TJ-9); the layout's
    board when it has none of these problems."""
    if phase in ("deal", "start"):
        if layout:
            problems.add("$.layout", Msg.of("triominos-junior-layout-before-start"))
            return None
        return board_of(())
    board = board_of(layout)
    tiles = board.tiles
    start = tiles.get(ORIGIN)
    if start is None:
        problems.add("$.layout", Msg.of("triominos-junior-start-tile-missing"))
        return None
    reached, frontier = {ORIGIN}, [ORIGIN]
    while frontier:
        for nb in NEIGHBOURS[frontier.pop()]:
            if nb in tiles and nb not in reached:
                reached.add(nb)
                frontier.append(nb)
    if len(reached) == len(tiles) and start == _CANONICAL[start] != JOKER and _agrees(board):
        return board
    index = {pos: i for i, (pos, _) in enumerate(layout)}
    if is_joker(start):
        problems.add(f"$.layout[{index[ORIGIN]}].tile", Msg.of("triominos-junior-start-joker"))
    elif start != canonical(start):
        problems.add(
            f"$.layout[{index[ORIGIN]}].tile",
            Msg.of("triominos-junior-start-orientation", tile=tile_name(canonical(start))),
        )
    for pos in sorted(tiles.keys() - reached):
        problems.add(
            f"$.layout[{index[pos]}].at",
            Msg.of("triominos-junior-not-joined", at=pos_name(pos)),
        )
    for pos, k, other in conflicts(board):
        problems.add(
            f"$.layout[{index[pos]}].tile",
            Msg.of(
                "triominos-junior-corner-conflict",
                corner=corner_word(pos, k),
                number=tiles[pos][k],
                at=pos_name(other),
            ),
        )
    return None


def _agrees(board: Board) -> bool:
    """No two numbered tiles show different numbers on one vertex: each shows the number
    the board holds there (where two disagree, only one of them does)."""
    corners, values = CORNERS, board.values
    for pos, tile in board.tiles.items():
        if tile[0] != WILD:
            a, b, c = corners[pos]
            if (values[a], values[b], values[c]) != tile:
                return False
    return True


def _purses(
    got: dict[str, Any],
    doc: Mapping[str, Any],
    level: Level,
    n: int,
    phase: Phase,
    problems: Problems,
) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
    """Coins and supply (coin level, TJ-2, TJ-5) or points (points level, TJ-3)."""
    zeros = (0,) * n

    def counts(key: str) -> tuple[int, ...]:
        value = got.get(key)
        if value is None or len(value) != n:
            if key in got or key not in doc:
                problems.add(f"$.{key}", Msg.of("triominos-junior-counts-per-player", count=n))
            return zeros
        return tuple(value)

    if level == "points":
        for key in ("coins", "supply"):
            if key in doc:
                problems.add(f"$.{key}", Msg.of("triominos-junior-coin-level-only"))
        points = counts("points")
        if phase in ("deal", "start") and points != zeros:
            problems.add("$.points", Msg.of("triominos-junior-points-before-play"))
        return zeros, 0, points
    if "points" in doc:
        problems.add("$.points", Msg.of("triominos-junior-points-level-only"))
    coins = counts("coins")
    supply = got.get("supply")
    if supply is None:
        if "supply" not in doc:
            problems.add("$.supply", Msg.of("triominos-junior-supply-missing"))
        return coins, 0, zeros
    if sum(coins) + supply != COINS_TOTAL:
        # Numbers of the document as strings: they may be large, and a number argument would
        # be grouped ("100,000"); they stand as the document wrote them.
        problems.add(
            "$.supply",
            Msg.of(
                "triominos-junior-coins-do-not-add-up",
                coins=str(list(coins)),
                supply=str(supply),
                sum=str(sum(coins) + supply),
                total=COINS_TOTAL,
            ),
        )
    if phase in ("deal", "start") and coins != (COINS_EACH,) * n:
        problems.add("$.coins", Msg.of("triominos-junior-coins-before-play", count=COINS_EACH))
    return coins, supply, zeros


def _points_bound(points: tuple[int, ...], layout: list[Placed], problems: Problems) -> None:
    """Points come from placed tiles, never the start tile (TJ-10)."""
    placed = sum(tile_value(t) for pos, t in layout if pos != ORIGIN)
    if sum(points) > placed:
        problems.add(
            "$.points",
            Msg.of("triominos-junior-too-many-points", sum=str(sum(points)), placed=placed),
        )


def _turn(got: dict[str, Any], phase: Phase, n: int, problems: Problems) -> int | None:
    if "toMove" not in got:  # refused already
        return 0 if phase in ("play", "draw") else None
    turn = got["toMove"]
    if phase in ("play", "draw"):
        if turn is None or not turn < n:
            problems.add(
                "$.toMove", Msg.of("triominos-junior-to-move-at-phase", last=n - 1, phase=phase)
            )
            return 0
        return int(turn)
    if turn is not None:
        problems.add("$.toMove", Msg.of("triominos-junior-to-move-null", phase=phase))
    return None


def _end(
    end: Any, phase: Phase, racks: list[list[Tile]], pool: list[Tile], problems: Problems
) -> EndReason | None:
    if phase != "over":
        if end is not None:
            problems.add("$.endReason", Msg.of("triominos-junior-end-reason-too-early"))
        return None
    if end not in END_REASONS:
        problems.add(
            "$.endReason",
            Msg.of("triominos-junior-end-reason-once-over", values=", ".join(END_REASONS)),
        )
        return "blocked"
    if end == "rackEmptied" and all(racks):
        problems.add("$.endReason", Msg.of("triominos-junior-no-rack-empty"))
    if end == "poolEmptied" and pool:
        problems.add("$.endReason", Msg.of("triominos-junior-pool-not-empty"))
    result: EndReason = end
    return result


def _phase(
    phase: Phase, level: Level, racks: list[list[Tile]], pool: list[Tile], problems: Problems
) -> None:
    """Rack sizes and pool as the phase requires (TJ-4, TJ-14, TJ-15)."""
    sizes = [len(r) for r in racks]
    if phase == "deal":
        k = next((p for p, s in enumerate(sizes) if s < RACK_SIZE), len(sizes))
        dealt_in_order = all(s == RACK_SIZE for s in sizes[:k]) and not any(sizes[k + 1 :])
        if k == len(sizes) or not dealt_in_order:
            problems.add(
                "$.racks",
                Msg.of("triominos-junior-deal-order", size=RACK_SIZE, sizes=str(sizes)),
            )
    elif phase == "start" and any(s != RACK_SIZE for s in sizes):
        problems.add("$.racks", Msg.of("triominos-junior-racks-at-start", size=RACK_SIZE))
    elif phase in ("play", "draw"):
        for p, s in enumerate(sizes):
            if not s:
                problems.add(f"$.racks[{p}]", Msg.of("triominos-junior-empty-rack-in-play"))
        if not pool and phase == "draw":
            problems.add("$.pool", Msg.of("triominos-junior-pool-empty-at-draw"))
        elif not pool and level == "points":
            problems.add("$.pool", Msg.of("triominos-junior-pool-empty-at-points"))
    if phase == "start" and all(is_joker(t) for t in pool):
        problems.add("$.pool", Msg.of("triominos-junior-no-start-tile-in-pool"))
