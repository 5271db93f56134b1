"""Start-up cost of ``nonogram-editor check`` on a 1x1 puzzle (the price a level-pack script pays per call).

    .venv/bin/python tests/benchmarks/bench_check_startup.py [--runs N]

Figures (median of N runs: wall time from spawning the process to its exit, and its CPU time):
  * ``python -c pass``: the interpreter alone, the floor;
  * ``python -m editor check tiny.non``;
  * the console script ``nonogram-editor check tiny.non`` beside the interpreter, when installed;
and the modules ``check`` imports that take longest (``python -X importtime``).
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TINY = "width 1\nheight 1\nrows\n1\ncolumns\n1\n"


def median_times(command: list[str], runs: int) -> str:
    """Median wall and CPU (user + system) seconds of ``command``; CPU is steadier on a busy machine."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, check=False)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return f"{statistics.median(walls):6.3f} s wall, {statistics.median(cpus):6.3f} s CPU"


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
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        tiny = Path(folder) / "tiny.non"
        tiny.write_text(TINY)
        check = [sys.executable, "-m", "editor", "check", str(tiny)]
        print(f"python -c pass                       {median_times([sys.executable, '-c', 'pass'], args.runs)}")
        print(f"python -m editor check tiny.non      {median_times(check, args.runs)}  (target <= 0.25 s)")
        script = shutil.which("nonogram-editor", path=str(Path(sys.executable).parent))
        if script:
            print(f"nonogram-editor check tiny.non       {median_times([script, 'check', str(tiny)], args.runs)}")
        print("slowest imports of `python -m editor check` (cumulative ms):")
        for microseconds, name in slowest_imports(check):
            print(f"  {microseconds / 1000:7.1f}  {name}")


if __name__ == "__main__":
    main()
