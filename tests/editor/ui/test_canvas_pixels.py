"""What the solution canvas puts on screen, pixel by pixel: a repaint of part of it draws
exactly what a full repaint draws there (every clue of it), after real edits too."""
import numpy as np
import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor, QImage, QRegion
from PySide6.QtWidgets import QApplication

from nonogram_editor.infra.paths import LEVELS
from nonogram_editor.ui.grid_canvas import CLUE_BACKGROUND, CLUE_LINE_COLOUR, GRID_COLOUR, MIN_CELL, MIN_CLUE_PIXELS
from tests.editor.scene3d.test_view import rgb_array
from tests.editor.ui.conftest import centre, drag
from tests.editor.ui.test_files import open_and_wait
from tests.editor.ui.test_repaint import settle


def pixels(image: QImage) -> np.ndarray:
    """An image's pixels as an (h, w) array of 0xAARRGGBB words."""
    image = image.convertToFormat(QImage.Format_RGB32)
    words = np.frombuffer(image.constBits(), dtype=np.uint32).reshape(image.height(), image.bytesPerLine() // 4)
    return words[:, :image.width()].copy()


def region_mask(region: QRegion, size) -> np.ndarray:
    mask = np.zeros((size.height(), size.width()), dtype=bool)
    for rect in region:
        mask[rect.top():rect.bottom() + 1, rect.left():rect.right() + 1] = True
    return mask


def rendered(canvas, region: QRegion) -> np.ndarray:
    """The canvas painted over ``region`` only (one paint event of that region), onto magenta."""
    image = QImage(canvas.size(), QImage.Format_RGB32)
    image.fill(QColor(255, 0, 255))
    canvas.render(image, region.boundingRect().topLeft(), region)
    return pixels(image)


def on_screen(window, canvas) -> tuple[np.ndarray, QRect]:
    """The visible part of the canvas as the X server shows it (what the real repaints left
    there), and where that part lies in the canvas. It must hold every clue."""
    seen = canvas.visibleRegion().boundingRect()
    assert seen.topLeft() == QPoint(0, 0), "the clues must all be on screen"
    assert seen.contains(canvas.grid_rect().topRight()), "the clues must all be on screen"
    assert seen.contains(canvas.grid_rect().bottomLeft()), "the clues must all be on screen"
    for _ in range(2):  # the paints already asked for (an update posts its request first)
        QApplication.processEvents()
    corner = canvas.mapTo(window, QPoint(0, 0))
    grab = window.screen().grabWindow(window.winId(), corner.x(), corner.y(), seen.width(), seen.height())
    return pixels(grab.toImage()), seen


def clue_rects(canvas) -> list[QRect]:
    """Each row's and each column's clue area (left of and above the grid)."""
    origin, size, document = canvas.grid_origin(), canvas.cell_size, canvas.document
    rows = [QRect(0, origin.y() + row * size, origin.x(), size) for row in range(document.height)]
    columns = [QRect(origin.x() + column * size, 0, size, origin.y()) for column in range(document.width)]
    return rows + columns


@pytest.mark.parametrize("cell_size", [None, MIN_CELL])
def test_a_region_of_clues_and_far_cells_is_drawn_as_a_full_repaint_draws_it(window, qtbot, cell_size):
    """Regions as real edits make them (a line's clue, its cell, a far cell, a label), each
    painted in one paint event: every pixel in the region, every clue's text included, is
    the full repaint's (at the zoom an opened level gets, and at the smallest)."""
    open_and_wait(qtbot, window, LEVELS / "cat.level")
    settle(qtbot, window)
    window.solver_dock.widget().show_counts_check.setChecked(False)  # the labels are ours alone
    if cell_size is not None:
        window.zoom.set_cell_size(cell_size)
    canvas = window.solution_canvas
    labels = [(str(n), QColor("green" if n == 1 else "orange")) for n in range(1, 26)]
    canvas.set_line_labels(labels, labels[::-1])
    full = pixels(canvas.grab().toImage())
    clue_areas = clue_rects(canvas)
    grid = canvas.grid_rect()
    label_areas = [QRect(grid.right() + 1, grid.top(), canvas.width() - grid.right() - 1, grid.height()),
                   QRect(grid.left(), grid.bottom() + 1, grid.width(), canvas.height() - grid.bottom() - 1)]
    rng = np.random.default_rng(23)
    regions = [QRegion(clue) + QRegion(canvas.cell_rect(24, 24 - index % 25)) for index, clue in enumerate(clue_areas)]
    for _ in range(60):  # a few clues, cells and labels at once
        region = QRegion()
        for index in rng.choice(len(clue_areas), 3, replace=False):
            region += QRegion(clue_areas[index])
        for row, column in rng.integers(0, 25, (3, 2)):
            region += QRegion(canvas.cell_rect(int(row), int(column)).adjusted(-2, -2, 2, 2))
        region += QRegion(label_areas[int(rng.integers(2))].adjusted(0, int(rng.integers(200)), 0, 0))
        regions.append(region)
    for region in regions:
        mask = region_mask(region, canvas.size())
        drawn = rendered(canvas, region)
        wrong = mask & (drawn != full)
        assert not wrong.any(), f"{wrong.sum()} pixels of {list(region)} differ from a full repaint"


def test_clues_stay_drawn_after_a_real_click_undo_and_redo(window, qtbot):
    """cat.level, a click on row 11 / column 1, Ctrl+Z, Ctrl+Shift+Z (the keys, as a user
    presses them), then a big filled rectangle and its undo: what is on screen after each
    is what a full repaint draws."""
    open_and_wait(qtbot, window, LEVELS / "cat.level")
    canvas = window.solution_canvas
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    settle(qtbot, window)
    cell = centre(canvas, 10, 0)
    steps = [("click", lambda: qtbot.mouseClick(canvas, Qt.LeftButton, pos=cell), True),
             ("Ctrl+Z", lambda: qtbot.keyClick(canvas, Qt.Key_Z, Qt.ControlModifier), False),
             ("Ctrl+Shift+Z", lambda: qtbot.keyClick(canvas, Qt.Key_Z, Qt.ControlModifier | Qt.ShiftModifier), True),
             ("Ctrl+Z", lambda: qtbot.keyClick(canvas, Qt.Key_Z, Qt.ControlModifier), False),
             ("a filled rectangle", lambda: (window.tools.set_tool("filled rectangle"),
                                             drag(qtbot, canvas, [(3, 0), (21, 17)])), True),
             ("Ctrl+Z", lambda: qtbot.keyClick(canvas, Qt.Key_Z, Qt.ControlModifier), False)]
    for name, step, filled in steps:
        step()
        assert window.document.solution[10, 0] == filled, name
        settle(qtbot, window)
        (seen, visible), full = on_screen(window, canvas), pixels(canvas.grab().toImage())
        wrong = seen != full[:visible.height(), :visible.width()]
        assert not wrong.any(), f"after {name}: {wrong.sum()} pixels differ, in {np.argwhere(wrong)[[0, -1]]}"


def columns_at_the_smallest_zoom(window, lengths: list[int], height: int):
    """A level whose columns are filled from the top, ``lengths`` cells each (so each column's
    clue is its one number), shown at the smallest zoom; returns the solution canvas."""
    solution = np.zeros((height, len(lengths)), dtype=bool)
    for column, length in enumerate(lengths):
        solution[:length, column] = True
    window.width_spin.setValue(solution.shape[1])
    window.height_spin.setValue(solution.shape[0])
    window.editor.set_cells("solution", solution, "columns")
    window.zoom.set_cell_size(MIN_CELL)
    canvas = window.solution_canvas
    assert canvas.clue_font().pixelSize() >= MIN_CLUE_PIXELS
    return canvas


def test_two_and_three_digit_column_clues_keep_apart_at_the_smallest_zoom(window, qtbot):
    """At 10 pixels per cell "26" is wider than its column: between each two neighbouring
    columns' numbers a column of pixels stays clear of text, and each number is there."""
    lengths = [26, 128, 26, 26, 19, 128, 100, 26, 26, 10] * 3
    canvas = columns_at_the_smallest_zoom(window, lengths, 128)
    image = pixels(canvas.grab().toImage())
    origin, size = canvas.grid_origin(), canvas.cell_size
    band = image[origin.y() - 4 - canvas._clue_step():origin.y() - 4]  # the one number of each column
    plain = [QColor(colour).rgb() for colour in (CLUE_BACKGROUND, CLUE_LINE_COLOUR, GRID_COLOUR)]
    ink = (~np.isin(band, np.array(plain, dtype=np.uint32))).any(axis=0)  # per pixel column: any text there
    for column in range(len(lengths)):
        left, middle = origin.x() + column * size, origin.x() + column * size + size // 2
        assert ink[left:left + size].any(), f"column {column + 1}'s clue is not drawn"
        if column + 1 < len(lengths):
            assert not ink[middle:middle + size].all(), (
                f"columns {column + 1} and {column + 2}: {lengths[column]} and {lengths[column + 1]} touch")


def test_two_digit_column_clues_at_the_smallest_zoom_are_as_bold_and_tall_as_one_digit_ones(window, qtbot):
    """At 10 pixels per cell "11" is wider than its column: its digits come a pixel closer
    rather than being squeezed thinner, so each is as dark and as tall as a lone "1"."""
    pairs = [(1, 11), (8, 88), (2, 22)]
    canvas = columns_at_the_smallest_zoom(window, [length for pair in pairs for length in pair], 100)
    grey = rgb_array(canvas.grab().toImage()).mean(axis=2)
    origin, size = canvas.grid_origin(), canvas.cell_size
    band = grey[origin.y() - 4 - canvas._clue_step():origin.y() - 4]  # the one number of each column

    def look(column: int) -> tuple[float, int, float]:
        """The number's darkest pixel, its height in pixels, and how many of its pixels are solid ink."""
        patch = band[:, origin.x() + column * size:origin.x() + (column + 1) * size]
        rows = np.flatnonzero((patch < 150).any(axis=1))
        return patch.min(), rows[-1] - rows[0] + 1, (patch < 120).sum()

    for index, (one, two) in enumerate(pairs):
        (dark_one, tall_one, solid_one), (dark_two, tall_two, solid_two) = look(2 * index), look(2 * index + 1)
        assert tall_two == tall_one, f"{two} is drawn smaller than {one}"
        assert dark_two <= dark_one + 12, f"{two} is drawn fainter than {one}"
        assert solid_two >= 1.8 * solid_one, f"{two} is drawn fainter than {one}"
