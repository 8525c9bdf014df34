"""What happened and who plays, for a UI (issue 25, points 2 and 3).

- newGame answers its events (``gameStarted``; seeded, the opening's chance: TT-4's throw,
  TJ-4/TJ-6's deal, TX-5's first roll), REST and GraphQL alike, each fitting the game's event
  schema;
- every legal move and every event carries ``locations`` that exist in the picture (the
  move's in its position's, the event's in the one after it) and touch what the move changes
  (MX-4/MX-5: the square and supply, the source and target; TT-7/TT-12/TT-13: each step's
  points, the hit stone's start field, the tray; TX-7: the cells; TJ-10/TJ-11: the triangle
  and the rack tile), over seeded random games;
- ``render`` with ``mark`` sets ``data-mark`` (the roles) on exactly the move's places, and
  refuses a move that is not legal here or not of this game with play's typed errors;
- the catalogue's ``players`` (name, colour key, CSS fill, colour word) in English and German,
  and the picture's ``rw-player`` groups saying the same.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from functools import cache
from itertools import combinations
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from service.games import REGISTRY
from service.games.core import narrow as pictures
from service.games.triominos_junior.render import NUMBERS_AT_MOST

GAMES = sorted(REGISTRY)
PLAYERS = {"mixtour": 2, "tric-trac": 2, "te-trix": 3, "triominos-junior": 3}
NS = "{http://www.w3.org/2000/svg}"


@cache
def _validators(game: str) -> tuple[Draft202012Validator, Draft202012Validator]:
    engine = REGISTRY[game]
    location = engine.location_schema()
    assert location is not None, f"{game} names no locations"
    return Draft202012Validator(engine.event_schema()), Draft202012Validator(location)


class Picture:
    """An SVG answer: every element's data attributes, looked up by one or two of them."""

    def __init__(self, svg: str) -> None:
        self.root = ET.fromstring(svg)
        self.elements = list(self.root.iter())
        self.names: set[frozenset[tuple[str, str]]] = set()
        for el in self.elements:
            data = sorted((k[5:], v) for k, v in el.attrib.items() if k.startswith("data-"))
            for n in (1, 2):
                self.names.update(frozenset(c) for c in combinations(data, n))

    def has(self, location: dict[str, Any]) -> bool:
        return frozenset((k, str(v)) for k, v in location.items() if k != "role") in self.names

    def named(self, location: dict[str, Any]) -> list[ET.Element]:
        want = {f"data-{k}": str(v) for k, v in location.items() if k != "role"}
        return [el for el in self.elements if want.items() <= el.attrib.items()]

    def groups(self, cls: str, attr: str, content: str | None = None) -> dict[str, str]:
        """Each ``<g class=cls>`` by its ``attr``, as its drawn content (what changes), or as
        its ``content`` attribute (where the whole drawing moves as the layout grows)."""
        return {
            el.attrib[attr]: ET.tostring(el, encoding="unicode")
            if content is None
            else el.attrib[content]
            for el in self.root.iter(f"{NS}g")
            if el.attrib.get("class") == cls
        }


def render(client, game: str, state: dict, player: int | None = None, **extra) -> str:
    body = {"state": state, **extra}
    if player is not None:
        body["player"] = player
    r = client.post(f"/v1/games/{game}/render", json=body)
    assert r.status_code == 200, r.text
    return r.text


def viewer(location: dict[str, Any]) -> int | None:
    """Whose picture shows the location: a rack only its player's (TJ-17)."""
    return location.get("rack")


def check_events(client, game: str, state: dict, events: list[dict]) -> None:
    """Each event fits the schema and its locations are in the picture of ``state``."""
    events_schema, location_schema = _validators(game)
    pictures: dict[int | None, Picture] = {}
    for event in events:
        events_schema.validate(event)
        for loc in event["locations"]:
            location_schema.validate(loc)
            who = viewer(loc)
            if who not in pictures:
                pictures[who] = Picture(render(client, game, state, who))
            assert pictures[who].has(loc), (game, event, loc)


# -- newGame ---------------------------------------------------------------------------------
GRAPHQL_NEW = """query($game: String!, $players: Int, $seed: String) {
  newGame(game: $game, players: $players, seed: $seed) {
    ... on Position { state toMove events }
  }
}"""


@pytest.mark.parametrize("seed", [None, "opening-1", "opening-2"])
@pytest.mark.parametrize("game", GAMES)
def test_tt4_tj4_tj6_tx5_new_game_answers_its_events_over_rest_and_graphql(client, game, seed):
    body = {"players": PLAYERS[game], "seed": seed}
    rest = client.post(f"/v1/games/{game}/new", json=body).json()
    gql = client.post(
        "/graphql", json={"query": GRAPHQL_NEW, "variables": {"game": game, **body}}
    ).json()["data"]["newGame"]
    assert gql["events"] == rest["events"] and gql["state"] == rest["state"]
    started, *opening = rest["events"]
    assert started["type"] == "gameStarted" and started["players"] == PLAYERS[game]
    assert bool(opening) == (seed is not None and REGISTRY[game].descriptor.chance)
    check_events(client, game, rest["state"], rest["events"])
    if game == "tric-trac" and seed is not None:  # TT-4: the opening throw says who starts
        thrown = opening[-1]
        assert thrown["opening"] is True and rest["toMove"] == [thrown["player"]]
        assert thrown["locations"] == [
            {"die": d, "role": "to"} for d in dict.fromkeys(thrown["dice"])
        ]
    if game == "triominos-junior" and seed is not None:  # TJ-4, TJ-6
        dealt = [e for e in opening if e["type"] == "dealt"]
        assert len(dealt) == 5 * PLAYERS[game]
        assert all(e["locations"] == [{"rack": e["player"], "role": "to"}] for e in dealt)
        assert opening[-1]["locations"] == [{"at": "0,0", "role": "to"}]


# -- legal moves and events over seeded games ------------------------------------------------
def changed(game: str, before: Picture, after: Picture) -> set[tuple[str, str]]:
    """The places whose drawing the move changed, as (data attribute, value)."""
    if game == "mixtour":
        kinds = [("rw-square", "data-square", None)]
    elif game == "tric-trac":
        kinds = [("rw-point", "data-point", None), ("rw-off", "data-player", None)]
    elif game == "triominos-junior":  # the tile on each triangle
        kinds = [("rw-tile", "data-at", "data-tile")]
    else:
        return set()  # Te-Trix: its symbols are drawn over the cells (checked by its events)
    out = set()
    for cls, attr, content in kinds:
        old, new = before.groups(cls, attr, content), after.groups(cls, attr, content)
        out |= {(attr, k) for k in set(old) | set(new) if old.get(k) != new.get(k)}
    return out


def touched(game: str, locations: list[dict[str, Any]]) -> set[tuple[str, str]]:
    """The same places as the locations name them."""
    out = set()
    for loc in locations:
        if game == "tric-trac" and loc.get("point") == "off":
            out.add(("data-player", str(loc["player"])))
        elif game == "tric-trac" and "point" in loc:
            out.add(("data-point", str(loc["point"])))
        elif "square" in loc or "at" in loc:
            key = "square" if "square" in loc else "at"
            out.add((f"data-{key}", str(loc[key])))
    return out


def check_move(game: str, entry: dict, mover: int | None) -> None:
    """The locations say what the move document defines."""
    doc, locs = entry["move"], entry["locations"]
    named = {
        (loc["role"], *sorted((k, str(v)) for k, v in loc.items() if k != "role")) for loc in locs
    }
    if game == "mixtour" and doc["kind"] == "shift":  # MX-5
        assert named == {("from", ("square", doc["from"])), ("to", ("square", doc["to"]))}
    elif game == "mixtour" and doc["kind"] == "place":  # MX-4
        assert named == {("from", ("supply", str(mover))), ("to", ("square", doc["square"]))}
    elif game == "tric-trac" and doc["kind"] == "turn":  # TT-7, TT-13
        for step in doc["steps"]:
            assert ("from", ("point", str(step["from"]))) in named
            to = ("to", ("player", str(mover)), ("point", "off"))
            assert (to if step["to"] == "off" else ("to", ("point", str(step["to"])))) in named
    elif game == "te-trix" and doc["kind"] == "place":  # TX-7, TX-13
        assert [loc["cell"] for loc in locs if "cell" in loc] == [c["cell"] for c in doc["cells"]]
        assert [loc["bar"] for loc in locs if "bar" in loc] == doc["bar"]
    elif game == "triominos-junior" and doc["kind"] in ("place", "swap"):  # TJ-10, TJ-11
        assert ("from", ("rack", str(mover)), ("tile", doc["rackTile"])) in named
        assert ("to", ("at", doc["at"])) in named
    elif doc["kind"] in ("pass", "throw", "opening", "roll", "arrange", "stop", "deal"):
        assert locs == []


@pytest.mark.parametrize("seed", ["where-1", "where-2"])
@pytest.mark.parametrize("game", GAMES)
def test_locations_of_every_legal_move_and_event_are_in_the_picture(client, game, seed):
    rng = random.Random(seed)
    _, location_schema = _validators(game)
    pos = client.post(f"/v1/games/{game}/new", json={"players": PLAYERS[game], "seed": seed}).json()
    moves = 0
    for _ in range(40):
        if pos["status"] != "ongoing":
            break
        state, mover = pos["state"], rng.choice(pos["toMove"])
        legal = client.post(
            f"/v1/games/{game}/legal-moves", json={"state": state, "player": mover}
        ).json()
        picture = Picture(render(client, game, state, mover))
        for entry in legal["moves"]:
            for loc in entry["locations"]:
                location_schema.validate(loc)
                assert picture.has(loc), (game, entry["notation"], loc)
            check_move(game, entry, mover)
            moves += 1
        entry = rng.choice(legal["moves"])
        body = {"state": state, "move": entry["move"], "player": mover}
        held = client.post(f"/v1/games/{game}/play", json={**body, "autoChance": False}).json()
        after = Picture(render(client, game, held["state"], mover))
        assert changed(game, picture, after) <= touched(game, entry["locations"]), entry
        if game == "te-trix" and entry["move"]["kind"] == "place":
            (placed,) = [e for e in held["events"] if e["type"] == "placed"]
            cells = [loc["cell"] for loc in placed["locations"] if "cell" in loc]
            assert sorted(cells) == sorted(
                loc["cell"] for loc in entry["locations"] if "cell" in loc
            )
        pos = client.post(f"/v1/games/{game}/play", json=body).json()
        check_events(client, game, pos["state"], pos["events"])
    assert moves > 40


# -- render's narrow ---------------------------------------------------------------------------
NARROW = """query($g: String!, $s: JSON!, $p: Int) { position(game: $g, state: $s) {
  ... on Position { svg(player: $p, narrow: true) } } }"""


def _font_sizes(svg: str) -> list[float]:
    return [float(el.attrib["font-size"]) for el in ET.fromstring(svg).iter(f"{NS}text")]


def _texts(svg: str) -> list[str]:
    return [el.text or "" for el in ET.fromstring(svg).iter(f"{NS}text")]


@pytest.mark.parametrize(
    ("game", "players"),
    [*((g, None) for g in GAMES), ("te-trix", 1), ("te-trix", 4), ("triominos-junior", 4)],
)
def test_a_narrow_picture_reads_on_a_phone_and_names_the_same_places(client, game, players):
    """Drawn narrow (for a phone), every text of the picture shows at MIN_TEXT_PX at least
    when the picture is fitted into the narrow box, along random games; it names every
    place the wide picture names (a front end clicks it the same way); GraphQL draws it too."""
    rng = random.Random(f"narrow-{game}-{players}")
    body = {"seed": "narrow"} | ({} if players is None else {"players": players})
    pos = client.post(f"/v1/games/{game}/new", json=body).json()
    for _ in range(30):
        if pos["status"] != "ongoing":
            break
        mover = rng.choice(pos["toMove"])
        wide = render(client, game, pos["state"], mover)
        narrow = render(client, game, pos["state"], mover, narrow=True)
        assert narrow != wide
        root = ET.fromstring(narrow)
        _, _, width, height = (float(v) for v in root.attrib["viewBox"].split())
        scale = min(pictures.NARROW_PX / width, pictures.NARROW_HEIGHT_PX / height)
        shown = [size * scale for size in _font_sizes(narrow)]
        small = [t for t, px in zip(_texts(narrow), shown, strict=True) if px < 11.95]
        if small and game == "triominos-junior":  # a corner number fits its corner only so
            assert height * pictures.MIN_TEXT_PX / pictures.NARROW_HEIGHT_PX > NUMBERS_AT_MOST
            corners = [el for el in root.iter(f"{NS}text") if "data-corner" in el.attrib]
            assert {float(el.attrib["font-size"]) for el in corners} == {NUMBERS_AT_MOST}
            small = [t for t in small if not t.isdigit()]
        assert not small, (game, min(shown), width, height, small[:5])
        assert Picture(narrow).names == Picture(wide).names
        answer = client.post(
            "/graphql",
            json={"query": NARROW, "variables": {"g": game, "s": pos["state"], "p": mover}},
        ).json()
        assert answer["data"]["position"]["svg"] == narrow
        legal = client.post(
            f"/v1/games/{game}/legal-moves", json={"state": pos["state"], "player": mover}
        ).json()
        move = rng.choice(legal["moves"])["move"]
        pos = client.post(
            f"/v1/games/{game}/play", json={"state": pos["state"], "move": move, "player": mover}
        ).json()


def test_narrow_must_be_a_boolean(client):
    state = client.post("/v1/games/mixtour/new", json={}).json()["state"]
    r = client.post("/v1/games/mixtour/render", json={"state": state, "narrow": "yes"})
    assert r.status_code == 400, r.text
    assert r.json()["error"]["code"] == "INVALID_REQUEST"
    assert r.json()["error"]["details"]["problems"][0]["path"] == "$.narrow"


# -- render's mark ---------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_render_marks_the_places_of_the_move_and_nothing_else(client, game):
    pos = client.post(f"/v1/games/{game}/new", json={"seed": "mark"}).json()
    mover = pos["toMove"][0]
    legal = client.post(
        f"/v1/games/{game}/legal-moves", json={"state": pos["state"], "player": mover}
    ).json()
    entry = next(e for e in legal["moves"] if e["locations"]) if game != "te-trix" else None
    if entry is None:  # Te-Trix: the roller arranges first; placements touch cells
        arrange = legal["moves"][0]["notation"]
        pos = client.post(
            f"/v1/games/{game}/play", json={"state": pos["state"], "move": arrange}
        ).json()
        legal = client.post(
            f"/v1/games/{game}/legal-moves", json={"state": pos["state"], "player": mover}
        ).json()
        entry = legal["moves"][-1]
    for mark in (entry["notation"], entry["move"]):
        svg = render(client, game, pos["state"], mover, mark=mark)
        picture = Picture(svg)
        marked = {
            id(el): el.attrib["data-mark"] for el in picture.elements if "data-mark" in el.attrib
        }
        expected: dict[int, set[str]] = {}
        for loc in entry["locations"]:
            for el in picture.named(loc):
                expected.setdefault(id(el), set()).add(loc["role"])
        assert marked and {k: set(v.split()) for k, v in marked.items()} == expected
        unmarked = render(client, game, pos["state"], mover)
        assert "data-mark" not in unmarked
        gql = client.post(
            "/graphql",
            json={
                "query": "query($g: String!, $s: JSON!, $p: Int, $m: JSON) { position(game: $g, "
                "state: $s) { ... on Position { svg(player: $p, mark: $m) } } }",
                "variables": {"g": game, "s": pos["state"], "p": mover, "m": mark},
            },
        ).json()
        assert gql["data"]["position"]["svg"] == svg


MIXTOUR_REFUSALS = [
    ("a1-b2", 422, "ILLEGAL_MOVE"),  # MX-5: no stack on a1 in the opening position
    ("1/4 1/6", 422, "INVALID_NOTATION"),  # a Tric Trac turn: no Mixtour move
    ({"kind": "turn", "steps": []}, 422, "INVALID_NOTATION"),  # a document of no Mixtour kind
    (5, 400, "INVALID_REQUEST"),  # no move at all
]


@pytest.mark.parametrize(("mark", "status", "code"), MIXTOUR_REFUSALS)
def test_render_refuses_a_mark_that_is_no_legal_move_here(client, mark, status, code):
    state = client.post("/v1/games/mixtour/new", json={}).json()["state"]
    r = client.post("/v1/games/mixtour/render", json={"state": state, "mark": mark})
    assert (r.status_code, r.json()["error"]["code"]) == (status, code), r.text


def test_render_refuses_a_move_of_the_player_not_to_move(client):
    """TT-4: the seeded opening threw for one colour; the other may not mark a turn."""
    pos = client.post("/v1/games/tric-trac/new", json={"seed": "mark"}).json()
    other = 1 - pos["toMove"][0]
    legal = client.post("/v1/games/tric-trac/legal-moves", json={"state": pos["state"]}).json()
    r = client.post(
        "/v1/games/tric-trac/render",
        json={"state": pos["state"], "player": other, "mark": legal["moves"][0]["notation"]},
    )
    assert (r.status_code, r.json()["error"]["code"]) == (422, "NOT_YOUR_TURN"), r.text


# -- who the players are ---------------------------------------------------------------------
PLAYERS_IN_WORDS = {
    ("mixtour", "en"): [("White", "white", "White"), ("Blue", "blue", "Blue")],
    ("mixtour", "de"): [("Weiß", "white", "Weiß"), ("Blau", "blue", "Blau")],
    ("tric-trac", "en"): [("Red", "red", "Red"), ("Black", "black", "Black")],
    ("tric-trac", "de"): [("Rot", "red", "Rot"), ("Schwarz", "black", "Schwarz")],
    ("te-trix", "en"): [(f"Player {n}", None, None) for n in range(1, 5)],
    ("te-trix", "de"): [(f"Spieler {n}", None, None) for n in range(1, 5)],
    ("triominos-junior", "en"): [(f"Player {n}", None, None) for n in range(1, 5)],
    ("triominos-junior", "de"): [(f"Spieler {n}", None, None) for n in range(1, 5)],
}


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_catalogue_and_the_picture_say_who_the_players_are(client, language):
    headers = {"Accept-Language": language}
    games = client.get("/v1/games", headers=headers).json()["games"]
    gql = client.post(
        "/graphql",
        json={"query": "{ games { id players { player name colour fill colourName } } }"},
        headers=headers,
    ).json()["data"]["games"]
    for entry, typed in zip(games, gql, strict=True):
        game, players = entry["id"], entry["players"]
        assert typed["players"] == players
        assert [(p["name"], p["colour"], p["colourName"]) for p in players] == PLAYERS_IN_WORDS[
            (game, language)
        ][: len(players)]
        assert [p["name"] for p in players] == entry["playerNames"]  # kept as it was
        assert all((p["fill"] is None) == (p["colour"] is None) for p in players)
        count = PLAYERS[game]
        state = client.post(f"/v1/games/{game}/new", json={"players": count}).json()["state"]
        r = client.post(f"/v1/games/{game}/render", json={"state": state}, headers=headers)
        seats = [
            el.attrib
            for el in ET.fromstring(r.text).iter(f"{NS}g")
            if el.attrib.get("class") == "rw-player"
        ]
        assert seats == [
            {
                "class": "rw-player",
                "data-player": str(p["player"]),
                "data-player-name": p["name"],
                **(
                    {}
                    if p["colour"] is None
                    else {"data-player-colour": p["colour"], "data-player-fill": p["fill"]}
                ),
            }
            for p in players[:count]
        ]


def test_mixtour_pieces_are_painted_in_the_catalogue_s_colours(client):
    """The picture's own pieces (MX-1's white and blue) use the fill the catalogue names."""
    players = {
        p["colour"]: p["fill"] for p in client.get("/v1/games").json()["games"][0]["players"]
    }
    state = client.post(
        "/v1/games/mixtour/play",
        json={
            "state": client.post("/v1/games/mixtour/new", json={}).json()["state"],
            "moves": ["a1", "b1"],
        },
    ).json()["state"]
    for el in Picture(render(client, "mixtour", state)).elements:
        if el.attrib.get("class") == "rw-piece":
            assert el.attrib["fill"] == players[el.attrib["data-colour"]]
