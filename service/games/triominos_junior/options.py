"""Triominos Junior's options (``level`` TJ-3, ``tiles`` TJ-1) and its descriptor."""

from __future__ import annotations

from ..core import Descriptor, OptionSpec
from .tiles import TILE_SET_SCHEMA, check_tile_set

OPTIONS = (
    OptionSpec(
        "level",
        "enum",
        "coins",
        "coins (age 5+): a coin per placed tile, most coins win; points (age 6+): tile values "
        "count, rack values are subtracted at the end (TJ-3, TJ-14, TJ-15).",
        choices=("coins", "points"),
    ),
    OptionSpec(
        "tiles",
        "json",
        None,
        "Another tile set (TJ-1): a list of 36 strings, 35 number tiles written clockwise from "
        "the apex with numbers 0-9 ('1-3-5') and one joker 'J'. null: the default set, every "
        "multiset of three numbers from 1-5 ascending clockwise.",
        check=check_tile_set,
        schema=TILE_SET_SCHEMA,
    ),
)

DESCRIPTOR = Descriptor(
    id="triominos-junior",
    name="Triominos Junior",
    min_players=2,
    max_players=4,
    default_players=2,
    rules_version="triominos-junior-1",
    chance=True,
    hidden_information=True,
    simultaneous=False,
    options=OPTIONS,
    summary="Matching triangular number tiles; racks and the pool are hidden.",
)
