"""/play and docs/examples/mixtour.html in a real browser: headless Chromium (Debian's
``chromium``) driven by playwright-core from ``play.test.mjs`` against the real server.

Never skipped: without node, npm or chromium the test fails and says what to install
(``.ci/run`` installs them). Screenshots go to ``test-artifacts/browser/``."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
from pathlib import Path

import pytest

from ..redis_server import free_port
from ..server_process import ROOT, running_server

HERE = Path(__file__).resolve().parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = ROOT / "test-artifacts" / "browser"


def tools() -> tuple[str, str]:
    node, npm = shutil.which("node"), shutil.which("npm")
    missing = [name for name, path in (("node", node), ("npm", npm)) if path is None]
    if not Path(CHROMIUM).is_file():
        missing.append(f"chromium ({CHROMIUM})")
    if missing:
        pytest.fail(
            f"the browser tests need {', '.join(missing)}: "
            "apt-get install nodejs npm chromium (.ci/run installs them)",
            pytrace=False,
        )
    assert node is not None and npm is not None
    return node, npm


def install(npm: str) -> None:
    """playwright-core and axe-core as pinned in package-lock.json (no browser is downloaded)."""
    lock, stamp = HERE / "package-lock.json", HERE / "node_modules" / ".package-lock.json"
    if stamp.is_file() and stamp.stat().st_mtime >= lock.stat().st_mtime:
        return
    done = subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund"],
        cwd=HERE,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, f"npm ci failed:\n{done.stdout}\n{done.stderr}"


@pytest.mark.slow
@pytest.mark.parametrize("script", sorted(p.name for p in HERE.glob("*.test.mjs")))
def test_play_page_in_chromium(script: str) -> None:
    node, npm = tools()
    install(npm)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    static_port = free_port()
    with running_server(CORS_ORIGINS=f"http://127.0.0.1:{static_port}") as base:
        env = os.environ | {
            "REGELWERK_BASE": base,
            "STATIC_PORT": str(static_port),
            "ARTIFACTS": str(ARTIFACTS),
            "CHROMIUM": CHROMIUM,
        }
        # A session of its own, so a hung run is ended with the browser it started.
        proc = subprocess.Popen(
            [node, "--test", "--test-reporter=spec", script],
            cwd=HERE,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        try:
            output, _ = proc.communicate(timeout=240)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            output, _ = proc.communicate()
            pytest.fail(f"the browser tests ran over 240 s:\n{output}", pytrace=False)
    if proc.returncode != 0:
        pytest.fail(f"node --test failed:\n{output}", pytrace=False)
