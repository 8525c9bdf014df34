"""Tric Trac moves and their notation (spec "Notation").

A ``Turn`` is made of ``Step``s in the order played: ``1/4 1/6`` (two stones), ``1/4/9``
(one stone by both numbers), ``9/12*`` (a hit), ``20/off`` (borne off), ``pass``. Chance
outcomes are a ``Throw`` (``3-5``) and the ``Opening`` (``red 3-5``); dice are printed lower
first and read in either order. Parsing is case-insensitive and tolerant of spacing; printing
is canonical, so ``parse_move(notation(m)) == m``.

Move documents carry the defining fields; ``enriched`` adds the derived ones a front end draws
with (the mover's ``player``, each step's ``die``), named as the SVG names them. The parser
accepts and ignores those; the driver checks them against the position.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from ..core import InvalidNotation
from ..core.numbers import as_int
from ..core.text import Msg
from .state import COLOUR_KEYS

OFF: Final = 0  # the destination of a stone borne off (TT-13); points are 1–24
MAX_STEPS: Final = 2  # one step per number, a double too (TT-6, TT-7)
MAX_TEXT: Final = 200


@dataclass(frozen=True, slots=True)
class Step:
    """One stone moved by one number: ``source`` to ``target`` (``OFF``); ``hit`` per TT-12."""

    source: int
    target: int
    hit: bool = False


@dataclass(frozen=True, slots=True)
class Turn:
    """The steps of one throw in the order played; no steps is ``pass`` (TT-8)."""

    steps: tuple[Step, ...] = ()


@dataclass(frozen=True, slots=True)
class Throw:
    """A chance outcome: the two dice, lower first (TT-5)."""

    low: int
    high: int


@dataclass(frozen=True, slots=True)
class Opening:
    """The opening chance outcome: ``player`` starts and plays its own throw (TT-4)."""

    player: int
    low: int
    high: int


Move = Turn | Throw | Opening

PASS: Final = Turn()

_THROW = re.compile(r"([1-6])\s*-\s*([1-6])")
_OPENING = re.compile(r"(red|black)\s+([1-6])\s*-\s*([1-6])")
# ASCII digits (\d takes every script's); each repetition of a chain starts with the '/' no
# point holds, so the chain reads in one pass.
_CHAIN = re.compile(r"[0-9]{1,2}(?:/(?:[0-9]{1,2}\*?|off))+")


def _point(n: int) -> str:
    return "off" if n == OFF else str(n)


def notation(move: Move) -> str:
    if isinstance(move, Throw):
        return f"{move.low}-{move.high}"
    if isinstance(move, Opening):
        return f"{COLOUR_KEYS[move.player]} {move.low}-{move.high}"
    if not move.steps:
        return "pass"
    chains: list[str] = []
    last: int | None = None
    for step in move.steps:
        target = _point(step.target) + ("*" if step.hit else "")
        if step.source == last:
            chains[-1] += "/" + target
        else:
            chains.append(f"{step.source}/{target}")
        last = step.target if step.target != OFF else None
    return " ".join(chains)


def _bad(text: str, why: Msg, reason: str = "UNPARSABLE") -> InvalidNotation:
    """``why`` names the text it refuses as ``$text`` (quoted as Python quotes it)."""
    return InvalidNotation(why, reason=reason, details={"notation": text})


def _dice(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a <= b else (b, a)


def parse_move(move: str | Mapping[str, Any]) -> Move:
    if isinstance(move, Mapping):
        return _parse_document(move)
    if not isinstance(move, str):
        raise InvalidNotation(Msg.of("tric-trac-notation-not-a-string"), reason="NOT_A_STRING")
    if len(move) > MAX_TEXT:
        shown = move[:40] + "…"
        why = Msg.of("tric-trac-notation-too-long", text=repr(shown), limit=MAX_TEXT)
        raise _bad(shown, why, "TOO_LONG")
    text = " ".join(move.strip().lower().split())
    if text == "pass":
        return PASS
    if m := _THROW.fullmatch(text):
        return Throw(*_dice(int(m[1]), int(m[2])))
    if m := _OPENING.fullmatch(text):
        return Opening(COLOUR_KEYS.index(m[1]), *_dice(int(m[2]), int(m[3])))
    steps: list[Step] = []
    for chain in text.split(" "):
        if not _CHAIN.fullmatch(chain):
            raise _bad(move, Msg.of("tric-trac-notation-unparsable", text=repr(move)))
        steps.extend(_chain_steps(move, chain))
    if len(steps) > MAX_STEPS:
        why = Msg.of("tric-trac-notation-too-many-steps", text=repr(move))
        raise _bad(move, why, "TOO_MANY")
    return Turn(tuple(steps))


def _chain_steps(text: str, chain: str) -> list[Step]:
    parts = chain.split("/")
    if "off" in parts[1:-1]:
        raise _bad(text, Msg.of("tric-trac-notation-off-not-last", text=repr(text)), "OFF_NOT_LAST")
    source = _checked_point(text, parts[0])
    steps: list[Step] = []
    for part in parts[1:]:
        target = OFF if part == "off" else _checked_point(text, part.rstrip("*"))
        steps.append(Step(source, target, part.endswith("*")))
        source = target
    return steps


def _checked_point(text: str, digits: str) -> int:
    p = int(digits)
    if not 1 <= p <= 24:
        why = Msg.of("tric-trac-notation-no-such-point", text=repr(text), point=p)
        raise _bad(text, why, "NO_SUCH_POINT")
    return p


def document(move: Move) -> dict[str, Any]:
    """The move document (see ``schema/moves/tric-trac.json``)."""
    if isinstance(move, Throw):
        return {"kind": "throw", "dice": [move.low, move.high]}
    if isinstance(move, Opening):
        return {"kind": "opening", "player": move.player, "dice": [move.low, move.high]}
    if not move.steps:
        return {"kind": "pass"}
    return {
        "kind": "turn",
        "steps": [
            {"from": s.source, "to": "off" if s.target == OFF else s.target, "hit": s.hit}
            for s in move.steps
        ],
    }


def _doc_error(why: Msg, field: str | None = None) -> InvalidNotation:
    details = {"field": field} if field else {}
    return InvalidNotation(why, reason="BAD_DOCUMENT", details=details)


def _doc_dice(doc: Mapping[str, Any]) -> tuple[int, int]:
    dice = doc.get("dice")
    read = [as_int(d) for d in dice] if isinstance(dice, list) else []
    if len(read) != 2 or any(d not in range(1, 7) for d in read):
        raise _doc_error(Msg.of("tric-trac-document-dice"), "dice")
    first, second = (d for d in read if d is not None)
    return _dice(first, second)


def enriched(move: Turn, player: int, dice: tuple[int, ...]) -> dict[str, Any]:
    """``document(move)`` with the derived fields: the mover and the number each step uses
    (named as the SVG names them: ``data-player``, ``data-die``)."""
    if not move.steps:
        return {"kind": "pass", "player": player}
    steps = [
        {"from": s.source, "to": "off" if s.target == OFF else s.target, "hit": s.hit, "die": d}
        for s, d in zip(move.steps, dice, strict=True)
    ]
    return {"kind": "turn", "player": player, "steps": steps}


# The document shapes as refusals show them: notation, the same in every language.
_KINDS: Final = (
    "{kind: turn, steps, player?} | {kind: pass, player?} | "
    "{kind: throw, dice} | {kind: opening, player, dice}"
)
_STEP_SHAPE: Final = "{from, to, hit?, die?}"


def _parse_document(doc: Mapping[str, Any]) -> Move:
    kind = doc.get("kind")
    # The derived fields (``player`` of a turn or pass, ``die`` of a step) are ignored here;
    # the driver checks them against the position (``driver.check_document``).
    keys = set(doc)
    if kind == "pass" and keys - {"player"} == {"kind"}:
        return PASS
    if kind == "throw" and keys == {"kind", "dice"}:
        return Throw(*_doc_dice(doc))
    if kind == "opening" and keys == {"kind", "player", "dice"}:
        player = as_int(doc.get("player"))
        if player not in (0, 1):
            raise _doc_error(Msg.of("tric-trac-document-player"), "player")
        return Opening(player, *_doc_dice(doc))
    if kind == "turn" and keys - {"player"} == {"kind", "steps"}:
        steps = doc["steps"]
        # A turn without steps is spelled {kind: pass}: one document per move, so the
        # driver's comparison of derived fields never trips over a second spelling.
        if not isinstance(steps, list) or not 1 <= len(steps) <= MAX_STEPS:
            raise _doc_error(Msg.of("tric-trac-document-steps"), "steps")
        return Turn(tuple(_doc_step(s, i) for i, s in enumerate(steps)))
    raise _doc_error(Msg.of("tric-trac-document-kind", shapes=_KINDS))


_STEP_KEYS: Final = frozenset(("from", "to", "hit", "die"))  # die: derived, ignored


def _doc_step(step: Any, i: int) -> Step:
    field = f"steps[{i}]"
    if not isinstance(step, Mapping) or not {"from", "to"} <= set(step) <= _STEP_KEYS:
        raise _doc_error(Msg.of("tric-trac-document-step", shape=_STEP_SHAPE), field)
    source, target, hit = as_int(step["from"]), step["to"], step.get("hit", False)
    if source is None or source not in range(1, 25):
        raise _doc_error(Msg.of("tric-trac-document-from"), field)
    if target == "off":
        target = OFF
    elif (target := as_int(target)) is None or target not in range(1, 25):
        raise _doc_error(Msg.of("tric-trac-document-to"), field)
    if not isinstance(hit, bool):
        raise _doc_error(Msg.of("tric-trac-document-hit"), field)
    return Step(source, target, hit)
