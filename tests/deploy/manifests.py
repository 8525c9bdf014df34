"""deploy/ read as the tools read it: kustomize's resources and configMapGenerator, the kubelet's
``$(VAR)`` expansion, compose's ``${VAR:-default}`` interpolation. Small on purpose: each helper
does only what deploy/ uses and fails on anything else, so a new feature gets a new helper."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import fields
from pathlib import Path
from typing import Any

import yaml

from service.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
K8S = DEPLOY / "k8s"
MONITORING = K8S / "monitoring"

API_LABELS = {"app.kubernetes.io/name": "regelwerk", "app.kubernetes.io/component": "api"}
CACHE_LABELS = {"app.kubernetes.io/name": "regelwerk", "app.kubernetes.io/component": "cache"}

# The Secret that holds Redis' password, and its key (created with kubectl, never committed).
REDIS_AUTH = {"name": "regelwerk-redis-auth", "key": "REDIS_PASSWORD"}
# The Secret of the key that authenticates Redis values: the service's alone, never Redis'.
CACHE_AUTH = {"name": "regelwerk-cache-secret", "key": "CACHE_SECRET"}


def _spelled(value: object) -> str:
    """A default as the environment spells it ("" = unset, booleans 0/1)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(int(value))
    return str(value)


# Every setting of the service with its default, from Settings itself (issue 23: a table kept
# by hand in the tests once went stale); deploy/, the READMEs and the docs are held to it.
SETTINGS = {f.name.upper(): _spelled(f.default) for f in fields(Settings)}


def yaml_documents(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as f:
        return [doc for doc in yaml.safe_load_all(f) if doc is not None]


def kustomization(folder: Path = K8S) -> dict[str, Any]:
    (document,) = yaml_documents(folder / "kustomization.yaml")
    return document


def manifest_files() -> list[Path]:
    return sorted(p for p in K8S.glob("*.yaml") if p.name != "kustomization.yaml")


def env_file(path: Path) -> dict[str, str]:
    """kustomize's env-file format: ``KEY=value``, the value verbatim after the first ``=``."""
    data: dict[str, str] = {}
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.lstrip()
        if not line or line.startswith("#"):
            continue
        key, equals, value = line.partition("=")
        where = f"{path.name}:{number}"
        # Without "=", kustomize copies the variable from the shell that runs it.
        assert equals, f"{where}: no '=': the value would come from the caller's environment"
        assert re.fullmatch(r"[A-Z_][A-Z0-9_]*", key), f"{where}: bad name {key!r}"
        # kustomize keeps quotes and trailing blanks as part of the value.
        assert value == value.rstrip(), f"{where}: trailing blanks would be part of the value"
        assert value[:1] not in ('"', "'"), f"{where}: quotes would be part of the value"
        assert key not in data, f"{where}: {key} set twice"
        data[key] = value
    return data


def generated_configmaps() -> list[dict[str, Any]]:
    """The ConfigMaps of the configMapGenerator, named as written (kustomize adds a hash)."""
    maps = []
    for generator in kustomization().get("configMapGenerator", []):
        assert set(generator) <= {"name", "envs", "options"}, generator
        assert "behavior" not in generator.get("options", {})
        data: dict[str, str] = {}
        for name in generator["envs"]:
            for key, value in env_file(K8S / name).items():
                assert key not in data, f"{key} in two env files"
                data[key] = value
        maps.append(
            {
                "apiVersion": "v1",
                "kind": "ConfigMap",
                "metadata": {"name": generator["name"], **generator.get("options", {})},
                "data": data,
            }
        )
    return maps


def resources() -> list[tuple[str, dict[str, Any]]]:
    """(origin, document) for everything ``kubectl apply -k deploy/k8s`` creates."""
    found = [(path.name, doc) for path in manifest_files() for doc in yaml_documents(path)]
    found += [("configMapGenerator", doc) for doc in generated_configmaps()]
    return found


def find(kind: str, name: str) -> dict[str, Any]:
    found = [
        doc for _, doc in resources() if doc["kind"] == kind and doc["metadata"]["name"] == name
    ]
    assert len(found) == 1, f"expected one {kind} {name}, found {len(found)}"
    return found[0]


def pod_spec(deployment_name: str) -> dict[str, Any]:
    spec: dict[str, Any] = find("Deployment", deployment_name)["spec"]["template"]["spec"]
    return spec


def containers(deployment_name: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = pod_spec(deployment_name)["containers"]
    return found


def only_container(deployment_name: str) -> dict[str, Any]:
    (container,) = containers(deployment_name)
    return container


def pod_labels(deployment_name: str) -> dict[str, str]:
    labels: dict[str, str] = find("Deployment", deployment_name)["spec"]["template"]["metadata"][
        "labels"
    ]
    return labels


def selects(selector: Mapping[str, Any], labels: Mapping[str, str]) -> bool:
    """A LabelSelector (matchLabels only, as deploy/ writes them) against a pod's labels."""
    assert set(selector) <= {"matchLabels"}, f"matchExpressions not supported here: {selector}"
    return selector.get("matchLabels", {}).items() <= labels.items()


def kubelet_expand(value: str, env: Mapping[str, str]) -> str:
    """``$(NAME)`` as the kubelet expands it in env values and args: defined names only."""
    return re.sub(
        r"\$\$|\$\(([A-Za-z_][A-Za-z0-9_]*)\)",
        lambda m: "$" if m.group(0) == "$$" else env.get(m.group(1), m.group(0)),
        value,
    )


def container_env(container: Mapping[str, Any], secrets: Mapping[str, str]) -> dict[str, str]:
    """The explicit ``env`` of a container as the kubelet builds it, in order: secretKeyRef
    from ``secrets`` (by key), ``$(NAME)`` only of names defined above."""
    env: dict[str, str] = {}
    for item in container.get("env", []):
        if "value" in item:
            env[item["name"]] = kubelet_expand(item["value"], env)
        elif "secretKeyRef" in item["valueFrom"] and item["valueFrom"]["secretKeyRef"]["key"] in (
            secrets
        ):
            env[item["name"]] = secrets[item["valueFrom"]["secretKeyRef"]["key"]]
    return env


def compose() -> dict[str, Any]:
    with (DEPLOY / "compose.yaml").open(encoding="utf-8") as f:
        document: dict[str, Any] = yaml.safe_load(f)
    return document


def compose_environment(service: Mapping[str, Any]) -> dict[str, str]:
    env = service.get("environment", {})
    if isinstance(env, list):  # the "- NAME=value" form
        env = dict(item.split("=", 1) if "=" in item else (item, "") for item in env)
    return {str(k): str(v) for k, v in env.items()}


def compose_interpolate(value: str, shell: Mapping[str, str]) -> str:
    """Compose's ``$$``, ``${NAME}``, ``${NAME:-default}`` and ``${NAME-default}``."""

    def one(match: re.Match[str]) -> str:
        if match.group(0) == "$$":
            return "$"
        name, operator, default = match.group(1), match.group(2), match.group(3) or ""
        if operator == ":-":
            return shell.get(name) or default
        if operator == "-":
            return shell.get(name, default)
        return shell.get(name, "")

    result = re.sub(r"\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:-|-)([^}]*))?\}", one, value)
    assert "${" not in result, f"unsupported interpolation in {value!r}"
    return result
