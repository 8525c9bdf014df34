"""A deliberately plain Mixtour move generator, written from the rules text, to check the
engine against: from every source stack, walk each of the 8 directions."""

from __future__ import annotations

from service.games.mixtour import MixtourState

DIRECTIONS = [(dc, dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1) if (dc, dr) != (0, 0)]


def reference_moves(state: MixtourState) -> set[str]:
    if state.turn is None:
        return set()
    board = {(i % 5, i // 5): stack for i, stack in enumerate(state.stacks)}
    name = "abcde"
    moves: set[str] = set()
    if state.supply[state.turn] > 0:  # MX-4
        moves |= {f"{name[c]}{r + 1}" for (c, r), s in board.items() if not s}
    last = state.last
    for (c, r), source in board.items():  # MX-5
        if not source:
            continue
        for dc, dr in DIRECTIONS:
            for distance in range(1, 5):
                tc, tr = c + dc * distance, r + dr * distance
                if (tc, tr) not in board:
                    break
                target = board[(tc, tr)]
                if not target:
                    continue  # an empty square: keep walking
                if len(target) == distance:  # MX-6
                    for n in range(1, len(source) + 1):
                        text = f"{name[c]}{r + 1}" + (f":{n}" if n > 1 else "")
                        text += f"-{name[tc]}{tr + 1}"
                        moves.add(text)
                break  # the first stack on the way ends the line
    if last is not None and hasattr(last, "source"):  # MX-7
        n = last.count
        back = f"{name[last.target % 5]}{last.target // 5 + 1}" + (f":{n}" if n > 1 else "")
        moves.discard(back + f"-{name[last.source % 5]}{last.source // 5 + 1}")
    return moves or {"pass"}  # MX-8
