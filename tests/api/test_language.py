"""The answer's language (issue 24): ``Accept-Language`` or ``?lang=``, English by default;
``Content-Language`` and ``Vary`` on every answer with words; ``messageId`` and ``args``
beside every message; the rules by id in both languages."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from service import text
from service.games import REGISTRY, SPECS
from tests.games import contract

GRAPHQL_FAILURE = """
query($s: JSON!) { position(game: "mixtour", state: $s) {
  __typename
  ... on InvalidState { code message messageId args problems { path reason messageId args } }
} }
"""


def bad_state(client):
    state = client.post("/v1/games/mixtour/new", json={}).json()["state"]
    return {**state, "toMove": 7}


def test_english_is_the_default_and_says_so(client):
    r = client.post("/v1/games/mixtour/position", json={"state": bad_state(client)})
    assert r.status_code == 422
    assert r.headers["content-language"] == "en"
    assert "accept-language" in r.headers["vary"].lower()
    error = r.json()["error"]
    assert error["message"] == "invalid state: 1 problem"
    assert (error["messageId"], error["args"]) == ("error-invalid-state", {"count": 1})


@pytest.mark.parametrize(
    ("header", "query", "expected"),
    [
        ("de", None, "de"),
        ("de-AT,de;q=0.9,en;q=0.8", None, "de"),
        ("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7", None, "en"),
        ("fr, de;q=0.5", None, "de"),
        ("fr", None, "en"),
        ("*", None, "en"),
        ("de;q=0, en", None, "en"),
        ("de;q=banana", None, "en"),
        (None, "de", "de"),
        ("de", "en", "en"),
        ("en", "de", "de"),
        ("de", "xx", "de"),
        (None, "xx", "en"),
    ],
)
def test_the_language_is_chosen_from_the_query_then_the_header(client, header, query, expected):
    headers = {"accept-language": header} if header else {}
    url = "/v1/games/mixtour/position" + (f"?lang={query}" if query else "")
    r = client.post(url, json={"state": bad_state(client)}, headers=headers)
    assert r.headers["content-language"] == expected
    message = r.json()["error"]["message"]
    assert message == text.render(text.Msg.of("error-invalid-state", count=1), expected)


def test_german_problems_carry_their_ids_and_arguments(client):
    r = client.post(
        "/v1/games/mixtour/position",
        json={"state": bad_state(client)},
        headers={"accept-language": "de"},
    )
    error = r.json()["error"]
    assert error["message"] == "ungültiger Spielstand: ein Problem"
    (problem,) = error["details"]["problems"]
    assert set(problem) == {"path", "reason", "messageId", "args"}
    assert problem["path"] == "$.toMove"
    german = text.render(_msg(problem), "de")
    assert problem["reason"] == german != text.render(_msg(problem), "en")


_msg = text.from_wire  # the message an answer's messageId and args name (nested ones too)


def test_graphql_answers_in_the_language_of_the_header_and_of_lang(client):
    state = bad_state(client)
    body = {"query": GRAPHQL_FAILURE, "variables": {"s": state}}
    english = client.post("/graphql", json=body).json()["data"]["position"]
    german = client.post("/graphql", json=body, headers={"accept-language": "de"})
    assert german.headers["content-language"] == "de"
    german_body = german.json()["data"]["position"]
    by_query = client.post("/graphql?lang=de", json=body).json()["data"]["position"]
    assert german_body == by_query
    assert english["messageId"] == german_body["messageId"] == "error-invalid-state"
    assert english["args"] == german_body["args"] == {"count": 1}
    assert english["message"] == "invalid state: 1 problem"
    assert german_body["message"] == "ungültiger Spielstand: ein Problem"
    (problem,) = german_body["problems"]
    assert problem["reason"] == text.render(_msg(problem), "de")


def test_an_unknown_route_answers_in_the_language_too(client):
    r = client.get("/v1/nowhere", headers={"accept-language": "de"})
    assert r.status_code == 404
    assert r.headers["content-language"] == "de"
    assert r.json()["error"]["messageId"]


def test_answers_without_words_carry_no_language(client):
    r = client.get("/healthz", headers={"accept-language": "de"})
    assert "content-language" not in r.headers


def test_a_message_renders_the_same_for_every_request_however_it_was_cached(client):
    """The cache holds messages, never sentences: the same refusal, asked in German, then
    English, then German, reads in each request's language."""
    state = bad_state(client)
    for lang in ("de", "en", "de"):
        r = client.post(f"/v1/games/mixtour/position?lang={lang}", json={"state": state})
        expected = text.render(text.Msg.of("error-invalid-state", count=1), lang)
        assert r.json()["error"]["message"] == expected


# -- the rules ------------------------------------------------------------------------------

RULE = re.compile(r"^[A-Z]{2,4}-\d+$")


@pytest.mark.parametrize("game", list(SPECS))
@pytest.mark.parametrize("lang", text.LANGUAGES)
def test_every_rule_is_served_by_id_in_both_languages(client, game, lang):
    r = client.get(f"/v1/games/{game}/rules", headers={"accept-language": lang})
    assert r.status_code == 200
    assert r.headers["content-language"] == lang
    body = r.json()
    assert (body["game"], body["language"]) == (game, lang)
    ids = [rule["id"] for rule in body["rules"]]
    prefix = SPECS[game].rule_prefix
    assert ids and all(RULE.fullmatch(i) and i.startswith(prefix + "-") for i in ids)
    assert all(rule["text"].strip() for rule in body["rules"])


@pytest.mark.parametrize("game", list(SPECS))
def test_both_languages_hold_the_same_rules_in_other_words(client, game):
    en, de = (
        client.get(f"/v1/games/{game}/rules?lang={lang}").json()["rules"] for lang in ("en", "de")
    )
    assert [r["id"] for r in en] == [r["id"] for r in de]
    assert all(a["text"] != b["text"] for a, b in zip(en, de, strict=True))


def test_graphql_serves_the_rules(client):
    query = """{ rules(game: "tric-trac") { __typename
      ... on Rules { game language rules { id text } } } }"""
    r = client.post("/graphql", json={"query": query}, headers={"accept-language": "de"})
    rules = r.json()["data"]["rules"]
    rest = client.get("/v1/games/tric-trac/rules?lang=de").json()
    assert rules == {"__typename": "Rules", **rest}


def test_the_rules_of_an_unknown_game_are_refused(client):
    r = client.get("/v1/games/chess/rules")
    assert r.status_code == 404
    assert r.json()["error"]["code"] == "UNKNOWN_GAME"
    query = '{ rules(game: "chess") { __typename ... on InvalidRequest { code messageId } } }'
    answer = client.post("/graphql", json={"query": query}).json()["data"]["rules"]
    assert answer["code"] == "UNKNOWN_GAME"


def test_every_rule_a_refusal_or_problem_names_resolves_in_both_languages(client):
    """Each rule id written in an engine's source (refusals' ``rule``, problems' texts) is a
    rule the rules endpoint serves, in both languages."""
    import service.games

    root = Path(service.games.__file__).parent
    for game, spec in SPECS.items():
        package = type(spec.rules).__module__.rpartition(".")[0].rpartition(".")[2]
        named = set()
        for path in (root / package).rglob("*.py"):
            named |= set(re.findall(rf"\b{spec.rule_prefix}-\d+\b", path.read_text()))
        for path in (root / package / "messages").glob("*.ftl"):
            named |= set(re.findall(rf"\b{spec.rule_prefix}-\d+\b", path.read_text()))
        assert named, game
        for lang in text.LANGUAGES:
            served = {
                r["id"] for r in client.get(f"/v1/games/{game}/rules?lang={lang}").json()["rules"]
            }
            assert sorted(named - served) == [], (game, lang)


# -- words for people: descriptions, prompts, events ----------------------------------------

GAMES_STARTED = {
    "mixtour": {},
    "tric-trac": {"seed": "words"},
    "te-trix": {"seed": "words", "players": 2},
    "triominos-junior": {"seed": "words"},
}


@pytest.mark.parametrize("game", list(GAMES_STARTED))
def test_described_legal_moves_carry_words_in_the_language_asked_for(client, game):
    state = client.post(f"/v1/games/{game}/new", json=GAMES_STARTED[game]).json()["state"]
    lean = client.post(f"/v1/games/{game}/legal-moves", json={"state": state}).json()
    assert "prompt" not in lean and all("description" not in m for m in lean["moves"])
    worded = {}
    for lang in text.LANGUAGES:
        r = client.post(
            f"/v1/games/{game}/legal-moves?lang={lang}", json={"state": state, "describe": True}
        )
        assert r.status_code == 200, r.text
        worded[lang] = r.json()
        body = worded[lang]
        assert [m["notation"] for m in body["moves"]] == [m["notation"] for m in lean["moves"]]
        for m in body["moves"]:
            assert m["description"] == text.render(_msg(m["descriptionMessage"]), lang)
        assert body["prompt"] == text.render(_msg(body["promptMessage"]), lang)
    en, de = worded["en"], worded["de"]
    assert en["prompt"] != de["prompt"]
    assert [m["descriptionMessage"] for m in en["moves"]] == [
        m["descriptionMessage"] for m in de["moves"]
    ]
    assert all(
        a["description"] != b["description"] for a, b in zip(en["moves"], de["moves"], strict=True)
    )


def _told(game, event, lang):
    """The event as the game itself describes it (without the words the answer added)."""
    bare = {k: v for k, v in event.items() if k != "description"}
    return text.render(SPECS[game].describe_event(bare), lang)


def test_a_described_position_and_play_tell_the_prompt_and_every_event(client):
    state = client.post("/v1/games/tric-trac/new", json={"seed": "words"}).json()["state"]
    moves = client.post("/v1/games/tric-trac/legal-moves", json={"state": state}).json()
    move = moves["moves"][0]["notation"]
    r = client.post(
        "/v1/games/tric-trac/play?lang=de", json={"state": state, "move": move, "describe": True}
    )
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["events"] and all(
        e["description"] == _told("tric-trac", e, "de") for e in body["events"]
    )
    assert body["prompt"] == text.render(_msg(body["promptMessage"]), "de")
    plain = client.post("/v1/games/tric-trac/play", json={"state": state, "move": move}).json()
    assert "prompt" not in plain and all("description" not in e for e in plain["events"])
    position = client.post(
        "/v1/games/tric-trac/position", json={"state": body["state"], "describe": True}
    ).json()
    assert position["promptMessage"] == body["promptMessage"]


def test_graphql_tells_moves_prompts_and_events_when_they_are_selected(client):
    state = client.post("/v1/games/mixtour/new", json={}).json()["state"]
    query = """query($s: JSON!) { position(game: "mixtour", state: $s) { ... on Position {
      prompt promptMessage legalMoves { notation description descriptionMessage } } } }"""
    body = {"query": query, "variables": {"s": state}}
    german = client.post("/graphql?lang=de", json=body).json()["data"]["position"]
    rest = client.post(
        "/v1/games/mixtour/legal-moves?lang=de", json={"state": state, "describe": True}
    ).json()
    assert german["prompt"] == rest["prompt"]
    assert [
        (m["notation"], m["description"], m["descriptionMessage"]) for m in german["legalMoves"]
    ] == [(m["notation"], m["description"], m["descriptionMessage"]) for m in rest["moves"]]
    play = """query($s: JSON!) { play(game: "mixtour", state: $s, moves: ["c3"], describe: true) {
      ... on PlayOutcome { events } } }"""
    events = client.post("/graphql?lang=de", json={"query": play, "variables": {"s": state}})
    (event,) = events.json()["data"]["play"]["events"]
    assert event["description"] == _told("mixtour", event, "de")


def _finished(game, players=None, options=None):
    """A whole random game of ``game`` (tests/games/contract.py): its last state."""
    engine = REGISTRY[game]
    rng = random.Random(game)
    plies = list(contract.random_game(engine, rng, None, players=players, options=options))
    state = contract.final(engine, plies)
    assert engine.status(state).finished
    return engine.encode(state)


# Every kind of score line: each game, Te-Trix alone (the bar, TX-15) and Triominos at the
# points level (the rack's penalty, TJ-15).
SCORED = {
    "mixtour": (None, None, {"MX-9"}),
    "tric-trac": (None, None, {"TT-14"}),
    "te-trix": (2, None, {"TX-11"}),
    "te-trix solo": (1, {"solo": True}, {"TX-11", "TX-15"}),
    "triominos-junior": (2, None, {"TJ-14"}),
    "triominos-junior points": (2, {"level": "points"}, {"TJ-10", "TJ-15"}),
}


@pytest.mark.parametrize("case", list(SCORED))
def test_score_lines_cite_their_rules_add_up_and_speak_both_languages(client, case):
    """Issue 24: the score explained in lines, each with the rule it comes from."""
    game = case.split()[0]
    players, options, rules = SCORED[case]
    state = _finished(game, players, options)
    answers = {}
    for lang in text.LANGUAGES:
        r = client.post(
            f"/v1/games/{game}/score", json={"state": state}, headers={"accept-language": lang}
        )
        assert r.status_code == 200, r.text
        answers[lang] = body = r.json()
        assert {line["rule"] for line in body["lines"]} == rules
        for p, score in enumerate(body["scores"]):
            assert sum(line["points"] for line in body["lines"] if line["player"] == p) == score
        for line in body["lines"]:
            assert line["message"] == text.render(_msg(line), lang)
            assert str(abs(line["points"])) in line["message"]
    en, de = answers["en"]["lines"], answers["de"]["lines"]
    assert [(a["messageId"], a["args"]) for a in en] == [(b["messageId"], b["args"]) for b in de]
    assert all(a["message"] != b["message"] for a, b in zip(en, de, strict=True))


def test_graphql_selects_the_score_lines_as_rest_answers_them(client):
    state = _finished("tric-trac")
    query = """query($s: JSON!) { position(game: "tric-trac", state: $s) { ... on Position {
      scoreLines { player rule points message messageId args } } } }"""
    r = client.post("/graphql?lang=de", json={"query": query, "variables": {"s": state}})
    lines = r.json()["data"]["position"]["scoreLines"]
    rest = client.post("/v1/games/tric-trac/score?lang=de", json={"state": state}).json()
    assert lines == rest["lines"] and len(lines) == 4


# -- errors a newcomer understands at once --------------------------------------------------


def test_invalid_player_names_this_games_range_not_the_games_most(client):
    """Issue 24: a 2-player Triominos game refuses player 3 with 0 to 1, not 0 to 3."""
    state = client.post("/v1/games/triominos-junior/new", json={"seed": "p"}).json()["state"]
    assert len(state["racks"]) == 2
    for call, body in (
        ("legal-moves", {"state": state, "player": 3}),
        ("legal-moves", {"state": state, "player": 9}),
        ("play", {"state": state, "move": "draw", "player": 3}),
    ):
        r = client.post(f"/v1/games/triominos-junior/{call}", json=body)
        assert r.status_code == 422, r.text
        error = r.json()["error"]
        assert error["code"] == "INVALID_PLAYER"
        assert error["details"]["players"] == 2
        assert error["message"] == f"player must be between 0 and 1, got {body['player']}"


def test_graphql_says_what_failed_though_no_failure_fragment_is_selected(client):
    state = bad_state(client)
    query = (
        'query($s: JSON!) { position(game: "mixtour", state: $s) { ... on Position { state } } }'
    )
    r = client.post("/graphql?lang=de", json={"query": query, "variables": {"s": state}})
    body = r.json()
    assert body["data"] == {"position": {}}
    (failure,) = body["extensions"]["failures"]
    assert failure["code"] == "INVALID_STATE"
    assert (failure["messageId"], failure["args"]) == ("error-invalid-state", {"count": 1})
    assert failure["message"] == "ungültiger Spielstand: ein Problem"
    good = client.post(
        "/graphql",
        json={
            "query": query,
            "variables": {"s": client.post("/v1/games/mixtour/new", json={}).json()["state"]},
        },
    ).json()
    assert "extensions" not in good


def test_the_index_says_what_the_service_is_in_the_language_asked_for(client):
    answers = {}
    for lang in ("de", "en", "fr"):
        r = client.get("/", headers={"accept-language": lang})
        assert r.status_code == 200
        answers[lang] = (r.headers["content-language"], r.text)
    assert answers["de"] == ("de", text.render(text.Msg.of("http-index"), "de") + "\n")
    assert answers["fr"] == answers["en"] != answers["de"]
    assert "/play" in answers["de"][1] and "/graphql" in answers["en"][1]


def test_the_edge_remembers_few_short_accept_language_headers_and_answers_as_negotiate():
    """The look-up that saves a browser's requests the parsing is bounded: at most
    _MEMO_ENTRIES headers of at most _MEMO_BYTES each, and answers as negotiate does."""
    from service.api import language

    language._memo.clear()
    for i in range(language._MEMO_ENTRIES * 2 + 3):
        header = f"x{i};q=0.5, de;q=0.{i % 9 + 1}, en;q=0.55".encode()
        assert language._negotiated(header) == text.negotiate(header.decode())
        assert len(language._memo) <= language._MEMO_ENTRIES
    long = b"de-DE," + b"x" * language._MEMO_BYTES
    assert language._negotiated(long) == "de" and long not in language._memo
    language._memo.clear()
