"""Automatic persisted queries (Apollo's protocol, version 1) for ``/graphql``.

A client sends ``extensions.persistedQuery.sha256Hash`` without the query text; when this
process knows the hash it runs the stored query, otherwise it answers the GraphQL error
``PersistedQueryNotFound`` and the client retries once with the text, which is then stored.
GET requests then carry only a hash and variables, so they are small and HTTP-cacheable.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator
from hashlib import sha256

from graphql import GraphQLError
from strawberry.extensions import SchemaExtension

MAX_QUERIES = 1000
_store: OrderedDict[str, str] = OrderedDict()


def remember(digest: str, query: str) -> None:
    _store[digest] = query
    _store.move_to_end(digest)
    while len(_store) > MAX_QUERIES:
        _store.popitem(last=False)


class PersistedQueries(SchemaExtension):
    def on_operation(self) -> Iterator[None]:
        context = self.execution_context
        persisted = (context.operation_extensions or {}).get("persistedQuery")
        if isinstance(persisted, dict):
            digest = persisted.get("sha256Hash")
            if persisted.get("version") != 1 or not isinstance(digest, str):
                raise GraphQLError(
                    "persistedQuery needs version 1 and a sha256Hash",
                    extensions={"code": "PERSISTED_QUERY_INVALID"},
                )
            if context.query:
                if sha256(context.query.encode()).hexdigest() != digest:
                    raise GraphQLError(
                        "provided sha256Hash does not match the query",
                        extensions={"code": "PERSISTED_QUERY_HASH_MISMATCH"},
                    )
                remember(digest, context.query)
            else:
                query = _store.get(digest)
                if query is None:
                    raise GraphQLError(
                        "PersistedQueryNotFound", extensions={"code": "PERSISTED_QUERY_NOT_FOUND"}
                    )
                _store.move_to_end(digest)
                context.query = query
        yield
