"""The pyramid in 2-D (QPainter): the triangle of tiles of a solution, for the panel beside the 3-D view."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF

from nonogram_editor.plugin_api import PuzzleCanvas
from nonogram_editor_builtins.pyramid import scene
from nonogram_editor_builtins.pyramid.model import Puzzle

MARGIN = 24  # pixels around the drawn triangle


class TriangleCanvas(PuzzleCanvas):
    """The triangle of tiles in 2-D (the chosen solution): tiles with piece numbers, suit symbols and in/out arrows.

    An outward connector is a filled arrow crossing the side, an inward one a hollow arrow
    pointing into the tile: across a fitting side both arrows point the same way and
    have the suit's colour. Clicking a tile emits :attr:`pieceClicked`.
    """

    def __init__(self, puzzle: Puzzle, parent=None):
        super().__init__(parent)
        self.puzzle = puzzle
        self.setMinimumSize(240, 210)

    # -- geometry: board units (y up) to pixels
    def _scale(self) -> tuple[float, float, float]:
        rows = self.puzzle.rows
        width, height = rows, rows * scene.HEIGHT
        unit = min((self.width() - 2 * MARGIN) / width, (self.height() - 2 * MARGIN) / height)
        left = (self.width() - unit * width) / 2
        bottom = (self.height() + unit * height) / 2
        return unit, left, bottom

    def to_pixels(self, x: float, y: float) -> QPointF:
        unit, left, bottom = self._scale()
        return QPointF(left + unit * x, bottom - unit * y)

    def piece_at(self, point: QPointF) -> int | None:
        for position in range(len(self.puzzle.positions)):
            corners = [self.to_pixels(*c) for c in self.puzzle.corners(position)]
            if QPolygonF(corners).containsPoint(point, Qt.FillRule.OddEvenFill):
                return self.solution[position][0]
        return None

    # -- drawing
    def paintEvent(self, event):
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor(250, 250, 247))
        unit = self._scale()[0]
        for position in range(len(self.puzzle.positions)):
            self._draw_tile(painter, position, unit)
        painter.end()

    def _draw_tile(self, painter: QPainter, position: int, unit: float) -> None:
        corners = self.puzzle.corners(position)
        outline = QPolygonF([self.to_pixels(*c) for c in corners])
        cx, cy = self.puzzle.centroid(position)
        if self.solution is None:
            painter.setPen(QPen(QColor(160, 160, 160), 1, Qt.PenStyle.DashLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawPolygon(outline)
            return
        placement = self.solution[position]
        piece = placement[0]
        selected = piece == self.selected
        painter.setBrush(QColor(*scene.piece_color(piece, len(self.puzzle.pieces))))
        painter.setPen(QPen(QColor(20, 20, 20) if selected else QColor(90, 90, 90), 3 if selected else 1))
        painter.drawPolygon(outline)

        number_font = QFont(self.font())
        number_font.setPixelSize(max(8, round(unit * 0.17)))
        number_font.setBold(True)
        painter.setFont(number_font)
        painter.setPen(QColor(30, 30, 30))
        centre = self.to_pixels(cx, cy)
        box = QRectF(centre.x() - unit / 4, centre.y() - unit / 8, unit / 2, unit / 4)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, str(piece))

        suit_font = QFont(self.font())
        suit_font.setPixelSize(max(8, round(unit * 0.16)))
        for mark in scene.connector_marks(self.puzzle, placement, position):
            color = QColor(*scene.suit_color(self.puzzle, mark.suit))
            painter.setFont(suit_font)
            painter.setPen(color)
            at = self.to_pixels(*mark.symbol_at)
            painter.drawText(QRectF(at.x() - unit / 8, at.y() - unit / 8, unit / 4, unit / 4),
                             Qt.AlignmentFlag.AlignCenter, self.puzzle.suits[mark.suit].symbol)
            path = QPainterPath()
            path.addPolygon(QPolygonF([self.to_pixels(*point) for point in (*mark.arrow, mark.arrow[0])]))
            painter.setPen(QPen(color, 1.5))
            painter.setBrush(color if mark.outward else Qt.BrushStyle.NoBrush)
            painter.drawPath(path)
