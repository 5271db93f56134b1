"""Counts split into subproblems, run on local processes or a Dask cluster, checkpointed (no Qt).

A count becomes a list of independent subproblems: the subtrees below the partial
solutions at a fixed depth of the search (``search.split_prefixes``), in a shuffled but
fixed order. Workers count below one prefix each (:func:`count_subproblem`), in batches
(:data:`PARTS_PER_WORKER`); this process adds up their results and writes each into the
checkpoint as it arrives, so a killed count, a lost worker or a restarted cluster costs
only the subproblems in flight. They run in this process (``jobs`` 1), on local
processes (``jobs`` N) or on a Dask cluster (``cluster``: a :class:`~nonogram_editor.plugin_api.Cluster`
or the scheduler's address, e.g. ``tcp://host:8786``; Dask is imported only then).

The finished subproblems are a random sample (the order is shuffled): :func:`time_left`
estimates from them.
"""
from __future__ import annotations

import hashlib
import json
import logging
import random
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from nonogram_editor.plugin_api import Cluster, Task, map_in_processes
from nonogram_editor_builtins.voxel import dlx
from nonogram_editor_builtins.voxel.checkpoint import Checkpoint, SubResult
from nonogram_editor_builtins.voxel.cover import build_cover
from nonogram_editor_builtins.voxel.model import Puzzle, puzzle_to_json
from nonogram_editor_builtins.voxel.search import KEEP_LIMIT, CountOutcome, Search, split_prefixes

SUBPROBLEMS = 1024  # at least this many (when the tree is that wide): enough to balance and to estimate
POLL_SECONDS = 0.2  # how often the client looks for cancellation while workers run
PARTS_PER_WORKER = 32  # work is sent in this many batches of subproblems per worker: few enough that
# the per-task cost (about 10 ms on a Dask cluster) vanishes, many enough to balance the load


@dataclass
class Plan:
    """A count's subproblems (prefixes), and what the split already counted."""

    subproblems: list[tuple[int, ...]]
    head: SubResult  # the solutions shallower than the split
    puzzle_key: str  # fingerprints for the checkpoint
    split_key: str


def make_plan(puzzle: Puzzle, wanted: int = SUBPROBLEMS) -> Plan:
    cover = build_cover(puzzle)
    start = time.perf_counter()
    prefixes, head = split_prefixes(cover, wanted)
    head_result = _result(-1, head, start)
    random.Random(0).shuffle(prefixes)  # finished ones are then a fair sample for the estimate
    digest = hashlib.sha256()
    for table in (cover.placement_piece, cover.placement_cells, cover.allowed, cover.perms):
        digest.update(np.ascontiguousarray(table).tobytes())
    digest.update(json.dumps(prefixes).encode())
    return Plan(prefixes, head_result, puzzle_fingerprint(puzzle), digest.hexdigest())


def puzzle_fingerprint(puzzle: Puzzle) -> str:
    """What a checkpoint must belong to: the puzzle's pieces, target and rules (not its title)."""
    data = {key: value for key, value in puzzle_to_json(puzzle).items() if key not in ("title", "description")}
    if puzzle.colour_pairs is not None or puzzle.max_holes is not None:  # what the JSON format does not hold
        data["burrtools"] = [sorted(puzzle.colour_pairs or ()), puzzle.target_colours,
                             [p.voxel_colours for p in puzzle.pieces], puzzle.max_holes]
    if any(p.variable for p in puzzle.pieces):  # they decide where a piece may go and tell placements apart
        # (not "variable" as before: checkpoints from before they told placements apart are not resumed)
        data["variable_voxels"] = [p.variable for p in puzzle.pieces]
    if any(p.variable_colours for p in puzzle.pieces):
        data["variable_colours"] = [p.variable_colours for p in puzzle.pieces]
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def count_subproblem(puzzle: Puzzle, index: int, prefix: tuple[int, ...], keep: int) -> SubResult:
    """Worker: count every solution below ``prefix`` (placement ids of ``puzzle``'s cover)."""
    start = time.perf_counter()
    search = Search(build_cover(puzzle), dlx.COUNT, prefix=prefix, keep=keep)
    search.run()
    return _result(index, search, start)


def _result(index: int, search: Search, start: float) -> SubResult:
    counts = search.counts
    return SubResult(index, int(counts[dlx.TOTAL]), int(counts[dlx.DISTINCT]), int(counts[dlx.NODES]),
                     time.perf_counter() - start, search.keep[: counts[dlx.KEPT]].copy(),
                     int(counts[dlx.ROTATION_CLASSES]))


def count_batch(work: tuple[Puzzle, list[tuple[int, tuple[int, ...]]], int]) -> list[SubResult]:
    """Worker: :func:`count_subproblem` for each (index, prefix) of a (puzzle, batch, keep) triple."""
    puzzle, batch, keep = work
    return [count_subproblem(puzzle, index, prefix, keep) for index, prefix in batch]


def _batches(puzzle, work, keep, workers: int) -> list[tuple]:
    """``work`` ((index, prefix) pairs, in order) in about ``PARTS_PER_WORKER`` batches per worker."""
    n = max(1, min(len(work), PARTS_PER_WORKER * workers))
    return [(puzzle, work[i::n], keep) for i in range(n) if work[i::n]]


def _run_local(puzzle, work, keep, task: Task | None, jobs: int):
    """In this process (one subproblem at a time) or on ``jobs`` local processes; yields each batch's results."""
    batches = _batches(puzzle, work, keep, jobs) if jobs > 1 else [(puzzle, [item], keep) for item in work]
    return map_in_processes(task or Task(), count_batch, batches, jobs)


class ClusterError(ValueError):
    """The Dask cluster cannot be reached or used; the message says what to do."""


class ClusterLost(ClusterError):
    """The cluster went away mid-count (its scheduler, or every worker for too long)."""


def _security(cluster: Cluster):
    """Dask's TLS settings for a ``tls://`` cluster (files not given come from Dask's configuration)."""
    from distributed.security import Security

    files = {"tls_ca_file": cluster.tls_ca_file, "tls_client_cert": cluster.tls_cert,
             "tls_client_key": cluster.tls_key}
    given = {name: path for name, path in files.items() if path}
    if not cluster.address.startswith("tls://"):
        if given:
            raise ClusterError(f"the TLS files go with a tls:// address, not {cluster.address}")
        return None
    for path in given.values():
        if not Path(path).is_file():
            raise ClusterError(f"{path}: no such TLS file")
    security = Security(require_encryption=True, **given)
    if not (security.tls_ca_file and security.tls_client_cert):
        raise ClusterError(f"{cluster.address} needs TLS files: --tls-ca-file, --tls-cert and --tls-key "
                           "(or Dask's distributed.comm.tls configuration)")
    return security


@contextmanager
def _dask_quiet():
    """Dask's own log lines off: a lost or refused connection is reported once, by us."""
    loggers = [logging.getLogger(name) for name in list(logging.root.manager.loggerDict)
               if name.split(".")[0] == "distributed"]
    before = [logger.disabled for logger in loggers]
    for logger in loggers:
        logger.disabled = True
    try:
        yield
    finally:
        for logger, disabled in zip(loggers, before):
            logger.disabled = disabled


def _run_dask(puzzle, work, keep, cluster: Cluster, workers: set[str]):
    """Batches of subproblems as Dask tasks on ``cluster``; Dask re-runs a lost worker's.
    Adds to ``workers`` the address of each worker whose batch arrived.

    Raises ``ClusterLost`` when the scheduler is lost, or has had no worker for
    ``cluster.worker_wait`` seconds.
    """
    try:
        from distributed import Client, as_completed
        from distributed.client import FutureCancelledError
        from distributed.comm.core import CommClosedError
    except ImportError:
        raise ClusterError("counting on a cluster needs Dask, the [cluster] extra: "
                           "pip install 'nonogram-editor[cluster]'") from None
    address = cluster.address
    security = _security(cluster)
    try:
        with _dask_quiet():
            client = Client(address, timeout=10, security=security)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    lost = ClusterLost(f"lost the Dask scheduler at {address}")

    def threads() -> int:
        try:
            return sum(client.nthreads().values())
        except (OSError, TimeoutError):
            raise lost from None

    futures = []
    try:
        futures = [client.submit(count_batch, batch, pure=False)
                   for batch in _batches(puzzle, work, keep, threads() or 1)]
        pending = as_completed(futures)
        idle_since = None  # when the cluster was first seen without a worker
        while not pending.is_empty():
            ready = pending.next_batch(block=False)
            if not ready:
                if threads():
                    idle_since = None
                elif idle_since is None:
                    idle_since = time.monotonic()
                elif time.monotonic() - idle_since > cluster.worker_wait:
                    raise ClusterLost(f"the Dask scheduler at {address} has had no worker for "
                                      f"{cluster.worker_wait:g} s (start some with: dask worker {address})")
                yield []
                time.sleep(POLL_SECONDS)
            for future in ready:
                try:
                    result = future.result()
                    workers.update(*client.who_has([future]).values())  # the worker that holds it made it
                except (CommClosedError, OSError, TimeoutError):
                    raise lost from None
                except FutureCancelledError as exc:
                    if exc.reason == "scheduler-connection-lost":
                        raise lost from None
                    raise
                yield result
                future.release()
    finally:
        with _dask_quiet():
            if client.status == "running":
                client.cancel([f for f in futures if not f.done()])
            client.close()


def _duration(seconds: float) -> str:
    seconds = int(round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    return f"{seconds // 3600} h {seconds // 60 % 60:02d} min"


class Tally:
    """Running totals of a count's results (the head, then each finished subproblem)."""

    def __init__(self, head: SubResult):
        self.count, self.distinct, self.nodes = head.total, head.distinct, head.nodes
        self.distinct_rotations = head.distinct_rotations
        self.kept = list(head.kept)
        self.finished = 0  # subproblems
        self.finished_seconds = 0.0  # their search time, in whichever run they were counted

    def add(self, result: SubResult, keep: int) -> None:
        self.count += result.total
        self.distinct += result.distinct
        self.distinct_rotations += result.distinct_rotations
        self.nodes += result.nodes
        self.kept.extend(result.kept[: max(0, keep - len(self.kept))])
        self.finished += 1
        self.finished_seconds += result.seconds


def count_in_parts(puzzle: Puzzle, task: Task | None = None, jobs: int = 1, cluster: Cluster | str | None = None,
                   checkpoint: str | Path | None = None, keep: int = KEEP_LIMIT,
                   wanted: int = SUBPROBLEMS) -> CountOutcome:
    """Count every solution through subproblems; resumes from ``checkpoint`` if it holds results.

    Raises ``CheckpointError`` for a checkpoint of another count, ``ClusterError`` if the
    cluster cannot be used, ``Cancelled`` if the task is cancelled (finished subproblems
    stay in the checkpoint).
    """
    start = time.perf_counter()
    plan = make_plan(puzzle, wanted)
    total = len(plan.subproblems)
    store = Checkpoint(checkpoint, plan.puzzle_key, plan.split_key, puzzle.title, total)
    try:
        tally = Tally(plan.head)
        done_before = set()
        for result in store.results():
            tally.add(result, keep)
            done_before.add(result.index)
        work = [(i, prefix) for i, prefix in enumerate(plan.subproblems) if i not in done_before]
        keep_more = max(0, keep - len(tally.kept))
        dask_workers = set()
        if cluster:
            cluster = Cluster(cluster) if isinstance(cluster, str) else cluster
            runner, workers = _run_dask(puzzle, work, keep_more, cluster, dask_workers), "cluster"
        else:
            jobs_used = jobs if len(work) > 1 else 1
            runner = _run_local(puzzle, work, keep_more, task, jobs_used)
            workers = f"{jobs_used} processes" if jobs_used > 1 else "1 process"
        # The rate of work is measured from the first batch's arrival: the workers' start-up
        # (spawning, loading the compiled code) would make it look slower than it is.
        first_arrival, work_since = None, 0.0
        try:
            for batch in runner:
                if batch and first_arrival is None:
                    first_arrival = time.perf_counter()
                elif first_arrival is not None:
                    work_since += sum(result.seconds for result in batch)
                for result in batch:
                    store.add(result)
                    tally.add(result, keep)
                if task is not None:
                    task.check_cancelled()
                    left = time_left(tally.finished, tally.finished_seconds, total, work_since,
                                     time.perf_counter() - first_arrival if first_arrival else 0.0)
                    estimate = "estimating the time left" if left is None else f"about {_duration(left)} left"
                    task.report(tally.finished, total, f"{workers}: {tally.finished}/{total} subproblems, "
                                f"{tally.count} solutions so far ({tally.distinct} distinct), {estimate}")
        except ClusterLost as exc:
            kept = (f"{tally.finished} of {total} subproblems are saved in {checkpoint}: counting again with it "
                    "resumes from there" if checkpoint is not None else
                    f"the {tally.finished} subproblems done are lost (a checkpoint file would keep them)")
            raise ClusterLost(f"{exc}; {kept}") from None
        finally:
            runner.close()  # stops the workers when cancelled
    finally:
        store.close()
    cover = build_cover(puzzle)
    return CountOutcome(count=tally.count, distinct=tally.distinct, symmetry_order=cover.group_order,
                        solutions=[cover.solution(ids) for ids in tally.kept], nodes=tally.nodes,
                        seconds=time.perf_counter() - start,
                        jobs=len(dask_workers) if cluster else jobs_used,
                        anchor=cover.anchor, subproblems=total, distinct_rotations=tally.distinct_rotations)


def time_left(finished: int, finished_seconds: float, total: int, session_work: float,
              session_seconds: float) -> float | None:
    """Seconds left: the mean search time of the ``finished`` subproblems times those left, over
    the rate at which this run gets through work (``session_work`` seconds of search in
    ``session_seconds``; None before there is a rate)."""
    if not finished or session_work <= 0 or session_seconds <= 0:
        return None
    return finished_seconds / finished * (total - finished) / (session_work / session_seconds)
