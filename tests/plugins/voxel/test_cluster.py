"""Counts on a real Dask cluster (LocalCluster, 2 worker processes) equal the single-process counts.

The cluster runs in a process of its own, as a user's would: its scheduler is not this process's.
"""
import os
import signal
import subprocess
import sys
import threading

import pytest

distributed_dask = pytest.importorskip("distributed")

from editor.tasks import Task  # noqa: E402
from plugins.voxel import distributed  # noqa: E402
from plugins.voxel.model import RESOURCE_DIR, load_puzzle  # noqa: E402


CLUSTER = ("from distributed import LocalCluster; import sys; "
           "cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, "
           "silence_logs=50); print(cluster.scheduler_address, flush=True); sys.stdin.read()")


class Cluster:
    def __init__(self, address):
        self.scheduler_address = address

    def worker_pids(self):
        with distributed_dask.Client(self.scheduler_address) as client:
            return list(client.run(os.getpid).values())


@pytest.fixture(scope="module")
def cluster():
    process = subprocess.Popen([sys.executable, "-c", CLUSTER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    try:
        yield Cluster(process.stdout.readline().strip())
    finally:
        process.stdin.close()  # LocalCluster closes its workers on the way out
        process.wait(timeout=60)


@pytest.mark.parametrize("name, known", [("soma", (11520, 240)), ("pentominoes-6x10", (9356, 2339))])
def test_a_cluster_count_equals_the_single_process_count(cluster, name, known, tmp_path):
    puzzle = load_puzzle(RESOURCE_DIR / f"{name}.json")
    outcome = distributed.count_in_parts(puzzle, cluster=cluster.scheduler_address, checkpoint=tmp_path / "c.db")
    assert (outcome.count, outcome.distinct) == known


def test_a_worker_killed_mid_count_costs_only_its_subproblems(cluster, tmp_path):
    puzzle = load_puzzle(RESOURCE_DIR / "pentominoes-6x10.json")
    killed = threading.Event()
    victim = cluster.worker_pids()[0]

    def kill_a_worker(progress):
        if progress.done >= 1 and not killed.is_set():  # the first batches are in: mid-count
            killed.set()
            os.kill(victim, signal.SIGKILL)  # its nanny starts a new one

    outcome = distributed.count_in_parts(puzzle, Task(on_progress=kill_a_worker, interval=0),
                                         cluster=cluster.scheduler_address, checkpoint=tmp_path / "c.db")
    assert killed.is_set()
    assert (outcome.count, outcome.distinct) == (9356, 2339)


def test_an_unreachable_cluster_is_a_clear_error():
    with pytest.raises(distributed.ClusterError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:1"):
        distributed.count_in_parts(load_puzzle(RESOURCE_DIR / "soma.json"), cluster="tcp://127.0.0.1:1")
