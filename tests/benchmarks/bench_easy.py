"""Easy puzzles at the cost of C: ``check``'s CPU seconds on easy and small work, start-up
included, beside pbnsolve and picross-solver measured in the same run.

    .venv/bin/python tests/benchmarks/bench_easy.py --pbnsolve PATH --picross PATH
        [--folder FILE_OR_FOLDER...] [--tournament SET.txt --count N] [--colour] [--runs N]

* start-up: ``python -c pass``, ``python -c "import numpy"`` and ``check`` of a 1x1 puzzle
  (median CPU of ``--runs`` processes; pbnsolve on the same file beside it).
* ``--folder``: two-colour puzzle files (e.g. the published puzzles in picross-solver's
  ``inputs/``, not kept here): line logic alone per file, in this process, cold line caches
  (best of 3; the files ``--line-logic`` names, by default those of 2,500 cells or more);
  then one ``check`` process over all of them (with and without ``--no-grade``) against
  pbnsolve summed over the files and one picross-solver process over all of them.
* ``--tournament``: the first ``--count`` puzzles of a computer-tournament set (25x25; the
  format of ``bench_unseen.py``) that pbnsolve finds several solutions of: one ``check
  --json`` process per puzzle against one pbnsolve process, the median ratio of CPU seconds.
* ``--colour``: the colour puzzles of ``bench_colour.py`` (random pictures of 2 and 3
  colours, 20x20 and 30x30, and the public ones in tests/data), each as webpbn XML written
  by the editor: one ``check`` process over all of them against pbnsolve summed; on the
  files pbnsolve decides within a second, each file's own CPU (``cpu_seconds``) beside
  pbnsolve's, summed and the worst ratios.

CPU seconds are user + system of the processes (a check's SAT process included); on a busy
machine they are steadier than wall time, but still noisy: compare figures from one run.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_hard import ROOT, children_cpu, compile_bytecode  # noqa: E402
from bench_unseen import HARD, PBNSOLVE_CLASSES, read_tournament  # noqa: E402

sys.path.insert(0, str(HARD))
from convert import write_non  # noqa: E402

from nonogram_editor.level.puzzle_formats import is_puzzle_file, read_puzzle_file  # noqa: E402

TINY = "width 1\nheight 1\nrows\n1\ncolumns\n1\n"
CHECK = [sys.executable, "-m", "nonogram_editor", "check"]


def cpu_of(command: list[str], limit: float = 600) -> tuple[float, str]:
    """CPU seconds (user + system, its children included) of one run of ``command``, and its stdout."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    before = children_cpu()
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT, timeout=limit, check=False)
    return children_cpu() - before, done.stdout


def median_cpu(command: list[str], runs: int) -> float:
    return statistics.median(cpu_of(command)[0] for _ in range(runs))


def pbnsolve_class(binary: str, path: Path) -> tuple[str, float]:
    seconds, out = cpu_of([binary, "-u", str(path)])
    return next((kind for text, kind in PBNSOLVE_CLASSES if text in out), "?"), seconds


def ratio_text(ours: float, theirs: float) -> str:
    return f"{ours / theirs:5.1f}x" if theirs > 0 else "   -"


def start_up(args, folder: Path) -> None:
    tiny = folder / "tiny.non"
    tiny.write_text(TINY)
    print(f"start-up (median CPU s of {args.runs} processes)")
    for label, command in (("python -c pass", [sys.executable, "-c", "pass"]),
                           ("python -c 'import numpy'", [sys.executable, "-c", "import numpy"]),
                           ("check 1x1", [*CHECK, str(tiny)]),
                           ("check --no-grade 1x1", [*CHECK, "--no-grade", str(tiny)])):
        print(f"  {label:28s} {median_cpu(command, args.runs):6.3f}")
    if args.pbnsolve:
        print(f"  {'pbnsolve -u 1x1':28s} {median_cpu([args.pbnsolve, '-u', str(tiny)], args.runs):6.3f}")


def puzzle_files(names: list[str]) -> list[Path]:
    files = []
    for name in map(Path, names):
        files += sorted(path for path in name.rglob("*") if is_puzzle_file(path)) if name.is_dir() else [name]
    return files


def line_logic(files: list[Path], cells: int) -> None:
    from nonogram_editor.nonogram.line import clear_line_caches
    from nonogram_editor.nonogram.puzzle import Puzzle

    print(f"line logic alone (this process, cold line caches, best of 3 CPU ms), files of {cells}+ cells:")
    for path in files:
        puzzle = read_puzzle_file(path)
        if not hasattr(puzzle, "row_clues") or len(puzzle.row_clues) * len(puzzle.column_clues) < cells:
            continue
        best = float("inf")
        for _ in range(3):
            clear_line_caches()
            start = time.process_time()
            checked = Puzzle(puzzle.row_clues, puzzle.column_clues)
            board = checked.board()
            sweeps = checked.propagate(board)
            best = min(best, time.process_time() - start)
        state = "complete" if board.is_complete() else f"{board.unknown_count()} open"
        print(f"  {path.name:45s} {checked.width}x{checked.height}  {best * 1000:6.1f} ms  ({sweeps} sweeps, {state})")


def whole_folder(args, files: list[Path]) -> None:
    print(f"{len(files)} files in one process (CPU s, start-up included):")
    ours = {}
    for label, extra in (("check", []), ("check --no-grade", ["--no-grade"])):
        ours[label], _ = cpu_of([*CHECK, *extra, *map(str, files)])
    theirs = {}
    if args.pbnsolve:
        theirs["pbnsolve (summed over the files)"] = sum(pbnsolve_class(args.pbnsolve, path)[1] for path in files)
    if args.picross:
        theirs["picross-solver (one process)"], _ = cpu_of(
            [args.picross, "--max-nb-solutions", "2", "--no-timing", *map(str, files)])
    for label, seconds in theirs.items():
        print(f"  {label:34s} {seconds:6.3f}")
    for label, seconds in ours.items():
        ratios = "  ".join(f"{ratio_text(seconds, other)} {name.split()[0]}" for name, other in theirs.items())
        print(f"  {label:34s} {seconds:6.3f}  {ratios}")


def tournament(args, folder: Path) -> None:
    ratios, count = [], 0
    ours_all, theirs_all = [], []
    for name, lines in read_tournament(Path(args.tournament)):
        if count >= args.count:
            break
        count += 1
        clues = [[n for n in line if n] for line in lines]
        side = len(clues) // 2  # the columns first
        path = folder / f"t{name}.non"
        write_non(path, clues[side:], clues[:side], {})
        kind, theirs = pbnsolve_class(args.pbnsolve, path)
        if kind != "MULT":
            continue
        ours, _ = cpu_of([*CHECK, "--json", str(path)])
        ours_all.append(ours)
        theirs_all.append(theirs)
        ratios.append(ours / theirs)
    if not ratios:
        print(f"tournament: none of the first {count} puzzles has several solutions (pbnsolve)")
        return
    print(f"tournament {Path(args.tournament).name}: {len(ratios)} of the first {count} puzzles with several "
          f"solutions, one process each: check median {statistics.median(ours_all):.3f} CPU s, pbnsolve median "
          f"{statistics.median(theirs_all):.3f}, median ratio {statistics.median(ratios):.2f}x")


def colour(args, folder: Path) -> None:
    import numpy as np
    from bench_colour import pictures, public_puzzles, write_xml

    from nonogram_editor.level.colour import colour_clues

    rng = np.random.default_rng(27)  # bench_colour.py's default seed
    cases = []
    for colours in (3, 4):
        for size in (20, 30):
            cases += [(*colour_clues(picture), colours) for _, picture in pictures(rng, 12, size, colours)]
    cases += [(rows, columns, colours) for _, rows, columns, colours, _ in public_puzzles()]
    files = []
    for index, (rows, columns, colours) in enumerate(cases):
        files.append(folder / f"colour-{index:02d}.xml")
        write_xml(files[-1], rows, columns, colours)
    print(f"{len(files)} colour puzzles in one process (CPU s, start-up included):")
    pbnsolve = {str(path): pbnsolve_class(args.pbnsolve, path)[1] for path in files} if args.pbnsolve else {}
    theirs = sum(pbnsolve.values())
    if args.pbnsolve:
        print(f"  {'pbnsolve (summed over the files)':34s} {theirs:6.3f}")
    for label, extra in (("check --grade", ["--grade"]), ("check", [])):
        ours, out = cpu_of([*CHECK, "--json", *extra, *map(str, files)])
        print(f"  {label:34s} {ours:6.3f}  {ratio_text(ours, theirs)} pbnsolve")
    if pbnsolve:
        per_file(out, pbnsolve)


def per_file(out: str, pbnsolve: dict[str, float]) -> None:
    """Each file's own CPU in that run (``cpu_seconds``: without the start-up) beside pbnsolve's,
    on the files pbnsolve decides within a second: summed, and the worst ratios."""
    import json

    ours = {entry["path"]: entry["cpu_seconds"] for entry in map(json.loads, out.splitlines())}
    quick = [path for path, seconds in pbnsolve.items() if seconds < 1.0]
    total, theirs = sum(ours[path] for path in quick), sum(pbnsolve[path] for path in quick)
    print(f"  the {len(quick)} pbnsolve decides within 1 s, each file's own CPU (check --json): "
          f"{total:.3f} against {theirs:.3f} ({ratio_text(total, theirs).strip()})")
    worst = sorted(quick, key=lambda path: ours[path] / max(pbnsolve[path], 1e-3), reverse=True)[:5]
    print("  worst: " + ", ".join(f"{Path(path).stem} {ours[path]:.3f} vs {pbnsolve[path]:.3f}" for path in worst))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pbnsolve", help="pbnsolve binary (1.10, with libxml2), run as pbnsolve -u FILE")
    parser.add_argument("--picross", help="picross-solver's picross_solver_cli (Release)")
    parser.add_argument("--folder", nargs="+", default=[], help="two-colour puzzle files or folders of them")
    parser.add_argument("--line-logic", nargs="*", help="the files to time line logic on (default: big ones)")
    parser.add_argument("--cells", type=int, default=2500, help="line logic on the folder's files this big")
    parser.add_argument("--tournament", help="a tournament set (bench_unseen.py's format); needs --pbnsolve")
    parser.add_argument("--count", type=int, default=100, help="the tournament puzzles to look at")
    parser.add_argument("--colour", action="store_true", help="the colour puzzles in one process")
    parser.add_argument("--runs", type=int, default=10, help="processes per start-up figure")
    args = parser.parse_args()
    compile_bytecode()
    with tempfile.TemporaryDirectory(prefix="bench-easy-") as name:
        folder = Path(name)
        start_up(args, folder)
        files = puzzle_files(args.folder)
        if args.line_logic is not None or files:
            line_logic(puzzle_files(args.line_logic) if args.line_logic else files,
                       0 if args.line_logic else args.cells)
        if files:
            whole_folder(args, files)
        if args.tournament and args.pbnsolve:
            tournament(args, folder)
        if args.colour:
            colour(args, folder)


if __name__ == "__main__":
    main()
