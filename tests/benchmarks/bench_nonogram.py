"""Benchmark of the nonogram engine and the editor's live check. Prints every figure issue 3 asks for.

    .venv/bin/python tests/benchmarks/bench_nonogram.py [--quick]

1. one 30-cell line with a third of its cells known: median microseconds of the complete
   line deduction (no memo), and of a memo hit;
2. full line propagation of Knot (34x34) and Swing (45x45), cold (no memo), in ms;
3. the verdict of every puzzle in tests/data/nonograms/ (with its goal, as
   ``nonogram-editor check`` does, and from the bare clues), cold, in ms;
4. in the running editor (a real MainWindow; Xvfb if DISPLAY is set, else offscreen):
   from a cell edit on a 30x30 line-solvable drawing to the verdict on screen, p50/p95/max,
   and the longest time the GUI thread was busy (a 1 ms heartbeat timer's longest gap).

The machine is shared, so each figure is a median over repeats; min is printed beside it.
"""
from __future__ import annotations

import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
NONOGRAMS = ROOT / "tests" / "data" / "nonograms"

from nonogram_editor.infra.paths import LEVELS  # noqa: E402
from nonogram_editor.level.clues import line_clues  # noqa: E402
from nonogram_editor.level.non_format import read_non  # noqa: E402
from nonogram_editor.nonogram.line import LineSolver, clear_line_caches  # noqa: E402
from nonogram_editor.nonogram.puzzle import Puzzle  # noqa: E402
from nonogram_editor.nonogram.verdict import Kind, check_drawing, check_puzzle  # noqa: E402

QUICK = "--quick" in sys.argv


def median_and_min(values):
    return statistics.median(values), min(values)


def bench_line() -> None:
    rng = random.Random(2024)
    n = 30
    cases = []
    for _ in range(500):
        picture = [rng.random() < 0.5 for _ in range(n)]
        clue = line_clues(picture)
        filled = empty = 0
        for cell in rng.sample(range(n), n // 3):
            if picture[cell]:
                filled |= 1 << cell
            else:
                empty |= 1 << cell
        cases.append((LineSolver(clue, n), filled, empty))
    clock = time.perf_counter
    rounds = 3 if QUICK else 10
    cold, warm = [], []
    for _ in range(rounds):
        for solver, filled, empty in cases:
            start = clock()
            solver.deduce(filled, empty)
            cold.append(clock() - start)
        for solver, filled, empty in cases:
            solver.solve(filled, empty)
            start = clock()
            solver.solve(filled, empty)
            warm.append(clock() - start)
    blocks = statistics.mean(len(solver.clue) for solver, _, _ in cases)
    print(f"1. one 30-cell line, a third known ({len(cases)} random lines, {blocks:.1f} blocks on average):")
    print(f"   complete deduction: median {statistics.median(cold) * 1e6:.1f} us "
          f"(p90 {statistics.quantiles(cold, n=10)[-1] * 1e6:.1f} us); memo hit: median "
          f"{statistics.median(warm) * 1e6:.2f} us")


def propagation_ms(puzzle_file: str, repeats: int) -> tuple[float, float, int]:
    non = read_non(NONOGRAMS / puzzle_file)
    times = []
    for _ in range(repeats):
        clear_line_caches()
        start = time.perf_counter()
        puzzle = Puzzle(non.row_clues, non.column_clues)
        board = puzzle.board()
        sweeps = puzzle.propagate(board)
        times.append(time.perf_counter() - start)
        assert board.is_complete()
    median, least = median_and_min(times)
    return median * 1e3, least * 1e3, sweeps


def bench_propagation() -> None:
    print("2. full line propagation, cold (fresh solvers, empty memo):")
    repeats = 5 if QUICK else 21
    for name, label in (("webpbn-00016-knot.non", "Knot (34x34)"), ("webpbn-00529-swing.non", "Swing (45x45)")):
        median, least, sweeps = propagation_ms(name, repeats)
        print(f"   {label:14s} median {median:6.2f} ms  (min {least:6.2f} ms)  sweeps {sweeps}")


def bench_verdicts() -> None:
    print("3. verdict of every puzzle in tests/data/nonograms (cold; median of repeats):")
    repeats = 1 if QUICK else 3
    worst = 0.0
    for path in sorted(NONOGRAMS.glob("*.non")):
        non = read_non(path)
        figures = {}
        for mode, goal in (("goal", non.goal), ("bare", None)):
            times = []
            for _ in range(repeats):
                clear_line_caches()
                start = time.perf_counter()
                verdict = check_puzzle(non.row_clues, non.column_clues, goal)
                times.append(time.perf_counter() - start)
            figures[mode] = (verdict.kind, statistics.median(times) * 1e3)
            worst = max(worst, max(times))
        kind = figures["goal"][0]
        extra = "" if kind == Kind.LINE else f"  [{verdict.lookahead_text()}]"
        print(f"   {path.name:28s} {non.width:2d}x{non.height:<2d} {kind:6s} with goal {figures['goal'][1]:7.1f} ms,"
              f" bare clues ({figures['bare'][0]}) {figures['bare'][1]:7.1f} ms{extra}")
    print(f"   slowest single verdict: {worst * 1e3:.1f} ms")


def bench_editor() -> None:
    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import numpy as np
    from PySide6.QtCore import QElapsedTimer, QPoint, Qt, QTimer
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from nonogram_editor.level import load_level
    from nonogram_editor.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([sys.argv[0]])
    level_path = LEVELS / "sailboat.level"
    level = load_level(level_path)
    assert level.solution.shape == (30, 30)
    assert check_drawing(level.solution).kind == Kind.LINE

    window = MainWindow()
    window.show()
    window.files.open_level_path(level_path)
    deadline = time.perf_counter() + 10
    while not np.array_equal(window.solution_grid(), level.solution) and time.perf_counter() < deadline:
        app.processEvents()
    panel = window.solver_dock.widget()
    canvas = window.solution_canvas

    shown = []  # (perf_counter when a verdict was put on the panel, its drawing)
    panel.verdict_shown.connect(lambda verdict: verdict.kind != Kind.STALLED  # the final verdict, not line logic's
                                and shown.append((time.perf_counter(), verdict.picture, verdict.kind)))

    heartbeat = QElapsedTimer()
    gaps = []
    ticker = QTimer()
    ticker.setInterval(1)
    ticker.timeout.connect(lambda: gaps.append(heartbeat.restart()))

    def edit(row, column):
        """Toggle a cell with a real click and wait for its verdict.

        Returns (edit to verdict on the panel, edit to verdict painted, worker seconds)."""
        button = Qt.RightButton if window.solution_grid()[row, column] else Qt.LeftButton
        point = QPoint(canvas.cell_rect(row, column).center())
        start = time.perf_counter()
        QTest.mousePress(canvas, button, Qt.NoModifier, point)
        QTest.mouseRelease(canvas, button, Qt.NoModifier, point)
        drawing = window.solution_grid()
        shown.clear()
        end = time.perf_counter() + 10
        while not any(np.array_equal(picture, drawing) for _, picture, _ in shown) and time.perf_counter() < end:
            app.processEvents()
        shown_at = next(when for when, picture, _ in shown if np.array_equal(picture, drawing))
        panel.repaint()  # the verdict text and the grid's overlays and counts, actually painted
        canvas.repaint()
        return shown_at - start, time.perf_counter() - start, panel.verdict.seconds

    def settle(seconds=0.03):
        until = time.perf_counter() + seconds
        while time.perf_counter() < until:
            app.processEvents()

    settle(0.5)
    # Cells whose toggle keeps the drawing line-solvable (decided beforehand, Qt-free).
    rng = random.Random(5)
    cells = [(r, c) for r in range(30) for c in range(30)]
    rng.shuffle(cells)
    keeps_line = []
    for row, column in cells:
        changed = level.solution.copy()
        changed[row, column] = not changed[row, column]
        if check_drawing(changed).kind == Kind.LINE:
            keeps_line.append((row, column))
        if len(keeps_line) >= (10 if QUICK else 40):
            break

    def run(edits):
        gaps.clear()
        ticker.start()
        heartbeat.start()
        results = []
        for row, column in edits:
            for _ in range(2):  # toggle, and toggle back
                results.append(edit(row, column))
                settle()
        ticker.stop()
        return results, max(gaps[1:])

    def figure(values):
        values = sorted(values)
        p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
        return f"p50 {values[len(values) // 2] * 1e3:6.1f} ms, p95 {p95 * 1e3:6.1f} ms, max {values[-1] * 1e3:6.1f} ms"

    def report(title):
        paint_times = []
        for _ in range(5):
            start = time.perf_counter()
            canvas.repaint()
            paint_times.append(time.perf_counter() - start)
        line_results, line_gap = run(keeps_line)
        any_results, any_gap = run(any_edits)
        print(f"   {title}")
        print(f"     edit to verdict on the panel: {figure([r[0] for r in line_results])}")
        print(f"     edit to verdict painted:      {figure([r[1] for r in line_results])}")
        print(f"     the check in the worker:      {figure([r[2] for r in line_results])}")
        print(f"     GUI thread: longest heartbeat gap {line_gap} ms (1 ms timer); one repaint of the "
              f"solution canvas {statistics.median(paint_times) * 1e3:.1f} ms")
        print(f"     any edit ({len(any_results)}, verdicts include MULT/BRANCH): to the panel "
              f"{figure([r[0] for r in any_results])}, worker {figure([r[2] for r in any_results])}, "
              f"longest heartbeat gap {any_gap} ms")

    any_edits = rng.sample(cells, 5 if QUICK else 20)
    print(f"4. editor ({os.environ.get('QT_QPA_PLATFORM') or 'xcb'}), real clicks on the 30x30 line-solvable "
          f"'sailboat' ({2 * len(keeps_line)} edits that keep it LINE):")
    report("as the editor is now:")
    from nonogram_editor.ui.grid_canvas import SolutionCanvas

    if hasattr(SolutionCanvas, "compute_origin"):
        return  # the canvas caches its clue margin: no what-if needed
    # What-if: SolutionCanvas.cell_rect() recomputes the clue margin (font metrics over every
    # clue) for every cell it paints; memoised per clue refresh, a repaint is cheap.

    margin = SolutionCanvas.grid_origin

    def memoised_origin(self):
        key = (self.cell_size, self._row_clues, self._column_clues)
        cached = self.__dict__.get("_bench_origin")
        if cached is None or any(a is not b for a, b in zip(cached[0], key)):
            cached = self.__dict__["_bench_origin"] = (key, margin(self))
        return cached[1]

    SolutionCanvas.grid_origin = memoised_origin
    report("what-if, with SolutionCanvas.grid_origin() memoised (the canvas fix suggested to the lead):")
    SolutionCanvas.grid_origin = margin


def close_editor(app) -> None:
    from nonogram_editor.ui.background import cancel_all

    cancel_all()
    for window in app.topLevelWidgets():
        if hasattr(window, "editor"):
            window.editor.history.mark_saved()
            window.close()
    app.processEvents()


def main() -> None:
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average "
          f"{', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    bench_line()
    bench_propagation()
    bench_verdicts()
    bench_editor()
    from PySide6.QtWidgets import QApplication

    close_editor(QApplication.instance())


if __name__ == "__main__":
    main()
