"""Speed of the pyramid counter: .venv/bin/python tests/benchmarks/bench_pyramid.py [--repeat N]

Prints, for counting all 518,469 solutions (the seed's compiled C++ takes about 4.6 s
on these machines, shared/data/puzzles/README.md):

* the app's own command, ``nonogram-editor solve pyramid --count --json``, in a fresh
  process with only this plugin loaded: its reported ``seconds`` (which include
  importing numba and loading or compiling the search) and the whole process's
  wall-clock time (Python's start and the plugin host too), first with an empty
  numba cache (the first run compiles) and then with the cache filled (every later run);
* the same with ``--jobs 2`` (spawned processes; each loads numba itself);
* the search alone, in this process once compiled: best of N, with the number of
  placements it tries: with the symmetry reduction, without it, and without it in the
  seed's position order (row by row) instead of the computed one.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from importlib.metadata import entry_points
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from nonogram_editor.plugin_api import DISABLE_ENV, ENTRY_POINT_GROUP  # noqa: E402

SEED_CPP_SECONDS = 4.6


def run_app(cache_dir: str, jobs: int = 1) -> tuple[float, float, dict]:
    """Only this plugin is loaded: another plugin that imports numba when it loads would
    take that import out of the reported time."""
    others = {ep.name for ep in entry_points(group=ENTRY_POINT_GROUP)} - {"pyramid"}
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir, **{DISABLE_ENV: ",".join(sorted(others))})
    command = [sys.executable, "-m", "nonogram_editor", "solve", "pyramid", "--count", "--json", "--jobs", str(jobs)]
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    result = json.loads(done.stdout.strip().splitlines()[-1])
    return result["seconds"], wall, result


def search_alone(repeat: int) -> None:
    from nonogram_editor.infra.tasks import Task
    from nonogram_editor_builtins.pyramid import solver
    from nonogram_editor_builtins.pyramid.model import load_puzzle

    puzzle = load_puzzle()
    variants = [("up to rotation, x3", solver.build_tables(puzzle)),
                ("every solution directly", solver.build_tables(puzzle, canonical=False)),
                ("every one, the seed's order", solver.build_tables(puzzle, canonical=False, order=list(range(16))))]
    for label, tables in variants:
        solver.count_canonical(Task(), tables)  # compile or load from the cache
        best, tried, found = float("inf"), 0, 0
        for _ in range(repeat):
            search = solver.Enumerator(tables)
            start = time.perf_counter()
            found = 0
            while not search.finished:
                found += len(search.next_chunk())
            best = min(best, time.perf_counter() - start)
            tried = search.placements_tried
        total = found * tables.solutions_per_find
        print(f"  search alone, {label:28s} {best:6.3f} s  ({total:,} solutions, {tried:,} placements tried)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each measurement (best is printed)")
    args = parser.parse_args()
    print(f"pyramid: count all solutions (seed's C++ -O2: about {SEED_CPP_SECONDS} s)")
    with tempfile.TemporaryDirectory(prefix="pyramid-numba-cache-") as cache:
        seconds, wall, result = run_app(cache)
        print(f"  app, first run (numba compiles):   {seconds:6.3f} s reported, {wall:6.3f} s whole process"
              f"  -> {result['count']:,} solutions, {result['distinct']:,} up to rotation")
        runs = [run_app(cache) for _ in range(args.repeat)]
        seconds, wall, result = min(runs)
        print(f"  app, cached (second and later):    {seconds:6.3f} s reported, {wall:6.3f} s whole process"
              f"  -> {result['count']:,}  ({SEED_CPP_SECONDS / seconds:.1f}x faster than the seed's C++)")
        seconds, wall, result = min(run_app(cache, jobs=2) for _ in range(args.repeat))
        print(f"  app, cached, --jobs 2:             {seconds:6.3f} s reported, {wall:6.3f} s whole process"
              f"  -> {result['count']:,}")
    search_alone(args.repeat)


if __name__ == "__main__":
    main()
