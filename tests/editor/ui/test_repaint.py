"""What the canvases repaint: the cells, clues and labels that changed, not the whole grid
(a click on a 128x128 grid must stay cheap), and never a stale picture of the level."""
import numpy as np
from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtGui import QColor, QRegion

from nonogram_editor.core.grid_look import EMPTY_RGBA, FILLED_RGBA, OVERLAY_ALPHA, rgb_words
from nonogram_editor.ui.grid_canvas import SOLUTION_DOT_COLOURS
from tests.editor.ui.conftest import centre
from tests.editor.ui.test_solver_panel import wait_for_counts_on, wait_for_verdict_on


class PaintRecorder(QObject):
    """Collects the regions of the paint events a widget receives."""

    def __init__(self, widget):
        super().__init__()
        self.region = QRegion()
        self.widget = widget
        widget.installEventFilter(self)

    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            self.region += event.region()
        return False

    def stop(self) -> QRegion:
        self.widget.removeEventFilter(self)
        return self.region


def settle(qtbot, window):
    """Let the verdict of the current drawing arrive (its check may not have started yet),
    and its line counts if they are shown, then the paints they ask for happen."""
    wait_for_verdict_on(qtbot, window)
    if window.solver_dock.widget().show_counts_check.isChecked():
        wait_for_counts_on(qtbot, window)
    qtbot.wait(50)


def click(qtbot, canvas, cell, button=Qt.LeftButton):
    qtbot.mouseClick(canvas, button, pos=centre(canvas, *cell))


def painted_area(region: QRegion) -> int:
    return sum(rect.width() * rect.height() for rect in region)


def test_a_click_repaints_its_cell_and_its_two_clues_not_the_grid(window, qtbot):
    canvas = window.solution_canvas
    click(qtbot, canvas, (5, 5), Qt.RightButton)  # the first click gives the canvas the focus: all repainted
    settle(qtbot, window)
    recorder = PaintRecorder(canvas)
    click(qtbot, canvas, (2, 7))
    settle(qtbot, window)
    painted = recorder.stop()
    assert window.solution_grid()[2, 7]
    assert canvas.row_clues()[2] == [1]
    cell, origin = centre(canvas, 2, 7), canvas.grid_origin()
    assert painted.contains(cell)
    assert painted.contains(QPoint(origin.x() // 2, cell.y()))  # the row's clue
    assert painted.contains(QPoint(cell.x(), origin.y() // 2))  # the column's clue
    for far in ((8, 1), (0, 0), (9, 9), (2, 2), (7, 7)):  # nothing else, not even in the same row or column
        assert not painted.intersects(canvas.cell_rect(*far)), far
    assert painted_area(painted) < canvas.width() * canvas.height() / 8
    assert canvas.grab().toImage().pixelColor(cell) == QColor(*FILLED_RGBA[:3])


def test_a_mirrored_stroke_repaints_the_mirrored_dot_on_the_picture(window, qtbot):
    window.editor.set_symmetry("left-right")
    picture = window.picture_canvas
    click(qtbot, window.solution_canvas, (5, 5), Qt.RightButton)
    settle(qtbot, window)
    recorder = PaintRecorder(picture)
    click(qtbot, window.solution_canvas, (2, 1))
    settle(qtbot, window)
    painted = recorder.stop()
    assert window.solution_grid()[2, [1, 8]].all()
    assert painted.contains(centre(picture, 2, 8))  # the mirrored cell's new dot is put on screen
    assert not painted.intersects(picture.cell_rect(7, 4))
    dot = picture.grab().toImage().pixelColor(centre(picture, 2, 8))
    assert dot == SOLUTION_DOT_COLOURS[0]


def test_changed_line_labels_repaint_only_themselves(window, qtbot):
    canvas = window.solution_canvas
    window.solver_dock.widget().show_counts_check.setChecked(False)  # the labels are ours alone
    canvas.set_line_labels([("1", QColor("green"))] * 10, [("1", QColor("green"))] * 10)
    qtbot.wait(50)
    grid = canvas.grid_rect()
    recorder = PaintRecorder(canvas)
    rows = [("1", QColor("green"))] * 10
    rows[4] = ("2", QColor("orange"))
    canvas.set_line_labels(rows, [("1", QColor("green"))] * 10)
    qtbot.wait(50)
    painted = recorder.stop()
    row_label = QPoint(grid.right() + 8, centre(canvas, 4, 0).y())
    assert painted.contains(row_label)
    assert not painted.contains(QPoint(grid.right() + 8, centre(canvas, 6, 0).y()))
    assert not painted.intersects(grid.adjusted(1, 1, -1, -1))


def test_the_grid_does_not_jump_while_clues_grow_and_shrink(window, qtbot):
    canvas = window.solution_canvas
    start = canvas.grid_origin()
    for column in range(0, 10, 2):  # row 0: 1 1 1 1 1, a wider clue: the margin grows
        click(qtbot, canvas, (0, column))
    wide = canvas.grid_origin()
    assert wide.x() > start.x()
    for column in range(0, 10, 2):  # and stays while the clue shortens again
        click(qtbot, canvas, (0, column), Qt.RightButton)
    assert canvas.row_clues()[0] == []
    assert canvas.grid_origin() == wide
    window.zoom.set_cell_size(canvas.cell_size)  # laid out afresh (zoom, resize, another level): fitted again
    assert canvas.grid_origin() == start


def test_overlay_colours_are_each_overlay_blended_in_turn(window):
    """The table of kinds gives every cell what blending the overlays one by one gives."""
    canvas = window.solution_canvas
    window.width_spin.setValue(30)
    window.height_spin.setValue(20)
    rng = np.random.default_rng(3)
    window.editor.set_cells("solution", rng.random((20, 30)) < 0.5, "random")
    overlays = [("a", rng.random((20, 30)) < 0.4, QColor(200, 30, 30)),         # opaque: OVERLAY_ALPHA
                ("b", rng.random((20, 30)) < 0.4, QColor(30, 30, 220, 90)),
                ("c", rng.random((12, 40)) < 0.5, QColor(0, 160, 60, 200))]     # another shape than the grid
    for name, cells, colour in overlays:
        canvas.set_overlay(name, cells, colour)
    expected = np.where(window.solution_grid()[:, :, None], FILLED_RGBA, EMPTY_RGBA).astype(np.float64)
    for _, cells, colour in overlays:
        shown = np.zeros((20, 30), dtype=bool)
        shown[:min(20, cells.shape[0]), :min(30, cells.shape[1])] = cells[:20, :30]
        alpha = colour.alphaF() if colour.alpha() < 255 else OVERLAY_ALPHA
        tint = np.array([colour.red(), colour.green(), colour.blue(), 255], dtype=np.float64)
        expected[shown] = np.round(expected[shown] * (1 - alpha) + tint * alpha)
    assert np.array_equal(canvas.cell_colours(), rgb_words(expected.astype(np.uint8)))


def test_a_paint_shows_the_level_as_it_is_even_if_no_one_said_it_changed(window, qtbot):
    canvas = window.solution_canvas
    canvas.grab()
    window.document.solution[3, 3] = True  # behind the canvas's back
    assert canvas.grab().toImage().pixelColor(centre(canvas, 3, 3)) == QColor(*FILLED_RGBA[:3])


def test_moving_the_cell_cursor_repaints_where_it_was_and_is(window, qtbot):
    canvas = window.solution_canvas
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    click(qtbot, canvas, (4, 4), Qt.RightButton)  # the focus, and the cursor at (4, 4)
    qtbot.waitUntil(canvas.hasFocus)
    settle(qtbot, window)
    recorder = PaintRecorder(canvas)
    qtbot.keyClick(canvas, Qt.Key_Right)
    qtbot.wait(50)
    painted = recorder.stop()
    assert window.editor.cursor == (4, 5)
    assert painted.contains(centre(canvas, 4, 4))
    assert painted.contains(centre(canvas, 4, 5))
    assert painted_area(painted) < 4 * canvas.cell_size ** 2
    assert not painted.intersects(canvas.cell_rect(0, 0))
