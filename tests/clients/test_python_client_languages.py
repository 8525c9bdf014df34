"""Both Python clients in German and English against the real server: the client's
``language`` and every call's ``language=``, refusals worded in the language asked for with the
same ``message_id`` and ``message_args`` in both, the rules in either language, and English for
a language the service does not have; first, what each request sends, through a mock."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx2
import pytest
from regelwerk_client import (
    AsyncRegelwerk,
    GraphQLError,
    InvalidState,
    MoveRejected,
    Regelwerk,
    RegelwerkError,
    UnknownGame,
    _calls,
)

from .python_client_support import GAMES, service_url

# -- what is sent (no server: httpx's MockTransport) ---------------------------------------
VERDICT = {
    "line": 1,
    "game": "mixtour",
    "valid": True,
    "problems": [],
    "plies": 0,
    "status": "ongoing",
    "scores": [0, 0],
    "winners": [],
    "certificate": None,
}
LINE_ERROR = {
    "line": 1,
    "game": "chess",
    "error": {"code": "UNKNOWN_GAME", "message": "m", "messageId": "e", "args": {}, "details": {}},
}


def languages_sent(language: str | None = None, **headers: str) -> tuple[Regelwerk, list[str]]:
    """A client whose every request answers a games list; the Accept-Language of each."""
    sent: list[str] = []

    def answer(request: httpx2.Request) -> httpx2.Response:
        sent.append(",".join(request.headers.get_list("accept-language")) or "-")
        if request.url.path == "/graphql":
            return httpx2.Response(200, json={"data": {}})
        if request.url.path in ("/v1/verify", "/v1/analyze"):
            answer = VERDICT if request.url.path == "/v1/verify" else LINE_ERROR
            line = json.dumps(answer).encode() + b"\n"
            return httpx2.Response(200, content=line, headers={"content-type": _calls.NDJSON})
        return httpx2.Response(200, json={"games": []})

    transport = httpx2.MockTransport(answer)
    client = Regelwerk(
        "http://regelwerk.test", transport=transport, headers=headers or None, language=language
    )
    return client, sent


def test_the_clients_language_goes_with_every_request_and_a_calls_overrides_it():
    rw, sent = languages_sent("de")
    with rw:
        rw.games()
        rw.games(language="en")
        rw.graphql("{ games { id } }")
        rw.graphql("{ games { id } }", language="en-GB, en;q=0.5")
        list(rw.verify_batch([{"game": "mixtour", "moves": []}]))
        list(rw.verify_batch([{"game": "mixtour", "moves": []}], language="en"))
        list(rw.analyze_batch([{"game": "chess", "moves": []}]))
        list(rw.analyze_batch([{"game": "chess", "moves": []}], language="en"))
        assert rw.language == "de"
    assert sent == ["de", "en", "de", "en-GB, en;q=0.5", "de", "en", "de", "en"]


def test_without_a_language_none_is_sent_and_language_replaces_the_headers_one():
    rw, sent = languages_sent()
    with rw:
        rw.games()
        rw.games(language="de")
    assert sent == ["-", "de"]
    rw, sent = languages_sent("de", **{"accept-language": "en"})
    with rw:
        rw.games()
    assert sent == ["de"]
    rw, sent = languages_sent(None, **{"Accept-Language": "en"})  # headers alone: as given
    with rw:
        rw.games()
        rw.games(language="de")
    assert sent == ["en", "de"]


@pytest.mark.parametrize(
    ("language", "error"),
    [("", ValueError), ("de\r\nX: 1", ValueError), ("de", None), (7, TypeError)],
)
def test_a_language_that_is_no_header_value_is_refused_before_sending(language, error):
    if error is None:
        assert _calls.language_header(language) == {"Accept-Language": "de"}
        return
    with pytest.raises(error, match="language"):
        Regelwerk("http://regelwerk.test", language=language)
    with pytest.raises(error, match="language"):
        AsyncRegelwerk("http://regelwerk.test", language=language)
    rw, sent = languages_sent()
    with rw, pytest.raises(error, match="language"):
        rw.games(language=language)
    assert sent == []


# -- the real server ------------------------------------------------------------------------
# A Mixtour state with three problems the catalog words in both languages.
BROKEN = {"game": "mixtour", "v": 1, "board": {"c3": "wq"}, "supply": [19], "toMove": 0}


@pytest.fixture(scope="module")
def base():
    with service_url() as url:
        yield url


def refused(rw: Regelwerk, language: str | None = None) -> tuple[MoveRejected, InvalidState]:
    """An illegal second move (a message nested in another's args) and a broken state."""
    state = rw.new_game("mixtour")["state"]
    with pytest.raises(MoveRejected) as move:
        rw.play("mixtour", state, moves=["a1", "a1"], language=language)
    with pytest.raises(InvalidState) as broken:
        rw.position("mixtour", BROKEN, language=language)
    return move.value, broken.value


def wire(error: RegelwerkError) -> tuple[Any, ...]:
    """What stays the same in every language: the code, the message and its details."""
    problems = [(p["path"], p["messageId"], p["args"]) for p in error.details.get("problems", [])]
    return error.code, error.message_id, error.message_args, error.details.get("ply"), problems


def test_german_refusals_have_the_english_message_ids_and_args(base):
    with Regelwerk(base) as english, Regelwerk(base, language="de") as german:
        en_move, en_state = refused(english)
        de_move, de_state = refused(german)
    assert en_move.message == "move 2: a1 is not empty"
    assert de_move.message.startswith("Zug 2: ") and "a1" in de_move.message
    assert (en_move.message_id, en_move.message_args) == (
        "error-at-move",
        {"move": 2, "error": {"messageId": "mixtour-square-occupied", "args": {"square": "a1"}}},
    )
    assert (
        (en_move.reason, en_move.rule)
        == (de_move.reason, de_move.rule)
        == ("SQUARE_OCCUPIED", "MX-4")
    )
    assert en_move.ply == 1  # a ply counts from 0, the messages' moves from 1
    assert wire(de_move) == wire(en_move)

    assert (en_state.message_id, en_state.message_args) == ("error-invalid-state", {"count": 3})
    assert wire(de_state) == wire(en_state) and de_state.message != en_state.message
    pairs = zip(en_state.problems, de_state.problems, strict=True)
    assert all(en["reason"] != de["reason"] for en, de in pairs), de_state.problems


def test_a_calls_language_overrides_the_clients(base):
    with Regelwerk(base, language="de") as german, Regelwerk(base) as english:
        assert refused(german, language="en")[0].message == refused(english)[0].message
        assert refused(english, language="de")[0].message == refused(german)[0].message
        assert german.rules("mixtour", language="en")["language"] == "en"
        assert english.rules("mixtour", language="de")["language"] == "de"


@pytest.mark.parametrize("language", ["fr", "tlh", "*", "en-US"])
def test_a_language_the_service_lacks_is_answered_in_english(base, language):
    with Regelwerk(base) as english, Regelwerk(base, language=language) as other:
        assert wire(refused(other)[0]) == wire(refused(english)[0])
        assert refused(other)[0].message == refused(english)[0].message
        assert other.rules("te-trix") == english.rules("te-trix")


def test_the_best_language_of_a_list_the_service_has(base):
    with Regelwerk(base, language="fr-CH, fr;q=0.9, de;q=0.5") as rw:
        assert rw.rules("mixtour")["language"] == "de"
        assert refused(rw)[0].message.startswith("Zug 2: ")


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_in_both_languages(base, game):
    with Regelwerk(base) as rw:
        english = rw.rules(game)
        german = rw.rules(game, language="de")
    assert (english["game"], english["language"]) == (game, "en")
    assert (german["game"], german["language"]) == (game, "de")
    ids = [rule["id"] for rule in english["rules"]]
    assert ids and ids == [rule["id"] for rule in german["rules"]]
    assert all(rule["text"] for rule in english["rules"] + german["rules"])
    assert [r["text"] for r in english["rules"]] != [r["text"] for r in german["rules"]]


def test_rules_of_no_game_are_refused_in_either_language(base):
    with Regelwerk(base, language="de") as rw, pytest.raises(UnknownGame) as err:
        rw.rules("chess")
    assert err.value.status == 404 and "mixtour" in err.value.details.get("known", [])


def test_the_games_words_in_german(base):
    with Regelwerk(base) as rw:
        english, german = rw.games(), rw.games(language="de")
    mixtour_en, mixtour_de = english[0], german[0]
    assert (mixtour_en["playerNames"], mixtour_de["playerNames"]) == (
        ["White", "Blue"],
        ["Weiß", "Blau"],
    )
    for en, de in zip(english, german, strict=True):
        assert (en["id"], en["name"], list(en["options"])) == (
            de["id"],
            de["name"],
            list(de["options"]),
        )
        assert len(en["playerNames"]) == len(de["playerNames"]) == en["maxPlayers"]
        for name, option in en["options"].items():
            worded = de["options"][name]
            assert option["default"] == worded["default"]
            assert option["title"] and option["description"] and worded["title"]
    # Mixtour's labels, as its catalog words them in each language.
    titles = [
        (o["title"], mixtour_de["options"][n]["title"]) for n, o in mixtour_en["options"].items()
    ]
    assert titles == [
        ("Pieces per player", "Steine je Spieler"),
        ("Points to win", "Punkte zum Sieg"),
    ]


def test_described_legal_moves_in_german(base):
    with Regelwerk(base, language="de") as rw:
        state = rw.new_game("mixtour")["state"]
        lean = rw.legal_moves("mixtour", state)
        german = rw.legal_moves("mixtour", state, describe=True)
        english = rw.legal_moves("mixtour", state, describe=True, language="en")
    assert "prompt" not in lean and all("description" not in m for m in lean["moves"])
    assert [m["notation"] for m in german["moves"]] == [m["notation"] for m in lean["moves"]]
    first = german["moves"][0]
    assert (first["notation"], first["description"]) == ("a1", "Weiß setzt einen Stein auf a1")
    place = {"messageId": "mixtour-place", "args": {"player": 0, "square": "a1"}}
    assert first["descriptionMessage"] == place
    assert german["prompt"] == "Weiß ist am Zug: einen Stein einsetzen"
    assert german["promptMessage"] == {"messageId": "mixtour-prompt-place", "args": {"player": 0}}
    # Only the words differ: the same messages in English.
    assert english["prompt"] == "White to move: place a piece"
    assert english["promptMessage"] == german["promptMessage"]
    pairs = list(zip(english["moves"], german["moves"], strict=True))
    assert all(en["descriptionMessage"] == de["descriptionMessage"] for en, de in pairs)
    assert all(en["description"] != de["description"] for en, de in pairs)


def test_a_described_play_and_position_in_german(base):
    with Regelwerk(base, language="de") as rw:
        state = rw.new_game("mixtour")["state"]
        played = rw.play("mixtour", state, moves=["a1", "b1"], describe=True)
        position = rw.position("mixtour", played["state"], describe=True)
        lean = rw.play("mixtour", state, "a1")
    assert [e["description"] for e in played["events"]] == [
        "Weiß setzt einen Stein auf a1",
        "Blau setzt einen Stein auf b1",
    ]
    prompt = "Weiß ist am Zug: einen Stein einsetzen oder einen Stapel ziehen"
    assert (played["prompt"], position["prompt"]) == (prompt, prompt)
    asked = {"messageId": "mixtour-prompt-place-or-move", "args": {"player": 0}}
    assert played["promptMessage"] == position["promptMessage"] == asked
    assert "prompt" not in lean and all("description" not in e for e in lean["events"])


PLAY = """query Play($state: JSON!, $moves: [JSON!]!) {
  play(game: "mixtour", state: $state, moves: $moves) {
    __typename ... on MoveRejected { code message messageId args }
  }
  rules(game: "mixtour") { __typename ... on Rules { language rules { id } } }
}"""


def test_graphql_in_the_clients_language_or_the_calls(base):
    with Regelwerk(base, language="de") as rw:
        variables = {"state": rw.new_game("mixtour")["state"], "moves": ["a1", "a1"]}
        german = rw.graphql(PLAY, variables)
        english = rw.graphql(PLAY, variables, language="en", persisted=True)
        with pytest.raises(GraphQLError) as err:
            rw.graphql('{ newGame(game: "mixtour") { ... on Position { view(player: 7) } } }')
    assert german["play"]["message"].startswith("Zug 2: ")
    assert english["play"]["message"] == "move 2: a1 is not empty"
    assert {k: v for k, v in german["play"].items() if k != "message"} == {
        k: v for k, v in english["play"].items() if k != "message"
    }
    assert (german["rules"]["language"], english["rules"]["language"]) == ("de", "en")
    assert err.value.code == "INVALID_PLAYER" and err.value.message_id


def test_verdicts_problems_in_german(base):
    lines = [{"game": "mixtour", "moves": ["a1", "a1"]}]
    with Regelwerk(base, language="de") as rw:
        (german,) = rw.verify_batch(lines)
        (english,) = rw.verify_batch(lines, language="en")
        single = rw.verify("mixtour", ["a1", "a1"])
    assert [p["code"] for p in german["problems"]] == [p["code"] for p in english["problems"]]
    assert german["problems"][0]["message"] == single["problems"][0]["message"]
    assert german["problems"][0]["message"] != english["problems"][0]["message"]


def test_reviews_line_errors_in_german(base):
    lines = [{"game": "chess", "moves": []}]
    with Regelwerk(base, language="de") as rw:
        (german,) = rw.analyze_batch(lines)
        (english,) = rw.analyze_batch(lines, language="en")
        with pytest.raises(UnknownGame) as single:
            rw.analyze("chess", [])
    assert "error" in german and "error" in english
    assert (german["error"]["code"], german["error"]["messageId"]) == (
        english["error"]["code"],
        english["error"]["messageId"],
    )
    assert german["error"]["message"] == single.value.message
    assert german["error"]["message"] != english["error"]["message"]


def test_the_async_client_speaks_the_same(base):
    async def main() -> None:
        async with AsyncRegelwerk(base, language="de") as rw:
            state = (await rw.new_game("mixtour"))["state"]
            german, english = [], []
            for language, into in ((None, german), ("en", english)):
                with pytest.raises(MoveRejected) as err:
                    await rw.play("mixtour", state, moves=["a1", "a1"], language=language)
                into.append(err.value)
            rules = await asyncio.gather(
                rw.rules("tric-trac"), rw.rules("tric-trac", language="fr")
            )
            games = await rw.games()
            described = await rw.legal_moves("mixtour", state, describe=True)
        assert german[0].message.startswith("Zug 2: ")
        assert english[0].message == "move 2: a1 is not empty"
        assert wire(german[0]) == wire(english[0])
        assert [r["language"] for r in rules] == ["de", "en"]
        assert games[0]["playerNames"] == ["Weiß", "Blau"]
        assert described["prompt"] == "Weiß ist am Zug: einen Stein einsetzen"
        assert described["moves"][0]["description"] == "Weiß setzt einen Stein auf a1"

    asyncio.run(main())
