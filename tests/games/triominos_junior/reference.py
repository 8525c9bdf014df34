"""A deliberately plain Triominos Junior move lister, written from the rules text (TJ-8 to
TJ-13 and the notation section) to check the engine against. It reads the state document
and works on triangle corners as points of the lattice, not on the engine's grid.

A triangle ``(col,row)`` points up when ``col + row`` is even. In half-width units its corners
are, clockwise from the apex: up — (col+1,row+1), (col+2,row), (col,row); down —
(col+1,row), (col,row+1), (col+2,row+1). Two triangles share a side when they share two
corners, and touch when they share one.

Below it, the engine's own plain paths, each as it stood before the speed work of issue 26
(``test_playouts.py`` holds the fast ones equal to them along random games): the generic
field reader and the checks of the decode (TJ-1, TJ-6, TJ-8, TJ-9), the layout indexed and
fitted by a rack index (TJ-9 to TJ-11), the turns as ``dataclasses.replace`` chains with the
board indexed again for every question (TJ-10 to TJ-15), the encode and the move documents
by formatting every name.
"""

from __future__ import annotations

from bisect import insort
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from service.games.core import Event, GameOver, NotYourTurn, Problems, Transition, illegal
from service.games.core.text import Msg
from service.games.triominos_junior import codec, turns
from service.games.triominos_junior.codec import (
    _RACKS,
    GAME,
    VERSION,
    _end,
    _good,
    _good_parts,
    _layout,
    _phase,
    _points_bound,
    _purses,
    _turn,
    document,
)
from service.games.triominos_junior.grid import (
    CORNERS,
    NEIGHBOURS,
    ORIGIN,
    Pos,
    Vertex,
    corner_name,
    corner_word,
    is_up,
    on_grid,
    pointing,
)
from service.games.triominos_junior.layout import Need, Placed
from service.games.triominos_junior.moves import Deal, Draw, Move, Pass, Place, Swap
from service.games.triominos_junior.options import OPTIONS
from service.games.triominos_junior.state import TriominosState
from service.games.triominos_junior.tiles import (
    DEFAULT_SET,
    JOKER,
    WILD,
    Tile,
    canonical,
    describe_counts,
    is_joker,
    read_tile_set,
    rotations,
    value,
)

Point = tuple[int, int]


def corners(col: int, row: int) -> list[Point]:
    """The three corners clockwise from the apex (the order a tile's numbers are written)."""
    if (col + row) % 2 == 0:
        return [(col + 1, row + 1), (col + 2, row), (col, row)]
    return [(col + 1, row), (col, row + 1), (col + 2, row + 1)]


def _neighbours(col: int, row: int) -> list[tuple[int, int]]:
    """The three triangles sharing a side (TJ-8, notation section)."""
    other = (col, row - 1) if (col + row) % 2 == 0 else (col, row + 1)
    return [(col - 1, row), (col + 1, row), other]


def _numbers(tile: str) -> list[str] | None:
    return None if tile == "J" else tile.split("-")


def _fits(layout: dict[tuple[int, int], str], at: tuple[int, int], tile: str) -> bool:
    """TJ-9: a side shared with the layout and every touching corner matching."""
    if at in layout or not any(n in layout for n in _neighbours(*at)):
        return False
    numbers = _numbers(tile)
    if numbers is None:
        return True
    need: dict[Point, str] = {}
    for pos, other in layout.items():
        theirs = _numbers(other)
        if theirs is not None:
            need.update(zip(corners(*pos), theirs, strict=True))
    return all(need.get(p, n) == n for p, n in zip(corners(*at), numbers, strict=True))


def _orientations(tile: str) -> set[str]:
    """TJ-8: three rotations, never flipped."""
    if tile == "J":
        return {"J"}
    n = tile.split("-")
    return {"-".join(n[i:] + n[:i]) for i in range(3)}


def _candidates(layout: dict[tuple[int, int], str]) -> set[tuple[int, int]]:
    return {n for pos in layout for n in _neighbours(*pos) if n not in layout}


def reference_moves(doc: dict[str, Any]) -> set[str]:
    """The notations of every legal move of the player to move (phase play)."""
    layout = {tuple(map(int, t["at"].split(","))): t["tile"] for t in doc["layout"]}
    rack = doc["racks"][doc["toMove"]]
    moves = set()
    for at in _candidates(layout):
        for tile in set(rack):
            for oriented in _orientations(tile):
                if _fits(layout, at, oriented):
                    moves.add(f"{oriented}@{at[0]},{at[1]}")  # TJ-10
    for at, tile in layout.items():
        if tile != "J":
            continue
        rest = {p: t for p, t in layout.items() if p != at}
        for racked in set(rack) - {"J"}:
            for oriented in _orientations(racked):
                if _fits(rest, at, oriented):
                    moves.add(f"swap {oriented}@{at[0]},{at[1]}")  # TJ-11
    if doc["pool"]:
        moves.add("draw")  # TJ-12
    return moves or {"pass"}  # TJ-13


# == The engine's plain paths ==========================================================

# -- names --------------------------------------------------------------------------------


def tile_name(tile: Tile) -> str:
    return "J" if is_joker(tile) else f"{tile[0]}-{tile[1]}-{tile[2]}"


def pos_name(pos: Pos) -> str:
    return f"{pos[0]},{pos[1]}"


# -- the layout (TJ-9, TJ-11) -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Board:
    tiles: dict[Pos, Tile]
    values: dict[Vertex, int]
    open: tuple[Pos, ...]
    jokers: tuple[Pos, ...]


def board_of(layout: Iterable[Placed]) -> Board:
    tiles = dict(layout)
    values: dict[Vertex, int] = {}
    jokers: list[Pos] = []
    frontier: set[Pos] = set()
    for pos, tile in tiles.items():
        if tile[0] == WILD:
            jokers.append(pos)
        else:
            a, b, c = CORNERS[pos]
            values[a], values[b], values[c] = tile
        frontier.update(NEIGHBOURS[pos])
    frontier.difference_update(tiles)
    return Board(tiles, values, tuple(sorted(frontier)), tuple(sorted(jokers)))


def need_at(board: Board, pos: Pos) -> Need:
    a, b, c = CORNERS[pos]
    get = board.values.get
    return (get(a), get(b), get(c))


def has_side_contact(board: Board, pos: Pos) -> bool:
    return any(n in board.tiles for n in NEIGHBOURS[pos])


def mismatches(need: Need, tile: Tile) -> tuple[int, ...]:
    if is_joker(tile):
        return ()
    return tuple(k for k in range(3) if need[k] is not None and need[k] != tile[k])


def _filings(tile: Tile) -> list[tuple[Need, Tile]]:
    out: list[tuple[Need, Tile]] = []
    for rot in rotations(tile):
        a, b, c = rot
        for ka in (a, None):
            for kb in (b, None):
                for kc in (c, None):
                    out.append(((ka, kb, kc), rot))
    return out


def rack_index(rack: Iterable[Tile]) -> dict[Need, list[Tile]]:
    index: dict[Need, list[Tile]] = {}
    for tile in sorted(set(rack) - {JOKER}):
        for need, rot in _filings(tile):
            index.setdefault(need, []).append(rot)
    return index


def placements(board: Board, rack: Iterable[Tile]) -> list[Placed]:
    rack = tuple(rack)
    index = rack_index(rack)
    out: list[Placed] = []
    for pos in board.open:
        if JOKER in rack:
            out.append((pos, JOKER))
        out.extend((pos, rot) for rot in index.get(need_at(board, pos), ()))
    return out


def swaps(board: Board, rack: Iterable[Tile]) -> list[Placed]:
    index = rack_index(rack)
    out: list[Placed] = []
    for pos in board.jokers:
        if has_side_contact(board, pos):
            out.extend((pos, rot) for rot in index.get(need_at(board, pos), ()))
    return out


def can_play(board: Board, rack: Iterable[Tile]) -> bool:
    return bool(placements(board, rack) or swaps(board, rack))


def conflicts(board: Board) -> list[tuple[Pos, int, Pos]]:
    seen: dict[Vertex, tuple[Pos, int]] = {}
    out: list[tuple[Pos, int, Pos]] = []
    for pos in sorted(board.tiles):
        tile = board.tiles[pos]
        if is_joker(tile):
            continue
        for k, vertex in enumerate(CORNERS[pos]):
            first = seen.setdefault(vertex, (pos, tile[k]))
            if first[1] != tile[k]:
                out.append((pos, k, first[0]))
    return out


def legal_moves(state: TriominosState, player: int | None = None) -> tuple[Move, ...]:
    if state.phase in ("deal", "start", "draw"):
        return () if player is not None else tuple(m for m, _ in turns.outcomes(state))
    if state.phase != "play" or (player is not None and player != state.turn):
        return ()
    assert state.turn is not None
    board = board_of(state.layout)
    rack = state.racks[state.turn]
    out: list[Move] = [Place(pos, tile) for pos, tile in placements(board, rack)]
    out.extend(Swap(pos, tile) for pos, tile in swaps(board, rack))
    if state.pool:
        out.append(Draw())
    return tuple(out) if out else (Pass(),)


# -- the codec ----------------------------------------------------------------------------


def encode(state: TriominosState) -> dict[str, Any]:
    options: dict[str, Any] = {"level": state.level}
    if state.tile_set != DEFAULT_SET:
        options["tiles"] = [tile_name(t) for t in state.tile_set]
    doc: dict[str, Any] = {
        "game": GAME,
        "v": VERSION,
        "options": options,
        "phase": state.phase,
        "toMove": state.turn,
        "layout": [{"at": pos_name(p), "tile": tile_name(t)} for p, t in state.layout],
        "racks": [[tile_name(t) for t in rack] for rack in state.racks],
        "pool": [tile_name(t) for t in state.pool],
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


def decode(doc: Any) -> TriominosState:
    """``codec.decode`` through the generic field reader and the plain checks."""
    problems = Problems()
    got = document(OPTIONS).read(doc, problems)
    if got is None:
        problems.raise_state()
        raise AssertionError
    opts = got["options"]
    tile_set = read_tile_set(opts["tiles"]) or DEFAULT_SET
    phase = got.get("phase", "play")
    layout = _layout(got, doc, problems)
    racks = got.get("racks") or _good_parts(_RACKS.parts(doc.get("racks"))) or [[], []]
    n = len(racks)
    pool = got.get("pool") or _good(codec._POOL.parts(doc.get("pool")))
    _conservation(layout, racks, pool, tile_set, problems)
    _geometry(layout, phase, problems)
    coins, supply, points = _purses(got, doc, opts["level"], n, phase, problems)
    _points_bound(points, layout, problems)
    turn = _turn(got, phase, n, problems)
    end = _end(got.get("endReason"), phase, racks, pool, problems)
    _phase(phase, opts["level"], racks, pool, problems)
    problems.raise_state()
    return TriominosState(
        level=opts["level"],
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
    )


def _conservation(
    layout: list[Placed],
    racks: list[list[Tile]],
    pool: list[Tile],
    tile_set: tuple[Tile, ...],
    problems: Problems,
) -> None:
    have = Counter(canonical(t) for _, t in layout)
    for rack in racks:
        have.update(rack)
    have.update(pool)
    want = Counter(tile_set)
    extra, missing = have - want, want - have
    if extra:
        problems.add("$", Msg.of("triominos-junior-too-many-tiles", tiles=describe_counts(extra)))
    if missing:
        problems.add(
            "$.pool", Msg.of("triominos-junior-tiles-missing", tiles=describe_counts(missing))
        )


def _geometry(layout: list[Placed], phase: str, problems: Problems) -> None:
    if phase in ("deal", "start"):
        if layout:
            problems.add("$.layout", Msg.of("triominos-junior-layout-before-start"))
        return
    tiles = dict(layout)
    index = {pos: i for i, (pos, _) in enumerate(layout)}
    start = tiles.get(ORIGIN)
    if start is None:
        problems.add("$.layout", Msg.of("triominos-junior-start-tile-missing"))
        return
    if is_joker(start):
        problems.add(f"$.layout[{index[ORIGIN]}].tile", Msg.of("triominos-junior-start-joker"))
    elif start != canonical(start):
        problems.add(
            f"$.layout[{index[ORIGIN]}].tile",
            Msg.of("triominos-junior-start-orientation", tile=tile_name(canonical(start))),
        )
    reached, frontier = {ORIGIN}, [ORIGIN]
    while frontier:
        for nb in NEIGHBOURS[frontier.pop()]:
            if nb in tiles and nb not in reached:
                reached.add(nb)
                frontier.append(nb)
    for pos in sorted(tiles.keys() - reached):
        problems.add(
            f"$.layout[{index[pos]}].at", Msg.of("triominos-junior-not-joined", at=pos_name(pos))
        )
    for pos, k, other in conflicts(board_of(layout)):
        problems.add(
            f"$.layout[{index[pos]}].tile",
            Msg.of(
                "triominos-junior-corner-conflict",
                corner=corner_word(pos, k),
                number=tiles[pos][k],
                at=pos_name(other),
            ),
        )


# -- move documents -----------------------------------------------------------------------


def enriched(move: Move, mover: int | None) -> dict[str, Any]:
    if isinstance(move, Place | Swap):
        kind = "place" if isinstance(move, Place) else "swap"
        doc: dict[str, Any] = {"kind": kind, "tile": tile_name(move.tile), "at": pos_name(move.at)}
    elif isinstance(move, Deal):
        doc = {"kind": "deal", "tile": tile_name(move.tile)}
    else:
        doc = {"kind": "draw" if isinstance(move, Draw) else "pass"}
    if mover is None or isinstance(move, Deal):
        return doc
    doc["player"] = mover
    if isinstance(move, Place | Swap):
        (col, row), tile = move.at, move.tile
        doc["col"], doc["row"] = col, row
        doc["orientation"] = "up" if is_up(move.at) else "down"
        doc["corners"] = [
            {"corner": corner_name(move.at, k), "number": None if is_joker(tile) else tile[k]}
            for k in range(3)
        ]
        doc["rackTile"] = tile_name(canonical(tile))
    return doc


# -- the turns (TJ-9 to TJ-16) ------------------------------------------------------------


def _without(tiles: tuple[Tile, ...], tile: Tile) -> tuple[Tile, ...]:
    i = tiles.index(tile)
    return tiles[:i] + tiles[i + 1 :]


def _with(tiles: tuple[Tile, ...], tile: Tile) -> tuple[Tile, ...]:
    out = list(tiles)
    insort(out, tile)
    return tuple(out)


def _set(values: tuple[int, ...], i: int, v: int) -> tuple[int, ...]:
    return (*values[:i], v, *values[i + 1 :])


def _set_rack(
    state: TriominosState, p: int, rack: tuple[Tile, ...]
) -> tuple[tuple[Tile, ...], ...]:
    return (*state.racks[:p], rack, *state.racks[p + 1 :])


def apply(state: TriominosState, move: Move, player: int | None = None) -> Transition[Any]:
    """``rules.apply`` for every move a player may make (chance goes to ``turns.deal``)."""
    if state.phase == "over":
        raise GameOver(
            Msg.of("triominos-junior-game-finished"), reason="GAME_FINISHED", rule="TJ-14"
        )
    if state.phase in ("deal", "start", "draw"):
        assert player is None and isinstance(move, Deal)
        return deal(state, move)
    p = state.turn
    assert p is not None
    if player is not None and player != p:
        raise NotYourTurn(
            Msg.of("triominos-junior-not-your-turn", to_move=p, player=player),
            reason="NOT_TO_MOVE",
            details={"toMove": [p]},
        )
    if isinstance(move, Place):
        return place(state, p, move)
    if isinstance(move, Swap):
        return swap(state, p, move)
    if isinstance(move, Draw):
        return draw(state, p)
    assert isinstance(move, Pass)
    can_act = bool(state.pool) or can_play(board_of(state.layout), state.racks[p])
    if can_act:
        raise illegal(Msg.of("triominos-junior-pass-not-allowed"), "PASS_NOT_ALLOWED", "TJ-13")
    return end_turn(state, p, [{"type": "passed", "player": p}])


def deal(state: TriominosState, move: Deal) -> Transition[Any]:
    tile = move.tile
    if tile not in state.pool:
        raise illegal(
            Msg.of(
                "triominos-junior-tile-not-in-pool", tile=tile_name(tile), count=len(state.pool)
            ),
            "TILE_NOT_IN_POOL",
            "TJ-12" if state.phase == "draw" else "TJ-4",
        )
    pool = _without(state.pool, tile)
    chances = state.chances + 1
    if state.phase == "start":
        if is_joker(tile):
            raise illegal(
                Msg.of("triominos-junior-joker-as-start-tile"), "JOKER_AS_START_TILE", "TJ-6"
            )
        start = (ORIGIN, canonical(tile))
        after = replace(state, layout=(start,), pool=pool, phase="play", turn=0, chances=chances)
        return Transition(after, ({"type": "startTile", "at": "0,0", "tile": tile_name(tile)},))
    p = turns.receiver(state) if state.phase == "deal" else state.turn
    assert p is not None
    racks = _set_rack(state, p, _with(state.racks[p], tile))
    after = replace(state, racks=racks, pool=pool, chances=chances)
    if state.phase == "deal":
        full = all(len(r) == 5 for r in racks)
        return Transition(
            replace(after, phase="start" if full else "deal"), ({"type": "dealt", "player": p},)
        )
    drawn: Event = {"type": "tileDrawn", "player": p, "poolSize": len(pool)}
    return end_turn(after, p, [drawn], drew=True)


def check_fit(board: Board, pos: Pos, tile: Tile, rule: str) -> None:
    if not has_side_contact(board, pos):
        raise illegal(
            Msg.of("triominos-junior-no-shared-side", at=pos_name(pos)), "NO_SHARED_SIDE", rule
        )
    need = need_at(board, pos)
    bad = mismatches(need, tile)
    if bad:
        clashes = [
            Msg.of(
                "triominos-junior-corner-clash",
                corner=corner_word(pos, k),
                shows=tile[k],
                touches=need[k] or 0,
            )
            for k in bad
        ]
        names = ("first", "second", "third")
        raise illegal(
            Msg.of(
                "triominos-junior-corner-mismatch",
                tile=tile_name(tile),
                at=pos_name(pos),
                shape=pointing(pos),
                count=len(clashes),
                **dict(zip(names, clashes, strict=False)),
            ),
            "CORNER_MISMATCH",
            rule,
        )


def _take_from_rack(state: TriominosState, p: int, tile: Tile, rule: str) -> tuple[Tile, ...]:
    identity = canonical(tile)
    if identity not in state.racks[p]:
        raise illegal(
            Msg.of("triominos-junior-tile-not-in-rack", player=p, tile=tile_name(identity)),
            "TILE_NOT_IN_RACK",
            rule,
        )
    return _without(state.racks[p], identity)


def place(state: TriominosState, p: int, move: Place) -> Transition[Any]:
    rack = _take_from_rack(state, p, move.tile, "TJ-10")
    if not on_grid(move.at):
        raise illegal(
            Msg.of("triominos-junior-far-from-layout", at=pos_name(move.at)),
            "NO_SHARED_SIDE",
            "TJ-9",
        )
    board = board_of(state.layout)
    if move.at in board.tiles:
        raise illegal(
            Msg.of("triominos-junior-position-occupied", at=pos_name(move.at)),
            "POSITION_OCCUPIED",
            "TJ-9",
        )
    check_fit(board, move.at, move.tile, "TJ-9")
    layout = list(state.layout)
    insort(layout, (move.at, move.tile))
    after = replace(state, layout=tuple(layout), racks=_set_rack(state, p, rack))
    event: Event = {
        "type": "placed",
        "player": p,
        "tile": tile_name(move.tile),
        "at": pos_name(move.at),
    }
    if state.level == "coins":
        gain = 1 if state.supply else 0
        after = replace(after, coins=_set(state.coins, p, state.coins[p] + gain))
        after = replace(after, supply=state.supply - gain)
        event["coins"] = gain
    else:
        gain = value(move.tile)
        after = replace(after, points=_set(state.points, p, state.points[p] + gain))
        event["points"] = gain
    return end_turn(after, p, [event])


def swap(state: TriominosState, p: int, move: Swap) -> Transition[Any]:
    board = board_of(state.layout)
    if board.tiles.get(move.at) != JOKER:
        raise illegal(
            Msg.of("triominos-junior-no-joker-there", at=pos_name(move.at)),
            "NO_JOKER_THERE",
            "TJ-11",
        )
    if is_joker(move.tile):
        raise illegal(Msg.of("triominos-junior-joker-for-joker"), "JOKER_FOR_JOKER", "TJ-11")
    rack = _take_from_rack(state, p, move.tile, "TJ-11")
    check_fit(board, move.at, move.tile, "TJ-11")
    layout = tuple((pos, move.tile if pos == move.at else t) for pos, t in state.layout)
    after = replace(state, layout=layout, racks=_set_rack(state, p, _with(rack, JOKER)))
    event: Event = {
        "type": "jokerSwapped",
        "player": p,
        "tile": tile_name(move.tile),
        "at": pos_name(move.at),
    }
    return end_turn(after, p, [event])


def draw(state: TriominosState, p: int) -> Transition[Any]:
    if not state.pool:
        raise illegal(Msg.of("triominos-junior-pool-empty"), "POOL_EMPTY", "TJ-12")
    event: Event = {"type": "draw", "player": p}
    after = replace(state, phase="draw")
    if state.level == "coins":
        paid = 1 if state.coins[p] else 0
        after = replace(after, coins=_set(state.coins, p, state.coins[p] - paid))
        after = replace(after, supply=state.supply + paid)
        event["paid"] = paid
    return Transition(after, (event,))


def end_reason(state: TriominosState, p: int, drew: bool) -> str | None:
    if not state.racks[p]:
        return "rackEmptied"
    if not state.pool and drew:
        return "poolEmptied"
    if state.level == "points" or not state.pool:
        board = board_of(state.layout)
        if not any(can_play(board, rack) for rack in state.racks):
            return "blocked"
    return None


def end_turn(
    state: TriominosState, p: int, events: list[Event], *, drew: bool = False
) -> Transition[Any]:
    reason = end_reason(state, p, drew)
    if reason is None:
        return Transition(replace(state, phase="play", turn=(p + 1) % state.players), tuple(events))
    if reason == "rackEmptied" and state.level == "coins" and state.supply:
        bonus = replace(state, coins=_set(state.coins, p, state.coins[p] + 1))
        state = replace(bonus, supply=state.supply - 1)
        events.append({"type": "bonusCoin", "player": p, "rule": "TJ-14"})
    over = replace(state, phase="over", turn=None, end=reason)  # type: ignore[arg-type]
    totals = turns.final_scores(over)
    events.append(
        {
            "type": "gameOver",
            "winners": list(turns.winners(totals)),
            "reason": reason,
            "scores": totals,
        }
    )
    return Transition(over, tuple(events))
