"""Words for people (issue 24): moves, events and the position told in English and German,
pinned at both levels (TJ-3), and every position of the golden playthroughs told in both
languages with every argument filled. A tile on its way to a rack is never named (TJ-17).
"""

from __future__ import annotations

import pytest

from service import text
from service.games.core import MoveRequest, driver
from service.games.core.events import event_types
from service.games.core.text import Msg
from service.games.triominos_junior import ENGINE, texts
from service.games.triominos_junior.tiles import DEFAULT_SET, tile_name
from tests.games import golden

from .helpers import apply, play, position

START = {"0,0": "1-2-3"}  # 2-1-1 fits on 1,0 (TJ-9)


def told(msg: Msg) -> tuple[str, str]:
    """English and German, each checked argument by argument, as the service renders them."""
    en, de = full(msg, "en"), full(msg, "de")
    assert (text.render(msg, "en"), text.render(msg, "de")) == (en, de)
    return en, de


def full(msg: Msg, language: str) -> str:
    """``msg`` in ``language``, nested messages first; fails on an unknown id or a missing
    argument (``format`` answers None for either) and on an empty text."""
    args = {k: full(v, language) if isinstance(v, Msg) else v for k, v in msg.items}
    out = text.catalog(language).format(msg.id, args)
    assert out, f"{msg} does not render in {language}"
    return out


def playing(level: str = "coins", **purse):
    return position(START, [["1-1-2", "5-5-5"], ["4-4-4"]], level=level, **purse)


def at_start():
    """Both racks dealt; the start tile is next (TJ-6)."""
    state = ENGINE.new()
    while state.phase == "deal":
        state = ENGINE.apply(state, ENGINE.chance_outcomes(state)[-1][0]).state
    return state


def blocked():
    """A custom set (TJ-1) in which 5-5-5 never fits next to 1-1-1, the pool empty (TJ-13)."""
    tiles = ["1-1-1", "J", *["5-5-5"] * 34]
    racks = [["5-5-5"] * 17, ["J", *["5-5-5"] * 17]]
    return position({"0,0": "1-1-1"}, racks, pool=[], tiles=tiles)


def move(state, notation: str) -> tuple[str, str]:
    return told(texts.describe_move(state, ENGINE.parse_move(notation)))


# -- moves ------------------------------------------------------------------------------------


def test_tj10_a_placement_tells_the_tile_the_position_and_the_coin():
    assert move(playing(), "2-1-1@1,0") == (
        "Player 1 places 2-1-1 on 1,0 and takes a coin",
        "Spieler 1 legt den Stein 2-1-1 auf den Platz 1,0 und nimmt sich eine Münze",
    )


def test_tj10_choice_no_coin_once_the_supply_is_empty():
    state = position(START, [["1-1-2", "J"], ["4-4-4"]], coins=[30, 30], supply=0)
    assert move(state, "J@1,0") == (
        "Player 1 places the joker on 1,0 and gets no coin: the supply is empty",
        "Spieler 1 legt den Joker auf den Platz 1,0 und bekommt keine Münze, denn der Vorrat "
        "ist leer",
    )


def test_tj10_at_the_points_level_a_placement_scores_the_tile_value():
    assert move(playing("points"), "2-1-1@1,0") == (
        "Player 1 places 2-1-1 on 1,0 and scores 4 points",
        "Spieler 1 legt den Stein 2-1-1 auf den Platz 1,0 und bekommt 4 Punkte",
    )


def test_tj11_a_swap_tells_where_the_joker_goes():
    state = position({**START, "1,0": "J"}, [["1-1-2", "3-3-3"], ["5-5-5"]])
    assert move(state, "swap 2-1-1@1,0") == (
        "Player 1 swaps the joker on 1,0 for 2-1-1 and takes the joker onto their rack",
        "Spieler 1 tauscht den Joker auf dem Platz 1,0 gegen den Stein 2-1-1 und nimmt den "
        "Joker auf sein Bänkchen",
    )


@pytest.mark.parametrize(
    ("state", "words"),
    [
        (
            playing,
            (
                "Player 1 draws a tile and pays a coin",
                "Spieler 1 zieht einen Stein nach und zahlt dafür eine Münze",
            ),
        ),
        (
            lambda: playing(coins=[0, 8], supply=52),
            (
                "Player 1 draws a tile for free, having no coins",
                "Spieler 1 zieht einen Stein nach und zahlt nichts, denn er hat keine Münze mehr",
            ),
        ),
        (
            lambda: playing("points"),
            ("Player 1 draws a tile", "Spieler 1 zieht einen Stein nach"),
        ),
    ],
    ids=["coins", "TJ-12-choice-no-coins", "points"],
)
def test_tj12_a_draw_tells_its_price(state, words):
    assert move(state(), "draw") == words


def test_tj13_a_pass():
    assert move(blocked(), "pass") == (
        "Player 1 passes: they can neither place, swap nor draw",
        "Spieler 1 passt: er kann weder legen noch tauschen noch nachziehen",
    )


def test_tj4_tj12_tj17_a_tile_going_to_a_rack_is_never_named():
    dealing = ENGINE.new(3)
    assert move(dealing, "deal 4-5-5") == (
        "Player 1 is dealt a tile",
        "Spieler 1 bekommt einen Stein auf sein Bänkchen",
    )
    drawing = play(at_start(), "deal 3-1-2", "draw")
    assert move(drawing, "deal 1-1-1") == (
        "Player 1 puts the drawn tile on their rack; 24 tiles are left in the pool",
        "Spieler 1 stellt den gezogenen Stein auf sein Bänkchen; im Pool liegen noch 24 Steine",
    )


def test_tj6_the_start_tile_is_face_up_and_named():
    assert move(at_start(), "deal 3-1-2") == (
        "1-2-3 starts the layout at 0,0",
        "Der Startstein 1-2-3 beginnt die Auslage auf dem Platz 0,0",
    )


# -- events -----------------------------------------------------------------------------------

EVENTS = [
    (
        {"type": "dealt", "player": 1},
        "Player 2 is dealt a tile",
        "Spieler 2 bekommt einen Stein auf sein Bänkchen",
    ),
    (
        {"type": "startTile", "at": "0,0", "tile": "1-3-5"},
        "1-3-5 starts the layout at 0,0",
        "Der Startstein 1-3-5 beginnt die Auslage auf dem Platz 0,0",
    ),
    (
        {"type": "placed", "player": 0, "tile": "J", "at": "1,0", "coins": 1},
        "Player 1 places the joker on 1,0 and takes a coin",
        "Spieler 1 legt den Joker auf den Platz 1,0 und nimmt sich eine Münze",
    ),
    (
        {"type": "placed", "player": 2, "tile": "3-1-2", "at": "1,0", "points": 1},
        "Player 3 places 3-1-2 on 1,0 and scores 1 point",
        "Spieler 3 legt den Stein 3-1-2 auf den Platz 1,0 und bekommt 1 Punkt",
    ),
    (
        {"type": "jokerSwapped", "player": 0, "tile": "2-1-1", "at": "1,0"},
        "Player 1 swaps the joker on 1,0 for 2-1-1 and takes the joker onto their rack",
        "Spieler 1 tauscht den Joker auf dem Platz 1,0 gegen den Stein 2-1-1 und nimmt den "
        "Joker auf sein Bänkchen",
    ),
    (
        {"type": "draw", "player": 1, "paid": 0},
        "Player 2 draws a tile for free, having no coins",
        "Spieler 2 zieht einen Stein nach und zahlt nichts, denn er hat keine Münze mehr",
    ),
    (
        {"type": "tileDrawn", "player": 3, "poolSize": 1},
        "Player 4 puts the drawn tile on their rack; 1 tile is left in the pool",
        "Spieler 4 stellt den gezogenen Stein auf sein Bänkchen; im Pool liegt noch ein Stein",
    ),
    (
        {"type": "tileDrawn", "player": 0, "poolSize": 0},
        "Player 1 puts the drawn tile on their rack; the pool is empty now",
        "Spieler 1 stellt den gezogenen Stein auf sein Bänkchen; der Pool ist jetzt leer",
    ),
    (
        {"type": "passed", "player": 0},
        "Player 1 passes: they can neither place, swap nor draw",
        "Spieler 1 passt: er kann weder legen noch tauschen noch nachziehen",
    ),
    (
        {"type": "bonusCoin", "player": 0, "rule": "TJ-14"},
        "Player 1 takes an extra coin for emptying their rack (TJ-14)",
        "Spieler 1 bekommt eine Extramünze, weil sein Bänkchen leer ist (TJ-14)",
    ),
    (
        {"type": "gameOver", "winners": [0], "reason": "rackEmptied", "scores": [6, 4]},
        "Game over (a player placed their last tile): Player 1 wins with 6",
        "Spielende (jemand hat seinen letzten Stein gelegt): Spieler 1 gewinnt mit 6",
    ),
    (
        {"type": "gameOver", "winners": [0, 2], "reason": "blocked", "scores": [-3, -9, -3]},
        "Game over (nobody can place or swap a tile any more): Player 1 and Player 3 share "
        "the win with -3 each",
        "Spielende (niemand kann mehr einen Stein legen oder tauschen): Spieler 1 und Spieler 3 "
        "gewinnen gemeinsam mit je -3",
    ),
    (
        {"type": "gameOver", "winners": [1], "reason": "poolEmptied", "scores": [3, 4]},
        "Game over (the pool is empty): Player 2 wins with 4",
        "Spielende (der Pool ist leer): Spieler 2 gewinnt mit 4",
    ),
    (
        {"type": "gameStarted", "players": 3, "firstPlayer": 0},
        "A new game for 3 players: each is dealt 5 tiles (TJ-4), the start tile is laid (TJ-6) "
        "and Player 1 begins (TJ-7)",
        "Eine neue Partie für 3 Spieler: Jeder bekommt 5 Steine (TJ-4), der Startstein wird "
        "ausgelegt (TJ-6) und Spieler 1 beginnt (TJ-7)",
    ),
    (
        {"type": "chance", "outcome": "deal 1-1-3", "sampled": True},
        "The service draws a tile from the pool at random",
        "Der Dienst zieht zufällig einen Stein aus dem Pool",
    ),
]


@pytest.mark.parametrize(("event", "en", "de"), EVENTS, ids=lambda v: str(v)[:40])
def test_tj4_to_tj16_every_event_told(event, en, de):
    assert told(texts.describe_event(event)) == (en, de)


def test_every_event_type_of_the_schema_is_pinned():
    assert {e["type"] for e, _, _ in EVENTS} == event_types(ENGINE.spec.event_schema())


def test_tj17_the_chance_event_never_names_its_tile():
    state = driver.start(ENGINE, 2, None, "vocabulary").state
    events = driver.play_one(ENGINE, state, MoveRequest("draw", None), auto_chance=True).events
    chance = next(e for e in events if e["type"] == "chance")
    assert chance["outcome"] == "deal 1-1-3"
    assert "1-1-3" not in "".join(told(texts.describe_event(chance)))


# -- the position -----------------------------------------------------------------------------


def prompt(state) -> tuple[str, str]:
    return told(texts.prompt(state))


def test_tj4_tj6_tj12_the_prompts_of_the_chance_phases():
    assert prompt(ENGINE.new(3)) == (
        "Setting up: Player 1 is dealt the next tile",
        "Vorbereitung: Spieler 1 bekommt den nächsten Stein",
    )
    assert prompt(at_start()) == (
        "Setting up: the start tile is drawn from the pool",
        "Vorbereitung: Der Startstein wird aus dem Pool gezogen",
    )
    assert prompt(play(playing(), "draw")) == (
        "Player 1 draws: a tile from the pool is dealt to their rack",
        "Spieler 1 zieht nach: Ein Stein aus dem Pool kommt auf sein Bänkchen",
    )


@pytest.mark.parametrize(
    ("state", "en", "de"),
    [
        (
            playing,
            "Player 1 to move: place a tile or draw a tile for a coin",
            "Spieler 1 ist am Zug: einen Stein anlegen oder für eine Münze nachziehen",
        ),
        (
            lambda: playing(coins=[0, 8], supply=52),
            "Player 1 to move: place a tile or draw a tile (free: no coins left)",
            "Spieler 1 ist am Zug: einen Stein anlegen oder kostenlos nachziehen (keine Münze "
            "mehr)",
        ),
        (
            lambda: playing("points"),
            "Player 1 to move: place a tile or draw a tile",
            "Spieler 1 ist am Zug: einen Stein anlegen oder nachziehen",
        ),
        (
            lambda: position({**START, "1,0": "J"}, [["1-1-2", "3-3-3"], ["5-5-5"]]),
            "Player 1 to move: place a tile, swap the joker or draw a tile for a coin",
            "Spieler 1 ist am Zug: einen Stein anlegen, den Joker tauschen oder für eine Münze "
            "nachziehen",
        ),
        (
            lambda: position(START, [["5-5-5"], ["4-4-4"]], level="points"),
            "Player 1 to move: draw a tile",
            "Spieler 1 ist am Zug: nachziehen",
        ),
        (
            blocked,
            "Player 1 to move: pass, as no tile fits and the pool is empty",
            "Spieler 1 ist am Zug: passen, denn kein Stein passt und der Pool ist leer",
        ),
    ],
    ids=["TJ-10-TJ-12", "TJ-12-choice", "points", "TJ-11-joker", "draw-only", "TJ-13-pass"],
)
def test_tj10_to_tj13_the_prompt_tells_who_moves_and_what_they_may_do(state, en, de):
    assert prompt(state()) == (en, de)


def test_tj14_a_finished_coin_game_tells_who_emptied_the_rack_and_who_won():
    over = apply(position(START, [["1-1-2"], ["4-4-4"]]), "2-1-1@1,0").state
    assert prompt(over) == (
        "Game over (Player 1 placed their last tile): Player 1 wins with 6 coins",
        "Spielende (Spieler 1 hat seinen letzten Stein gelegt): Spieler 1 gewinnt mit 6 Münzen",
    )


def test_tj15_a_finished_points_game_tells_the_totals_after_the_racks():
    over = apply(playing("points"), "2-1-1@1,0").state  # 4 placed, 5-5-5 left: -11
    assert prompt(over) == (
        "Game over (nobody can place or swap a tile any more): Player 1 wins with -11 points",
        "Spielende (niemand kann mehr einen Stein legen oder tauschen): Spieler 1 gewinnt mit "
        "-11 Punkten",
    )


def test_tj14_tj16_a_shared_win_after_the_pool_emptied():
    # Player 0 draws the last tile and pays for it: 4 coins each, both win.
    taken = {"1-2-3", "1-1-2", "5-5-5"}
    others = [tile_name(t) for t in DEFAULT_SET if tile_name(t) not in taken]
    state = position(START, [["1-1-2"], others], coins=[5, 4], pool=["5-5-5"])
    over = play(state, "draw", "deal 5-5-5")
    assert prompt(over) == (
        "Game over (the pool is empty): Player 1 and Player 2 share the win with 4 coins each",
        "Spielende (der Pool ist leer): Spieler 1 und Spieler 2 gewinnen gemeinsam mit je 4 Münzen",
    )


# -- the golden playthroughs ------------------------------------------------------------------


@pytest.mark.parametrize("record", golden.load("triominos-junior"), ids=lambda r: r["about"][:40])
def test_every_position_of_the_golden_games_is_told_in_both_languages(record):
    state = driver.start(ENGINE, record["players"], record["options"], record["seed"]).state
    for ply in record["plies"]:
        _, notation, _ = golden.parse_ply(ply)
        told(texts.prompt(state))
        for m in ENGINE.legal_moves(state):
            words = told(texts.describe_move(state, m))
            if state.phase in ("deal", "draw"):  # the tile goes to a rack (TJ-17)
                assert ENGINE.notation(m).removeprefix("deal ") not in "".join(words)
        t = driver.play_one(ENGINE, state, MoveRequest(notation, None), auto_chance=False)
        for event in t.events:
            told(texts.describe_event(event))
        state = t.state
    assert told(texts.prompt(state))[0].startswith("Game over")
