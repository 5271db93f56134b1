"""Screenshots of the real window for the user manual (editor/manual/images/).

Run it through ``resources/scripts/screenshots`` (a virtual X server, the set-up .venv). It opens
the real MainWindow on the sample levels, draws, opens a puzzle panel and grabs the screen (the
3-D views render through OpenGL, which a widget's grab() does not see), then writes small
palette PNGs. Settings go to a temporary folder, so that your own window layout is neither used
nor changed.
"""
from __future__ import annotations

import atexit
import io
import os
import shutil
import sys
import tempfile
import time

os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="nonogram-screenshots-")
atexit.register(shutil.rmtree, os.environ["XDG_CONFIG_HOME"], True)

from PIL import Image  # noqa: E402
from PySide6.QtCore import QBuffer, QCoreApplication, QIODevice, QPoint, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from nonogram_editor.infra.paths import LEVELS  # noqa: E402
from nonogram_editor.infra.user_guide import folder  # noqa: E402
from nonogram_editor.nonogram.verdict import Kind  # noqa: E402
from nonogram_editor.ui.app import quiet_qt_logging  # noqa: E402
from nonogram_editor.ui.identity import set_up_application  # noqa: E402
from nonogram_editor.ui.main_window import MainWindow  # noqa: E402
from nonogram_editor.ui.settings import name_application  # noqa: E402

IMAGES = folder() / "images"
SIZE = (1200, 720)
COLOURS = 128  # a palette PNG: a tenth of the size of a true-colour one, and the UI reads the same


def wait_until(condition, what: str, seconds: float = 120) -> None:
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            raise SystemExit(f"screenshots: gave up waiting for {what}")
        QApplication.processEvents()
        time.sleep(0.01)


def settle(milliseconds: int = 500) -> None:
    end = time.monotonic() + milliseconds / 1000
    while time.monotonic() < end:
        QApplication.processEvents()
        time.sleep(0.01)


def verdict_shown(window, kind: Kind | None = None):
    panel = window.solver_dock.widget()
    verdict = panel.verdict
    return (verdict is not None and verdict.kind != Kind.STALLED and (kind is None or verdict.kind == kind)
            and verdict.picture.shape == window.solution_grid().shape
            and (verdict.picture == window.solution_grid()).all())


def save(window, name: str) -> None:
    """The window as it is on the screen (OpenGL views included), as a palette PNG."""
    window.statusBar().clearMessage()  # it names this computer's path of the level
    settle()
    shot = window.screen().grabWindow(window.winId())
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    shot.save(buffer, "PNG")
    path = IMAGES / f"{name}.png"
    with Image.open(io.BytesIO(bytes(buffer.data()))) as image:
        image.convert("RGB").quantize(COLOURS, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)
    print(f"{path} {path.stat().st_size // 1024} KB")


def click(canvas, row: int, column: int) -> None:
    point: QPoint = canvas.cell_rect(row, column).center()
    QTest.mouseClick(canvas, Qt.MouseButton.LeftButton, pos=point)


def main() -> int:
    quiet_qt_logging()  # as the app: stderr only for problems
    app = QApplication(sys.argv[:1])
    name_application(app)
    set_up_application(app)
    IMAGES.mkdir(exist_ok=True)
    window = MainWindow()
    window.resize(*SIZE)
    window.show()
    window.activateWindow()

    # The tour's picture: the cat, checked.
    window.files.open_path(str(LEVELS / "cat.level"))
    wait_until(lambda: "cat" in window.windowTitle() and verdict_shown(window, Kind.LINE), "the cat's verdict")
    window.solver_dock.raise_()
    save(window, "window")

    # Assist: the house with a switch drawn into it (MULT), the Assist tab in front.
    window.files.open_path(str(LEVELS / "house.level"))
    wait_until(lambda: "house" in window.windowTitle() and verdict_shown(window), "the house's verdict")
    grid = window.solution_grid()
    row, column = next((r, c) for r in range(grid.shape[0] - 1) for c in range(grid.shape[1] - 1)
                       if not grid[max(r - 1, 0):r + 3, max(c - 1, 0):c + 3].any())  # the two cells stand alone
    click(window.solution_canvas, row, column)
    click(window.solution_canvas, row + 1, column + 1)
    wait_until(lambda: verdict_shown(window, Kind.MULT), "the switch's MULT verdict")
    window.assist_dock.raise_()
    settle(4000)  # the suggestions' search
    save(window, "assist")

    # The voxel packing panel, a Soma cube solution in 3-D.
    window.editor.history.mark_saved()
    panel = window.puzzle_docks.open_panel("voxel").widget()
    wait_until(lambda: panel.puzzle_box.isEnabled(), "the voxel panel")
    panel.puzzle_box.setCurrentIndex(panel.puzzle_box.findText("soma"))
    wait_until(lambda: panel.puzzle is not None and panel.puzzle.id == "voxel-soma" and panel.solve_button.isEnabled(),
               "the Soma cube")
    panel.solve_button.click()
    wait_until(lambda: len(panel.solutions) == 1 and panel.solve_button.isEnabled(), "a Soma solution")
    settle(1500)  # the 3-D view renders
    save(window, "voxel-panel")

    window.editor.history.mark_saved()
    window.close()
    QCoreApplication.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())
