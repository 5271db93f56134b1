"""Benchmark of the solve path and grade: how long the grade takes beyond the verdict.

    .venv/bin/python tests/benchmarks/bench_grade.py

For every puzzle in tests/data/nonograms/: the verdict (with its goal, as ``check`` does)
and then its solve path and grade, each cold (line solver memos cleared before the
verdict; the grade runs after it, as in ``check``), median of 5 runs, in ms.
The target is a grade within 100 ms beyond its verdict for every LINE puzzle.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
NONOGRAMS = ROOT / "tests" / "data" / "nonograms"

from editor.level.non_format import read_non  # noqa: E402
from editor.nonogram.grade import grade_verdict  # noqa: E402
from editor.nonogram.line import clear_line_caches  # noqa: E402
from editor.nonogram.verdict import check_puzzle  # noqa: E402


def main() -> None:
    worst = 0.0
    print(f"{'puzzle':32s} {'verdict':8s} {'verdict ms':>10s} {'grade ms':>9s}  grade")
    for path in sorted(NONOGRAMS.glob("*.non")):
        non = read_non(path)
        goal = non.goal if non.goal_fits() else None
        verdict_times, grade_times = [], []
        for _ in range(5):
            clear_line_caches()
            start = time.perf_counter()
            verdict = check_puzzle(non.row_clues, non.column_clues, goal)
            middle = time.perf_counter()
            solve = grade_verdict(verdict)
            verdict_times.append(middle - start)
            grade_times.append(time.perf_counter() - middle)
        grade_ms = statistics.median(grade_times) * 1000
        if verdict.kind == "LINE":
            worst = max(worst, grade_ms)
        print(f"{path.name:32s} {verdict.kind:8s} {statistics.median(verdict_times) * 1000:10.1f} {grade_ms:9.1f}  "
              + (solve.summary() if solve else "-"))
    print(f"slowest grade of a LINE puzzle beyond its verdict: {worst:.1f} ms (target 100 ms)")


if __name__ == "__main__":
    main()
