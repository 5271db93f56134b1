"""Colour clues on the solution grid of a colour level: each number on a swatch of its block's
colour, in black or white, whichever reads better on that colour (the higher contrast by
WCAG's relative luminance), with a thin grey edge so that a swatch of the clue area's own
colour still shows. Row clues run right to left from the grid, one swatch a cell wide; a
column's stack up from it, one swatch per clue step.
"""
from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from editor.core.colour_level import RgbClue

SWATCH_EDGE = QColor(150, 150, 150)
GAP = 1  # pixels between neighbouring swatches


def relative_luminance(rgb) -> float:
    """WCAG 2's relative luminance of an sRGB colour (0 black .. 1 white)."""
    def linear(value: int) -> float:
        value /= 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(int(v)) for v in rgb)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def number_colour(rgb) -> QColor:
    """Black or white, whichever contrasts more with ``rgb``."""
    luminance = relative_luminance(rgb)
    on_black = (luminance + 0.05) / 0.05
    on_white = 1.05 / (luminance + 0.05)
    return QColor(Qt.black) if on_black >= on_white else QColor(Qt.white)


def row_clue_width(clue: RgbClue, cell_size: int) -> int:
    return max(1, len(clue)) * cell_size


def paint_row_clue(canvas, painter: QPainter, right: float, top: float, cell_size: int, clue: RgbClue) -> None:
    """A row's swatches, the last one's right edge at ``right``."""
    font = canvas.clue_font()
    for index, (length, rgb) in enumerate(reversed(clue)):
        box = QRectF(right - (index + 1) * cell_size + GAP, top + GAP, cell_size - 2 * GAP, cell_size - 2 * GAP)
        _swatch(canvas, painter, font, box, str(length), rgb)


def paint_column_clue(canvas, painter: QPainter, left: float, bottom: float, cell_size: int, step: float,
                      clue: RgbClue) -> None:
    """A column's swatches, the last one's bottom edge at ``bottom``."""
    font = canvas.clue_font()
    for index, (length, rgb) in enumerate(reversed(clue)):
        box = QRectF(left + GAP, bottom - (index + 1) * step + GAP, cell_size - 2 * GAP, step - 2 * GAP)
        _swatch(canvas, painter, font, box, str(length), rgb)


def _swatch(canvas, painter: QPainter, font, box: QRectF, text: str, rgb) -> None:
    painter.setPen(QPen(SWATCH_EDGE, 1))
    painter.setBrush(QColor(*rgb))
    painter.drawRect(box)
    painter.setPen(number_colour(rgb))
    canvas._draw_text(painter, font, box.center().x(), box.center().y(), text, 0.5, max_width=box.width() - 2)
