"""What test_mutate.py runs ``./dev mutate`` against: ``service/games/core/svg.py`` (one line,
seven mutants) and these checks, strong enough to kill every mutant but one on purpose, so
the run shows a survivor and its fresh re-run while it stays short. Not collected by default
(no ``test_`` prefix): it is named on the command line.

Left alive: an entity for the quote spelled in other letters (``&QUOT;`` for ``&quot;``);
the checks ask only that a quote becomes some entity."""

from service.games.core.svg import esc


def test_markup_characters_are_escaped():
    assert esc("<a & b>") == "&lt;a &amp; b&gt;"
    assert esc("plain") == "plain"


def test_a_quote_becomes_an_entity():
    quoted = esc('say "x"')
    assert '"' not in quoted
    assert quoted.startswith("say &") and quoted.endswith(";")
