"""Triominos Junior tiles (TJ-1): three corner numbers read clockwise from the apex, or the joker.

A tile is a triple of ints. ``canonical`` is its identity: the rotation that reads smallest
(``1-3-5`` for the default set, whose numbers ascend clockwise). Orientation matters and tiles
are never flipped (TJ-8), so ``1-2-3`` and ``1-3-2`` are different tiles of a custom set. The
joker is ``(-1, -1, -1)``: every corner is wild, which makes the fit test one comparison.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from itertools import product
from typing import Any

from ..core.text import Msg

Tile = tuple[int, int, int]

WILD = -1
JOKER: Tile = (WILD, WILD, WILD)
TILE_COUNT = 36
LOWEST, HIGHEST = 0, 9  # numbers a custom set may use (one digit, one colour each)

_TILE = re.compile(r"\s*([0-9])\s*-\s*([0-9])\s*-\s*([0-9])\s*")  # ASCII: \d takes any script's


def is_joker(tile: Tile) -> bool:
    return tile[0] == WILD


def canonical(tile: Tile) -> Tile:
    """The tile's identity: its smallest rotation (the start-tile orientation, TJ-6)."""
    a, b, c = tile
    return min(tile, (b, c, a), (c, a, b))


@cache
def rotations(tile: Tile) -> tuple[Tile, ...]:
    """The distinct orientations of a tile (TJ-8): three, one for ``2-2-2`` and the joker."""
    a, b, c = tile
    out: list[Tile] = []
    for rot in ((a, b, c), (b, c, a), (c, a, b)):
        if rot not in out:
            out.append(rot)
    return tuple(out)


def value(tile: Tile) -> int:
    """The sum of the corner numbers; the joker is worth 0 (TJ-1)."""
    return 0 if is_joker(tile) else sum(tile)


def _spelled(tile: Tile) -> str:
    return "J" if is_joker(tile) else f"{tile[0]}-{tile[1]}-{tile[2]}"


# Every tile a document can name, with its name: naming a tile is a look-up (encode names
# every tile of the set on every answer).
_NUMBERS = range(LOWEST, HIGHEST + 1)
NAMES: dict[Tile, str] = {
    t: _spelled(t) for t in [JOKER, *((a, b, c) for a, b, c in product(_NUMBERS, repeat=3))]
}


def tile_name(tile: Tile) -> str:
    """``1-3-5`` (numbers clockwise from the apex) or ``J``."""
    name = NAMES.get(tile)
    return _spelled(tile) if name is None else name


def parse_tile(text: Any) -> Tile:
    """A tile as written (``3-5-1``, ``J``); raises ValueError, its argument the reason (a
    message)."""
    if not isinstance(text, str):
        raise ValueError(Msg.of("triominos-junior-tile-not-a-string"))
    if text.strip().upper() == "J":
        return JOKER
    m = _TILE.fullmatch(text)
    if m is None:
        raise ValueError(Msg.of("triominos-junior-not-a-tile", text=repr(text)))
    return (int(m[1]), int(m[2]), int(m[3]))


def _default_set() -> tuple[Tile, ...]:
    numbers = range(1, 6)
    tiles = [(a, b, c) for a in numbers for b in numbers for c in numbers if a <= b <= c]
    return tuple(sorted([*tiles, JOKER]))


DEFAULT_SET = _default_set()


# What read_tile_set accepts, as far as JSON Schema can say it.
TILE_SET_SCHEMA: dict[str, Any] = {
    "type": ["array", "null"],
    "minItems": TILE_COUNT,
    "maxItems": TILE_COUNT,
    "items": {"type": "string", "pattern": r"^\s*([jJ]|[0-9]\s*-\s*[0-9]\s*-\s*[0-9])\s*$"},
    "contains": {"pattern": r"^\s*[jJ]\s*$"},
    "minContains": 1,
    "maxContains": 1,
}


def check_tile_set(given: Any) -> list[str] | None:
    """The ``tiles`` option normalised (JSON like every option): the set as sorted canonical
    names, None for the default set; raises ValueError naming every problem (its argument a
    message)."""
    tiles = read_tile_set(given)
    return None if tiles is None else [tile_name(t) for t in tiles]


def read_tile_set(given: Any) -> tuple[Tile, ...] | None:
    """A tile set: 35 number tiles and one ``J`` (TJ-1); None means the default set.

    Returns the set as sorted canonical tiles, or raises ValueError naming every problem (its
    argument a message).
    """
    if given is None:
        return None
    if not isinstance(given, list):
        raise ValueError(Msg.of("triominos-junior-tile-set-not-a-list"))
    bad: list[tuple[int, Msg]] = []
    tiles: list[Tile] = []
    for i, text in enumerate(given):
        try:
            tiles.append(canonical(parse_tile(text)))
        except ValueError as exc:
            bad.append((i, exc.args[0]))
    if bad:
        raise ValueError(_bad_items(bad))
    jokers = sum(is_joker(t) for t in tiles)
    numbered = len(tiles) - jokers
    if (numbered, jokers) != (TILE_COUNT - 1, 1):
        raise ValueError(
            Msg.of("triominos-junior-tile-set-count", numbered=numbered, jokers=jokers)
        )
    out = tuple(sorted(tiles))
    return None if out == DEFAULT_SET else out


# Bad items a tile set's problem names one by one (every item of a list as long as a set);
# more are counted. Each item's message nests the next, and a message renders its arguments
# first, so a list of 40,000 bad items must not nest 40,000 deep.
_LISTED = TILE_COUNT


def _bad_items(bad: list[tuple[int, Msg]]) -> Msg:
    """``item 1: …; item 4: …`` (the first ``_LISTED``, then how many more)."""
    rest = len(bad) - _LISTED
    tail: Msg | None = Msg.of("triominos-junior-tile-set-more", count=rest) if rest > 0 else None
    for i, why in reversed(bad[:_LISTED]):
        if tail is None:
            tail = Msg.of("triominos-junior-tile-set-item", item=str(i), why=why)
        else:
            tail = Msg.of("triominos-junior-tile-set-item-then", item=str(i), why=why, then=tail)
    assert tail is not None
    return tail


def describe_counts(counts: Counter[Tile]) -> str:
    """``1-1-2, 3-3-3 ×2``: tiles in notation with their counts, the same in every language,
    so a message takes it as an argument."""
    parts = []
    for tile in sorted(counts):
        n = counts[tile]
        parts.append(tile_name(tile) + (f" ×{n}" if n > 1 else ""))
    return ", ".join(parts)
