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
    window.editor.clipboard.select_all()

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
    assert panel.busy
    assert not panel._job.task.cancelled

    window.editor.clipboard.select_all()
    qtbot.keyClick(panel.view.render_window(), Qt.Key_Escape)  # keys in the 3-D view reach the panel
    assert panel._job.task.cancelled
    assert window.editor.selection is not None
    qtbot.waitUntil(lambda: not panel.busy, timeout=60_000)
    qtbot.keyClick(panel.view.render_window(), Qt.Key_Escape)  # no job: Select None
    assert window.editor.selection is None
    no_ambiguous_shortcut(qtlog, capfd)


def test_delete_after_select_all_clears_wherever_the_focus_is(window, qtbot, qtlog, capfd):
    drag(qtbot, window.solution_canvas, [(1, 1), (1, 6)])
    button = window.palette_widget.add_button  # the focus outside the grids
    focus(qtbot, button)
    qtbot.keyClick(button, Qt.Key_A, Qt.ControlModifier)
    assert window.editor.selection is not None
    qtbot.keyClick(button, Qt.Key_Delete)
    assert not window.solution_grid().any()
    window.undo_action.trigger()
    assert window.solution_grid()[1, 1:7].all()

    canvas = window.solution_canvas  # no selection: Delete on a grid clears the cell under the cursor
    focus(qtbot, canvas)
    qtbot.keyClick(canvas, Qt.Key_Escape)
    assert window.editor.selection is None
    window.editor.set_cursor((1, 3))
    qtbot.keyClick(canvas, Qt.Key_Delete)
    assert window.solution_grid()[1].tolist() == [False, True, True, False, True, True, True] + [False] * 3
    no_ambiguous_shortcut(qtlog, capfd)
