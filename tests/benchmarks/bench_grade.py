"""Benchmark of the solve path and grade: how long the grade takes beyond the verdict.

    .venv/bin/python tests/benchmarks/bench_grade.py [FILE_OR_FOLDER.non...] [--no-big]

For every puzzle in tests/data/nonograms/ (or the ``.non`` files given): the verdict (with
its goal, as ``check`` does) and then its solve path and grade, each cold (line solver
memos cleared before the verdict; the grade runs after it, as in ``check --grade``), median
of 5 runs, in CPU ms of this process; then both summed, by verdict. The target is a grade
within 100 ms beyond its verdict for every LINE puzzle.

Then the big BRANCH puzzles, whose grades probe a lot, once each in CPU seconds (the
machine may be shared): tests/data/hard/'s BRANCH ones and Edge tiled 8x8 (88x120: webpbn
#23 Edge, padded to 11x15, in 8 x 8 copies; ``check`` must grade it within its 60 s limit).
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
NONOGRAMS = ROOT / "tests" / "data" / "nonograms"
HARD = ROOT / "tests" / "data" / "hard"
BIG_BRANCH = ("webpbn-00436-petroglyph.non", "webpbn-00803-light.non", "webpbn-06574-forever.non", "domino-9.non")

from nonogram_editor.level.non_format import read_non  # noqa: E402
from nonogram_editor.nonogram.grade import grade_verdict  # noqa: E402
from nonogram_editor.nonogram.line import clear_line_caches  # noqa: E402
from nonogram_editor.nonogram.verdict import check_drawing, check_puzzle  # noqa: E402


def edge_tiled() -> np.ndarray:
    """Edge (webpbn #23, 10x11) padded to 11x15, in 8 x 8 copies: an 88x120 BRANCH drawing."""
    tile = np.zeros((15, 11), dtype=bool)
    tile[:11, :10] = read_non(NONOGRAMS / "webpbn-00023-edge.non").goal
    return np.tile(tile, (8, 8))


def big_branch() -> None:
    print(f"\n{'big BRANCH puzzle':32s} {'verdict':8s} {'verdict s':>9s} {'grade s':>8s}  "
          "(CPU seconds of this process, one run)")
    cases = [(name, lambda name=name: _check_non(HARD / name)) for name in BIG_BRANCH]
    cases.append(("Edge tiled 8x8 (88x120)", lambda: check_drawing(edge_tiled())))
    for name, check in cases:
        clear_line_caches()
        start = time.process_time()
        verdict = check()
        middle = time.process_time()
        solve = grade_verdict(verdict)
        print(f"{name:32s} {verdict.kind:8s} {middle - start:9.2f} {time.process_time() - middle:8.2f}  "
              + (solve.summary() if solve else "-"), flush=True)


def _check_non(path: Path):
    non = read_non(path)
    return check_puzzle(non.row_clues, non.column_clues, non.goal if non.goal_fits() else None)


def main() -> None:
    paths = [Path(arg) for arg in sys.argv[1:] if arg != "--no-big"]
    files = sorted(file for path in paths for file in (path.rglob("*.non") if path.is_dir() else [path]))
    worst = 0.0
    sums: dict[str, list[float]] = {}
    print(f"{'puzzle':32s} {'verdict':8s} {'verdict ms':>10s} {'grade ms':>9s}  grade  (CPU ms, median of 5)")
    for path in files or sorted(NONOGRAMS.glob("*.non")):
        non = read_non(path)
        goal = non.goal if non.goal_fits() else None
        verdict_times, grade_times = [], []
        for _ in range(5):
            clear_line_caches()
            start = time.process_time()
            verdict = check_puzzle(non.row_clues, non.column_clues, goal)
            middle = time.process_time()
            solve = grade_verdict(verdict)
            verdict_times.append(middle - start)
            grade_times.append(time.process_time() - middle)
        verdict_ms, grade_ms = statistics.median(verdict_times) * 1000, statistics.median(grade_times) * 1000
        if verdict.kind == "LINE":
            worst = max(worst, grade_ms)
        both = sums.setdefault(verdict.kind, [0.0, 0.0])
        both[0] += verdict_ms
        both[1] += grade_ms
        print(f"{path.name[:32]:32s} {verdict.kind:8s} {verdict_ms:10.1f} {grade_ms:9.1f}  "
              + (solve.summary() if solve else "-"))
    print(f"slowest grade of a LINE puzzle beyond its verdict: {worst:.1f} ms (target 100 ms)")
    for kind, (verdict_ms, grade_ms) in sorted(sums.items()):
        print(f"{kind}: verdicts {verdict_ms:.0f} ms, grades {grade_ms:.0f} ms summed ({grade_ms / verdict_ms:.2f}x)")
    if "--no-big" not in sys.argv:
        big_branch()


if __name__ == "__main__":
    main()
