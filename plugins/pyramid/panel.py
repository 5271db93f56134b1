"""The pyramid panel (on the shared :class:`~editor.plugin_api.PuzzlePanel`): count in the background, browse meanwhile.

The counting runs in ``plugins.pyramid.solver``; solutions are read from the
:class:`~plugins.pyramid.store.SolutionStore` it fills, drawn in 2-D here (QPainter) and
in 3-D from ``plugins.pyramid.scene``.
"""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QHBoxLayout, QWidget

from editor.plugin_api import PuzzleCanvas, PuzzlePanel
from plugins.pyramid import scene
from plugins.pyramid.model import SIDES, Puzzle, Solution, load_puzzle
from plugins.pyramid.store import SolutionStore

MARGIN = 24  # pixels around the drawn triangle


class _Counting:
    """What one count keeps between its runs: the store and the resumable filling of it."""

    def __init__(self, puzzle: Puzzle):
        self.store = SolutionStore(puzzle)
        self.filling = None  # created in the background: importing the solver loads numba

    def run(self, task, jobs: int):
        from plugins.pyramid import solver

        if self.filling is None:
            self.filling = solver.Filling(self.store, solver.build_tables(self.store.puzzle))
        return self.filling.run(task, jobs)


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

    def position_at(self, point: QPointF) -> int | None:
        for position in range(len(self.puzzle.positions)):
            corners = [self.to_pixels(*c) for c in self.puzzle.corners(position)]
            if QPolygonF(corners).containsPoint(point, Qt.FillRule.OddEvenFill):
                return position
        return None

    def mousePressEvent(self, event):
        position = self.position_at(event.position())
        if self.solution is not None and position is not None and event.button() == Qt.MouseButton.LeftButton:
            self.pieceClicked.emit(self.solution[position][0])
        super().mousePressEvent(event)

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
        for side in range(SIDES):
            connector = self.puzzle.connector_on_side(placement, side)
            color = QColor(*scene.suit_color(self.puzzle, connector.suit))
            (x0, y0), (x1, y1) = corners[side], corners[(side + 1) % SIDES]
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            # the suit symbol, between the side's midpoint and the centre
            sx, sy = mx + 0.38 * (cx - mx), my + 0.38 * (cy - my)
            painter.setFont(suit_font)
            painter.setPen(color)
            at = self.to_pixels(sx, sy)
            painter.drawText(QRectF(at.x() - unit / 8, at.y() - unit / 8, unit / 4, unit / 4),
                             Qt.AlignmentFlag.AlignCenter, self.puzzle.suits[connector.suit].symbol)
            # the in/out arrow on the side
            length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
            nx, ny = (y1 - y0) / length, (x0 - x1) / length  # points into the tile (corners are clockwise)
            tx, ty = (x1 - x0) / length, (y1 - y0) / length
            reach = 0.12 if connector.outward else -0.12  # outward: the tip lies outside the tile
            tip = self.to_pixels(mx - reach * nx, my - reach * ny)
            base = -0.04 if connector.outward else 0.0
            b0 = self.to_pixels(mx + 0.075 * tx - base * nx, my + 0.075 * ty - base * ny)
            b1 = self.to_pixels(mx - 0.075 * tx - base * nx, my - 0.075 * ty - base * ny)
            path = QPainterPath()
            path.addPolygon(QPolygonF([b0, tip, b1, b0]))
            painter.setPen(QPen(color, 1.5))
            painter.setBrush(color if connector.outward else Qt.BrushStyle.NoBrush)
            painter.drawPath(path)


class PyramidPanel(PuzzlePanel):
    """Count the pyramid's solutions (stop and continue at will) and browse them meanwhile."""

    title = QT_TRANSLATE_NOOP("PyramidPanel", "The pyramid puzzle")
    job_name = "pyramid count"

    def __init__(self, context=None, parent=None, spec_of=None, autostart: bool = True):
        super().__init__(context, parent, spec_of)
        if self.loaded and autostart:
            self.count()

    def load(self) -> None:
        self.puzzle = load_puzzle()
        self.puzzle_spec = self.spec_of(self.puzzle)
        self._counting = _Counting(self.puzzle)

    def make_options(self) -> QWidget:
        options = QWidget(self)
        self.jobs_spin = self.make_jobs_spin(options)
        row = QHBoxLayout(options)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.jobs_spin)
        row.addStretch(1)
        return options

    def make_actions(self) -> None:
        self.count_button = self.add_action(self.tr("Count all"), self.count,
                                            self.tr("Count every solution; browse them meanwhile"))

    def make_canvas(self) -> TriangleCanvas:
        return TriangleCanvas(self.puzzle, self)

    # ------------------------------------------------------------------ counting
    @property
    def store(self) -> SolutionStore:
        return self._counting.store

    @property
    def counting(self) -> bool:
        return self.busy

    def solution_count(self) -> int:
        return len(self.store)

    def solution(self, index: int) -> Solution:
        return self.store[index]

    def all_found(self) -> bool:
        return self.store.complete

    def count(self) -> None:
        """Start counting, or continue a count that was cancelled."""
        if not self.store.complete:
            counting, jobs = self._counting, self.jobs_spin.value()
            self.run(lambda task: counting.run(task, jobs), self.tr("counting…"), self._counted)

    def _counted(self, _result) -> None:
        self.report(self.tr("Pyramid: {0} solutions, {1} up to rotation").format(f"{len(self.store):,}",
                                                                              f"{self.store.distinct:,}"))

    def update_controls(self) -> None:
        super().update_controls()
        found = len(self.store)
        self.count_button.setText(self.tr("Continue") if found and not self.store.complete else self.tr("Count all"))
        self.count_button.setEnabled(not self.busy and not self.store.complete)
        self.jobs_spin.setEnabled(not self.busy)
        if self.busy:
            self.status.setText(self.tr("counting… {0} solutions so far").format(f"{found:,}"))

    def describe_solution(self, index: int) -> str:
        turn = index % SIDES
        distinct = f"{index // SIDES + 1:,}"
        return super().describe_solution(index) + (
            self.tr(" (distinct solution {0}, turned {1}°)").format(distinct, 120 * turn) if turn
            else self.tr(" (distinct solution {0})").format(distinct))
