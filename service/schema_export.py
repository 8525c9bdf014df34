"""Writes ``schema/``: the GraphQL SDL, the OpenAPI document and every game's JSON Schemas.

``python -m service.schema_export`` regenerates the files; ``--check`` exits 1 and names the
files that drifted from the code (a test runs the check).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import jsonio
from .api.graphql import schema
from .api.openapi import openapi
from .api.ops import Rules
from .cache import Cache
from .games import REGISTRY
from .settings import Settings

ROOT = Path(__file__).resolve().parent.parent / "schema"


def documents() -> dict[str, bytes]:
    """Relative path under ``schema/`` -> file content."""
    rules = Rules(Settings(), Cache(0))
    out = {
        "schema.graphql": (str(schema).strip() + "\n").encode(),
        "openapi.json": jsonio.pretty(openapi(rules)),
    }
    for engine in REGISTRY.values():
        out[f"states/{engine.id}.json"] = jsonio.pretty(engine.state_schema())
        out[f"moves/{engine.id}.json"] = jsonio.pretty(engine.move_schema())
        out[f"move-documents/{engine.id}.json"] = jsonio.pretty(engine.move_document_schema())
        location = engine.location_schema()
        if location is not None:
            out[f"locations/{engine.id}.json"] = jsonio.pretty(location)
        view = engine.view_schema()
        if view is not None:
            out[f"views/{engine.id}.json"] = jsonio.pretty(view)
    return out


def drift(root: Path = ROOT) -> list[str]:
    """Files under ``root`` that differ from the code, are missing, or are left over."""
    docs = documents()
    stale = [
        name
        for name, data in docs.items()
        if not (root / name).is_file() or (root / name).read_bytes() != data
    ]
    present = {str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()}
    return sorted(stale + [name for name in present - set(docs) if name != "README.md"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m service.schema_export", description=__doc__)
    parser.add_argument("--check", action="store_true", help="only report drift")
    args = parser.parse_args(argv)
    if args.check:
        stale = drift()
        for name in stale:
            print(f"schema/{name} is out of date; run python -m service.schema_export")
        return 1 if stale else 0
    for name, data in documents().items():
        path = ROOT / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    for name in drift():
        (ROOT / name).unlink()
    print(f"wrote {len(documents())} files under schema/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
