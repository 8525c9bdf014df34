"""JSON Schemas (draft 2020-12) of the Tric Trac documents other than the state: a move as
``play`` accepts it and a move document as legal-moves lists it
(``schema/{moves,move-documents}/tric-trac.json``). The state's schema comes from its one
description in :mod:`.codec`."""

from __future__ import annotations

from ..core import OptionSpec
from ..core.game import JSON
from .codec import document


def state_schema(specs: tuple[OptionSpec, ...]) -> JSON:
    return document(specs).schema()


_DERIVED = "Derived; optional when sent, must agree with the position."


def _move_documents(answer: bool) -> list[JSON]:
    """The move document variants, one per kind. ``answer``: as ``move_document`` answers
    (every field required); else as ``play`` accepts them (derived fields optional)."""

    def derived(schema: JSON, what: str) -> JSON:
        return {**schema, "description": f"{what} {'Derived.' if answer else _DERIVED}"}

    def obj(kind: str, what: str, props: JSON, defining: list[str]) -> JSON:
        return {
            "type": "object",
            "title": f"Tric Trac {kind}",
            "description": what,
            "additionalProperties": False,
            "required": ["kind", *(props if answer else defining)],
            "properties": {"kind": {"const": kind}, **props},
        }

    dice = {
        "type": "array",
        "items": {"type": "integer", "minimum": 1, "maximum": 6},
        "minItems": 2,
        "maxItems": 2,
    }
    point = {"type": "integer", "minimum": 1, "maximum": 24}
    mover = derived({"enum": [0, 1]}, "The mover, 0 Red or 1 Black (the SVG's data-player).")
    step = {
        "type": "object",
        "description": "One stone moved by one number, in the order played.",
        "additionalProperties": False,
        "required": ["from", "to", "hit", "die"] if answer else ["from", "to"],
        "properties": {
            "from": {**point, "description": "The point the stone leaves (the SVG's data-point)."},
            "to": {
                "oneOf": [point, {"const": "off"}],
                "description": "The point it reaches, or off when borne off (TT-13); the SVG "
                "names the bear-off target data-point=off with the mover's data-player.",
            },
            "hit": {
                "type": "boolean",
                "description": "A blot is hit there (TT-12); false when left out.",
            },
            "die": derived(
                {"type": "integer", "minimum": 1, "maximum": 6},
                "The number of the throw this step uses (the SVG's data-die); a bear-off "
                "by overshoot uses a number larger than needed (TT-13).",
            ),
        },
    }
    steps = {
        "type": "array",
        "items": step,
        "minItems": 1,
        "maxItems": 2,
        "description": "One step per number (TT-6, TT-7); a stone moved by both numbers "
        "is two steps, the second from where the first ended.",
    }
    return [
        obj(
            "turn",
            "The turn played with the current throw.",
            {"player": mover, "steps": steps},
            ["steps"],
        ),
        obj("pass", "No number of the throw can be played (TT-8).", {"player": mover}, []),
        obj(
            "throw",
            "A chance outcome: the player to move throws two dice (TT-5).",
            {"dice": {**dice, "description": "The two dice, lower first."}},
            ["dice"],
        ),
        obj(
            "opening",
            "The opening chance outcome: player starts with its own throw (TT-4).",
            {
                "player": {"enum": [0, 1], "description": "The starter, 0 Red or 1 Black."},
                "dice": {**dice, "description": "The starter's two dice, lower first."},
            },
            ["player", "dice"],
        ),
    ]


def move_schema() -> JSON:
    p = "([1-9]|1[0-9]|2[0-4])"
    end = rf"/({p}\*?|[oO][fF][fF])"
    chain = rf"{p}(/{p}\*?)?{end}"
    single = rf"{p}{end}"
    text = (
        rf"^\s*([pP][aA][sS][sS]|[1-6]\s*-\s*[1-6]|([rR][eE][dD]|[bB][lL][aA][cC][kK])\s+"
        rf"[1-6]\s*-\s*[1-6]|{chain}|{single}\s+{single})\s*$"
    )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://regelwerk.dev/schema/moves/tric-trac.json",
        "title": "Tric Trac move",
        "description": "A turn ('1/4 1/6', '1/4/9', '6/9*/14', '20/off', 'pass'), a throw "
        "('3-5') or the opening ('red 5-3'), as notation or a move document.",
        "oneOf": [{"type": "string", "pattern": text}, *_move_documents(answer=False)],
    }


def move_document_schema() -> JSON:
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://regelwerk.dev/schema/move-documents/tric-trac.json",
        "title": "Tric Trac move document",
        "description": "A legal move as legal-moves lists it: its defining fields plus what it "
        "touches in the position (mover, the number each step uses), named as the SVG names "
        "them (data-point, data-player, data-die).",
        "oneOf": _move_documents(answer=True),
    }
