"""``./dev mutate MODULE [TEST ...]`` (``python -m tools.mutate``): mutmut on one module.

mutmut reads its settings from the ``pyproject.toml`` of the directory it runs in and works in
``mutants/`` there. So each module gets a scratch directory, ``mutants/<module>/``, holding a
copy of our ``pyproject.toml`` with a ``[tool.mutmut]`` table for that module and links to
``service/`` and ``tests/``: the tracked files stay untouched, and the directory is wiped at the
start of every run, so the score is always that of the code and tests as they are now.

The tests are the module's game directory and the shared ``tests/games/test_*.py`` (for a
game's module), ``tests/games`` (for ``service/games/core``) or ``tests`` (elsewhere), unless
named after the module. mutmut runs, per mutant, only those of them that it saw calling the
mutated function, in a worker forked after the module was imported: code that runs at import
(tables built by a function, caches filled before the fork) never sees its mutant there. So
every survivor is run again in a fresh interpreter against every test that calls any function of
the module, and counts as killed if one fails.

Printed at the end: ``killed K of N, survived S`` (other states, if any, after a comma), the
survivors' names, then their diffs.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
import tomllib
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRATCH = ROOT / "mutants"
# The machine is shared (benchmarks, other checks): two test processes at the most.
CHILDREN = 2
MUTMUT = Path(sys.executable).with_name("mutmut")  # the venv's
# The source scans would read every mutant of the module at once (see the marker's text).
PYTEST_ARGS = ["-p", "no:cacheprovider", "-m", "not reads_source"]
# Two of the states ``mutmut results`` prints; the summary names any other after them.
KILLED, SURVIVED = "killed", "survived"
# A fresh re-run slower than this many clean runs is stopped and reported as a timeout.
TIMEOUT_FACTOR = 10


def default_tests(module: str) -> list[str]:
    """The tests that exercise ``module`` (a path relative to the repository)."""
    parts = Path(module).parts
    if parts[:2] != ("service", "games") or len(parts) < 4:
        return ["tests"]
    if parts[2] == "core":
        return ["tests/games"]
    shared = sorted(
        p.relative_to(ROOT).as_posix() for p in (ROOT / "tests/games").glob("test_*.py")
    )
    return [f"tests/games/{parts[2]}", *shared]


def mutmut_table(module: str, tests: Sequence[str]) -> str:
    """The ``[tool.mutmut]`` table for one module (JSON strings are valid TOML strings)."""
    settings = {
        "source_paths": ["service"],
        "only_mutate": [module],
        "pytest_add_cli_args_test_selection": list(tests),
        "pytest_add_cli_args": PYTEST_ARGS,
        # Every run starts from an empty directory: nothing to compare with git.
        "use_git_change_detection": False,
    }
    lines = [f"{key} = {json.dumps(value)}" for key, value in settings.items()]
    return "\n[tool.mutmut]\n" + "\n".join(lines) + "\n"


def prepare(module: str, tests: Sequence[str], scratch: Path = SCRATCH) -> Path:
    """A fresh scratch directory for ``module`` in ``scratch``; returns it."""
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    if "mutmut" in tomllib.loads(pyproject).get("tool", {}):
        raise SystemExit("pyproject.toml has its own [tool.mutmut]; tools/mutate.py writes one")
    where = scratch / module.removesuffix(".py").replace("/", ".")
    if where.exists():
        shutil.rmtree(where)  # unlinks the links, never follows them
    where.mkdir(parents=True)
    (where / "pyproject.toml").write_text(pyproject + mutmut_table(module, tests), "utf-8")
    for name in ("service", "tests"):
        (where / name).symlink_to(ROOT / name, target_is_directory=True)
    return where


def parse_results(text: str) -> dict[str, str]:
    """``mutmut results --all true`` lines (``    NAME: STATE``) as NAME -> STATE."""
    out = {}
    for line in text.splitlines():
        name, sep, status = line.strip().partition(": ")
        if sep and name.startswith("service."):
            out[name] = status
    return out


def summary(states: dict[str, str]) -> str:
    """``killed K of N, survived S``, then any other state with its count."""
    counts = Counter(states.values())
    line = f"killed {counts[KILLED]} of {len(states)}, survived {counts[SURVIVED]}"
    others = sorted(s for s in counts if s not in (KILLED, SURVIVED))
    return ", ".join([line, *(f"{s} {counts[s]}" for s in others)])


def mutmut(where: Path, *args: str, log: Path | None = None) -> str:
    """Runs the venv's mutmut in ``where``; its output, written to ``log`` as it comes if given."""
    with (log or where / "last.log").open("w+", encoding="utf-8") as out:
        done = subprocess.run([MUTMUT, *args], cwd=where, stdout=out, stderr=subprocess.STDOUT)
        out.seek(0)
        text = out.read()
    if done.returncode != 0:
        sys.stdout.write(text[-4000:])
        raise SystemExit(f"mutmut {args[0]} failed (exit {done.returncode}) in {where}")
    return text


def fresh_run(where: Path, tests: Sequence[str], mutant: str, timeout: float | None) -> str:
    """The tests in a new interpreter on mutmut's copy, with ``mutant`` ("" for none) active:
    ``killed``, ``survived`` or ``timeout``. Any failure counts, a module that no longer imports
    included (pytest exit 2 or 4): the same command passed without the mutant."""
    command = [sys.executable, "-m", "pytest", "-x", "-q", *PYTEST_ARGS, *tests]
    env = {**os.environ, "MUTANT_UNDER_TEST": mutant}
    try:
        done = subprocess.run(
            command, cwd=where / "mutants", env=env, capture_output=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return "timeout"
    return SURVIVED if done.returncode == 0 else KILLED


def recheck(where: Path, module: str, survivors: Sequence[str]) -> dict[str, str]:
    """Each survivor's state after a fresh run of every test that calls any function of the
    module (see the module's doc); progress in ``recheck.log``."""
    if not survivors:
        return {}
    dotted = module.removesuffix(".py").replace("/", ".")
    tests = mutmut(where, "tests-for-mutant", f"{dotted}.*").splitlines()
    started = time.monotonic()
    if fresh_run(where, tests, "", None) != SURVIVED:
        raise SystemExit(f"the tests fail without any mutant in {where}/mutants")
    timeout = TIMEOUT_FACTOR * (time.monotonic() - started)
    with (where / "recheck.log").open("w", encoding="utf-8") as log:

        def one(name: str) -> str:
            state = fresh_run(where, tests, name, timeout)
            print(f"{state}: {name}", file=log, flush=True)
            return state

        with ThreadPoolExecutor(CHILDREN) as pool:
            return dict(zip(survivors, pool.map(one, survivors), strict=True))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="./dev mutate", description=__doc__.split("\n\n")[0])
    parser.add_argument("module", help="a .py file, e.g. service/games/mixtour/rules.py")
    parser.add_argument("tests", nargs="*", help="test paths (default: see the module's doc)")
    parser.add_argument("--no-diffs", action="store_true", help="list the survivors by name only")
    parser.add_argument("--scratch", type=Path, default=SCRATCH, help="default: %(default)s")
    args = parser.parse_args(argv)
    module = Path(args.module).resolve().relative_to(ROOT).as_posix()
    if not module.endswith(".py") or not (ROOT / module).is_file():
        parser.error(f"{args.module}: not a Python file of this repository")
    tests = args.tests or default_tests(module)

    started = time.monotonic()
    where = prepare(module, tests, args.scratch.resolve())
    print(f"mutating {module} against {' '.join(tests)} ({CHILDREN} children)", flush=True)
    print(f"mutmut's output: {where}/run.log", flush=True)
    mutmut(where, "run", "--max-children", str(CHILDREN), log=where / "run.log")
    states = parse_results(mutmut(where, "results", "--all", "true"))
    mutmut_survivors = [name for name, state in states.items() if state == SURVIVED]
    print(f"mutmut: {summary(states)}; its survivors again, fresh: {where}/recheck.log", flush=True)
    states |= recheck(where, module, mutmut_survivors)
    late = sum(states[name] == KILLED for name in mutmut_survivors)
    minutes, seconds = divmod(round(time.monotonic() - started), 60)
    print(f"took {minutes} min {seconds} s; {late} killed only by a fresh run")
    print(summary(states))
    survivors = sorted(name for name, state in states.items() if state != KILLED)
    for name in survivors:
        print(f"  {states[name]}: {name}")
    if not args.no_diffs:
        for name in survivors:
            print(mutmut(where, "show", name).rstrip())
    if survivors:
        print(f"show one again: (cd {where} && {MUTMUT} show NAME)")


if __name__ == "__main__":
    main()
