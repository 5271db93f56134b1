"""Keys that both the level and a puzzle panel answer (Esc, Delete), pressed on the real
window with real key events wherever the focus is: each does one thing, never an
"Ambiguous shortcut" that does nothing."""
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.editor.scene3d.test_view import require_gl
from tests.editor.ui.conftest import drag
from tests.plugins.test_shared_panel import voxel_choose


def focus(qtbot, widget):
    widget.window().activateWindow()
    qtbot.waitUntil(widget.window().isActiveWindow)
    widget.setFocus()
    qtbot.waitUntil(widget.hasFocus)


def no_ambiguous_shortcut(qtlog, capfd):
    messages = [record.message for record in qtlog.records] + capfd.readouterr().err.splitlines()
    assert not [message for message in messages if "Ambiguous" in message]


@pytest.mark.parametrize("floating", [False, True])
def test_esc_cancels_the_job_of_the_panel_with_the_focus_and_selects_none_elsewhere(
        isolated_settings, window, qtbot, qtlog, capfd, floating):
    require_gl()
    dock = window.puzzle_docks.open_panel("voxel")
    panel = dock.widget()
    voxel_choose(qtbot, panel, "tetris-cube")  # a count that runs for minutes
    if floating:
        dock.setFloating(True)
        qtbot.waitExposed(dock)
    window.editor.select_all()

    focus(qtbot, panel.count_button)
    qtbot.mouseClick(panel.count_button, Qt.LeftButton)
    assert panel.busy
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Escape)  # the focus is still in the panel
    assert panel._job.task.cancelled
    qtbot.waitUntil(lambda: not panel.busy, timeout=60_000)
    assert panel.status.text() == "cancelled"
    assert window.editor.selection is not None  # Esc went to the panel only

    qtbot.mouseClick(panel.count_button, Qt.LeftButton)
    focus(qtbot, window.solution_canvas)
    qtbot.keyClick(window.solution_canvas, Qt.Key_Escape)
    assert window.editor.selection is None  # Select None, and the count goes on
    assert panel.busy and not panel._job.task.cancelled
    no_ambiguous_shortcut(qtlog, capfd)
