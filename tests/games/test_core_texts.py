"""The engine core's words (issue 24): every problem and refusal service/games/core writes is
a catalog message, rendered in English word for word as before and in German, with every
argument filled.

Rendering here is strict: ``catalog(lang).format`` for the message and each nested message,
which gives None for an unknown id or an argument the text names and the message lacks
(``render`` would quietly fall back to English). The walk covers every message of
``service/games/core/messages``: field kinds with wrong values (as tests/games/test_fields.py
reads them), real state documents of every game with mutated fields, options, player counts
and the driver's refusals.
"""

from __future__ import annotations

import doctest
import re
from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from typing import Any

import pytest

from service import text
from service.games import REGISTRY, SPECS
from service.games.core import (
    Descriptor,
    GameOver,
    InvalidOptions,
    MoveRequest,
    NotYourTurn,
    OptionSpec,
    Problems,
    RulesError,
    StepError,
    driver,
    next_steps,
    wording,
)
from service.games.core import fields as f
from service.games.core.options import read_options, validate_options
from service.games.core.text import Msg

from .test_codec_and_schema import documents, mutated, paths

CORE_FILE = "service/games/core/messages/en.ftl"
_WORD = re.compile("^[a-z]{1,3}$")


def strict(msg: Msg, language: str) -> str:
    """``msg`` in ``language``, nested messages first; fails on a missing id or argument."""
    args = {k: strict(v, language) if isinstance(v, Msg) else v for k, v in msg.items}
    rendered = text.catalog(language).format(msg.id, args)
    assert rendered is not None, f"{msg!r} does not render in {language}"
    return rendered


def ids(msg: Msg) -> Iterator[str]:
    yield msg.id
    for _, v in msg.items:
        if isinstance(v, Msg):
            yield from ids(v)


def core_ids() -> set[str]:
    return {i for i, where in text.catalog("en").ids.items() if where == CORE_FILE}


def read(field: f.Field, value: Any) -> list[tuple[str, Msg]]:
    problems = Problems()
    field.read(value, problems, "$.x")
    return [(p.path, p.why) for p in problems.items]


def reasons(msgs: list[tuple[str, Msg]], language: str) -> list[tuple[str, str]]:
    return [(path, strict(m, language)) for path, m in msgs]


def _no_zz(value: str) -> str:
    if value == "zz":
        raise ValueError(Msg.of("field-twice"))  # a check may raise a catalog message
    return value


# (field, a wrong value, the problem in English as before the catalog, the problem in German)
KINDS = [
    (
        f.Int(minimum=0, maximum=5),
        7,
        "must be between 0 and 5, got 7",
        "muss zwischen 0 und 5 liegen, ist aber 7",
    ),
    (f.Int(minimum=2, maximum=2), 1, "must be between 2 and 2, got 1", "muss 2 sein, ist aber 1"),
    (f.Int(minimum=0), -1, "must be at least 0, got -1", "muss mindestens 0 sein, ist aber -1"),
    (f.Int(maximum=5), 6.0, "must be at most 5, got 6", "darf höchstens 5 sein, ist aber 6"),
    (
        f.Int(),
        "7",
        "must be an integer, got string",
        "muss eine ganze Zahl sein, ist aber eine Zeichenkette",
    ),
    (
        f.Int(),
        2.5,
        "must be an integer, got number",
        "muss eine ganze Zahl sein, ist aber eine Kommazahl",
    ),
    (
        f.Int(),
        True,
        "must be an integer, got boolean",
        "muss eine ganze Zahl sein, ist aber ein Wahrheitswert",
    ),
    (
        f.Int(),
        (1,),
        "must be an integer, got tuple",
        "muss eine ganze Zahl sein, ist aber ein Wert vom Typ tuple",
    ),
    (
        f.Bool(),
        None,
        "must be true or false, got null",
        "muss true oder false sein, ist aber der Wert null",
    ),
    (
        f.Bool(),
        1,
        "must be true or false, got integer",
        "muss true oder false sein, ist aber eine ganze Zahl",
    ),
    (
        f.Str(),
        [],
        "must be a string, got array",
        "muss eine Zeichenkette sein, ist aber eine Liste",
    ),
    (
        f.Str(min_length=2, max_length=4),
        "a",
        "must be between 2 and 4 characters long",
        "muss 2 bis 4 Zeichen lang sein",
    ),
    (
        f.Str(min_length=2, max_length=2),
        "a",
        "must be between 2 and 2 characters long",
        "muss genau 2 Zeichen lang sein",
    ),
    (
        f.Str(min_length=2),
        "a",
        "must be at least 2 characters long",
        "muss mindestens 2 Zeichen lang sein",
    ),
    (
        f.Str(max_length=1),
        "ab",
        "must be at most 1 characters long",
        "darf höchstens 1 Zeichen lang sein",
    ),
    (
        f.Str(pattern=_WORD),
        "ABC",
        "must match ^[a-z]{1,3}$, got 'ABC'",
        "muss dem Muster ^[a-z]{1,3}$ entsprechen, ist aber 'ABC'",
    ),
    (
        f.Str(convert={"ab": 1}),
        "cd",
        "is not one of the known values, got 'cd'",
        "ist keiner der bekannten Werte, sondern 'cd'",
    ),
    (
        f.Str(convert=_no_zz),
        "zz",
        "must not hold an item twice",
        "darf keinen Eintrag doppelt enthalten",
    ),
    (
        f.Enum(values=("x", "y")),
        "z",
        "must be one of x, y, got 'z'",
        "muss einer der Werte x, y sein, ist aber 'z'",
    ),
    (
        f.Enum(values=(0, 1), nullable=True),
        2,
        "must be one of 0, 1 or null, got 2",
        "muss einer der Werte 0, 1 oder null sein, ist aber 2",
    ),
    (
        f.Const(value="mixtour"),
        "nope",
        "must be 'mixtour', got 'nope'",
        "muss 'mixtour' sein, ist aber 'nope'",
    ),
    (
        f.Array(items=f.Int()),
        {},
        "must be a list, got object",
        "muss eine Liste sein, ist aber ein Objekt",
    ),
    (
        f.Array(items=f.Int(), min_items=2, max_items=4),
        [1],
        "must hold between 2 and 4 items, got 1",
        "muss 2 bis 4 Einträge enthalten, hat aber 1",
    ),
    (
        f.Array(items=f.Int(), min_items=1, max_items=1),
        [],
        "must hold between 1 and 1 items, got 0",
        "muss genau 1 Eintrag enthalten, hat aber 0",
    ),
    (
        f.Array(items=f.Int(), min_items=2, max_items=2),
        [1],
        "must hold between 2 and 2 items, got 1",
        "muss genau 2 Einträge enthalten, hat aber 1",
    ),
    (
        f.Array(items=f.Int(), min_items=1),
        [],
        "must hold at least 1 items, got 0",
        "muss mindestens 1 Eintrag enthalten, hat aber 0",
    ),
    (
        f.Array(items=f.Int(), min_items=3),
        [],
        "must hold at least 3 items, got 0",
        "muss mindestens 3 Einträge enthalten, hat aber 0",
    ),
    (
        f.Array(items=f.Int(), max_items=1),
        [1, 2],
        "must hold at most 1 items, got 2",
        "darf höchstens 1 Eintrag enthalten, hat aber 2",
    ),
    (
        f.Array(items=f.Int(), max_items=2),
        [1, 2, 3],
        "must hold at most 2 items, got 3",
        "darf höchstens 2 Einträge enthalten, hat aber 3",
    ),
    (
        f.Array(items=f.Int(), unique=True),
        [1, 1],
        "must not hold an item twice",
        "darf keinen Eintrag doppelt enthalten",
    ),
    (
        f.Array(items=f.Int(minimum=0), whole=True),
        [1, -1],
        "holds -1: must be at least 0, got -1",
        "enthält -1: muss mindestens 0 sein, ist aber -1",
    ),
    (
        f.Array(items=f.Str(), whole=True),
        [3],
        "holds 3: must be a string, got integer",
        "enthält 3: muss eine Zeichenkette sein, ist aber eine ganze Zahl",
    ),
    (
        f.Obj(properties={}),
        [],
        "must be an object, got array",
        "muss ein Objekt sein, ist aber eine Liste",
    ),
    (
        f.Map(keys=f.Str(), values=f.Int()),
        "x",
        "must be an object, got string",
        "muss ein Objekt sein, ist aber eine Zeichenkette",
    ),
    (
        f.SEED,
        5,
        "must be null or a string of 1 to 200 characters",
        "muss null oder eine Zeichenkette aus 1 bis 200 Zeichen sein",
    ),
    (f.CHANCES, -1, "must be a non-negative integer", "muss eine ganze Zahl ab 0 sein"),
]


@pytest.mark.parametrize(("field", "value", "english", "german"), KINDS)
def test_each_kind_of_problem_in_english_as_before_and_in_german(field, value, english, german):
    (problem,) = read(field, value)
    assert reasons([problem], "en") == [("$.x", english)]
    assert reasons([problem], "de") == [("$.x", german)]


def test_an_object_names_unknown_and_missing_members():
    obj = f.Obj(properties={"a": f.Int(), "b": f.Bool()}, required=("a",))
    got = read(obj, {"b": True, "zz": 1})
    assert reasons(got, "en") == [("$.x.zz", "unknown field"), ("$.x.a", "is required")]
    assert reasons(got, "de") == [("$.x.zz", "unbekanntes Feld"), ("$.x.a", "ist Pflicht")]


def test_a_clients_number_is_shown_as_sent_never_as_a_localised_number():
    """Fluent would write 1500 as "1,500" (and "1.500") and cannot format 31 digits at all;
    a client's value is an argument as text."""
    assert reasons(read(f.Int(maximum=5), 1e30), "de") == [
        ("$.x", "darf höchstens 5 sein, ist aber 1000000000000000019884624838656")
    ]
    assert reasons(read(f.Array(items=f.Int(), max_items=2), [0] * 1500), "en") == [
        ("$.x", "must hold at most 2 items, got 1500")
    ]
    with pytest.raises(InvalidOptions) as caught:
        REGISTRY["mixtour"].new(10**40)
    assert strict(caught.value.msg, "de").endswith(f"nicht mit {10**40}")


# -- every field kind with every kind of wrong value ---------------------------------------
FIELDS = [field for field, *_ in KINDS] + [
    f.Int(nullable=True),
    f.Bool(nullable=True),
    f.Str(pattern=_WORD, convert={"ab": 7}),
    f.Const(value=1),
    f.Array(items=f.Int(minimum=1), min_items=1, max_items=2, unique=True),
    f.Array(items=f.Enum(values=("x", "y")), whole=True, unique=True),
    f.Array(
        items=f.Int(minimum=0, maximum=5),
        min_items=2,
        max_items=2,
        reason=Msg.of("field-refused"),
    ),
    f.Array(items=f.Obj(properties={"a": f.Int()}, required=("a",))),
    f.Obj(properties={"a": f.Int(), "b": f.Bool()}, required=("a", "b"), whole=True),
    f.Map(keys=f.Str(pattern=_WORD), values=f.Int(minimum=0)),
    f.Map(keys=f.Str(convert={"a": 1}), values=f.Str(convert={"x": 2})),
]
VALUES = [None, True, 0, 1.0, 2.5, 7, -1, 1e30, "", "a", "zz", "ABCD", [], [1], [1, 1], ["x", "x"]]
VALUES += [[1, "x"], [9, 1], [{"b": 2}, 3], {}, {"a": 1}, {"a": "x", "c": 2}, {"A": 2}, (1,)]


def field_problems() -> Iterator[Msg]:
    for field in FIELDS:
        for value in VALUES:
            yield from (m for _, m in read(field, value))
        problems = Problems()
        field.missing(problems, "$.x")
        yield from (p.why for p in problems.items)


# -- real documents: every game's states, each field mutated -------------------------------
WRONG = [None, True, 2.5, -1, 7, 1e30, "", "zz", [], [1, 1], {}, {"zz": 1}]


@cache
def document_problems(game: str) -> tuple[Msg, ...]:
    engine = REGISTRY[game]
    doc = documents(game)[-1]
    out: list[Msg] = []

    def refused(sent: Any) -> None:
        try:
            engine.decode(sent)
        except RulesError as exc:
            out.append(exc.msg)
            out.extend(p.why for p in getattr(exc, "problems", ()))

    for path in paths(doc):
        for value in WRONG:
            refused(mutated(doc, path, value))
    answer = {"state": doc, "toMove": [0], "status": "ongoing"}  # a Position sent as a state
    for sent in (None, [], {**doc, "zz": 1}, {**doc, "game": "nope"}, {**doc, "v": 2}, answer):
        refused(sent)
    return tuple(out)


def test_a_state_of_another_game_says_so_alone():
    """Issue 24: a newcomer who sends a Tric Trac state to Mixtour hears that first and
    alone, not as one problem among many."""
    doc = documents("tric-trac")[-1]
    problems = problems_of("mixtour", doc)
    assert [path for path, _ in problems] == ["$.game"]
    assert strict(problems[0][1], "en") == "must be 'mixtour', got 'tric-trac'"


def test_a_whole_position_sent_as_the_state_is_named():
    doc = documents("mixtour")[-1]
    problems = problems_of("mixtour", {"state": doc, "toMove": [0], "status": "ongoing"})
    assert [path for path, _ in problems] == ["$"]
    assert strict(problems[0][1], "en") == (
        'this is a whole answer (a Position), not a state document: send its "state" field'
    )
    assert "Antwort" in strict(problems[0][1], "de")


def problems_of(game: str, doc: Any) -> list[tuple[str, Msg]]:
    with pytest.raises(RulesError) as caught:
        REGISTRY[game].decode(doc)
    return [(p.path, p.why) for p in caught.value.problems]


def test_a_state_document_is_refused_in_german_at_each_of_its_fields():
    mixtour = {p: strict(m, "de") for p, m in problems_of("mixtour", {"game": "nope", "v": 1})}
    assert mixtour["$.game"] == "muss 'mixtour' sein, ist aber 'nope'"
    assert problems_of("mixtour", {"game": "mixtour", "v": 2}) == [
        ("$.v", Msg.of("field-version", value="2", version=1))
    ]
    assert strict(Msg.of("field-version", value="2", version=1), "de") == (
        "Version 2 wird nicht unterstützt; dieser Dienst liest Version 1"
    )
    (top,) = problems_of("tric-trac", [])
    assert strict(top[1], "de") == "der Spielstand muss ein JSON-Objekt sein"
    good = documents("te-trix")[0]
    wrong = {p: strict(m, "de") for p, m in problems_of("te-trix", {**good, "zz": 0, "seed": 5})}
    assert wrong == {
        "$.zz": "unbekanntes Feld",
        "$.seed": "muss null oder eine Zeichenkette aus 1 bis 200 Zeichen sein",
    }
    good = documents("mixtour")[0]
    wrong = {p: strict(m, "de") for p, m in problems_of("mixtour", {**good, "chances": -1})}
    assert wrong["$.chances"] == "muss eine ganze Zahl ab 0 sein"


# -- options and players -------------------------------------------------------------------
def _refuse(value: Any) -> Any:
    raise ValueError(Msg.of("field-twice"))


CHECKED = (OptionSpec("x", "json", None, "checked", check=_refuse, schema={}),)


def options_problems(specs: tuple[OptionSpec, ...], given: Any) -> list[tuple[str, Msg]]:
    with pytest.raises(InvalidOptions) as caught:
        validate_options(specs, given)
    return [(p.path, p.why) for p in caught.value.problems]


def test_options_are_refused_in_german_with_the_game_s_option_names():
    mixtour = REGISTRY["mixtour"].descriptor.options
    got = options_problems(mixtour, {"nope": 1, "piecesPerPlayer": "7", "pointsToWin": 0})
    assert reasons(got, "de") == [
        ("$.options.nope", "unbekannte Option; bekannt sind: piecesPerPlayer, pointsToWin"),
        ("$.options.piecesPerPlayer", "muss eine ganze Zahl sein, ist aber eine Zeichenkette"),
        ("$.options.pointsToWin", "muss zwischen 1 und 99 liegen, ist aber 0"),
    ]
    assert reasons(got, "en")[0] == (
        "$.options.nope",
        "unknown option; known: piecesPerPlayer, pointsToWin",
    )
    tric_trac = REGISTRY["tric-trac"].descriptor.options
    assert reasons(options_problems(tric_trac, {"mustPlayLarger": 1}), "de") == [
        ("$.options.mustPlayLarger", "muss true oder false sein, ist aber eine ganze Zahl")
    ]
    triominos = REGISTRY["triominos-junior"].descriptor.options
    assert reasons(options_problems(triominos, {"level": "hard"}), "de") == [
        ("$.options.level", "muss einer der Werte coins, points sein, ist aber 'hard'")
    ]
    assert reasons(options_problems((), {"x": 1}), "de") == [
        ("$.options.x", "unbekannte Option; dieses Spiel hat keine Optionen")
    ]
    assert reasons(options_problems(mixtour, []), "de") == [
        ("$.options", "muss ein Objekt sein, ist aber eine Liste")
    ]
    assert reasons(options_problems(CHECKED, {"x": 1}), "de") == [
        ("$.options.x", "darf keinen Eintrag doppelt enthalten")  # the check's own message
    ]
    problems = Problems()
    read_options(mixtour, None, problems)
    assert [strict(p.why, "de") for p in problems.items] == [
        "muss ein Objekt sein (weglassen für die Voreinstellungen)"
    ]


def option_problems() -> Iterator[Msg]:
    """Each option of every game with every wrong value, an unknown option, and no object."""
    for specs in (CHECKED, (), *(g.descriptor.options for g in REGISTRY.values())):
        for given in ([], {"zz": 1}, *({s.name: v} for s in specs for v in WRONG)):
            try:
                validate_options(specs, given)
            except InvalidOptions as exc:
                yield exc.msg
                yield from (p.why for p in exc.problems)
        problems = Problems()
        read_options(specs, None, problems)
        yield from (p.why for p in problems.items)


# A game for exactly one player: "mit 1 Person".
SOLO = replace(
    REGISTRY["mixtour"].descriptor, name="Solitär", min_players=1, max_players=1, default_players=1
)


def players_refusal(descriptor: Descriptor, players: Any) -> InvalidOptions:
    with pytest.raises(InvalidOptions) as caught:
        descriptor.validate_players(players)
    return caught.value


@pytest.mark.parametrize(
    ("game", "players", "english", "german", "problem"),
    [
        (
            "mixtour",
            1,
            "Mixtour is played by 2 players, not 1",
            "Mixtour spielt man mit 2 Personen, nicht mit 1",
            "muss 2 sein, ist aber 1",
        ),
        (
            "triominos-junior",
            5,
            "Triominos Junior is played by 2 to 4 players, not 5",
            "Triominos Junior spielt man mit 2 bis 4 Personen, nicht mit 5",
            "muss zwischen 2 und 4 liegen, ist aber 5",
        ),
        (
            "solo",
            2,
            "Solitär is played by 1 players, not 2",
            "Solitär spielt man mit 1 Person, nicht mit 2",
            "muss 1 sein, ist aber 2",
        ),
        (
            "tric-trac",
            "2",
            "players must be an integer",
            "die Spielerzahl (players) muss eine ganze Zahl sein",
            "muss eine ganze Zahl sein",
        ),
    ],
)
def test_a_player_count_is_refused_with_the_game_s_name(game, players, english, german, problem):
    descriptor = SOLO if game == "solo" else REGISTRY[game].descriptor
    refusal = players_refusal(descriptor, players)
    assert (strict(refusal.msg, "en"), strict(refusal.msg, "de")) == (english, german)
    assert [(p.path, strict(p.why, "de")) for p in refusal.problems] == [("$.players", problem)]


def player_problems() -> Iterator[Msg]:
    for descriptor in (SOLO, *(g.descriptor for g in REGISTRY.values())):
        for players in (0, 5, True, "2"):
            try:
                descriptor.validate_players(players)
            except InvalidOptions as exc:
                yield exc.msg
                yield from (p.why for p in exc.problems)


# -- the driver ----------------------------------------------------------------------------
def finished_mixtour() -> Any:
    return REGISTRY["mixtour"].decode(
        {"game": "mixtour", "v": 1, "board": {}, "supply": [20, 20], "scores": [5, 0]}
        | {"toMove": None, "lastMove": None, "passes": 0}
    )


def refusal(call: Any) -> RulesError:
    with pytest.raises(RulesError) as caught:
        call()
    return caught.value


def mismatched_document() -> driver.PlyError:
    """A move document whose derived field does not match the position (the first game and
    move that have one)."""
    for game in REGISTRY.values():
        state = driver.start(game, None, None, "texts").state
        player = game.to_move(state)[0]
        for move in game.legal_moves(state, player):
            derived = set(game.move_document(state, move)) - set(game.document(move))
            if derived:
                sent = {**game.move_document(state, move), min(derived): "elsewhere"}
                with pytest.raises(driver.PlyError) as caught:
                    driver.play(game, state, [MoveRequest(sent, player)], auto_chance=False)
                return caught.value
    raise AssertionError("no game has a move document with derived fields")


def sampled_outcome() -> driver.PlyError:
    tric_trac = REGISTRY["tric-trac"]
    pending = tric_trac.new(None, None, "seeded")
    outcome = tric_trac.notation(tric_trac.chance_outcomes(pending)[0][0])
    with pytest.raises(driver.PlyError) as caught:
        driver.play(tric_trac, pending, [MoveRequest(outcome)], auto_chance=False)
    return caught.value


def te_trix_placed(players: int) -> Any:
    """Te-Trix with ``players`` players in the place phase, player 0 placed already: the
    others (one to three) are still to place, at the same time."""
    te_trix = REGISTRY["te-trix"]
    state = te_trix.new(players)
    for who, move in ((None, "ooxs"), (None, "T:oxso"), (0, "r0@1,1")):
        state = te_trix.apply(state, te_trix.parse_move(move), who).state
    return state


def driver_refusals() -> Iterator[Msg]:
    mixtour, tric_trac, te_trix = REGISTRY["mixtour"], REGISTRY["tric-trac"], REGISTRY["te-trix"]
    yield refusal(lambda: driver.check_turn(mixtour, finished_mixtour(), None)).msg
    yield refusal(lambda: driver.check_turn(mixtour, mixtour.new(), 1)).msg
    yield refusal(lambda: driver.check_turn(mixtour, mixtour.new(), 7)).msg
    yield refusal(lambda: driver.check_turn(tric_trac, tric_trac.new(), 0)).msg
    for players in (2, 3, 4):
        yield refusal(lambda p=players: driver.check_turn(te_trix, te_trix_placed(p), 0)).msg
    for failed in (sampled_outcome(), mismatched_document()):
        yield failed.msg
        yield failed.error.msg
    yield chance_step().msg
    yield from fair_refusals()


def fair_refusals() -> Iterator[Msg]:
    """A fair game's (core/fair.py): an outcome its record lists that was not drawn, and a
    contribution no state may carry."""
    tric_trac = REGISTRY["tric-trac"]
    drawn = ["3-5"]
    with pytest.raises(RulesError) as caught:
        driver.listed_outcome(tric_trac, driver.MoveRequest("1-1"), drawn)
    assert caught.value.reason == "CHANCE_DIFFERS"
    yield caught.value.msg
    doc = tric_trac.encode(tric_trac.new())
    doc["fair"] = {"commitment": "0" * 64, "contributions": [""]}
    try:
        tric_trac.decode(doc)
    except RulesError as exc:
        yield from (p.why for p in getattr(exc, "problems", ()))


def chance_step() -> RulesError:
    """A step chosen at a chance node, for nobody in particular (next-steps)."""
    tric_trac = REGISTRY["tric-trac"]
    with pytest.raises(StepError) as caught:
        next_steps(tric_trac, tric_trac.new(), None, ["1/4"])
    assert caught.value.step == 0
    return caught.value.error


def test_the_driver_refuses_in_german():
    mixtour, tric_trac = REGISTRY["mixtour"], REGISTRY["tric-trac"]
    over = refusal(lambda: driver.check_turn(mixtour, finished_mixtour(), None))
    assert isinstance(over, GameOver)
    assert strict(over.msg, "de") == "die Partie ist beendet; es kann kein Zug mehr gespielt werden"
    turn = refusal(lambda: driver.check_turn(mixtour, mixtour.new(), 1))
    assert isinstance(turn, NotYourTurn)
    assert strict(turn.msg, "en") == "Blue (player 1) may not act now; to move: White"
    assert strict(turn.msg, "de") == "Blau (player 1) ist gerade nicht am Zug; am Zug: Weiß"
    chance = refusal(lambda: driver.check_turn(tric_trac, tric_trac.new(), 0))
    assert strict(chance.msg, "en") == "Red (player 0) may not act now; to move: chance"
    assert strict(chance.msg, "de") == (
        "Rot (player 0) ist gerade nicht am Zug; als Nächstes entscheidet der Zufall"
    )
    nobody = refusal(lambda: driver.check_turn(mixtour, mixtour.new(), 7))
    assert isinstance(nobody, NotYourTurn) and nobody.reason == "NOT_TO_MOVE"
    assert strict(nobody.msg, "en") == "there is no player 7 in this game"
    assert strict(nobody.msg, "de") == "player 7 gibt es in dieser Partie nicht"
    sampled = sampled_outcome()
    assert sampled.error.reason == "CHANCE_IS_SAMPLED"
    assert strict(sampled.msg, "de") == (
        "Zug 1: diese Partie hat einen Seed, deshalb lost der Dienst ihren Zufall selbst aus: "
        "es darf kein Ergebnis geschickt werden (mit autoChance spielen, mit oder ohne Zug, "
        "um einen offenen Zufallsknoten auszulosen)"
    )
    assert str(sampled) == strict(sampled.msg, "en")
    step = chance_step()
    assert (type(step), step.reason) == (NotYourTurn, "CHANCE_NODE")
    assert strict(step.msg, "de") == (
        "ein Zufallsknoten: hier stellt niemand einen Zug zusammen; zuerst entscheidet der Zufall"
    )
    mismatch = mismatched_document().error
    field = mismatch.details["field"]
    assert strict(mismatch.msg, "de") == (
        f"das Feld {field} des Zugdokuments passt nicht zum Zug in dieser Stellung (abgeleitete "
        "Felder sind freiwillig; wenn sie mitgeschickt werden, müssen sie so lauten, wie "
        "legal-moves sie aufführt)"
    )


# -- all of it -----------------------------------------------------------------------------
def everything() -> Iterator[Msg]:
    yield from field_problems()
    for game in sorted(SPECS):
        yield from document_problems(game)
    yield from option_problems()
    yield from player_problems()
    yield from driver_refusals()


def test_every_core_message_is_met_and_renders_in_both_languages():
    """Each message the walk meets renders strictly in both languages, German differing from
    English; and the walk meets every message of the core's catalog file."""
    met: set[str] = set()
    for msg in set(everything()):
        en, de = strict(msg, "en"), strict(msg, "de")
        assert en == str(msg) == text.render(msg, "en")
        assert de == text.render(msg, "de")
        if msg.id in core_ids():
            assert de != en, msg
        met.update(ids(msg))
    assert sorted(core_ids() - met) == []


def test_the_wording_examples_run():
    assert doctest.testmod(wording).failed == 0
