"""Counts on a real Dask cluster (LocalCluster, 2 worker processes) equal the single-process counts;
a cluster without workers, a lost scheduler and strangers at a TLS cluster end in one clear line.

The clusters run in processes of their own, as a user's would: their schedulers are not this process's.
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

distributed_dask = pytest.importorskip("distributed")

from nonogram_editor.infra.tasks import Task  # noqa: E402
from nonogram_editor.plugin_api import Cluster  # noqa: E402
from nonogram_editor_builtins.voxel import distributed  # noqa: E402
from nonogram_editor_builtins.voxel.checkpoint import progress_in  # noqa: E402
from nonogram_editor_builtins.voxel.model import RESOURCE_DIR, load_puzzle  # noqa: E402

REPO = Path(__file__).resolve().parents[3]
CLUSTER = """
import json, sys
from distributed import LocalCluster
from distributed.security import Security
options = json.loads(sys.argv[1])
security = options.pop("security", None)
cluster = LocalCluster(threads_per_worker=1, host="127.0.0.1", dashboard_address=None, silence_logs=50,
                       security=Security(**security) if security else None, **options)
print(cluster.scheduler_address, flush=True)
sys.stdin.read()
"""


class RunningCluster:
    def __init__(self, process, address):
        self.process = process
        self.scheduler_address = address

    def worker_pids(self):
        with distributed_dask.Client(self.scheduler_address) as client:
            return list(client.run(os.getpid).values())


@contextmanager
def local_cluster(**options):
    """A LocalCluster (``options``) in a process of its own, on 127.0.0.1 (TCP unless told)."""
    options = {"protocol": "tcp://", **options}
    process = subprocess.Popen([sys.executable, "-c", CLUSTER, json.dumps(options)], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        address = process.stdout.readline().strip()
        assert address, process.communicate()[1]  # it did not start: why
        yield RunningCluster(process, address)
    finally:
        process.stdin.close()  # LocalCluster closes its workers on the way out
        process.wait(timeout=60)


@pytest.fixture(scope="module")
def cluster():
    with local_cluster(n_workers=2, processes=True) as running:
        yield running


@pytest.mark.parametrize("name, known", [("soma", (11520, 240)), ("pentominoes-6x10", (9356, 2339))])
def test_a_cluster_count_equals_the_single_process_count(cluster, name, known, tmp_path):
    puzzle = load_puzzle(RESOURCE_DIR / f"{name}.json")
    outcome = distributed.count_in_parts(puzzle, cluster=cluster.scheduler_address, checkpoint=tmp_path / "c.db")
    assert (outcome.count, outcome.distinct) == known
    assert outcome.jobs == 2  # both workers counted (it said 1)


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
    assert 1 <= outcome.jobs <= 3  # workers that counted: the survivor, the restarted one and the killed one
    # if a batch of each arrived (the survivor may have counted all the rest)


def test_an_unreachable_cluster_is_a_clear_error():
    with pytest.raises(distributed.ClusterError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:1"):
        distributed.count_in_parts(load_puzzle(RESOURCE_DIR / "soma.json"), cluster="tcp://127.0.0.1:1")


def test_a_scheduler_without_workers_stops_after_the_wait(tmp_path):
    with local_cluster(n_workers=0) as idle:
        command = [sys.executable, "-m", "nonogram_editor", "solve", "voxel-soma", "--count", "--cluster",
                   idle.scheduler_address, "--cluster-wait", "0.5", "--checkpoint", str(tmp_path / "c.db")]
        done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 2
    last = done.stderr.splitlines()[-1]
    assert last.startswith(f"error: the Dask scheduler at {idle.scheduler_address} has had no worker for 0.5 s "
                           f"(start some with: dask worker {idle.scheduler_address}); 0 of ")
    assert f"subproblems are saved in {tmp_path / 'c.db'}" in last
    assert "Traceback" not in done.stderr


def test_a_lost_scheduler_is_one_line_and_the_count_resumes(cluster, tmp_path):
    """The scheduler is killed mid-count; the finished subproblems stay, and the same count resumes."""
    checkpoint = tmp_path / "c.db"
    with local_cluster(n_workers=1, processes=False) as doomed:  # scheduler and worker in one process
        command = [sys.executable, "-m", "nonogram_editor", "solve", "voxel-pentominoes-6x10", "--count", "--cluster",
                   doomed.scheduler_address, "--checkpoint", str(checkpoint)]
        count = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                 env={**os.environ, "PYTHONPATH": str(REPO)})
        try:
            while (progress_in(checkpoint) or (0, 0))[0] == 0:  # until some subproblems are finished
                assert count.poll() is None, count.stderr.read()
                time.sleep(0.01)
            doomed.process.kill()
            stderr = count.stderr.read()
            assert count.wait() == 2
        finally:
            count.kill()
    last = stderr.splitlines()[-1]
    assert last.startswith(f"error: lost the Dask scheduler at {doomed.scheduler_address}; ")
    assert last.endswith(f"subproblems are saved in {checkpoint}: counting again with it resumes from there")
    assert "Traceback" not in stderr, stderr
    assert "Error" not in stderr, stderr  # Dask's own logging kept quiet
    saved = int(last.split("; ")[1].split(" of ")[0])
    assert saved > 0

    seen = []
    outcome = distributed.count_in_parts(load_puzzle(RESOURCE_DIR / "pentominoes-6x10.json"),
                                         Task(on_progress=seen.append, interval=0),
                                         cluster=cluster.scheduler_address, checkpoint=checkpoint)
    assert (outcome.count, outcome.distinct) == (9356, 2339)
    assert seen[0].done >= saved  # resumed, not started again


def _openssl(*args, cwd):
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True)


def _authority(folder: Path, name: str) -> None:
    """A self-signed certificate authority ``name``.pem / .key, and a certificate it signs for 127.0.0.1."""
    _openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
             "-subj", f"/CN={name} authority", "-keyout", f"{name}-ca.key", "-out", f"{name}-ca.pem",
             "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
             cwd=folder)
    _openssl("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-subj", f"/CN={name}",
             "-keyout", f"{name}.key", "-out", f"{name}.csr", cwd=folder)
    (folder / f"{name}.ext").write_text("basicConstraints=critical,CA:FALSE\n"
                                        "keyUsage=critical,digitalSignature,keyEncipherment\n"
                                        "extendedKeyUsage=serverAuth,clientAuth\nsubjectAltName=IP:127.0.0.1\n"
                                        "subjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n")
    _openssl("x509", "-req", "-in", f"{name}.csr", "-CA", f"{name}-ca.pem", "-CAkey", f"{name}-ca.key",
             "-CAcreateserial", "-days", "2", "-extfile", f"{name}.ext", "-out", f"{name}.pem", cwd=folder)


@pytest.fixture(scope="module")
def certificates(tmp_path_factory):
    """Certificates made here: "member" for the cluster and its client, "stranger" from another authority."""
    if shutil.which("openssl") is None:
        pytest.skip("the openssl command makes the test certificates, and it is not installed")
    folder = tmp_path_factory.mktemp("tls")
    _authority(folder, "member")
    _authority(folder, "stranger")
    return folder


@pytest.fixture(scope="module")
def tls_cluster(certificates):
    member = {"tls_ca_file": str(certificates / "member-ca.pem"), "require_encryption": True}
    for role in ("scheduler", "worker", "client"):
        member[f"tls_{role}_cert"] = str(certificates / "member.pem")
        member[f"tls_{role}_key"] = str(certificates / "member.key")
    with local_cluster(n_workers=1, processes=True, protocol="tls://", security=member) as running:
        yield running


def test_the_command_counts_on_a_tls_cluster(tls_cluster, certificates, tmp_path):
    address = tls_cluster.scheduler_address
    assert address.startswith("tls://127.0.0.1:")
    command = [sys.executable, "-m", "nonogram_editor", "solve", "voxel-soma", "--count", "--json", "--cluster",
               address,
               "--tls-ca-file", str(certificates / "member-ca.pem"), "--tls-cert", str(certificates / "member.pem"),
               "--tls-key", str(certificates / "member.key")]
    done = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.splitlines()[-1])
    assert (result["count"], result["distinct"], result["jobs"]) == (11520, 240, 1)


@pytest.mark.parametrize("stranger, refusal", [
    ("plain tcp", "cannot reach the Dask scheduler"),
    ("no TLS files", "needs TLS files: --tls-ca-file, --tls-cert and --tls-key"),
    ("another authority's certificate", "cannot reach the Dask scheduler"),
])
def test_a_tls_cluster_refuses_a_client_without_its_certificates(tls_cluster, certificates, stranger, refusal):
    """Whoever cannot show a certificate of the cluster's authority is refused (workers are checked alike)."""
    address = tls_cluster.scheduler_address
    cluster = {
        "plain tcp": Cluster(address.replace("tls://", "tcp://")),
        "no TLS files": Cluster(address),
        "another authority's certificate": Cluster(address, str(certificates / "member-ca.pem"),
                                                   str(certificates / "stranger.pem"),
                                                   str(certificates / "stranger.key")),
    }[stranger]
    with pytest.raises(distributed.ClusterError, match=refusal):
        distributed.count_in_parts(load_puzzle(RESOURCE_DIR / "soma.json"), cluster=cluster)
