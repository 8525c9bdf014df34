"""How the request declarations are read (issue 22, point 1): ``./dev bench contract``.

A suggest body (a Te-Trix state and four fields) read three ways, each from its bytes: orjson
plus the contract's reader (``request.Body.read``, what the service does), a msgspec Struct and
a pydantic v2 model (strict). msgspec is not a dependency: install it into the venv to see its
row (``.venv/bin/pip install msgspec``); the row is skipped otherwise.
"""

from __future__ import annotations

import timeit
from collections.abc import Callable
from typing import Any

import orjson

from service.api import contract
from service.api.request import Body
from service.games import REGISTRY
from service.games.core import driver


def _body() -> bytes:
    engine = REGISTRY["te-trix"]
    state = engine.encode(driver.start(engine, 2, None, "bench").state)
    return orjson.dumps({"state": state, "player": 0, "seed": "abc", "budget": 50})


def _readers(raw: bytes) -> dict[str, Callable[[], Any]]:
    fields = contract.BY_ID["suggest"].fields()
    allowed = {f.name for f in fields}

    def ours() -> Any:
        body = Body(orjson.loads(raw), allowed)
        values = body.read(fields)
        body.done()
        return values

    out: dict[str, Callable[[], Any]] = {"orjson + contract reader": ours}
    try:
        import msgspec
    except ImportError:
        msgspec = None
    if msgspec is not None:

        class Suggest(msgspec.Struct, forbid_unknown_fields=True):
            state: dict[str, Any]
            player: int | None = None
            seed: str | None = None
            budget: int | None = None
            level: str | None = None

        decoder = msgspec.json.Decoder(Suggest)
        out["msgspec Struct"] = lambda: decoder.decode(raw)
    import pydantic

    class SuggestModel(pydantic.BaseModel):
        model_config = pydantic.ConfigDict(extra="forbid", strict=True)
        state: dict[str, Any]
        player: int | None = None
        seed: str | None = None
        budget: int | None = None
        level: str | None = None

    out["pydantic v2 (strict)"] = lambda: SuggestModel.model_validate_json(raw)
    out["orjson.loads alone"] = lambda: orjson.loads(raw)
    return out


def run(quick: bool = False) -> None:
    raw = _body()
    number = 2_000 if quick else 20_000
    print(f"a suggest body of {len(raw)} bytes; best of 5 runs of {number}")
    for name, read in _readers(raw).items():
        best = min(timeit.repeat(read, number=number, repeat=5)) / number * 1e6
        print(f"  {name:26s} {best:6.2f} µs")
