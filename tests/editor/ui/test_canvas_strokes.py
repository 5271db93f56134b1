"""A stroke lands where the pointer is, even when it makes a clue outgrow its margin: the
grid does not move under a held button; the margins grow once the button is released."""
import numpy as np
from PySide6.QtCore import Qt

from tests.editor.ui.conftest import centre


def stroke_held_in_place(qtbot, window, cells, button=Qt.LeftButton):
    """A real mouse stroke through the points of the screen that are over ``cells`` when it
    starts: like a hand on the mouse, the pointer stays there whatever moves beneath it."""
    canvas, viewport = window.solution_canvas, window.solution_scroll.viewport()
    points = [canvas.mapTo(viewport, centre(canvas, *cell)) for cell in cells]
    qtbot.mousePress(canvas, button, pos=canvas.mapFrom(viewport, points[0]))
    for point in points[1:]:
        qtbot.mouseMove(canvas, canvas.mapFrom(viewport, point))
    qtbot.mouseRelease(canvas, button, pos=canvas.mapFrom(viewport, points[-1]))


def drawn(window, solution: np.ndarray) -> np.ndarray:
    """Set the level's solution (one undo step) and lay the canvas out afresh around its clues."""
    window.width_spin.setValue(solution.shape[1])
    window.height_spin.setValue(solution.shape[0])
    window.editor.set_cells("solution", solution, "drawing")
    window.zoom.set_cell_size(window.zoom.cell_size)  # the margins fitted to the clues, no room to spare
    return solution.copy()


def assert_painted(window, expected: np.ndarray):
    wrong = np.argwhere(window.solution_grid() != expected)
    assert not len(wrong), f"cells painted or left otherwise than the stroke aimed at: {wrong[:12].tolist()}"


def assert_margins_fit(canvas):
    """After the stroke the clues have all the room they need."""
    needed, origin = canvas.compute_origin(), canvas.grid_origin()
    assert needed.x() <= origin.x()
    assert needed.y() <= origin.y()


def test_a_filled_rectangle_dragged_to_column_15_ends_at_column_15(window, qtbot):
    solution = np.zeros((30, 30), dtype=bool)
    solution[:10, 17::2] = True  # rows 0-9: 1 1 1 1 1 1 1; the rectangle puts a number before
    before = drawn(window, solution)
    window.zoom.set_cell_size(16)
    canvas = window.solution_canvas
    origin = canvas.grid_origin()
    window.tools.set_tool("filled rectangle")
    stroke_held_in_place(qtbot, window, [(0, 0)] + [(9, column) for column in range(1, 16)])
    expected = before.copy()
    expected[:10, :16] = True
    assert_painted(window, expected)
    assert canvas.grid_origin().x() > origin.x()  # the margin did grow: after the release
    assert_margins_fit(canvas)


def test_a_drag_to_column_41_on_a_128x128_level_ends_at_column_41(window, qtbot):
    rng = np.random.default_rng(41)
    solution = rng.random((128, 128)) < 0.5
    solution[:, 20] = np.arange(128) % 2 == 1  # the longest column clue...
    solution[63:66, 20] = False  # ...gets one number more when row 64 is filled
    window.zoom.set_cell_size(10)
    before = drawn(window, solution)
    canvas = window.solution_canvas
    window.solution_scroll.horizontalScrollBar().setValue(canvas.grid_origin().x() - 20)
    window.solution_scroll.verticalScrollBar().setValue(canvas.grid_origin().y() + 40 * 10)
    origin = canvas.grid_origin()
    window.tools.set_tool("pen")
    stroke_held_in_place(qtbot, window, [(64, column) for column in range(42)])
    expected = before.copy()
    expected[64, :42] = True
    assert_painted(window, expected)
    assert canvas.grid_origin().y() > origin.y()
    assert_margins_fit(canvas)


def test_a_column_stroke_over_rows_0_to_9_paints_rows_0_to_9(window, qtbot):
    solution = np.zeros((10, 10), dtype=bool)
    solution[:, 2::2] = True  # every row 1 1 1 1; the stroke down column 0 makes it 1 1 1 1 1
    before = drawn(window, solution)
    canvas = window.solution_canvas
    origin = canvas.grid_origin()
    stroke_held_in_place(qtbot, window, [(row, 0) for row in range(10)])
    expected = before.copy()
    expected[:, 0] = True
    assert_painted(window, expected)
    assert canvas.grid_origin().x() > origin.x()
    assert_margins_fit(canvas)
