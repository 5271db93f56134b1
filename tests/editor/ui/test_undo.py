"""Undo keeps the last UNDO_LIMIT steps, and a click on a big grid updates only its lines."""
import numpy as np
from PySide6.QtCore import Qt

from nonogram_editor.core import UNDO_LIMIT
from nonogram_editor.level.clues import clues
from tests.editor.ui.conftest import centre


def test_undo_keeps_the_last_steps_only(window, qtbot):
    canvas = window.solution_canvas
    extra = 20
    for step in range(UNDO_LIMIT + extra):  # fill, clear, fill... the top left cell: one step each
        button = Qt.MouseButton.LeftButton if step % 2 == 0 else Qt.MouseButton.RightButton
        qtbot.mouseClick(canvas, button, pos=centre(canvas, 0, 0))
    assert len(window.editor.history) == UNDO_LIMIT
    assert window.editor.document.solution[0, 0] == ((UNDO_LIMIT + extra) % 2 == 1)
    while window.editor.history.can_undo():
        window.undo_action.trigger()
    # the oldest steps are gone: undoing everything kept leads back to the state after `extra` steps
    assert window.editor.document.solution[0, 0] == (extra % 2 == 1)


def test_clicks_on_a_128x128_grid_keep_every_clue_right(window, qtbot):
    window.zoom.set_cell_size(5)
    window.width_spin.setValue(128)
    window.height_spin.setValue(128)
    canvas = window.solution_canvas
    rng = np.random.default_rng(7)
    for row, column in rng.integers(0, 128, (40, 2)):
        button = Qt.MouseButton.LeftButton if rng.random() < 0.7 else Qt.MouseButton.RightButton
        qtbot.mouseClick(canvas, button, pos=centre(canvas, int(row), int(column)))
        rows, columns = clues(window.solution_grid())
        assert (canvas.row_clues(), canvas.column_clues()) == (rows, columns)
    window.undo_action.trigger()
    assert (canvas.row_clues(), canvas.column_clues()) == clues(window.solution_grid())
