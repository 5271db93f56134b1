"""Figures for the 3-D preview: opening a view, rendering a frame, memory per open/close.

    .venv/bin/python tests/benchmarks/bench_scene3d.py

Qt3D needs an X server with GL: the script uses $DISPLAY, or starts its own Xvfb
(PyVirtualDisplay, installed with pytest-xvfb) when there is none.
"""
import gc
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("QT_QPA_PLATFORM", "xcb")
os.environ.setdefault("LIBGL_ALWAYS_SOFTWARE", "1")

CYCLES = 12


def resident_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def garden(n: int):
    """n x n x n cubes with a rod to each neighbour: a scene as large as the voxel plugin's."""
    from nonogram_editor.scene3d.parts import Box, Part, Rod, explode_from_center

    parts = []
    for x in range(n):
        for y in range(n):
            for z in range(n):
                shapes = [Box((x, y, z), (0.8, 0.8, 0.8), (60 + 40 * x, 80 + 30 * y, 200 - 40 * z))]
                shapes += [Rod((x, y, z), (x + 1, y, z), 0.08, (30, 30, 30))] if x + 1 < n else []
                parts.append(Part(f"{x},{y},{z}", shapes))
    explode_from_center(parts)
    return parts


def main() -> None:
    display = None
    if not os.environ.get("DISPLAY"):
        from pyvirtualdisplay import Display

        display = Display(visible=False, size=(1280, 800), color_depth=24).start()
    import shiboken6
    from PySide6.QtCore import QCoreApplication, QEvent, Qt
    from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow

    app = QApplication([])
    from nonogram_editor.scene3d.view import SceneView, drain_viewport_pool, release_views

    window = QMainWindow()
    window.resize(900, 700)
    window.show()
    parts = garden(5)

    def open_view():
        dock = QDockWidget("preview", window)
        dock.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        view = SceneView(dock)
        view.set_parts(parts)
        dock.setWidget(view)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        dock.show()
        while not view.render_window().isExposed():
            app.processEvents()
        return dock, view

    def close(dock, release):
        if release:
            release_views(dock)
        dock.close()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        app.processEvents()
        gc.collect()

    print(f"scene: {len(parts)} parts, {sum(len(p.shapes) for p in parts)} shapes")
    for release in (False, True):
        label = "reused window (pool)" if release else "new window each time"
        dock, view = open_view()
        close(dock, release)  # warm up
        start_memory, opening, first_frame = resident_mb(), [], []
        for _ in range(CYCLES):
            start = time.perf_counter()
            dock, view = open_view()
            opening.append(time.perf_counter() - start)
            start = time.perf_counter()
            assert not view.capture_image().isNull()
            first_frame.append(time.perf_counter() - start)
            close(dock, release)
        growth = (resident_mb() - start_memory) / CYCLES
        print(f"{label}: open {1000 * sorted(opening)[CYCLES // 2]:.0f} ms, first frame "
              f"{1000 * sorted(first_frame)[CYCLES // 2]:.0f} ms (medians), memory {growth:+.1f} MB per open/close")

    dock, view = open_view()
    view.capture_image()
    frames = []
    for step in range(10):
        view.set_explode(step / 9)
        start = time.perf_counter()
        view.capture_image()
        frames.append(time.perf_counter() - start)
    print(f"a frame after moving the explode slider: {1000 * sorted(frames)[5]:.0f} ms (median of 10)")
    start = time.perf_counter()
    for _ in range(100):
        view.part_at(450, 300)
    print(f"picking (ray cast over every triangle): {10 * (time.perf_counter() - start):.2f} ms per click")
    close(dock, True)
    drain_viewport_pool()
    window.close()
    shiboken6.delete(window)  # the window goes before the display (`del window` would unbind a name open_view uses)
    if display is not None:
        display.stop()


if __name__ == "__main__":
    main()
