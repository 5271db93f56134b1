"""Figures of split, checkpointed and distributed counts (issue 14). Prints one line per figure.

    .venv/bin/python tests/benchmarks/bench_count.py                 # Tetris Cube and Y25
    .venv/bin/python tests/benchmarks/bench_count.py tetris-cube     # one puzzle

Per puzzle: wall time of ``--jobs 2`` (local processes), of the same with a checkpoint
file, and of a Dask LocalCluster with 2 worker processes (started and warmed up before
the clock starts); the time spent writing the checkpoint as a share of the count; and
the time-left estimate shown when 25 % of the subproblems were done, against the time
the count then really took.
"""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from nonogram_editor.infra.tasks import Task  # noqa: E402
from nonogram_editor_builtins.voxel import checkpoint, distributed  # noqa: E402
from nonogram_editor_builtins.voxel.model import RESOURCE_DIR, load_puzzle  # noqa: E402

KNOWN = {"tetris-cube": (236136, 9839), "y25": (60672, 1264)}


class Quarter:
    """Notes the time-left estimate when a quarter of the subproblems are done."""

    def __init__(self):
        self.at = self.estimate = None

    def __call__(self, progress):
        if self.at is None and progress.total and progress.done >= progress.total / 4:
            self.at = time.perf_counter()
            left = progress.message.rsplit("about ", 1)[-1]
            self.estimate = _seconds(left.removesuffix(" left")) if "about" in progress.message else None


def _seconds(text: str) -> float:
    parts = text.split()
    units = {"s": 1, "min": 60, "h": 3600}
    return sum(float(n) * units[u] for n, u in zip(parts[::2], parts[1::2]))


def timed_add():
    """Wrap Checkpoint.add to total its time (the cost of checkpointing)."""
    spent = [0.0]
    original = checkpoint.Checkpoint.add

    def add(self, result):
        start = time.perf_counter()
        original(self, result)
        spent[0] += time.perf_counter() - start

    checkpoint.Checkpoint.add = add
    return spent


def run(name: str, cluster) -> None:
    puzzle = load_puzzle(RESOURCE_DIR / f"{name}.json")
    start = time.perf_counter()
    outcome = distributed.count_in_parts(puzzle, jobs=2)
    pool = time.perf_counter() - start
    assert (outcome.count, outcome.distinct) == KNOWN[name]
    print(f"{name:12s} --jobs 2 (processes)           {pool:7.1f} s  ({outcome.subproblems} subproblems)", flush=True)

    spent = timed_add()
    quarter = Quarter()
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        outcome = distributed.count_in_parts(puzzle, Task(on_progress=quarter, interval=0), jobs=2,
                                             checkpoint=Path(folder) / "count.db")
        end = time.perf_counter()
    assert (outcome.count, outcome.distinct) == KNOWN[name]
    print(f"{name:12s} --jobs 2 --checkpoint FILE     {end - start:7.1f} s  (writing the checkpoint: "
          f"{spent[0]:.2f} s = {100 * spent[0] / (end - start):.2f} % of the count)", flush=True)
    truth = end - quarter.at
    print(f"{name:12s} time left at 25 % done: estimated {quarter.estimate:.0f} s, took {truth:.0f} s "
          f"(ratio {quarter.estimate / truth:.2f}; target within 0.5 to 2)", flush=True)

    if cluster is not None:
        start = time.perf_counter()
        outcome = distributed.count_in_parts(puzzle, cluster=cluster.scheduler_address)
        dask = time.perf_counter() - start
        assert (outcome.count, outcome.distinct) == KNOWN[name]
        print(f"{name:12s} Dask LocalCluster, 2 workers    {dask:7.1f} s  ({dask / pool:.2f}x --jobs 2; "
              "target <= 1.15x)", flush=True)


def main() -> None:
    names = sys.argv[1:] or list(KNOWN)
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      silence_logs=50) as cluster:
        distributed.count_in_parts(load_puzzle(RESOURCE_DIR / "soma.json"), cluster=cluster.scheduler_address)  # warm
        for name in names:
            run(name, cluster)


if __name__ == "__main__":
    main()
