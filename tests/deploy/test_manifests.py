"""deploy/ checked offline: the Kubernetes manifests (as kustomize renders them) against the
Kubernetes API schemas and against each other, compose.yaml, the Dockerfile, and the settings
named in every place against the one list of settings. Needs neither Docker nor a cluster.
Redis auth, the NetworkPolicies and the ServiceMonitor: test_access.py."""

from __future__ import annotations

import json
import re
from dataclasses import fields
from pathlib import Path

import kubernetes_validate
import pytest

from service.__main__ import GRACEFUL_SHUTDOWN_SECONDS
from service.settings import Settings

from .manifests import (
    API_LABELS,
    CACHE_LABELS,
    DEPLOY,
    K8S,
    ROOT,
    SETTINGS,
    compose,
    compose_environment,
    containers,
    find,
    generated_configmaps,
    kustomization,
    manifest_files,
    only_container,
    pod_labels,
    pod_spec,
    resources,
)

# The oldest Kubernetes we claim to support and the newest schema set kubernetes-validate ships.
# The preStop `sleep` handler is beta, on by default, from 1.30 (GA in 1.34).
KUBERNETES_VERSIONS = ("1.30", "1.37")


SIGNING_SECRETS = {"RULES_SECRET", "RULES_PREVIOUS_SECRETS"}
SECRET_SETTINGS = SIGNING_SECRETS | {"CACHE_SECRET"}
# Where settings.env departs from a default, on purpose.
K8S_CHOICES = {"HOST": "0.0.0.0", "LOG_FORMAT": "json"}
# Not in settings.env: it carries the Redis password, so the Deployment builds it from the
# Secret (test_access.py).
BUILT_IN_THE_DEPLOYMENT = {"REDIS_URL"}

REDIS_CACHE_FLAGS = ("--maxmemory", "--maxmemory-policy", "allkeys-lru", "--save", "--appendonly")


# ---- loading ------------------------------------------------------------------------------------


def _settings_table(readme: Path) -> dict[str, str]:
    """The ``## Settings`` table of a README: variable name -> default column."""
    text = readme.read_text(encoding="utf-8")
    match = re.search(r"^## Settings\s*$(.*?)(?=^#{1,2} |\Z)", text, re.MULTILINE | re.DOTALL)
    assert match, f"{readme} has no '## Settings' section"
    table: dict[str, str] = {}
    for line in match.group(1).splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        name = re.fullmatch(r"`([A-Z][A-Z0-9_]*)`", cells[0]) if line.startswith("|") else None
        if name and len(cells) >= 3:
            table[name.group(1)] = cells[1].strip("`")
    assert table, f"{readme}'s Settings section has no table of `VARIABLES`"
    return table


def _dockerfile_instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) pairs, continuation lines joined, comments dropped."""
    instructions: list[tuple[str, str]] = []
    pending = ""
    for raw in (DEPLOY / "Dockerfile").read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if line.startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        full = (pending + line).strip()
        pending = ""
        keyword, _, args = full.partition(" ")
        instructions.append((keyword.upper(), args.strip()))
    assert not pending, "the Dockerfile ends in a continuation line"
    return instructions


# ---- Kubernetes: schemas -----------------------------------------------------------------------


@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
@pytest.mark.parametrize(
    "resource",
    [
        pytest.param(doc, id=f"{origin}:{doc['kind']}/{doc['metadata']['name']}")
        for origin, doc in resources()
    ],
)
def test_manifest_is_valid_against_the_kubernetes_schema_strictly(resource, version):
    # strict: the schemas forbid unknown fields, so a misspelt or misplaced key fails too.
    kubernetes_validate.validate(resource, version, strict=True)


def test_strict_schema_validation_rejects_unknown_fields_and_wrong_types():
    deployment = find("Deployment", "regelwerk")
    misspelt = json.loads(json.dumps(deployment))
    misspelt["spec"]["template"]["spec"]["containers"][0]["readynessProbe"] = {}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(misspelt, KUBERNETES_VERSIONS[-1], strict=True)
    wrong_type = json.loads(json.dumps(deployment))
    wrong_type["spec"]["replicas"] = "two"
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(wrong_type, KUBERNETES_VERSIONS[-1], strict=True)


def test_k8s_folder_holds_the_expected_kinds():
    kinds = sorted((doc["kind"], doc["metadata"]["name"]) for _, doc in resources())
    assert kinds == [
        ("ConfigMap", "regelwerk-config"),
        ("Deployment", "regelwerk"),
        ("Deployment", "regelwerk-redis"),
        ("HorizontalPodAutoscaler", "regelwerk"),
        ("NetworkPolicy", "regelwerk"),
        ("NetworkPolicy", "regelwerk-redis"),
        ("PodDisruptionBudget", "regelwerk"),
        ("Service", "regelwerk"),
        ("Service", "regelwerk-redis"),
    ]
    assert not (K8S / "secret.yaml").exists(), "secrets are created with kubectl, never committed"


def test_kustomization_lists_exactly_the_manifests_in_k8s():
    document = kustomization()
    assert document["apiVersion"] == "kustomize.config.k8s.io/v1beta1"
    assert document["kind"] == "Kustomization"
    listed = document["resources"]
    assert len(listed) == len(set(listed))
    assert sorted(listed) == [p.name for p in manifest_files()]
    # The ServiceMonitor needs the Prometheus Operator's CRD: opt-in, never applied by default.
    assert "components" not in document
    assert not any("monitoring" in entry for entry in listed)


def test_the_configmap_is_generated_with_a_content_hash_so_a_changed_setting_rolls_the_pods():
    document = kustomization()
    (generator,) = document["configMapGenerator"]
    assert generator["envs"] == ["settings.env"]
    # Without the hash suffix an edit would reach running pods only at their next restart.
    assert not document.get("generatorOptions", {}).get("disableNameSuffixHash", False)
    assert not generator.get("options", {}).get("disableNameSuffixHash", False)
    # No hand-written ConfigMap beside it: one place for the settings.
    written = [doc for origin, doc in resources() if origin != "configMapGenerator"]
    assert not any(doc["kind"] == "ConfigMap" for doc in written)
    # kustomize rewrites this reference to the hashed name: it must name the generator.
    references = [s["configMapRef"]["name"] for s in only_container("regelwerk")["envFrom"]]
    assert references == [generator["name"]]


# ---- Kubernetes: the Deployment ----------------------------------------------------------------


def test_deployment_probes_are_readyz_for_readiness_and_healthz_for_liveness():
    container = only_container("regelwerk")
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    if "startupProbe" in container:
        assert container["startupProbe"]["httpGet"]["path"] == "/healthz"
    ports = {p["name"]: p["containerPort"] for p in container["ports"]}
    for probe in ("readinessProbe", "livenessProbe"):
        port = container[probe]["httpGet"]["port"]
        assert ports.get(port, port) == 8000


def test_no_replicas_beside_an_hpa_and_the_hpa_and_pdb_agree():
    hpa = find("HorizontalPodAutoscaler", "regelwerk")
    assert hpa["apiVersion"] == "autoscaling/v2"
    assert hpa["spec"]["scaleTargetRef"] == {
        "apiVersion": "apps/v1",
        "kind": "Deployment",
        "name": "regelwerk",
    }
    # The HPA owns the count: a `replicas` here would reset it to that number on every apply.
    assert "replicas" not in find("Deployment", "regelwerk")["spec"]
    assert hpa["spec"]["minReplicas"] >= 2
    assert hpa["spec"]["maxReplicas"] >= hpa["spec"]["minReplicas"]
    assert [m["resource"]["name"] for m in hpa["spec"]["metrics"]] == ["cpu"]
    pdb = find("PodDisruptionBudget", "regelwerk")
    assert pdb["apiVersion"] == "policy/v1"
    assert pdb["spec"]["minAvailable"] < hpa["spec"]["minReplicas"], "a drain could never proceed"


def test_every_hpa_target_has_no_replicas_field():
    for _, doc in resources():
        if doc["kind"] == "HorizontalPodAutoscaler":
            target = doc["spec"]["scaleTargetRef"]
            assert "replicas" not in find(target["kind"], target["name"])["spec"], target


def test_pods_pause_before_sigterm_and_the_grace_period_covers_pause_and_drain():
    pod = pod_spec("regelwerk")
    pre_stop = only_container("regelwerk")["lifecycle"]["preStop"]
    # Endpoints leave the Service's proxies asynchronously: keep answering meanwhile.
    pause = pre_stop["sleep"]["seconds"]
    assert 3 <= pause <= 15
    # The grace period runs from the preStop hook's start; the server drains for at most
    # GRACEFUL_SHUTDOWN_SECONDS after SIGTERM and then needs a moment to exit.
    grace = pod["terminationGracePeriodSeconds"]
    assert grace >= pause + GRACEFUL_SHUTDOWN_SECONDS + 3, (grace, pause)
    assert grace <= pause + GRACEFUL_SHUTDOWN_SECONDS + 15, "a stuck pod would linger"
    strategy = find("Deployment", "regelwerk")["spec"]["strategy"]
    assert strategy["rollingUpdate"]["maxUnavailable"] == 0


@pytest.mark.parametrize("name", ["regelwerk", "regelwerk-redis"])
def test_every_container_has_cpu_and_memory_requests_and_limits(name):
    for container in containers(name):
        for kind in ("requests", "limits"):
            assert set(container["resources"][kind]) >= {"cpu", "memory"}, (container["name"], kind)


@pytest.mark.parametrize("name", ["regelwerk", "regelwerk-redis"])
def test_every_pod_runs_non_root_read_only_without_privilege_escalation(name):
    pod = pod_spec(name)
    assert pod["securityContext"]["runAsNonRoot"] is True
    assert pod["securityContext"].get("runAsUser", 1) != 0
    for container in pod["containers"]:
        context = container["securityContext"]
        assert context["readOnlyRootFilesystem"] is True
        assert context["allowPrivilegeEscalation"] is False
        assert context.get("privileged", False) is False
        assert context["capabilities"]["drop"] == ["ALL"]


def test_deployment_reads_settings_from_the_configmap_and_the_rules_secret_only_optionally():
    """And CACHE_SECRET from a Secret of its own, required (test_access.py)."""
    container = only_container("regelwerk")
    assert {"configMapRef": {"name": "regelwerk-config"}} in container["envFrom"]
    assert not any("secretRef" in source for source in container["envFrom"])
    env = {item["name"]: item for item in container.get("env", [])}
    # REDIS_PASSWORD is no setting: the kubelet puts it into REDIS_URL (test_access.py).
    assert set(env) <= SETTINGS.keys() | {"REDIS_PASSWORD"}
    for name in SIGNING_SECRETS:
        secret = env[name]["valueFrom"]["secretKeyRef"]
        assert secret == {"name": "regelwerk-secret", "key": name, "optional": True}
    assert container["command"] == ["python", "-m", "service"]


def test_selectors_of_deployment_service_and_pdb_match_the_api_pod_labels():
    deployment = find("Deployment", "regelwerk")
    assert deployment["spec"]["selector"]["matchLabels"] == API_LABELS
    assert pod_labels("regelwerk").items() >= API_LABELS.items()
    assert find("Service", "regelwerk")["spec"]["selector"] == API_LABELS
    assert find("PodDisruptionBudget", "regelwerk")["spec"]["selector"]["matchLabels"] == (
        API_LABELS
    )
    redis_pods = pod_labels("regelwerk-redis")
    assert redis_pods.items() >= CACHE_LABELS.items()
    assert not redis_pods.items() >= API_LABELS.items(), "the API selectors would catch Redis"


def test_service_is_cluster_ip_on_port_80_to_container_port_8000():
    service = find("Service", "regelwerk")
    assert service["spec"]["type"] == "ClusterIP"
    (port,) = service["spec"]["ports"]
    assert port["port"] == 80
    container_ports = {p["name"]: p["containerPort"] for p in only_container("regelwerk")["ports"]}
    target = port["targetPort"]
    assert container_ports.get(target, target) == 8000


# ---- Redis as a cache --------------------------------------------------------------------------


def _assert_redis_is_a_bounded_lru_cache(command: list[str]) -> None:
    args = [str(a) for a in command]
    for flag in REDIS_CACHE_FLAGS:
        assert flag in args, f"redis command lacks {flag}: {args}"
    assert args[args.index("--maxmemory") + 1] == "256mb"
    assert args[args.index("--maxmemory-policy") + 1] == "allkeys-lru"
    assert args[args.index("--save") + 1] == "", "RDB snapshots must be off"
    assert args[args.index("--appendonly") + 1] == "no"


def test_kubernetes_redis_is_a_bounded_lru_cache_without_persistence():
    container = only_container("regelwerk-redis")
    _assert_redis_is_a_bounded_lru_cache(container.get("command", []) + container.get("args", []))


def test_compose_runs_the_service_from_the_dockerfile_with_a_redis_cache():
    services = compose()["services"]
    assert set(services) == {"regelwerk", "redis"}
    app, redis = services["regelwerk"], services["redis"]
    assert app["build"]["dockerfile"] == "deploy/Dockerfile"
    assert (DEPLOY / app["build"]["context"] / "pyproject.toml").is_file()
    assert any(str(port).endswith(":8000") for port in app["ports"])
    assert "redis" in app["depends_on"]
    assert "/healthz" in " ".join(app["healthcheck"]["test"])
    assert compose_environment(app)["HOST"] == "0.0.0.0"
    assert redis["image"].split(":")[0] == "redis"
    assert "ports" not in redis, "Redis stays on the compose network"
    _assert_redis_is_a_bounded_lru_cache(redis["command"])


# ---- settings named everywhere -----------------------------------------------------------------


def test_known_settings_are_exactly_the_service_settings():
    assert sorted(SETTINGS) == sorted(f.name.upper() for f in fields(Settings))


def test_compose_sets_only_known_settings():
    env = compose_environment(compose()["services"]["regelwerk"])
    assert set(env) - SETTINGS.keys() == set()


def test_the_generated_configmap_has_every_setting_but_the_secret_ones_with_its_default():
    (configmap,) = generated_configmaps()
    data = configmap["data"]
    assert not set(data) & SECRET_SETTINGS, "secrets belong in a Secret, not the ConfigMap"
    expected = {
        name: K8S_CHOICES.get(name, default)
        for name, default in SETTINGS.items()
        if name not in SECRET_SETTINGS | BUILT_IN_THE_DEPLOYMENT
    }
    assert data == expected
    assert data["WORKERS"] == "1", "one worker per pod: metrics are per worker"
    # Each setting has one source in the pod: the ConfigMap or the Deployment's env.
    env = {item["name"] for item in only_container("regelwerk")["env"]}
    assert env & SETTINGS.keys() == SECRET_SETTINGS | BUILT_IN_THE_DEPLOYMENT
    assert Settings.from_env(data).host == "0.0.0.0"


def test_deploy_readme_settings_table_has_every_setting_with_its_default():
    table = _settings_table(DEPLOY / "README.md")
    assert set(table) == SETTINGS.keys()
    for name, default in SETTINGS.items():
        assert table[name] == (default or "—"), name


def test_top_level_readme_settings_table_names_every_setting_with_its_default():
    table = _settings_table(ROOT / "README.md")
    missing = sorted(SETTINGS.keys() - set(table))
    assert missing == [], f"README.md's Settings table lacks {missing}"
    assert set(table) - SETTINGS.keys() == set(), "README.md documents an unknown setting"
    for name, default in SETTINGS.items():
        assert table[name] == (default or "—"), name


def test_the_table_of_settings_is_the_code_s():
    """The derived table is not the code's own reflection only: a default the docs name is
    the one a fresh Settings() has (spot checks a reader would make)."""
    assert SETTINGS["PORT"] == "8000" and SETTINGS["REDIS_URL"] == ""
    assert SETTINGS["REQUIRE_SIGNED_STATE"] == "0"


# ---- the image ---------------------------------------------------------------------------------


def test_dockerfile_has_two_stages_a_non_root_user_a_healthz_healthcheck_and_the_cmd():
    instructions = _dockerfile_instructions()
    keywords = [keyword for keyword, _ in instructions]
    assert keywords.count("FROM") >= 2, "multi-stage: a builder and a slim runtime"
    final_stage = instructions[len(keywords) - 1 - keywords[::-1].index("FROM") :]
    final = {}
    for keyword, args in final_stage:
        final.setdefault(keyword, []).append(args)
    (user,) = final["USER"]
    assert user.split(":")[0] not in ("root", "0"), "the runtime must not run as root"
    (healthcheck,) = final["HEALTHCHECK"]
    assert "/healthz" in healthcheck and "urllib" in healthcheck
    assert "curl" not in healthcheck and "wget" not in healthcheck
    assert final["EXPOSE"] == ["8000"]
    assert json.loads(final["CMD"][-1]) == ["python", "-m", "service"]
    assert any(re.search(r"\bHOST=0\.0\.0\.0\b", env) for env in final["ENV"])
    assert any("--from=builder" in args for args in final.get("COPY", []))


def test_dockerignore_at_the_repo_root_keeps_venv_git_and_caches_out_of_the_context():
    patterns = {
        line.strip()
        for line in (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    }
    assert patterns >= {".venv", ".git", "**/__pycache__", ".pytest_cache"}
    # The build copies these; ignoring them would break it.
    for needed in ("pyproject.toml", "README.md", "service"):
        assert needed not in patterns
