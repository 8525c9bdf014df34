"""An SVG picture of a Mixtour position: every stack drawn bottom to top, scores and supplies."""

from __future__ import annotations

from ..core.svg import esc
from .board import FILES, SIZE
from .state import COLOUR_NAMES, MixtourState

CELL = 80
MARGIN = 30
TOP = 60
FILL = ("#f5f5f0", "#2563eb")
STROKE = ("#555555", "#1e3a8a")


def svg(state: MixtourState) -> str:
    width = MARGIN * 2 + CELL * SIZE
    height = TOP + CELL * SIZE + MARGIN * 2
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f"<title>Mixtour: White {state.points[0]}, Blue {state.points[1]}</title>",
        f'<rect width="{width}" height="{height}" fill="#fffdf7"/>',
        f'<text x="{MARGIN}" y="24" font-size="16">{esc(_headline(state))}</text>',
        f'<text x="{MARGIN}" y="46" font-size="13" fill="#444">'
        f"supply: White {state.supply[0]}, Blue {state.supply[1]}; "
        f"first to {state.points_to_win} points</text>",
    ]
    for i, stack in enumerate(state.stacks):
        col, row = i % SIZE, i // SIZE
        x = MARGIN + col * CELL
        y = TOP + (SIZE - 1 - row) * CELL
        shade = "#e8dcc0" if (col + row) % 2 else "#f3ead6"
        out.append(
            f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{shade}" '
            'stroke="#8b7d5c"/>'
        )
        for level, colour in enumerate(stack):
            dy = y + CELL - 16 - level * 14
            out.append(
                f'<rect x="{x + 14}" y="{dy}" width="{CELL - 28}" height="12" rx="5" '
                f'fill="{FILL[colour]}" stroke="{STROKE[colour]}" stroke-width="1.5">'
                f"<title>{COLOUR_NAMES[colour]}</title></rect>"
            )
        if stack:
            out.append(
                f'<text x="{x + CELL - 6}" y="{y + 14}" font-size="11" '
                f'text-anchor="end" fill="#333">{len(stack)}</text>'
            )
    base = TOP + SIZE * CELL
    for c in range(SIZE):
        out.append(
            f'<text x="{MARGIN + c * CELL + CELL // 2}" y="{base + 18}" font-size="13" '
            f'text-anchor="middle">{FILES[c]}</text>'
        )
    for r in range(SIZE):
        out.append(
            f'<text x="{MARGIN - 12}" y="{TOP + (SIZE - 1 - r) * CELL + CELL // 2 + 5}" '
            f'font-size="13" text-anchor="middle">{r + 1}</text>'
        )
    out.append("</svg>")
    return "\n".join(out)


def _headline(state: MixtourState) -> str:
    score = f"White {state.points[0]} – Blue {state.points[1]}"
    if state.turn is not None:
        return f"{score} · {COLOUR_NAMES[state.turn]} to move"
    winners = [p for p in (0, 1) if state.points[p] >= state.points_to_win]
    return f"{score} · " + (f"{COLOUR_NAMES[winners[0]]} wins" if winners else "draw")
