"""The booklet: its pages rendered by poppler (pdftoppm) and read back at the layout's places,
its text (pdftotext) in play order, puzzles first and solutions at the back."""
from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage

from nonogram_editor.level.clues import clues
from nonogram_editor.level.colour import ColourPuzzle
from nonogram_editor.level.non_format import NonPuzzle
from nonogram_editor.publish.booklet import page_slots, sheet_clues, solution_of, write_booklet
from nonogram_editor.publish.sheets import SheetLayout

PAGE = (2480, 3508)  # the writer's A4 page at 300 dpi: the units the booklet is drawn in


def _two_colour(title: str, grid, with_goal: bool = True) -> NonPuzzle:
    rows, columns = clues(grid)
    return NonPuzzle(grid.shape[1], grid.shape[0], rows, columns, grid if with_goal else None, title)


GRIDS = {"Specks": [[1, 1, 0, 1, 0], [0, 0, 0, 0, 0], [1, 1, 1, 1, 1], [1, 0, 1, 0, 1]],
         "Stairs": [[1, 0, 0, 0], [1, 1, 0, 0], [1, 1, 1, 0], [1, 1, 1, 1]],
         "Bar": [[0, 0, 0], [1, 1, 1], [0, 0, 0]],
         "Ring": [[1, 1, 1], [1, 0, 1], [1, 1, 1]]}
GRIDS = {title: np.array(grid, dtype=bool) for title, grid in GRIDS.items()}
SPECKS, BAR, RING = (_two_colour(title, GRIDS[title]) for title in ("Specks", "Bar", "Ring"))
STAIRS = _two_colour("Stairs", GRIDS["Stairs"], with_goal=False)  # the booklet solves it
PALETTE = [(255, 255, 255), (250, 215, 50), (40, 40, 160)]
FLAG = ColourPuzzle.of_grid(np.array([[1, 1, 0, 2], [0, 2, 2, 0], [1, 0, 0, 1]]), PALETTE, "Flag")
PACK = [SPECKS, STAIRS, FLAG, BAR, RING]
BROKEN = NonPuzzle(2, 2, [[2], [2]], [[1], [1]], title="Broken")  # no picture fits


def _pages(path, tmp_path) -> list[QImage]:
    subprocess.run(["pdftoppm", "-r", "100", "-png", str(path), str(tmp_path / "page")], check=True)
    return [QImage(str(page)) for page in sorted(tmp_path.glob("page-*.png"))]


def _text(path, page: int) -> str:
    return subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), str(path), "-"],
                          check=True, capture_output=True, text=True).stdout


def _sheet(per_page: int, slot: int, puzzle, scale: float):
    """The layout of the sheet in ``slot`` of a page, and a function placing its rects on the image."""
    box = page_slots(per_page, *PAGE)[slot]
    rows, columns = sheet_clues(puzzle)
    layout = SheetLayout.for_clues(rows, columns, box.width(), box.height())

    def placed(rect: QRectF) -> QRectF:
        return QRectF((rect.x() + box.x()) * scale, (rect.y() + box.y()) * scale, rect.width() * scale,
                      rect.height() * scale)
    return layout, placed


def _ink(image: QImage, rect: QRectF) -> int:
    """Pixels that are not paper inside ``rect`` (shrunk so the grid lines around it stay out):
    a number's ink, or a colour clue's swatch."""
    inset = rect.adjusted(rect.width() * 0.2, rect.height() * 0.2, -rect.width() * 0.2, -rect.height() * 0.2)
    return sum(image.pixelColor(x, y).lightness() < 200
               for y in range(int(inset.top()), int(inset.bottom()))
               for x in range(int(inset.left()), int(inset.right())))


def _assert_clues_printed(image: QImage, layout: SheetLayout, placed, rows, columns) -> None:
    assert _ink(image, placed(layout.title_rect())) > 20
    for row, clue in enumerate(rows):
        for slot in range(layout.row_clue_cells):
            assert (_ink(image, placed(layout.row_clue_cell(row, slot))) > 2) == (slot < max(1, len(clue))), (row, slot)
    for column, clue in enumerate(columns):
        for slot in range(layout.column_clue_cells):
            assert (_ink(image, placed(layout.column_clue_cell(column, slot))) > 2) == (slot < max(1, len(clue)))


def _assert_grid(image: QImage, layout: SheetLayout, placed, expected) -> None:
    """Each cell's centre shows ``expected[row, column]`` (RGB), within a little antialiasing."""
    for (row, column), _ in np.ndenumerate(expected[..., 0]):
        centre = placed(layout.grid_cell(row, column)).center()
        pixel = image.pixelColor(int(centre.x()), int(centre.y()))
        difference = np.subtract((pixel.red(), pixel.green(), pixel.blue()), expected[row, column])
        assert np.abs(difference).max() < 12, (row, column)


def test_two_to_a_page_with_a_title_page_and_the_solutions_at_the_back(qapp, tmp_path):
    path = tmp_path / "pack.pdf"
    write_booklet(path, PACK, per_page=2, title="Small pack")
    pages = _pages(path, tmp_path)
    assert len(pages) == 1 + 3 + 3  # the title page, five puzzles two to a page, then their solutions
    contents = _text(path, 1)
    assert "Small pack" in contents
    assert "5 puzzles" in contents
    assert [contents.index(f"{n}. {p.title}") for n, p in enumerate(PACK, 1)] == sorted(
        contents.index(f"{n}. {p.title}") for n, p in enumerate(PACK, 1))
    scale = pages[0].width() / PAGE[0]
    white, black = np.array(PALETTE[0]), np.zeros(3)
    for number, puzzle in enumerate(PACK):
        page, slot = divmod(number, 2)
        puzzle_page, solution_page = pages[1 + page], pages[4 + page]
        assert f"{number + 1}. {puzzle.title}" in _text(path, 2 + page)
        assert f"Solution {number + 1}. {puzzle.title}" in _text(path, 5 + page)
        layout, placed = _sheet(2, slot, puzzle, scale)
        rows, columns = sheet_clues(puzzle)
        for image in (puzzle_page, solution_page):
            _assert_clues_printed(image, layout, placed, rows, columns)
        empty = np.broadcast_to(white, (puzzle.height, puzzle.width, 3))
        _assert_grid(puzzle_page, layout, placed, empty)
        if isinstance(puzzle, ColourPuzzle):
            solution = np.asarray(PALETTE)[puzzle.goal]
        else:  # Stairs has no goal: its clues give the solution
            solution = np.where(GRIDS[puzzle.title][..., None], black, white)
        _assert_grid(solution_page, layout, placed, solution)


def test_one_to_a_page_without_a_title(qapp, tmp_path):
    path = tmp_path / "pack.pdf"
    write_booklet(path, [SPECKS, FLAG], per_page=1)
    pages = _pages(path, tmp_path)
    assert len(pages) == 4
    assert "1. Specks" in _text(path, 1)
    assert "Solution 2. Flag" in _text(path, 4)
    layout, placed = _sheet(1, 0, FLAG, pages[1].width() / PAGE[0])
    rows, columns = sheet_clues(FLAG)
    _assert_clues_printed(pages[1], layout, placed, rows, columns)
    for slot, colour in enumerate((PALETTE[2], PALETTE[1])):  # row 1's blocks, last first: each on its colour
        rect = placed(layout.row_clue_cell(0, slot))
        swatch = pages[1].pixelColor(int(rect.x() + rect.width() * 0.15), int(rect.y() + rect.height() * 0.15))
        assert (swatch.red(), swatch.green(), swatch.blue()) == colour


def test_slots_and_solutions():
    assert [(r.x(), r.y(), r.width(), r.height()) for r in page_slots(4, 200, 300)] == [
        (0, 0, 100, 150), (100, 0, 100, 150), (0, 150, 100, 150), (100, 150, 100, 150)]
    assert [(r.y(), r.height()) for r in page_slots(2, 200, 300)] == [(0, 150), (150, 150)]
    assert len(page_slots(6, 200, 300)) == 6
    assert len(page_slots(3, 200, 300)) == 3
    assert np.array_equal(solution_of(STAIRS), GRIDS["Stairs"])
    assert solution_of(BROKEN) is None


def test_a_script_without_a_qt_application_or_a_display_writes_one_quietly(tmp_path):
    code = ("import sys, numpy as np\n"
            "from nonogram_editor.level.non_format import NonPuzzle\n"
            "from nonogram_editor.publish.booklet import write_booklet\n"
            "write_booklet(sys.argv[1], [NonPuzzle(2, 2, [[1], [1]], [[1], [1]], np.eye(2, dtype=bool), 'Dots')])\n")
    environment = {key: value for key, value in os.environ.items() if key not in ("DISPLAY", "QT_QPA_PLATFORM")}
    result = subprocess.run([sys.executable, "-c", code, str(tmp_path / "dots.pdf")], env=environment,
                            capture_output=True, text=True)
    assert (result.returncode, result.stderr) == (0, "")
    assert "1. Dots" in _text(tmp_path / "dots.pdf", 1)
    assert "Solution 1. Dots" in _text(tmp_path / "dots.pdf", 2)


def test_bad_options_and_targets_say_what_is_wrong(qapp, tmp_path):
    with pytest.raises(ValueError, match="1 to 16 puzzles, not 0"):
        write_booklet(tmp_path / "pack.pdf", PACK, per_page=0)
    with pytest.raises(ValueError, match="at least one puzzle"):
        write_booklet(tmp_path / "pack.pdf", [])
    with pytest.raises(OSError, match="missing.*No such file or directory"):
        write_booklet(tmp_path / "missing" / "pack.pdf", PACK)
    assert list(tmp_path.iterdir()) == []
    write_booklet(tmp_path / "broken.pdf", [BROKEN])  # printed, and its solution page says so
    assert "1. Broken" in _text(tmp_path / "broken.pdf", 1)
    assert "1. Broken: no solution" in _text(tmp_path / "broken.pdf", 2)
