"""An SVG picture of a Te-Trix position: every sheet with its symbols, pre-printed cells shaded,
scoring regions outlined (struck ones faded), the solo bar, and the score per symbol.

Clickable, named as move documents name things: each sheet is a ``<g class="rw-sheet"
data-sheet="P">``; each of its cells a ``<rect class="rw-cell" data-sheet="P" data-cell="c2"
data-row="2" data-col="3">``; each solo bar field a ``<rect class="rw-bar" data-sheet="0"
data-bar="3" data-crossed="false">``; the roller's shape a ``<g class="rw-arrangement"
data-shape="T" data-symbols="oxso">``; each player a ``<g class="rw-player" data-player="0"
data-player-name="Player 1">`` (``core.seats.player_tags``; Te-Trix players have no colours).
Symbols, outlines and crosses drawn over them ignore the pointer so clicks reach the cells.

Its words are catalog messages, written in the language of the answer being drawn (the picture
is drawn for each request, never cached); they join with " · " as the header's separator.
"""

from __future__ import annotations

from ..core.seats import player_tags
from ..core.svg import esc
from ..core.text import Msg
from . import scoring
from .moves import notation
from .options import DESCRIPTOR
from .shapes import SYMBOLS, picture
from .sheet import BAR_FIELDS, COLUMNS, bits, cell_name, is_crossed
from .state import TeTrixState
from .texts import RATING, SYMBOL, short_list

CELL = 34
PAD = 28
HEADER = 64
PANEL_TOP = 70  # title, score line and the solo bar above each grid
INK = ("#2563eb", "#dc2626", "#15803d")  # circle, cross, square
PER_ROW = 2
MIN_WIDTH = 560  # room for the header lines
ARRANGEMENT_ROOM = 64  # the roller's shape at the header's right end (4 cells of 12 px)
SEPARATOR = " · "
PREPRINTED = Msg.of("te-trix-svg-preprinted")
BAR = Msg.of("te-trix-svg-bar")


def svg(state: TeTrixState) -> str:
    grid = state.size * CELL
    panel_w, panel_h = grid + 2 * PAD, grid + PANEL_TOP + PAD
    cols = min(state.players, PER_ROW)
    rows = (state.players + PER_ROW - 1) // PER_ROW
    width, height = max(cols * panel_w, MIN_WIDTH), HEADER + rows * panel_h
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" data-game="te-trix">',
        f"<title>{esc(_headline(state))}</title>",
        f'<rect width="{width}" height="{height}" fill="#fffdf7"/>',
        *player_tags(DESCRIPTOR, state.players),
        _line(_headline(state), 24, 16, width - 2 * PAD - ARRANGEMENT_ROOM, ""),
        _line(_round_line(state), 46, 13, width - 2 * PAD - ARRANGEMENT_ROOM, ' fill="#444"'),
    ]
    out.extend(_arrangement(state, width - PAD, 10))
    for p in range(state.players):
        x = (p % PER_ROW) * panel_w + PAD
        y = HEADER + (p // PER_ROW) * panel_h
        out.extend(_panel(state, p, x, y))
    out.append("</svg>")
    return "\n".join(out)


def _headline(state: TeTrixState) -> str:
    totals = tuple(scoring.total(s, state.size, state.bar) for s in state.sheets)
    score = " – ".join(
        str(Msg.of("te-trix-svg-score", player=p, points=t)) for p, t in enumerate(totals)
    )
    if state.phase != "over":
        return SEPARATOR.join(
            ("Te-Trix", str(Msg.of("te-trix-svg-round", round=state.round)), score)
        )
    winners = short_list([Msg.of("te-trix-svg-p", player=p) for p in scoring.winners(totals)])
    return SEPARATOR.join(
        (
            "Te-Trix",
            str(Msg.of("te-trix-svg-game-over", end=state.end or "")),
            score,
            str(Msg.of("te-trix-svg-won-by", players=winners)),
        )
    )


def _round_line(state: TeTrixState) -> str:
    parts = [Msg.of("te-trix-svg-roller", player=state.roller)]
    if state.roll is not None:
        parts.append(Msg.of("te-trix-svg-roll", roll=notation(state.roll)))
    if state.arrangement is not None:
        parts.append(Msg.of("te-trix-svg-shape", arrangement=notation(state.arrangement)))
    if state.phase == "roll":
        parts.append(Msg.of("te-trix-svg-waiting-dice"))
    elif state.phase == "arrange":
        parts.append(Msg.of("te-trix-svg-waiting-arrange", player=state.roller))
    elif state.phase == "place":
        pending = short_list([Msg.of("te-trix-svg-player", player=p) for p in state.pending])
        parts.append(Msg.of("te-trix-svg-to-place", players=pending))
    return SEPARATOR.join(str(part) for part in parts)


def _line(text: str, y: int, size: int, room: int, extra: str) -> str:
    """A header line; one longer than its room (a long list of winners) is squeezed into it,
    so it never runs under the roller's shape in the top-right corner."""
    fit = (
        f' textLength="{room}" lengthAdjust="spacingAndGlyphs"'
        if len(text) * size * 0.56 > room
        else ""
    )
    return f'<text x="{PAD}" y="{y}" font-size="{size}"{fit}{extra}>{esc(text)}</text>'


def _arrangement(state: TeTrixState, right: int, top: int) -> list[str]:
    """The roller's shape, small, in the top-right corner."""
    if state.arrangement is None:
        return []
    rows = picture(state.arrangement.shape, state.arrangement.symbols)
    size = 12
    left = right - len(rows[0]) * size
    shape, symbols = notation(state.arrangement).split(":")
    out = [f'<g class="rw-arrangement" data-shape="{shape}" data-symbols="{symbols}">']
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            if ch != ".":
                out.extend(_symbol(SYMBOLS.index(ch), left + c * size, top + r * size, size, 1.0))
    out.append("</g>")
    return out


def _panel(state: TeTrixState, p: int, x: int, y: int) -> list[str]:
    size, sheet = state.size, state.sheets[p]
    scores = scoring.symbol_scores(sheet, size)
    total = scoring.total(sheet, size, state.bar)
    parts = [
        str(
            Msg.of(
                "te-trix-svg-symbol-points",
                symbol=SYMBOLS[s],
                areas=len(sc.kept),
                cells=sc.cells,
                points=sc.points,
            )
        )
        for s, sc in enumerate(scores)
    ]
    if state.bar is not None:
        parts.append(str(Msg.of("te-trix-svg-bar-points", bar=state.bar)))
        rated = RATING.get(scoring.rating(total))
        if rated is not None:
            parts.append(str(rated))
    detail = SEPARATOR.join(parts)
    title = Msg.of("te-trix-svg-panel", player=p, points=total, mark=_player_mark(state, p))
    out = [
        f'<g class="rw-sheet" data-sheet="{p}">',
        f'<text x="{x}" y="{y + 16}" font-size="14" font-weight="bold">{esc(str(title))}</text>',
        f'<text x="{x}" y="{y + 32}" font-size="11" fill="#444">{esc(detail)}</text>',
    ]
    if state.bar is not None:
        out.extend(_bar(p, state.bar, x, y + 38))
    top = y + PANEL_TOP
    printed = {c for c, _ in state.preprinted[p]}
    tip = f"<title>{esc(str(PREPRINTED))}</title>"
    for cell in range(size * size):
        cx, cy = x + (cell % size) * CELL, top + (cell // size) * CELL
        fill = "#e5e7eb" if cell in printed else "#ffffff"
        row, col = divmod(cell, size)
        out.append(
            f'<rect x="{cx}" y="{cy}" width="{CELL}" height="{CELL}" fill="{fill}" '
            f'stroke="#cbd5e1" class="rw-cell" data-sheet="{p}" '
            f'data-cell="{cell_name(cell, size)}" data-row="{row + 1}" data-col="{col + 1}">'
            f"{tip if cell in printed else ''}</rect>"
        )
    for symbol, sc in enumerate(scores):
        for region in sc.regions:
            kept = region in sc.kept
            for cell in bits(region):
                cx, cy = x + (cell % size) * CELL, top + (cell // size) * CELL
                out.extend(_symbol(symbol, cx, cy, CELL, 1.0 if kept else 0.4))
            if kept:
                out.extend(_outline(region, size, x, top, INK[symbol]))
    for i in range(size):
        out.append(
            f'<text x="{x + i * CELL + CELL // 2}" y="{top - 4}" font-size="10" '
            f'text-anchor="middle" fill="#666">{COLUMNS[i]}</text>'
        )
        out.append(
            f'<text x="{x - 6}" y="{top + i * CELL + CELL // 2 + 4}" font-size="10" '
            f'text-anchor="end" fill="#666">{i + 1}</text>'
        )
    out.append("</g>")
    return out


def _player_mark(state: TeTrixState, p: int) -> str:
    """What the panel's title adds: blocked, placed, waiting (to place) or none."""
    if p in state.blocked:
        return "blocked"
    if state.phase == "place":
        return "placed" if p in state.placed else "waiting"
    return "none"


def _bar(p: int, free: int, x: int, y: int) -> list[str]:
    """TX-13: 8 fields, crossed from the left (as ``crossed_fields`` numbers them)."""
    out = [f'<text x="{x}" y="{y + 11}" font-size="10" fill="#444">{esc(str(BAR))}</text>']
    for i in range(BAR_FIELDS):
        bx = x + 38 + i * 14  # after the label ("Leiste", "bar")
        crossed = is_crossed(i + 1, free)
        out.append(
            f'<rect x="{bx}" y="{y}" width="12" height="12" fill="#fff" stroke="#444" '
            f'class="rw-bar" data-sheet="{p}" data-bar="{i + 1}" '
            f'data-crossed="{"true" if crossed else "false"}"/>'
        )
        if crossed:
            out.append(
                f'<path d="M{bx} {y}L{bx + 12} {y + 12}M{bx + 12} {y}L{bx} {y + 12}" '
                'stroke="#444" stroke-width="1.5" pointer-events="none"/>'
            )
    return out


def _symbol(symbol: int, x: float, y: float, size: float, opacity: float) -> list[str]:
    m, ink = size * 0.2, INK[symbol]
    style = (
        f'fill="none" stroke="{ink}" stroke-width="{max(1.5, size / 14):.1f}" pointer-events="none"'
    )
    if opacity < 1:
        style += f' opacity="{opacity}"'
    title = f"<title>{esc(str(SYMBOL[symbol]))}</title>"
    if symbol == 0:
        r = size / 2 - m
        return [f'<circle cx="{x + size / 2}" cy="{y + size / 2}" r="{r}" {style}>{title}</circle>']
    if symbol == 1:
        a, b = x + m, x + size - m
        c, d = y + m, y + size - m
        return [f'<path d="M{a} {c}L{b} {d}M{b} {c}L{a} {d}" {style}>{title}</path>']
    return [
        f'<rect x="{x + m}" y="{y + m}" width="{size - 2 * m}" height="{size - 2 * m}" '
        f"{style}>{title}</rect>"
    ]


def _outline(region: int, size: int, x: int, top: int, ink: str) -> list[str]:
    """The region's border: every cell edge whose neighbour is outside the region."""
    segments = []
    for cell in bits(region):
        r, c = divmod(cell, size)
        cx, cy = x + c * CELL, top + r * CELL
        if r == 0 or not region >> (cell - size) & 1:
            segments.append(f"M{cx} {cy}h{CELL}")
        if r == size - 1 or not region >> (cell + size) & 1:
            segments.append(f"M{cx} {cy + CELL}h{CELL}")
        if c == 0 or not region >> (cell - 1) & 1:
            segments.append(f"M{cx} {cy}v{CELL}")
        if c == size - 1 or not region >> (cell + 1) & 1:
            segments.append(f"M{cx + CELL} {cy}v{CELL}")
    return [
        f'<path d="{"".join(segments)}" fill="none" stroke="{ink}" stroke-width="3" '
        'pointer-events="none"/>'
    ]
