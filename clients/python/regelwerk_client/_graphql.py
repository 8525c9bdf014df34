"""GraphQL over HTTP without I/O: the request body and the reading of its answer.

The query text stays fixed and the values travel as variables, so the service's parse and
validation caches work; ``persisted`` sends only the text's sha256 first (automatic
persisted queries) and the text once more when the service does not know it yet.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from hashlib import sha256
from typing import Any, cast

import httpx2

from ._calls import bad_response, language_header
from ._errors import ErrorCode, GraphQLError, message_of
from ._types import ErrorDetails

MEDIA = "application/graphql-response+json"
HEADERS = {"Accept": f"{MEDIA}, application/json;q=0.9"}
PATH = "/graphql"


def headers(language: str | None) -> dict[str, str]:
    """A GraphQL request's headers, with the call's language when it has one of its own."""
    return HEADERS | language_header(language)


def body(
    query: str,
    variables: Mapping[str, Any] | None,
    operation_name: str | None,
    persisted: bool,
    send_text: bool,
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if send_text:
        out["query"] = query
    if variables is not None:
        out["variables"] = variables
    if operation_name is not None:
        out["operationName"] = operation_name
    if persisted:
        digest = sha256(query.encode()).hexdigest()
        out["extensions"] = {"persistedQuery": {"version": 1, "sha256Hash": digest}}
    return out


def unknown_hash(error: GraphQLError) -> bool:
    """The service does not know the persisted query: send it again with its text."""
    return error.code == ErrorCode.PERSISTED_QUERY_NOT_FOUND


def data(response: httpx2.Response) -> dict[str, Any]:
    """The answer's ``data``; an ``errors`` answer raises its first error as GraphQLError."""
    content_type = response.headers.get("content-type", "")
    if not content_type.startswith((MEDIA, "application/json")):
        raise bad_response(response, "the answer is not a GraphQL response")
    try:
        payload = json.loads(response.content)
    except ValueError:
        raise bad_response(response, "the answer is not JSON") from None
    if not isinstance(payload, dict):
        raise bad_response(response, "the answer is not a JSON object")
    answer = cast(dict[str, Any], payload)
    errors, result = answer.get("errors"), answer.get("data")
    if result is not None and not isinstance(result, dict):
        raise bad_response(response, "the answer's data is not an object")
    partial = cast(dict[str, Any] | None, result)
    if errors:
        if not isinstance(errors, list):
            raise bad_response(response, "the answer's errors is not a list")
        raise _error(response, cast(list[object], errors), partial)
    if partial is None or not response.is_success:
        raise bad_response(response, "the answer has neither data nor errors")
    return partial


def _error(
    response: httpx2.Response, errors: list[object], partial: dict[str, Any] | None
) -> GraphQLError:
    first = cast(dict[str, Any], errors[0]) if isinstance(errors[0], dict) else {}
    extensions = first.get("extensions")
    extensions = cast(dict[str, Any], extensions) if isinstance(extensions, dict) else {}
    code = extensions.get("code")
    details = extensions.get("details")
    message = first.get("message")
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    message_id, args = message_of(extensions)  # an API code's message; a request error has none
    return GraphQLError(
        code if isinstance(code, str) and code else ErrorCode.HTTP_ERROR,
        f"{message if isinstance(message, str) else 'GraphQL error'}{more}",
        errors=[cast(dict[str, Any], e) for e in errors if isinstance(e, dict)],
        data=partial,
        status=response.status_code,
        details=cast(ErrorDetails, details) if isinstance(details, dict) else None,
        request_id=response.headers.get("x-request-id"),
        message_id=message_id,
        message_args=args,
    )
