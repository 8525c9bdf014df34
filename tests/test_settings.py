"""Settings (issue "Hardening", item 5): parsed strictly; a bad value refuses to start with a
message naming the setting, and every bad setting is named at once."""

from __future__ import annotations

import subprocess
import sys

import pytest

from service.settings import Settings

from .server_process import ROOT


@pytest.mark.parametrize(
    ("word", "value"),
    [
        ("true", True),
        ("TRUE", True),
        ("1", True),
        ("yes", True),
        ("On", True),
        ("false", False),
        ("0", False),
        ("no", False),
        ("off", False),
        (" off ", False),
    ],
)
def test_booleans_take_only_the_usual_words(word, value):
    assert (
        Settings.from_env({"REQUIRE_SIGNED_STATE": word, "RULES_SECRET": "s"}).require_signed_state
        is value
    )


@pytest.mark.parametrize("word", ["ture", "y", "2", "enabled", "yes please", "falsch"])
def test_any_other_boolean_refuses_to_start(word):
    with pytest.raises(SystemExit, match=f"REQUIRE_SIGNED_STATE must be true or false.*{word!r}"):
        Settings.from_env({"REQUIRE_SIGNED_STATE": word})


@pytest.mark.parametrize("raw", ["eighty", "80.0", "8_000", "0x50", "", " "])
def test_integers_are_plain_digits(raw):
    if not raw.strip():
        assert Settings.from_env({"PORT": raw}).port == 8000  # empty means unset
        return
    with pytest.raises(SystemExit, match=f"PORT must be an integer, got {raw!r}"):
        Settings.from_env({"PORT": raw})


def test_every_bad_setting_is_named_at_once():
    with pytest.raises(SystemExit) as caught:
        Settings.from_env({"PORT": "x", "WORKERS": "y", "REQUIRE_SIGNED_STATE": "ture"})
    message = str(caught.value)
    assert "PORT" in message and "WORKERS" in message and "REQUIRE_SIGNED_STATE" in message


def test_the_server_refuses_to_start_on_a_bad_setting():
    """As a person starts it: the process exits non-zero and says which setting is wrong."""
    env = {"PATH": "/usr/bin:/bin", "REQUIRE_SIGNED_STATE": "ture"}
    done = subprocess.run(
        [sys.executable, "-m", "service", "--port", "1"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "REQUIRE_SIGNED_STATE must be true or false" in done.stderr + done.stdout


def test_cache_bounds_are_zero_or_more():
    """CACHE_MAX_BYTES (issue 21, point 3) beside CACHE_ENTRIES: 0 turns the cache off."""
    assert Settings.from_env({"CACHE_MAX_BYTES": "0"}).cache_max_bytes == 0
    assert Settings.from_env({}).cache_max_bytes == 256 * 1024 * 1024
    assert Settings.from_env({"ANSWER_CACHE_BYTES": "0"}).answer_cache_bytes == 0
    with pytest.raises(SystemExit, match="ANSWER_CACHE_BYTES must be 0"):
        Settings.from_env({"ANSWER_CACHE_BYTES": "-1"})
    with pytest.raises(
        SystemExit, match="CACHE_ENTRIES, CACHE_MAX_BYTES and ANSWER_CACHE_BYTES must be 0"
    ):
        Settings.from_env({"CACHE_MAX_BYTES": "-1"})


def test_redis_needs_a_key_to_authenticate_its_values():
    """Issue 21, point 5: what Redis returns is used only when authenticated, so REDIS_URL
    needs CACHE_SECRET, or RULES_SECRET to derive one from; neither refuses to start."""
    url = {"REDIS_URL": "redis://cache:6379/0"}
    with pytest.raises(SystemExit, match="REDIS_URL needs CACHE_SECRET"):
        Settings.from_env(url)
    assert Settings.from_env(url | {"CACHE_SECRET": "c" * 16}).cache_mac_key()
    assert Settings.from_env(url | {"RULES_SECRET": "r"}).cache_mac_key()
    assert Settings.from_env({}).cache_mac_key() is None  # no Redis, no key needed


SAME = "one-secret-for-both-jobs"


@pytest.mark.parametrize(
    "env",
    [
        {"RULES_SECRET": SAME, "CACHE_SECRET": SAME},
        {"RULES_SECRET": "new", "RULES_PREVIOUS_SECRETS": f"old,{SAME}", "CACHE_SECRET": SAME},
    ],
    ids=["rules-secret", "previous-secret"],
)
def test_the_cache_secret_is_no_signing_secret(env):
    with pytest.raises(SystemExit, match="CACHE_SECRET repeats RULES_SECRET") as caught:
        Settings.from_env(env)
    assert SAME not in str(caught.value)  # named, never shown


def test_the_cache_secret_is_long_enough_and_never_in_a_repr():
    with pytest.raises(SystemExit, match="CACHE_SECRET must be at least 16 characters"):
        Settings.from_env({"CACHE_SECRET": "short-secret"})
    assert "hush" not in repr(Settings(cache_secret="hush"))
