"""Start-up cost of ``nonogram-editor check`` on a 1x1 puzzle (the price a level-pack script pays per call).

    .venv/bin/python tests/benchmarks/bench_check_startup.py [--runs N] [--against CHECKOUT]

Figures (median of N runs: wall time from spawning the process to its exit, and its CPU time):
  * ``python -c pass``: the interpreter alone, the floor;
  * ``python -m nonogram_editor check tiny.non``;
  * the console script ``nonogram-editor check tiny.non`` beside the interpreter, when installed;
  * ``check`` on a pack of line-solvable files (the LINE puzzles of tests/data/nonograms and
    the levels of levels/) in one process, and its CPU time per file beyond the tiny check's;
and the modules ``check`` imports that take longest (``python -X importtime``), and whether
it imported numpy (a check line logic decides should not). ``--against``: another checkout
of the repository (e.g. ``git worktree add /tmp/main main``), whose 1x1 check is measured in
turn with this one's, run after run, so that both meet the same load. The project's
modules are compiled to bytecode first, as an installed copy has them.
"""
from __future__ import annotations

import argparse
import compileall
import csv
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_hard import compile_bytecode

ROOT = Path(__file__).resolve().parents[2]
TINY = "width 1\nheight 1\nrows\n1\ncolumns\n1\n"


def timed_runs(command: list[str], runs: int, path: str = str(ROOT)) -> tuple[list[float], list[float]]:
    """Wall and CPU (user + system) seconds of each of ``runs`` runs of ``command`` (``path``: its PYTHONPATH)."""
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = _timed_run(command, path)
        walls.append(wall)
        cpus.append(cpu)
    return walls, cpus


def _timed_run(command: list[str], path: str) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, env=dict(os.environ, PYTHONPATH=path), stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def against(check: list[str], checkout: Path, runs: int) -> None:
    """The 1x1 check here and in ``checkout`` (its ``editor`` folder imported as nonogram_editor,
    ahead of this install), in turn: median CPU seconds of each."""
    compileall.compile_dir(checkout / "editor", quiet=1)
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "nonogram_editor").symlink_to(checkout.resolve() / "editor")
        theirs, ours = [], []
        for _ in range(runs):
            theirs.append(_timed_run(check, folder)[1])
            ours.append(_timed_run(check, str(ROOT))[1])
    print(f"check tiny.non, in turn: {checkout} {statistics.median(theirs):6.3f} s CPU, "
          f"this checkout {statistics.median(ours):6.3f} s CPU (medians of {runs})")


def imports_numpy(check: list[str]) -> bool:
    probe = f"import runpy, sys\nsys.argv = {['nonogram-editor', *check[3:]]!r}\n" \
            "try:\n    runpy.run_module('nonogram_editor', run_name='__main__')\nexcept SystemExit:\n    pass\n" \
            "print('numpy' in sys.modules, file=sys.stderr)"
    result = subprocess.run([check[0], "-c", probe], cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                            capture_output=True, text=True, check=False)
    return result.stderr.strip().endswith("True")


def median_times(command: list[str], runs: int) -> str:
    """Median wall and CPU seconds of ``command``; CPU is steadier on a busy machine."""
    return _medians(*timed_runs(command, runs))


def _medians(walls: list[float], cpus: list[float]) -> str:
    return f"{statistics.median(walls):6.3f} s wall, {statistics.median(cpus):6.3f} s CPU"


def line_solvable_pack() -> list[Path]:
    """The LINE puzzles of tests/data/nonograms (expected.csv) and the levels of levels/."""
    folder = ROOT / "tests" / "data" / "nonograms"
    with open(folder / "expected.csv", newline="") as handle:
        puzzles = [folder / row["file"] for row in csv.DictReader(handle) if row["class"] == "LINE"]
    return puzzles + sorted((ROOT / "levels").glob("*.level"))


def slowest_imports(command: list[str], count: int = 8) -> list[tuple[int, str]]:
    """(cumulative microseconds, module) of the top-level imports that cost most."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    result = subprocess.run([command[0], "-X", "importtime", *command[1:]], cwd=ROOT, env=env,
                            capture_output=True, text=True, check=False)
    rows = []
    for line in result.stderr.splitlines():
        parts = line.split("|")
        if line.startswith("import time:") and len(parts) == 3 and parts[1].strip().isdigit():
            name = parts[2]
            if len(name) - len(name.lstrip()) <= 1:  # imported directly by the command, not by a module
                rows.append((int(parts[1]), name.strip()))
    return sorted(rows, reverse=True)[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--against", type=Path, help="another checkout of the repository, measured in turn")
    args = parser.parse_args()
    compile_bytecode()
    with tempfile.TemporaryDirectory() as folder:
        tiny = Path(folder) / "tiny.non"
        tiny.write_text(TINY)
        check = [sys.executable, "-m", "nonogram_editor", "check", str(tiny)]
        print(f"python -c pass                       {median_times([sys.executable, '-c', 'pass'], args.runs)}")
        walls, cpus = timed_runs(check, args.runs)
        print(f"python -m nonogram_editor check tiny.non      {_medians(walls, cpus)}  (target < 0.15 s CPU; "
              f"imports numpy: {'yes' if imports_numpy(check) else 'no'})")
        if args.against:
            against(check, args.against, args.runs)
        pack = line_solvable_pack()
        pack_walls, pack_cpus = timed_runs([*check[:-1], *map(str, pack)], args.runs)
        per_file = (statistics.median(pack_cpus) - statistics.median(cpus)) / len(pack)
        print(f"python -m nonogram_editor check PACK          {_medians(pack_walls, pack_cpus)}: "
              f"{len(pack)} line-solvable files, {per_file * 1000:.1f} ms CPU per file beyond the start-up")
        script = shutil.which("nonogram-editor", path=str(Path(sys.executable).parent))
        if script:
            print(f"nonogram-editor check tiny.non       {median_times([script, 'check', str(tiny)], args.runs)}")
        print("slowest imports of `python -m nonogram_editor check` (cumulative ms):")
        for microseconds, name in slowest_imports(check):
            print(f"  {microseconds / 1000:7.1f}  {name}")


if __name__ == "__main__":
    main()
