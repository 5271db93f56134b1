"""The two paintable grids: the solution (with its clues) and the colour picture.

A canvas draws what the editor core holds and reports input in cell coordinates: a press
(with the button and whether Shift is held), every cell the pointer moves to while a
button is down, the release, arrow and editing keys, Ctrl+wheel and middle-button drags.
The window turns these into core calls; the core decides what they do.

Beside the cells a canvas draws the selection (dashed), the cell cursor (when it has the
keyboard focus), the symmetry guide lines, and bold lines every ``GUIDE_EVERY`` cells.

What is shown is worked out without Qt in :mod:`nonogram_editor.core.grid_look` (the clues, kept up
to date line by line; the cells' colours). Repainting costs what changed, not the grid: a
canvas keeps its cells as an image of one pixel per cell and what each cell looked like when
last drawn (:meth:`GridCanvas.cell_looks`); :meth:`GridCanvas.refresh_cells` repaints only
the cells whose look changed, and a paint
event draws each rectangle of its region, not their bounding box (which for a click's row
and column of clues would be the whole grid), each clipped to itself.
"""
from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPoint, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QImage, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QScrollArea, QSizePolicy, QWidget

from nonogram_editor.core import Editor, Layer, Symmetry
from nonogram_editor.core.colour_level import background, colour_codes, is_colour, rgb_line_clue
from nonogram_editor.core.grid_look import (
    DEFAULT_CELL,
    MAX_CELL,
    MIN_CELL,
    LineClues,
    cell_colours,
    cells_touched,
    picture_colours,
    rgb_words,
)
from nonogram_editor.core.history import changed_cells
from nonogram_editor.ui.colour_clues import paint_colour_clues, row_clue_width
from nonogram_editor.ui.line_labels import Label, LineLabels
from nonogram_editor.ui.static_texts import StaticTexts

MIN_CLUE_PIXELS = 8  # clue numbers never get smaller than this
GUIDE_EVERY = 5
GRID_COLOUR = QColor(170, 170, 170)
GUIDE_COLOUR = QColor(60, 60, 60)
SELECTION_COLOUR = QColor(0, 120, 215)
CURSOR_COLOUR = QColor(230, 120, 0)
SYMMETRY_COLOUR = QColor(200, 0, 160)
POINTED_COLOUR = QColor(0, 170, 190)
SOLUTION_DOT_COLOURS = (QColor(20, 20, 20), QColor(245, 245, 245))  # on light and on dark picture cells
CLUE_BACKGROUND = QColor(236, 238, 244)
CLUE_LINE_COLOUR = QColor(218, 221, 230)
MANY_CELLS = 64  # more changed cells than this repaint their bounding box, fewer one by one
MAX_PAINT_RECTS = 32  # a paint region of more rectangles than this is painted as its bounding box
ARROWS = {Qt.Key_Up: (-1, 0), Qt.Key_Down: (1, 0), Qt.Key_Left: (0, -1), Qt.Key_Right: (0, 1)}


def rgb_image(words: np.ndarray) -> QImage:
    """A QImage (one pixel per cell) owning a copy of an (h, w) array of ``rgb_words``."""
    words = np.ascontiguousarray(words, dtype=np.uint32)
    height, width = words.shape
    return QImage(words.data, width, height, 4 * width, QImage.Format_RGB32).copy()


class CanvasScroll(QScrollArea):
    """A canvas in a scroll area that the middle button drags and that zooms around the pointer."""

    def __init__(self, canvas: GridCanvas):
        super().__init__()
        self.setWidget(canvas)
        self.setAlignment(Qt.AlignCenter)
        canvas.pan.connect(self.pan)

    def pan(self, delta: QPoint) -> None:
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())

    def keep_in_place(self, point: QPoint, zoom) -> None:
        """Run ``zoom()`` (which changes the canvas's cell size) and scroll so that the grid
        point that was under ``point`` (canvas coordinates) stays under the pointer."""
        canvas = self.widget()
        old_origin, old_size = canvas.grid_origin(), canvas.cell_size
        zoom()
        target = canvas.grid_origin() + (point - old_origin) * (canvas.cell_size / old_size)
        self.pan(point - target)


class GridCanvas(QWidget):
    pressed = Signal(object, object, bool)  # (row, column), Qt.MouseButton, Shift held
    dragged = Signal(object, bool)          # (row, column) (maybe outside the grid), Shift held
    released = Signal()
    hovered = Signal(int, int)              # row, column; (-1, -1) when outside the grid
    arrow_key = Signal(int, int, bool)      # rows, columns, Shift held (paint while moving)
    cell_key = Signal(str)                  # "fill" (Space), "clear" (X), "delete" (Delete, Backspace)
    zoom_wheel = Signal(float, QPoint)      # wheel steps (+ zooms in), the pointer in widget coordinates
    pan = Signal(QPoint)                    # middle-button drag: how far the pointer moved

    def __init__(self, editor: Editor, layer: Layer, parent=None):
        super().__init__(parent)
        self.editor = editor
        self.layer = layer
        self.cell_size = DEFAULT_CELL
        self._button: Qt.MouseButton | None = None
        self._pan_from: QPoint | None = None
        self.pointed: tuple[int, int] | None = None  # the cell under the pointer on either grid
        self._looks: np.ndarray | None = None  # cell_looks() as last drawn
        self._image: QImage | None = None  # their colours, one pixel per cell
        self._marks_drawn: list[QRect] = []  # where the selection and the cell cursor were last drawn
        self._room_wanted: bool | None = None  # make_room's request held until the stroke ends (grow_only)
        self._origin = self.compute_origin()
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.StrongFocus)
        self.setSizePolicy(QSizePolicy.Fixed, QSizePolicy.Fixed)

    @property
    def document(self):
        return self.editor.document

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

    def size_at(self, cell_size: int) -> QSize:
        """The size the canvas would take at ``cell_size`` (for fitting it to a window)."""
        kept_size, kept_origin = self.cell_size, self._origin
        self.cell_size = cell_size
        self._origin = self.compute_origin()
        size = self.sizeHint()
        self.cell_size, self._origin = kept_size, kept_origin
        return size

    def refresh_geometry(self, grow_only: bool = False) -> None:
        """Lay the canvas out again and repaint it all. ``grow_only``: the margins and the room
        beside the grid only grow, so that the grid does not jump about (and the whole canvas
        is not repainted) at every click that lengthens or shortens the longest clue."""
        origin = self.compute_origin()
        if grow_only:  # growing, by two cells more than needed: the next longer clues fit too
            spare = 2 * self.cell_size
            grow = [old if new <= old else new + spare for new, old in ((origin.x(), self._origin.x()),
                                                                      (origin.y(), self._origin.y()))]
            origin = QPoint(*grow)
        self._origin = origin
        self.setFixedSize(self.sizeHint().expandedTo(self.size()) if grow_only else self.sizeHint())
        self.update()

    def make_room(self, grow_only: bool) -> bool:
        """What is drawn around the grid needs other room: lay the canvas out again now (True),
        or, while a mouse button is down, once it is released (False): a stroke lands where
        the pointer is only if the grid stays put beneath it (meanwhile the clues are drawn
        as far as they fit)."""
        if self._button is None:
            self.refresh_geometry(grow_only)
            return True
        self._room_wanted = grow_only and self._room_wanted is not False
        return False

    def set_cell_size(self, size: int) -> None:
        self.cell_size = max(MIN_CELL, min(MAX_CELL, size))
        self.refresh_geometry()

    def cell_at(self, point: QPoint) -> tuple[int, int]:
        """The cell under a widget position (it may lie outside the visible grid)."""
        origin = self.grid_origin()
        return ((point.y() - origin.y()) // self.cell_size, (point.x() - origin.x()) // self.cell_size)

    def cell_rect(self, row: int, column: int) -> QRect:
        origin = self.grid_origin()
        return QRect(origin.x() + column * self.cell_size, origin.y() + row * self.cell_size,
                     self.cell_size, self.cell_size)

    # -- mouse and keys
    def mousePressEvent(self, event):
        button, point = event.button(), event.position().toPoint()
        if button == Qt.MiddleButton:
            self._pan_from = event.globalPosition().toPoint()
            self.setCursor(Qt.ClosedHandCursor)
            return
        if self._button is not None or button not in (Qt.LeftButton, Qt.RightButton):
            return
        cell = self.cell_at(point)
        if not self.document.contains(*cell):
            return
        self._button = button
        self.pressed.emit(cell, button, bool(event.modifiers() & Qt.ShiftModifier))
        self.hovered.emit(*cell)  # the status bar shows the cell as it is after the click

    def mouseMoveEvent(self, event):
        if self._pan_from is not None:
            now = event.globalPosition().toPoint()
            self.pan.emit(now - self._pan_from)
            self._pan_from = now
            return
        cell = self.cell_at(event.position().toPoint())
        if self._button is not None:
            self.dragged.emit(cell, bool(event.modifiers() & Qt.ShiftModifier))
        self.hovered.emit(*(cell if self.document.contains(*cell) else (-1, -1)))

    def mouseReleaseEvent(self, event):
        if event.button() == Qt.MiddleButton and self._pan_from is not None:
            self._pan_from = None
            self.unsetCursor()
        elif event.button() == self._button:
            self._button = None
            self.released.emit()
            if self._room_wanted is not None:
                grow_only, self._room_wanted = self._room_wanted, None
                self.refresh_geometry(grow_only)

    def leaveEvent(self, event):
        self.hovered.emit(-1, -1)

    def wheelEvent(self, event):
        if event.modifiers() & Qt.ControlModifier:
            self.zoom_wheel.emit(event.angleDelta().y() / 120, event.position().toPoint())
            event.accept()
        else:
            event.ignore()  # the scroll area scrolls

    def keyPressEvent(self, event):
        key = event.key()
        if key in ARROWS and not event.modifiers() & (Qt.ControlModifier | Qt.AltModifier):
            self.arrow_key.emit(*ARROWS[key], bool(event.modifiers() & Qt.ShiftModifier))
        elif key == Qt.Key_Space:
            self.cell_key.emit("fill")
        elif key == Qt.Key_X and not event.modifiers() & Qt.ControlModifier:
            self.cell_key.emit("clear")
        elif key in (Qt.Key_Delete, Qt.Key_Backspace):
            self.cell_key.emit("delete")
        else:
            super().keyPressEvent(event)

    def focusInEvent(self, event):
        super().focusInEvent(event)
        self.update_marks()  # the cell cursor shows while the canvas has the focus

    def focusOutEvent(self, event):
        super().focusOutEvent(event)
        self.update_marks()

    # -- drawing
    def cell_colours(self) -> np.ndarray:
        """The cells' colours as (h, w) ``rgb_words``."""
        raise NotImplementedError

    def cell_looks(self) -> np.ndarray:
        """All a cell's appearance depends on, as an (h, w, n) uint32 array: its colour, then
        whatever is drawn over it (a cell is repainted when any of these change)."""
        return self.cell_colours()[:, :, None]

    def refresh_cells(self) -> None:
        """Bring the cell image up to date and repaint the cells that changed, only those."""
        looks = self.cell_looks()
        before, self._looks = self._looks, looks
        if before is not None and before.shape == looks.shape:
            changed = changed_cells(before, looks)
            if not changed.any():
                return
        else:
            changed = np.ones(looks.shape[:2], dtype=bool)
        self._image = rgb_image(looks[:, :, 0])
        self.update_cells(changed)

    def update_cells(self, cells: np.ndarray) -> None:
        """Schedule a repaint of the True cells of ``cells`` (height, width)."""
        rows, columns = np.nonzero(cells)
        if len(rows) > MANY_CELLS:
            self.update(self.cell_rect(rows.min(), columns.min()).united(self.cell_rect(rows.max(), columns.max())))
        else:
            for row, column in zip(rows.tolist(), columns.tolist()):
                self.update(self.cell_rect(row, column))

    def update_marks(self) -> None:
        """The selection or the cell cursor changed: repaint where they were and where they are."""
        for rect in self._marks_drawn + self._mark_rects():
            self.update(rect)

    def _mark_rects(self) -> list[QRect]:
        """The areas the selection's outline and the cell cursor cover."""
        editor, rects = self.editor, []
        if editor.selection is not None:
            selection = editor.selection
            outline = self.cell_rect(selection.top, selection.left).united(
                self.cell_rect(selection.bottom, selection.right)).adjusted(-2, -2, 2, 2)
            rects += [QRect(outline.left(), outline.top(), outline.width(), 5),
                      QRect(outline.left(), outline.bottom() - 4, outline.width(), 5),
                      QRect(outline.left(), outline.top(), 5, outline.height()),
                      QRect(outline.right() - 4, outline.top(), 5, outline.height())]
        if self.hasFocus() and self.document.contains(*editor.cursor):
            rects.append(self.cell_rect(*editor.cursor).adjusted(-2, -2, 2, 2))
        return rects

    def paintEvent(self, event):
        self.refresh_cells()  # what is drawn is the level as it is (the changed cells are scheduled too)
        self._marks_drawn = self._mark_rects()
        painter = QPainter(self)
        region = event.region()
        for exposed in (region if region.rectCount() <= MAX_PAINT_RECTS else [region.boundingRect()]):
            # each rectangle draws only itself: what one draws (margin backgrounds, a clue's
            # text) must not overwrite what another rectangle of the same region drew
            painter.setClipRect(exposed)
            self.paint_area(painter, exposed)

    def paint_area(self, painter: QPainter, exposed: QRect) -> None:
        """Everything that lies in ``exposed`` (the painter clips to it)."""
        painter.fillRect(exposed, self.palette().window())
        self.paint_margins(painter, exposed)
        rows, columns = self.exposed_cells(exposed.adjusted(-2, -2, 2, 2))  # a cell's border lines reach outside it
        if rows.start < rows.stop and columns.start < columns.stop:
            source = QRect(columns.start, rows.start, columns.stop - columns.start, rows.stop - rows.start)
            target = self.cell_rect(rows.start, columns.start).united(self.cell_rect(rows.stop - 1, columns.stop - 1))
            painter.drawImage(target, self._image, source)  # one pixel per cell, scaled without smoothing
            self.paint_grid_lines(painter, rows, columns)
        self.paint_marks(painter, exposed)

    def paint_margins(self, painter: QPainter, exposed: QRect) -> None:
        """What goes around the grid (the solution's clues)."""

    def paint_grid_lines(self, painter: QPainter, rows: slice, columns: slice) -> None:
        """The grid lines around the cells ``rows`` x ``columns``."""
        origin, size = self.grid_origin(), self.cell_size
        width, height = self.document.width, self.document.height
        left, right = origin.x() + columns.start * size, origin.x() + columns.stop * size
        top, bottom = origin.y() + rows.start * size, origin.y() + rows.stop * size
        for guides in (False, True):
            painter.setPen(QPen(GUIDE_COLOUR if guides else GRID_COLOUR, 2 if guides else 1))
            for column in range(columns.start, columns.stop + 1):
                if (column % GUIDE_EVERY == 0 or column == width) == guides:
                    x = origin.x() + column * size
                    painter.drawLine(x, top, x, bottom)
            for row in range(rows.start, rows.stop + 1):
                if (row % GUIDE_EVERY == 0 or row == height) == guides:
                    y = origin.y() + row * size
                    painter.drawLine(left, y, right, y)

    def set_pointed(self, cell: tuple[int, int] | None) -> None:
        """Outline ``cell``: the one under the pointer on this grid or the other, so that the
        solution cell and its picture cell are seen together."""
        if cell != self.pointed:
            for old_or_new in (self.pointed, cell):
                if old_or_new is not None:
                    self.update(self.cell_rect(*old_or_new).adjusted(-2, -2, 2, 2))
            self.pointed = cell

    def exposed_cells(self, exposed: QRect) -> tuple[slice, slice]:
        """The rows and columns of the grid that the widget area ``exposed`` touches."""
        origin, size = self.grid_origin(), self.cell_size
        return (cells_touched(exposed.top() - origin.y(), exposed.bottom() - origin.y(), size, self.document.height),
                cells_touched(exposed.left() - origin.x(), exposed.right() - origin.x(), size, self.document.width))

    def paint_marks(self, painter: QPainter, exposed: QRect) -> None:
        """The symmetry guides, the selection, the pointed cell and the cell cursor."""
        editor, origin, size = self.editor, self.grid_origin(), self.cell_size
        grid = QRect(origin.x(), origin.y(), self.document.width * size, self.document.height * size)
        painter.setBrush(Qt.NoBrush)
        if editor.symmetry != Symmetry.NONE:
            painter.setPen(QPen(SYMMETRY_COLOUR, 2, Qt.DashLine))
            centre_x, centre_y = grid.x() + grid.width() // 2, grid.y() + grid.height() // 2
            if editor.symmetry in (Symmetry.LEFT_RIGHT, Symmetry.BOTH):
                painter.drawLine(centre_x, grid.top(), centre_x, grid.bottom())
            if editor.symmetry in (Symmetry.TOP_BOTTOM, Symmetry.BOTH):
                painter.drawLine(grid.left(), centre_y, grid.right(), centre_y)
            if editor.symmetry == Symmetry.ROTATE_180:
                painter.drawEllipse(QPoint(centre_x, centre_y), 5, 5)
        if editor.selection is not None:
            rect = editor.selection
            painter.setPen(QPen(SELECTION_COLOUR, 2, Qt.DashLine))
            painter.drawRect(self.cell_rect(rect.top, rect.left).united(self.cell_rect(rect.bottom, rect.right)))
        if self.pointed is not None and self.document.contains(*self.pointed):
            painter.setPen(QPen(POINTED_COLOUR, 2))
            painter.drawRect(self.cell_rect(*self.pointed))
        if self.hasFocus() and self.document.contains(*editor.cursor):
            painter.setPen(QPen(CURSOR_COLOUR, 3))
            painter.drawRect(self.cell_rect(*editor.cursor).adjusted(1, 1, -1, -1))


class SolutionCanvas(GridCanvas):
    """The solution grid with the clues a player sees, overlays and line labels."""

    def __init__(self, editor: Editor, parent=None):
        self._clues = LineClues()
        self._rgb_clues: LineClues | None = None  # a colour level's clues, (length, RGB) blocks
        self._overlays: dict[str, tuple[np.ndarray, QColor]] = {}
        self._framed: dict[str, int] = {}  # the overlays drawn as frames, not tints: their rank
        self._texts = StaticTexts()
        self.line_labels = LineLabels(self, self._texts)
        super().__init__(editor, Layer.SOLUTION, parent)
        self.refresh_clues()

    # -- integration API for the solver panel
    def set_overlay(self, name: str, cells: np.ndarray | None, color: QColor, frame: int = 0) -> None:
        """Highlight the True cells of ``cells`` (height, width) translucently (``frame`` 0), or
        by a frame inside each cell (:func:`paint_frames`: it keeps the cell's own colour seen,
        and shows on every colour); None removes. Of the frames on a cell, the one of the
        highest ``frame`` is drawn."""
        self._framed.pop(name, None)
        if cells is None:
            self._overlays.pop(name, None)
        else:  # an overlay updated keeps its place among the others (their tints blend in that order)
            self._overlays[name] = (np.asarray(cells, dtype=bool).copy(), QColor(color))
            if frame:
                self._framed[name] = frame
        self.refresh_cells()

    def overlay_names(self) -> list[str]:
        return list(self._overlays)

    def set_line_labels(self, rows: list[Label] | None, columns: list[Label] | None) -> None:
        """A short coloured text right of each row and below each column (:mod:`nonogram_editor.ui.line_labels`;
        None: none)."""
        self.line_labels.set(rows, columns)

    # -- clues
    def refresh(self) -> None:
        """Bring the clues and the cells up to date with the level (repainting what changed)."""
        self.refresh_clues()
        self.refresh_cells()

    def refresh_clues(self) -> None:
        """Bring the clues up to date with the drawing: only the lines that changed since the
        last call are recomputed and repainted, so a click costs two clues, not all. A colour
        level's clues come from its picture, in colour (:mod:`nonogram_editor.ui.colour_clues`)."""
        if is_colour(self.document):
            if self._rgb_clues is None:
                self._rgb_clues = LineClues(rgb_line_clue, row_text=None)
            changed = self._rgb_clues.update(colour_codes(self.document.visible_picture(), background(self.document)))
        else:
            if self._rgb_clues is not None:  # the level became two-colour: every clue anew
                self._rgb_clues, self._clues = None, LineClues()
            changed = self._clues.update(self.document.solution[:self.document.height, :self.document.width])
        if changed is None:  # a new size or kind: every clue
            self.refresh_geometry()
            return
        rows, columns = changed
        if not rows.size:
            return
        # the margins do not shrink while drawing: only the changed clues can outgrow them
        if self._row_clue_width(rows) > self._origin.x() or self._column_clue_height(columns) > self._origin.y():
            if self.make_room(grow_only=True):
                return
        origin, size = self._origin, self.cell_size
        for row in rows:
            self.update(QRect(0, origin.y() + row * size, origin.x(), size))
        for column in columns:  # its numbers, and the lines either side of them
            self.update(QRect(origin.x() + column * size - 2, 0, size + 4, origin.y()))

    def row_clues(self) -> list[list[int]]:
        return [list(c) for c in self._clues.rows]

    def column_clues(self) -> list[list[int]]:
        return [list(c) for c in self._clues.columns]

    def clue_font(self) -> QFont:
        font = QFont(self.font())
        font.setPixelSize(max(MIN_CLUE_PIXELS, int(self.cell_size * 0.55)))
        return font

    def _clue_step(self) -> int:
        """The height of one number of a column clue."""
        return QFontMetrics(self.clue_font()).height()

    def _row_clue_width(self, rows=None) -> int:
        """The room the row clues need (those of ``rows`` only, if given)."""
        if self._rgb_clues is not None:
            chosen = self._rgb_clues.rows if rows is None else [self._rgb_clues.rows[row] for row in rows]
            return max((row_clue_width(clue, self.cell_size) for clue in chosen), default=self.cell_size) + 12
        texts = self._clues.row_texts if rows is None else [self._clues.row_texts[row] for row in rows]
        return max(self._texts.widest(self.clue_font(), texts), self.cell_size) + 12

    def _column_clue_height(self, columns=None) -> int:
        """The room the column clues need (those of ``columns`` only, if given)."""
        clues = self._clues.columns if self._rgb_clues is None else self._rgb_clues.columns
        chosen = clues if columns is None else [clues[column] for column in columns]
        longest = max((len(clue) for clue in chosen), default=0)
        return max(1, longest) * self._clue_step() + 8

    def compute_origin(self) -> QPoint:
        return QPoint(self._row_clue_width(), self._column_clue_height())

    def extra_size(self) -> QSize:
        return QSize(8, 8) + self.line_labels.room()

    def filled_cells(self) -> np.ndarray:
        """Which cells are drawn filled (height, width): the visible solution."""
        return self.document.solution[:self.document.height, :self.document.width]

    def cell_colours(self) -> np.ndarray:
        """Filled or empty (a colour level: its picture), each overlay blended over in turn."""
        if self._rgb_clues is not None:
            return picture_colours(self.document.visible_picture(), self.overlay_tints())
        return cell_colours(self.filled_cells(), self.overlay_tints())

    def overlay_tints(self) -> list:
        """The tint overlays as ``(cells, (r, g, b), alpha)``, alpha None where the colour is opaque."""
        return [(cells, (colour.red(), colour.green(), colour.blue()), colour.alphaF() if colour.alpha() < 255
                 else None)
                for name, (cells, colour) in self._overlays.items() if name not in self._framed]

    def cell_looks(self) -> np.ndarray:
        """The colour, then the frame drawn on the cell (1 + its index in the overlays, or 0)."""
        height, width = self.document.height, self.document.width
        frames = np.zeros((height, width), dtype=np.uint32)
        names = list(self._overlays)
        for name in sorted(self._framed, key=self._framed.get):  # the highest rank drawn last, over the others
            part = self._overlays[name][0][:height, :width]
            frames[:part.shape[0], :part.shape[1]][part] = names.index(name) + 1
        return np.concatenate([super().cell_looks(), frames[:, :, None]], axis=2)

    def paint_marks(self, painter: QPainter, exposed: QRect) -> None:
        if self._looks is not None and self._framed:  # (painting refreshed _looks first)
            rows, columns = self.exposed_cells(exposed)
            shown = self._looks[rows, columns, 1]
            colours = [colour for _, colour in self._overlays.values()]
            for index in np.unique(shown[shown > 0]).tolist():
                cells = [self.cell_rect(rows.start + row, columns.start + column)
                         for row, column in zip(*np.nonzero(shown == index))]
                paint_frames(painter, cells, colours[index - 1], self.cell_size)
        super().paint_marks(painter, exposed)


    def paint_margins(self, painter: QPainter, exposed: QRect) -> None:
        origin, size = self.grid_origin(), self.cell_size
        height, width = self.document.height, self.document.width
        painter.fillRect(QRect(0, origin.y(), origin.x(), height * size), CLUE_BACKGROUND)
        painter.fillRect(QRect(origin.x(), 0, width * size, origin.y()), CLUE_BACKGROUND)
        self._paint_clues(painter, origin, exposed)
        self.line_labels.paint(painter, exposed)

    def _paint_clues(self, painter: QPainter, origin: QPoint, exposed: QRect) -> None:
        """The clues of the rows and columns that the exposed area touches, between the grid
        lines carried on into the clue areas."""
        size = self.cell_size
        rows, columns = self.exposed_cells(exposed.adjusted(-2, -2, 2, 2))
        # only the clue areas the exposed area reaches: left of the grid, and above it
        rows = range(rows.start, rows.stop) if exposed.left() < origin.x() else range(0)
        columns = range(columns.start, columns.stop) if exposed.top() < origin.y() else range(0)
        for guides in (False, True):
            painter.setPen(QPen(GRID_COLOUR if guides else CLUE_LINE_COLOUR, 1))
            for row in range(rows.start, rows.stop + 1) if rows else ():
                if (row % GUIDE_EVERY == 0) == guides:
                    painter.drawLine(0, origin.y() + row * size, origin.x(), origin.y() + row * size)
            for column in range(columns.start, columns.stop + 1) if columns else ():
                if (column % GUIDE_EVERY == 0) == guides:
                    painter.drawLine(origin.x() + column * size, 0, origin.x() + column * size, origin.y())
        font = self.clue_font()
        painter.setFont(font)
        if self._rgb_clues is not None:
            paint_colour_clues(painter, self._texts, font, origin, size, self._clue_step(), rows, columns,
                               self._rgb_clues)
            return
        painter.setPen(Qt.black)
        texts = self._clues.row_texts if rows else []
        for row in range(rows.start, min(rows.stop, len(texts))):
            self._texts.draw(painter, font, origin.x() - 6, origin.y() + row * size + size / 2, texts[row], 1)
        step = self._clue_step()
        for column in range(columns.start, min(columns.stop, len(self._clues.columns))):
            numbers = [str(n) for n in self._clues.columns[column]] or ["0"]
            bottom = origin.y() - 4
            for index, number in enumerate(reversed(numbers)):
                self._texts.draw(painter, font, origin.x() + column * size + size / 2, bottom - (index + 0.5) * step,
                                number, 0.5, max_width=size - 1)  # clear of the next column's numbers


def paint_frames(painter: QPainter, cells: list[QRect], colour: QColor, cell_size: int) -> None:
    """A frame inside each of ``cells``, clear of the grid lines: a black ring, a ring of
    ``colour`` (opaque) and a white ring, so that it shows on any colour (black on light ones,
    white on dark ones) and the cell's own colour stays in the middle."""
    band = max(1, cell_size // 10)
    rings = ((0, 1, QColor(0, 0, 0)), (1, band, QColor(colour.red(), colour.green(), colour.blue())),
             (1 + band, 1, QColor(255, 255, 255)))
    for inset, width, ring_colour in rings:
        path = QPainterPath()
        path.setFillRule(Qt.OddEvenFill)
        for cell in cells:
            outer = cell.adjusted(2 + inset, 2 + inset, -1 - inset, -1 - inset)
            path.addRect(QRectF(outer))
            path.addRect(QRectF(outer.adjusted(width, width, -width, -width)))
        painter.fillPath(path, ring_colour)


class PictureCanvas(GridCanvas):
    """The colour picture the player wins, painted with the palette's current colour; a dot
    marks each cell the solution fills (``show_solution``), to paint the two in line."""

    def __init__(self, editor: Editor, parent=None):
        super().__init__(editor, Layer.PICTURE, parent)
        self.show_solution = True

    def set_show_solution(self, show: bool) -> None:
        self.show_solution = show
        self.refresh_cells()

    def cell_looks(self) -> np.ndarray:
        """The colour, then whether the cell has a solution dot."""
        dots = self.document.solution[:self.document.height, :self.document.width] & self.show_solution
        return np.stack([self.cell_colours(), dots.astype(np.uint32)], axis=2)

    def paint_marks(self, painter: QPainter, exposed: QRect) -> None:
        if self.show_solution and self.cell_size >= 8:
            rows, columns = self.exposed_cells(exposed)
            filled = self.document.solution[rows, columns]
            dark = self.document.picture[rows, columns].astype(np.int32).sum(axis=2) < 3 * 110
            dot = max(2, self.cell_size // 6)
            offset = (self.cell_size - dot) // 2
            origin = self.grid_origin()
            painter.setPen(Qt.NoPen)
            for on_dark, colour in zip((False, True), SOLUTION_DOT_COLOURS):
                painter.setBrush(colour)
                painter.drawRects([QRect(origin.x() + (columns.start + column) * self.cell_size + offset,
                                         origin.y() + (rows.start + row) * self.cell_size + offset, dot, dot)
                                   for row, column in zip(*np.nonzero(filled & (dark == on_dark)))])
        super().paint_marks(painter, exposed)

    def cell_colours(self) -> np.ndarray:
        return rgb_words(self.document.picture[:self.document.height, :self.document.width])
