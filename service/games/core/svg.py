"""Small helpers for the engines' SVG pictures."""

from __future__ import annotations

from xml.sax.saxutils import escape


def esc(text: str) -> str:
    """Text safe inside an SVG element or attribute."""
    return escape(text, {'"': "&quot;"})
