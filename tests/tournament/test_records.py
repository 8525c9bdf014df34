"""The text game record (service/api/records.py, docs/records.md): parse ∘ print is the
identity for every record, and print ∘ parse for every printed text; real games of every game
print and read back; what is not a record fails with its line."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.api.records import (
    KNOWN_TAGS,
    Record,
    RecordError,
    RecordMove,
    parse_record,
    parse_records,
    print_record,
    split_records,
)

from .helpers import games

# Any text a person may put in a tag: letters of any script, quotes, backslashes, brackets.
tag_text = st.text(
    st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"), blacklist_characters="\x85"),
    max_size=30,
)
tag_name = st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,11}", fullmatch=True).filter(
    lambda n: n not in KNOWN_TAGS
)
# Notation of every game has this alphabet: squares, points, dice, shapes, tiles, words.
notation = st.from_regex(
    r"[a-z0-9][a-z0-9@,:/*\-]{0,8}( [a-z0-9@,:/*\-]{1,8}){0,2}", fullmatch=True
)
notation = notation.filter(lambda n: not n[0].isdigit() or ":" not in n.split(" ")[0][:4])
json_value = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | tag_text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(tag_text, inner, max_size=3),
    max_leaves=6,
)


@st.composite
def records(draw) -> Record:
    tags = draw(st.dictionaries(tag_name, tag_text, max_size=5))
    try:
        return Record(
            game=draw(st.sampled_from(["mixtour", "tric-trac", "te-trix", "triominos-junior"])),
            moves=tuple(
                RecordMove(n, p)
                for n, p in draw(
                    st.lists(st.tuples(notation, st.none() | st.integers(0, 3)), max_size=12)
                )
            ),
            rules_version=draw(st.none() | tag_text),
            players=draw(st.none() | st.integers(1, 4)),
            options=draw(st.none() | st.dictionaries(tag_text, json_value, max_size=3)),
            seed=draw(st.none() | tag_text),
            key_id=draw(st.none() | st.from_regex(r"[0-9a-f]{8}", fullmatch=True)),
            scores=draw(
                st.none()
                | st.lists(
                    st.integers(-50, 10**9) | st.floats(allow_nan=False, allow_infinity=False),
                    min_size=1,
                    max_size=4,
                ).map(tuple)
            ),
            winners=draw(st.none() | st.lists(st.integers(0, 3), max_size=4).map(tuple)),
            tags=tuple(tags.items()),
        )
    except ValueError:  # e.g. options whose JSON holds a line separator: not printable
        from hypothesis import reject

        reject()


@pytest.mark.slow  # 10 to 30 s: drawing records from regular expressions
@settings(max_examples=400, deadline=None)
@given(records())
def test_parse_of_print_is_the_identity(record):
    text = print_record(record)
    assert parse_record(text) == record
    assert print_record(parse_record(text)) == text


@pytest.mark.slow  # 10 to 30 s: drawing records from regular expressions
@settings(max_examples=100, deadline=None)
@given(st.lists(records(), min_size=1, max_size=4))
def test_a_file_of_records_reads_back_record_by_record(found):
    text = "\n".join(print_record(r) for r in found)
    assert [r for _, r, _ in parse_records(text)] == found
    assert [parse_record(chunk) for _, chunk in split_records(text)] == found


@pytest.mark.parametrize("g", games(1), ids=lambda g: f"{g.game}-{g.players}-{g.seed}")
def test_every_game_prints_and_reads_back(client, g):
    r = client.post(
        f"/v1/games/{g.game}/record",
        json=g.body(claimed=g.claimed(), tags={"Round": "3", "Player0": "Ada"}),
    )
    assert r.status_code == 200, r.text
    record = parse_record(r.text)
    assert print_record(record) == r.text
    assert [m.notation for m in record.moves] == [m["move"] for m in g.moves]
    assert [m.player for m in record.moves] == [m.get("player") for m in g.moves]
    assert (list(record.scores or ()), list(record.winners or ())) == (g.scores, g.winners)
    assert record.tags == (("Round", "3"), ("Player0", "Ada"))
    assert record.seed == g.seed and record.players == g.players


def test_the_documented_example_reads():
    text = (
        "; a comment line\n"
        '[Game "mixtour"]\n'
        '[RulesVersion "mixtour-1"]\n'
        '[Players "2"]\n'
        '[Options "{\\"pointsToWin\\":3}"]\n'
        '[Event "Club \\"Rook\\" night"]\n'
        '[Result "scores 3 1; winners 0"]\n'
        "\n"
        "1. c3\n"
        "2.  c4   \n"
        "\n"
        "3. 1: c3-c4\n"
    )
    record = parse_record(text)
    assert record == Record(
        game="mixtour",
        moves=(RecordMove("c3"), RecordMove("c4"), RecordMove("c3-c4", 1)),
        rules_version="mixtour-1",
        players=2,
        options={"pointsToWin": 3},
        scores=(3, 1),
        winners=(0,),
        tags=(("Event", 'Club "Rook" night'),),
    )
    assert parse_record(print_record(record)) == record


def test_winners_none_is_a_draw_and_scores_may_be_alone():
    assert parse_record('[Game "m"]\n[Result "winners none"]\n').winners == ()
    record = parse_record('[Game "m"]\n[Result "scores 1 2.5"]\n')
    assert (record.scores, record.winners) == ((1, 2.5), None)


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ('[Game "m"]\n\n1. a\n2. b\n2. c\n', 5),
        ('[Game "m"]\n\n1. a\n[Event "x"]\n', 4),  # a second record, with no Game tag
        ('[Game "m"]\n[Event "a\\nb"]\n', 2),
        ('[Game "m"]\n[Players "0"]\n', 2),
        ('[Game "m"]\n[Result "scores 1; scores 2"]\n', 2),
        ('[Game "m"]\n[Result "winners x"]\n', 2),
        ('[Game "m"]\n[Result "scores inf"]\n', 2),
        ('\n\n[Game "m"]\n\n1.\n', 5),
        ('[Game "m"]\n\n1. 0:\n', 3),
    ],
)
def test_what_is_not_a_record_names_its_line(text, line):
    with pytest.raises(RecordError) as caught:
        list(parse_records(text))
    assert caught.value.line == line


@pytest.mark.parametrize(
    "bad",
    [
        {"moves": (RecordMove(" c3"),)},
        {"moves": (RecordMove("1: c3"),)},
        {"moves": (RecordMove("[c3"),)},
        {"moves": (RecordMove("c3\nc4"),)},
        {"moves": (RecordMove("c3", -1),)},
        {"tags": (("Game", "x"),)},
        {"tags": (("Event", "a"), ("Event", "b"))},
        {"tags": (("Event", "a\u2028b"),)},
        {"players": 0},
        {"scores": (float("nan"),)},
        {"winners": (-1,)},
    ],
)
def test_a_record_that_could_not_print_back_cannot_be_made(bad):
    with pytest.raises(ValueError):  # noqa: PT011 - each message names its own field
        Record(game="mixtour", **bad)
