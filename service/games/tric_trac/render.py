"""An SVG picture of a Tric Trac position: 24 points, stones with counts, start fields,
both Huckes, the bear-off trays, the dice, the scores and whose turn it is.

The picture is clickable with the names move documents use. The root carries
``data-game="tric-trac"``. Each point is a ``<g class="rw-point" data-point="7">`` holding a
transparent rect over its whole column, its triangle, its label and its stones, so a click
anywhere on it resolves with ``closest('[data-point]')``; each stone drawn is a
``<circle class="rw-stone" data-point="7" data-player="0">`` (at most five per point, the
last one carrying the count). Each player's bear-off tray, right of the board beside the end
it bears off past (Red past 24 at the top, Black past 1 at the bottom, TT-3), is a
``<g class="rw-off" data-point="off" data-player="0">`` showing how many stones it holds. Each
die of the throw being played is a ``<g class="rw-die" data-die="3">``. Each player is a
``<g class="rw-player" data-player="0" data-player-name="Red" data-player-colour="red"
data-player-fill="#c0392b">`` (``core.seats.player_tags``).

Its words are catalog messages, written in the language of the answer being drawn.
"""

from __future__ import annotations

from ..core.narrow import LINE_HEIGHT, drawn, sized, stacked, wrap
from ..core.seats import player_tags
from ..core.svg import esc
from ..core.text import Msg
from .moves import Throw, notation
from .options import DESCRIPTOR, FILLS
from .state import MOVE, OPENING, OVER, POINTS, TricTracState, borne_off, score

COL = 44
BAR = 24
MARGIN = 20
TOP = 96
HALF = 5 * 36 + 20
SHOWN = 5  # stones drawn per point; the count is written on the last one
BOARD = COL * 12 + BAR
TRAY_GAP = 10
TRAY = 48  # width of the bear-off trays right of the board
DIE = 30  # a die's side, top right
FILL = FILLS
TEXT = ("#ffffff", "#ffffff")
TRIANGLE = ("#d9c08f", "#8c6d46")
PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def svg(state: TricTracState, narrow: bool = False) -> str:
    """The picture; ``narrow``: every text sized for a phone (``core.narrow``), the header
    wrapped, the board moved down under it, and the start fields' and Huckes' notes, too
    wide for a point's column at that size, in a legend under the board."""
    return drawn(lambda least: _draw(state, least), narrow)


def _draw(state: TricTracState, least: float) -> tuple[str, float, float]:
    narrow = least > 0
    width = MARGIN * 2 + BOARD + TRAY_GAP + TRAY
    header = _header(state, width, least, narrow)
    small = sized(12, least)  # the points' labels and the legend
    # the board's own drawing starts at TOP; drawn narrow it moves down under the header
    # (its top labels reach about a font size above TOP)
    dy = max(0, round(header[-1][0] + 12 + small - TOP)) if narrow else 0
    legend = _legend(state, width, least) if narrow else []
    # the legend's first baseline: under the bottom row's labels
    legend_y = TOP + HALF * 2 + dy + 14 + 2 * small
    last_y = legend_y + (len(legend) - 1) * small * LINE_HEIGHT
    height = round(last_y + 12) if legend else TOP + HALF * 2 + 40
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" data-game="tric-trac">',
        f"<title>{_words(_title(state))}</title>",
        f'<rect width="{width}" height="{height}" fill="#fffdf7"/>',
        *player_tags(DESCRIPTOR, 2),
        *(
            f'<text x="{MARGIN}" y="{y:.0f}" font-size="{size}"{extra}>{esc(line)}</text>'
            for y, size, extra, line in header
        ),
    ]
    if dy:  # the dice stay in the header, beside it
        out.extend(_dice(state, width))
        out.append(f'<g transform="translate(0 {dy})">')
    out += [
        f'<rect x="{MARGIN}" y="{TOP}" width="{BOARD}" height="{HALF * 2}" '
        'fill="#efe3c8" stroke="#6b5434" stroke-width="2"/>',
        f'<rect x="{MARGIN + COL * 6}" y="{TOP}" width="{BAR}" height="{HALF * 2}" '
        'fill="#6b5434"/>',
    ]
    if not dy:
        out.extend(_dice(state, width))
    for point in range(1, POINTS + 1):
        out.extend(_point(state, point, least, narrow))
    for player in (0, 1):
        out.extend(_tray(state, player, least, narrow))
    if dy:
        out.append("</g>")
    for k, line in enumerate(legend):
        out.append(
            f'<text x="{MARGIN}" y="{legend_y + k * small * LINE_HEIGHT:.0f}" font-size="{small}" '
            f'fill="#444">{esc(line)}</text>'
        )
    out.append("</svg>")
    return "\n".join(out), width, height


def _header(
    state: TricTracState, width: int, least: float, narrow: bool
) -> list[tuple[float, int, str, str]]:
    """The header's lines (baseline, font size, extra attributes, text); drawn narrow, sized
    for a phone and wrapped beside the dice."""
    headline, details = str(_headline(state)), str(_details(state))
    if not narrow:
        return [(26.0, 17, "", headline), (48.0, 13, ' fill="#444"', details)]
    room = width - 2 * MARGIN - 2 * (DIE + 8)
    return stacked(((headline, 17, ""), (details, 13, ' fill="#444"')), least, room, 26.0)


def _legend(state: TricTracState, width: int, least: float) -> list[str]:
    """The points' notes (start fields, Huckes) as lines under the board: "Start Rot: 1"."""
    hucke = state.rules.hucke
    notes = []
    for point in range(1, POINTS + 1):
        owner = 0 if point == hucke[0] else 1 if point == hucke[1] else None
        note = _note(point, owner)
        if note is not None:
            notes.append(str(Msg.of("tric-trac-picture-at", note=note, point=point)))
    return wrap(" · ".join(notes), sized(12, least), width - 2 * MARGIN)


def _x(point: int) -> tuple[int, bool]:
    """Left edge of the point's column and whether it is in the top row.

    Top row 13 → 24 left to right, bottom row 12 → 1 left to right (Red goes round
    counter-clockwise from the bottom right, Black the other way).
    """
    top = point >= 13
    col = point - 13 if top else 12 - point
    return MARGIN + col * COL + (BAR if col >= 6 else 0), top


def _point(state: TricTracState, point: int, least: float, narrow: bool) -> list[str]:
    """One point as a group, so its stones and labels click through to the point."""
    x, top = _x(point)
    base = TOP if top else TOP + HALF * 2
    column_y = TOP if top else TOP + HALF
    tip = base + (HALF - 16 if top else -(HALF - 16))
    hucke = state.rules.hucke
    owner = 0 if point == hucke[0] else 1 if point == hucke[1] else None
    fill = TRIANGLE[point % 2]
    stroke = ' stroke="#6b5434"'
    if point in (1, POINTS):
        fill = "#f7ecd2"
        stroke = ' stroke="#6b5434" stroke-dasharray="4 3"'
    if owner is not None:
        stroke = f' stroke="{FILL[owner]}" stroke-width="3"'
    out = [
        f'<g class="rw-point" data-point="{point}">',
        # Transparent but painted, so the whole column (not only the triangle) takes clicks.
        f'<rect x="{x}" y="{column_y}" width="{COL}" height="{HALF}" fill="#000" '
        'fill-opacity="0"/>',
        f'<polygon points="{x + 2},{base} {x + COL - 2},{base} {x + COL // 2},{tip}" '
        f'fill="{fill}"{stroke}/>',
    ]
    label = sized(12, least)
    label_y = TOP - 6 if top else TOP + HALF * 2 + 4 + label
    out.append(
        f'<text x="{x + COL // 2}" y="{label_y}" font-size="{label}" '
        f'text-anchor="middle">{point}</text>'
    )
    note = _note(point, owner)
    if note is not None and not narrow:  # drawn narrow, the legend says it
        ny = TOP - 20 if top else TOP + HALF * 2 + 30
        out.append(
            f'<text x="{x + COL // 2}" y="{ny}" font-size="10" text-anchor="middle" '
            f'fill="{FILL[owner] if owner is not None else "#555"}">{_words(note)}</text>'
        )
    v = state.board[point - 1]
    if v:
        out.extend(_stones(point, x, base, top, 0 if v > 0 else 1, abs(v), least))
    out.append("</g>")
    return out


def _words(msg: Msg) -> str:
    return esc(str(msg))


def _note(point: int, owner: int | None) -> Msg | None:
    if owner is not None:
        return Msg.of("tric-trac-picture-hucke", player=owner)
    if point == 1:
        return Msg.of("tric-trac-picture-start", player=0)
    if point == POINTS:
        return Msg.of("tric-trac-picture-start", player=1)
    return None


def _stones(
    point: int, x: int, base: int, top: bool, colour: int, n: int, least: float
) -> list[str]:
    out = []
    cx = x + COL // 2
    title = _words(Msg.of("tric-trac-picture-stones", player=colour, count=n))
    for k in range(min(n, SHOWN)):
        cy = base + (18 + 36 * k if top else -(18 + 36 * k))
        out.append(
            f'<circle class="rw-stone" data-point="{point}" data-player="{colour}" cx="{cx}" '
            f'cy="{cy}" r="17" fill="{FILL[colour]}" stroke="#000" stroke-width="1">'
            f"<title>{title}</title></circle>"
        )
    if n > 1:
        k = min(n, SHOWN) - 1
        cy = base + (18 + 36 * k if top else -(18 + 36 * k))
        size = sized(14, least)
        out.append(
            f'<text class="rw-count" x="{cx}" y="{cy + size * 0.36:.0f}" font-size="{size}" '
            'font-weight="bold" '
            f'text-anchor="middle" fill="{TEXT[colour]}" pointer-events="none">{n}</text>'
        )
    return out


def _tray(state: TricTracState, player: int, least: float, narrow: bool) -> list[str]:
    """The player's bear-off target beside the end it bears off past (TT-3, TT-13): Red's
    next to point 24 (top right), Black's next to point 1 (bottom right). Drawn narrow, its
    label (too wide for it at that size) is left to the header's details."""
    n = borne_off(state.board, player)
    x = MARGIN + BOARD + TRAY_GAP
    h = HALF - 3  # a gap between the two trays
    y = TOP if player == 0 else TOP + HALF + 3
    title = _words(Msg.of("tric-trac-picture-borne-off", player=player, count=n))
    out = [
        f'<g class="rw-off" data-point="off" data-player="{player}">',
        f"<title>{title}</title>",
        f'<rect x="{x}" y="{y}" width="{TRAY}" height="{h}" rx="4" fill="#f7ecd2" '
        f'stroke="{FILL[player]}" stroke-width="2"/>',
    ]
    # One slab per stone, stacked from the board's edge as the points' stones are.
    for k in range(n):
        sy = y + 8 + 9 * k if player == 0 else y + h - 15 - 9 * k
        out.append(
            f'<rect x="{x + 8}" y="{sy}" width="{TRAY - 16}" height="7" rx="2" '
            f'fill="{FILL[player]}"/>'
        )
    # The count and its label at the far end from the slabs (15 slabs leave room for both).
    label_y, count_y = (y + h - 26, y + h - 9) if player == 0 else (y + 37, y + 21)
    label = _words(Msg.of("tric-trac-picture-off"))
    if not narrow:
        out.append(
            f'<text x="{x + TRAY // 2}" y="{label_y}" font-size="11" text-anchor="middle" '
            f'fill="{FILL[player]}" pointer-events="none">{label}</text>'
        )
    out.append(
        f'<text class="rw-count" x="{x + TRAY // 2}" y="{count_y}" font-size="{sized(14, least)}" '
        f'font-weight="bold" text-anchor="middle" pointer-events="none">{n}</text>'
    )
    out.append("</g>")
    return out


def _dice(state: TricTracState, width: int) -> list[str]:
    if state.dice is None:
        return []
    out = []
    size = DIE
    for k, d in enumerate(state.dice):
        x = width - MARGIN - (2 - k) * (size + 8)
        y = 24
        out.append(f'<g class="rw-die" data-die="{d}">')
        out.append(
            f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="5" fill="#fff" '
            f'stroke="#333" stroke-width="1.5"><title>{d}</title></rect>'
        )
        for dx, dy in PIPS[d]:
            out.append(
                f'<circle cx="{x + size // 2 + dx * 8}" cy="{y + size // 2 + dy * 8}" r="3" '
                'fill="#333"/>'
            )
        out.append("</g>")
    return out


def _title(state: TricTracState) -> Msg:
    return Msg.of("tric-trac-picture-title", red=score(state, 0), black=score(state, 1))


def _headline(state: TricTracState) -> Msg:
    scores = Msg.of("tric-trac-picture-scores", red=score(state, 0), black=score(state, 1))
    if state.phase == OVER:
        winners = [p for p in (0, 1) if score(state, p) >= state.rules.points_to_win]
        if not winners:
            return scores
        return Msg.of("tric-trac-picture-won", scores=scores, player=winners[0])
    if state.phase == OPENING:
        return Msg.of("tric-trac-picture-opening", scores=scores)
    who = state.player or 0
    if state.phase == MOVE and state.dice is not None:
        dice = notation(Throw(*state.dice))
        return Msg.of("tric-trac-picture-to-play", scores=scores, player=who, dice=dice)
    return Msg.of("tric-trac-picture-to-throw", scores=scores, player=who)


def _details(state: TricTracState) -> Msg:
    b = state.board
    return Msg.of(
        "tric-trac-picture-details",
        goal=state.rules.points_to_win,
        red_hits=state.hits[0],
        black_hits=state.hits[1],
        red_off=borne_off(b, 0),
        black_off=borne_off(b, 1),
    )
