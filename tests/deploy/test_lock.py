"""deploy/requirements.lock (issue 22, point 5): what the image installs, every runtime
dependency pinned with its hashes. It must agree with pyproject.toml (every dependency there,
its extras' packages too, at a version its range allows), and it must install as the image
installs it: hashes required, nothing resolved again, ``pip check`` clean."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
import venv

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from .manifests import ROOT

LOCK = ROOT / "deploy" / "requirements.lock"
# What the extras the service asks for bring (uvicorn[standard], redis[hiredis]).
EXTRAS = {("uvicorn", "standard"): {"httptools", "uvloop", "websockets", "watchfiles"}}
EXTRAS[("redis", "hiredis")] = {"hiredis"}


def pins() -> dict[str, str]:
    found = re.findall(r"^([A-Za-z0-9._-]+)==([^ \\\n]+)", LOCK.read_text(encoding="utf-8"), re.M)
    return {canonicalize_name(name): version for name, version in found}


def dependencies() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return [Requirement(line) for line in project["dependencies"]]


def test_the_lock_pins_every_dependency_in_its_range():
    locked = pins()
    for requirement in dependencies():
        name = canonicalize_name(requirement.name)
        assert name in locked, f"{name} is in pyproject.toml, not in the lock: ./dev lock"
        assert requirement.specifier.contains(locked[name]), (
            f"{name}=={locked[name]} is outside pyproject.toml's {requirement.specifier}: "
            "./dev lock"
        )
        for extra in requirement.extras:
            missing = EXTRAS[(name, extra)] - locked.keys()
            assert not missing, f"{name}[{extra}] needs {missing}: ./dev lock"


def test_every_pin_carries_hashes_and_the_lock_says_how_it_was_made():
    text = LOCK.read_text(encoding="utf-8")
    assert "./dev lock" in text.splitlines()[1]
    for block in re.split(r"\n(?=[A-Za-z0-9])", text.split("\n", 2)[2]):
        assert "--hash=sha256:" in block, block[:80]


def test_the_image_installs_the_lock_and_resolves_nothing():
    dockerfile = (ROOT / "deploy" / "Dockerfile").read_text(encoding="utf-8")
    assert "--require-hashes --no-deps -r requirements.lock" in dockerfile
    assert "pip install --no-deps ." in dockerfile


@pytest.mark.slow
def test_the_lock_installs_as_the_image_installs_it(tmp_path):
    """The Dockerfile's install steps in a fresh venv (no Docker engine here): every pin by
    its hash with nothing resolved, the package on top, ``pip check``, the app imports.

    Cheaper than the image, with what is checked kept: the venv gets no pip of its own (11 s
    of ensurepip under load) and this venv's pip installs into it (``--python``; the image
    upgrades pip to the newest too), and nothing is byte-compiled (the image's step for its
    read-only filesystem, no property of the lock; the import below still compiles what the
    service loads). 54 s became 19 s at load average 4-5."""
    target = tmp_path / "venv"
    venv.create(target, with_pip=False)
    python = str(target / "bin" / "python")
    pip = [sys.executable, "-m", "pip", "--python", python]
    quiet = {"check": True, "capture_output": True, "text": True, "timeout": 600}
    subprocess.run(
        [*pip, "install", "-q", "--no-compile", "--require-hashes", "--no-deps", "-r", str(LOCK)],
        **quiet,
    )
    subprocess.run([*pip, "install", "-q", "--no-compile", "--no-deps", str(ROOT)], **quiet)
    subprocess.run([*pip, "check"], **quiet)
    done = subprocess.run(
        [python, "-c", "import service.app, sys; print(sys.prefix)"], cwd=tmp_path, **quiet
    )
    assert done.stdout.strip() == str(target)
