"""Benchmark of the fix suggestions (editor/nonogram/fix.py).

    .venv/bin/python tests/benchmarks/bench_fix.py [--quick] [--gui-only]
    .venv/bin/python tests/benchmarks/bench_fix.py --line40 [--count 100] [--seed 1]
    .venv/bin/python tests/benchmarks/bench_fix.py --colour [--count 20] [--seed 1]

For random MULT drawings of 20x20 and 30x30 (fill density 0.55: pictures; 0.45: noise):
1. single-cell suggestions (line logic on every useful flip, full verdicts on the best
   ones within their 2 s budget): median and max seconds, and the line-logic part alone;
2. repeatedly taking the best suggestion until the drawing is unique (verdicts limited to
   30 s; at most 40 edits): how many reached a unique puzzle, the median number of edits
   and how many cells the picture moved;
3. make_line_solvable: median edits and seconds;
4. in the running editor (a real MainWindow; offscreen unless DISPLAY is set): a 30x30
   MULT drawing opened, until the Assist dock lists its suggestions, the longest time the
   GUI thread was busy (a 1 ms heartbeat timer's longest gap in the window's own event loop),
   target 50 ms.
Targets: suggestions within 0.5 s (20x20) and 2 s (30x30), median.

``--colour``: colour drawings: ``--count`` (default 20) random 30x30 MULT drawings of three
colours and the background (each cell background with probability 0.4 to 0.5, else one of
the colours): the single-cell suggestions' CPU seconds, every candidate edit tried (the
Assist dock stops trying after 10 s and says how far it got), then ``make_line_solvable`` with its defaults (as ``fix``
runs it): how many reach LINE, the edits and CPU seconds per drawing, and that every result's verdict is what the plan
says.

``--line40``: only ``make_line_solvable`` with its defaults (as ``fix`` runs it: until LINE,
60 s at most) on ``--count`` random 40x40 MULT drawings of density 0.4 to 0.5: how many
reach LINE (target: 95 of 100), the edits and CPU seconds per drawing, and that every
result's verdict is what the plan says.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from nonogram_editor.infra.tasks import Task  # noqa: E402
from nonogram_editor.nonogram.colour import check_colour_drawing  # noqa: E402
from nonogram_editor.nonogram.fix import edited, flipped, make_line_solvable, single_cell_effects  # noqa: E402
from nonogram_editor.nonogram.verdict import Kind, check_drawing  # noqa: E402

QUICK = "--quick" in sys.argv
DRAWINGS = 3 if QUICK else 8


def mult_drawings(size: int, density: float, count: int, seed: int):
    rng = np.random.default_rng(seed)
    while count:
        drawing = rng.random((size, size)) < density
        verdict = check_drawing(drawing)
        if verdict.kind == Kind.MULT:
            count -= 1
            yield drawing, verdict


def main() -> None:
    for size in (20, 30):
        for density in (0.55, 0.45):
            times, line_times, edits, moved, plan_edits, plan_times = [], [], [], [], [], []
            reached = 0
            for drawing, verdict in mult_drawings(size, density, DRAWINGS, seed=size):
                start = time.perf_counter()
                single_cell_effects(drawing, verdict, check_seconds=0)
                line_times.append(time.perf_counter() - start)
                start = time.perf_counter()
                single_cell_effects(drawing, verdict)
                times.append(time.perf_counter() - start)

                current, now = drawing, verdict
                for step in range(1, 41):
                    suggestions = single_cell_effects(current, now).suggestions
                    if not suggestions:  # UNDECIDED within 30 s, or no flip to try: stop here
                        break
                    current = flipped(current, suggestions[0].cells)
                    now = check_drawing(current, Task(time_limit=30))
                    if now.kind in (Kind.LINE, Kind.BRANCH):
                        reached += 1
                        edits.append(step)
                        moved.append(int((current != drawing).sum()))
                        break
                start = time.perf_counter()
                plan = make_line_solvable(drawing, max_edits=40)
                plan_times.append(time.perf_counter() - start)
                if plan.verdict.kind == Kind.LINE:
                    plan_edits.append(len(plan.cells))
            print(f"{size}x{size} density {density}: suggestions median {statistics.median(times):.3f} s "
                  f"(max {max(times):.3f}; line logic part {statistics.median(line_times):.3f} s)")
            print(f"   best suggestion again and again: {reached}/{DRAWINGS} unique within 40 edits, "
                  f"median {statistics.median(edits) if edits else '-'} edits, picture moved "
                  f"{statistics.median(moved) if moved else '-'} cells")
            print(f"   make it line-solvable: {len(plan_edits)}/{DRAWINGS} LINE, median "
                  f"{statistics.median(plan_edits) if plan_edits else '-'} edits, "
                  f"{statistics.median(plan_times):.2f} s")


def bench_gui() -> None:
    """The GUI thread's longest busy spell while the Assist dock computes suggestions for a
    MULT drawing: from the moment their job starts until they are listed (and, for
    comparison, from the moment the drawing is opened: that includes showing the verdict). The window's own event loop
    runs (no processEvents() spinning, which would keep the GUI thread busy itself), and a
    1 ms precise timer's ticks are recorded; the longest gap between two ticks is the
    longest time the GUI thread could not react (its own work, the GIL held by a background
    thread, or the CPU taken away). The synchronous open_level() call itself is not counted."""
    import os

    if not os.environ.get("DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEventLoop, Qt, QTimer
    from PySide6.QtWidgets import QApplication

    from nonogram_editor.level import Level
    from nonogram_editor.ui.main_window import MainWindow

    _app = QApplication.instance() or QApplication([sys.argv[0]])  # held while the window lives
    window = MainWindow()
    window.show()
    panel = window.assist_dock.widget()
    ticks: list[float] = []
    heartbeat = QTimer()
    heartbeat.setTimerType(Qt.PreciseTimer)
    heartbeat.setInterval(1)
    heartbeat.timeout.connect(lambda: ticks.append(time.perf_counter()))
    loop = QEventLoop()
    listed = QTimer()  # ends the loop once the suggestions are listed (or after 60 s)
    listed.setInterval(5)
    listed.timeout.connect(lambda: loop.quit() if panel.suggestion_list.count() or time.perf_counter() - start > 60
                           else None)
    started = [0.0]  # when the suggestions job was started
    start_job = panel._start

    def start_and_note(name, *rest):
        if name == "suggestions":
            started[0] = time.perf_counter()
        start_job(name, *rest)

    panel._start = start_and_note
    waits, longest, longest_from_open = [], [], []
    for drawing, _ in mult_drawings(30, 0.5, DRAWINGS, seed=99):
        picture = np.full((*drawing.shape, 3), 255, dtype=np.uint8)
        ticks.clear()
        start = time.perf_counter()
        window.editor.open_level(Level(drawing, picture))
        ticks.append(time.perf_counter())
        heartbeat.start()
        listed.start()
        loop.exec()
        heartbeat.stop()
        listed.stop()
        waits.append(time.perf_counter() - start)
        gaps = [(b - a, b) for a, b in zip(ticks, ticks[1:])]
        # a spell that began before the suggestions started counts from their start
        longest.append(1000 * max((min(gap, end - started[0]) for gap, end in gaps if end > started[0]), default=0))
        longest_from_open.append(1000 * max((gap for gap, _ in gaps), default=0))
    # the same heartbeat with nothing to do, as long: how long the machine itself stalls the process
    ticks.clear()
    heartbeat.start()
    QTimer.singleShot(int(1000 * sum(waits)), loop.quit)
    loop.exec()
    heartbeat.stop()
    idle = 1000 * max((b - a for a, b in zip(ticks, ticks[1:])), default=0)
    print(f"editor, 30x30 MULT: open to suggestions listed median {statistics.median(waits):.2f} s; "
          f"GUI thread longest busy while they run {max(longest):.0f} ms (median of the drawings' longest "
          f"{statistics.median(longest):.0f} ms), target 50 ms; from the open {max(longest_from_open):.0f} ms "
          f"(median {statistics.median(longest_from_open):.0f} ms); the idle window's longest gap in as long "
          f"{idle:.0f} ms (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)")
    window.editor.history.mark_saved()
    window.close()


def _option(name: str, default: int) -> int:
    return int(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


def bench_line40() -> None:
    count, seed = _option("--count", 100), _option("--seed", 1)
    rng = np.random.default_rng(seed)
    edits, seconds, short = [], [], []
    while len(seconds) < count:
        density = rng.uniform(0.4, 0.5)
        drawing = rng.random((40, 40)) < density
        if check_drawing(drawing).kind != Kind.MULT:
            continue
        start = time.process_time()
        plan = make_line_solvable(drawing)
        seconds.append(time.process_time() - start)
        assert check_drawing(flipped(drawing, plan.cells)).kind == plan.verdict.kind
        if plan.verdict.kind == Kind.LINE:
            edits.append(len(plan.edits))
        else:
            short.append(plan.describe())
        print(f"{len(seconds):3d} density {density:.2f}: {plan.describe()}  {seconds[-1]:.1f} CPU s", flush=True)
    print(f"40x40 MULT, density 0.4-0.5, {count} drawings (seed {seed}): {len(edits)} reached LINE; edits median "
          f"{statistics.median(edits) if edits else '-'}, max {max(edits, default='-')}; CPU s per drawing median "
          f"{statistics.median(seconds):.1f}, max {max(seconds):.1f}, total {sum(seconds):.0f}")
    for text in short:
        print(f"   short of LINE: {text}")


def bench_colour() -> None:
    count, seed, colours = _option("--count", 20), _option("--seed", 1), 4
    rng = np.random.default_rng(seed)
    edits, seconds, suggest_seconds, short = [], [], [], []
    while len(seconds) < count:
        background = rng.uniform(0.4, 0.5)
        drawing = np.where(rng.random((30, 30)) < background, 0, rng.integers(1, colours, (30, 30)))
        verdict = check_colour_drawing(drawing, colours)
        if verdict.kind != Kind.MULT:
            continue
        start = time.process_time()
        effects = single_cell_effects(drawing, verdict, search_seconds=None, colours=colours)
        suggest_seconds.append(time.process_time() - start)
        start = time.process_time()
        plan = make_line_solvable(drawing, colours=colours)
        seconds.append(time.process_time() - start)
        assert check_colour_drawing(edited(drawing, plan.edits), colours).kind == plan.verdict.kind
        if plan.verdict.kind == Kind.LINE:
            edits.append(len(plan.edits))
        else:
            short.append(plan.describe())
        print(f"{len(seconds):3d} background {background:.2f}: {effects.candidates} candidate edits, "
              f"suggestions {suggest_seconds[-1]:.1f} CPU s; "
              f"{plan.describe()}  {seconds[-1]:.1f} CPU s", flush=True)
    print(f"30x30 colour MULT (3 colours and the background, background 0.4-0.5), {count} drawings (seed {seed}): "
          f"suggestions (every candidate) CPU s median {statistics.median(suggest_seconds):.2f}, "
          f"max {max(suggest_seconds):.2f}; "
          f"make it line-solvable: {len(edits)} reached LINE; edits median "
          f"{statistics.median(edits) if edits else '-'}, max {max(edits, default='-')}; CPU s per drawing median "
          f"{statistics.median(seconds):.1f}, max {max(seconds):.1f}, total {sum(seconds):.0f}")
    for text in short:
        print(f"   short of LINE: {text}")


if __name__ == "__main__":
    if "--colour" in sys.argv:
        bench_colour()
        sys.exit()
    if "--line40" in sys.argv:
        bench_line40()
        sys.exit()
    if "--gui-only" not in sys.argv:
        main()
    bench_gui()
