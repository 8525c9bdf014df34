"""The code generators and linters our users run, against the committed contract (issue 22,
point 3), each as a subprocess the way a person runs it: openapi-python-client (the package
imports and passes ``mypy --strict``), orval, @hey-api/openapi-ts and openapi-typescript (their
output compiles under ``tsc --strict``; no numbered ``OneOf`` names), Spectral's OpenAPI
ruleset and Redocly (nothing found), graphql-schema-linter over ``schema/schema.graphql``.

The npm tools are pinned in tests/generators/package.json (``./dev test`` runs ``npm ci``
there); every rule a config switches off is argued in that config. Never skipped: without
node, npm or the installed tools these tests fail and say what to do.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HERE = ROOT / "tests" / "generators"
BIN = HERE / "node_modules" / ".bin"
DOCUMENT = ROOT / "schema" / "openapi.json"
SDL = ROOT / "schema" / "schema.graphql"
COMPONENTS = list(json.loads(DOCUMENT.read_text(encoding="utf-8"))["components"]["schemas"])
# The venv's scripts (openapi-python-client, ruff for its post hooks, mypy) and node's.
ENV = {
    **os.environ,
    "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
    "REDOCLY_TELEMETRY": "off",
    "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true",
    "NO_COLOR": "1",
    "FORCE_COLOR": "0",
}
# openapi-python-client reads no text/plain request body: replay, verify and analyze also
# take the game's text record so, and the generated client offers only their JSON body. These
# three warnings, exactly, are what it says; any other fails.
PYTHON_CLIENT_WARNINGS = {
    "WARNING parsing POST /v1/games/{game}/replay within records.",
    "WARNING parsing POST /v1/games/{game}/verify within records.",
    "WARNING parsing POST /v1/games/{game}/analyze within play.",
}
# orval and @hey-api name an unnamed union member by its place: FooOneOf, FooOneOfTwo, FooAnyOf3.
NUMBERED = re.compile(r"(?:One|Any)Of(?:[A-Z0-9]|$)")


def tool(name: str) -> str:
    found = BIN / name if (BIN / name).exists() else shutil.which(name, path=ENV["PATH"])
    if found is None:
        pytest.fail(
            f"{name} is not installed: run ./dev test (it runs npm ci in tests/generators), or "
            "cd tests/generators && npm ci; node and npm are required (apt-get install nodejs npm)"
        )
    return str(found)


def run(*command: str, cwd: Path = HERE) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, cwd=cwd, env=ENV, capture_output=True, text=True, timeout=300, check=False
    )


def passed(result: subprocess.CompletedProcess[str]) -> str:
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-4000:]
    return output


@pytest.fixture(scope="module")
def typescript(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """orval, @hey-api/openapi-ts and openapi-typescript from the committed document, run at
    once, each into its own folder."""
    out = tmp_path_factory.mktemp("typescript")
    commands = {
        "orval": [
            tool("orval"),
            "--input",
            str(DOCUMENT),
            "--output",
            str(out / "orval" / "api.ts"),
            "--client",
            "fetch",
        ],
        "hey-api": [tool("openapi-ts"), "-i", str(DOCUMENT), "-o", str(out / "hey-api")],
        "openapi-typescript": [
            tool("openapi-typescript"),
            str(DOCUMENT),
            "-o",
            str(out / "openapi-typescript" / "api.d.ts"),
        ],
    }
    running = {
        name: subprocess.Popen(
            command,
            cwd=out,
            env=ENV,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for name, command in commands.items()
    }
    for name, process in running.items():
        output, _ = process.communicate(timeout=300)
        assert process.returncode == 0, f"{name}: {output[-4000:]}"
        assert not re.search(r"\b(error|warn(ing)?)\b", output, re.IGNORECASE), (name, output)
    return out


def exported_names(folder: Path) -> set[str]:
    names: set[str] = set()
    for path in folder.rglob("*.ts"):
        names |= set(re.findall(r"export (?:type|interface|const|enum) (\w+)", path.read_text()))
    return names


@pytest.mark.parametrize("generator", ["orval", "hey-api"])
def test_every_documented_type_has_its_component_s_name(typescript, generator):
    names = exported_names(typescript / generator)
    assert set(COMPONENTS) - names == set()
    assert sorted(n for n in names if NUMBERED.search(n)) == []


def test_the_numbered_name_check_finds_them():
    found = [
        n
        for n in ("MixtourMoveOneOf", "BatchLineOneOfTwo", "XAnyOf3", "Hucke")
        if NUMBERED.search(n)
    ]
    assert found == ["MixtourMoveOneOf", "BatchLineOneOfTwo", "XAnyOf3"]


def test_the_generated_typescript_compiles_under_strict(typescript):
    config = {"extends": str(HERE / "tsconfig.json"), "include": ["**/*.ts"]}
    (typescript / "tsconfig.json").write_text(json.dumps(config))
    passed(run(tool("tsc"), "--project", str(typescript / "tsconfig.json"), cwd=typescript))


@pytest.fixture(scope="module")
def python_client(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("python")
    generator = Path(sys.executable).parent / "openapi-python-client"
    if not generator.exists():
        pytest.fail("openapi-python-client is missing: pip install -e '.[dev]' (./dev test does)")
    config = str(HERE / "openapi-python-client.yaml")
    result = run(
        str(generator),
        "generate",
        "--path",
        str(DOCUMENT),
        "--meta",
        "none",
        "--config",
        config,
        cwd=out,
    )
    return out, passed(result)


def test_openapi_python_client_reads_the_document_without_complaint(python_client):
    _, output = python_client
    said = {line.strip() for line in output.splitlines() if re.search(r"warning|error", line, re.I)}
    said = {line for line in said if not line.startswith("Warning(s) encountered while")}
    assert said == PYTHON_CLIENT_WARNINGS, output[-4000:]
    assert "Unable to" not in output and "duplicate" not in output, output[-4000:]


def test_the_generated_python_package_imports_and_passes_mypy_strict(python_client):
    out, _ = python_client
    models = ", ".join(("TeTrixMoveArrangement", "MixtourMovePlace", "JsonSchema", "ErrorAnswer"))
    program = (
        f"from regelwerk_generated.models import {models}\n"
        "from regelwerk_generated.api.play import play, legal_moves\n"
        "from regelwerk_generated.api.records import replay, verify_batch\n"
        "from regelwerk_generated import Client\n"
    )
    passed(run(sys.executable, "-c", program, cwd=out))
    checked = passed(
        run(
            sys.executable,
            "-m",
            "mypy",
            "--config-file",
            str(HERE / "mypy.ini"),
            "--no-incremental",
            "regelwerk_generated",
            cwd=out,
        )
    )
    assert "Success: no issues found" in checked, checked


def test_spectral_oas_ruleset_finds_nothing():
    found = run(
        tool("spectral"),
        "lint",
        str(DOCUMENT),
        "--ruleset",
        ".spectral.yaml",
        "--fail-severity=hint",
    )
    assert "No results" in passed(found), found.stdout


def test_redocly_finds_nothing():
    found = passed(
        run(
            tool("redocly"),
            "lint",
            "../../schema/openapi.json",
            "--config",
            "redocly.yaml",
            "--format",
            "json",
        )
    )
    totals = json.JSONDecoder().raw_decode(found[found.index("{") :])[0]["totals"]
    # ignored: the two NDJSON answer lines (.redocly.lint-ignore.yaml)
    assert (totals["errors"], totals["warnings"], totals["ignored"]) == (0, 0, 2), totals


def test_graphql_schema_linter_finds_nothing():
    found = passed(run(tool("graphql-schema-linter"), "--config-directory", ".", str(SDL)))
    assert "0 errors detected" in found, found
    # the config switches off rules by name: every name it lists is one the linter has
    rules = run(
        "node",
        "-e",
        "console.log(JSON.stringify(require('./graphql-schema-linter.config.js').rules))",
    )
    enabled = set(json.loads(passed(rules)))
    shipped = {
        p.stem.replace("_", "-")
        for p in (HERE / "node_modules" / "graphql-schema-linter" / "lib" / "rules").glob("*.js")
    }
    assert enabled < shipped and len(shipped - enabled) == 4, shipped - enabled
