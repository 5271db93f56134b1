"""The hard puzzles (tests/data/hard/): per puzzle the verdict, the process wall time of
``nonogram-editor check`` and which stage decided it; optionally other solvers side by side.

    .venv/bin/python tests/benchmarks/bench_hard.py [--time-limit S] [--only NAME]
        [--sat-solvers cadical195,kissat404,...] [--encode] [--first] [--picross PATH] [--pbnsolve PATH]
        [EXTRA.non ...]

* Each puzzle runs as its own ``python -m nonogram_editor check --json`` process, as a user runs it
  (clue-only files from their clues; a file with a goal as a designer's drawing). The
  expected class comes from ``expected.csv``; a mismatch is marked ``WRONG``. UNDECIDED
  rows show how far the wall time went past the limit (the limit's overshoot). Beside the
  process wall time: the verdict's own seconds (what ``check`` reports: without the
  interpreter's start) and the CPU seconds of the process and
  its children (steadier than wall time on a busy machine).
* ``--sat-solvers``: the SAT stage alone (encoding from line logic's fixpoint, both
  questions, in this process) with each python-sat solver, seconds per puzzle.
* ``--encode``: the seconds the SAT encoding (:func:`nonogram_editor.nonogram.cnf.encode`, from line
  logic's fixpoint) takes in this process, best of three, with its variables and clauses.
* ``--first``: the seconds each way to a first solution of bare clues takes alone from line
  logic's fixpoint, in a process of its own (interpreter start included): probing with the
  block encoding (:func:`nonogram_editor.nonogram.order_cnf.first_solution`, what the check runs after
  kissat's head start), kissat on the automaton encoding (what found first solutions before)
  and decimation (:func:`nonogram_editor.nonogram.decimate.first_solution`, in kissat's place after its head start).
* ``--picross`` / ``--pbnsolve``: the process wall time (and CPU time) of those solvers
  (built locally from their sources; not part of this project) asked for up to two solutions.
* EXTRA files: more puzzles to time (e.g. webpbn puzzles that may not be redistributed).
"""
from __future__ import annotations

import argparse
import compileall
import csv
import functools
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
HARD = ROOT / "tests" / "data" / "hard"


def expected_classes() -> dict[str, str]:
    with open(HARD / "expected.csv", newline="") as handle:
        return {row["file"]: row["class"] for row in csv.DictReader(handle)}


def children_cpu() -> float:
    """CPU seconds (user and system) of the child processes waited for so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


@functools.cache
def compile_bytecode() -> None:
    """The project's modules compiled to bytecode (``__pycache__``, git-ignored), as an installed
    copy has them: from a fresh checkout, or with PYTHONDONTWRITEBYTECODE set, every ``check``
    process would compile them again (some 30 ms of CPU time a process)."""
    compileall.compile_dir(ROOT / "editor", quiet=1)


def run_check(path: Path, time_limit: float, options: tuple[str, ...] = ()) -> tuple[dict, float, float]:
    """(the JSON verdict, process wall seconds, CPU seconds of the process and its children);
    ``options``: more of check's options, e.g. ``--grade``."""
    compile_bytecode()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    cpu, start = children_cpu(), time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "nonogram_editor", "check", "--json", "--time-limit", str(time_limit),
                           *options, str(path)],
                          capture_output=True, text=True, env=env, cwd=ROOT)
    wall, cpu = time.perf_counter() - start, children_cpu() - cpu
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if not lines:
        return {"verdict": "ERROR", "error": done.stderr.strip()[-200:]}, wall, cpu
    return json.loads(lines[-1]), wall, cpu


def run_other(command: list[str], limit: float) -> str:
    """The process wall seconds (CPU seconds) of another solver, or >limit."""
    cpu, start = children_cpu(), time.perf_counter()
    try:
        subprocess.run(command, capture_output=True, timeout=limit)
    except subprocess.TimeoutExpired:
        return f">{limit:.0f}"
    return f"{time.perf_counter() - start:.2f} ({children_cpu() - cpu:.2f})"


def line_logic(path: Path):
    """(the file's puzzle, the engine's Puzzle, line logic's fixpoint board)."""
    from nonogram_editor.level.non_format import read_non
    from nonogram_editor.nonogram.puzzle import Puzzle

    puzzle = read_non(path)
    engine = Puzzle(puzzle.row_clues, puzzle.column_clues)
    board = engine.board()
    engine.propagate(board)
    return puzzle, engine, board


def encode_time(path: Path) -> str:
    from nonogram_editor.nonogram import cnf

    _, engine, board = line_logic(path)
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        encoded = cnf.encode(engine.row_clues, engine.column_clues, (board.row_filled, board.row_empty))
        best = min(best, time.perf_counter() - start)
    if encoded is None:
        return f"{best:.3f} (no placement)"
    clauses, variables = encoded
    return f"{best:.3f} ({variables} vars, {len(clauses)} clauses)"


def sat_solver_times(path: Path, names: list[str], limit: float) -> list[str]:
    from nonogram_editor.infra.child_process import run_in_process
    from nonogram_editor.infra.tasks import TimeUp
    from nonogram_editor.nonogram import portfolio
    from nonogram_editor.nonogram.puzzle import array_to_rows

    puzzle, engine, board = line_logic(path)
    goal = array_to_rows(puzzle.goal) if puzzle.goal is not None else None
    figures = []
    for name in names:
        start = time.perf_counter()
        try:
            run_in_process(portfolio.decide, (engine.row_clues, engine.column_clues,
                                              (board.row_filled, board.row_empty),
                                        goal, False, name), time_limit=limit, name=name)
            figures.append(f"{time.perf_counter() - start:.2f}")
        except TimeUp:
            figures.append(f">{limit:.0f}")
    return figures


def _kissat_first(row_clues, column_clues, known):
    from pysat.solvers import Solver

    from nonogram_editor.nonogram import cnf

    with Solver(name="kissat404", bootstrap_with=cnf.encode(row_clues, column_clues, known)[0]) as solver:
        return solver.solve()


def first_solution_times(path: Path, limit: float) -> list[str]:
    from nonogram_editor.infra.child_process import run_in_process
    from nonogram_editor.infra.tasks import TimeUp
    from nonogram_editor.nonogram import decimate, order_cnf
    from tests.benchmarks.bench_hard import _kissat_first  # by a name the child process can import

    _, engine, board = line_logic(path)
    clues_and_known = (engine.row_clues, engine.column_clues, (board.row_filled, board.row_empty))
    runs = [(order_cnf.first_solution, clues_and_known), (_kissat_first, clues_and_known),
            (decimate.first_solution, clues_and_known)]
    figures = []
    for function, args in runs:
        start = time.perf_counter()
        try:
            run_in_process(function, args, time_limit=limit, name="first solution")
            figures.append(f"{time.perf_counter() - start:.2f}")
        except TimeUp:
            figures.append(f">{limit:.0f}")
        except RuntimeError:  # decimation gave up
            figures.append(f"x{time.perf_counter() - start:.0f}")
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("extra", nargs="*", type=Path)
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--only", help="only the puzzles whose file name contains this")
    parser.add_argument("--sat-solvers", help="comma-separated python-sat solver names")
    parser.add_argument("--encode", action="store_true", help="time the SAT encoding of each puzzle")
    parser.add_argument("--first", action="store_true", help="time each way to a first solution alone")
    parser.add_argument("--picross", help="picross-solver's CLI binary (picross_solver_cli)")
    parser.add_argument("--pbnsolve", help="pbnsolve binary (run as pbnsolve -u FILE.non: solve and check uniqueness)")
    args = parser.parse_args()
    expected = expected_classes()
    paths = sorted(HARD.glob("*.non")) + args.extra
    if args.only:
        paths = [p for p in paths if args.only in p.name]
    solvers = args.sat_solvers.split(",") if args.sat_solvers else []
    header = (f"{'puzzle':34s} {'size':>7s} {'open':>5s} {'expected':9s} {'verdict':13s} {'wall s':>7s} "
              f"{'verdict s':>9s} {'cpu s':>6s}  {'decided by':20s}")
    others = []  # the other solvers asked for: (column title, command line for a puzzle file)
    if args.picross:
        others.append(("picross (cpu)", lambda path: [args.picross, str(path), "--max-nb-solutions", "2"]))
    if args.pbnsolve:
        others.append(("pbnsolve (cpu)", lambda path: [args.pbnsolve, "-u", str(path)]))
    for name in solvers:
        header += f" {name:>11s}"
    for title, _ in others:
        header += f" {title:>14s}"
    if args.encode:
        header += "  encode s"
    if args.first:
        header += "  first solution s: blocks  kissat (automaton)  decimation (xN: gave up after N s)"
    print(f"time limit {args.time_limit:g} s; process wall time per puzzle, python -m nonogram_editor check --json")
    print(header, flush=True)
    for path in paths:
        result, wall, cpu = run_check(path, args.time_limit)
        kind = result["verdict"]
        truth = expected.get(path.name, "?")
        mark = "" if truth in ("?", kind) or kind == "UNDECIDED" else "  WRONG"
        decided = result.get("decided_by", "")
        if kind == "UNDECIDED":
            decided = f"time limit: {result['seconds']:.2f} s reported, process +{wall - args.time_limit:.2f} s"
        size = f"{result.get('width', '?')}x{result.get('height', '?')}"
        line = (f"{path.name:34s} {size:>7s} {result.get('open_cells_after_line_logic', ''):>5} {truth:9s} "
                f"{kind:13s} {wall:7.2f} {result.get('seconds', float('nan')):9.2f} {cpu:6.2f}  {decided:20s}")
        for figure in sat_solver_times(path, solvers, args.time_limit) if solvers else []:
            line += f" {figure:>11s}"
        for _, command in others:
            line += f" {run_other(command(path), args.time_limit):>14s}"
        if args.encode:
            line += f"  {encode_time(path)}"
        if args.first:
            line += "  " + " ".join(f"{figure:>7s}" for figure in first_solution_times(path, args.time_limit))
        print(line + mark, flush=True)


if __name__ == "__main__":
    main()
