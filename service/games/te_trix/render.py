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

from ..core.narrow import GLYPH_EM, LINE_HEIGHT, NARROW_PX, drawn, sized, stacked, wrap
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


def svg(state: TeTrixState, narrow: bool = False) -> str:
    """The picture; ``narrow``: every text sized for a phone (``core.narrow``), the header and
    each sheet's lines wrapped instead of squeezed, no room kept for a wide header, and no
    round line (the position's prompt says it)."""
    return drawn(lambda least: _draw(state, least), narrow)


def _draw(state: TeTrixState, least: float) -> tuple[str, float, float]:
    narrow = least > 0
    grid = state.size * CELL
    panel_w = grid + 2 * PAD
    cols = min(state.players, PER_ROW)
    rows = (state.players + PER_ROW - 1) // PER_ROW
    width = max(cols * panel_w, NARROW_PX if narrow else MIN_WIDTH)
    room = width - 2 * PAD - ARRANGEMENT_ROOM
    if narrow:
        # the round's line is the position's prompt, which a phone's page shows beside the
        # picture; with more than two sheets their titles say the scores
        scores = state.players <= PER_ROW
        lines = stacked([(_headline(state, scores=scores), 16, "")], least, room, 24.0)
        header = [
            f'<text x="{PAD}" y="{y:.0f}" font-size="{size}"{extra}>{esc(line)}</text>'
            for y, size, extra, line in lines
        ]
        last_y, last_size = lines[-1][0], lines[-1][1]
        top = round(last_y + last_size * LINE_HEIGHT)
    else:
        header = [
            _line(_headline(state), 24, 16, room, ""),
            _line(_round_line(state), 46, 13, room, ' fill="#444"'),
        ]
        top = HEADER
    head_room = width - 2 * PAD if cols == 1 else panel_w - PAD  # one sheet: the whole width
    heads = [_panel_head(state, p, head_room, least, narrow) for p in range(state.players)]
    panel_top = max(PANEL_TOP, *(h for h, _ in heads))
    panel_h = grid + panel_top + PAD
    height = top + rows * panel_h
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" data-game="te-trix">',
        f"<title>{esc(_headline(state))}</title>",
        f'<rect width="{width}" height="{height}" fill="#fffdf7"/>',
        *player_tags(DESCRIPTOR, state.players),
        *header,
    ]
    out.extend(_arrangement(state, width - PAD, 10))
    for p in range(state.players):
        x = (p % PER_ROW) * panel_w + PAD
        y = top + (p // PER_ROW) * panel_h
        out.extend(_panel(state, p, x, y, panel_top, heads[p][1], least))
    out.append("</svg>")
    return "\n".join(out), width, height


def _headline(state: TeTrixState, scores: bool = True) -> str:
    """The game, the round (or how it ended) and, with ``scores``, every player's points."""
    totals = tuple(scoring.total(s, state.size, state.bar) for s in state.sheets)
    score = " – ".join(
        str(Msg.of("te-trix-svg-score", player=p, points=t)) for p, t in enumerate(totals)
    )
    if state.phase != "over":
        return SEPARATOR.join(
            ("Te-Trix", str(Msg.of("te-trix-svg-round", round=state.round)), score)[
                : 3 if scores else 2
            ]
        )
    winners = short_list([Msg.of("te-trix-svg-p", player=p) for p in scoring.winners(totals)])
    parts = ("Te-Trix", str(Msg.of("te-trix-svg-game-over", end=state.end or "")), score)
    won = str(Msg.of("te-trix-svg-won-by", players=winners))
    return SEPARATOR.join((*parts, won) if scores else (*parts[:2], won))


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


# A sheet's head: its lines (the offset of each baseline from the panel's top, font size,
# bold, text) and where the solo bar goes.
Head = tuple[list[tuple[float, int, bool, str]], float]


def _panel_head(
    state: TeTrixState, p: int, room: float, least: float, narrow: bool
) -> tuple[int, Head]:
    """A sheet's title and score line (and the solo bar's place under them); drawn narrow,
    sized for a phone and wrapped (the score line only with one or two sheets). Returns the
    room the head needs above the grid (its column letters included) and the head."""
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
    title = str(Msg.of("te-trix-svg-panel", player=p, points=total, mark=_player_mark(state, p)))
    if not narrow:
        return PANEL_TOP, ([(16.0, 14, True, title), (32.0, 11, False, detail)], 38.0)
    lines: list[tuple[float, int, bool, str]] = []
    y = 0.0
    # more than two sheets drawn narrow: only each sheet's title (the points per symbol are
    # the score's lines), or the text would outgrow the sheets
    texts = ((title, 14, True), (detail, 11, False))[: 2 if state.players <= PER_ROW else 1]
    for text, nominal, bold in texts:
        font = sized(nominal, least)
        for line in wrap(text, font, room):
            y += font * LINE_HEIGHT
            lines.append((y, font, bold, line))
    bar_y = y + 6
    y = bar_y + (max(12, sized(10, least)) + 6 if state.bar is not None else 0)
    return round(y + sized(10, least) + 8), (lines, bar_y)


def _panel(
    state: TeTrixState, p: int, x: int, y: int, panel_top: int, head: Head, least: float
) -> list[str]:
    size, sheet = state.size, state.sheets[p]
    scores = scoring.symbol_scores(sheet, size)
    lines, bar_y = head
    out = [f'<g class="rw-sheet" data-sheet="{p}">']
    for dy, font, bold, line in lines:
        weight = ' font-weight="bold"' if bold else ' fill="#444"'
        out.append(f'<text x="{x}" y="{y + dy:.0f}" font-size="{font}"{weight}>{esc(line)}</text>')
    if state.bar is not None:
        out.extend(_bar(p, state.bar, x, round(y + bar_y), least))
    top = y + panel_top
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
    label = sized(10, least)  # the column letters and row numbers
    for i in range(size):
        out.append(
            f'<text x="{x + i * CELL + CELL // 2}" y="{top - 4}" font-size="{label}" '
            f'text-anchor="middle" fill="#666">{COLUMNS[i]}</text>'
        )
        out.append(
            f'<text x="{x - 6}" y="{top + i * CELL + CELL // 2 + label * 0.36:.0f}" '
            f'font-size="{label}" '
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


def _bar(p: int, free: int, x: int, y: int, least: float) -> list[str]:
    """TX-13: 8 fields, crossed from the left (as ``crossed_fields`` numbers them)."""
    font, label = sized(10, least), str(BAR)
    out = [f'<text x="{x}" y="{y + 11}" font-size="{font}" fill="#444">{esc(label)}</text>']
    # the fields start after the label ("Leiste", "bar"), wider drawn narrow
    after = max(38, round(len(label) * font * GLYPH_EM + 8)) if least else 38
    for i in range(BAR_FIELDS):
        bx = x + after + i * 14
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
