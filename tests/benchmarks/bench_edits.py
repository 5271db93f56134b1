"""Single-cell edits of hard drawings, as a designer editing a hard puzzle makes them: per
edit the verdict, its CPU seconds (this process and every process it started) and wall
seconds; per drawing the median, the maximum and the verdict counts.

    .venv/bin/python tests/benchmarks/bench_edits.py [--edits N] [--seed S] [--only NAME]
        [--time-limit S] [--cold] [--chain] [--editor]

* The drawings: Knotty with one of its solutions as the goal, Forever with its goal (both
  ``tests/data/hard``) and 9-Dom (its clues' only solution, found first and not timed).
* Each edit flips one cell, chosen at random (``--seed``), of the drawing and checks the
  result with ``check_drawing(edited, previous=verdict)``, the verdict of the drawing
  before the edit as the hint, as the Solver dock does; ``--cold`` checks without the hint
  (as before it existed). ``--chain``: each edit goes on from the previous edit's drawing
  (and its verdict), instead of from the unedited drawing.
* The checks run in this process, as ``nonogram-editor check`` runs them (the SAT stage in
  a forked copy, its racers in forks of that). CPU seconds count those too: this process
  adopts its orphaned grandchildren (Linux ``PR_SET_CHILD_SUBREAPER``) and waits for every
  child after each check. ``--editor``: as the Solver dock runs them, beside another
  thread, so that nothing forks: before each check a fresh interpreter is kept ready for
  the SAT stage (:func:`nonogram_editor.nonogram.verdict.keep_sat_process_ready`), its start-up
  counted with the check that uses it; the processes that ended meanwhile are counted
  (the racers of a SAT process killed at the end of a check may count with the next).
"""
from __future__ import annotations

import argparse
import ctypes
import os
import resource
import statistics
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
HARD = ROOT / "tests" / "data" / "hard"
DRAWINGS = {"knotty": "knotty-goal.non", "forever": "webpbn-06574-forever.non", "9-dom": "domino-9.non"}
PR_SET_CHILD_SUBREAPER = 36


def drawing(name: str) -> np.ndarray:
    """The drawing: the file's goal, or its clues' solution."""
    from nonogram_editor.level.non_format import read_non
    from nonogram_editor.nonogram.verdict import check_puzzle

    puzzle = read_non(HARD / DRAWINGS[name])
    if puzzle.goal is not None:
        return np.asarray(puzzle.goal, dtype=bool)
    return check_puzzle(puzzle.row_clues, puzzle.column_clues).picture


def wait_for_children(editor: bool) -> None:
    """Wait for every child process (and adopted grandchild) to end, so its CPU is counted;
    ``editor``: only for those that have ended (the one kept ready waits on)."""
    if editor:
        time.sleep(0.05)  # killed racers: a moment to end
    while True:
        try:
            if os.waitpid(-1, os.WNOHANG if editor else 0)[0] == 0:
                return
        except ChildProcessError:
            return


def cpu_seconds() -> float:
    """CPU seconds of this process and every child waited for so far."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def timed_check(grid: np.ndarray, previous, time_limit: float, editor: bool = False):
    from nonogram_editor.nonogram.verdict import check_drawing, keep_sat_process_ready
    from nonogram_editor.tasks import Task

    cpu, wall = cpu_seconds(), time.perf_counter()
    if editor:
        keep_sat_process_ready()
    verdict = check_drawing(grid, Task(time_limit=time_limit), previous=previous)
    wall = time.perf_counter() - wall
    wait_for_children(editor)
    return verdict, cpu_seconds() - cpu, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edits", type=int, default=20, help="edits per drawing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", help="only the drawings whose name contains this (knotty, forever, 9-dom)")
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--cold", action="store_true", help="check without the previous verdict as a hint")
    parser.add_argument("--chain", action="store_true", help="each edit from the previous edit's drawing")
    parser.add_argument("--editor", action="store_true", help="no forks, a SAT process kept ready (the Solver dock)")
    args = parser.parse_args()
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None).prctl(PR_SET_CHILD_SUBREAPER, 1)
    if args.editor:  # a second thread, as the editor's GUI thread beside its checks: no forks
        threading.Thread(target=threading.Event().wait, daemon=True, name="stands for the GUI").start()
    print(f"{args.edits} single-cell edits per drawing, seed {args.seed}, "
          f"{'cold' if args.cold else 'previous verdict as the hint'}{', chained' if args.chain else ''}"
          f"{', as in the editor' if args.editor else ''}; "
          f"time limit {args.time_limit:g} s", flush=True)
    for name in DRAWINGS:
        if args.only and args.only not in name:
            continue
        base = drawing(name)
        verdict, cpu, wall = timed_check(base, None, args.time_limit, args.editor)
        print(f"{name} {base.shape[1]}x{base.shape[0]}: unedited {verdict.kind} ({verdict.decided_by}) "
              f"cpu {cpu:.2f} s, wall {wall:.2f} s", flush=True)
        rng = np.random.default_rng(args.seed)
        current, current_verdict = base, verdict
        cpus, kinds = [], Counter()
        for index in range(args.edits):
            row, column = int(rng.integers(base.shape[0])), int(rng.integers(base.shape[1]))
            edited = current.copy()
            edited[row, column] = ~edited[row, column]
            verdict, cpu, wall = timed_check(edited, None if args.cold else current_verdict, args.time_limit,
                                             args.editor)
            cpus.append(cpu)
            kinds[verdict.kind] += 1
            print(f"  edit {index:3d} cell ({row:2d},{column:2d}) {verdict.kind:9s} cpu {cpu:6.2f} s  "
                  f"wall {wall:6.2f} s  {verdict.decided_by}", flush=True)
            if args.chain:
                current, current_verdict = edited, verdict
        counts = ", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items()))
        print(f"{name}: CPU s per edit median {statistics.median(cpus):.2f}, max {max(cpus):.2f}; {counts}",
              flush=True)


if __name__ == "__main__":
    main()
