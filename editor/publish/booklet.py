"""A printable booklet of a pack: one PDF, the puzzles in play order, the solutions at the back.

    write_booklet("autumn.pdf", puzzles, per_page=4, title="Autumn")

Each puzzle is the puzzle sheet of ``nonogram_editor.publish.sheets`` (numbered "3. Cat"), drawn
``per_page`` to an A4 page in a grid of slots (:func:`page_slots`), each slot a page of its
own to the sheet's layout. Then the solution sheets, in the same order and layout, each
starting a new page. With a ``title`` the booklet opens with a title page naming its puzzles.
A puzzle's solution is its goal picture when that fits its clues, else the one its clues give
(a puzzle without a solution gets an empty grid, marked so).
"""
from __future__ import annotations

import math
import os
from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import QBuffer, QCoreApplication, QIODevice, QRectF, Qt
from PySide6.QtGui import QFont, QGuiApplication, QPainter

from nonogram_editor.infra.safe_write import write_file_named
from nonogram_editor.infra.tasks import Task
from nonogram_editor.infra.wording import Wording
from nonogram_editor.level.colour import ColourPuzzle
from nonogram_editor.level.puzzle_formats import Puzzle
from nonogram_editor.nonogram.clue_solve import solve_clues, solve_colour_clues
from nonogram_editor.publish.sheets import A4_MM, MARGIN_MM, SheetLayout, paint_sheet, pdf_writer

MAX_PER_PAGE = 16
CONTENTS_PER_COLUMN = 40


class Booklet(Wording):
    """The booklet's own words."""


_application: QGuiApplication | None = None


def _ensure_gui() -> None:
    """Text needs fonts, and fonts a QGuiApplication: without one (the command line) make one
    on the offscreen platform, which needs no display."""
    global _application
    if QCoreApplication.instance() is None:
        _application = QGuiApplication(["nonogram-editor", "-platform", "offscreen"])


def page_slots(per_page: int, page_width: float, page_height: float) -> list[QRectF]:
    """Where the sheets of one page go: ``per_page`` slots, in reading order, in a grid of
    ``floor(sqrt(per_page))`` columns (1: the page; 2: top and bottom half; 4: quarters; ...)."""
    if not 1 <= per_page <= MAX_PER_PAGE:
        raise ValueError(f"a booklet page holds 1 to {MAX_PER_PAGE} puzzles, not {per_page}")
    columns = math.isqrt(per_page)
    rows = math.ceil(per_page / columns)
    width, height = page_width / columns, page_height / rows
    return [QRectF(column * width, row * height, width, height)
            for row in range(rows) for column in range(columns)][:per_page]


def sheet_clues(puzzle: Puzzle) -> tuple[list, list]:
    """The clues as a sheet prints them: numbers, or a colour puzzle's ``(length, (r, g, b))``."""
    if isinstance(puzzle, ColourPuzzle):
        palette = puzzle.palette
        return ([[(length, palette[colour]) for length, colour in clue] for clue in puzzle.rows],
                [[(length, palette[colour]) for length, colour in clue] for clue in puzzle.columns])
    return puzzle.row_clues, puzzle.column_clues


def solution_of(puzzle: Puzzle, task: Task | None = None) -> np.ndarray | None:
    """The solution a sheet prints: bool (height, width), or a colour puzzle's picture (uint8
    (height, width, 3)); its goal when that fits the clues, else the first its clues give
    (None: they give none)."""
    if isinstance(puzzle, ColourPuzzle):
        grid = puzzle.goal if puzzle.goal_fits() else next(iter(solve_colour_clues(
            puzzle.rows, puzzle.columns, len(puzzle.palette), task=task).solutions), None)
        return None if grid is None else np.asarray(puzzle.palette, dtype=np.uint8)[np.asarray(grid, dtype=np.intp)]
    if puzzle.goal is not None and puzzle.goal_fits():
        return np.asarray(puzzle.goal, dtype=bool)
    solutions = solve_clues(puzzle.row_clues, puzzle.column_clues, task=task).solutions
    return np.asarray(solutions[0], dtype=bool) if solutions else None


def _name(number: int, puzzle: Puzzle) -> str:
    return f"{number}. {puzzle.title or Booklet.tr('Puzzle {0}').format(number)}"


def _paint_title_page(painter: QPainter, width: float, height: float, title: str, puzzles: Sequence[Puzzle]) -> None:
    """The title, the number of puzzles and their list (in columns of up to 40)."""
    margin = width * MARGIN_MM / A4_MM[0]
    painter.fillRect(QRectF(0, 0, width, height), Qt.white)
    painter.setPen(Qt.black)
    font = QFont("DejaVu Sans")
    font.setBold(True)
    font.setPixelSize(round(height * 0.04))
    painter.setFont(font)
    painter.drawText(QRectF(margin, height * 0.12, width - 2 * margin, height * 0.1),
                     Qt.AlignHCenter | Qt.AlignTop | Qt.TextWordWrap, title)
    font.setBold(False)
    font.setPixelSize(round(height * 0.018))
    painter.setFont(font)
    painter.drawText(QRectF(margin, height * 0.24, width - 2 * margin, height * 0.04), Qt.AlignHCenter,
                     Booklet.tr("%n puzzle(s)", "", len(puzzles)))
    columns = max(1, math.ceil(len(puzzles) / CONTENTS_PER_COLUMN))
    per_column = math.ceil(len(puzzles) / columns) if puzzles else 1
    top, bottom = height * 0.3, height - margin
    line = min(height * 0.025, (bottom - top) / per_column)
    font.setPixelSize(max(1, round(line * 0.7)))
    painter.setFont(font)
    column_width = (width - 2 * margin) / columns
    for index, puzzle in enumerate(puzzles):
        column, row = divmod(index, per_column)
        rect = QRectF(margin + column * column_width, top + row * line, column_width - line, line)
        painter.drawText(rect, Qt.AlignLeft | Qt.AlignVCenter, _name(index + 1, puzzle))
        painter.drawText(rect, Qt.AlignRight | Qt.AlignVCenter, f"{puzzle.width}\u00d7{puzzle.height}")


def write_booklet(path: str | os.PathLike, puzzles: Sequence[Puzzle], per_page: int = 1, title: str = "",
                  task: Task | None = None) -> None:
    """Write the booklet of ``puzzles`` (in this order) as a PDF, ``per_page`` sheets to a page
    (1 to 16), with a title page when ``title`` is given; replaces the file as a whole
    (``nonogram_editor.infra.safe_write``). ``task`` is handed to the solver for a puzzle without a
    goal that fits. ValueError for a bad ``per_page`` or no puzzles, OSError naming the file."""
    if not puzzles:
        raise ValueError(f"{path}: a booklet needs at least one puzzle")
    _ensure_gui()
    buffer = QBuffer()
    buffer.open(QIODevice.WriteOnly)
    writer = pdf_writer(buffer, title or Booklet.tr("Nonograms"))
    page = writer.pageLayout().paintRectPixels(writer.resolution())
    slots = page_slots(per_page, page.width(), page.height())
    solutions = [solution_of(puzzle, task) for puzzle in puzzles]
    sheets = [(_name(number, puzzle), puzzle, None) for number, puzzle in enumerate(puzzles, start=1)]
    answers = [(Booklet.tr("Solution {0}").format(_name(number, puzzle)) if solution is not None
                else Booklet.tr("{0}: no solution").format(_name(number, puzzle)), puzzle, solution)
               for number, (puzzle, solution) in enumerate(zip(puzzles, solutions), start=1)]
    pages = [part[start:start + per_page] for part in (sheets, answers) for start in range(0, len(part), per_page)]
    painter = QPainter(writer)
    try:
        if title:
            _paint_title_page(painter, page.width(), page.height(), title, puzzles)
        for index, sheets_of_page in enumerate(pages):
            if index or title:
                writer.newPage()
            for slot, (name, puzzle, solution) in zip(slots, sheets_of_page):
                rows, columns = sheet_clues(puzzle)
                painter.save()
                painter.translate(slot.topLeft())
                paint_sheet(painter, SheetLayout.for_clues(rows, columns, slot.width(), slot.height()),
                            rows, columns, name, solution)
                painter.restore()
    finally:
        painter.end()
    del writer  # the PDF is complete when the writer goes
    buffer.close()
    write_file_named(path, bytes(buffer.data()))
