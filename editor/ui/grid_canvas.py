"""The two paintable grids: the solution (with its clues) and the colour picture.

A canvas draws what the document holds and reports the pointer in cell coordinates: a
press starts a stroke, every cell the pointer passes while dragging is reported (the
cells between two mouse positions are filled in with Bresenham's line, so a fast drag
leaves no gaps), a release ends it. The window decides what a stroke does.
"""
from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QImage, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from editor.level.clues import clues, line_clues
from editor.level.document import LevelDocument

MIN_CELL, MAX_CELL, DEFAULT_CELL = 6, 64, 24
GUIDE_EVERY = 5
GRID_COLOUR = QColor(170, 170, 170)
GUIDE_COLOUR = QColor(60, 60, 60)
FILLED_RGBA = np.array([30, 30, 40, 255], dtype=np.uint8)
EMPTY_RGBA = np.array([255, 255, 255, 255], dtype=np.uint8)
OVERLAY_ALPHA = 0.45  # for overlay colours given fully opaque
CLUE_BACKGROUND = QColor(236, 238, 244)


def rgba_image(cells: np.ndarray) -> QImage:
    """A QImage (one pixel per cell) owning a copy of an (h, w, 4) uint8 RGBA array."""
    cells = np.ascontiguousarray(cells)
    height, width = cells.shape[:2]
    return QImage(cells.data, width, height, 4 * width, QImage.Format_RGBA8888).copy()


def bresenham(start: tuple[int, int], end: tuple[int, int]) -> list[tuple[int, int]]:
    """Every cell on the line from ``start`` to ``end`` (both included), 8-connected."""
    (r0, c0), (r1, c1) = start, end
    dr, dc = abs(r1 - r0), -abs(c1 - c0)
    step_r, step_c = (1 if r1 >= r0 else -1), (1 if c1 >= c0 else -1)
    error = dr + dc
    cells = []
    while True:
        cells.append((r0, c0))
        if (r0, c0) == (r1, c1):
            return cells
        doubled = 2 * error
        if doubled >= dc:
            error += dc
            r0 += step_r
        if doubled <= dr:
            error += dr
            c0 += step_c


class GridCanvas(QWidget):
    stroke_started = Signal(object)      # Qt.MouseButton
    stroke_cells = Signal(object)        # list[(row, column)] inside the visible grid, in order
    stroke_finished = Signal()
    hovered = Signal(int, int)           # row, column; (-1, -1) when outside the grid

    def __init__(self, document: LevelDocument, parent=None):
        super().__init__(parent)
        self.document = document
        self.cell_size = DEFAULT_CELL
        self._stroke_button: Qt.MouseButton | None = None
        self._last_cell: tuple[int, int] | None = None
        self._origin = self.compute_origin()
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Fixed, QSizePolicy.Fixed)
        self.setAttribute(Qt.WA_OpaquePaintEvent, False)

    # -- geometry
    def compute_origin(self) -> QPoint:
        """Where the grid's top-left corner goes (recomputed when the layout changes)."""
        return QPoint(4, 4)

    def grid_origin(self) -> QPoint:
        return self._origin

    def grid_rect(self) -> QRect:
        origin = self.grid_origin()
        return QRect(origin, QSize(self.document.width * self.cell_size + 1, self.document.height * self.cell_size + 1))

    def extra_size(self) -> QSize:
        return QSize(8, 8)

    def sizeHint(self) -> QSize:
        grid = self.grid_rect()
        return QSize(grid.right() + 1, grid.bottom() + 1) + self.extra_size()

    def refresh_geometry(self) -> None:
        self._origin = self.compute_origin()
        self.setFixedSize(self.sizeHint())
        self.update()

    def set_document(self, document: LevelDocument) -> None:
        self.document = document
        self.refresh_geometry()

    def set_cell_size(self, size: int) -> None:
        self.cell_size = max(MIN_CELL, min(MAX_CELL, size))
        self.refresh_geometry()

    def cell_at(self, point: QPoint) -> tuple[int, int]:
        """The cell under a widget position (it may lie outside the visible grid)."""
        origin = self.grid_origin()
        return (int(np.floor((point.y() - origin.y()) / self.cell_size)),
                int(np.floor((point.x() - origin.x()) / self.cell_size)))

    def cell_rect(self, row: int, column: int) -> QRect:
        origin = self.grid_origin()
        return QRect(origin.x() + column * self.cell_size, origin.y() + row * self.cell_size,
                     self.cell_size, self.cell_size)

    # -- mouse
    def mousePressEvent(self, event):
        button = event.button()
        if self._stroke_button is not None or button not in (Qt.LeftButton, Qt.RightButton):
            return
        cell = self.cell_at(event.position().toPoint())
        if not self.document.contains(*cell):
            return
        self._stroke_button = button
        self._last_cell = cell
        self.stroke_started.emit(button)
        self.stroke_cells.emit([cell])

    def mouseMoveEvent(self, event):
        cell = self.cell_at(event.position().toPoint())
        self.hovered.emit(*(cell if self.document.contains(*cell) else (-1, -1)))
        if self._stroke_button is None or cell == self._last_cell:
            return
        passed = [c for c in bresenham(self._last_cell, cell)[1:] if self.document.contains(*c)]
        self._last_cell = cell
        if passed:
            self.stroke_cells.emit(passed)

    def mouseReleaseEvent(self, event):
        if event.button() == self._stroke_button:
            self._stroke_button = None
            self._last_cell = None
            self.stroke_finished.emit()

    def leaveEvent(self, event):
        self.hovered.emit(-1, -1)

    # -- drawing
    def paint_grid_lines(self, painter: QPainter) -> None:
        origin, size = self.grid_origin(), self.cell_size
        width, height = self.document.width, self.document.height
        right, bottom = origin.x() + width * size, origin.y() + height * size
        for guides in (False, True):
            painter.setPen(QPen(GUIDE_COLOUR if guides else GRID_COLOUR, 2 if guides else 1))
            for column in range(width + 1):
                if (column % GUIDE_EVERY == 0 or column == width) == guides:
                    x = origin.x() + column * size
                    painter.drawLine(x, origin.y(), x, bottom)
            for row in range(height + 1):
                if (row % GUIDE_EVERY == 0 or row == height) == guides:
                    y = origin.y() + row * size
                    painter.drawLine(origin.x(), y, right, y)


class SolutionCanvas(GridCanvas):
    """The solution grid with the clues a player sees, overlays and line labels."""

    def __init__(self, document: LevelDocument, parent=None):
        self._row_clues: list[list[int]] = []
        self._column_clues: list[list[int]] = []
        self._clued: np.ndarray | None = None  # the visible solution the clues were computed from
        self._clue_fonts: dict[int, QFont] = {}  # by cell size
        self._overlays: dict[str, tuple[np.ndarray, QColor]] = {}
        self._row_labels: list[tuple[str, QColor]] | None = None
        self._column_labels: list[tuple[str, QColor]] | None = None
        super().__init__(document, parent)
        self.refresh_clues()

    # -- integration API for the solver panel
    def set_overlay(self, name: str, cells: np.ndarray | None, color: QColor) -> None:
        """Highlight the True cells of ``cells`` (height, width) translucently; None removes."""
        if cells is None:
            self._overlays.pop(name, None)
        else:
            self._overlays[name] = (np.asarray(cells, dtype=bool).copy(), QColor(color))
        self.update(self.grid_rect())

    def overlay_names(self) -> list[str]:
        return list(self._overlays)

    def set_line_labels(self, rows: list[tuple[str, QColor]] | None,
                        columns: list[tuple[str, QColor]] | None) -> None:
        """A short coloured text right of each row and below each column (None: none)."""
        room = self.extra_size()
        self._row_labels, self._column_labels = rows, columns
        if self.extra_size() != room:
            self.refresh_geometry()
            return
        grid = self.grid_rect()  # the same room: repaint just the labels, right of and below the grid
        self.update(QRect(grid.right() + 1, grid.top(), self.width() - grid.right() - 1, grid.height()))
        self.update(QRect(grid.left(), grid.bottom() + 1, grid.width(), self.height() - grid.bottom() - 1))

    # -- clues
    def refresh_clues(self) -> None:
        """Bring the clues up to date with the document: only the lines that changed since
        the last call are recomputed and repainted, so a click costs two lines, not the grid."""
        visible = self.document.solution[:self.document.height, :self.document.width]
        if self._clued is None or self._clued.shape != visible.shape:
            self._row_clues, self._column_clues = clues(visible)
            self._clued = visible.copy()
            self.refresh_geometry()
            return
        changed = self._clued != visible
        rows, columns = np.flatnonzero(changed.any(axis=1)), np.flatnonzero(changed.any(axis=0))
        if not rows.size:
            return
        for row in rows:
            self._row_clues[row] = line_clues(visible[row])
        for column in columns:
            self._column_clues[column] = line_clues(visible[:, column])
        self._clued[changed] = visible[changed]
        if self.compute_origin() != self._origin:  # a clue grew or shrank the margins
            self.refresh_geometry()
            return
        origin, size = self._origin, self.cell_size
        for row in rows:
            self.update(QRect(0, origin.y() + row * size, origin.x() + self.document.width * size, size))
        for column in columns:
            self.update(QRect(origin.x() + column * size, 0, size, origin.y() + self.document.height * size))

    def row_clues(self) -> list[list[int]]:
        return [list(c) for c in self._row_clues]

    def column_clues(self) -> list[list[int]]:
        return [list(c) for c in self._column_clues]

    def _clue_font(self) -> QFont:
        font = self._clue_fonts.get(self.cell_size)
        if font is None:
            font = self._clue_fonts[self.cell_size] = QFont(self.font())
            font.setPixelSize(max(6, int(self.cell_size * 0.5)))
        return font

    def _row_clue_width(self) -> int:
        metrics = QFontMetrics(self._clue_font())
        widest = max((sum(metrics.horizontalAdvance(str(n)) + self.cell_size // 3 for n in clue)
                      for clue in self._row_clues), default=0)
        return max(widest, self.cell_size) + 8

    def _column_clue_height(self) -> int:
        longest = max((len(clue) for clue in self._column_clues), default=0)
        return max(1, longest) * max(8, int(self.cell_size * 0.7)) + 8

    def compute_origin(self) -> QPoint:
        return QPoint(self._row_clue_width(), self._column_clue_height())

    def extra_size(self) -> QSize:
        metrics = QFontMetrics(self._clue_font())
        label_width = max((metrics.horizontalAdvance(text) for text, _ in self._row_labels or []), default=0)
        label_height = metrics.height() + 6 if self._column_labels else 0
        return QSize(8 + (label_width + 8 if label_width else 0), 8 + label_height)

    def paintEvent(self, event):
        painter = QPainter(self)
        document, size = self.document, self.cell_size
        origin = self.grid_origin()
        height, width = document.height, document.width
        painter.fillRect(self.rect(), self.palette().window())
        painter.fillRect(QRect(0, origin.y(), origin.x(), height * size), CLUE_BACKGROUND)
        painter.fillRect(QRect(origin.x(), 0, width * size, origin.y()), CLUE_BACKGROUND)
        target = QRect(origin.x(), origin.y(), width * size, height * size)
        visible = document.solution[:height, :width]
        cells = np.where(visible[:, :, None], FILLED_RGBA, EMPTY_RGBA).astype(np.uint8)
        for overlay, colour in self._overlays.values():
            shown = np.zeros((height, width), dtype=bool)
            rows, columns = min(height, overlay.shape[0]), min(width, overlay.shape[1])
            shown[:rows, :columns] = overlay[:rows, :columns]
            alpha = colour.alphaF() if colour.alpha() < 255 else OVERLAY_ALPHA
            tint = np.array([colour.red(), colour.green(), colour.blue(), 255], dtype=np.float64)
            cells[shown] = np.round(cells[shown] * (1 - alpha) + tint * alpha).astype(np.uint8)
        painter.drawImage(target, rgba_image(cells))  # one pixel per cell, scaled without smoothing
        self.paint_grid_lines(painter)
        self._paint_clues(painter, origin, event.rect())
        self._paint_labels(painter, origin, event.rect())

    def _paint_clues(self, painter: QPainter, origin: QPoint, exposed: QRect) -> None:
        """The clues of the rows and columns that the exposed area touches."""
        size = self.cell_size
        painter.setFont(self._clue_font())
        painter.setPen(Qt.black)
        first_row = max(0, (exposed.top() - origin.y()) // size)
        last_row = min(len(self._row_clues), (exposed.bottom() - origin.y()) // size + 1)
        for row in range(first_row, last_row):
            text = "  ".join(str(n) for n in self._row_clues[row]) or "0"
            rect = QRect(0, origin.y() + row * size, origin.x() - 6, size)
            painter.drawText(rect, Qt.AlignRight | Qt.AlignVCenter, text)
        step = max(8, int(size * 0.7))
        first_column = max(0, (exposed.left() - origin.x()) // size)
        last_column = min(len(self._column_clues), (exposed.right() - origin.x()) // size + 1)
        for column in range(first_column, last_column):
            clue = self._column_clues[column]
            numbers = [str(n) for n in clue] or ["0"]
            bottom = origin.y() - 4
            for index, number in enumerate(reversed(numbers)):
                rect = QRect(origin.x() + column * size, bottom - (index + 1) * step, size, step)
                painter.drawText(rect, Qt.AlignCenter, number)

    def _paint_labels(self, painter: QPainter, origin: QPoint, exposed: QRect) -> None:
        """The line labels that the exposed area touches."""
        size = self.cell_size
        right = origin.x() + self.document.width * size + 6
        bottom = origin.y() + self.document.height * size + 3
        height = self.height() - bottom
        for row, (text, colour) in enumerate((self._row_labels or [])[:self.document.height]):
            rect = QRect(right, origin.y() + row * size, self.width() - right, size)
            if rect.intersects(exposed):
                painter.setPen(colour)
                painter.drawText(rect, Qt.AlignLeft | Qt.AlignVCenter, text)
        for column, (text, colour) in enumerate((self._column_labels or [])[:self.document.width]):
            rect = QRect(origin.x() + column * size, bottom, size, height)
            if rect.intersects(exposed):
                painter.setPen(colour)
                painter.drawText(rect, Qt.AlignHCenter | Qt.AlignTop, text)


class PictureCanvas(GridCanvas):
    """The colour picture the player wins, painted with the palette's current colour."""

    def paintEvent(self, event):
        painter = QPainter(self)
        document = self.document
        painter.fillRect(self.rect(), self.palette().window())
        picture = document.picture[:document.height, :document.width]
        cells = np.concatenate([picture, np.full((*picture.shape[:2], 1), 255, dtype=np.uint8)], axis=2)
        origin = self.grid_origin()
        target = QRect(origin.x(), origin.y(), document.width * self.cell_size, document.height * self.cell_size)
        painter.drawImage(target, rgba_image(cells))  # one pixel per cell, scaled without smoothing
        self.paint_grid_lines(painter)
