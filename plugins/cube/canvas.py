"""A China Cube garden in 2-D (QPainter), for the panel beside the 3-D view: one grid per layer."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from nonogram_editor.plugin_api import PuzzleCanvas
from nonogram_editor_builtins.cube import scene
from nonogram_editor_builtins.cube.model import DIRECTIONS, Garden

MARGIN = 12  # pixels around the drawn layers


class GardenCanvas(PuzzleCanvas):
    """A garden drawn flat: one grid per layer (bottom layer first), north up. Each piece
    is a square in its connector colour with a stub towards each blue side (axis
    colours as in 3-D); a dot marks a blue top face, a ring a blue bottom face. Clicking
    a piece emits :attr:`pieceClicked`."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setMinimumSize(240, 160)

    @property
    def garden(self) -> Garden | None:
        return self.solution

    def piece_at(self, point: QPointF) -> int | None:
        return next((piece for position, piece in self.garden.placements
                     if self.cell_rect(position).contains(point)), None)

    def flat_layout(self) -> scene.FlatLayout:
        return scene.FlatLayout.fit(self.garden.bounds(), self.width() - 2 * MARGIN, self.height() - 2 * MARGIN)

    def cell_rect(self, position, layout: scene.FlatLayout | None = None) -> QRectF:
        layout = layout or self.flat_layout()
        left, top = layout.corner(position)
        return QRectF(MARGIN + left, MARGIN + top, layout.unit, layout.unit)

    def paintEvent(self, event):
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor(250, 250, 247))
        if self.garden is None:
            painter.setPen(QColor(120, 120, 120))
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self.tr("No garden yet"))
            painter.end()
            return
        layout = self.flat_layout()
        unit = layout.unit
        font = QFont(self.font())
        font.setPixelSize(max(7, round(unit * 0.28)))
        font.setBold(True)
        painter.setFont(font)
        for position, piece in self.garden.placements:
            self._draw_piece(painter, self.cell_rect(position, layout), piece, unit)
        (x0, y0, z0), (nx, ny, nz) = self.garden.bounds()
        if nz > 1:  # name each layer above its top-left corner
            painter.setPen(QColor(90, 90, 90))
            for z in range(z0, z0 + nz):
                corner = self.cell_rect((x0, y0 + ny - 1, z), layout).topLeft()
                painter.drawText(QPointF(corner.x(), corner.y() - 3), self.tr("layer {0}").format(z - z0))
        painter.end()

    def _draw_piece(self, painter: QPainter, rect: QRectF, piece: int, unit: float) -> None:
        centre = rect.center()
        inner = rect.adjusted(unit * 0.18, unit * 0.18, -unit * 0.18, -unit * 0.18)
        for face in range(4):
            if piece >> face & 1:
                dx, dy, _ = DIRECTIONS[face]
                painter.setPen(QPen(QColor(*scene.AXIS_COLORS[scene.FACE_AXIS[face]]), max(2.0, unit * 0.12)))
                painter.drawLine(centre, QPointF(centre.x() + dx * unit / 2, centre.y() - dy * unit / 2))
        selected = piece == self.selected
        painter.setPen(QPen(QColor(255, 200, 0) if selected else QColor(40, 40, 40), 3 if selected else 1))
        painter.setBrush(QColor(*scene.piece_color(piece)))
        painter.drawRect(inner)
        if piece & 16:
            painter.setBrush(QColor(*scene.AXIS_COLORS[2]))
            painter.drawEllipse(QPointF(inner.right() - unit * 0.1, inner.top() + unit * 0.1), unit * 0.07, unit * 0.07)
        if piece & 32:
            painter.setPen(QPen(QColor(*scene.AXIS_COLORS[2]), max(1.5, unit * 0.04)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(inner.left() + unit * 0.1, inner.bottom() - unit * 0.1), unit * 0.07,
                                unit * 0.07)
        if unit >= 18:  # numbers only where they can be read
            painter.setPen(QColor(255, 255, 255))
            painter.drawText(inner, Qt.AlignmentFlag.AlignCenter, str(piece))
