"""Many-solution 25x25 puzzles: the CPU seconds of ``nonogram-editor check`` per puzzle,
optionally side by side with pbnsolve (issue 23: "a drawing in progress is usually MULT:
that verdict should be the cheapest of all").

    .venv/bin/python tests/benchmarks/bench_mult.py [--count 40] [--seed 23] [--density 0.45]
        [--size 25] [--goal] [--pbnsolve PATH] [--limit 60]

* The puzzles are random drawings (each cell filled with probability ``--density``, seeded),
  written as bare-clue ``.non`` files (``--goal``: with the drawing as the goal, as a
  designer's drawing is checked) in a temporary folder. Tournament puzzles (ICGA, TCGA) are
  25x25 clue sets of this kind; they cannot be redistributed, so they are not used here.
* Each puzzle runs as its own ``python -m editor check --json FILE`` process, as a user
  runs it; its CPU seconds are the process's and its children's (the SAT solver's).
* ``--pbnsolve``: Jan Wolter's solver (not part of this project; build it from its source)
  run as ``pbnsolve -u FILE`` (a solution, and a second one if there is one), its CPU
  seconds, stopped after ``--limit`` seconds (then counted as the limit: a lower bound).
  The figure asked for is the median over the puzzles of check's CPU over pbnsolve's.
* Printed per puzzle: the verdict, which stage decided it, the CPU seconds; then the
  medians, the count per deciding stage, and the median ratio.
"""
from __future__ import annotations

import argparse
import collections
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from editor.level.non_format import format_non  # noqa: E402
from tests.benchmarks.bench_hard import children_cpu, run_check  # noqa: E402


def write_puzzles(folder: Path, count: int, seed: int, density: float, size: int, goal: bool) -> list[Path]:
    rng = np.random.default_rng(seed)
    paths = []
    for index in range(count):
        text = format_non(rng.random((size, size)) < density, title=f"random {index}")
        if not goal:
            text = text[:text.index("goal ")]
        path = folder / f"random-{index:03d}.non"
        path.write_text(text)
        paths.append(path)
    return paths


def pbnsolve_cpu(binary: str, path: Path, limit: float) -> tuple[float, bool]:
    """(CPU seconds, whether it finished within ``limit`` seconds)."""
    cpu = children_cpu()
    try:
        subprocess.run([binary, "-u", str(path)], capture_output=True, timeout=limit)
    except subprocess.TimeoutExpired:
        return limit, False
    return children_cpu() - cpu, True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--density", type=float, default=0.45)
    parser.add_argument("--size", type=int, default=25)
    parser.add_argument("--goal", action="store_true", help="check the drawings (with the goal), not the bare clues")
    parser.add_argument("--pbnsolve", help="pbnsolve binary")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds per puzzle, for check and pbnsolve")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-mult-") as folder:
        paths = write_puzzles(Path(folder), args.count, args.seed, args.density, args.size, args.goal)
        print(f"{args.count} random {args.size}x{args.size} puzzles, density {args.density}, seed {args.seed}, "
              f"{'drawings' if args.goal else 'bare clues'}; CPU seconds per puzzle")
        print(f"{'puzzle':16s} {'verdict':10s} {'decided by':20s} {'check':>7s}" + ("  pbnsolve   ratio" if args.pbnsolve else ""),
              flush=True)
        checks, others, ratios = [], [], []
        decided = collections.Counter()
        start = time.perf_counter()
        for path in paths:
            result, _, cpu = run_check(path, args.limit)
            checks.append(cpu)
            decided[f"{result['verdict']} by {result.get('decided_by', '?')}"] += 1
            line = f"{path.stem:16s} {result['verdict']:10s} {result.get('decided_by', ''):20s} {cpu:7.3f}"
            if args.pbnsolve:
                other, finished = pbnsolve_cpu(args.pbnsolve, path, args.limit)
                others.append(other)
                ratios.append(cpu / max(other, 1e-3))
                line += f"  {'' if finished else '>'}{other:7.3f} {ratios[-1]:7.2f}"
            print(line, flush=True)
        print(f"\n{time.perf_counter() - start:.0f} s in all")
        for what, count in decided.most_common():
            print(f"  {count:3d} {what}")
        print(f"check: median {statistics.median(checks):.3f} CPU s, mean {statistics.mean(checks):.3f}, "
              f"max {max(checks):.3f}")
        if args.pbnsolve:
            print(f"pbnsolve: median {statistics.median(others):.3f} CPU s, mean {statistics.mean(others):.3f}, "
                  f"max {max(others):.3f} (a stopped run counts as {args.limit:g})")
            print(f"median ratio check/pbnsolve per puzzle: {statistics.median(ratios):.2f} "
                  f"(pbnsolve's CPU counted as at least 1 ms)")


if __name__ == "__main__":
    main()
