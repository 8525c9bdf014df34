"""The helpers of pictures drawn for a phone (service/games/core/narrow.py): the least font
size a picture's size asks for, lines wrapped to a width, and drawing again until the text
is large enough for the picture it makes."""

from __future__ import annotations

import pytest

from service.games.core.narrow import (
    GLYPH_EM,
    LINE_HEIGHT,
    MIN_TEXT_PX,
    NARROW_HEIGHT_PX,
    NARROW_PX,
    drawn,
    least_size,
    sized,
    stacked,
    wrap,
)


def test_the_least_size_shows_at_min_text_px_in_the_box():
    assert least_size(NARROW_PX, NARROW_HEIGHT_PX) == MIN_TEXT_PX
    assert least_size(2 * NARROW_PX, NARROW_HEIGHT_PX) == 2 * MIN_TEXT_PX  # wider: shown smaller
    assert least_size(NARROW_PX, 3 * NARROW_HEIGHT_PX) == 3 * MIN_TEXT_PX  # taller: likewise
    assert least_size(100, 100) == MIN_TEXT_PX  # never under MIN_TEXT_PX units


@pytest.mark.parametrize(
    ("nominal", "least", "size"), [(16, 0.0, 16), (13, 13.8, 14), (13, 12.0, 13), (20, 14.2, 20)]
)
def test_a_size_is_its_nominal_raised_to_the_least_rounded_up(nominal, least, size):
    assert sized(nominal, least) == size


def test_lines_break_at_the_separator_first_and_drop_it_at_a_line_end():
    room = 20 * 10 * GLYPH_EM  # twenty glyphs of size 10
    lines = wrap("Te-Trix · Runde 1 · Spieler 1: 0 Pkt. · Spieler 2: 0", 10, room)
    assert lines == ["Te-Trix · Runde 1", "Spieler 1: 0 Pkt.", "Spieler 2: 0"]
    assert all(len(line) <= 20 for line in lines)


def test_a_piece_longer_than_a_line_starts_one_and_breaks_at_spaces():
    room = 12 * 10 * GLYPH_EM
    assert wrap("ab · one two three four", 10, room) == ["ab", "one two", "three four"]
    assert wrap("supercalifragilistic x", 10, room) == ["supercalifragilistic", "x"]  # kept whole
    assert wrap("short", 10, room) == ["short"]
    assert wrap("", 10, room) == [""]


def test_a_narrow_drawing_is_drawn_again_until_its_text_fits_its_size():
    calls: list[float] = []

    def draw(least: float) -> tuple[str, float, float]:  # taller as its text grows
        calls.append(least)
        return f"<svg {least:.2f}/>", NARROW_PX, 300 + 10 * least

    svg = drawn(draw, narrow=True)
    last = calls[-1]
    assert least_size(NARROW_PX, 300 + 10 * last) <= last + 0.5  # large enough, near enough
    assert svg == f"<svg {last:.2f}/>"
    assert calls[0] == MIN_TEXT_PX and len(calls) > 1


def test_a_wide_drawing_is_drawn_once_at_its_own_sizes():
    calls: list[float] = []

    def draw(least: float) -> tuple[str, float, float]:
        calls.append(least)
        return "<svg/>", 5 * NARROW_PX, 5 * NARROW_HEIGHT_PX

    assert drawn(draw, narrow=False) == "<svg/>"
    assert calls == [0.0]


def test_texts_stack_line_under_line_each_sized_and_wrapped():
    room = 20 * 14 * GLYPH_EM  # twenty glyphs of size 14
    lines = stacked(
        [("Te-Trix · Runde 1 · Spieler 1: 0 Pkt.", 10, ""), ("short", 11, ' fill="#444"')],
        least=14.0,
        room=room,
        y=24.0,
        gap=4,
    )
    assert lines == [
        (24.0, 14, "", "Te-Trix · Runde 1"),
        (24.0 + 14 * LINE_HEIGHT, 14, "", "Spieler 1: 0 Pkt."),
        (24.0 + 2 * 14 * LINE_HEIGHT + 4, 14, ' fill="#444"', "short"),
    ]
