"""Painting the solution and picture with real mouse drags; clues, undo/redo, resize, overlays."""
import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from nonogram_editor.level.clues import clues
from tests.editor.ui.conftest import centre, drag


def test_fast_drag_fills_every_cell_it_passes(window, qtbot):
    canvas = window.solution_canvas
    changes = []
    window.solution_changed.connect(lambda: changes.append(window.solution_grid()))
    drag(qtbot, canvas, [(1, 1), (1, 8), (8, 8), (2, 2)])  # two long straight jumps, then a diagonal
    expected = np.zeros((10, 10), dtype=bool)
    expected[1, 1:9] = True
    expected[1:9, 8] = True
    for step in range(2, 9):
        expected[step, step] = True
    assert np.array_equal(window.solution_grid(), expected)
    assert len(changes) >= 4  # every paint step and the stroke's end
    assert np.array_equal(changes[-1], expected)
    rows, columns = clues(expected)
    assert canvas.row_clues() == rows
    assert canvas.column_clues() == columns
    assert len(window.editor.history) == 1  # one stroke, one undo step
    assert window.isWindowModified()
    assert "[*]" in window.windowTitle()


def test_right_drag_clears_and_undo_redo_restore(window, qtbot):
    canvas = window.solution_canvas
    drag(qtbot, canvas, [(0, 0), (0, 9)])
    drag(qtbot, canvas, [(0, 3), (0, 6)], Qt.RightButton)
    row = window.solution_grid()[0]
    assert row.tolist() == [True] * 3 + [False] * 4 + [True] * 3
    assert canvas.row_clues()[0] == [3, 3]
    window.undo_action.trigger()
    assert window.solution_grid()[0].all()
    window.undo_action.trigger()
    assert not window.solution_grid().any()
    assert not window.isWindowModified()
    window.redo_action.trigger()
    window.redo_action.trigger()
    assert window.solution_grid()[0].tolist() == row.tolist()


def test_shortcuts_undo_and_redo(window, qtbot):
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    drag(qtbot, window.solution_canvas, [(4, 4), (4, 5)])
    qtbot.keyClick(window.solution_canvas, Qt.Key_Z, Qt.ControlModifier)
    assert not window.solution_grid().any()
    qtbot.keyClick(window.solution_canvas, Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier)
    assert window.solution_grid()[4, 4:6].all()


def test_shrink_then_grow_brings_back_hidden_cells(window, qtbot):
    drag(qtbot, window.solution_canvas, [(9, 9), (9, 7)])
    window.document.picture[8, 8] = (1, 2, 3)  # the picture is kept as well
    window.width_spin.setValue(5)
    window.height_spin.setValue(6)
    assert window.solution_grid().shape == (6, 5)
    assert not window.solution_grid().any()
    assert window.solution_canvas.column_clues() == [[]] * 5
    window.width_spin.setValue(64)
    window.height_spin.setValue(64)
    grown = window.solution_grid()
    assert grown.shape == (64, 64)
    assert grown[9, 7:10].all()
    assert grown.sum() == 3
    assert tuple(window.document.picture[8, 8]) == (1, 2, 3)
    for _ in range(4):
        window.undo_action.trigger()
    assert window.solution_grid().shape == (10, 10)
    assert window.width_spin.value() == 10
    drag(qtbot, window.solution_canvas, [(0, 0), (0, 1)])  # painting after undo of resizes
    assert window.solution_grid()[0, :2].all()


def test_hover_reports_the_cell_in_the_status_bar(window, qtbot):
    qtbot.mouseMove(window.solution_canvas, centre(window.solution_canvas, 2, 6))
    qtbot.waitUntil(lambda: "Solution: row 3, column 7 — empty" in window.cell_label.text())
    qtbot.mouseMove(window.picture_canvas, centre(window.picture_canvas, 0, 1))
    qtbot.waitUntil(lambda: "Picture: row 1, column 2 — #ffffff" in window.cell_label.text())


def test_overlays_and_line_labels_are_drawn(window, qtbot):
    canvas = window.solution_canvas
    cells = np.zeros((10, 10), dtype=bool)
    cells[3, 4] = True
    canvas.set_overlay("problems", cells, QColor(255, 0, 0))
    canvas.set_overlay("hints", cells.T.copy(), QColor(0, 0, 255))
    canvas.set_line_labels([("2", QColor("red"))] * 10, [("1", QColor("blue"))] * 10)
    image = canvas.grab().toImage()
    tinted = image.pixelColor(centre(canvas, 3, 4))
    assert tinted.red() > 200
    assert tinted.green() < 200
    assert image.pixelColor(centre(canvas, 4, 3)).blue() > tinted.blue()
    assert image.pixelColor(centre(canvas, 5, 5)) == QColor(255, 255, 255)
    assert set(canvas.overlay_names()) == {"problems", "hints"}
    canvas.set_overlay("problems", None, QColor())
    assert canvas.grab().toImage().pixelColor(centre(canvas, 3, 4)) == QColor(255, 255, 255)


def test_zoom_changes_the_cell_size(window, qtbot):
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    before = window.solution_canvas.width()
    qtbot.keyClick(window.solution_canvas, Qt.Key_Plus, Qt.ControlModifier)
    assert window.zoom.cell_size > 24
    assert window.solution_canvas.width() > before
    window.zoom.set_cell_size(12)
    assert window.picture_canvas.cell_size == 12
