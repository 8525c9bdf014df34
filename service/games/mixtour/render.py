"""An SVG picture of a Mixtour position: every stack drawn bottom to top, scores and supplies.

Its words are catalog messages (``messages/<language>.ftl``), written in the language of the
answer being drawn. The picture is clickable with the names move documents use: each square is a
``<g class="rw-square" data-square="b2">`` holding its rect, its pieces and its height, so a
click anywhere on it resolves with ``closest('[data-square]')``; each piece is a
``<rect class="rw-piece" data-square="b2" data-level="0" data-colour="white">`` (level 0 at
the bottom); each player's supply is a ``<g class="rw-supply" data-supply="0">`` (a click
there starts a placement, MX-4). The root carries ``data-game="mixtour"``; each player is a
``<g class="rw-player" data-player="0" data-player-name="White" data-player-colour="white"
data-player-fill="#f5f5f0">`` (``core.seats.player_tags``).
"""

from __future__ import annotations

from ..core.narrow import drawn, sized
from ..core.seats import player_tags
from ..core.svg import esc
from ..core.text import Msg
from .board import FILES, SIZE, SQUARES
from .options import DESCRIPTOR, FILLS
from .state import COLOURS, MixtourState

CELL = 80
MARGIN = 30
TOP = 60
SUPPLY = 34  # height of the supply boxes under the file letters
FILL = FILLS
STROKE = ("#555555", "#1e3a8a")


def _text(msg: Msg) -> str:
    return esc(str(msg))


def svg(state: MixtourState, narrow: bool = False) -> str:
    """The picture; ``narrow``: every text sized for a phone (``core.narrow``)."""
    return drawn(lambda least: _draw(state, least), narrow)


def _draw(state: MixtourState, least: float) -> tuple[str, float, float]:
    width = MARGIN * 2 + CELL * SIZE
    base = TOP + SIZE * CELL
    height = base + 28 + SUPPLY + 14
    white, blue = state.points
    names = tuple(_text(Msg.of("mixtour-player", player=p)) for p in (0, 1))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" data-game="mixtour">',
        f"<title>{_text(Msg.of('mixtour-svg-title', white=white, blue=blue))}</title>",
        f'<rect width="{width}" height="{height}" fill="#fffdf7"/>',
        *player_tags(DESCRIPTOR, 2),
        f'<text x="{MARGIN}" y="24" font-size="{sized(16, least)}">'
        f"{_text(_headline(state))}</text>",
        f'<text x="{MARGIN}" y="46" font-size="{sized(13, least)}" fill="#444">'
        f"{_text(Msg.of('mixtour-svg-goal', points=state.points_to_win))}</text>",
    ]
    for i, stack in enumerate(state.stacks):
        out.extend(_square(i, stack, names, least))
    for c in range(SIZE):
        out.append(
            f'<text x="{MARGIN + c * CELL + CELL // 2}" y="{base + 18}" '
            f'font-size="{sized(13, least)}" '
            f'text-anchor="middle">{FILES[c]}</text>'
        )
    for r in range(SIZE):
        out.append(
            f'<text x="{MARGIN - 12}" y="{TOP + (SIZE - 1 - r) * CELL + CELL // 2 + 5}" '
            f'font-size="{sized(13, least)}" text-anchor="middle">{r + 1}</text>'
        )
    for player in (0, 1):
        out.extend(_supply(state, player, base + 28, least))
    out.append("</svg>")
    return "\n".join(out), width, height


def _square(index: int, stack: tuple[int, ...], names: tuple[str, ...], least: float) -> list[str]:
    """One square as a group, so its pieces and height label click through to the square."""
    name = SQUARES[index]
    col, row = index % SIZE, index // SIZE
    x = MARGIN + col * CELL
    y = TOP + (SIZE - 1 - row) * CELL
    shade = "#e8dcc0" if (col + row) % 2 else "#f3ead6"
    out = [
        f'<g class="rw-square" data-square="{name}">',
        f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{shade}" stroke="#8b7d5c"/>',
    ]
    for level, colour in enumerate(stack):
        dy = y + CELL - 16 - level * 14
        out.append(
            f'<rect class="rw-piece" data-square="{name}" data-level="{level}" '
            f'data-colour="{COLOURS[colour]}" x="{x + 14}" y="{dy}" width="{CELL - 28}" '
            f'height="12" rx="5" fill="{FILL[colour]}" stroke="{STROKE[colour]}" '
            f'stroke-width="1.5"><title>{names[colour]}</title></rect>'
        )
    if stack:
        out.append(
            f'<text x="{x + CELL - 6}" y="{y + 14}" font-size="{sized(11, least)}" '
            f'text-anchor="end" fill="#333">{len(stack)}</text>'
        )
    out.append("</g>")
    return out


def _supply(state: MixtourState, player: int, y: int, least: float) -> list[str]:
    """A player's supply under the board: the place a click starts a placement from."""
    box = (CELL * SIZE - 10) // 2
    x = MARGIN + player * (box + 10)
    supply = Msg.of("mixtour-svg-supply", player=player, count=state.supply[player])
    # drawn narrow, the piece is shorter: the larger words still fit the box
    font, piece = sized(13, least), CELL - 28 if not least else 24
    return [
        f'<g class="rw-supply" data-supply="{player}">',
        f'<rect x="{x}" y="{y}" width="{box}" height="{SUPPLY}" rx="6" fill="#f3ead6" '
        'stroke="#8b7d5c"/>',
        f'<rect x="{x + 10}" y="{y + 11}" width="{piece}" height="12" rx="5" '
        f'fill="{FILL[player]}" stroke="{STROKE[player]}" stroke-width="1.5"/>',
        f'<text x="{x + piece + 16}" y="{y + 17 + font * 0.36:.0f}" font-size="{font}">'
        f"{_text(supply)}</text>",
        "</g>",
    ]


def _headline(state: MixtourState) -> Msg:
    score = Msg.of("mixtour-score", white=state.points[0], blue=state.points[1])
    if state.turn is not None:
        return Msg.of("mixtour-svg-to-move", score=score, player=state.turn)
    winners = [p for p in (0, 1) if state.points[p] >= state.points_to_win]
    if winners:
        return Msg.of("mixtour-svg-won", score=score, player=winners[0])
    return Msg.of("mixtour-svg-drawn", score=score)
