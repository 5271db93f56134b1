"""A real main window for each test, driven with real mouse events on its canvases."""
import pytest
import shiboken6
from PySide6.QtCore import QEventLoop, QPoint, Qt, QTimer

from nonogram_editor.ui import background
from nonogram_editor.ui.grid_canvas import DEFAULT_CELL
from nonogram_editor.ui.main_window import MainWindow
from tests.conftest import HANG_MS


@pytest.fixture
def make_window(qtbot):
    """Creates shown main windows; at the end cancels every background job (ours and the
    solver panel's), lets them finish while the widgets exist, then closes the windows
    without the unsaved-changes prompt."""
    windows = []

    def make():
        main_window = MainWindow()
        main_window.zoom.set_cell_size(DEFAULT_CELL)
        main_window.show()
        qtbot.waitExposed(main_window)
        windows.append(main_window)
        return main_window

    yield make
    for job in list(background._running):
        job.cancel()
    wait_for_cancelled_jobs(qtbot)
    qtbot.wait(20)
    for main_window in windows:
        if shiboken6.isValid(main_window):
            main_window.editor.history.mark_saved()
            main_window.close()
            main_window.deleteLater()
    qtbot.wait(20)


def wait_for_cancelled_jobs(qtbot):
    """Process events until every cancelled background job has ended (a hang fails naming the job)."""
    def ended():
        running = [job._name for job in list(background._running) if job.running]
        assert not running, f"background jobs still running after cancel: {running}"

    qtbot.waitUntil(ended)


@pytest.fixture
def window(make_window):
    main_window = make_window()
    if main_window.solver_dock is not None:  # its tab in front (its overlays on the grid), whatever layout was saved
        main_window.solver_dock.raise_()
    return main_window


def centre(canvas, row: int, column: int) -> QPoint:
    return canvas.cell_rect(row, column).center()


def drag(qtbot, canvas, cells, button=Qt.LeftButton):
    """Press on the first cell, jump straight to each next cell (a fast mouse), release."""
    qtbot.mousePress(canvas, button, pos=centre(canvas, *cells[0]))
    for cell in cells[1:]:
        qtbot.mouseMove(canvas, centre(canvas, *cell))
    qtbot.mouseRelease(canvas, button, pos=centre(canvas, *cells[-1]))


def wait_for_job(qtbot, window):
    """Run the event loop until the window has handled the results of its file reads and
    writes (a real QEventLoop: QTest.qWait sleeps holding the GIL, starving the worker)."""
    loop = QEventLoop()
    poll = QTimer()
    poll.timeout.connect(lambda: None if window.files.work_pending() else loop.quit())
    poll.start(1)
    QTimer.singleShot(HANG_MS, loop.quit)
    loop.exec()
    poll.stop()
    assert not window.files.work_pending(), "the file job did not finish"
