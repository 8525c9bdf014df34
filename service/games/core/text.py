"""Words for people, kept language-free: a message id and its named arguments.

An engine never writes a sentence. It names a message of the catalog (``mixtour-no-supply``)
and its arguments (``player=0``); the service renders it in the language a request asks for
(``service/text.py``, with the texts in each game's ``messages/<language>.ftl``). A result
that holds a :class:`Msg` is therefore the same in every language, and so is its cache entry.

An argument is an integer, a string taken as it is (notation, a JSON path, a code), or
another message, rendered first in the same language (the move an error happened at, the
reason inside it).

>>> Msg.of("mixtour-no-supply", player=0).wire()
{'messageId': 'mixtour-no-supply', 'args': {'player': 0}}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Union

Arg = Union[int, str, "Msg"]


@dataclass(frozen=True, slots=True)
class Msg:
    """A message of the catalog by id, with its arguments (sorted by name: hashable, and
    equal messages compare equal)."""

    id: str
    items: tuple[tuple[str, Arg], ...] = ()

    @classmethod
    def of(cls, id_: str, /, **args: Arg) -> Msg:
        return cls(id_, tuple(sorted(args.items())))

    def wire(self) -> dict[str, object]:
        """``messageId`` and ``args`` as an answer carries them; a message argument nests
        as its own ``messageId`` and ``args``."""
        return {
            "messageId": self.id,
            "args": {k: v.wire() if isinstance(v, Msg) else v for k, v in self.items},
        }

    def __str__(self) -> str:
        return rendered(self)


class Worded(Exception):
    """An error that says a message: ``msg`` kept as it is (rendered when the answer is
    written), ``message`` and ``str()`` in the language of the answer being written."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(msg)
        self.msg = msg

    @property
    def message(self) -> str:
        return str(self.msg)

    def __str__(self) -> str:
        return self.message


def _plain(msg: Msg) -> str:
    """Before the service's catalog is loaded: the id and the arguments, never empty."""
    inner = ", ".join(f"{k}={v}" for k, v in msg.items)
    return f"{msg.id}({inner})" if inner else msg.id


_renderer: Callable[[Msg], str] = _plain


def rendered(msg: Msg) -> str:
    """The message in the language of the answer being written, once the service's catalog
    is loaded (``service/text.py`` installs it; English outside a request), else its id and
    arguments: what ``str()`` of a message or an error shows."""
    return _renderer(msg)


def install(renderer: Callable[[Msg], str]) -> None:
    """Called once by the catalog: how :func:`rendered` renders from then on."""
    global _renderer
    _renderer = renderer
