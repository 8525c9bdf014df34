"""``./dev mutate`` (tools/mutate.py): the tests it picks, the mutmut table it writes into its
scratch copy of pyproject.toml, the summary it prints, and one real run as a subprocess."""

from __future__ import annotations

import os
import re
import subprocess
import tomllib
from pathlib import Path

import pytest

from tools import mutate

ROOT = Path(__file__).resolve().parents[2]


def test_a_game_module_is_tested_by_its_games_tests_and_the_shared_ones():
    tests = mutate.default_tests("service/games/tric_trac/rules.py")
    assert tests[0] == "tests/games/tric_trac"
    assert "tests/games/test_contract.py" in tests
    assert all(t.startswith("tests/games/test_") for t in tests[1:])
    assert mutate.default_tests("service/games/core/driver.py") == ["tests/games"]
    assert mutate.default_tests("service/api/rest.py") == ["tests"]


def test_the_scratch_pyproject_is_ours_plus_a_mutmut_table_for_one_module(tmp_path):
    where = mutate.prepare("service/games/mixtour/rules.py", ["tests/games/mixtour"], tmp_path)
    assert where == tmp_path / "service.games.mixtour.rules"
    ours = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    scratch = tomllib.loads((where / "pyproject.toml").read_text(encoding="utf-8"))
    table = scratch["tool"].pop("mutmut")
    assert scratch == ours
    assert table["only_mutate"] == ["service/games/mixtour/rules.py"]
    assert table["pytest_add_cli_args_test_selection"] == ["tests/games/mixtour"]
    assert table["pytest_add_cli_args"] == ["-p", "no:cacheprovider", "-m", "not reads_source"]
    assert (where / "service").resolve() == ROOT / "service"
    # Prepared again: wiped, and the links were unlinked, not followed.
    (where / "old.log").write_text("x")
    mutate.prepare("service/games/mixtour/rules.py", ["tests/games/mixtour"], tmp_path)
    assert not (where / "old.log").exists()
    assert (ROOT / "service" / "games" / "mixtour" / "rules.py").is_file()


def test_results_and_summary():
    states = mutate.parse_results(
        "    service.games.x.x_f__mutmut_1: killed\n"
        "    service.games.x.x_f__mutmut_2: survived\n"
        "    service.games.x.xǁGǁapply__mutmut_3: timeout\n"
        "    service.games.x.x_g__mutmut_1: killed\n"
    )
    assert states["service.games.x.xǁGǁapply__mutmut_3"] == "timeout"
    assert mutate.summary(states) == "killed 2 of 4, survived 1, timeout 1"
    assert mutate.summary({"a": "killed"}) == "killed 1 of 1, survived 0"


@pytest.mark.slow
def test_dev_mutate_on_a_small_module_prints_its_score(tmp_path):
    """A whole run on a one-line module against tests/tools/mutate_fixture.py, which leaves
    one mutant alive: mutmut's run, the survivor's fresh re-run, the names and the diffs."""
    done = subprocess.run(
        [
            str(ROOT / "dev"),
            "mutate",
            "service/games/core/svg.py",
            "tests/tools/mutate_fixture.py",
            "--scratch",
            str(tmp_path),
        ],
        cwd=ROOT,
        # The fixture needs neither Hypothesis nor schemathesis: without their plugins each of
        # the run's pytest processes starts in about a third of the CPU time.
        env={**os.environ, "PYTEST_ADDOPTS": "-p no:schemathesis -p no:hypothesispytest"},
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    found = re.search(r"^killed (\d+) of (\d+), survived (\d+)(.*)$", done.stdout, re.M)
    assert found, done.stdout
    killed, total, survived = map(int, found.groups()[:3])
    assert total > 1 and killed + survived == total and survived == 1, done.stdout
    assert "; 0 killed only by a fresh run" in done.stdout  # the survivor was run again
    names = re.findall(r"^  \w[\w ]*: (service\.games\.core\.svg\.\S+)$", done.stdout, re.M)
    assert len(names) == 1
    assert f"# {names[0]}: survived" in done.stdout and '"&QUOT;"' in done.stdout  # its diff
