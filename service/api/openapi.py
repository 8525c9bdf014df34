"""The OpenAPI 3.1 document of the REST API, built from the registry (``/openapi.json``)."""

from __future__ import annotations

from typing import Any

from .ops import Rules

JSON = dict[str, Any]


def _ref(name: str) -> JSON:
    return {"$ref": f"#/components/schemas/{name}"}


def _obj(props: JSON, required: list[str] | None = None, **extra: Any) -> JSON:
    out: JSON = {"type": "object", "properties": props, "additionalProperties": False}
    if required:
        out["required"] = required
    out.update(extra)
    return out


INT_LIST = {"type": "array", "items": {"type": "integer"}}
PLAYER = {"type": "integer", "minimum": 0, "description": "0-based player number"}
MOVE = {
    "oneOf": [
        {"type": "string", "description": "move notation"},
        {"type": "object", "description": "a move document"},
    ]
}
ERRORS = {
    "400": "Malformed JSON (MALFORMED_JSON) or wrong fields (INVALID_REQUEST)",
    "404": "Unknown game (UNKNOWN_GAME)",
    "413": "Body too large (BODY_TOO_LARGE) or too many moves (TOO_MANY_MOVES)",
    "422": "Illegal move, invalid notation, not your turn, game over, invalid state or "
    "options, bad player, tampered state (details say which; details.ply in lists)",
}


def _schemas(rules: Rules) -> JSON:
    states = {}
    for engine in rules.registry.values():
        schema = {k: v for k, v in engine.state_schema().items() if k not in ("$schema", "$id")}
        states[f"State.{engine.id}"] = schema
    position_props = {
        "state": _ref("State"),
        "toMove": {
            **INT_LIST,
            "description": "players who may act now (empty at a chance node or when finished)",
        },
        "isChance": {"type": "boolean"},
        "status": {"enum": ["ongoing", "finished"]},
        "winners": {**INT_LIST, "description": "ties share the win; empty for a draw"},
        "scores": INT_LIST,
    }
    required = list(position_props)
    return {
        **states,
        "State": {
            "oneOf": [_ref(name) for name in states],
            "description": "A game state document; see schema/states/<game>.json",
        },
        "Error": _obj(
            {
                "error": _obj(
                    {
                        "code": {"type": "string", "description": "stable error code"},
                        "message": {"type": "string"},
                        "details": {
                            "type": "object",
                            "description": "reason, rule, ply, problems…",
                        },
                    },
                    ["code", "message", "details"],
                )
            },
            ["error"],
        ),
        "Game": {
            "type": "object",
            "required": [
                "id",
                "name",
                "minPlayers",
                "maxPlayers",
                "rulesVersion",
                "chance",
                "hiddenInformation",
                "simultaneous",
                "options",
            ],
            "properties": {
                "id": {"type": "string"},
                "name": {"type": "string"},
                "minPlayers": {"type": "integer"},
                "maxPlayers": {"type": "integer"},
                "rulesVersion": {"type": "string"},
                "chance": {"type": "boolean"},
                "hiddenInformation": {"type": "boolean"},
                "simultaneous": {"type": "boolean"},
                "options": {
                    "type": "object",
                    "additionalProperties": {
                        "type": "object",
                        "required": ["default", "description"],
                    },
                },
            },
        },
        "Position": _obj(position_props, required),
        "PlayAnswer": _obj(
            {**position_props, "events": {"type": "array", "items": {"type": "object"}}},
            [*required, "events"],
        ),
        "ReplayAnswer": _obj(
            {**position_props, "plies": {"type": "integer"}}, [*required, "plies"]
        ),
        "LegalMoves": _obj(
            {
                "toMove": INT_LIST,
                "isChance": {"type": "boolean"},
                "moves": {
                    "type": "array",
                    "items": _obj(
                        {"notation": {"type": "string"}, "probability": {"type": "number"}},
                        ["notation"],
                    ),
                },
            },
            ["toMove", "isChance", "moves"],
        ),
        "Score": _obj(
            {
                "scores": INT_LIST,
                "status": {"enum": ["ongoing", "finished"]},
                "winners": INT_LIST,
                "reason": {"type": ["string", "null"]},
                "breakdown": {"type": "object"},
            },
            ["scores", "status", "winners", "breakdown"],
        ),
        "View": _obj({"view": {"type": "object"}}, ["view"]),
    }


def _post(summary: str, body: JSON, answer: JSON, media: str = "application/json") -> JSON:
    responses: JSON = {"200": {"description": "OK", "content": {media: {"schema": answer}}}}
    for status, text in ERRORS.items():
        responses[status] = {
            "description": text,
            "content": {"application/json": {"schema": _ref("Error")}},
        }
    return {
        "post": {
            "summary": summary,
            "parameters": [
                {
                    "name": "game",
                    "in": "path",
                    "required": True,
                    "schema": {"type": "string"},
                    "description": "game id, e.g. mixtour",
                }
            ],
            "requestBody": {"required": True, "content": {"application/json": {"schema": body}}},
            "responses": responses,
        }
    }


def openapi(rules: Rules) -> JSON:
    state = {"state": _ref("State")}
    g = "/v1/games/{game}"
    new_body = _obj(
        {
            "players": {"type": "integer"},
            "options": {"type": "object"},
            "seed": {"type": "string", "minLength": 1, "maxLength": 200},
        }
    )
    moves = {
        "type": "array",
        "items": {"oneOf": [MOVE, _obj({"player": PLAYER, "move": MOVE}, ["move"])]},
    }
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Regelwerk",
            "version": "1",
            "description": "Stateless rules service: send a state, get legal moves, the "
            "next state, scores and the result. GraphQL at /graphql.",
        },
        "paths": {
            "/v1/games": {
                "get": {
                    "summary": "The games and their options",
                    "responses": {
                        "200": {
                            "description": "OK",
                            "content": {
                                "application/json": {
                                    "schema": _obj(
                                        {"games": {"type": "array", "items": _ref("Game")}},
                                        ["games"],
                                    )
                                }
                            },
                        }
                    },
                }
            },
            f"{g}/new": _post(
                "Start a game (seeded: opening chance sampled)", new_body, _ref("Position")
            ),
            f"{g}/position": _post(
                "Validate a state and derive everything", _obj(state, ["state"]), _ref("Position")
            ),
            f"{g}/legal-moves": _post(
                "Legal moves, or chance outcomes with probabilities",
                _obj({**state, "player": PLAYER}, ["state"]),
                _ref("LegalMoves"),
            ),
            f"{g}/play": _post(
                "Play one move or a list",
                _obj(
                    {
                        **state,
                        "move": MOVE,
                        "moves": moves,
                        "player": PLAYER,
                        "autoChance": {"type": "boolean"},
                    },
                    ["state"],
                ),
                _ref("PlayAnswer"),
            ),
            f"{g}/score": _post(
                "Scores, status, winners and the breakdown", _obj(state, ["state"]), _ref("Score")
            ),
            f"{g}/replay": _post(
                "Replay a game from its start",
                _obj(
                    {
                        "players": {"type": "integer"},
                        "options": {"type": "object"},
                        "seed": {"type": "string"},
                        "moves": moves,
                    },
                    ["moves"],
                ),
                _ref("ReplayAnswer"),
            ),
            f"{g}/view": _post(
                "What one player may see",
                _obj({**state, "player": PLAYER}, ["state"]),
                _ref("View"),
            ),
            f"{g}/render": _post(
                "An SVG picture of the position",
                _obj({**state, "player": PLAYER}, ["state"]),
                {"type": "string"},
                "image/svg+xml",
            ),
            "/healthz": {
                "get": {"summary": "Liveness", "responses": {"200": {"description": "alive"}}}
            },
            "/readyz": {
                "get": {
                    "summary": "Readiness (never depends on Redis)",
                    "responses": {"200": {"description": "ready"}},
                }
            },
            "/metrics": {
                "get": {
                    "summary": "Prometheus metrics",
                    "responses": {"200": {"description": "text exposition format"}},
                }
            },
        },
        "components": {"schemas": _schemas(rules)},
    }
