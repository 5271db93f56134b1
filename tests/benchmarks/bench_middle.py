"""The middle: puzzles a little harder than easy, ``check``'s own CPU against pbnsolve's,
puzzle by puzzle (issue 36's goal: where pbnsolve decides in under a second, the check's
``cpu_seconds`` at most twice pbnsolve's or 0.05 s, whichever is more).

    .venv/bin/python tests/benchmarks/bench_middle.py --pbnsolve PATH [--bare] [--engine [--runs N]] FILE.non...
    .venv/bin/python tests/benchmarks/bench_middle.py --pbnsolve PATH --tournament SET.txt [--first N]
        [--time-limit S] [--under S]

* Each file runs as its own ``python -m nonogram_editor check --json --grade`` process (cold, as a
  user checks one file); its figure is the ``cpu_seconds`` the check reports (user and
  system, its SAT process included, without the interpreter's start-up and imports).
  pbnsolve (1.10, ``pbnsolve -u FILE``: solve and check uniqueness) is timed by the CPU
  seconds of its process. Both classes must agree (LINE and BRANCH count as unique). The
  grade ``check`` works out for a unique puzzle is apart (``grade_cpu_seconds``, its own
  column), not in the check's figure.
* ``--tournament``: a computer-tournament set (bench_unseen.py says the format), written as
  clue-only ``.non`` files to a temporary folder first; ``--bare``: the files' clues alone
  likewise (a file with a goal is otherwise checked as a designer's drawing).
* Per puzzle: the verdict, which stage decided it, both CPU figures, their ratio and
  whether it is within the goal; then a summary over the puzzles pbnsolve decides in under
  ``--under`` seconds (1 by default): how many are within the goal, the sums, the median
  and the worst ratio.
* ``--engine``: instead, the engine alone in this process (no start-up, no grade, no SAT
  process; cold line caches, best of ``--runs`` CPU ms): line logic, probing at bare
  clues' first node (what decides most of these puzzles), and the search for another
  solution from line logic's fixpoint with that solution as the picture (a drawing's
  check: the local stage, then probing), with their probes, beside pbnsolve's CPU.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_hard import HARD, children_cpu, run_check  # noqa: E402
from bench_unseen import UNIQUE, non_puzzles, pbnsolve_class, tournament_puzzles  # noqa: E402

sys.path.insert(0, str(HARD))
from convert import write_non  # noqa: E402

FLOOR = 0.05  # CPU seconds within which the check is fast enough whatever pbnsolve needs
FACTOR = 2.0  # ... else at most this many times pbnsolve's


def goal(theirs: float) -> float:
    return max(FACTOR * theirs, FLOOR)


def engine(paths: list[Path], pbnsolve: str, runs: int, time_limit: float) -> None:
    import time

    from nonogram_editor.infra.tasks import Task
    from nonogram_editor.level.puzzle_formats import read_puzzle_file
    from nonogram_editor.nonogram.line import clear_line_caches
    from nonogram_editor.nonogram.puzzle import Puzzle
    from nonogram_editor.nonogram.search import Lookahead, find_alternative, find_solution

    print(f"the engine in this process (cold line caches, best of {runs}, CPU ms); pbnsolve: {pbnsolve} -u, "
          f"process CPU ms")
    print(f"{'puzzle':28s} {'size':>7s} {'line logic':>10s} {'first node':>10s} {'probes':>7s} "
          f"{'another':>8s} {'probes':>7s} {'pbnsolve':>9s}")
    sums = [0.0] * 4
    for path in paths:
        clues = read_puzzle_file(path)
        best = [float("inf")] * 3
        for _ in range(runs):
            clear_line_caches()
            start = time.process_time()
            puzzle = Puzzle(clues.row_clues, clues.column_clues)
            board = puzzle.board()
            puzzle.propagate(board)
            fixpoint = board.copy()
            line_done = time.process_time()
            first_node = Lookahead()
            first, _ = find_solution(puzzle, board, Task(), first_node, budget=0)
            first_done = time.process_time()
            another = Lookahead()
            if first is not None and first.is_complete():
                find_alternative(puzzle, fixpoint, first.filled_array(), Task(), another)
            times = (line_done - start, first_done - line_done, time.process_time() - first_done)
            best = [min(old, new) for old, new in zip(best, times)]
        before = children_cpu()
        pbnsolve_class(pbnsolve, path, time_limit)
        theirs = children_cpu() - before
        for index, seconds in enumerate((*best, theirs)):
            sums[index] += seconds
        print(f"{path.stem:28s} {puzzle.width:>3d}x{puzzle.height:<3d} {best[0] * 1000:10.1f} {best[1] * 1000:10.1f} "
              f"{first_node.probes:7d} {best[2] * 1000:8.1f} {another.probes:7d} {theirs * 1000:9.1f}", flush=True)
    print(f"{'summed':28s} {'':7s} {sums[0] * 1000:10.1f} {sums[1] * 1000:10.1f} {'':7s} {sums[2] * 1000:8.1f} "
          f"{'':7s} {sums[3] * 1000:9.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--pbnsolve", required=True, help="pbnsolve binary (run as pbnsolve -u FILE)")
    parser.add_argument("--tournament", type=Path, help="a tournament question file ($N, column clues, row clues)")
    parser.add_argument("--first", type=int, help="only this many puzzles of the tournament set")
    parser.add_argument("--bare", action="store_true", help="check the files' clues alone (their goals left out)")
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--under", type=float, default=1.0, help="the summary's puzzles: pbnsolve under this CPU s")
    parser.add_argument("--engine", action="store_true", help="the engine alone, in this process (no check processes)")
    parser.add_argument("--runs", type=int, default=3, help="--engine: runs per puzzle, the best counts")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-middle-"))
    puzzles = non_puzzles(args.files) if args.bare else []
    if args.tournament:
        puzzles = list(tournament_puzzles(args.tournament, None))[:args.first]
    paths = [] if args.bare else list(args.files)
    for name, rows, columns, _, _ in puzzles:  # clue-only files
        path = folder / f"{name}.non"
        write_non(path, rows, columns, {"title": name})
        paths.append(path)
    if not paths:
        parser.error("no puzzles: give .non files or --tournament")
    if args.engine:
        engine(paths, args.pbnsolve, args.runs, args.time_limit)
        return

    print(f"check: python -m nonogram_editor check --json --grade, a process per file, its cpu_seconds "
          f"(the grade apart); pbnsolve: {args.pbnsolve} -u, process CPU; "
          f"goal: at most max({FACTOR:g} x pbnsolve, {FLOOR} s)")
    print(f"{'puzzle':28s} {'size':>7s} {'verdict':13s} {'decided by':20s} {'check s':>8s} {'grade s':>8s} "
          f"{'pbnsolve s':>10s} {'ratio':>6s}  goal")
    rows, wrong = [], []
    graded = 0.0
    for path in paths:
        result, _, _ = run_check(path, args.time_limit, ("--grade",))
        ours = result["verdict"]
        before = children_cpu()
        theirs, _ = pbnsolve_class(args.pbnsolve, path, args.time_limit)
        their_cpu = children_cpu() - before
        cpu = result.get("cpu_seconds", float("nan"))
        ratio = cpu / max(their_cpu, 0.001)
        met = cpu <= goal(their_cpu)
        if not theirs.startswith(">") and ours not in ("UNDECIDED", "ERROR") and \
                theirs != (UNIQUE if ours in ("LINE", "BRANCH") else ours):
            wrong.append(f"{path.stem}: check {ours}, pbnsolve {theirs}")
        size = f"{result.get('width', '?')}x{result.get('height', '?')}"
        print(f"{path.stem:28s} {size:>7s} {ours:13s} {result.get('decided_by', ''):20s} {cpu:8.3f} "
              f"{result.get('grade_cpu_seconds', 0):8.3f} {their_cpu:10.3f} {ratio:6.1f}  {'yes' if met else 'NO'}"
              f"{'' if not theirs.startswith('>') else '  (pbnsolve ' + theirs + ')'}", flush=True)
        if not theirs.startswith(">") and their_cpu < args.under:
            rows.append((path.stem, cpu, their_cpu, ratio, met))
            graded += result.get("grade_cpu_seconds", 0)

    print(f"\n{len(rows)} puzzles that pbnsolve decides in under {args.under:g} CPU s:")
    if rows:
        print(f"  within the goal: {sum(met for *_, met in rows)} of {len(rows)}; "
              f"missed: {', '.join(name for name, *_, met in rows if not met) or 'none'}")
        print(f"  CPU summed: check {sum(cpu for _, cpu, *_ in rows):.2f} s, "
              f"pbnsolve {sum(theirs for _, _, theirs, *_ in rows):.2f} s; check's grades {graded:.2f} s")
        worst = max(rows, key=lambda row: row[3])
        print(f"  ratio check/pbnsolve (pbnsolve counted as at least 1 ms): median "
              f"{statistics.median(row[3] for row in rows):.1f}, worst {worst[3]:.1f} ({worst[0]})")
    print(f"disagreeing: {len(wrong) or 'none'}")
    for entry in wrong:
        print(f"  {entry}")


if __name__ == "__main__":
    main()
