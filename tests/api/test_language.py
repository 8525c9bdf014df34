"""The answer's language (issue 24): ``Accept-Language`` or ``?lang=``, English by default;
``Content-Language`` and ``Vary`` on every answer with words; ``messageId`` and ``args``
beside every message; the rules by id in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from service import text
from service.games import SPECS

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


def _msg(wire):
    """The message an answer's messageId and args name (nested ones too)."""
    args = {
        k: _msg(v) if isinstance(v, dict) and "messageId" in v else v
        for k, v in wire["args"].items()
    }
    return text.Msg.of(wire["messageId"], **args)


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
