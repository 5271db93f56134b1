"""Printable sheets: the puzzle as the player gets it (empty grid and clues) and the solution.

    write_sheet("cat.pdf", rows, columns, title="Cat")                  # puzzle sheet
    write_sheet("cat-solution.svg", rows, columns, title="Cat", solution=grid)
    write_sheet("rose.pdf", rgb_rows, rgb_columns, solution=picture)   # a colour level: (length, RGB) clues

A colour level's clues are ``(length, (r, g, b))`` pairs, each number printed on a swatch of
its colour, and its solution sheet fills every cell with the picture's colour.

The format follows the suffix: ``.png`` (A4 at 150 dpi), ``.svg`` (A4 in millimetres) or
``.pdf`` (A4, Qt's own PDF writer). Each page has the title on top and the grid as large as
fits within 15 mm margins (cells at most 10 mm), with every fifth grid line bold. Drawing
is plain QPainter work on the page; :class:`SheetLayout` says where everything goes
(the tests read the pixels at those places).
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PySide6.QtCore import QBuffer, QIODevice, QMarginsF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter, QPen
from PySide6.QtSvg import QSvgGenerator

from nonogram_editor.infra.safe_write import write_file_named
from nonogram_editor.qt.contrast import number_colour

A4_MM = (210.0, 297.0)
MARGIN_MM = 15.0
MAX_CELL_MM = 10.0
TITLE_CELLS = 2.5  # the title's band, in cells
PNG_DPI = 150
SUFFIXES = (".png", ".svg", ".pdf")


@dataclass(frozen=True)
class SheetLayout:
    """Where a sheet's parts go on a page of ``page_width`` x ``page_height`` units."""

    page_width: float
    page_height: float
    rows: int
    columns: int
    row_clue_cells: int  # columns of clue numbers left of the grid
    column_clue_cells: int  # rows of clue numbers above the grid

    @classmethod
    def for_clues(cls, row_clues, column_clues, page_width: float, page_height: float) -> SheetLayout:
        return cls(page_width, page_height, len(row_clues), len(column_clues),
                   max(1, max(map(len, row_clues), default=1)), max(1, max(map(len, column_clues), default=1)))

    @property
    def cell(self) -> float:
        """The side of a cell, in page units."""
        margin = self.page_width * MARGIN_MM / A4_MM[0]
        across = self.row_clue_cells + self.columns
        down = TITLE_CELLS + self.column_clue_cells + self.rows
        largest = self.page_width * MAX_CELL_MM / A4_MM[0]
        return min(largest, (self.page_width - 2 * margin) / across, (self.page_height - 2 * margin) / down)

    @property
    def origin(self) -> tuple[float, float]:
        """The top-left corner of the block (title, clues and grid), centred across the page."""
        cell = self.cell
        across = (self.row_clue_cells + self.columns) * cell
        return (self.page_width - across) / 2, self.page_height * MARGIN_MM / A4_MM[1]

    def title_rect(self) -> QRectF:
        x, y = self.origin
        return QRectF(x, y, (self.row_clue_cells + self.columns) * self.cell, TITLE_CELLS * self.cell)

    def grid_cell(self, row: int, column: int) -> QRectF:
        x, y = self.origin
        cell = self.cell
        return QRectF(x + (self.row_clue_cells + column) * cell,
                      y + (TITLE_CELLS + self.column_clue_cells + row) * cell, cell, cell)

    def row_clue_cell(self, row: int, slot: int) -> QRectF:
        """Slot 0 is the clue number next to the grid, 1 the one before it, ..."""
        grid = self.grid_cell(row, 0)
        return QRectF(grid.x() - (slot + 1) * self.cell, grid.y(), self.cell, self.cell)

    def column_clue_cell(self, column: int, slot: int) -> QRectF:
        """Slot 0 is the clue number just above the grid, 1 the one above it, ..."""
        grid = self.grid_cell(0, column)
        return QRectF(grid.x(), grid.y() - (slot + 1) * self.cell, self.cell, self.cell)


def paint_sheet(painter: QPainter, layout: SheetLayout, row_clues, column_clues, title: str,
                solution: np.ndarray | None = None) -> None:
    """Paint the sheet on ``painter`` (white page, black ink)."""
    cell = layout.cell
    painter.fillRect(QRectF(0, 0, layout.page_width, layout.page_height), Qt.white)
    painter.setRenderHint(QPainter.Antialiasing, True)
    painter.setRenderHint(QPainter.TextAntialiasing, True)
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(1, round(cell * 0.6)))
    title_font = QFont(font)
    title_font.setPixelSize(max(1, round(cell * 1.2)))
    title_font.setBold(True)
    painter.setPen(Qt.black)
    painter.setFont(title_font)
    painter.drawText(layout.title_rect(), Qt.AlignHCenter | Qt.AlignTop, title)

    painter.setFont(font)
    for row, clue in enumerate(row_clues):
        for slot, number in enumerate(reversed(list(clue) or [0])):
            _clue_number(painter, layout.row_clue_cell(row, slot), number)
    for column, clue in enumerate(column_clues):
        for slot, number in enumerate(reversed(list(clue) or [0])):
            _clue_number(painter, layout.column_clue_cell(column, slot), number)

    if solution is not None and np.ndim(solution) == 3:  # a colour level's picture, every cell its colour
        for (row, column), _ in np.ndenumerate(solution[..., 0]):
            painter.fillRect(layout.grid_cell(row, column), QColor(*(int(v) for v in solution[row, column])))
    elif solution is not None:
        for row, column in zip(*np.nonzero(np.asarray(solution, dtype=bool))):
            painter.fillRect(layout.grid_cell(int(row), int(column)), Qt.black)

    top_left = layout.grid_cell(0, 0).topLeft()
    bottom_right = layout.grid_cell(layout.rows - 1, layout.columns - 1).bottomRight()
    thin, bold = QPen(QColor(90, 90, 90), cell * 0.03), QPen(Qt.black, cell * 0.09)
    for row in range(layout.rows + 1):
        y = top_left.y() + row * cell
        painter.setPen(bold if row % 5 == 0 or row == layout.rows else thin)
        painter.drawLine(top_left.x(), y, bottom_right.x(), y)
    for column in range(layout.columns + 1):
        x = top_left.x() + column * cell
        painter.setPen(bold if column % 5 == 0 or column == layout.columns else thin)
        painter.drawLine(x, top_left.y(), x, bottom_right.y())


def _clue_number(painter: QPainter, rect: QRectF, number) -> None:
    """A clue number: black, or for a colour clue ``(length, (r, g, b))`` on a swatch of its
    colour, in black or white, whichever reads better on it."""
    if isinstance(number, tuple):
        length, rgb = number
        inset = rect.width() * 0.06
        painter.fillRect(rect.adjusted(inset, inset, -inset, -inset), QColor(*rgb))
        painter.setPen(number_colour(rgb))
        painter.drawText(rect, Qt.AlignCenter, str(length))
        painter.setPen(Qt.black)
        return
    painter.drawText(rect, Qt.AlignCenter, str(number))


def sheet_image(row_clues, column_clues, title: str, solution: np.ndarray | None = None,
                dpi: int = PNG_DPI) -> tuple[QImage, SheetLayout]:
    """The sheet as an A4 image at ``dpi``, and its layout in pixels."""
    size = QSize(round(A4_MM[0] / 25.4 * dpi), round(A4_MM[1] / 25.4 * dpi))
    image = QImage(size, QImage.Format_RGB32)
    dots_per_metre = round(dpi / 0.0254)
    image.setDotsPerMeterX(dots_per_metre)
    image.setDotsPerMeterY(dots_per_metre)
    layout = SheetLayout.for_clues(row_clues, column_clues, size.width(), size.height())
    painter = QPainter(image)
    try:
        paint_sheet(painter, layout, row_clues, column_clues, title, solution)
    finally:
        painter.end()
    return image, layout


def write_sheet(path: str | os.PathLike, row_clues, column_clues, title: str = "",
                solution: np.ndarray | None = None) -> None:
    """Write the puzzle sheet (or, with ``solution``, the solution sheet); the suffix picks the format.

    The sheet is drawn in memory, then replaces the file as a whole (``nonogram_editor.infra.safe_write``).
    Raises OSError naming the file when it cannot be written, ValueError for an unknown suffix.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise ValueError(f"{path}: a sheet is written as .png, .svg or .pdf, not {suffix or 'without a suffix'}")
    buffer = QBuffer()
    buffer.open(QIODevice.WriteOnly)
    if suffix == ".png":
        image, _ = sheet_image(row_clues, column_clues, title, solution)
        image.save(buffer, "PNG")
    else:
        device = _vector_device(buffer, suffix, title)
        painter = QPainter(device)
        try:
            if suffix == ".pdf":
                rect = device.pageLayout().paintRectPixels(device.resolution())
                width, height = rect.width(), rect.height()
            else:
                width, height = device.viewBoxF().width(), device.viewBoxF().height()
            paint_sheet(painter, SheetLayout.for_clues(row_clues, column_clues, width, height),
                        row_clues, column_clues, title, solution)
        finally:
            painter.end()
        del device  # the PDF writer finishes the file when it goes
    buffer.close()
    write_file_named(path, bytes(buffer.data()))


def pdf_writer(buffer: QBuffer, title: str) -> QPdfWriter:
    """A PDF writer of A4 pages without margins at 300 dpi, into ``buffer`` (the file is
    complete when the writer goes)."""
    writer = QPdfWriter(buffer)
    writer.setResolution(300)
    writer.setTitle(title)
    writer.setCreator("Nonogram Editor")
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.A4), QPageLayout.Portrait, QMarginsF(0, 0, 0, 0)))
    return writer


def _vector_device(buffer: QBuffer, suffix: str, title: str):
    if suffix == ".pdf":
        return pdf_writer(buffer, title)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setTitle(title)
    generator.setResolution(90)
    width, height = (round(mm / 25.4 * 90) for mm in A4_MM)
    generator.setSize(QSize(width, height))
    generator.setViewBox(QRectF(0, 0, width, height))
    return generator
