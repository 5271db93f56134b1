"""The pyramid panel: count the solutions in the background and browse them meanwhile.

The panel presents and schedules: the counting runs in ``plugins.pyramid.solver`` on a
:class:`~editor.ui.background.BackgroundJob`, solutions are read from the
:class:`~plugins.pyramid.store.SolutionStore` it fills, drawn in 2-D here (QPainter) and
in 3-D by :class:`~editor.scene3d.view.SceneView` from ``plugins.pyramid.scene``.
"""
from __future__ import annotations

import random

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QProgressBar, QPushButton, QSizePolicy, QSpinBox, QSplitter,
                               QVBoxLayout, QWidget)

from editor.scene3d.view import SceneView
from editor.tasks import Progress
from editor.ui.background import BackgroundJob
from editor.ui.lifetime import connect_alive
from plugins.pyramid import checker, scene
from plugins.pyramid.model import SIDES, Puzzle, PuzzleDataError, Solution, load_puzzle
from plugins.pyramid.store import SolutionStore

MARGIN = 24  # pixels around the drawn triangle


class _Counting:
    """What one count keeps between its runs: the store and the resumable search."""

    def __init__(self, puzzle: Puzzle):
        self.store = SolutionStore(puzzle)
        self.search = None  # created in the background: importing the solver loads numba

    def run(self, task):
        from plugins.pyramid import solver

        if self.search is None:
            self.search = solver.Enumerator(solver.build_tables(self.store.puzzle))
        return solver.enumerate_solutions(task, self.store, self.search)


class SolutionCanvas(QWidget):
    """The chosen solution in 2-D: tiles with piece numbers, suit symbols and in/out arrows.

    An outward connector is a filled arrow crossing the side, an inward one a hollow arrow
    pointing into the tile: across a fitting side both arrows point the same way and
    have the suit's colour. Clicking a tile emits :attr:`pieceClicked`.
    """

    pieceClicked = Signal(int)

    def __init__(self, puzzle: Puzzle, parent=None):
        super().__init__(parent)
        self.puzzle = puzzle
        self.solution: Solution | None = None
        self.selected: int | None = None  # a piece number
        self.setMinimumSize(240, 210)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def set_solution(self, solution: Solution | None) -> None:
        self.solution = solution
        self.update()

    def set_selected(self, piece: int | None) -> None:
        self.selected = piece
        self.update()

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


class PyramidPanel(QWidget):
    """Count, browse and view the pyramid's solutions."""

    def __init__(self, context=None, parent=None, autostart: bool = True):
        super().__init__(parent)
        self.context = context
        self._job: BackgroundJob | None = None
        self.current: int | None = None  # index of the shown solution
        layout = QVBoxLayout(self)
        try:
            self.puzzle = load_puzzle()
        except PuzzleDataError as error:
            self.puzzle = None
            message = QLabel(f"The pyramid puzzle could not be loaded:\n{error}", self)
            message.setWordWrap(True)
            layout.addWidget(message)
            return
        self._counting = _Counting(self.puzzle)

        self.count_button = QPushButton("Count all", self)
        self.count_button.clicked.connect(self.toggle_count)
        self.progress_bar = QProgressBar(self)
        self.progress_bar.setRange(0, 1000)
        self.status = QLabel("", self)
        top = QHBoxLayout()
        top.addWidget(self.count_button)
        top.addWidget(self.progress_bar, 1)
        top.addWidget(self.status, 2)
        layout.addLayout(top)

        self.first_button = QPushButton("First", self)
        self.previous_button = QPushButton("Previous", self)
        self.next_button = QPushButton("Next", self)
        self.random_button = QPushButton("Random", self)
        self.number_box = QSpinBox(self)
        self.number_box.setPrefix("No. ")
        self.number_box.setRange(1, 1)
        self.number_box.setToolTip("Solution number (1 is the first found)")
        self.go_button = QPushButton("Go", self)
        connect_alive(self.first_button.clicked, self, lambda: self.show_solution(0))
        connect_alive(self.previous_button.clicked, self, lambda: self.show_solution((self.current or 0) - 1))
        connect_alive(self.next_button.clicked, self, lambda: self.show_solution((self.current or 0) + 1))
        connect_alive(self.random_button.clicked, self, lambda: self.show_solution(random.randrange(len(self.store))))
        connect_alive(self.go_button.clicked, self, lambda: self.show_solution(self.number_box.value() - 1))
        connect_alive(self.number_box.editingFinished, self, lambda: self.show_solution(self.number_box.value() - 1))
        self.shown_label = QLabel("No solution yet", self)
        self.fit_label = QLabel("", self)
        browse = QHBoxLayout()
        for widget in (self.first_button, self.previous_button, self.next_button, self.random_button,
                       self.number_box, self.go_button):
            browse.addWidget(widget)
        browse.addWidget(self.shown_label, 1)
        layout.addLayout(browse)
        layout.addWidget(self.fit_label)

        self.canvas = SolutionCanvas(self.puzzle, self)
        self.view = SceneView(self)
        self.canvas.pieceClicked.connect(self._select_piece)
        connect_alive(self.view.partClicked, self, lambda part: self._select_piece(scene.piece_of_part(part)))
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self.canvas)
        splitter.addWidget(self.view)
        splitter.setSizes([1, 1])
        layout.addWidget(splitter, 1)
        self._update_controls()
        if autostart:
            self.toggle_count()

    # ------------------------------------------------------------------ counting
    @property
    def store(self) -> SolutionStore:
        return self._counting.store

    @property
    def counting(self) -> bool:
        return self._job is not None

    def toggle_count(self) -> None:
        """Start (or continue) counting; stop if it is running."""
        if self._job is not None:
            self._job.cancel()
            self.count_button.setEnabled(False)  # until the job has stopped
            return
        if self.store.complete:
            return
        job = BackgroundJob(self._counting.run, owner=self, name="pyramid count")
        job.progress.connect(self._on_progress)
        job.succeeded.connect(lambda _: self._on_finished("done"))
        job.cancelled.connect(lambda: self._on_finished("stopped"))
        job.failed.connect(lambda error: self._on_finished(f"failed: {error}"))
        self._job = job
        self.status.setText("counting…")
        self._update_controls()
        job.start()

    def _on_progress(self, progress: Progress) -> None:
        if progress.fraction is not None:
            self.progress_bar.setValue(round(1000 * progress.fraction))
        self._update_controls()

    def _on_finished(self, outcome: str) -> None:
        self._job = None
        if self.store.complete:
            self.progress_bar.setValue(1000)
        self.status.setText(f"{outcome}: {len(self.store):,} solutions, {self.store.distinct:,} up to rotation"
                            + ("" if self.store.complete else " so far"))
        if self.context is not None and self.store.complete:
            self.context.show_message(f"Pyramid: {len(self.store):,} solutions")
        self._update_controls()

    def _update_controls(self) -> None:
        found = len(self.store)
        if self._job is not None:
            self.count_button.setText("Stop")
            self.count_button.setEnabled(True)
            self.status.setText(f"counting… {found:,} solutions so far")
        else:
            self.count_button.setText("Continue" if found and not self.store.complete else "Count all")
            self.count_button.setEnabled(not self.store.complete)
        for button in (self.first_button, self.next_button, self.previous_button, self.random_button,
                       self.go_button, self.number_box):
            button.setEnabled(found > 0)
        self.number_box.setMaximum(max(1, found))
        if self.current is None and found:
            self.show_solution(0)
        elif self.current is not None:
            self.shown_label.setText(self._shown_text())

    # ------------------------------------------------------------------ browsing
    def show_solution(self, index: int) -> None:
        """Show solution ``index`` (0-based; clamped to the solutions found so far)."""
        found = len(self.store)
        if not found:
            return
        self.current = max(0, min(found - 1, index))
        solution = self.store[self.current]
        self.canvas.set_solution(solution)
        self.view.set_parts(scene.solution_parts(self.puzzle, solution))
        if self.canvas.selected is not None:
            self.view.select_part(scene.part_id(self.canvas.selected))
        self.number_box.setValue(self.current + 1)
        self.shown_label.setText(self._shown_text())
        problems = checker.check_solution(self.puzzle, solution)
        self.fit_label.setText("Every side fits (checked independently of the solver)." if not problems
                               else "Does not fit: " + "; ".join(problems))

    def shown_solution(self) -> Solution | None:
        return self.canvas.solution

    def _shown_text(self) -> str:
        found = len(self.store)
        total = f"{found:,}" + ("" if self.store.complete else "+")
        turn = self.current % SIDES
        return (f"Solution {self.current + 1:,} of {total} (distinct solution {self.current // SIDES + 1:,}"
                + (f", turned {120 * turn}°)" if turn else ")"))

    def _select_piece(self, piece: int | None) -> None:
        self.canvas.set_selected(piece)
        self.view.select_part(None if piece is None else scene.part_id(piece))
