"""The drawing tools, transforms, symmetry, clipboard, keyboard editing, zoom and test-solve
on a real main window, driven by real mouse and key events; undo/redo restore exact states."""
import numpy as np
import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QGuiApplication, QMouseEvent, QWheelEvent
from PySide6.QtWidgets import QApplication

from nonogram_editor.infra.paths import LEVELS
from nonogram_editor.level import Level
from tests.editor.ui.conftest import centre, drag


def state(window):
    document = window.document
    return (document.solution.copy(), document.picture.copy(), document.width, document.height,
            list(document.palette))


def same(a, b):
    return np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1]) and a[2:] == b[2:]


def undo_redo_exact(window, before):
    after = state(window)
    assert not same(before, after)
    window.undo_action.trigger()
    assert same(state(window), before)
    window.redo_action.trigger()
    assert same(state(window), after)


def focus(qtbot, window, widget):
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    widget.setFocus()
    qtbot.waitUntil(widget.hasFocus)


def shift_drag(qtbot, canvas, cells):
    qtbot.mousePress(canvas, Qt.LeftButton, Qt.ShiftModifier, centre(canvas, *cells[0]))
    for cell in cells[1:]:
        # a move with Shift held: QTest.mouseMove carries no modifiers, so send the event
        point = QPointF(centre(canvas, *cell))
        event = QMouseEvent(QMouseEvent.MouseMove, point, canvas.mapToGlobal(point), Qt.NoButton, Qt.LeftButton,
                            Qt.ShiftModifier)
        QApplication.sendEvent(canvas, event)
    qtbot.mouseRelease(canvas, Qt.LeftButton, Qt.ShiftModifier, centre(canvas, *cells[-1]))


def cells_of(grid):
    return set(zip(*map(lambda a: a.tolist(), np.nonzero(grid))))


@pytest.mark.parametrize("tool, expected", [
    ("line", {(1, 1), (2, 2), (3, 3), (4, 4)}),
    ("rectangle", {(1, 1), (1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2), (3, 3)}),
    ("filled rectangle", {(r, c) for r in range(1, 4) for c in range(1, 4)}),
])
def test_shape_tools_are_one_step_each(window, qtbot, tool, expected):
    before = state(window)
    window.tools.tool_actions[tool].trigger()
    end = (4, 4) if tool == "line" else (3, 3)
    drag(qtbot, window.solution_canvas, [(1, 1), (8, 2), end])  # the shape follows the pointer
    assert cells_of(window.solution_grid()) == expected
    assert len(window.editor.history) == 1
    undo_redo_exact(window, before)


def test_flood_fill_with_the_tool_shortcut_and_on_the_picture(window, qtbot):
    window.tools.tool_actions["rectangle"].trigger()
    drag(qtbot, window.solution_canvas, [(2, 2), (6, 6)])
    focus(qtbot, window, window.solution_canvas)
    qtbot.keyClick(window.solution_canvas, Qt.Key_F)  # the Flood Fill shortcut
    assert window.tools.current == "fill"
    before = state(window)
    qtbot.mouseClick(window.solution_canvas, Qt.LeftButton, pos=centre(window.solution_canvas, 4, 4))
    assert window.solution_grid()[2:7, 2:7].all()
    assert window.solution_grid().sum() == 25
    undo_redo_exact(window, before)
    window.palette_widget.select_colour((220, 40, 40))
    qtbot.mouseClick(window.picture_canvas, Qt.LeftButton, pos=centre(window.picture_canvas, 0, 0))
    assert (window.document.visible_picture() == (220, 40, 40)).all()


def test_shift_drag_keeps_to_the_row(window, qtbot):
    shift_drag(qtbot, window.solution_canvas, [(5, 1), (6, 4), (4, 8)])
    assert cells_of(window.solution_grid()) == {(5, c) for c in range(1, 9)}


def test_symmetry_mode_mirrors_strokes_and_draws_a_guide(window, qtbot):
    canvas = window.solution_canvas
    plain = canvas.grab().toImage()
    window.tools.symmetry_actions["left-right"].trigger()
    assert window.editor.symmetry == "left-right"
    guide = canvas.grab().toImage()
    middle = canvas.grid_rect().center()
    assert guide.pixelColor(middle.x(), middle.y() + 3) != plain.pixelColor(middle.x(), middle.y() + 3)
    before = state(window)
    drag(qtbot, canvas, [(2, 1), (2, 2)])
    assert cells_of(window.solution_grid()) == {(2, 1), (2, 2), (2, 7), (2, 8)}
    undo_redo_exact(window, before)


def test_transforms_from_the_level_menu(window, qtbot):
    drag(qtbot, window.solution_canvas, [(0, 0), (0, 2)])
    window.palette_widget.select_colour((220, 40, 40))
    drag(qtbot, window.picture_canvas, [(0, 0)])
    actions = {action.text().replace("&", ""): action for action in window.tools.menu.parent().findChildren(
        type(window.undo_action)) if action.text()}
    before = state(window)
    actions["Mirror Left-Right"].trigger()
    assert cells_of(window.solution_grid()) == {(0, 7), (0, 8), (0, 9)}
    assert tuple(window.document.picture[0, 9]) == (220, 40, 40)  # the picture moved with it
    undo_redo_exact(window, before)
    before = state(window)
    actions["Rotate 90° Clockwise"].trigger()  # the top row (mirrored: its right end) becomes the right column
    assert cells_of(window.solution_grid()) == {(7, 9), (8, 9), (9, 9)}
    undo_redo_exact(window, before)
    window.tools.wrap_action.setChecked(True)
    actions["Shift Up"].trigger()
    actions["Shift Up"].trigger()
    actions["Shift Left"].trigger()
    assert cells_of(window.solution_grid()) == {(5, 8), (6, 8), (7, 8)}
    for _ in range(3):
        actions["Shift Down"].trigger()
    assert cells_of(window.solution_grid()) == {(8, 8), (9, 8), (0, 8)}  # wrapped round


def test_copy_and_paste_between_two_windows_and_as_text(make_window, qtbot):
    first, second = make_window(), make_window()
    drag(qtbot, first.solution_canvas, [(1, 1), (1, 3)])
    first.tools.tool_actions["select"].trigger()
    drag(qtbot, first.solution_canvas, [(0, 0), (2, 4)])
    assert first.editor.selection is not None
    first.tools.copy_action.trigger()
    assert QGuiApplication.clipboard().text() == ".....\n.###.\n.....\n"
    second.editor.set_cursor((5, 5))
    before = state(second)
    second.tools.paste_action.trigger()
    assert cells_of(second.solution_grid()) == {(6, 6), (6, 7), (6, 8)}
    undo_redo_exact(second, before)
    QGuiApplication.clipboard().setText("#.#\n.#.\n")  # from a forum post
    second.editor.clipboard.clear_selection()
    second.editor.set_cursor((0, 0))
    second.tools.paste_action.trigger()
    assert {(0, 0), (0, 2), (1, 1)} <= cells_of(second.solution_grid())
    QGuiApplication.clipboard().setText("hello")
    second.tools.paste_action.trigger()
    assert "Cannot paste" in second.statusBar().currentMessage()
    first.tools.cut_action.trigger()
    assert not first.solution_grid().any()


def test_dragging_a_selection_moves_it(window, qtbot):
    drag(qtbot, window.solution_canvas, [(1, 1), (1, 2)])
    window.tools.tool_actions["select"].trigger()
    drag(qtbot, window.solution_canvas, [(1, 1), (1, 2)])
    before = state(window)
    drag(qtbot, window.solution_canvas, [(1, 1), (4, 5)])
    assert cells_of(window.solution_grid()) == {(4, 5), (4, 6)}
    undo_redo_exact(window, before)


def test_keyboard_editing(window, qtbot):
    canvas = window.solution_canvas
    focus(qtbot, window, canvas)
    qtbot.keyClick(canvas, Qt.Key_Right)
    qtbot.keyClick(canvas, Qt.Key_Down)
    qtbot.keyClick(canvas, Qt.Key_Space)
    assert cells_of(window.solution_grid()) == {(1, 1)}
    qtbot.keyClick(canvas, Qt.Key_Right, Qt.ShiftModifier)
    qtbot.keyClick(canvas, Qt.Key_Right, Qt.ShiftModifier)
    assert cells_of(window.solution_grid()) == {(1, 1), (1, 2), (1, 3)}
    qtbot.keyClick(canvas, Qt.Key_X)
    qtbot.keyClick(canvas, Qt.Key_Left)
    qtbot.keyClick(canvas, Qt.Key_Delete)
    assert cells_of(window.solution_grid()) == {(1, 1)}
    assert window.editor.cursor == (1, 2)
    assert window.cell_label.text() == "Solution: row 2, column 3 — empty"  # the status bar follows the cursor
    window.undo_action.trigger()
    assert cells_of(window.solution_grid()) == {(1, 1), (1, 2)}


def test_status_bar_follows_the_clicked_cell(window, qtbot):
    canvas = window.solution_canvas
    qtbot.mouseClick(canvas, Qt.LeftButton, pos=centre(canvas, 3, 4))
    assert window.cell_label.text() == "Solution: row 4, column 5 — filled"
    qtbot.mouseClick(canvas, Qt.RightButton, pos=centre(canvas, 3, 4))
    assert window.cell_label.text() == "Solution: row 4, column 5 — empty"


def test_zoom_shortcuts_wheel_and_fit(window, qtbot):
    focus(qtbot, window, window.solution_canvas)
    qtbot.keyClick(window.solution_canvas, Qt.Key_Equal, Qt.ControlModifier)
    assert window.zoom.cell_size == 30
    window.zoom.set_cell_size(24)
    canvas = window.solution_canvas
    point = centre(canvas, 5, 5)
    event = QWheelEvent(QPointF(point), QPointF(canvas.mapToGlobal(point)), QPoint(), QPoint(0, 120),
                        Qt.NoButton, Qt.ControlModifier, Qt.NoScrollPhase, False)
    QApplication.sendEvent(canvas, event)
    assert window.zoom.cell_size == 30
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.width() == 1280)
    window.editor.transforms.resize(40, 40)
    window.zoom.set_cell_size(40)
    window.zoom.fit_to_window()
    viewport = window.solution_scroll.viewport().size()
    assert canvas.width() <= viewport.width()
    assert canvas.height() <= viewport.height()
    assert window.zoom.cell_size == window.zoom.fitting_cell_size()


def test_a_30x30_level_fits_at_1280x800_with_the_solver_dock(window, qtbot):
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.width() == 1280)
    assert window.solver_dock is not None
    assert window.solver_dock.isVisible()
    window.editor.load(LEVELS / "sailboat.level")  # 30x30
    canvas, viewport = window.solution_canvas, window.solution_scroll.viewport()
    assert canvas.width() <= viewport.width()
    assert canvas.height() <= viewport.height()
    assert canvas.cell_size >= 16
    assert canvas.clue_font().pixelSize() >= 10
    noise = np.random.default_rng(3).random((30, 30)) < 0.5  # the most clue numbers a 30x30 can have
    window.editor.open_level(Level(noise, np.full((30, 30, 3), 255, np.uint8)))
    assert canvas.width() <= viewport.width()
    assert canvas.height() <= viewport.height()


def test_removing_a_used_colour_asks_for_its_replacement(window, qtbot):
    window.palette_widget.select_colour((220, 40, 40))
    drag(qtbot, window.picture_canvas, [(0, 0), (0, 4)])
    qtbot.mouseClick(window.palette_widget.remove_button, Qt.LeftButton)
    window.palette_widget.replace_dialog.reject()  # cancelled: nothing changes
    assert (220, 40, 40) in window.palette_widget.colours


def test_test_solve_plays_without_changing_the_level(window, qtbot):
    drag(qtbot, window.solution_canvas, [(0, 0), (0, 9)])
    level = window.editor.level()
    window.test_solve()
    play = window.play_window
    qtbot.waitExposed(play)
    canvas = play.canvas
    assert canvas.row_clues()[0] == [10]
    assert not (play.session.marks != 0).any()
    qtbot.mouseClick(canvas, Qt.RightButton, pos=centre(canvas, 1, 0))
    play.hint_button.click()
    assert "Row 1" in play.message_label.text()
    drag(qtbot, canvas, [(0, 0), (0, 9)])
    play.check_button.click()
    assert "Solved" in play.message_label.text()
    assert window.editor.level() == level
    assert len(window.editor.history) == 1
    play.restart_button.click()
    assert not play.session.marks.any()
    assert not play.session.check().solved
    play.close()


def test_test_solve_stops_saying_solved_once_a_mark_breaks_it(window, qtbot):
    drag(qtbot, window.solution_canvas, [(0, 0), (0, 9)])
    window.test_solve()
    play = window.play_window
    qtbot.waitExposed(play)
    canvas = play.canvas
    drag(qtbot, canvas, [(0, 0), (0, 9)])
    assert play.message_label.text().startswith("Solved in")
    qtbot.mouseClick(canvas, Qt.LeftButton, pos=centre(canvas, 5, 5))  # one more filled cell
    assert "Solved" not in play.message_label.text()
    assert "Not solved any more" in play.message_label.text()
    qtbot.mouseClick(canvas, Qt.LeftButton, pos=centre(canvas, 5, 5))  # cleared again: solved again
    assert play.message_label.text().startswith("Solved in")
    qtbot.mouseClick(canvas, Qt.LeftButton, pos=centre(canvas, 0, 3))  # a gap in the row
    assert "Not solved any more" in play.message_label.text()
    play.close()


def test_ctrl_wheel_zooms_around_the_pointer(window, qtbot):
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.width() == 1280)
    window.editor.load(LEVELS / "sailboat.level")
    window.zoom.set_cell_size(40)  # larger than the view: it scrolls
    canvas, scroll = window.solution_canvas, window.solution_scroll
    scroll.horizontalScrollBar().setValue(scroll.horizontalScrollBar().maximum() // 2)
    scroll.verticalScrollBar().setValue(scroll.verticalScrollBar().maximum() // 2)
    point = centre(canvas, 15, 12)
    in_view = canvas.mapTo(scroll.viewport(), point)
    event = QWheelEvent(QPointF(point), QPointF(canvas.mapToGlobal(point)), QPoint(), QPoint(0, 120),
                        Qt.NoButton, Qt.ControlModifier, Qt.NoScrollPhase, False)
    QApplication.sendEvent(canvas, event)
    assert window.zoom.cell_size == 50
    assert canvas.cell_at(canvas.mapFrom(scroll.viewport(), in_view)) == (15, 12)  # the same cell under the pointer


def test_middle_button_drags_the_view(window, qtbot):
    window.editor.transforms.resize(60, 60)
    window.zoom.set_cell_size(40)
    canvas, scroll = window.solution_canvas, window.solution_scroll
    bar = scroll.horizontalScrollBar()
    bar.setValue(200)
    qtbot.mousePress(canvas, Qt.MiddleButton, pos=centre(canvas, 10, 10))
    point = QPointF(centre(canvas, 10, 12))
    QApplication.sendEvent(canvas, QMouseEvent(QMouseEvent.MouseMove, point, canvas.mapToGlobal(point),
                                               Qt.NoButton, Qt.MiddleButton, Qt.NoModifier))
    qtbot.mouseRelease(canvas, Qt.MiddleButton, pos=centre(canvas, 10, 12))
    assert bar.value() == 200 - 80
    assert not window.solution_grid().any()


def test_picture_shows_the_solution_and_the_pointed_cell_on_both_grids(window, qtbot):
    picture = window.picture_canvas
    drag(qtbot, window.solution_canvas, [(2, 3)])
    image = picture.grab().toImage()
    assert image.pixelColor(centre(picture, 2, 3)).lightness() < 60  # a dark dot on the white cell
    assert image.pixelColor(centre(picture, 2, 4)).lightness() > 240
    window.solution_dots_action.trigger()
    assert picture.grab().toImage().pixelColor(centre(picture, 2, 3)).lightness() > 240
    qtbot.mouseMove(window.solution_canvas, centre(window.solution_canvas, 6, 7))
    qtbot.waitUntil(lambda: picture.pointed == (6, 7))
    edge = QPoint(picture.cell_rect(6, 7).center().x(), picture.cell_rect(6, 7).top())
    outline = picture.grab().toImage().pixelColor(edge)  # outlined on the picture too
    assert outline.red() < 60
    assert outline.blue() > 150
    assert image.pixelColor(edge).red() > 100
