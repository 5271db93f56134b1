"""Colour clues on the solution grid of a colour level: each number on a swatch of its block's
colour, in black or white, whichever reads better on that colour (the higher contrast by
WCAG's relative luminance), with a thin grey edge so that a swatch of the clue area's own
colour still shows. Row clues run right to left from the grid, one swatch a cell wide; a
column's stack up from it, one swatch per clue step.
"""
from __future__ import annotations

from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from nonogram_editor.core.colour_level import RgbClue
from nonogram_editor.core.grid_look import LineClues
from nonogram_editor.qt.contrast import number_colour
from nonogram_editor.ui.static_texts import StaticTexts

SWATCH_EDGE = QColor(150, 150, 150)
GAP = 1  # pixels between neighbouring swatches


def row_clue_width(clue: RgbClue, cell_size: int) -> int:
    return max(1, len(clue)) * cell_size


def paint_colour_clues(painter: QPainter, texts: StaticTexts, font: QFont, origin: QPoint, size: int, step: float,
                       rows: range, columns: range, clues: LineClues) -> None:
    """The clues of ``rows`` and ``columns`` beside a grid whose top left is ``origin`` (cells
    ``size`` pixels, column numbers ``step`` apart): each number on a swatch of its colour,
    "0" for an empty line."""
    for row in range(rows.start, min(rows.stop, len(clues.rows))):
        if clues.rows[row]:
            right, top = origin.x() - 6, origin.y() + row * size
            for index, (length, rgb) in enumerate(reversed(clues.rows[row])):
                box = QRectF(right - (index + 1) * size + GAP, top + GAP, size - 2 * GAP, size - 2 * GAP)
                _swatch(painter, texts, font, box, str(length), rgb)
        else:
            painter.setPen(Qt.black)
            texts.draw(painter, font, origin.x() - 6, origin.y() + row * size + size / 2, "0", 1)
    for column in range(columns.start, min(columns.stop, len(clues.columns))):
        if clues.columns[column]:
            left, bottom = origin.x() + column * size, origin.y() - 4
            for index, (length, rgb) in enumerate(reversed(clues.columns[column])):
                box = QRectF(left + GAP, bottom - (index + 1) * step + GAP, size - 2 * GAP, step - 2 * GAP)
                _swatch(painter, texts, font, box, str(length), rgb)
        else:
            painter.setPen(Qt.black)
            texts.draw(painter, font, origin.x() + column * size + size / 2, origin.y() - 4 - step / 2, "0", 0.5)


def _swatch(painter: QPainter, texts: StaticTexts, font: QFont, box: QRectF, text: str, rgb) -> None:
    painter.setPen(QPen(SWATCH_EDGE, 1))
    painter.setBrush(QColor(*rgb))
    painter.drawRect(box)
    painter.setPen(number_colour(rgb))
    texts.draw(painter, font, box.center().x(), box.center().y(), text, 0.5, max_width=box.width() - 2)
