"""The TypeScript client (clients/typescript): its generated types, tsc --strict, and its
node --test suite against the real server.

Node and npm are required, never skipped (as ./dev's OpenAPI TypeScript check): without them
nothing holds the client to the service.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest

from ..server_process import ROOT, running_server

CLIENT = ROOT / "clients" / "typescript"
MIN_NODE = 18


def run(*command: str, timeout: float, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command,
        cwd=CLIENT,
        env=os.environ | env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def succeed(*command: str, timeout: float = 300, **env: str) -> str:
    done = run(*command, timeout=timeout, **env)
    assert done.returncode == 0, (
        f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
    )
    return done.stdout


@pytest.fixture(scope="module")
def npm() -> str:
    """npm, after `npm ci` (when node_modules is older than the lock file) and the build."""
    node, npm = shutil.which("node"), shutil.which("npm")
    assert node is not None and npm is not None, (
        "the TypeScript client's tests need node and npm, which are missing "
        "(Debian: apt-get install nodejs npm; .ci/run installs them)"
    )
    version = succeed(node, "--version", timeout=30).strip()
    assert int(version.lstrip("v").split(".")[0]) >= MIN_NODE, f"node {version} < {MIN_NODE}"
    installed = CLIENT / "node_modules" / ".package-lock.json"
    lock = CLIENT / "package-lock.json"
    if not installed.exists() or lock.stat().st_mtime > installed.stat().st_mtime:
        succeed(npm, "ci", "--no-audit", "--no-fund", timeout=600)
    succeed(npm, "run", "--silent", "build")
    return npm


@pytest.mark.slow
def test_generated_types_match_schema_openapi_json(npm):
    done = run(npm, "run", "--silent", "generate:check", timeout=120)
    assert done.returncode == 0, (
        "clients/typescript/src/generated/openapi.ts differs from what openapi-typescript "
        "generates from schema/openapi.json: run `npm run generate` in clients/typescript\n"
        f"{done.stdout}\n{done.stderr}"
    )


@pytest.fixture(scope="module")
def test_build(npm) -> subprocess.CompletedProcess[str]:
    """``npm run pretest``, once: tsc over test/ and examples/ with tsconfig.test.json, which is
    tsconfig.check.json (``npm run typecheck``'s) emitting into .test-build, never on an error.
    The compile is checked by one test and its output run by another: once, not twice."""
    return run(npm, "run", "--silent", "pretest", timeout=300)


def compiled(build: subprocess.CompletedProcess[str]) -> None:
    assert build.returncode == 0, (
        f"tsc -p tsconfig.test.json failed:\n{build.stdout}\n{build.stderr}"
    )


@pytest.mark.slow
def test_tests_and_examples_compile_with_tsc_strict(test_build):
    compiled(test_build)


@pytest.mark.slow
def test_sources_are_formatted_with_prettier(npm):
    succeed(npm, "run", "--silent", "format:check")


@pytest.mark.slow
def test_node_tests_pass_against_the_real_server(npm, test_build):
    compiled(test_build)
    # A secret, so states are signed and replay's keyId names a key the server holds.
    # --ignore-scripts: npm test without its pretest, the compile test_build made.
    with running_server(RULES_SECRET="typescript-client-tests") as base:
        out = succeed(npm, "test", "--silent", "--ignore-scripts", REGELWERK_URL=base)
    # node --test's summary (TAP "# tests 59" when piped, "ℹ tests 59" from the spec reporter)
    counts = dict(re.findall(r"^(?:# |ℹ )(tests|pass|fail) (\d+)$", out, re.MULTILINE))
    assert counts.get("fail") == "0" and int(counts.get("tests", "0")) > 0, out
