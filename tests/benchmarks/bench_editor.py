"""Editor benchmark: launch to window shown, opening and saving a 64x64 level, and a click
on a 128x128 grid.

    .venv/bin/python tests/benchmarks/bench_editor.py [--runs N] [--colour | --panels] [--only-verdicts | --only-random]

Without a display it re-runs itself under ``xvfb-run``. Figures:
  * launch -> window shown: ``python -m nonogram_editor`` as a subprocess with
    NONOGRAM_EDITOR_QUIT_AFTER_MS=0; the app prints the seconds since its process started
    once the window is shown and the event loop runs (median of N runs; the wall time from
    spawning to that line is printed too);
  * flood fill of a 128x128 grid through the editor core (Qt-free): press + release with the
    fill tool, one undo step, on an empty grid and on a serpentine maze (the worst case for
    the run-based fill: a turn every row), and the undo of it;
  * open / save a 64x64 level: ``load_level`` / ``save_level`` alone (Qt-free, median), and
    in the window (file dialog aside): from ``open_level_path`` to the level on screen, and
    from Save to the window marked unmodified, both through the background job;
  * a click on a 128x128 solution grid, with the solver dock checking each change: the GUI
    thread's time from the press to the repainted grid (a real mouse click, then the
    events it caused, paint included: every click that changed a cell is checked to have
    repainted it within the time measured), median / p95 / max over ``--clicks`` clicks on
    random cells, a pause between clicks as a user makes; the GUI thread's CPU time for
    the same (what the machine's load does not inflate); the longest the GUI thread was
    busy at a stretch meanwhile, verdicts arriving included (the longest gap of a 1 ms
    heartbeat timer); and the undo stack's size afterwards;
  * a drag on the same grid: each mouse move to the next cell of a stroke, to the grid
    repainted (median / p95 / max over ``--strokes`` strokes of 30 cells);
  * a full repaint of a 128x128 solution canvas (random drawing, every line labelled) at
    10 and 24 pixels per cell, and a repaint of a click's region (its cell, row clue and
    column clue): CPU time, median over ``--runs`` (at least 15) and 300 regions.
  * the live verdict on a random 128x128 MULT drawing (density 0.5) and on a dithered
    128x96 photo (a synthetic one, through the image import): a real click on a random
    cell, then the event loop runs until the solver dock shows the final verdict of the new
    drawing (``verdict_shown``), and until the line counts beside the grid are those of the
    new drawing; median / p95 / max over ``--verdict-clicks`` clicks, a pause of
    ``--think`` ms after each (the designer looks), and on the random drawing once more with
    "Show the other solution" on; the process's CPU seconds from a click
    to the next (every thread: checks, counts, the Assist dock's searches); the longest the GUI thread
    was busy at a stretch (1 ms heartbeat); how many provisional STALLED verdicts were shown, and
    how many final verdicts came later than ``SLOW_CHECK_MS`` (0.3 s) with no "re-checking" mark first.
  * ``--panels`` (only this): the first open of each puzzle panel from the Puzzles menu, in
    a new process each: from the menu entry to the dock's first paint (its "Loading…" label),
    and to the panel itself painted in it.
  * ``--colour`` (only this): the same click -> verdict on a 3-colour 30x30 drawing (a colour
    level: each click paints a cell another of its colours or the background) beside its
    shape as a two-colour 30x30 level (in four rounds, alternating), and the ratio of their p95s.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def launch_times(runs: int) -> tuple[list[float], list[float]]:
    from nonogram_editor.ui.app import QUIT_AFTER_ENV, SHOWN_MARKER

    reported, wall = [], []
    env = dict(os.environ, **{QUIT_AFTER_ENV: "0"})
    for _ in range(runs):
        start = time.perf_counter()
        process = subprocess.Popen([sys.executable, "-m", "nonogram_editor"], cwd=ROOT, env=env, stderr=subprocess.PIPE,
                                   stdout=subprocess.DEVNULL, text=True)
        for line in process.stderr:
            if SHOWN_MARKER in line:
                wall.append(time.perf_counter() - start)
                reported.append(float(line.split(SHOWN_MARKER)[1].split()[0]))
                break
        process.stderr.read()
        process.wait()
    return reported, wall


def level_io_times(folder: Path, runs: int) -> tuple[list[float], list[float]]:
    import numpy as np

    from nonogram_editor.level import Level, load_level, save_level

    rng = np.random.default_rng(64)
    level = Level(rng.random((64, 64)) < 0.5, rng.integers(0, 256, (64, 64, 3), dtype=np.uint8))
    saves, loads = [], []
    for _ in range(runs):
        start = time.perf_counter()
        save_level(level, folder / "big.level")
        saves.append(time.perf_counter() - start)
        start = time.perf_counter()
        assert load_level(folder / "big.level") == level
        loads.append(time.perf_counter() - start)
    return loads, saves


def flood_fill_times(runs: int) -> dict[str, list[float]]:
    import numpy as np

    from nonogram_editor.core import Editor

    maze = np.zeros((128, 128), dtype=bool)
    maze[1::2, :] = True  # walls on every other row, each with one gap at alternating ends
    maze[1::4, -1] = False
    maze[3::4, 0] = False
    times: dict[str, list[float]] = {"empty": [], "maze": [], "undo": []}
    for _ in range(runs):
        for name, walls in (("empty", np.zeros_like(maze)), ("maze", maze)):
            editor = Editor()
            editor.transforms.resize(128, 128)
            editor.document.solution[:128, :128] = walls
            steps = len(editor.history)
            start = time.perf_counter()
            editor.strokes.press("solution", "fill", (0, 0), True)
            editor.strokes.release()
            times[name].append(time.perf_counter() - start)
            assert len(editor.history) == steps + 1
            assert editor.document.visible_solution().all()
        start = time.perf_counter()
        editor.undo()
        times["undo"].append(time.perf_counter() - start)
    return times


def window_times(folder: Path, runs: int, with_panels: bool) -> tuple[list[float], list[float]]:
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from nonogram_editor.ui import assist_panel, main_window, puzzle_docks, solver_panel

    app = QApplication.instance() or QApplication([])
    installs = solver_panel.install, assist_panel.install, puzzle_docks.install
    if not with_panels:  # the bare editor: no live solver competing for the GIL
        solver_panel.install = assist_panel.install = puzzle_docks.install = lambda *_: None
    try:
        window = main_window.MainWindow()
    finally:
        solver_panel.install, assist_panel.install, puzzle_docks.install = installs
    window.show()

    def run_until(done) -> None:
        loop = QEventLoop()
        poll = QTimer()
        poll.timeout.connect(lambda: loop.quit() if done() else None)
        poll.start(0)
        loop.exec()
        poll.stop()

    opens, saves = [], []
    for _ in range(runs):
        window.editor.history.mark_saved()
        start = time.perf_counter()
        window.files.open_level_path(folder / "big.level")
        run_until(lambda: not window.files.work_pending())
        opens.append(time.perf_counter() - start)
        assert window.solution_grid().shape == (64, 64)
        window.width_spin.setValue(63)
        window.width_spin.setValue(64)  # a change, so there is something to save
        start = time.perf_counter()
        window.files.save()
        run_until(lambda: not window.files.work_pending())
        saves.append(time.perf_counter() - start)
        assert not window.isWindowModified()
    window.editor.history.mark_saved()
    window.close()
    app.processEvents()
    return opens, saves


class _PaintRecorder:
    """Which areas of a widget were painted (a paint-event filter)."""

    def __init__(self, widget):
        from PySide6.QtCore import QEvent, QObject
        from PySide6.QtGui import QRegion

        recorder = self
        self.region = QRegion()

        class Filter(QObject):
            def eventFilter(self, watched, event):
                if event.type() == QEvent.Type.Paint:
                    recorder.region += event.region()
                return False

        self._filter = Filter()
        widget.installEventFilter(self._filter)

    def take(self):
        from PySide6.QtGui import QRegion

        region, self.region = self.region, QRegion()
        return region


def click_times(clicks: int, strokes: int) -> dict[str, list[float]]:
    import random

    from PySide6.QtCore import QCoreApplication, QElapsedTimer, QEventLoop, Qt, QTimer
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from nonogram_editor.ui.background import cancel_all
    from nonogram_editor.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    window = MainWindow()
    window.zoom.set_cell_size(6)  # the smallest zoom: as much of the 128x128 grid on screen as the screen allows
    window.setGeometry(app.primaryScreen().availableGeometry())
    window.show()
    window.width_spin.setValue(128)
    window.height_spin.setValue(128)
    canvas, rng = window.solution_canvas, random.Random(128)
    painted = _PaintRecorder(canvas)

    def pause(ms: int) -> None:  # the event loop runs (the solver's results arrive), as between real clicks
        loop = QEventLoop()
        QTimer.singleShot(ms, loop.quit)
        loop.exec()

    heartbeat, gaps = QElapsedTimer(), []
    ticker = QTimer()
    ticker.setInterval(1)
    ticker.timeout.connect(lambda: gaps.append(heartbeat.restart()))
    def on_screen(rows: int = 0, columns: int = 0) -> tuple[int, int]:
        """A random cell whose next ``rows`` x ``columns`` cells are on screen too (a click on
        a cell scrolled out of sight repaints nothing; the margins move as clues grow)."""
        seen = canvas.visibleRegion().boundingRect()
        top, left = (max(0, n + 1) for n in canvas.cell_at(seen.topLeft()))
        bottom, right = (min(127, n - 1) for n in canvas.cell_at(seen.bottomRight()))
        assert bottom - top >= 40, f"too little of the grid on screen: {seen}"
        assert right - left >= 40, f"too little of the grid on screen: {seen}"
        return rng.randint(top, bottom - rows), rng.randint(left, right - columns)

    pause(200)
    figures: dict[str, list[float]] = {"click": [], "click cpu": [], "drag": [], "stall": []}
    ticker.start()
    heartbeat.start()
    for _ in range(clicks):
        row, column = on_screen()
        cell = canvas.cell_rect(row, column).center()
        button = rng.choice([Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton])
        before = bool(window.document.solution[row, column])
        painted.take()
        start, cpu = time.perf_counter(), time.thread_time()
        QTest.mouseClick(canvas, button, Qt.KeyboardModifier.NoModifier, cell)
        QCoreApplication.processEvents()  # the repaint the click asked for
        figures["click"].append(time.perf_counter() - start)
        figures["click cpu"].append(time.thread_time() - cpu)
        if bool(window.document.solution[row, column]) != before:
            assert painted.take().contains(cell), "a click's repaint happened outside the time measured"
        pause(15)
    for _ in range(strokes):
        row, column = on_screen(columns=30)
        button = rng.choice([Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton])
        QTest.mousePress(canvas, button, Qt.KeyboardModifier.NoModifier, canvas.cell_rect(row, column).center())
        QCoreApplication.processEvents()
        for step in range(1, 31):
            cell = canvas.cell_rect(row, column + step).center()
            start = time.perf_counter()
            QTest.mouseMove(canvas, cell)
            QCoreApplication.processEvents()
            figures["drag"].append(time.perf_counter() - start)
            pause(8)  # a quick hand: ~100 cells a second
        QTest.mouseRelease(canvas, button, Qt.KeyboardModifier.NoModifier, cell)
        pause(50)
    ticker.stop()
    figures["stall"] = [gap / 1000 for gap in gaps[1:]]
    figures["undo steps"] = [len(window.editor.history)]
    cancel_all()
    window.editor.history.mark_saved()  # no "save changes?" question on close
    window.close()
    app.processEvents()
    return figures


def repaint_times(runs: int) -> dict[str, list[float]]:
    import numpy as np
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QColor, QImage, QRegion
    from PySide6.QtWidgets import QApplication

    from nonogram_editor.core import Editor
    from nonogram_editor.ui.grid_canvas import SolutionCanvas

    _app = QApplication.instance() or QApplication([])
    editor, rng = Editor(), np.random.default_rng(1)
    editor.transforms.resize(128, 128)
    editor.document.solution[:128, :128] = rng.random((128, 128)) < 0.5
    canvas = SolutionCanvas(editor)
    labels = [(str(n), QColor("orange")) for n in rng.integers(1, 5000, 128).tolist()]
    canvas.set_line_labels(labels, labels)
    figures: dict[str, list[float]] = {}
    for size in (10, 24):
        canvas.set_cell_size(size)
        image = QImage(canvas.size(), QImage.Format_RGB32)
        figures[f"full {size}"] = full = []
        for _ in range(runs):
            cpu = time.thread_time()
            canvas.render(image)
            full.append(time.thread_time() - cpu)
        origin = canvas.grid_origin()
        figures[f"click {size}"] = click = []
        for row, column in rng.integers(0, 128, (300, 2)).tolist():
            region = (QRegion(canvas.cell_rect(row, column)) + QRegion(QRect(0, origin.y() + row * size, origin.x(),
                                                                             size))
                      + QRegion(QRect(origin.x() + column * size - 2, 0, size + 4, origin.y())))
            cpu = time.thread_time()
            canvas.render(image, region.boundingRect().topLeft(), region)
            click.append(time.thread_time() - cpu)
    return figures


def dithered_photo(width: int = 128, height: int = 96):
    """A synthetic grey photo (gradients, discs, noise) dithered to ``width`` x ``height``
    through the image import, as a designer imports a photo."""
    import numpy as np
    from PIL import Image

    from nonogram_editor.level.image_import import ImageSource

    rng = np.random.default_rng(96)
    y, x = np.mgrid[0:480, 0:640]
    light = 60 + 150 * x / 640 + 40 * np.sin(y / 45.0)
    for cy, cx, radius, change in ((200, 180, 110, -90), (300, 450, 140, 70), (120, 520, 60, -120)):
        light += change * (((y - cy) ** 2 + (x - cx) ** 2) < radius * radius)
    light = (light + rng.normal(0, 12, light.shape)).clip(0, 255).astype(np.uint8)
    return ImageSource(Image.fromarray(np.stack([light] * 3, -1))).solution(width, height, dither=True)


def verdict_times(drawing, clicks: int, think_ms: int, seed: int, other_solution: bool = False,
                  picture=None, about=None, zoom: int = 6) -> dict[str, list[float]]:
    """Click -> final verdict on screen, and -> the new drawing's line counts on screen
    (``other_solution``: with "Show the other solution" on, once the first verdict is in).
    ``picture`` and ``about`` (a colour level's, ``nonogram_editor.level.colour.colour_level``): each
    click paints a cell another of the picture's colours or the background."""
    import random

    import numpy as np
    from PySide6.QtCore import QElapsedTimer, QEventLoop, Qt, QTimer
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from nonogram_editor.level import Level
    from nonogram_editor.level.colour import level_background
    from nonogram_editor.nonogram.verdict import Kind
    from nonogram_editor.ui.background import cancel_all
    from nonogram_editor.ui.main_window import MainWindow
    from nonogram_editor.ui.solver_panel import SLOW_CHECK_MS

    app = QApplication.instance() or QApplication([])
    window = MainWindow()
    window.setGeometry(app.primaryScreen().availableGeometry())
    window.show()
    if picture is None:
        picture = np.full(drawing.shape + (3,), 255, dtype=np.uint8)
    window.editor.open_level(Level(drawing, picture), None, about)
    window.zoom.set_cell_size(zoom)
    colours = sorted({tuple(int(v) for v in rgb) for rgb in picture.reshape(-1, 3)})  # the background among them
    panel, canvas, rng = window.solver_dock.widget(), window.solution_canvas, random.Random(seed)
    shown: list[tuple[float, str, np.ndarray]] = []
    panel.verdict_shown.connect(lambda verdict: shown.append((time.perf_counter(), verdict.kind, verdict.picture)))
    marked: list[float] = []  # when the headline was marked "re-checking"
    if hasattr(panel, "rechecking_shown"):  # (older windows marked it without a signal)
        panel.rechecking_shown.connect(lambda: marked.append(time.perf_counter()))

    def run_until(done, timeout: float = 120.0) -> None:
        """The event loop runs until ``done()``, looked at every 2 ms (cheaply: a busier
        poll would take the GUI thread's time from what is measured)."""
        loop, poll, start = QEventLoop(), QTimer(), time.perf_counter()
        poll.timeout.connect(lambda: loop.quit() if done() or time.perf_counter() - start > timeout else None)
        poll.start(2)
        loop.exec()
        poll.stop()

    grid = window.puzzle_grid()  # the drawing now (taken once after each click)

    def final_shown() -> float | None:
        for when, kind, picture in shown:
            if kind != Kind.STALLED and picture is not None and np.array_equal(picture, grid):
                return when
        return None

    counted: list[np.ndarray] = []  # the pictures whose line counts were put on screen
    if hasattr(panel, "counts_shown"):
        panel.counts_shown.connect(lambda verdict: counted.append(verdict.picture))
    else:  # the counts came with the verdict
        panel.verdict_shown.connect(lambda verdict: counted.append(verdict.picture))

    def counts_on_screen() -> bool:
        return bool(counted) and counted[-1] is not None and np.array_equal(counted[-1], grid)

    run_until(lambda: final_shown() is not None and counts_on_screen())
    if other_solution:
        QTest.mouseClick(panel.alternative_button, Qt.MouseButton.LeftButton)
        assert panel.alternative_view.isVisible()
    heartbeat, gaps = QElapsedTimer(), []
    ticker = QTimer()
    ticker.setInterval(1)
    ticker.timeout.connect(lambda: gaps.append(heartbeat.restart()))
    figures: dict[str, list[float]] = {"verdict": [], "counts": [], "cpu": [], "stalled": [], "kinds": [],
                                       "late unmarked": []}
    ticker.start()
    heartbeat.start()
    height, width = drawing.shape
    for _ in range(clicks):
        seen = canvas.visibleRegion().boundingRect()
        top, left = (max(0, n) for n in canvas.cell_at(seen.topLeft()))
        bottom, right = (min(limit - 1, n) for n, limit in zip(canvas.cell_at(seen.bottomRight()), (height, width)))
        row, column = rng.randint(top, bottom), rng.randint(left, right)
        button = Qt.MouseButton.LeftButton if not window.document.solution[row, column] else Qt.MouseButton.RightButton
        if about is not None:  # a colour level: another colour than the cell's, or the background
            colour = rng.choice([c for c in colours if c != window.editor.colour_at((row, column))])
            window.palette_widget.add_colour(colour)
            background = level_background(about)
            button = Qt.MouseButton.RightButton if colour == background else Qt.MouseButton.LeftButton
        shown.clear()
        marked.clear()
        start, cpu = time.perf_counter(), time.process_time()
        QTest.mouseClick(canvas, button, Qt.KeyboardModifier.NoModifier, canvas.cell_rect(row, column).center())
        grid = window.puzzle_grid()
        run_until(lambda: final_shown() is not None)
        verdict_at = final_shown()
        run_until(counts_on_screen)
        figures["counts"].append(time.perf_counter() - start)
        figures["verdict"].append(verdict_at - start)
        figures["stalled"].append(sum(kind == Kind.STALLED for _, kind, _ in shown))
        figures["late unmarked"].append(verdict_at - start > SLOW_CHECK_MS / 1000
                                        and not any(when < verdict_at for when in marked))
        figures["kinds"].append(panel.verdict.kind)
        loop = QEventLoop()
        QTimer.singleShot(think_ms, loop.quit)
        loop.exec()
        figures["cpu"].append(time.process_time() - cpu)
    ticker.stop()
    figures["stall"] = [gap / 1000 for gap in gaps[1:]]
    cancel_all()
    window.editor.history.mark_saved()
    window.close()
    app.processEvents()
    return figures


def panel_open_times(panel_id: str) -> tuple[float, float]:
    """In this process: the Puzzles menu entry of ``panel_id`` triggered in a shown window,
    seconds to the dock's first paint and to its panel's first paint."""
    from PySide6.QtCore import QEvent, QEventLoop, QObject, QTimer
    from PySide6.QtWidgets import QApplication

    from nonogram_editor.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    window = MainWindow()
    window.resize(1280, 800)
    window.show()
    docks, painted = window.puzzle_docks, {}

    class Paints(QObject):
        def eventFilter(self, watched, event):
            if event.type() == QEvent.Type.Paint:
                dock = docks.docks.get(panel_id)
                if dock is not None and (watched is dock or dock.isAncestorOf(watched)):
                    painted.setdefault("dock", time.perf_counter())
                    if getattr(dock, "loaded", True) and (watched is dock.widget()
                                                          or dock.widget().isAncestorOf(watched)):
                        painted.setdefault("panel", time.perf_counter())
            return False

    def run_until(done) -> None:
        loop, poll = QEventLoop(), QTimer()
        poll.timeout.connect(lambda: loop.quit() if done() else None)
        poll.start(2)
        loop.exec()
        poll.stop()

    run_until(lambda: window.isVisible())
    watcher = Paints()
    app.installEventFilter(watcher)
    start = time.perf_counter()
    docks.actions[panel_id].trigger()
    run_until(lambda: "panel" in painted)
    app.removeEventFilter(watcher)
    window.editor.history.mark_saved()
    window.close()
    return painted["dock"] - start, painted["panel"] - start


def panel_open_report(runs: int) -> None:
    """Each panel's first open, ``runs`` times, each in a new process (imports, GL context)."""
    for panel_id in ("voxel", "cube", "pyramid"):
        dock, panel = [], []
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as config:
                out = subprocess.run([sys.executable, __file__, "--one-panel", panel_id], capture_output=True,
                                     text=True, env=dict(os.environ, XDG_CONFIG_HOME=config), check=True).stdout.split()
            dock.append(float(out[-2]))
            panel.append(float(out[-1]))
        print(describe(f"first open of the {panel_id} panel: menu -> the dock on screen", dock))
        print(describe("  menu -> the panel on screen", panel))


def colour_drawing(size: int = 30):
    """A 3-colour drawing on white (a red disc with a yellow spot, a blue band, a yellow sun)
    as palette indices, and its picture."""
    import numpy as np

    y, x = np.mgrid[0:size, 0:size]
    grid = np.zeros((size, size), dtype=np.int64)
    grid[(y - 12) ** 2 + (x - 13) ** 2 < 81] = 1
    grid[(y >= 22) & (y < 26) & (x >= 3) & (x < 27)] = 2
    grid[(y - 6) ** 2 + (x - 23) ** 2 < 12] = 3
    grid[(y - 14) ** 2 + (x - 11) ** 2 < 5] = 3
    palette = np.array([(255, 255, 255), (220, 40, 40), (40, 110, 220), (250, 215, 50)], dtype=np.uint8)
    return grid, palette[grid]


def colour_comparison(clicks: int, think_ms: int, rounds: int = 4) -> None:
    """Edit -> verdict on a 3-colour 30x30 drawing and on its shape as a two-colour level, in
    ``rounds`` alternating between them (so that a change of the machine's load meets both)."""
    from nonogram_editor.level.colour import colour_level

    grid, picture = colour_drawing()
    level, about = colour_level(picture, (255, 255, 255))
    cases = {"two-colour 30x30 (the drawing's shape)": {},
             "3-colour 30x30 (a click paints another colour or the background)":
                 dict(picture=level.picture, about=about)}
    figures = {name: {} for name in cases}
    for round in range(rounds):
        for name, options in cases.items():
            drawing = level.solution if options else grid > 0
            found = verdict_times(drawing, max(1, clicks // rounds), think_ms, 30 + round, zoom=16, **options)
            for key, values in found.items():
                figures[name].setdefault(key, []).extend(values)
    p95 = []
    for name, found in figures.items():
        kinds = "/".join(sorted(set(found["kinds"])))
        print(spread(f"{name} ({kinds}): click -> final verdict on screen", found["verdict"]))
        print(spread("  click -> the new drawing's line counts on screen", found["counts"]))
        print(spread("  CPU time from a click to the next (every thread)", found["cpu"]))
        ordered = sorted(found["verdict"])
        p95.append(ordered[int(0.95 * (len(ordered) - 1))])
    print(f"edit -> verdict p95, 3-colour / two-colour: {p95[1] / p95[0]:.2f}")


def spread(name: str, seconds: list[float]) -> str:
    ordered = sorted(seconds)
    return (f"{name}: median {statistics.median(ordered) * 1000:.1f} ms, "
            f"p95 {ordered[int(0.95 * (len(ordered) - 1))] * 1000:.1f} ms, max {ordered[-1] * 1000:.1f} ms "
            f"(n={len(ordered)})")


def describe(name: str, seconds: list[float]) -> str:
    return (f"{name}: median {statistics.median(seconds) * 1000:.1f} ms "
            f"(min {min(seconds) * 1000:.1f}, max {max(seconds) * 1000:.1f}, n={len(seconds)})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--clicks", type=int, default=300)
    parser.add_argument("--strokes", type=int, default=10)
    parser.add_argument("--only-clicks", action="store_true", help="measure only the clicks")
    parser.add_argument("--verdict-clicks", type=int, default=40)
    parser.add_argument("--think", type=int, default=300, help="ms after each verdict before the next click")
    parser.add_argument("--only-verdicts", action="store_true", help="measure only the live verdict")
    parser.add_argument("--only-random", action="store_true",
                        help="measure only the live verdict on the random 128x128 MULT drawing")
    parser.add_argument("--panels", action="store_true",
                        help="measure only the first open of each puzzle panel (--runs processes each)")
    parser.add_argument("--one-panel", help=argparse.SUPPRESS)  # one first open in this process
    parser.add_argument("--colour", action="store_true",
                        help="measure only edit -> verdict on a 3-colour 30x30 drawing beside a two-colour one")
    args = parser.parse_args()
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        if shutil.which("xvfb-run") is None:
            print("no display and no xvfb-run (sudo apt-get install xvfb xauth)", file=sys.stderr)
            return 1
        return subprocess.call(["xvfb-run", "-a", "-s", "-screen 0 1920x1200x24", sys.executable, *sys.argv])
    os.environ.setdefault("XDG_CONFIG_HOME", tempfile.mkdtemp(prefix="nonogram-editor-bench-config-"))

    import numpy as np

    if args.colour:
        colour_comparison(args.verdict_clicks, args.think)
        return 0
    if args.one_panel:
        print(*panel_open_times(args.one_panel))
        return 0
    if args.panels:
        panel_open_report(args.runs)
        return 0
    random_drawing = np.random.default_rng(128).random((128, 128)) < 0.5
    drawings = (("random 128x128 MULT drawing", random_drawing, False),
                ("the same, the other solution shown", random_drawing, True),
                ("dithered 128x96 photo", dithered_photo(), False))
    if args.only_random:
        drawings = drawings[:1]
    for seed, (name, drawing, other_solution) in enumerate(() if args.only_clicks else drawings):
        figures = verdict_times(drawing, args.verdict_clicks, args.think, seed, other_solution)
        kinds = sorted(set(figures["kinds"]))
        print(spread(f"{name} ({'/'.join(kinds)}): click -> final verdict on screen", figures["verdict"]))
        print(spread("  click -> the new drawing's line counts on screen", figures["counts"]))
        print(spread("  CPU time from a click to the next (every thread)", figures["cpu"]))
        print(f"  longest GUI-thread stall (1 ms heartbeat gap): {max(figures['stall']) * 1000:.0f} ms; "
              f"provisional STALLED shown after {sum(n > 0 for n in figures['stalled'])} of {args.verdict_clicks} "
              "clicks; "
              f"a final verdict later than 0.3 s without \"re-checking\" first: {sum(figures['late unmarked'])}")
    if args.only_verdicts or args.only_random:
        return 0
    figures = click_times(args.clicks, args.strokes)
    print(spread("click on a 128x128 grid, with the solver dock (GUI thread, press -> repainted)", figures["click"]))
    print(spread("  the same, the GUI thread's CPU time", figures["click cpu"]))
    print(spread("drag on the same grid (GUI thread, a move to the next cell -> repainted)", figures["drag"]))
    print(f"  longest GUI-thread stall meanwhile, verdicts arriving included (1 ms heartbeat gap): "
          f"{max(figures['stall']) * 1000:.0f} ms; undo stack after {args.clicks} clicks and {args.strokes} "
          f"strokes: {figures['undo steps'][0]} steps")
    for name, seconds in repaint_times(max(args.runs, 15)).items():
        what, size = name.split()
        region = "the whole canvas" if what == "full" else "a click's cell and clues"
        print(describe(f"repaint of {region}, 128x128 solution canvas at {size} px per cell (CPU)", seconds))
    if args.only_clicks:
        return 0
    for name, seconds in flood_fill_times(max(args.runs, 20)).items():
        what = "undo of the maze fill" if name == "undo" else f"flood fill 128x128 ({name}), one undo step"
        print(describe(f"{what}, editor core (Qt-free)", seconds))
    reported, wall = launch_times(args.runs)
    print(describe("launch -> window shown (since process start, as the app reports)", reported))
    print(describe("launch -> window shown (wall, from spawning the process)", wall))
    with tempfile.TemporaryDirectory() as folder:
        loads, saves = level_io_times(Path(folder), max(args.runs, 20))
        print(describe("open 64x64 level, load_level (Qt-free)", loads))
        print(describe("save 64x64 level, save_level (Qt-free, atomic, fsync)", saves))
        for with_panels, label in ((False, "editor alone"), (True, "with the solver dock checking each change")):
            opens, window_saves = window_times(Path(folder), args.runs, with_panels)
            print(describe(f"open 64x64 level in the window, {label} (background job -> on screen)", opens))
            print(describe(f"save 64x64 level from the window, {label} (background job -> unmodified)",
                           window_saves))
    return 0


if __name__ == "__main__":
    sys.exit(main())
