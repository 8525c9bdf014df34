"""Building Tric Trac positions by hand for the rule tests."""

from __future__ import annotations

from typing import Any

from service.games.tric_trac import ENGINE, TricTracState


def position(
    red: dict[int, int] | None = None,
    black: dict[int, int] | None = None,
    *,
    start: tuple[int, int] = (0, 0),
    off: tuple[int, int] | None = None,
    hits: tuple[int, int] = (0, 0),
    dice: tuple[int, int] | None = (1, 2),
    to_move: int | None = 0,
    phase: str = "move",
    **options: Any,
) -> TricTracState:
    """A position from points -> stones per colour; borne-off stones make up the 15 unless
    given. Options default to pointsToWin 15 so parked stones do not end the game."""
    red, black = red or {}, black or {}
    if off is None:
        off = (15 - sum(red.values()) - start[0], 15 - sum(black.values()) - start[1])
    options.setdefault("pointsToWin", 15)
    return ENGINE.decode(
        {
            "game": "tric-trac",
            "v": 1,
            "options": options,
            "points": {
                "red": {str(p): n for p, n in red.items()},
                "black": {str(p): n for p, n in black.items()},
            },
            "start": list(start),
            "borneOff": list(off),
            "hits": list(hits),
            "scores": [hits[0] + off[0], hits[1] + off[1]],
            "phase": phase,
            "toMove": to_move,
            "dice": None if dice is None else list(dice),
            "chances": 1,
        }
    )


def notations(state: TricTracState) -> set[str]:
    return {ENGINE.notation(m) for m in ENGINE.legal_moves(state)}


def listed(state: TricTracState) -> list[str]:
    return [ENGINE.notation(m) for m in ENGINE.legal_moves(state)]


def play(state: TricTracState, *moves: str) -> TricTracState:
    for text in moves:
        state = ENGINE.apply(state, ENGINE.parse_move(text)).state
    return state


def events(state: TricTracState, move: str) -> list[dict[str, Any]]:
    return list(ENGINE.apply(state, ENGINE.parse_move(move)).events)


def points(state: TricTracState) -> dict[str, dict[str, int]]:
    doc: dict[str, dict[str, int]] = ENGINE.encode(state)["points"]
    return doc
