"""``./dev floors``: the API tests against the lowest versions pyproject.toml allows.

Builds ``.venv-floors`` with every runtime dependency at exactly its floor (a constraint
``name==floor`` for each ``name>=floor`` of ``[project.dependencies]``; the dev tools as
usual), then runs ``pytest tests/api`` there. A floor is true when this passes: raise one
only after running it, and lower one the same way.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv-floors"
UV = Path(sys.executable).with_name("uv")


def floors() -> list[str]:
    """``name==floor`` for every runtime dependency (its lower bound, ``>=``)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    out = []
    for line in project["dependencies"]:
        requirement = Requirement(line)
        lower = [s.version for s in requirement.specifier if s.operator == ">="]
        if len(lower) != 1:
            raise SystemExit(f"{line}: a runtime dependency needs one floor (>=)")
        out.append(f"{requirement.name}=={lower[0]}")
    return out


def main(argv: list[str]) -> int:
    pinned = floors()
    constraints = VENV / "floors.txt"
    subprocess.run([str(UV), "venv", "-q", "--python", sys.executable, str(VENV)], check=True)
    constraints.write_text("\n".join(pinned) + "\n", encoding="utf-8")
    env_python = VENV / "bin" / "python"
    subprocess.run(
        [
            *(str(UV), "pip", "install", "-q", "--python", str(env_python)),
            *("--constraint", str(constraints), "-e", ".[dev]", "-e", "clients/python"),
        ],
        cwd=ROOT,
        check=True,
    )
    print("floors:", " ".join(pinned), flush=True)
    tests = argv or ["tests/api"]
    return subprocess.run([str(env_python), "-m", "pytest", "-q", *tests], cwd=ROOT).returncode


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
