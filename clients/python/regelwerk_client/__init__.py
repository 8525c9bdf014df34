"""A typed client for the Regelwerk rules service (REST under /v1, GraphQL at /graphql).

>>> from regelwerk_client import Regelwerk, MoveRejected
>>> with Regelwerk("http://127.0.0.1:8000") as rw:  # doctest: +SKIP
...     pos = rw.new_game("tric-trac", seed="table-7")
...     move = rw.legal_moves("tric-trac", pos["state"])["moves"][0]
...     pos = rw.play("tric-trac", pos["state"], move["move"])

``AsyncRegelwerk`` offers the same calls for asyncio. Answers are TypedDicts named as the
OpenAPI components (``Position``, ``PlayAnswer``, ``VerifyAnswer``, ...); every failure is a
``RegelwerkError`` with an ``ErrorCode``.
"""

from ._async import AsyncRegelwerk
from ._errors import (
    CLIENT_CODES,
    GRAPHQL_CODES,
    REST_CODES,
    ErrorCode,
    GraphQLError,
    InvalidRecord,
    InvalidRequest,
    InvalidState,
    LimitExceeded,
    MoveRejected,
    RegelwerkError,
    ServerError,
    StateTampered,
    TransportError,
    UnknownGame,
)
from ._sync import Regelwerk
from ._types import (
    BatchVerdict,
    Certificate,
    CertificateCheck,
    Claimed,
    Error,
    ErrorBody,
    ErrorDetails,
    Event,
    Game,
    GameId,
    GameList,
    Language,
    LegalMove,
    LegalMoves,
    Message,
    MessageArgs,
    Move,
    MoveDocument,
    MoveEntry,
    PlayAnswer,
    PlayerMove,
    Position,
    Problem,
    ProblemCode,
    ReplayAnswer,
    Rules,
    RuleText,
    Score,
    State,
    Status,
    SuggestAnswer,
    SuggestedMove,
    SuggestStats,
    TopMove,
    VerifyAnswer,
    VerifyProblem,
    View,
    ViewAnswer,
)
from ._version import __version__

# The names of the single-module client (0.1), kept for code written against it.
Played = PlayAnswer
Replayed = ReplayAnswer

__all__ = [
    "CLIENT_CODES",
    "GRAPHQL_CODES",
    "REST_CODES",
    "AsyncRegelwerk",
    "BatchVerdict",
    "Certificate",
    "CertificateCheck",
    "Claimed",
    "Error",
    "ErrorBody",
    "ErrorCode",
    "ErrorDetails",
    "Event",
    "Game",
    "GameId",
    "GameList",
    "GraphQLError",
    "InvalidRecord",
    "InvalidRequest",
    "InvalidState",
    "Language",
    "LegalMove",
    "LegalMoves",
    "LimitExceeded",
    "Message",
    "MessageArgs",
    "Move",
    "MoveDocument",
    "MoveEntry",
    "MoveRejected",
    "PlayAnswer",
    "Played",
    "PlayerMove",
    "Position",
    "Problem",
    "ProblemCode",
    "Regelwerk",
    "RegelwerkError",
    "ReplayAnswer",
    "Replayed",
    "RuleText",
    "Rules",
    "Score",
    "ServerError",
    "State",
    "StateTampered",
    "Status",
    "SuggestAnswer",
    "SuggestStats",
    "SuggestedMove",
    "TopMove",
    "TransportError",
    "UnknownGame",
    "VerifyAnswer",
    "VerifyProblem",
    "View",
    "ViewAnswer",
    "__version__",
]
