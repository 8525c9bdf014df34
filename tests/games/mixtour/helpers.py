"""Building Mixtour positions by hand for the rule tests."""

from __future__ import annotations

from service.games.mixtour import ENGINE, MixtourState


def position(
    board: dict[str, str],
    to_move: int = 0,
    last: str | None = None,
    scores: tuple[int, int] = (0, 0),
    pieces: int = 20,
    points_to_win: int = 5,
    passes: int = 0,
    supply: tuple[int, int] | None = None,
) -> MixtourState:
    """A position from a board diagram (square -> colours bottom to top, w/b); supply balances
    the pieces on the board unless given."""
    if supply is None:
        supply = (
            pieces - sum(s.count("w") for s in board.values()),
            pieces - sum(s.count("b") for s in board.values()),
        )
    return ENGINE.decode(
        {
            "game": "mixtour",
            "v": 1,
            "options": {"piecesPerPlayer": pieces, "pointsToWin": points_to_win},
            "board": board,
            "supply": list(supply),
            "scores": list(scores),
            "toMove": to_move,
            "lastMove": last,
            "passes": passes,
        }
    )


def notations(state: MixtourState) -> set[str]:
    return {ENGINE.notation(m) for m in ENGINE.legal_moves(state)}


def play(state: MixtourState, *moves: str) -> MixtourState:
    for text in moves:
        state = ENGINE.apply(state, ENGINE.parse_move(text)).state
    return state
