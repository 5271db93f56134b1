"""Single-cell edits of hard drawings, as a designer editing a hard puzzle makes them: per
edit the verdict and CPU seconds (this process and every process it started) of the warm
re-check, as the Solver dock makes it, and of a cold ``nonogram-editor check`` of the edited
file; per drawing the medians, the maxima and the verdict counts.

    .venv/bin/python tests/benchmarks/bench_edits.py [--edits N] [--seed S] [--only NAME]
        [--time-limit S] [--warm-only] [--chain] [--editor] [--tile FILE.non]

* The drawings: Knotty with one of its solutions as the goal, Forever with its goal (both
  ``tests/data/hard``) and 9-Dom (its clues' only solution, found first and not timed);
  ``--tile FILE.non``: also that puzzle's goal (or its clues' solution) tiled to 128x128
  (the tiles cut at the right and bottom edges).
* Each edit flips one cell, chosen at random (``--seed``), of the drawing. The warm
  re-check goes through a :class:`~nonogram_editor.nonogram.verdict.Rechecks` that has
  checked the drawing before the edit, as the dock's worker does (line logic first; the
  full check if it stalls), in this process. The cold check runs ``nonogram-editor check
  --json`` on the edited drawing written as a ``.non`` file with its goal (start-up
  included); ``--warm-only`` leaves it out. A verdict kind that differs between the two
  is marked ``DIFFERS``. ``--chain``: each edit goes on from the previous edit's drawing,
  instead of from the unedited drawing.
* The warm checks run as ``nonogram-editor check`` runs them (the SAT stage in a forked
  copy, its racers in forks of that). CPU seconds count those too: this process adopts its
  orphaned grandchildren (Linux ``PR_SET_CHILD_SUBREAPER``) and waits for every child
  after each check. ``--editor``: as the Solver dock runs them, beside another thread, so
  that nothing forks: before each check a fresh interpreter is kept ready for the SAT
  stage (:func:`nonogram_editor.nonogram.verdict.keep_sat_process_ready`), its start-up
  counted with the check that uses it; the processes that ended meanwhile are counted
  (the racers of a SAT process killed at the end of a check may count with the next).
"""
from __future__ import annotations

import argparse
import ctypes
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
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
TILED = 128  # side of the tiled drawing (--tile)


def drawing(name: str) -> np.ndarray:
    """The drawing: the file's goal, or its clues' solution (``name``: one of DRAWINGS, or a path)."""
    from nonogram_editor.level.non_format import read_non
    from nonogram_editor.nonogram.verdict import check_puzzle

    puzzle = read_non(HARD / DRAWINGS[name] if name in DRAWINGS else name)
    if puzzle.goal is not None:
        return np.asarray(puzzle.goal, dtype=bool)
    return check_puzzle(puzzle.row_clues, puzzle.column_clues).picture


def tiled(path: str) -> np.ndarray:
    tile = drawing(path)
    return np.tile(tile, (-(-TILED // tile.shape[0]), -(-TILED // tile.shape[1])))[:TILED, :TILED]


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


def timed_check(grid: np.ndarray, rechecks, time_limit: float, editor: bool = False):
    """The warm re-check of ``grid`` as the dock makes it: (verdict, CPU s, wall s)."""
    from nonogram_editor.infra.tasks import Task
    from nonogram_editor.nonogram.verdict import Kind, keep_sat_process_ready

    cpu, wall = cpu_seconds(), time.perf_counter()
    verdict = rechecks.check(grid, Task(time_limit=time_limit), line_logic_only=True)
    if verdict.kind == Kind.STALLED:
        if editor:
            keep_sat_process_ready()
        verdict = rechecks.check(grid, Task(time_limit=time_limit))
    wall = time.perf_counter() - wall
    wait_for_children(editor)
    return verdict, cpu_seconds() - cpu, wall


def cold_check(grid: np.ndarray, folder: Path, time_limit: float, editor: bool) -> tuple[str, float]:
    """``nonogram-editor check --json`` of ``grid`` written as a .non file: (verdict, CPU s)."""
    from nonogram_editor.level.non_format import write_non

    path = folder / "edited.non"
    write_non(path, grid, title="edited")
    cpu = cpu_seconds()
    run = subprocess.run([sys.executable, "-m", "nonogram_editor", "check", str(path), "--json",
                          "--time-limit", f"{time_limit:g}"], capture_output=True, text=True)
    wait_for_children(editor)
    try:
        kind = json.loads(run.stdout.splitlines()[0])["verdict"]
    except (IndexError, ValueError, KeyError):
        kind = f"failed: {run.stderr.strip()[-200:]}"
    return kind, cpu_seconds() - cpu


def summary(values: list[float]) -> str:
    return f"median {statistics.median(values):.2f}, max {max(values):.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--edits", type=int, default=20, help="edits per drawing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", help="only the drawings whose name contains this (knotty, forever, 9-dom, tiled)")
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--warm-only", action="store_true", help="without the cold check of each edited file")
    parser.add_argument("--chain", action="store_true", help="each edit from the previous edit's drawing")
    parser.add_argument("--editor", action="store_true", help="no forks, a SAT process kept ready (the Solver dock)")
    parser.add_argument("--tile", metavar="FILE.non", help=f"also this puzzle's goal tiled to {TILED}x{TILED}")
    args = parser.parse_args()
    from nonogram_editor.nonogram.verdict import Rechecks

    if sys.platform.startswith("linux"):
        ctypes.CDLL(None).prctl(PR_SET_CHILD_SUBREAPER, 1)
    if args.editor:  # a second thread, as the editor's GUI thread beside its checks: no forks
        threading.Thread(target=threading.Event().wait, daemon=True, name="stands for the GUI").start()
    print(f"{args.edits} single-cell edits per drawing, seed {args.seed}, warm re-check"
          f"{'' if args.warm_only else ' and cold check of the file'}{', chained' if args.chain else ''}"
          f"{', as in the editor' if args.editor else ''}; time limit {args.time_limit:g} s; "
          f"load {os.getloadavg()[0]:.1f}", flush=True)
    drawings = {name: (lambda name=name: drawing(name)) for name in DRAWINGS}
    if args.tile:
        drawings[f"tiled {Path(args.tile).stem}"] = lambda: tiled(args.tile)
    with tempfile.TemporaryDirectory() as folder:
        for name, make in drawings.items():
            if args.only and args.only not in name:
                continue
            base = make()
            rechecks = Rechecks()
            verdict, cpu, wall = timed_check(base, rechecks, args.time_limit, args.editor)
            print(f"{name} {base.shape[1]}x{base.shape[0]}: unedited {verdict.kind} ({verdict.decided_by}) "
                  f"cpu {cpu:.2f} s, wall {wall:.2f} s", flush=True)
            rng = np.random.default_rng(args.seed)
            current, hint = base, rechecks.hint
            warm_cpus, cold_cpus, kinds = [], [], Counter()
            for index in range(args.edits):
                row, column = int(rng.integers(base.shape[0])), int(rng.integers(base.shape[1]))
                edited = current.copy()
                edited[row, column] = ~edited[row, column]
                rechecks.hint = hint  # the verdict on the drawing before this edit
                verdict, cpu, wall = timed_check(edited, rechecks, args.time_limit, args.editor)
                warm_cpus.append(cpu)
                kinds[verdict.kind] += 1
                line = (f"  edit {index:3d} cell ({row:3d},{column:3d}) {verdict.kind:9s} warm cpu {cpu:6.2f} s "
                        f"wall {wall:6.2f} s  {verdict.decided_by:20s}")
                if not args.warm_only:
                    kind, cold = cold_check(edited, Path(folder), args.time_limit, args.editor)
                    cold_cpus.append(cold)
                    line += f" cold check {kind:9s} cpu {cold:6.2f} s{'' if kind == verdict.kind else '  DIFFERS'}"
                print(line, flush=True)
                if args.chain:
                    current, hint = edited, rechecks.hint
            counts = ", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items()))
            cold = "" if args.warm_only else f"; cold check CPU s {summary(cold_cpus)}"
            print(f"{name}: warm CPU s per edit {summary(warm_cpus)}{cold}; {counts}", flush=True)


if __name__ == "__main__":
    main()
