"""Pictures drawn for a phone (``render``'s ``narrow``): the box they are meant for, the least
font size that reads there, and lines wrapped to a picture's width."""

from __future__ import annotations

from collections.abc import Callable, Iterable

# A picture drawn ``narrow`` is meant to be shown in a box about NARROW_PX CSS pixels wide and
# NARROW_HEIGHT_PX tall (a phone's board, under the page's controls), and every text in it is
# to read at MIN_TEXT_PX there at least.
NARROW_PX = 400
NARROW_HEIGHT_PX = 360
MIN_TEXT_PX = 12
# How wide a sans-serif glyph runs, at most, for its font size (digits and capitals ~0.6 em).
GLYPH_EM = 0.6
# How far a line's baseline is below the one above it, in font sizes.
LINE_HEIGHT = 1.3
# A drawing at a smallest font size (user units): the SVG, its width and its height.
Drawing = Callable[[float], tuple[str, float, float]]
# A text line of a picture: its baseline, font size, extra attributes and words.
Line = tuple[float, int, str, str]


def least_size(width: float, height: float = 0.0) -> float:
    """The smallest font size (user units) a narrow picture of this size may use: the one
    that shows at MIN_TEXT_PX when the picture is fitted into the narrow box, and never
    under MIN_TEXT_PX units."""
    return MIN_TEXT_PX * max(width / NARROW_PX, height / NARROW_HEIGHT_PX, 1.0)


def drawn(draw: Drawing, narrow: bool) -> str:
    """The picture ``draw`` makes: wide at its own sizes (least 0), or narrow at the least
    font size its size asks for. Larger text can make a picture taller (wrapped lines), so a
    narrow one is drawn again until its text is large enough for its new size."""
    if not narrow:
        return draw(0.0)[0]
    least: float = MIN_TEXT_PX
    for _ in range(6):
        svg, width, height = draw(least)
        need = least_size(width, height)
        if need <= least:
            break
        least = need
    return svg


def sized(nominal: float, least: float) -> int:
    """A text's font size: its nominal size, raised to ``least`` (rounded up)."""
    return max(int(nominal), -int(-least // 1))


def wrap(text: str, size: float, room: float, separator: str = " · ") -> list[str]:
    """``text`` in lines that each fit ``room`` units at font ``size``: broken at
    ``separator`` first (dropped at a line's end), then, in a piece longer than a line (it
    starts a line), at spaces; a single word longer than the room stays whole."""
    most = max(1, int(room / (size * GLYPH_EM)))
    lines: list[str] = []
    for piece in _pieces(text, separator):
        words = [piece] if len(piece.rstrip()) <= most else [w + " " for w in piece.split(" ")]
        for k, word in enumerate(words):
            fits = lines and len(lines[-1]) + len(word.rstrip()) <= most
            if fits and (k or len(words) == 1):  # a piece too long for a line starts one
                lines[-1] += word
            else:
                lines.append(word)
    end = separator.strip()
    return [line.rstrip().removesuffix(end).rstrip() for line in lines] or [""]


def _pieces(text: str, separator: str) -> list[str]:
    """``text`` cut after each separator (the separator kept with the piece before it)."""
    parts = text.split(separator)
    return [p + separator for p in parts[:-1]] + [parts[-1]]


def stacked(
    texts: Iterable[tuple[str, float, str]], least: float, room: float, y: float, gap: float = 0
) -> list[Line]:
    """Each ``(text, nominal size, extra attributes)`` sized to ``least`` and wrapped to
    ``room``, line under line from the baseline ``y`` down, ``gap`` more after each text."""
    out: list[Line] = []
    for text, nominal, extra in texts:
        size = sized(nominal, least)
        for line in wrap(text, size, room):
            out.append((y, size, extra, line))
            y += size * LINE_HEIGHT
        y += gap
    return out
