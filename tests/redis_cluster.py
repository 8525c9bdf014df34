"""A real Redis Cluster for the tests: three masters (redis-server processes) on loopback,
each on a free port whose cluster bus port (port + 10000) is free and valid too."""

from __future__ import annotations

import random
import shutil
import socket
import subprocess
import time
from pathlib import Path

from .redis_server import RedisServer


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def cluster_ports(count: int) -> list[int]:
    """Ports below 55536 (so port + 10000 is a port) whose bus ports are free as well."""
    rng = random.Random()
    ports: list[int] = []
    while len(ports) < count:
        port = rng.randrange(20000, 55000)
        if port not in ports and _free(port) and _free(port + 10000):
            ports.append(port)
    return ports


class ClusterNode(RedisServer):
    """One master: cluster mode, and serving its slots while another master is down."""

    def __init__(self, folder: Path, port: int) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        super().__init__(folder)
        self.port = port

    def arguments(self) -> list[str]:
        return [
            "--cluster-enabled",
            "yes",
            "--cluster-config-file",
            str(self.folder / "nodes.conf"),
            "--cluster-node-timeout",
            "1000",
            "--cluster-require-full-coverage",
            "no",
        ]


class RedisCluster:
    def __init__(self, folder: Path, masters: int = 3) -> None:
        self.nodes = [
            ClusterNode(folder / f"node{i}", port) for i, port in enumerate(cluster_ports(masters))
        ]

    @property
    def url(self) -> str:
        """Any node names the cluster: the first."""
        return self.nodes[0].url

    def start(self) -> None:
        for node in self.nodes:
            node.start()
        cli = shutil.which("redis-cli")
        if cli is None:
            raise RuntimeError("redis-cli is not installed (it comes with redis-server)")
        subprocess.run(
            [
                cli,
                "--cluster",
                "create",
                *(f"127.0.0.1:{n.port}" for n in self.nodes),
                "--cluster-replicas",
                "0",
                "--cluster-yes",
            ],
            check=True,
            capture_output=True,
            timeout=60,
        )
        deadline = time.monotonic() + 30
        while not all("cluster_state:ok" in n.command("CLUSTER", "INFO") for n in self.nodes):
            if time.monotonic() > deadline:
                raise RuntimeError("the cluster did not come up")
            time.sleep(0.1)

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()

    def keys(self) -> int:
        """Keys over all masters that are up."""
        return sum(n.dbsize() for n in self.nodes if n.proc is not None)
