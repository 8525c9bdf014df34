"""Pure rules engines (stdlib only: no I/O, no clock, no global random) and their registry."""

from __future__ import annotations

from typing import Any

from .core import Game
from .mixtour import ENGINE as MIXTOUR
from .te_trix import ENGINE as TE_TRIX
from .tric_trac import ENGINE as TRIC_TRAC
from .triominos_junior import ENGINE as TRIOMINOS_JUNIOR

REGISTRY: dict[str, Game[Any, Any]] = {
    engine.id: engine for engine in (MIXTOUR, TRIC_TRAC, TE_TRIX, TRIOMINOS_JUNIOR)
}
