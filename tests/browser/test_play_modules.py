"""/play's layout: a game's board module is the only page code it has.

``service/web/play/games/<id>.js`` exists for every registered game and for nothing else; the
page and its shared modules name no game and use none of a game's picture vocabulary; every
board module implements ``play/board.js``'s interface (checked with node, by the same
function the page uses); and every module is served as the page is (no browser needed)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import urljoin

import pytest
from starlette.testclient import TestClient

import service
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
