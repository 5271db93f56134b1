"""Counts split into subproblems, run on local processes or a Dask cluster, checkpointed (no Qt).

A count becomes a list of independent subproblems: the subtrees below the partial
solutions at a fixed depth of the search (``solver.split_prefixes``), in a shuffled but
fixed order. Workers count below one prefix each (:func:`count_subproblem`); this
process, the client, adds up their results and writes each into the checkpoint
(``plugins/voxel/checkpoint.py``) as it arrives, so a killed count, a lost worker or a
restarted cluster costs only the subproblems in flight.

Where they run: in this process (``jobs`` 1), in a pool of local processes (``jobs`` N,
spawn context), or on a Dask distributed cluster (``cluster`` = the scheduler's
address, e.g. ``tcp://host:8786``). Dask is imported only then.

The time left is estimated from the finished subproblems: they are a random sample of
all of them (the order is shuffled), so their mean search time times the number left,
divided by the rate this run gets through work, estimates what remains.
"""
from __future__ import annotations

import hashlib
import json
import multiprocessing
import random
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from editor.tasks import Task
from plugins.voxel import dlx
from plugins.voxel.checkpoint import Checkpoint, SubResult
from plugins.voxel.puzzle import Puzzle, puzzle_to_json
from plugins.voxel.solver import KEEP_LIMIT, CountOutcome, _Search, build_model, split_prefixes

SUBPROBLEMS = 1024  # at least this many (when the tree is that wide): enough to balance and to estimate
POLL_SECONDS = 0.2  # how often the client looks for cancellation while workers run


@dataclass
class Plan:
    """A count's subproblems (prefixes), and what the split already counted."""

    subproblems: list[tuple[int, ...]]
    head: SubResult  # the solutions shallower than the split
    puzzle_key: str  # fingerprints for the checkpoint
    split_key: str


def make_plan(puzzle: Puzzle, wanted: int = SUBPROBLEMS) -> Plan:
    model = build_model(puzzle)
    start = time.perf_counter()
    prefixes, head = split_prefixes(model, wanted)
    counts = head.counts
    head_result = SubResult(-1, int(counts[dlx.TOTAL]), int(counts[dlx.DISTINCT]), int(counts[dlx.NODES]),
                            time.perf_counter() - start, head.keep[: counts[dlx.KEPT]].copy())
    random.Random(0).shuffle(prefixes)  # finished ones are then a fair sample for the estimate
    digest = hashlib.sha256()
    for table in (model.placement_piece, model.placement_cells, model.allowed, model.perms):
        digest.update(np.ascontiguousarray(table).tobytes())
    digest.update(json.dumps(prefixes).encode())
    puzzle_key = hashlib.sha256(json.dumps(puzzle_to_json(puzzle), sort_keys=True).encode()).hexdigest()
    return Plan(prefixes, head_result, puzzle_key, digest.hexdigest())


def count_subproblem(puzzle: Puzzle, index: int, prefix: tuple[int, ...], keep: int) -> SubResult:
    """Worker: count every solution below ``prefix`` (placement ids of ``puzzle``'s model)."""
    start = time.perf_counter()
    search = _Search(build_model(puzzle), dlx.COUNT, prefix=prefix, keep=keep)
    search.run()
    counts = search.counts
    return SubResult(index, int(counts[dlx.TOTAL]), int(counts[dlx.DISTINCT]), int(counts[dlx.NODES]),
                     time.perf_counter() - start, search.keep[: counts[dlx.KEPT]].copy())


def _count_one(arguments) -> SubResult:  # Pool.imap passes one argument
    return count_subproblem(*arguments)


def _run_here(work, task):
    for arguments in work:
        if task is not None:
            task.check_cancelled()
        yield count_subproblem(*arguments)


def _run_pool(work, jobs: int):
    """Local worker processes; yields results as they finish, and None while waiting."""
    pool = multiprocessing.get_context("spawn").Pool(processes=jobs)
    try:
        results = pool.imap_unordered(_count_one, work)
        for _ in range(len(work)):
            while True:
                try:
                    yield results.next(timeout=POLL_SECONDS)
                    break
                except multiprocessing.TimeoutError:
                    yield None
        pool.close()
    finally:
        pool.terminate()
        pool.join()


class ClusterError(ValueError):
    """The Dask cluster cannot be reached or used; the message says what to do."""


def _run_dask(work, address: str):
    """Subproblems as Dask tasks on the cluster at ``address``; Dask re-runs those of a lost worker."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ClusterError("counting on a cluster needs Dask distributed: pip install 'dask[distributed]'") from None
    try:
        client = Client(address, timeout=10)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    futures = []
    try:
        futures = [client.submit(count_subproblem, *arguments, pure=False) for arguments in work]
        pending = as_completed(futures)
        while not pending.is_empty():
            batch = pending.next_batch(block=False)
            if not batch:
                yield None
                time.sleep(POLL_SECONDS)
            for future in batch:
                yield future.result()
                future.release()
    finally:
        client.cancel([f for f in futures if not f.done()])
        client.close()


def _duration(seconds: float) -> str:
    seconds = int(round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    return f"{seconds // 3600} h {seconds // 60 % 60:02d} min"


def count_in_parts(puzzle: Puzzle, task: Task | None = None, jobs: int = 1, cluster: str | None = None,
                   checkpoint: str | Path | None = None, keep: int = KEEP_LIMIT,
                   wanted: int = SUBPROBLEMS) -> CountOutcome:
    """Count every solution through subproblems; resumes from ``checkpoint`` if it holds results.

    Raises ``CheckpointError`` for a checkpoint of another count, ``ClusterError`` if the
    cluster cannot be used, ``Cancelled`` if the task is cancelled (finished subproblems
    stay in the checkpoint).
    """
    start = time.perf_counter()
    plan = make_plan(puzzle, wanted)
    store = Checkpoint(checkpoint, plan.puzzle_key, plan.split_key, puzzle.title, len(plan.subproblems))
    try:
        finished = store.results()
        results = [plan.head] + finished
        kept_count = sum(len(r.kept) for r in results)
        done_before = {r.index for r in finished}
        work = [(puzzle, i, prefix, max(0, keep - kept_count))
                for i, prefix in enumerate(plan.subproblems) if i not in done_before]
        if cluster:
            runner, workers = _run_dask(work, cluster), "cluster"
        elif jobs > 1 and len(work) > 1:
            runner, workers = _run_pool(work, jobs), f"{jobs} processes"
        else:
            runner, workers = _run_here(work, task), "1 process"
        session_start, session_work = time.perf_counter(), 0.0
        total = len(plan.subproblems)
        try:
            for result in runner:
                if result is not None:
                    store.add(result)
                    results.append(result)
                    session_work += result.seconds
                if task is not None:
                    task.check_cancelled()
                    task.report(len(results) - 1, total,
                                _progress_text(results, total, session_work, time.perf_counter() - session_start,
                                               workers))
        finally:
            runner.close()  # stops the workers when cancelled
    finally:
        store.close()
    return _outcome(puzzle, plan, results, keep, time.perf_counter() - start,
                    jobs if not cluster and jobs > 1 else 1)


def time_left(results: list[SubResult], total: int, session_work: float, session_seconds: float) -> float | None:
    """Seconds left: the mean search time of the finished subproblems times those left, over
    the rate at which this run has got through work (None before anything finished)."""
    if not results or session_work <= 0 or session_seconds <= 0:
        return None
    mean = sum(r.seconds for r in results) / len(results)
    return mean * (total - len(results)) / (session_work / session_seconds)


def _progress_text(results, total, session_work, session_seconds, workers) -> str:
    finished = results[1:]  # after the head
    count = sum(r.total for r in results)
    distinct = sum(r.distinct for r in results)
    left = time_left(finished, total, session_work, session_seconds)
    estimate = "estimating the time left" if left is None else f"about {_duration(left)} left"
    return (f"{len(finished)}/{total} subproblems ({workers}), {count} solutions so far "
            f"({distinct} distinct), {estimate}")


def _outcome(puzzle: Puzzle, plan: Plan, results: list[SubResult], keep: int, seconds: float, jobs: int):
    model = build_model(puzzle)
    kept = [ids for result in results for ids in result.kept][:keep]
    return CountOutcome(count=sum(r.total for r in results), distinct=sum(r.distinct for r in results),
                        symmetry_order=model.group_order, solutions=[model.solution(ids) for ids in kept],
                        nodes=sum(r.nodes for r in results), seconds=seconds, jobs=jobs, anchor=model.anchor,
                        subproblems=len(plan.subproblems))
