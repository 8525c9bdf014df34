"""Small builders for Te-Trix tests: sheets from row strings, positions from a few words."""

from __future__ import annotations

from dataclasses import replace

from service.games.te_trix import ENGINE, Sheet, TeTrixState
from service.games.te_trix.state import Phase

G = ENGINE


def sheet(*rows: str) -> Sheet:
    """A sheet from row strings, top row first ("." is empty)."""
    cells = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch != ".":
                cells[r * len(rows) + c] = "oxs".index(ch)
    return Sheet.from_cells(cells)


def position(
    *sheets: tuple[str, ...],
    phase: Phase = "roll",
    roll: str | None = None,
    solo: bool = False,
    bar: int | None = None,
    preprinted: tuple[tuple[tuple[int, int], ...], ...] | None = None,
    round: int = 1,
) -> TeTrixState:
    """A hand-made position (not validated, unlike decode) for rule tests."""
    size = len(sheets[0])
    return TeTrixState(
        size=size,
        solo=solo,
        preprinted=preprinted if preprinted is not None else tuple(() for _ in sheets),
        sheets=tuple(sheet(*rows) for rows in sheets),
        round=round,
        phase=phase,
        roll=None if roll is None else G.parse_move(roll),  # type: ignore[arg-type]
        arrangement=None,
        placed=(),
        blocked=(),
        bar=(8 if bar is None else bar) if solo else None,
        end=None,
    )


def arranged(state: TeTrixState, arrangement: str) -> TeTrixState:
    """The position after the roll that fits ``arrangement`` and the roller arranging it."""
    symbols = arrangement.split(":")[1]
    rolled = G.apply(replace(state, phase="roll"), G.parse_move(symbols)).state
    return G.apply(rolled, G.parse_move(arrangement)).state


def play(state: TeTrixState, *moves: str | tuple[int, str]) -> TeTrixState:
    """Applies moves in notation; a (player, notation) pair names the player."""
    for m in moves:
        player, text = m if isinstance(m, tuple) else (None, m)
        state = G.apply(state, G.parse_move(text), player).state
    return state


EMPTY7 = ("." * 7,) * 7
