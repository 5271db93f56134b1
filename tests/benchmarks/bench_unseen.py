"""Puzzles the project has never seen, from their bare clues: per puzzle the verdict, the
process wall time of ``nonogram-editor check`` and which stage decided it, checked against
pbnsolve and picross-solver; then a summary (count per class, max and p95 wall, CPU, the
median per-puzzle ratio of CPU seconds to each other solver's, UNDECIDED, where another
solver taking over a second was faster, disagreements).

    .venv/bin/python tests/benchmarks/bench_unseen.py --tournament taai2011.txt [--first N] [--skip K]
    .venv/bin/python tests/benchmarks/bench_unseen.py --random 30x30 --density 0.5 --count 50 --seed 1
    .venv/bin/python tests/benchmarks/bench_unseen.py --non FILE.non...
    .venv/bin/python tests/benchmarks/bench_unseen.py --proxies [--seed 1] [--goals bare|goal|both] [--only TEXT]
        [--time-limit S] [--pbnsolve PATH] [--picross PATH] [--keep DIR]

* ``--tournament``: a computer-nonogram tournament set (TAAI/TCGA/ICGA, e.g. from
  github.com/zxkyjimmy/NonogramRecord ``question/*.txt``; GPL, so never kept in this
  repository): ``$N`` then the column clues then the row clues, one clue per line
  (tab-separated). With ``--solutions`` (the matching ``solution/*.txt``) a unique
  verdict's solution must be the given one.
* ``--random WxH``: pictures with each cell filled with probability ``--density``
  (``--seed``), checked from their clues alone (the designer checking someone else's clues).
* ``--non``: puzzle files (e.g. webpbn puzzles that may not be redistributed), also
  checked from their clues alone.
* ``--proxies``: generated proxies of the hard webpbn puzzles kept aside for judging
  (:mod:`proxies`: fractals, dithered images, text and strokes, pictures with many
  solutions; 15x15 to 99x59), each from its bare clues (``-bare``) and with its picture as
  the goal (``-goal``, a designer's drawing; the other solvers get the bare clues). The
  picture is a solution: a unique verdict must give it, CONTRADICTION is wrong.
* Each puzzle is written as a clue-only ``.non`` file (to a temporary folder, or
  ``--keep DIR``) and runs as its own ``python -m nonogram_editor check --json`` process
  (:func:`bench_hard.run_check`): its CPU seconds are the process's, start-up included.
  With ``--one-process``, all the files are then checked again by one ``check --json``
  process, and the ratios are also given for each file's own ``cpu_seconds`` there (the
  start-up paid once for the whole set, as a level pack's check pays it). Every verdict is checked here: a solution (and
  a MULT's second one) must fit the clues (``BAD``); with ``--pbnsolve`` (``pbnsolve -u``: solve and
  check uniqueness) its class must agree (``WRONG``; LINE and BRANCH both count as unique).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_hard import HARD, ROOT, children_cpu, compile_bytecode, run_check  # noqa: E402

sys.path.insert(0, str(HARD))
from convert import write_non  # noqa: E402
from proxies import proxy_pictures  # noqa: E402

from nonogram_editor.level.clues import clues as clues_of_grid  # noqa: E402
from nonogram_editor.level.non_format import format_non  # noqa: E402
from nonogram_editor.nonogram.puzzle import Puzzle  # noqa: E402

UNIQUE = "unique"  # LINE or BRANCH: what pbnsolve's answer can be compared with
PBNSOLVE_CLASSES = (("UNIQUE LINE SOLUTION", UNIQUE), ("UNIQUE SOLUTION", UNIQUE),
                    ("FOUND MULTIPLE SOLUTIONS", "MULT"), ("NO SOLUTION", "CONTRADICTION"))


def read_tournament(path: Path) -> list[tuple[str, list[list[int]]]]:
    """The numbered blocks of a tournament file (questions or solutions): (name, its lines of numbers)."""
    blocks: list[tuple[str, list[list[int]]]] = []
    for line in path.read_text().splitlines():
        if line.startswith("$"):
            blocks.append((line[1:].strip(), []))
        elif blocks and line.strip():
            blocks[-1][1].append([int(n) for n in line.split()])
    return blocks


def tournament_puzzles(path: Path, solutions: Path | None):
    """(name, row clues, column clues, the given solution or None) per puzzle of the set."""
    given = {name: np.array(lines, dtype=bool) for name, lines in read_tournament(solutions)} if solutions else {}
    for name, lines in read_tournament(path):
        clues = [[n for n in line if n] for line in lines]
        side = len(clues) // 2  # square: the columns first
        yield f"{path.stem}-{name}", clues[side:], clues[:side], given.get(name), False


def random_puzzles(size: str, density: float, count: int, seed: int):
    width, height = (int(n) for n in size.lower().split("x"))
    generator = np.random.default_rng(seed)
    for index in range(count):
        picture = generator.random((height, width)) < density
        rows, columns = clues_of_grid(picture)
        yield f"rand{width}x{height}-d{density:g}-s{seed}-{index}", rows, columns, None, False


def proxy_puzzles(seed: int, goals: str):
    """Each proxy picture as bare clues (``-bare``) and/or with its goal (``-goal``), as ``goals`` says."""
    for name, picture in proxy_pictures(seed):
        rows, columns = clues_of_grid(picture)
        for variant in (("bare", "goal") if goals == "both" else (goals,)):
            yield f"{name}-{variant}", rows, columns, picture, variant == "goal"


def non_puzzles(paths: list[Path]):
    from nonogram_editor.level.non_format import read_non

    for path in paths:
        puzzle = read_non(path)
        yield path.stem, puzzle.row_clues, puzzle.column_clues, None, False


def pbnsolve_class(binary: str, path: Path, limit: float) -> tuple[str, float]:
    """pbnsolve's class of the puzzle (unique, MULT, CONTRADICTION, or >limit) and its wall seconds."""
    start = time.perf_counter()
    try:
        done = subprocess.run([binary, "-u", str(path)], capture_output=True, text=True, timeout=limit)
    except subprocess.TimeoutExpired:
        return f">{limit:.0f}s", limit
    wall = time.perf_counter() - start
    for text, kind in PBNSOLVE_CLASSES:
        if text in done.stdout:
            return kind, wall
    return "?", wall


def picross_class(binary: str, path: Path, limit: float) -> tuple[str, float]:
    """picross-solver's class (up to two solutions asked for) and its wall seconds."""
    start = time.perf_counter()
    try:
        done = subprocess.run([binary, str(path), "--max-nb-solutions", "2", "--no-timing"],
                              capture_output=True, text=True, timeout=limit)
    except subprocess.TimeoutExpired:
        return f">{limit:.0f}s", limit
    wall = time.perf_counter() - start
    found = re.findall(r"Solution nb (\d+)", done.stdout)
    kind = {0: "CONTRADICTION", 1: UNIQUE}.get(len(found), "MULT")
    return kind, wall


def grid(rows: list[str]) -> np.ndarray:
    return np.array([[c == "1" for c in row] for row in rows], dtype=bool)


def faults(result: dict, puzzle: Puzzle, given: np.ndarray | None) -> list[str]:
    """What is wrong with a verdict that can be seen without another solver."""
    kind = result["verdict"]
    problems = []
    if kind in ("LINE", "BRANCH", "MULT"):
        solution = grid(result["solution"])
        if not puzzle.is_solution(solution):
            problems.append("solution does not fit")
        if kind != "MULT" and given is not None and not (solution == given).all():
            problems.append("unique, but the given solution differs")
    if kind == "MULT":
        other = grid(result["alternative"])
        if not puzzle.is_solution(other) or (other == grid(result["solution"])).all():
            problems.append("second solution does not fit or is the same")
    if kind == "CONTRADICTION" and given is not None:
        problems.append("no solution, but one is given")
    return problems


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(np.ceil(share * len(ordered))) - 1)] if ordered else float("nan")


def print_ratios(title: str, cpu_ratios: dict) -> None:
    """The median CPU seconds per puzzle of check and each other solver, and the median ratio."""
    for solver, pairs in cpu_ratios.items():  # a stopped run counts its CPU up to the limit: a lower bound
        ratio = statistics.median(ours / max(theirs, 0.001) for ours, theirs in pairs)
        print(f"{title}: check median {statistics.median(ours for ours, _ in pairs):.3f} s, {solver} median "
              f"{statistics.median(theirs for _, theirs in pairs):.3f} s; median ratio check/{solver} {ratio:.2f} "
              f"(theirs counted as at least 1 ms)")


def one_process_ratios(checked: list[tuple[Path, dict]], time_limit: float) -> dict:
    """Every file checked again by one ``check --json`` process: solver -> [(the file's
    ``cpu_seconds`` there, the solver's CPU s)]; prints the process's CPU beyond the files' own."""
    compile_bytecode()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    before = children_cpu()
    done = subprocess.run([sys.executable, "-m", "nonogram_editor", "check", "--json", "--time-limit", str(time_limit),
                           *(str(path) for path, _ in checked)], capture_output=True, text=True, env=env, cwd=ROOT)
    process = children_cpu() - before
    seconds = {}
    for line in done.stdout.splitlines():
        record = json.loads(line)
        seconds[record["path"]] = record.get("cpu_seconds", float("nan"))
    print(f"one check process over the {len(checked)} files: {process:.2f} CPU s, of which the files' own "
          f"{sum(seconds.values()):.2f} s (start-up and the rest {process - sum(seconds.values()):.2f} s)")
    pairs = {}
    for path, theirs in checked:
        for solver, their_cpu in theirs.items():
            pairs.setdefault(solver, []).append((seconds[str(path)], their_cpu))
    return pairs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--tournament", type=Path, help="a tournament question file ($N, column clues, row clues)")
    source.add_argument("--random", metavar="WxH", help="random pictures of this size")
    source.add_argument("--non", nargs="+", type=Path, help=".non files (their goal, if any, left out)")
    source.add_argument("--proxies", action="store_true",
                        help="generated proxies of hard webpbn puzzles (fractals, dithering, line art, MULT)")
    parser.add_argument("--goals", choices=("bare", "goal", "both"), default="both",
                        help="--proxies: check the bare clues, the picture as the goal, or both")
    parser.add_argument("--only", help="only the puzzles whose name contains this")
    parser.add_argument("--solutions", type=Path, help="the tournament's solution file")
    parser.add_argument("--first", type=int, help="only this many puzzles")
    parser.add_argument("--skip", type=int, default=0, help="leave out this many puzzles first")
    parser.add_argument("--density", type=float, default=0.5)
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--slow", type=float, default=10.0, help="wall seconds above which a puzzle is listed as slow")
    parser.add_argument("--pbnsolve", help="pbnsolve binary: its class must agree")
    parser.add_argument("--picross", help="picross-solver's CLI binary: its class must agree")
    parser.add_argument("--one-process", action="store_true",
                        help="also check every file in one check process and compare its per-file CPU seconds")
    parser.add_argument("--keep", type=Path, help="write the .non files here (default: a temporary folder)")
    args = parser.parse_args()

    if args.tournament:
        puzzles = tournament_puzzles(args.tournament, args.solutions)
    elif args.non:
        puzzles = non_puzzles(args.non)
    elif args.proxies:
        puzzles = proxy_puzzles(args.seed, args.goals)
    else:
        puzzles = random_puzzles(args.random, args.density, args.count, args.seed)
    puzzles = [puzzle for puzzle in puzzles if not args.only or args.only in puzzle[0]][args.skip:]
    puzzles = puzzles[:args.first] if args.first else puzzles
    folder = args.keep or Path(tempfile.mkdtemp(prefix="bench-unseen-"))
    folder.mkdir(parents=True, exist_ok=True)
    others = [(title, binary, ask) for title, binary, ask in
              (("pbnsolve", args.pbnsolve, pbnsolve_class), ("picross", args.picross, picross_class)) if binary]

    print(f"time limit {args.time_limit:g} s; process wall time per puzzle, python -m nonogram_editor check --json "
          f"(bare clues; files in {folder})")
    header = (f"{'puzzle':36s} {'size':>7s} {'open':>5s} {'verdict':13s} {'wall s':>7s} {'cpu s':>6s}  "
              f"{'decided by':20s}")
    for title, _, _ in others:
        header += f" {title + ' (s)':>22s}"
    print(header, flush=True)
    walls, kinds, undecided, slow, wrong, behind = [], {}, [], [], [], []
    cpu_total = 0.0
    cpu_ratios = {}  # solver -> [(check's CPU s, its CPU s)] per puzzle
    checked = []  # (the file checked, the other solvers' CPU s on it)
    theirs_by_clues = {}  # (clues, solver) -> its answer: the bare and goal variants share one
    for name, rows, columns, given, with_goal in puzzles:
        path = folder / f"{name}.non"
        write_non(path, rows, columns, {"title": name})
        clue_path = path
        if with_goal:  # only the check gets the goal; the others solve the same clues from scratch
            path = folder / f"{name}.goal.non"
            path.write_text(format_non(given, name))
        result, wall, cpu = run_check(path, args.time_limit)
        kind = result["verdict"]
        walls.append(wall)
        cpu_total += cpu
        kinds[kind] = kinds.get(kind, 0) + 1
        problems = [] if kind == "ERROR" else faults(result, Puzzle(rows, columns), given)
        if kind == "ERROR":
            problems.append(result["error"])
        if kind == "UNDECIDED":
            undecided.append(name)
        if wall > args.slow:
            slow.append(f"{name} {wall:.1f} s")
        decided = "(time limit)" if kind == "UNDECIDED" else result.get("decided_by", "")
        size = f"{len(columns)}x{len(rows)}"
        line = (f"{name:36s} {size:>7s} {result.get('open_cells_after_line_logic', ''):>5} "
                f"{kind:13s} {wall:7.2f} {cpu:6.2f}  {decided:20s}")
        ours = UNIQUE if kind in ("LINE", "BRANCH") else kind
        checked.append((path, {}))
        for title, binary, ask in others:
            key = (str(rows), str(columns), title)
            if key not in theirs_by_clues:
                before = children_cpu()
                theirs_by_clues[key] = (*ask(binary, clue_path, args.time_limit), children_cpu() - before)
            theirs, seconds, their_cpu = theirs_by_clues[key]
            line += f" {theirs:>13s} {seconds:8.2f}"
            cpu_ratios.setdefault(title, []).append((cpu, their_cpu))
            checked[-1][1][title] = their_cpu
            if seconds > 1 and wall > seconds and not theirs.startswith(">"):  # it answered, and first
                behind.append(f"{name} {wall:.1f} s, {title} {seconds:.1f} s")
            if not theirs.startswith(">") and kind != "UNDECIDED" and theirs != ours:
                problems.append(f"{title} says {theirs}")
        if problems:
            wrong.append(f"{name}: {kind}: {'; '.join(problems)}")
        print(line + ("  WRONG: " + "; ".join(problems) if problems else ""), flush=True)

    print(f"\n{len(walls)} puzzles: " + ", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items())))
    print(f"wall: max {max(walls):.2f} s, p95 {percentile(walls, 0.95):.2f} s, median {percentile(walls, 0.5):.2f} s, "
          f"total {sum(walls):.1f} s; CPU (process and children) total {cpu_total:.1f} s")
    print_ratios("CPU per puzzle, a check process each (start-up included)", cpu_ratios)
    if args.one_process:
        print_ratios("CPU per puzzle inside one check process (its cpu_seconds; start-up paid once)",
                     one_process_ratios(checked, args.time_limit))
    print(f"UNDECIDED: {', '.join(undecided) or 'none'}")
    print(f"over {args.slow:g} s: {', '.join(slow) or 'none'}")
    print(f"slower than another solver taking over 1 s: {', '.join(behind) or 'none'}")
    print(f"wrong or disagreeing: {len(wrong) or 'none'}")
    for entry in wrong:
        print(f"  {entry}")


if __name__ == "__main__":
    main()
