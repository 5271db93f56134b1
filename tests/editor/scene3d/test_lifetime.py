"""Views opened and closed many times, and an application quitting with views open: no crash, no runaway memory."""
import os
import subprocess
import sys
import textwrap

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDockWidget, QMainWindow

from nonogram_editor.scene3d import view as view_module
from nonogram_editor.scene3d.parts import Box, Part
from nonogram_editor.scene3d.view import SceneView, release_views

from .test_view import require_gl

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def resident_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def flush() -> None:
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QCoreApplication.processEvents()


def open_and_close(main_window: QMainWindow, qtbot, colour: int, release: bool) -> None:
    dock = QDockWidget("preview", main_window)
    dock.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    view = SceneView(dock)
    view.set_parts([Part(f"p{k}", [Box((k, 0, 0), (0.8, 0.8, 0.8), (200, colour, 0))]) for k in range(12)])
    dock.setWidget(view)
    main_window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    dock.show()
    qtbot.waitUntil(view.render_window().isExposed)
    image = view.capture_image()
    assert not image.isNull()
    centre = image.pixelColor(image.width() // 2, image.height() // 2)
    assert (centre.red(), centre.blue()) != (view_module.BACKGROUND.red(), view_module.BACKGROUND.blue())
    if release:
        release_views(dock)
    dock.close()
    flush()


@pytest.mark.parametrize("release, warm_up, cycles", [(True, 6, 14), (False, 2, 4)], ids=["pooled", "deleted"])
def test_views_open_and_close_many_times(qtbot, release, warm_up, cycles):
    require_gl()
    main_window = QMainWindow()
    qtbot.addWidget(main_window)
    main_window.resize(700, 500)
    main_window.show()
    qtbot.waitExposed(main_window)
    for cycle in range(warm_up):  # caches, the pool
        open_and_close(main_window, qtbot, 20 * cycle, release)
    windows = len(QGuiApplication.allWindows())
    memory = resident_mb()
    for cycle in range(cycles):
        open_and_close(main_window, qtbot, 10 * cycle, release)
    assert len(QGuiApplication.allWindows()) == windows, "every closed view's window is gone or pooled"
    growth = resident_mb() - memory
    if release:  # a new Qt3DWindow leaks ~3 MB inside Qt3D; reused ones do not
        assert growth < 20, f"resident memory grew {growth:.0f} MB over {cycles} open/close cycles"


def test_application_quits_cleanly_with_views_open_and_pooled(tmp_path):
    require_gl()
    script = tmp_path / "quit_with_views.py"
    script.write_text(textwrap.dedent("""
        from PySide6.QtCore import QTimer, Qt
        from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow
        from nonogram_editor.scene3d.parts import Box, Part
        from nonogram_editor.scene3d.view import SceneView, release_views

        app = QApplication([])
        window = QMainWindow()
        views = []
        for k in range(3):
            dock = QDockWidget(f"preview {k}", window)
            view = SceneView(dock)
            view.set_parts([Part("box", [Box((0, 0, 0), (1, 1, 1), (200, 40, 40))])])
            dock.setWidget(view)
            window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
            views.append(view)
        window.show()

        def capture_then_quit():
            assert not views[0].capture_image().isNull()
            release_views(views[1])  # one window goes to the pool, the others stay open
            app.quit()

        QTimer.singleShot(300, capture_then_quit)
        app.exec()
        print("quit cleanly")
    """))
    result = subprocess.run([sys.executable, str(script)], cwd=REPO, capture_output=True, text=True, timeout=120,
                            env={**os.environ, "PYTHONPATH": REPO})
    assert result.returncode == 0, result.stderr
    assert "quit cleanly" in result.stdout

