"""A typed client for the Regelwerk REST API (standard library only).

>>> api = Regelwerk("http://127.0.0.1:8000")      # doctest: +SKIP
>>> api.new("mixtour")["toMove"]                   # doctest: +SKIP
[0]
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any, NotRequired, TypedDict

__all__ = [
    "LegalMoves",
    "Move",
    "Played",
    "Position",
    "Regelwerk",
    "RegelwerkError",
    "Replayed",
    "Score",
]

Move = str | dict[str, Any]


class Position(TypedDict):
    state: dict[str, Any]
    toMove: list[int]
    isChance: bool
    status: str
    winners: list[int]
    scores: list[int]


class Played(Position):
    events: list[dict[str, Any]]


class Replayed(Position):
    plies: int


class LegalMove(TypedDict):
    notation: str
    move: dict[str, Any]  # the move document; play accepts it instead of the notation
    probability: NotRequired[float]


class LegalMoves(TypedDict):
    toMove: list[int]
    isChance: bool
    moves: list[LegalMove]


class Score(TypedDict):
    scores: list[int]
    status: str
    winners: list[int]
    reason: str | None
    breakdown: dict[str, Any]


class RegelwerkError(Exception):
    """A refusal: ``code`` is stable (``ILLEGAL_MOVE``, ``INVALID_STATE``, …)."""

    def __init__(self, status: int, code: str, message: str, details: dict[str, Any]) -> None:
        super().__init__(f"{code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.details = details


class Regelwerk:
    def __init__(self, base_url: str, timeout: float = 10.0) -> None:
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout

    def _call(self, path: str, body: dict[str, Any] | None = None) -> Any:
        raw = self._request(path, body)
        return json.loads(raw)

    def _request(self, path: str, body: dict[str, Any] | None) -> bytes:
        data = (
            None
            if body is None
            else json.dumps({k: v for k, v in body.items() if v is not None}).encode()
        )
        request = urllib.request.Request(
            self.base_url + path,
            data=data,
            method="GET" if data is None else "POST",
            headers={"content-type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                result: bytes = answer.read()
                return result
        except urllib.error.HTTPError as exc:
            payload = exc.read()
            try:
                error = json.loads(payload)["error"]
            except (ValueError, KeyError, TypeError):
                raise RegelwerkError(
                    exc.code, "HTTP_ERROR", payload.decode(errors="replace"), {}
                ) from None
            raise RegelwerkError(
                exc.code, error["code"], error["message"], error.get("details", {})
            ) from None

    def games(self) -> list[dict[str, Any]]:
        games: list[dict[str, Any]] = self._call("/v1/games")["games"]
        return games

    def new(
        self,
        game: str,
        players: int | None = None,
        options: dict[str, Any] | None = None,
        seed: str | None = None,
    ) -> Position:
        body = {"players": players, "options": options, "seed": seed}
        result: Position = self._call(f"/v1/games/{game}/new", body)
        return result

    def position(self, game: str, state: dict[str, Any]) -> Position:
        result: Position = self._call(f"/v1/games/{game}/position", {"state": state})
        return result

    def legal_moves(
        self, game: str, state: dict[str, Any], player: int | None = None
    ) -> LegalMoves:
        body = {"state": state, "player": player}
        result: LegalMoves = self._call(f"/v1/games/{game}/legal-moves", body)
        return result

    def play(
        self,
        game: str,
        state: dict[str, Any],
        moves: Move | list[Move],
        player: int | None = None,
        auto_chance: bool | None = None,
    ) -> Played:
        listed = moves if isinstance(moves, list) else [moves]
        body = {"state": state, "moves": listed, "player": player, "autoChance": auto_chance}
        result: Played = self._call(f"/v1/games/{game}/play", body)
        return result

    def score(self, game: str, state: dict[str, Any]) -> Score:
        result: Score = self._call(f"/v1/games/{game}/score", {"state": state})
        return result

    def replay(
        self,
        game: str,
        moves: list[Move | dict[str, Any]],
        players: int | None = None,
        options: dict[str, Any] | None = None,
        seed: str | None = None,
        key_id: str | None = None,
    ) -> Replayed:
        """``key_id``: the game's signing key (its ``sig`` before the dot), after a rotation."""
        body = {
            "moves": moves,
            "players": players,
            "options": options,
            "seed": seed,
            "keyId": key_id,
        }
        result: Replayed = self._call(f"/v1/games/{game}/replay", body)
        return result

    def view(self, game: str, state: dict[str, Any], player: int | None = None) -> dict[str, Any]:
        view: dict[str, Any] = self._call(
            f"/v1/games/{game}/view", {"state": state, "player": player}
        )["view"]
        return view

    def render(self, game: str, state: dict[str, Any], player: int | None = None) -> str:
        body = {"state": state, "player": player}
        return self._request(f"/v1/games/{game}/render", body).decode()
