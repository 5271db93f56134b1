"""Line labels on the solution grid: a short coloured text right of each row and below each
column (the solver dock's placement counts). The column labels are turned upright, read from
top to bottom, so that long ones never overlap; their font is never taller than a cell, so
that the row labels never overlap either.
"""
from __future__ import annotations

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QColor, QFont, QPainter

from nonogram_editor.core.grid_look import changed_entries
from nonogram_editor.ui.static_texts import StaticTexts

Label = tuple[str, QColor]


class LineLabels:
    """The labels of ``canvas`` (a SolutionCanvas): the room they take beside the grid, the
    repaint of those that change, and their painting (with the canvas's ``texts``)."""

    def __init__(self, canvas, texts: StaticTexts):
        self.canvas = canvas
        self.texts = texts
        self.rows: list[Label] | None = None
        self.columns: list[Label] | None = None

    def set(self, rows: list[Label] | None, columns: list[Label] | None) -> None:
        """Show ``rows`` and ``columns`` (None: none): the canvas makes room for them, or
        just the labels that changed are repainted."""
        canvas = self.canvas
        old_rows, old_columns = self.rows, self.columns
        self.rows, self.columns = rows, columns
        needed = canvas.sizeHint()
        if rows is None and columns is None:  # no labels: no room for them
            if canvas.make_room(grow_only=False):
                return
        elif needed.width() > canvas.width() or needed.height() > canvas.height():
            if canvas.make_room(grow_only=True):
                return
        # repaint just the labels that changed, right of and below the grid
        origin, size, grid = canvas.grid_origin(), canvas.cell_size, canvas.grid_rect()
        right, bottom = grid.right() + 1, grid.bottom() + 1
        for row in changed_entries(old_rows, rows):
            canvas.update(QRect(right, origin.y() + row * size, canvas.width() - right, size))
        for column in changed_entries(old_columns, columns):
            canvas.update(QRect(origin.x() + column * size, bottom, size, canvas.height() - bottom))

    def font(self) -> QFont:
        """The clues' font, but never taller than a cell, so rows never overlap."""
        canvas = self.canvas
        font = QFont(canvas.font())
        font.setPixelSize(max(6, min(canvas.cell_size - 2, canvas.clue_font().pixelSize())))
        return font

    def room(self) -> QSize:
        """The room the labels take right of the grid and below it (none without labels)."""
        font = self.font()
        width = self.texts.widest(font, (text for text, _ in self.rows or []))
        height = self.texts.widest(font, (text for text, _ in self.columns or []))
        return QSize(width + 8 if width else 0, height + 6 if height else 0)

    def paint(self, painter: QPainter, exposed: QRect) -> None:
        """The labels that the exposed area touches."""
        canvas = self.canvas
        origin, size, font = canvas.grid_origin(), canvas.cell_size, self.font()
        painter.setFont(font)
        right = origin.x() + canvas.document.width * size + 6
        bottom = origin.y() + canvas.document.height * size + 6
        rows, columns = canvas.exposed_cells(exposed)
        if exposed.right() >= right:
            for row in range(rows.start, min(rows.stop, len(self.rows or []))):
                text, colour = self.rows[row]
                painter.setPen(colour)
                self.texts.draw(painter, font, right, origin.y() + row * size + size / 2, text, 0)
        shown_columns = range(columns.start, min(columns.stop, len(self.columns or [])))
        for column in shown_columns if exposed.bottom() >= bottom else ():
            text, colour = self.columns[column]
            painter.setPen(colour)
            painter.save()  # upright text, read from top to bottom: one cell wide whatever its length
            painter.translate(origin.x() + (column + 1) * size, bottom)
            painter.rotate(90)
            self.texts.draw(painter, font, 0, size / 2, text, 0)
            painter.restore()
