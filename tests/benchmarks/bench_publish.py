"""Benchmark of publishing a pack (editor/publish): the web page and the booklet of 100 puzzles.

    .venv/bin/python tests/benchmarks/bench_publish.py

Makes 100 random puzzles in play order (sizes 10x10 to 50x50, every fourth a colour puzzle of 4
colours, the two-colour ones with a reward picture), writes the web page, and the booklet one
and four to a page, and prints the CPU seconds (median of 3) and the file size of each. The
goals fit their clues, so the booklet solves nothing.
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from PySide6.QtGui import QGuiApplication  # noqa: E402

from nonogram_editor.level.clues import clues  # noqa: E402
from nonogram_editor.level.colour import ColourPuzzle  # noqa: E402
from nonogram_editor.level.non_format import NonPuzzle  # noqa: E402
from nonogram_editor.publish.booklet import write_booklet  # noqa: E402
from nonogram_editor.publish.html_pack import write_html_pack  # noqa: E402

PALETTE = [(255, 255, 255), (200, 30, 30), (30, 160, 60), (40, 80, 220), (0, 0, 0)]


def pack(count: int = 100):
    rng = np.random.default_rng(0)
    puzzles, pictures = [], []
    for number in range(count):
        width, height = (int(side) for side in rng.integers(10, 51, 2))
        if number % 4 == 3:
            puzzles.append(ColourPuzzle.of_grid(rng.integers(0, 5, (height, width)), PALETTE, f"Colour {number + 1}"))
            pictures.append(None)
        else:
            grid = rng.random((height, width)) < 0.55
            rows, columns = clues(grid)
            puzzles.append(NonPuzzle(width, height, rows, columns, grid, f"Drawing {number + 1}"))
            pictures.append(rng.integers(0, 256, (height, width, 3), dtype=np.uint8))
    return puzzles, pictures


def cpu_seconds(function, *args, **keywords) -> float:
    times = []
    for _ in range(3):
        start = time.process_time()
        function(*args, **keywords)
        times.append(time.process_time() - start)
    return statistics.median(times)


def main() -> None:
    app = QGuiApplication.instance() or QGuiApplication(["bench", "-platform", "offscreen"])  # noqa: F841
    puzzles, pictures = pack()
    with tempfile.TemporaryDirectory() as folder:
        page, booklet = Path(folder) / "pack.html", Path(folder) / "pack.pdf"
        seconds = cpu_seconds(write_html_pack, page, puzzles, title="Benchmark", pictures=pictures)
        print(f"web page, {len(puzzles)} puzzles: {seconds:.3f} CPU s, {page.stat().st_size / 1e6:.2f} MB")
        for per_page in (1, 4):
            seconds = cpu_seconds(write_booklet, booklet, puzzles, per_page=per_page, title="Benchmark")
            print(f"booklet, {len(puzzles)} puzzles, {per_page} per page: {seconds:.3f} CPU s, "
                  f"{booklet.stat().st_size / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
