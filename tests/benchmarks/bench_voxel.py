"""Speed figures of the voxel packing solver (issue 6). Prints one line per figure.

    .venv/bin/python tests/benchmarks/bench_voxel.py            # everything (several minutes)
    .venv/bin/python tests/benchmarks/bench_voxel.py --quick    # without the two big counts
    .venv/bin/python tests/benchmarks/bench_voxel.py --jobs 1   # processes for the counts (default 2)

First-solution times are measured warm (in process, after numba's cache is loaded,
best of 5, with the exact-cover matrix built afresh and with it cached) and cold (a fresh process with an empty numba
cache: import, compile and solve). Counts report wall-clock and this process's plus its
workers' CPU seconds.
"""
from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from nonogram_editor_builtins.voxel import solver  # noqa: E402
from nonogram_editor_builtins.voxel.model import RESOURCE_DIR, load_puzzle  # noqa: E402

TARGETS = {"tetris-cube": (0.1, 60.0), "y25": (0.2, 120.0), "soma": (None, None), "pentominoes-6x10": (None, None)}
KNOWN = {"tetris-cube": (236136, 9839), "y25": (60672, 1264), "soma": (11520, 240), "pentominoes-6x10": (9356, 2339)}


def cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def first_warm(name: str) -> tuple[float, float]:
    """Best of 5: (cover built afresh + search, search alone with the cover cached)."""
    puzzle = load_puzzle(RESOURCE_DIR / f"{name}.json")
    solver.solve_first(puzzle)  # load the compiled code
    with_build = search_only = float("inf")
    for _ in range(5):
        solver.build_cover.cache_clear()
        start = time.perf_counter()
        solver.solve_first(puzzle)
        with_build = min(with_build, time.perf_counter() - start)
        start = time.perf_counter()
        solver.solve_first(puzzle)
        search_only = min(search_only, time.perf_counter() - start)
    return with_build, search_only


def first_cold(name: str) -> float:
    code = ("import time; t = time.perf_counter(); "
            "from nonogram_editor_builtins.voxel import solver; "
            "from nonogram_editor_builtins.voxel.model import RESOURCE_DIR, load_puzzle; "
            f"solver.solve_first(load_puzzle(RESOURCE_DIR / '{name}.json')); print(time.perf_counter() - t)")
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                             check=True)
    return float(out.stdout.strip())


def count(name: str, jobs: int) -> None:
    puzzle = load_puzzle(RESOURCE_DIR / f"{name}.json")
    cpu = cpu_seconds()
    outcome = solver.count_solutions(puzzle, jobs=jobs)
    cpu = cpu_seconds() - cpu
    known = KNOWN[name]
    verdict = "matches the known counts" if (outcome.count, outcome.distinct) == known else f"EXPECTED {known}"
    limit = TARGETS[name][1]
    print(f"count {name:17s} {outcome.count:7d} in all, {outcome.distinct:5d} up to symmetry ({verdict}); "
          f"{outcome.seconds:7.2f} s wall, {cpu:7.1f} s CPU, {outcome.nodes / 1e6:.1f} M nodes, jobs={jobs}"
          + (f"  [target <= {limit:.0f} s]" if limit else ""), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="skip the Tetris Cube and Y25 full counts")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    print(f"load average now: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    for name in ("tetris-cube", "y25"):
        limit = TARGETS[name][0]
        with_build, search_only = first_warm(name)
        print(f"first {name:17s} warm {with_build:.3f} s (search alone {search_only:.3f} s), cold (fresh process, "
              f"empty numba cache) {first_cold(name):.1f} s  [target <= {limit} s]", flush=True)
    for name in ("soma", "pentominoes-6x10"):
        count(name, 1)
    if not args.quick:
        for name in ("tetris-cube", "y25"):
            count(name, args.jobs)


if __name__ == "__main__":
    main()
