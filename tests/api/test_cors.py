"""CORS (issue "Front ends without rules", item 3): real preflights against the real server
process, for allowed and refused origins; off by default."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest

from service.settings import Settings

from ..server_process import running_server

ALLOWED = "https://play.example"


def request(url: str, method: str, headers: dict[str, str], body: bytes | None = None):
    req = urllib.request.Request(url, data=body, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, {k.lower(): v for k, v in r.headers.items()}, r.read()
    except urllib.error.HTTPError as e:
        return e.code, {k.lower(): v for k, v in e.headers.items()}, e.read()


def preflight(base: str, path: str, origin: str, method: str = "POST"):
    return request(
        base + path,
        "OPTIONS",
        {
            "origin": origin,
            "access-control-request-method": method,
            "access-control-request-headers": "content-type, accept",
        },
    )


@pytest.mark.slow
def test_preflight_and_requests_from_allowed_and_refused_origins():
    with running_server(CORS_ORIGINS=f"{ALLOWED}, http://localhost:5173") as base:
        for path in ("/graphql", "/v1/games/mixtour/new", "/v1/games/tric-trac/legal-moves"):
            status, headers, _ = preflight(base, path, ALLOWED)
            assert status == 200, path
            assert headers["access-control-allow-origin"] == ALLOWED
            assert "POST" in headers["access-control-allow-methods"]
            allowed = headers["access-control-allow-headers"].lower()
            assert "content-type" in allowed and "accept" in allowed
            assert "access-control-allow-credentials" not in headers
            status, headers, _ = preflight(base, path, "https://evil.example")
            assert status == 400 and "access-control-allow-origin" not in headers

        status, headers, body = request(
            base + "/v1/games/mixtour/new",
            "POST",
            {"origin": ALLOWED, "content-type": "application/json"},
            b"{}",
        )
        assert status == 200 and headers["access-control-allow-origin"] == ALLOWED
        # Error answers carry the header too, or a browser could not read the error code.
        status, headers, body = request(
            base + "/v1/games/nothing/new", "POST", {"origin": ALLOWED}, b"{}"
        )
        assert status == 404 and headers["access-control-allow-origin"] == ALLOWED
        assert b"UNKNOWN_GAME" in body
        status, headers, _ = request(
            base + "/v1/games/mixtour/new", "POST", {"origin": "https://evil.example"}, b"{}"
        )
        assert status == 200 and "access-control-allow-origin" not in headers


@pytest.mark.slow
def test_any_origin_never_allows_credentials():
    with running_server(CORS_ORIGINS="*") as base:
        status, headers, _ = preflight(base, "/graphql", "https://anyone.example")
        assert status == 200 and headers["access-control-allow-origin"] == "*"
        assert "access-control-allow-credentials" not in headers


@pytest.mark.slow
def test_cors_is_off_by_default():
    with running_server() as base:
        status, headers, _ = preflight(base, "/graphql", ALLOWED)
        assert status == 405 and "access-control-allow-origin" not in headers


@pytest.mark.parametrize(
    "bad", ["play.example", "https://play.example/", "https://a.example/path", "ftp://x.example"]
)
def test_a_bad_origin_refuses_to_start(bad):
    with pytest.raises(SystemExit, match="CORS_ORIGINS"):
        Settings.from_env({"CORS_ORIGINS": bad})


def test_good_origins_are_read():
    s = Settings.from_env({"CORS_ORIGINS": "https://a.example, http://localhost:5173,*"})
    assert s.cors_origin_list() == ["https://a.example", "http://localhost:5173", "*"]
