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


def shuttle(n: int) -> list[str]:
    """A legal Mixtour record of n moves that never ends (MX-11): each player builds a
    2-stack beside a single piece and moves one piece back and forth; MX-7 bans only the
    reverse of the opponent's last move, never one's own. (Budget tests, the soak and the
    hostile benchmark send it as the longest allowed replay.)"""
    moves = ["a1", "e1", "a2", "e2", "a1-a2", "e1-e2", "a3", "e3"]
    while len(moves) < n:
        moves += ["a2-a3", "e2-e3", "a3-a2", "e3-e2"]
    return moves[:n]
