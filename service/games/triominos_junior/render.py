"""An SVG picture of a Triominos Junior position: the layout as triangles with coloured corner
numbers (one colour per number, TJ-1), the scores, and optionally one player's own rack.
With player None (a spectator) no rack is drawn (TJ-17).

The picture is clickable with the names move documents use: the root carries
``data-game``; each layout tile is a ``<g class="rw-tile" data-at="1,0" data-tile="3-5-1">``
(the tile as laid) whose corner numbers carry ``data-at`` and ``data-corner``; every open
triangle (free, sharing a side with the layout, whatever the racks hold) is a faint
``<polygon class="rw-open" data-at="2,0">``; each rack tile a
``<g class="rw-rack-tile" data-rack="0" data-tile="1-3-5">`` (canonical, ``J``). Text never
takes a click (``pointer-events="none"``), so a click lands on the shape beneath. Each player is
a ``<g class="rw-player" data-player="0" data-player-name="Player 1">``
(``core.seats.player_tags``; the players have no colours).
"""

from __future__ import annotations

from collections.abc import Iterable
from math import sqrt

from ..core.narrow import drawn, sized, stacked
from ..core.seats import player_tags
from ..core.svg import esc
from ..core.text import Msg
from .grid import CORNERS, Pos, Vertex, corner_name, on_grid, pos_name
from .layout import board_of
from .options import DESCRIPTOR
from .state import TriominosState
from .texts import prompt
from .tiles import Tile, is_joker, tile_name

SIDE = 64.0
HEIGHT = SIDE * sqrt(3) / 2
MARGIN = 24.0
TOP = 64.0
NUMBERS_AT_MOST = int(SIDE * 0.42)  # a corner number's largest font size (it fits its corner)
INSET = 0.36  # how far a corner number sits from its vertex towards the centre
COLOURS = (
    "#6b7280",  # 0 grey
    "#dc2626",  # 1 red
    "#2563eb",  # 2 blue
    "#16a34a",  # 3 green
    "#ca8a04",  # 4 yellow
    "#9333ea",  # 5 purple
    "#ea580c",  # 6 orange
    "#0891b2",  # 7 cyan
    "#db2777",  # 8 pink
    "#4d7c0f",  # 9 olive
)

Point = tuple[float, float]
QUIET = 'pointer-events="none"'


def svg(state: TriominosState, player: int | None = None, narrow: bool = False) -> str:
    """The picture for ``player`` (None: a spectator); ``narrow``: every text sized for a
    phone and the header lines wrapped (``core.narrow``)."""
    return drawn(lambda least: _draw(state, player, least), narrow)


def _draw(state: TriominosState, player: int | None, least: float) -> tuple[str, float, float]:
    # Open triangles are pictured whether or not anyone can fill them: the grid alone decides,
    # so the picture says nothing about any rack (TJ-17).
    open_ = [pos for pos in board_of(state.layout).open if on_grid(pos)]
    vertices = [v for pos, _ in state.layout for v in CORNERS[pos]]
    vertices += [v for pos in open_ for v in CORNERS[pos]]
    vertices = vertices or [(0, 0)]
    xmin = min(x for x, _ in vertices)
    xmax = max(x for x, _ in vertices)
    ymin = min(y for _, y in vertices)
    ymax = max(y for _, y in vertices)
    rack = state.racks[player] if player is not None else ()
    width = max(MARGIN * 2 + (xmax - xmin) * SIDE / 2, 420.0, MARGIN * 2 + len(rack) * SIDE)
    header = _header(state, width, least)
    top = max(TOP, header[-1][0] + 18)
    board_h = (ymax - ymin) * HEIGHT
    rack_h = HEIGHT + 40 if player is not None else 0.0
    height = top + board_h + MARGIN * 2 + rack_h
    # a corner number stays inside its triangle, however large the layout grows (drawn
    # narrow, one taller than about 780 units shows its numbers under 12 px in the box)
    numbers = min(sized(15, least), NUMBERS_AT_MOST)

    def at(v: Vertex) -> Point:
        return (MARGIN + (v[0] - xmin) * SIDE / 2, top + (ymax - v[1]) * HEIGHT)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" data-game="triominos-junior" '
        f'width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif">',
        f"<title>{esc(_headline(state))}</title>",
        f'<rect width="{width:.0f}" height="{height:.0f}" fill="#fffdf7"/>',
        *player_tags(DESCRIPTOR, state.players),
        *(
            f'<text x="{MARGIN}" y="{y:.0f}" font-size="{size}"{extra} {QUIET}>{esc(line)}</text>'
            for y, size, extra, line in header
        ),
    ]
    if not state.layout:
        out.append(
            f'<text x="{MARGIN}" y="{top + 20}" font-size="{sized(13, least)}" {QUIET}>'
            f"{_text(Msg.of('triominos-junior-svg-empty'))}</text>"
        )
    for pos in open_:
        out.append(_open(_points([at(v) for v in CORNERS[pos]]), pos_name(pos)))
    for pos, tile in state.layout:
        name = pos_name(pos)
        out.append(f'<g class="rw-tile" data-at="{name}" data-tile="{tile_name(tile)}">')
        out.extend(_triangle([at(v) for v in CORNERS[pos]], tile, name, pos, numbers))
        out.append("</g>")
    if player is not None:
        y0 = top + board_h + MARGIN + 24
        out.append(
            f'<text x="{MARGIN}" y="{y0 - 8:.1f}" font-size="{sized(13, least)}" {QUIET}>'
            f"{esc(str(Msg.of('triominos-junior-svg-rack', player=player)))}</text>"
        )
        for i, tile in enumerate(rack):
            x0 = MARGIN + i * SIDE
            corners = [(x0 + SIDE / 2, y0), (x0 + SIDE, y0 + HEIGHT), (x0, y0 + HEIGHT)]
            out.append(
                f'<g class="rw-rack-tile" data-rack="{player}" data-tile="{tile_name(tile)}">'
            )
            rack_of = str(Msg.of("triominos-junior-svg-rack", player=player))
            out.extend(_triangle(corners, tile, rack_of, None, numbers))
            out.append("</g>")
    out.append("</svg>")
    return "\n".join(out), width, height


def _points(corners: list[Point]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)


def _open(points: str, name: str) -> str:
    """A free triangle next to the layout, drawn where a tile laid there would lie."""
    # A faint fill (not "none") so the whole triangle, not only its outline, takes a click.
    return (
        f'<polygon class="rw-open" data-at="{name}" points="{points}" fill="#a8a29e" '
        f'fill-opacity="0.08" stroke="#a8a29e" stroke-width="1" stroke-dasharray="4 3">'
        f"<title>{_text(Msg.of('triominos-junior-svg-open', at=name))}</title></polygon>"
    )


def _triangle(
    corners: list[Point], tile: Tile, label: str, pos: Pos | None, numbers: int
) -> list[str]:
    """A tile's shape and numbers (font size ``numbers``); on the layout (``pos`` given) each
    number names its corner."""
    cx = sum(x for x, _ in corners) / 3
    cy = sum(y for _, y in corners) / 3
    fill = "#f3e8ff" if is_joker(tile) else "#fdf6e3"
    out = [
        f'<polygon points="{_points(corners)}" fill="{fill}" stroke="#57534e" '
        f'stroke-width="1.5"><title>{esc(tile_name(tile))} @ {esc(label)}</title></polygon>'
    ]
    if is_joker(tile):
        out.append(
            f'<text x="{cx:.1f}" y="{cy + 6:.1f}" font-size="{numbers + 3}" font-weight="bold" '
            f'text-anchor="middle" fill="#7e22ce" {QUIET}>J</text>'
        )
        return out
    for k, ((x, y), number) in enumerate(zip(corners, tile, strict=True)):
        nx, ny = x + (cx - x) * INSET, y + (cy - y) * INSET
        colour = COLOURS[number % len(COLOURS)]
        names = (
            "" if pos is None else f'data-at="{pos_name(pos)}" data-corner="{corner_name(pos, k)}" '
        )
        out.append(
            f'<text {names}x="{nx:.1f}" y="{ny + 5:.1f}" font-size="{numbers}" font-weight="bold" '
            f'text-anchor="middle" fill="{colour}" {QUIET}>{number}</text>'
        )
    return out


def _header(state: TriominosState, width: float, least: float) -> list[tuple[float, int, str, str]]:
    """The header's lines (baseline, font size, extra attributes, text): the headline and the
    purses; drawn narrow, each sized for a phone and wrapped to the picture's width."""
    texts = ((_headline(state), 15, ""), (_purses(state), 12, ' fill="#444"'))
    if not least:  # drawn wide
        return [(24.0, 15, "", texts[0][0]), (46.0, 12, texts[1][2], texts[1][0])]
    return stacked(texts, least, width - 2 * MARGIN, 24.0, gap=4)


def _text(msg: Msg) -> str:
    return esc(str(msg))


def _headline(state: TriominosState) -> str:
    """The game, its level and the position's prompt (texts.py), in the answer's language."""
    return str(Msg.of("triominos-junior-svg-headline", level=state.level, prompt=prompt(state)))


def _purses(state: TriominosState) -> str:
    racks = Msg.of("triominos-junior-svg-counts", counts=_counts(len(r) for r in state.racks))
    pool = len(state.pool)
    if state.level == "coins":
        coins = _counts(state.coins)
        return str(
            Msg.of(
                "triominos-junior-svg-coins",
                coins=coins,
                supply=state.supply,
                racks=racks,
                pool=pool,
            )
        )
    points = _counts(state.points)
    return str(Msg.of("triominos-junior-svg-points", points=points, racks=racks, pool=pool))


def _counts(values: Iterable[int]) -> Msg:
    """A number per player, each after the player's short name ("S1 4, S2 3")."""
    counts = [Msg.of("triominos-junior-svg-count", player=p, count=n) for p, n in enumerate(values)]
    slots = dict(zip("abcd", counts, strict=False))
    return Msg.of("triominos-junior-svg-counts-list", count=len(counts), **slots)
