"""/play's layout: a game's board module is the only page code it has; its words come from the
catalog (``/play/texts.json``).

``service/web/play/games/<id>.js`` exists for every registered game and for nothing else; the
page and its shared modules name no game and use none of a game's picture vocabulary; every
board module implements ``play/board.js``'s interface (checked with node, by the same
function the page uses); and every module is served as the page is (no browser needed)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin

import pytest
from fluent.syntax import ast as fluent_ast
from fluent.syntax import parse
from starlette.testclient import TestClient

import service
from service import text
from service.app import create_app
from service.settings import Settings

WEB = Path(service.__file__).parent / "web"
PLAY = WEB / "play"
BOARDS = PLAY / "games"
DOC = (Path(__file__).resolve().parents[2] / "docs" / "play.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Settings()))


@pytest.fixture(scope="module")
def games(client: TestClient) -> dict[str, str]:
    """Registered game id -> name, as the service lists them."""
    return {g["id"]: g["name"] for g in client.get("/v1/games").json()["games"]}


def shared_files() -> list[Path]:
    """The page and every module that is not a game's."""
    return [WEB / "play.html", *sorted(p for p in PLAY.rglob("*.js") if BOARDS not in p.parents)]


def named(text: str, games: dict[str, str]) -> list[str]:
    """The games whose id or name ``text`` mentions (in any case)."""
    low = text.lower()
    return [g for g, name in games.items() if g in low or name.lower() in low]


def test_every_registered_game_has_a_board_module_and_nothing_else_has(games):
    assert sorted(p.stem for p in BOARDS.glob("*.js")) == sorted(games)


def test_the_page_and_its_shared_modules_name_no_game(games):
    assert named("as Tric Trac does", games) == ["tric-trac"]  # the check itself
    files = shared_files()
    assert {p.name for p in files} >= {"play.html", "core.js", "board.js"}
    found = {p.name: named(p.read_text(encoding="utf-8"), games) for p in files}
    assert found == {p.name: [] for p in files}


def test_the_page_and_its_shared_modules_use_no_class_of_a_games_picture():
    """The SVGs' rw- classes are each game's own vocabulary (docs/front-end.md): only the
    board modules may select by them."""
    assert re.findall(r"\brw-[a-z-]+", "q('.rw-cell')") == ["rw-cell"]  # the check itself
    found = {
        p.name: re.findall(r"\brw-[a-z-]+", p.read_text(encoding="utf-8")) for p in shared_files()
    }
    assert found == {p.name: [] for p in shared_files()}


CHECK = """
import { MEMBERS, problems } from "./board.js";
const out = {};
for (const file of process.argv.slice(1)) {
  out[file] = problems((await import(`./games/${file}`)).default);
}
out["(nothing)"] = problems({});
out["(misspelt)"] = problems({places: "[x]", handles() {}, paint() {}, click() {}, hovre() {}});
console.log(JSON.stringify({ problems: out, members: MEMBERS }));
"""


def test_every_board_module_implements_the_interface():
    node = shutil.which("node")
    if node is None:
        pytest.fail(
            "the board modules are checked with node: apt-get install nodejs", pytrace=False
        )
    files = sorted(p.name for p in BOARDS.glob("*.js"))
    done = subprocess.run(
        [node, "--input-type=module", "-e", CHECK, *files],
        cwd=PLAY,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    found, members = answer["problems"], answer["members"]
    # docs/play.md's table of members is board.js's declaration
    documented = {
        m: req == "yes" for m, req in re.findall(r"^\| `(\w+)` \| (yes|no) \|", DOC, re.M)
    }
    assert documented == {m: spec["required"] for m, spec in members.items()}
    assert found.pop("(nothing)") == [
        "places: missing",
        "handles: missing",
        "paint: missing",
        "click: missing",
    ]
    assert found.pop("(misspelt)") == ["hovre: not a member of Board"]
    assert found == {f: [] for f in files}


def test_every_module_is_served_as_the_page_is(client):
    page = client.get("/play")
    assert page.status_code == 200
    assert '<script type="module" src="/play/core.js"></script>' in page.text
    files = sorted(PLAY.rglob("*.js"))
    assert len(files) >= 7
    for path in files:
        url = "/play/" + path.relative_to(PLAY).as_posix()
        r = client.get(url)
        assert r.status_code == 200, url
        assert r.headers["content-type"] == "text/javascript; charset=utf-8", url
        assert r.content == path.read_bytes(), url
        assert r.headers["cache-control"] == page.headers["cache-control"] == "no-cache"
        again = client.get(url, headers={"if-none-match": r.headers["etag"]})
        assert (again.status_code, again.content) == (304, b""), url
        assert again.headers["etag"] == r.headers["etag"]
        # what a module imports statically is served too
        for target in re.findall(r'^import .* from "([^"]+)";$', r.text, re.MULTILINE):
            assert client.get(urljoin(url, target)).status_code == 200, f"{url} imports {target}"
    etags = {client.get("/play/" + p.relative_to(PLAY).as_posix()).headers["etag"] for p in files}
    assert len(etags) == len(files)  # a validator per content
    assert client.get("/play", headers={"if-none-match": page.headers["etag"]}).status_code == 304
    stale = client.get("/play/core.js", headers={"if-none-match": '"stale", W/"older"'})
    assert stale.status_code == 200


@pytest.mark.parametrize(
    "path",
    ["/play/", "/play/nope.js", "/play/games/chess.js", "/play/../app.py", "/play/core.js/x"],
)
def test_anything_else_under_play_is_not_found(client, path):
    r = client.get(path)
    assert r.status_code == 404
    assert r.json()["error"]["code"] == "NOT_FOUND"


# -- the page's own words ----------------------------------------------------------------------


def page_messages(language: str) -> dict[str, fluent_ast.Message]:
    """The catalog's page messages (``play-…``) of ``language``, parsed."""
    return {
        entry.id.name: entry
        for source in text.sources(language)
        for entry in parse(source.text).body
        if isinstance(entry, fluent_ast.Message) and entry.id.name.startswith("play-")
    }


@pytest.mark.parametrize("language", text.LANGUAGES)
def test_the_page_gets_every_word_of_its_own_in_the_language_asked_for(client, language):
    r = client.get(f"/play/texts.json?lang={language}")
    assert r.status_code == 200
    assert r.headers["content-type"] == "application/json"
    assert r.headers["content-language"] == language
    assert r.headers["vary"] == "Accept-Language"
    assert r.headers["cache-control"] == "no-cache"
    again = client.get(
        f"/play/texts.json?lang={language}", headers={"if-none-match": r.headers["etag"]}
    )
    assert again.status_code == 304
    body = r.json()
    assert body["language"] == language
    # the switch names each language in its own words
    assert body["languages"] == {
        lang: text.render(text.Msg.of("play-language"), lang) for lang in text.LANGUAGES
    }
    messages = page_messages(language)
    assert sorted(body["texts"]) == sorted(messages)
    for id_, message in messages.items():
        names = {n.id.name for n in _nodes(message) if isinstance(n, fluent_ast.VariableReference)}
        wanted = {n: f"{{{n}}}" for n in names}
        assert body["texts"][id_] == text.catalog(language).format(id_, wanted), id_
        assert set(re.findall(r"\{(\w+)\}", body["texts"][id_])) == names, id_


def test_the_page_messages_choose_no_variant_by_an_argument():
    """An argument reaches the page as a placeholder, so a variant chosen by it (a plural)
    would always be the default one."""
    chosen = {
        (language, id_)
        for language in text.LANGUAGES
        for id_, message in page_messages(language).items()
        if any(isinstance(n, fluent_ast.SelectExpression) for n in _nodes(message))
    }
    assert chosen == set()


def _nodes(node: fluent_ast.BaseNode) -> list[fluent_ast.BaseNode]:
    out, stack = [], [node]
    while stack:
        item = stack.pop()
        out.append(item)
        for value in vars(item).values():
            children = value if isinstance(value, list) else [value]
            stack.extend(c for c in children if isinstance(c, fluent_ast.BaseNode))
    return out


@pytest.mark.parametrize(
    ("header", "expected"), [("de-DE,de;q=0.9", "de"), ("fr, de", "de"), ("fr", "en"), (None, "en")]
)
def test_without_lang_the_page_gets_the_words_of_the_browsers_languages(client, header, expected):
    headers = {"accept-language": header} if header else {}
    assert client.get("/play/texts.json", headers=headers).json()["language"] == expected


class _Words(HTMLParser):
    """The text of a page outside its styles and scripts."""

    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: object) -> None:
        self.skip += tag in ("style", "script")

    def handle_endtag(self, tag: str) -> None:
        self.skip -= tag in ("style", "script")

    def handle_data(self, data: str) -> None:
        if not self.skip and data.strip():
            self.words.append(data.strip())


def test_the_page_itself_holds_no_words_but_its_name():
    """Every label, button and heading is a catalog message the script fills in (data-t)."""
    page = _Words()
    page.feed((WEB / "play.html").read_text(encoding="utf-8"))
    assert page.words == ["Regelwerk", "Regelwerk"]  # <title> until the words come, and <h1>
