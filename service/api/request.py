"""Reading a JSON request body field by field, collecting every problem (INVALID_REQUEST)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .. import jsonio
from ..games.core import MoveRequest, Problems
from ..games.core.fair import Fair, Start
from ..games.core.fields import FAIR, FAIR_START
from ..games.core.text import Arg, Msg
from .contract import Field
from .errors import ServiceError, invalid_request

_TYPE = {
    bool: "boolean",
    int: "integer",
    float: "number",
    str: "string",
    list: "array",
    dict: "object",
    type(None): "null",
}


def type_name(value: Any) -> str:
    return _TYPE.get(type(value), type(value).__name__)


class Body:
    """A request object; each accessor validates one field. Call ``done()`` at the end."""

    def __init__(self, data: Any, allowed: set[str]) -> None:
        self.problems: list[dict[str, Any]] = []
        if not isinstance(data, Mapping):
            raise invalid_request(
                [{"path": "$", "reason": Msg.of("request-body-not-object", type=type_name(data))}]
            )
        self.data = data
        for key in data:
            if key not in allowed:
                self.problems.append(
                    {
                        "path": f"$.{key}",
                        "reason": unknown_field(allowed),
                    }
                )

    def _bad(self, name: str, reason: Msg) -> None:
        self.problems.append({"path": f"$.{name}", "reason": reason})

    def state(self) -> Any:
        if "state" not in self.data:
            self._bad("state", Msg.of("request-state-required"))
            return None
        value = self.data["state"]
        if not isinstance(value, Mapping):
            self._bad("state", Msg.of("request-state-not-object", type=type_name(value)))
        return value

    def int_or_none(self, name: str, required: bool = False) -> int | None:
        value = self.data.get(name)
        if value is None:
            if required:
                self._bad(name, Msg.of("request-required"))
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            self._bad(name, Msg.of("request-integer", type=type_name(value)))
            return None
        return value

    def bool_or_none(self, name: str) -> bool | None:
        value = self.data.get(name)
        if value is None or isinstance(value, bool):
            return value
        self._bad(name, Msg.of("request-boolean", type=type_name(value)))
        return None

    def str_or_none(self, name: str) -> str | None:
        value = self.data.get(name)
        if value is None or isinstance(value, str):
            return value
        self._bad(name, Msg.of("request-string", type=type_name(value)))
        return None

    def object_or_none(self, name: str) -> Mapping[str, Any] | None:
        value = self.data.get(name)
        if value is None or isinstance(value, Mapping):
            return value
        self._bad(name, Msg.of("request-object", type=type_name(value)))
        return None

    def moves(self, player: int | None, single: bool) -> list[MoveRequest]:
        """``move`` (one) or ``moves`` (a list) of notation strings, or ``{player, move}``."""
        has_one, has_many = "move" in self.data, "moves" in self.data
        if single and has_one and has_many:
            self._bad("moves", Msg.of("request-move-and-moves"))
            return []
        if single and has_one:
            items, path = [self.data["move"]], "move"
        elif has_many:
            items, path = self.data["moves"], "moves"
            if not isinstance(items, list):
                self._bad(path, Msg.of("request-moves-array", type=type_name(items)))
                return []
        else:
            self._bad(
                "moves" if not single else "move",
                Msg.of("request-move-required") if single else Msg.of("request-moves-required"),
            )
            return []
        out: list[MoveRequest] = []
        for i, item in enumerate(items):
            quick = _quick_move_item(item, player)
            if quick is not None:
                out.append(quick)
                continue
            where = path if path == "move" else f"{path}[{i}]"
            unfit = document_problem(item)
            if unfit is not None:
                self.problems.append({"path": f"$.{where}", "reason": unfit})
                continue
            request = parse_move_item(item, player)
            if request is None:
                self.problems.append(
                    {
                        "path": f"$.{where}",
                        "reason": Msg.of("request-not-a-move-item", type=type_name(item)),
                    }
                )
            else:
                out.append(request)
        return out

    def steps(self, name: str, limit: int) -> list[str | Mapping[str, Any]]:
        """A list of at most ``limit`` steps, each a notation string or a move document (the
        game reads them); absent or null: none. Nothing past ``limit`` is looked at."""
        items = self.data.get(name)
        if items is None:
            return []
        if not isinstance(items, list):
            self._bad(name, Msg.of("request-steps-array", type=type_name(items)))
            return []
        if len(items) > limit:
            self._bad(name, Msg.of("request-steps-at-most", limit=limit))
            return []
        out: list[str | Mapping[str, Any]] = []
        for i, item in enumerate(items):
            unfit = document_problem(item)
            if isinstance(item, (str, Mapping)) and unfit is None:
                out.append(item)
                continue
            why = unfit or Msg.of("request-not-a-step", type=type_name(item))
            self.problems.append({"path": f"$.{name}[{i}]", "reason": why})
        return out

    def read(self, fields: Iterable[Field]) -> dict[str, Any]:
        """Each declared field (service/api/contract.py) read by its kind, null or absent as
        None; ``move``/``moves`` as one list of move requests under ``moves``, for the
        ``player`` read with them. Problems collect; ``done()`` raises them."""
        out: dict[str, Any] = {}
        moves: list[Field] = []
        for f in fields:
            if f.kind in ("move", "moves"):
                moves.append(f)
            elif f.kind == "state":
                out[f.name] = self.state()
            elif f.kind == "int":
                out[f.name] = self.int_or_none(f.name, f.required)
            elif f.kind == "bool":
                out[f.name] = self.bool_or_none(f.name)
            elif f.kind in ("str", "text"):
                out[f.name] = self.str_or_none(f.name)
            elif f.kind == "object":
                out[f.name] = self.object_or_none(f.name)
            elif f.kind == "steps":
                out[f.name] = self.steps(f.name, f.schema["maxItems"])
            else:  # json: read by the operation that knows its shape
                out[f.name] = self.data.get(f.name)
        if moves:
            out["moves"] = self.moves(out.get("player"), single=moves[0].kind == "move")
        return out

    def fair(self, start: bool = False) -> Any:
        """``fair`` read by its field in ``core/fields.py`` (the state's, or newGame's with
        ``start``): None when absent or null, else the ``Fair`` of a replay or newGame's
        contributions (a tuple); its problems collect as every other field's."""
        value = self.data.get("fair")
        if value is None:
            return None
        problems = Problems()
        read = (FAIR_START if start else FAIR).read(value, problems, "$.fair")
        if problems:
            self.problems.extend({"path": p.path, "reason": p.why} for p in problems.items)
            return None
        if start:
            return Start(tuple(read.get("contributions") or ()), bool(read.get("open")))
        if read.get("awaiting"):
            # a game replayed has every contribution it will have: it started
            self.problems.append(
                {"path": "$.fair.awaiting", "reason": Msg.of("request-fair-awaited")}
            )
            return None
        return Fair.of(read).game()  # the game's part: a state's ply and parent are its own

    def done(self) -> None:
        if self.problems:
            raise invalid_request(self.problems)


def unknown_field(allowed: Iterable[str]) -> Msg:
    """The reason of a field the body may not have, naming those it may (sorted)."""
    return Msg.of("request-unknown-field", allowed=", ".join(sorted(allowed)))


def document_problem(item: Any) -> Msg | None:
    """Why a move item is no move of any game before a game reads it: a document the answer
    could not echo back (a verdict's problem shows the move), or None."""
    if not isinstance(item, Mapping):
        return None
    problem = jsonio.unprintable(item)
    return None if problem is None else Msg.of("request-move-document", problem=problem)


_ITEM_KEYS = frozenset(("player", "move"))


def _quick_move_item(item: Any, player: int | None) -> MoveRequest | None:
    """A record's usual move item (a notation, or ``{"player": 0, "move": "c3"}``) read with
    no further look, or None for anything else, which ``document_problem`` and
    ``parse_move_item`` read as before (what they would answer for these items)."""
    kind = type(item)
    if kind is str:
        return MoveRequest(item, player)
    if kind is dict and type(item.get("move")) is str and item.keys() <= _ITEM_KEYS:
        who = item.get("player", player)
        if who is None or (type(who) is int and 0 <= who < 2**63):
            return MoveRequest(item["move"], who)
    return None


def parse_move_item(item: Any, player: int | None) -> MoveRequest | None:
    """One entry of a move list; None when it has no shape of a move."""
    if isinstance(item, str):
        return MoveRequest(item, player)
    if isinstance(item, Mapping):
        if set(item) <= {"player", "move"} and "move" in item:
            who, move = item.get("player", player), item["move"]
            if (who is None or (isinstance(who, int) and not isinstance(who, bool))) and (
                isinstance(move, (str, Mapping))
            ):
                return MoveRequest(move, who)
            return None
        return MoveRequest(item, player)
    return None


def bad_text(exc: UnicodeDecodeError, line: int) -> ServiceError:
    """A text body that is not UTF-8 (Python's words for where and why, as they are)."""
    error = Msg.of("error-not-utf8", detail=str(exc))
    return ServiceError(
        "INVALID_RECORD", Msg.of("error-record-line", line=line, error=error), {"line": line}
    )


def json_syntax(exc: jsonio.JSONDecodeError) -> dict[str, Arg]:
    """Where a JSON text breaks, as arguments of a message: the parser's own words for what
    is wrong (orjson's, English), the line, the column and the character's index."""
    return {"detail": exc.msg, "line": exc.lineno, "column": exc.colno, "char": exc.pos}


def bad_json(exc: jsonio.JSONDecodeError) -> ServiceError:
    return ServiceError("MALFORMED_JSON", Msg.of("error-malformed-json", **json_syntax(exc)))


def empty_body() -> ServiceError:
    return ServiceError("MALFORMED_JSON", Msg.of("error-empty-body"))
