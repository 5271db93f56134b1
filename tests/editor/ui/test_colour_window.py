"""A colour level in the real window (issue 27): File > New asks the kind, painting with palette
colours by real mouse events changes the puzzle with every tool and symmetry, the solver dock
gives each stroke's verdict from the colour engine, the other solution shows in its colours,
the clues are drawn in their colours, and a level converts between the kinds in one undo step."""
import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt

from nonogram_editor.core.colour_level import rgb_clues
from nonogram_editor.infra.paths import LEVELS
from nonogram_editor.level.colour import COLOUR, TWO_COLOUR, colour_clues, indexed_picture
from nonogram_editor.nonogram.colour import check_colour_drawing
from nonogram_editor.nonogram.verdict import Kind
from nonogram_editor.qt.contrast import number_colour
from nonogram_editor.ui.solver_panel import DIFFERENCE_OVERLAY
from tests.editor.ui.conftest import drag, wait_for_job

WHITE, RED, BLUE, YELLOW = (255, 255, 255), (220, 40, 40), (40, 110, 220), (250, 215, 50)


def new_colour_level(window):
    window.new_action.trigger()
    dialog = window.kind_dialog
    assert dialog.isVisible()
    assert len(dialog.comboBoxItems()) == 2
    dialog.setTextValue(dialog.comboBoxItems()[1])
    dialog.accept()
    assert window.editor.kind == COLOUR


def choose(qtbot, window, colour):
    """Click the palette's swatch of ``colour``."""
    index = window.palette_widget.colours.index(colour)
    qtbot.mouseClick(window.palette_widget.swatch(index), Qt.LeftButton)
    assert window.palette_widget.current_colour() == colour


def wait_for_verdict(qtbot, window):
    """Until the solver dock shows the verdict on exactly the drawing the grid shows."""
    panel = window.solver_dock.widget()
    qtbot.waitUntil(lambda: panel.verdict is not None and panel.verdict.kind != Kind.STALLED
                    and np.array_equal(panel.verdict.picture, window.puzzle_grid()))
    return panel.verdict


def test_painting_a_three_colour_drawing_gives_each_strokes_verdict(window, qtbot):
    new_colour_level(window)
    canvas, tools = window.solution_canvas, window.tools
    expected = np.full((10, 10, 3), 255, dtype=np.uint8)
    verdicts = []

    def stroke_checked():
        picture = window.document.visible_picture()
        assert np.array_equal(picture, expected)
        verdict = wait_for_verdict(qtbot, window)
        grid, palette = indexed_picture(expected, WHITE)
        assert verdict.kind == check_colour_drawing(grid, len(palette)).kind  # the colour engine's, on this drawing
        assert (canvas._rgb_clues.rows, canvas._rgb_clues.columns) == rgb_clues(window.document)
        rows, columns = colour_clues(grid)  # the clues drawn are the drawing's, in its colours
        assert [[(n, palette[c]) for n, c in row] for row in rows] == canvas._rgb_clues.rows
        verdicts.append(verdict.kind)

    choose(qtbot, window, RED)
    drag(qtbot, canvas, [(1, 1), (1, 4)])  # the pen
    expected[1, 1:5] = RED
    stroke_checked()

    choose(qtbot, window, BLUE)
    tools.tool_actions["line"].trigger()
    drag(qtbot, canvas, [(3, 0), (3, 6)])
    expected[3, 0:7] = BLUE
    stroke_checked()

    choose(qtbot, window, YELLOW)
    tools.tool_actions["filled rectangle"].trigger()
    drag(qtbot, canvas, [(5, 2), (7, 4)])
    expected[5:8, 2:5] = YELLOW
    stroke_checked()

    tools.symmetry_actions["left-right"].trigger()
    choose(qtbot, window, RED)
    tools.tool_actions["pen"].trigger()
    drag(qtbot, canvas, [(8, 1)])
    expected[8, 1] = expected[8, 8] = RED  # and its mirror image
    stroke_checked()

    tools.symmetry_actions["none"].trigger()
    choose(qtbot, window, BLUE)
    tools.tool_actions["fill"].trigger()
    drag(qtbot, canvas, [(6, 3)])  # the yellow rectangle turns blue
    expected[5:8, 2:5] = BLUE
    stroke_checked()

    tools.tool_actions["pen"].trigger()
    drag(qtbot, canvas, [(3, 3)], button=Qt.RightButton)  # the right button paints the background
    expected[3, 3] = WHITE
    stroke_checked()

    choose(qtbot, window, YELLOW)
    for cell in ((0, 8), (1, 9)):  # a yellow diagonal in an empty corner: it could be the other one
        drag(qtbot, canvas, [cell])
        expected[cell] = YELLOW
        stroke_checked()

    assert verdicts == [Kind.LINE] * 7 + [Kind.MULT]
    assert np.array_equal(window.editor.level().solution, np.any(expected != 255, axis=2))  # the .pbm: the shape
    window.undo_action.trigger()
    expected[1, 9] = WHITE
    stroke_checked()
    assert verdicts[-1] == Kind.LINE


def test_a_colour_mult_shows_the_other_solution_in_its_colours(window, qtbot):
    new_colour_level(window)
    canvas = window.solution_canvas
    for colour, cells in ((RED, [(0, 0), (1, 1)]), (BLUE, [(0, 2), (1, 3)])):
        choose(qtbot, window, colour)
        for cell in cells:
            drag(qtbot, canvas, [cell])
    verdict = wait_for_verdict(qtbot, window)
    assert verdict.kind == Kind.MULT  # each row's red then blue can shift the other way
    panel = window.solver_dock.widget()
    qtbot.mouseClick(panel.alternative_button, Qt.LeftButton)
    grid, palette = indexed_picture(window.document.visible_picture(), WHITE)
    alternative = verdict.alternative
    assert colour_clues(alternative) == colour_clues(grid)
    assert not np.array_equal(alternative, grid)
    assert np.array_equal(canvas._overlays[DIFFERENCE_OVERLAY][0], alternative != grid)
    image = panel.alternative_view.pixmap().toImage()
    cell = image.width() // 10
    for row, column in ((0, 1), (0, 3), (1, 0)):  # cells of the other solution, in its colours
        pixel = image.pixelColor(column * cell + cell // 2, row * cell + cell // 2)
        assert (pixel.red(), pixel.green(), pixel.blue()) == palette[alternative[row, column]]


def test_converting_a_level_is_one_undo_step(window, qtbot):
    window.files.open_level_path(LEVELS / "mushroom.level")
    wait_for_job(qtbot, window)
    before = (dict(window.document.about), window.puzzle_grid())
    assert window.editor.kind == TWO_COLOUR
    assert "Colour" in window.convert_kind_action.text()
    window.convert_kind_action.trigger()
    assert window.editor.kind == COLOUR
    assert "Two-Colour" in window.convert_kind_action.text()
    verdict = wait_for_verdict(qtbot, window)
    assert verdict.picture.dtype != bool
    assert window.solution_canvas._rgb_clues is not None
    window.undo_action.trigger()
    assert window.editor.kind == TWO_COLOUR
    assert window.document.about == before[0]
    assert np.array_equal(window.puzzle_grid(), before[1])
    assert window.solution_canvas._rgb_clues is None
    wait_for_verdict(qtbot, window)


@pytest.mark.parametrize("colour", [YELLOW, BLUE, (0, 0, 0), WHITE])
def test_the_clue_number_is_black_or_white_by_its_colours_luminance(colour):
    dark = sum(colour) < 3 * 128
    assert number_colour(colour).name() == ("#ffffff" if dark else "#000000")


def test_clues_are_drawn_in_their_colours(window, qtbot):
    new_colour_level(window)
    canvas = window.solution_canvas
    choose(qtbot, window, YELLOW)
    drag(qtbot, canvas, [(2, 0), (2, 2)])  # row 3: a yellow 3
    choose(qtbot, window, BLUE)
    drag(qtbot, canvas, [(4, 0), (4, 3)])  # row 5: a blue 4
    qtbot.waitUntil(lambda: canvas._rgb_clues.rows[4] == [(4, BLUE)])
    image = canvas.grab().toImage()
    size, origin = canvas.cell_size, canvas.grid_origin()
    for row, colour, text in ((2, YELLOW, (0, 0, 0)), (4, BLUE, (255, 255, 255))):
        # the swatch left of the row, the nearest the grid: a cell wide, ending 6 pixels before it
        left, top = origin.x() - 6 - size, origin.y() + row * size
        pixels = [image.pixelColor(QPoint(x, y)) for x in range(left + 3, left + size - 3)
                  for y in range(top + 3, top + size - 3)]
        rgbs = [(p.red(), p.green(), p.blue()) for p in pixels]
        assert rgbs.count(colour) > len(rgbs) / 3  # mostly the block's colour
        other = (255, 255, 255) if text == (0, 0, 0) else (0, 0, 0)
        assert sum(max(abs(a - b) for a, b in zip(rgb, text)) < 60 for rgb in rgbs) >= 5  # the number, readable
        assert not any(max(abs(a - b) for a, b in zip(rgb, other)) < 60 for rgb in rgbs)  # not in the other one
    # a column clue: column 1 has yellow 1 above blue 1, stacked up from the grid
    step = canvas._clue_step()
    for index, colour in ((0, BLUE), (1, YELLOW)):
        bottom = origin.y() - 4 - index * step
        pixel = image.pixelColor(QPoint(origin.x() + 3, bottom - 3))
        assert (pixel.red(), pixel.green(), pixel.blue()) == colour


def test_test_solve_of_a_colour_level_with_the_colour_picker(window, qtbot):
    from nonogram_editor.level.colour import colour_level

    grid = np.array([[1, 1, 2, 0], [0, 2, 2, 0], [0, 0, 1, 1]])
    palette = [WHITE, RED, BLUE]
    level, about = colour_level(np.asarray(palette, dtype=np.uint8)[grid], WHITE)
    window.editor.open_level(level, None, about)
    window.test_solve()
    play = window.play_window
    qtbot.waitExposed(play)
    canvas, picker = play.canvas, play.colour_picker
    assert canvas._rgb_clues.rows[0] == [(2, RED), (1, BLUE)]  # the clues in colour

    def pixel(row, column):
        colour = canvas.grab().toImage().pixelColor(canvas.cell_rect(row, column).center() + QPoint(2, 2))
        return colour.red(), colour.green(), colour.blue()

    assert all(pixel(row, column) == WHITE for row in range(3) for column in range(4))  # the answer is not shown
    qtbot.mouseClick(picker.swatch(2), Qt.LeftButton)  # blue: wrong for the first cell
    drag(qtbot, canvas, [(0, 0)])
    assert pixel(0, 0) == BLUE
    qtbot.mouseClick(play.check_button, Qt.LeftButton)
    assert "1 mistake" in play.message_label.text()
    qtbot.mouseClick(picker.swatch(1), Qt.LeftButton)  # red
    drag(qtbot, canvas, [(0, 0), (0, 1)])
    drag(qtbot, canvas, [(2, 2), (2, 3)])
    qtbot.mouseClick(picker.swatch(2), Qt.LeftButton)
    drag(qtbot, canvas, [(0, 2), (1, 2), (1, 1)])
    assert pixel(0, 0) == RED
    assert pixel(1, 1) == BLUE
    assert play.message_label.text().startswith("Solved")
    play.close()


def test_the_solution_sheet_of_a_colour_level_is_in_its_colours(window, qtbot, tmp_path):
    from PySide6.QtGui import QImage

    from nonogram_editor.level.colour import colour_level
    from nonogram_editor.publish.sheets import SheetLayout
    from tests.editor.ui.test_files import choose_file

    grid = np.array([[1, 1, 2, 0], [0, 2, 2, 0], [0, 0, 1, 1]])
    palette = [WHITE, RED, BLUE]
    level, about = colour_level(np.asarray(palette, dtype=np.uint8)[grid], WHITE)
    window.editor.open_level(level, None, about)
    actions = {action.text(): action for action in window.file_menu.actions()}
    actions["Export s&olution sheet…"].trigger()
    choose_file(qtbot, window, tmp_path / "solution.png")
    wait_for_job(qtbot, window)
    image = QImage(str(tmp_path / "solution.png"))
    rows, columns = rgb_clues(window.document)
    layout = SheetLayout.for_clues(rows, columns, image.width(), image.height())
    corner = layout.row_clue_cell(0, 1).topLeft() + QPoint(8, 8)  # row 1's first block: red 2
    assert image.pixelColor(corner.toPoint()).name() == "#dc2828"
    for (row, column), index in np.ndenumerate(grid):
        assert image.pixelColor(layout.grid_cell(row, column).center().toPoint()).getRgb()[:3] == palette[index]
