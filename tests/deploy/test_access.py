"""Who reaches what in deploy/: Redis only with the password from a Secret (Kubernetes) or the
shell (compose), and only from the service's pods (NetworkPolicy); Prometheus through the
ServiceMonitor. The passwords are checked the way they are used: the manifests' own Redis
arguments start a real redis-server, and the service's REDIS_URL, expanded as the kubelet or
compose expands it, must log in to it."""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import redis
from redis.backoff import NoBackoff
from redis.connection import parse_url
from redis.retry import Retry
from starlette.testclient import TestClient

from service.app import create_app
from service.settings import Settings

from ..redis_server import free_port
from .manifests import (
    API_LABELS,
    CACHE_AUTH,
    MONITORING,
    REDIS_AUTH,
    compose,
    compose_environment,
    compose_interpolate,
    container_env,
    find,
    generated_configmaps,
    kubelet_expand,
    kustomization,
    only_container,
    pod_labels,
    resources,
    selects,
    yaml_documents,
)

# A password as deploy/README.md makes one (secrets.token_urlsafe): URL-safe as it stands.
PASSWORD = "pR1-nt_3d-by-token_urlsafe"
# The Secrets deploy/README.md has one create before the first apply (regelwerk-secret, the
# signing one, is optional).
README_SECRETS = {"REDIS_PASSWORD": PASSWORD, "CACHE_SECRET": "cAche-k3y_by-token_urlsafe"}


def _client(port: int, password: str | None = None) -> redis.Redis:
    # redis-py retries a failed connection or login for seconds by default.
    return redis.Redis(port=port, password=password, retry=Retry(NoBackoff(), 0))


def _network_policies() -> list[dict[str, Any]]:
    return [doc for _, doc in resources() if doc["kind"] == "NetworkPolicy"]


def _secret_ref(container: Mapping[str, Any], name: str) -> dict[str, Any]:
    (item,) = [item for item in container["env"] if item["name"] == name]
    ref: dict[str, Any] = item["valueFrom"]["secretKeyRef"]
    return ref


def _requirepass(command: list[str]) -> str:
    args = [str(a) for a in command]
    assert args.count("--requirepass") == 1, args
    return args[args.index("--requirepass") + 1]


# ---- NetworkPolicy -----------------------------------------------------------------------------


def test_only_the_api_pods_may_reach_redis_and_only_on_its_port():
    redis_pods = pod_labels("regelwerk-redis")
    api_pods = pod_labels("regelwerk")
    (redis_port,) = only_container("regelwerk-redis")["ports"]
    guarding = [p for p in _network_policies() if selects(p["spec"]["podSelector"], redis_pods)]
    assert [p["metadata"]["name"] for p in guarding] == ["regelwerk-redis"]
    # Policies add up: every one that selects Redis must allow the API pods and nothing else.
    for policy in guarding:
        assert "Ingress" in policy["spec"]["policyTypes"]
        for rule in policy["spec"]["ingress"]:
            assert rule["from"], "a rule without `from` admits every source"
            for peer in rule["from"]:
                assert set(peer) == {"podSelector"}, f"no namespaces or IP blocks: {peer}"
                assert selects(peer["podSelector"], api_pods)
                assert not selects(peer["podSelector"], redis_pods)
                assert peer["podSelector"]["matchLabels"] == API_LABELS
            assert rule["ports"] == [{"protocol": "TCP", "port": redis_port["containerPort"]}]
            assert redis_port["containerPort"] == 6379


def test_the_service_is_reachable_on_its_http_port_only():
    api_pods = pod_labels("regelwerk")
    (http,) = only_container("regelwerk")["ports"]
    guarding = [p for p in _network_policies() if selects(p["spec"]["podSelector"], api_pods)]
    assert [p["metadata"]["name"] for p in guarding] == ["regelwerk"]
    (policy,) = guarding
    assert policy["spec"]["policyTypes"] == ["Ingress"], "egress (Redis, DNS) stays open"
    (rule,) = policy["spec"]["ingress"]
    # From anywhere (Ingress controller, Gateway, Prometheus), to the container port only.
    assert "from" not in rule
    assert rule["ports"] == [{"protocol": "TCP", "port": http["containerPort"]}]
    service_port = find("Service", "regelwerk")["spec"]["ports"][0]["targetPort"]
    assert service_port in (http["name"], http["containerPort"])
    assert not selects(policy["spec"]["podSelector"], pod_labels("regelwerk-redis"))


# ---- Redis auth: Kubernetes --------------------------------------------------------------------


def test_kubernetes_redis_requires_the_password_from_the_secret():
    container = only_container("regelwerk-redis")
    # Required (no `optional`): without the Secret the pod waits rather than runs open.
    assert _secret_ref(container, "REDIS_PASSWORD") == REDIS_AUTH
    command = container.get("command", []) + container["args"]
    assert _requirepass(command) == "$(REDIS_PASSWORD)"
    # The probe's redis-cli logs in through REDISCLI_AUTH, not a command-line password.
    env = container_env(container, {"REDIS_PASSWORD": PASSWORD})
    assert env["REDISCLI_AUTH"] == PASSWORD
    assert container["readinessProbe"]["exec"]["command"] == ["redis-cli", "ping"]


def test_kubernetes_redis_url_is_built_from_the_same_secret_and_names_the_redis_service():
    container = only_container("regelwerk")
    assert _secret_ref(container, "REDIS_PASSWORD") == REDIS_AUTH
    names = [item["name"] for item in container["env"]]
    # The kubelet expands $(NAME) only for names defined above it.
    assert names.index("REDIS_PASSWORD") < names.index("REDIS_URL")
    env = container_env(container, README_SECRETS)
    url = Settings.from_env(env).redis_url
    assert url is not None
    parsed = parse_url(url)
    service = find("Service", "regelwerk-redis")
    (port,) = service["spec"]["ports"]
    assert parsed["password"] == PASSWORD
    assert (parsed["host"], parsed["port"]) == (service["metadata"]["name"], port["port"])
    assert selects({"matchLabels": service["spec"]["selector"]}, pod_labels("regelwerk-redis"))


# ---- the cache key (issue 21, point 5) --------------------------------------------------------


def test_kubernetes_cache_secret_is_required_and_only_the_api_pods_see_it():
    """REDIS_URL needs a key to authenticate Redis values with (the service refuses to start
    without one): required, so a pod without it waits rather than crash-loops, and in a Secret
    of its own, which the Redis pod does not read (Redis is the untrusted party)."""
    assert _secret_ref(only_container("regelwerk"), "CACHE_SECRET") == CACHE_AUTH
    for _, doc in resources():
        if doc["kind"] == "Deployment" and doc["metadata"]["name"] != "regelwerk":
            text = repr(doc)
            assert CACHE_AUTH["name"] not in text and "CACHE_SECRET" not in text
    assert CACHE_AUTH["name"] not in {REDIS_AUTH["name"], "regelwerk-secret"}


def test_the_kubernetes_pod_starts_with_the_secrets_the_readme_creates():
    (configmap,) = generated_configmaps()
    env = {**configmap["data"], **container_env(only_container("regelwerk"), README_SECRETS)}
    settings = Settings.from_env(env)  # Settings.check refuses REDIS_URL without a key
    assert settings.redis_url and settings.cache_mac_key() is not None
    without = {k: v for k, v in env.items() if k != "CACHE_SECRET"}
    with pytest.raises(SystemExit, match="REDIS_URL needs CACHE_SECRET"):
        Settings.from_env(without)


@pytest.mark.parametrize(
    "shell", [{}, {"CACHE_SECRET": "from-the-callers-shell"}], ids=["default", "own"]
)
def test_the_compose_service_starts_with_a_cache_key(shell):
    env = {
        k: compose_interpolate(v, shell)
        for k, v in compose_environment(compose()["services"]["regelwerk"]).items()
    }
    settings = Settings.from_env(env)
    # a laptop's default, like the Redis password; beyond a laptop, the caller's own
    assert settings.redis_url
    assert settings.cache_secret == shell.get("CACHE_SECRET", "regelwerk-local-cache")
    assert "CACHE_SECRET" not in repr(compose()["services"]["redis"])


def test_no_password_and_no_redis_url_in_any_configmap_or_committed_secret():
    for origin, doc in resources():
        assert doc["kind"] != "Secret", f"{origin}: secrets are made with kubectl"
        if doc["kind"] == "ConfigMap":
            assert not {"REDIS_URL", "REDIS_PASSWORD"} & set(doc["data"])
            assert not any("@" in value for value in doc["data"].values())
    assert "secretGenerator" not in kustomization()


# ---- Redis auth: compose -----------------------------------------------------------------------


@pytest.mark.parametrize("shell", [{}, {"REDIS_PASSWORD": PASSWORD}], ids=["default", "from-shell"])
def test_compose_redis_url_carries_the_password_redis_requires(shell):
    services = compose()["services"]
    required = compose_interpolate(_requirepass(services["redis"]["command"]), shell)
    assert required, "compose's Redis must require a password"
    if shell:
        assert required == shell["REDIS_PASSWORD"]
    url = compose_interpolate(compose_environment(services["regelwerk"])["REDIS_URL"], shell)
    parsed = parse_url(url)
    assert (parsed["password"], parsed["host"], parsed["port"]) == (required, "redis", 6379)
    redis_env = compose_environment(services["redis"])
    assert compose_interpolate(redis_env["REDISCLI_AUTH"], shell) == required
    assert services["redis"]["healthcheck"]["test"] == ["CMD", "redis-cli", "ping"]


# ---- Redis auth, for real: the manifests' arguments on a redis-server --------------------------


@contextmanager
def _redis_server(command: list[str], folder: Path) -> Iterator[int]:
    """redis-server with the manifest's arguments, on a free loopback port."""
    binary = shutil.which("redis-server")
    assert binary, "redis-server is not installed (.ci/run installs it)"
    assert command[0] == "redis-server"
    port = free_port()
    local = ["--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder), "--logfile", ""]
    proc = subprocess.Popen(
        [binary, *command[1:], *local], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                _client(port, command[command.index("--requirepass") + 1]).ping()
                break
            except redis.ConnectionError:
                assert time.monotonic() < deadline, "redis-server did not start"
                time.sleep(0.05)
        yield port
    finally:
        proc.kill()
        proc.wait(timeout=10)


def _on_loopback(url: str, port: int) -> str:
    parsed = parse_url(url)
    return url.replace(f"@{parsed['host']}:{parsed['port']}/", f"@127.0.0.1:{port}/")


def _assert_logs_in_and_nobody_else(url: str, port: int, cli_env: Mapping[str, str]) -> None:
    client = redis.Redis.from_url(url)
    assert client.ping() is True
    client.close()
    with pytest.raises(redis.AuthenticationError):
        _client(port).ping()
    with pytest.raises(redis.AuthenticationError):
        _client(port, PASSWORD + "x").ping()
    # The healthcheck/probe, as the container runs it.
    answer = subprocess.run(
        ["redis-cli", "-p", str(port), "ping"],
        env={"PATH": "/usr/bin:/bin", **cli_env},
        capture_output=True,
        text=True,
        timeout=10,
        check=True,
    )
    assert answer.stdout.strip() == "PONG"


def test_kubernetes_redis_url_logs_in_to_redis_started_with_the_manifest_arguments(tmp_path):
    secrets = {"REDIS_PASSWORD": PASSWORD}
    redis_container = only_container("regelwerk-redis")
    redis_env = container_env(redis_container, secrets)
    command = [kubelet_expand(str(a), redis_env) for a in redis_container["args"]]
    url = container_env(only_container("regelwerk"), secrets)["REDIS_URL"]
    with _redis_server(command, tmp_path) as port:
        _assert_logs_in_and_nobody_else(_on_loopback(url, port), port, redis_env)


def test_compose_redis_url_logs_in_to_redis_started_with_the_compose_command(tmp_path):
    shell = {"REDIS_PASSWORD": PASSWORD}
    services = compose()["services"]
    command = [compose_interpolate(str(a), shell) for a in services["redis"]["command"]]
    url = compose_interpolate(compose_environment(services["regelwerk"])["REDIS_URL"], shell)
    cli_env = {
        k: compose_interpolate(v, shell) for k, v in compose_environment(services["redis"]).items()
    }
    with _redis_server(command, tmp_path) as port:
        _assert_logs_in_and_nobody_else(_on_loopback(url, port), port, cli_env)


# ---- ServiceMonitor ----------------------------------------------------------------------------


def test_the_servicemonitor_scrapes_metrics_through_the_service_http_port():
    (monitor,) = yaml_documents(MONITORING / "servicemonitor.yaml")
    assert monitor["apiVersion"] == "monitoring.coreos.com/v1"
    assert monitor["kind"] == "ServiceMonitor"
    assert monitor["metadata"]["name"] == "regelwerk"
    service = find("Service", "regelwerk")
    assert selects(monitor["spec"]["selector"], service["metadata"]["labels"])
    redis_service = find("Service", "regelwerk-redis")
    assert not selects(monitor["spec"]["selector"], redis_service["metadata"]["labels"])
    assert "namespaceSelector" not in monitor["spec"], "the Service is in its own namespace"
    port_names = {port["name"] for port in service["spec"]["ports"]}
    (endpoint,) = monitor["spec"]["endpoints"]
    assert endpoint["port"] in port_names
    assert endpoint["path"] == "/metrics"
    assert set(endpoint) <= {"port", "path", "interval", "scrapeTimeout"}
    # And the service answers that path with Prometheus text.
    answer = TestClient(create_app(Settings())).get(endpoint["path"])
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain")
    assert "# TYPE " in answer.text


def test_the_servicemonitor_is_an_opt_in_kustomize_component():
    component = kustomization(MONITORING)
    assert component["apiVersion"] == "kustomize.config.k8s.io/v1alpha1"
    assert component["kind"] == "Component"
    assert component["resources"] == ["servicemonitor.yaml"]
    main = (MONITORING.parent / "kustomization.yaml").read_text(encoding="utf-8")
    assert "#   - monitoring" in main, "the commented-out line that enables it"
