"""The pack gallery window on a folder of many levels: every thumbnail on screen, and the window's
responsiveness while the verdicts fill in.

    .venv/bin/python tests/benchmarks/bench_pack_window.py [--levels 500] [--seconds 10]

Makes the folder as ``bench_pack.py`` does, opens the real gallery (``PackWindow``, with a fresh
verdict cache), and prints:
  * the time from opening until every entry's thumbnails have been drawn: the folder read off the
    GUI thread, then the gallery scrolled page by page and painted (each page's thumbnails are
    drawn as it comes into view); the goal is within 2 s for 500 levels;
  * while the verdicts fill in (for ``--seconds``, or until all are in): how late a 10 ms timer on
    the GUI thread fires (median, 95th percentile, worst): the window's responsiveness;
  * the re-open: a second gallery on the same cache, and how many entries it checked again (0).
Needs a screen: run it under Xvfb (``xvfb-run``), or it uses Qt's offscreen platform.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

if not os.environ.get("DISPLAY"):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop, QTimer  # noqa: E402 (after the platform is chosen)
from PySide6.QtWidgets import QApplication  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_pack import make_levels  # noqa: E402

from nonogram_editor.pack.checks import ResultCache  # noqa: E402
from nonogram_editor.ui.pack_window import PackWindow  # noqa: E402

TICK_MS = 10


def run_until(condition, limit_seconds: float) -> bool:
    """Run the event loop until ``condition()`` (True) or the limit (False)."""
    loop, poll = QEventLoop(), QTimer()
    poll.timeout.connect(lambda: loop.quit() if condition() else None)
    poll.start(1)
    QTimer.singleShot(int(limit_seconds * 1000), loop.quit)
    loop.exec()
    poll.stop()
    return condition()


def every_thumbnail_drawn(window: PackWindow) -> None:
    """Scroll the gallery page by page, painting each (its thumbnails are drawn as they show)."""
    gallery = window.gallery
    bar = gallery.verticalScrollBar()
    bar.setValue(0)
    while True:
        gallery.viewport().repaint()
        if bar.value() >= bar.maximum():
            break
        bar.setValue(bar.value() + bar.pageStep())


def open_gallery(folder: Path, cache: ResultCache) -> tuple[PackWindow, float]:
    start = time.perf_counter()
    window = PackWindow(folder, None, None, cache)
    window.resize(1000, 700)
    window.show()
    assert run_until(lambda: window.pack is not None and window.model.rowCount() == len(window.pack.entries), 60)
    every_thumbnail_drawn(window)
    return window, time.perf_counter() - start


def lateness_while_checking(window: PackWindow, seconds: float) -> list[float]:
    """How late (ms) a ``TICK_MS`` timer fires while the checks run."""
    late: list[float] = []
    last = [time.perf_counter()]

    def tick() -> None:
        now = time.perf_counter()
        late.append(max(0.0, (now - last[0]) * 1000 - TICK_MS))
        last[0] = now

    timer = QTimer()
    timer.timeout.connect(tick)
    timer.start(TICK_MS)
    run_until(lambda: not window.checks_running(), seconds)
    timer.stop()
    return late


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=10.0, help="how long to watch the checks (default 10)")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as temporary:
        folder, cache = Path(temporary, "pack"), ResultCache(Path(temporary, "cache"))
        folder.mkdir()
        make_levels(folder, args.levels)
        print(f"{args.levels} levels; load average {os.getloadavg()[0]:.1f}")
        window, seconds = open_gallery(folder, cache)
        print(f"open: every thumbnail drawn (goal: within 2 s)   {seconds:6.2f} s")
        late = sorted(lateness_while_checking(window, args.seconds))
        checked = sum(entry.result is not None for entry in window.pack.entries)
        if late:
            print(f"while checking ({checked} of {len(window.pack.entries)} checked): a {TICK_MS} ms timer late by "
                  f"median {statistics.median(late):.0f} ms, p95 {late[int(0.95 * (len(late) - 1))]:.0f} ms, "
                  f"worst {late[-1]:.0f} ms")
        run_until(lambda: not window.checks_running(), 600)
        window.close()
        again, seconds = open_gallery(folder, cache)
        run_until(lambda: not again.checks_running(), 60)
        rechecked = sum(entry.result is not None and not entry.result.cached for entry in again.pack.entries)
        print(f"re-open: every thumbnail drawn {seconds:6.2f} s; checked again: {rechecked} of "
              f"{len(again.pack.entries)}")
        again.close()
    del app


if __name__ == "__main__":
    main()
