"""The China Cube panel: pick a garden, solve / next / random / count in the background.

The panel presents and schedules: answers come from ``plugins.cube.solver`` on a
:class:`~editor.ui.background.BackgroundJob`; a garden is drawn flat here (QPainter, one
grid per layer) and in 3-D by :class:`~editor.scene3d.view.SceneView` from
``plugins.cube.scene``. Every garden shown is re-checked by ``plugins.cube.checker``.
"""
from __future__ import annotations

import random

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (QCheckBox, QComboBox, QHBoxLayout, QLabel, QProgressBar, QPushButton, QSizePolicy,
                               QSpinBox, QSplitter, QVBoxLayout, QWidget)

from editor.scene3d.view import SceneView
from editor.tasks import Progress, Task
from editor.ui.background import BackgroundJob
from editor.ui.lifetime import connect_alive
from plugins.cube import scene
from plugins.cube.checker import check_garden
from plugins.cube.model import (DIRECTIONS, Garden, GardenDataError, GardenSpec, connector_count, load_gardens,
                                piece_name)

MARGIN = 12
LAYER_GAP = 1.0  # cells between drawn layers


class _TaskRelay(Task):
    """The task a long-lived solution iterator sees: it forwards to the job running now,
    so "Next" (a new job) can cancel an iterator made by "Solve" (an earlier job)."""

    def __init__(self):
        super().__init__()
        self.current: Task | None = None

    @property
    def cancelled(self) -> bool:
        return self.current is not None and self.current.cancelled

    def check_cancelled(self) -> None:
        if self.current is not None:
            self.current.check_cancelled()

    def report(self, done, total=None, message="", force=False) -> None:
        if self.current is not None:
            self.current.report(done, total, message, force)


class GardenCanvas(QWidget):
    """A garden drawn flat: one grid per layer (bottom layer first), north up. Each piece
    is a square in its connector colour with a stub towards each blue side (axis
    colours as in 3-D); a dot marks a blue top face, a ring a blue bottom face. Clicking
    a piece emits :attr:`pieceClicked`."""

    pieceClicked = Signal(int)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.garden: Garden | None = None
        self.selected: int | None = None
        self.setMinimumSize(240, 160)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def set_garden(self, garden: Garden | None) -> None:
        self.garden = garden
        self.update()

    def set_selected(self, piece: int | None) -> None:
        self.selected = piece
        self.update()

    def piece_at(self, point: QPointF) -> int | None:
        if self.garden is None:
            return None
        return next((piece for position, piece in self.garden.placements
                     if self.cell_rect(position).contains(point)), None)

    def mousePressEvent(self, event):
        piece = self.piece_at(event.position())
        if piece is not None and event.button() == Qt.MouseButton.LeftButton:
            self.pieceClicked.emit(piece)
        super().mousePressEvent(event)

    def layout_of(self):
        """(cell size in pixels, origin, bounds, layers per row) for the current size: the
        layers are laid out in rows, as many per row as gives the largest cells."""
        (x0, y0, z0), (nx, ny, nz) = self.garden.bounds()
        label = 0.5 if nz > 1 else 0.0  # room above the first row for the layer names
        best = None
        for per_row in range(1, nz + 1):
            rows = -(-nz // per_row)
            columns = per_row * nx + (per_row - 1) * LAYER_GAP
            lines = rows * ny + (rows - 1) * LAYER_GAP + label
            unit = min((self.width() - 2 * MARGIN) / columns, (self.height() - 2 * MARGIN) / lines)
            if best is None or unit > best[0]:
                best = (unit, columns, lines, per_row)
        unit, columns, lines, per_row = best
        left = (self.width() - unit * columns) / 2
        top = (self.height() - unit * lines) / 2 + label * unit
        return unit, (left, top), (x0, y0, z0, nx, ny, nz), per_row

    def cell_rect(self, position) -> QRectF:
        unit, (left, top), (x0, y0, z0, nx, ny, nz), per_row = self.layout_of()
        x, y, z = position
        row_of_layers, place = divmod(z - z0, per_row)
        column = place * (nx + LAYER_GAP) + (x - x0)
        row = row_of_layers * (ny + LAYER_GAP) + (y0 + ny - 1) - y
        return QRectF(left + column * unit, top + row * unit, unit, unit)

    def paintEvent(self, event):
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor(250, 250, 247))
        if self.garden is None:
            painter.setPen(QColor(120, 120, 120))
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "No garden yet")
            painter.end()
            return
        unit = self.layout_of()[0]
        font = QFont(self.font())
        font.setPixelSize(max(7, round(unit * 0.28)))
        font.setBold(True)
        painter.setFont(font)
        for position, piece in self.garden.placements:
            self._draw_piece(painter, self.cell_rect(position), piece, unit)
        (x0, y0, z0), (nx, ny, nz) = self.garden.bounds()
        if nz > 1:  # name each layer above its top-left corner
            painter.setPen(QColor(90, 90, 90))
            for z in range(z0, z0 + nz):
                corner = self.cell_rect((x0, y0 + ny - 1, z)).topLeft()
                painter.drawText(QPointF(corner.x(), corner.y() - 3), f"layer {z - z0}")
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
            painter.drawEllipse(QPointF(inner.left() + unit * 0.1, inner.bottom() - unit * 0.1), unit * 0.07, unit * 0.07)
        if unit >= 18:  # numbers only where they can be read
            painter.setPen(QColor(255, 255, 255))
            painter.drawText(inner, Qt.AlignmentFlag.AlignCenter, str(piece))


class CubePanel(QWidget):
    """Solve, browse, sample and count Freeling's China Cube gardens."""

    def __init__(self, context=None, parent=None):
        super().__init__(parent)
        self.context = context
        self._job: BackgroundJob | None = None
        self._relay = _TaskRelay()
        self._iterator = None  # the solutions of the current garden and options, for "Next"
        self._shown_number = 0
        self.garden: Garden | None = None
        layout = QVBoxLayout(self)
        try:
            self.specs: dict[str, GardenSpec] = load_gardens()
        except GardenDataError as error:
            self.specs = {}
            message = QLabel(f"The China Cube gardens could not be loaded:\n{error}", self)
            message.setWordWrap(True)
            layout.addWidget(message)
            return

        self.variant_box = QComboBox(self)
        for spec in self.specs.values():
            self.variant_box.addItem(spec.title, spec.id)
        self.red_inside_box = QCheckBox("All-red cube inside", self)
        self.connected_box = QCheckBox("One connected shape", self)
        self.in_box_box = QCheckBox("In a box", self)
        self.box_sides = [QSpinBox(self) for _ in range(3)]
        hanging_box = next((spec.box for spec in self.specs.values() if spec.faces == 6 and spec.box
                            and spec.rule == "transcendental"), (5, 5, 5))
        for side, axis, n in zip(self.box_sides, "xyz", hanging_box):
            side.setRange(1, 9)
            side.setValue(n)
            side.setPrefix(f"{axis} ")
        options = QHBoxLayout()
        options.addWidget(self.variant_box, 2)
        for widget in (self.red_inside_box, self.connected_box, self.in_box_box, *self.box_sides):
            options.addWidget(widget)
        layout.addLayout(options)

        self.solve_button = QPushButton("Solve", self)
        self.next_button = QPushButton("Next", self)
        self.random_button = QPushButton("Random", self)
        self.count_button = QPushButton("Count", self)
        self.smallest_button = QPushButton("Smallest box", self)
        self.smallest_button.setToolTip("Try every box, smallest first, until one holds the garden (SAT); "
                                        "smaller boxes proven impossible are listed")
        self.cancel_button = QPushButton("Cancel", self)
        self.solve_button.clicked.connect(self.solve)
        self.next_button.clicked.connect(self.next)
        self.random_button.clicked.connect(self.random)
        self.count_button.clicked.connect(self.count)
        self.smallest_button.clicked.connect(self.smallest_box)
        self.cancel_button.clicked.connect(self.cancel)
        self.progress_bar = QProgressBar(self)
        self.progress_bar.setRange(0, 1000)
        buttons = QHBoxLayout()
        for button in (self.solve_button, self.next_button, self.random_button, self.count_button,
                       self.smallest_button, self.cancel_button):
            buttons.addWidget(button)
        buttons.addWidget(self.progress_bar, 1)
        layout.addLayout(buttons)
        self.status = QLabel("", self)
        self.status.setWordWrap(True)
        self.check_label = QLabel("", self)
        self.piece_label = QLabel("Click a piece to name it", self)
        layout.addWidget(self.status)
        checks = QHBoxLayout()
        checks.addWidget(self.check_label, 1)
        checks.addWidget(self.piece_label)
        layout.addLayout(checks)

        self.canvas = GardenCanvas(self)
        self.view = SceneView(self)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self.canvas)
        splitter.addWidget(self.view)
        splitter.setSizes([1, 1])
        layout.addWidget(splitter, 1)
        self.canvas.pieceClicked.connect(self.select_piece)
        connect_alive(self.view.partClicked, self, lambda part: self.select_piece(scene.piece_of_part(part)))

        for widget in (self.variant_box, self.red_inside_box, self.connected_box, self.in_box_box):
            signal = widget.currentIndexChanged if widget is self.variant_box else widget.toggled
            signal.connect(self._options_changed)
        for side in self.box_sides:
            side.valueChanged.connect(self._options_changed)
        self._options_changed()

    # ------------------------------------------------------------------ state
    @property
    def spec(self) -> GardenSpec:
        return self.specs[self.variant_box.currentData()]

    def options(self):
        from plugins.cube.solver import Options

        spec = self.spec
        if spec.rule == "packed":
            return Options(red_inside=spec.faces == 6 and self.red_inside_box.isChecked())
        if spec.faces == 6:
            box = tuple(side.value() for side in self.box_sides) if self.in_box_box.isChecked() else None
            return Options(connected=self.connected_box.isChecked(), box=box)
        return Options()

    @property
    def busy(self) -> bool:
        return self._job is not None

    def _options_changed(self, *_):
        spec = self.spec
        hanging = spec.rule == "transcendental" and spec.faces == 6
        self.red_inside_box.setVisible(spec.rule == "packed" and spec.faces == 6)
        self.connected_box.setVisible(hanging)
        self.in_box_box.setVisible(hanging)
        for side in self.box_sides:
            side.setVisible(hanging)
            side.setEnabled(self.in_box_box.isChecked())
        self._iterator = None  # "Next" continues only the same garden and options
        self._update_controls()

    def _update_controls(self) -> None:
        idle = self._job is None
        spec = self.spec
        hanging = spec.rule == "transcendental" and spec.faces == 6
        self.solve_button.setEnabled(idle)
        self.next_button.setEnabled(idle and self._iterator is not None)
        self.random_button.setEnabled(idle)
        self.count_button.setEnabled(idle and spec.faces == 4)
        self.count_button.setToolTip("" if spec.faces == 4 else "Only the Square Gardens can be counted here")
        self.smallest_button.setVisible(hanging)
        self.smallest_button.setEnabled(idle)
        self.cancel_button.setEnabled(not idle)
        for widget in (self.variant_box, self.red_inside_box, self.connected_box, self.in_box_box, *self.box_sides):
            widget.setEnabled(idle and (widget not in self.box_sides or self.in_box_box.isChecked()))

    # ------------------------------------------------------------------ actions
    def solve(self) -> None:
        from plugins.cube.solver import garden_solver

        solver, options, relay = garden_solver(self.spec), self.options(), self._relay

        def first(task):
            relay.current = task
            iterator = solver.solutions(relay, options)
            return iterator, next(iterator, None)

        self._shown_number = 0
        self._start(first, "solving…", self._on_solution_from_iterator)

    def next(self) -> None:
        iterator, relay = self._iterator, self._relay
        if iterator is None:
            return

        def following(task):
            relay.current = task
            return iterator, next(iterator, None)

        self._start(following, "finding the next garden…", self._on_solution_from_iterator)

    def random(self) -> None:
        from plugins.cube.solver import garden_solver

        solver, options, seed = garden_solver(self.spec), self.options(), random.randrange(1 << 30)
        self._iterator = None
        self._start(lambda task: solver.random(task, options, random.Random(seed)), "finding a random garden…",
                    lambda garden: self._show(garden, "a random garden"))

    def count(self) -> None:
        from plugins.cube.solver import garden_solver

        solver = garden_solver(self.spec)
        self._start(solver.count, "counting…", self._on_count)

    def smallest_box(self) -> None:
        from plugins.cube.hanging import smallest_box

        connected = self.connected_box.isChecked()
        self._start(lambda task: smallest_box(task, connected), "trying boxes, smallest first…", self._on_smallest)

    def cancel(self) -> None:
        if self._job is not None:
            self._job.cancel()
            self.cancel_button.setEnabled(False)

    # ------------------------------------------------------------------ background
    def _start(self, function, message: str, on_success) -> None:
        if self._job is not None:
            return
        job = BackgroundJob(function, owner=self, name="cube gardens")
        job.progress.connect(self._on_progress)
        job.succeeded.connect(on_success)
        job.cancelled.connect(lambda: self._finish("cancelled"))
        job.failed.connect(lambda error: self._finish(f"failed: {error}"))
        job.done.connect(self._job_done)
        self._job = job
        self.progress_bar.setRange(0, 0)  # busy until a report gives a fraction
        self.status.setText(message)
        self._update_controls()
        job.start()

    def _job_done(self) -> None:
        self._job = None
        self.progress_bar.setRange(0, 1000)
        self._update_controls()

    def _finish(self, message: str) -> None:
        self.status.setText(message)
        self.progress_bar.setRange(0, 1000)

    def _on_progress(self, progress: Progress) -> None:
        if progress.fraction is not None:
            self.progress_bar.setRange(0, 1000)
            self.progress_bar.setValue(round(1000 * progress.fraction))
        if progress.message:
            self.status.setText(progress.message)

    def _on_solution_from_iterator(self, result) -> None:
        iterator, garden = result
        if garden is None:
            self._iterator = None
            self._finish("no more gardens" if self._shown_number else "no garden exists with these options")
            return
        self._iterator = iterator
        self._shown_number += 1
        self._show(garden, f"garden {self._shown_number:,} in the solver's order")

    def _on_count(self, result) -> None:
        text = f"{result.count:,} gardens"
        if result.distinct is not None:
            text += f", {result.distinct:,} up to symmetry"
        for key, value in result.extra.items():
            text += f"; {key.replace('_', ' ')}: {value:,}"
        self._finish(text)
        if self.context is not None:
            self.context.show_message(f"{self.spec.title}: {text}")

    def _on_smallest(self, report) -> None:
        impossible = ", ".join("x".join(map(str, box)) for box in report.impossible) or "none"
        if report.found is None:
            self._finish(f"no box found; impossible: {impossible}")
            return
        from plugins.cube.hanging import with_red_cube
        from plugins.cube.solver import checked

        box = "x".join(map(str, report.found.box))
        proof = ("proven smallest: every smaller box is impossible" if report.proven_smallest else
                 "undecided (time limit): " + ", ".join("x".join(map(str, b)) for b in report.undecided))
        self._show(checked(self.spec, with_red_cube(report.found.placements)),
                   f"smallest box {box}; impossible: {impossible}; {proof}")

    # ------------------------------------------------------------------ showing
    def select_piece(self, piece: int | None) -> None:
        self.canvas.set_selected(piece)
        self.view.select_part(None if piece is None else scene.part_id(piece))
        self.piece_label.setText("" if piece is None else
                                 f"piece {piece}: {piece_name(piece)} ({connector_count(piece)} connectors)")

    def _show(self, garden: Garden, what: str) -> None:
        new_frame = self.garden is None or (self.garden.spec_id, self.garden.bounds()) != (garden.spec_id,
                                                                                         garden.bounds())
        self.garden = garden
        spec = self.spec if garden.spec_id == self.spec.id else self.specs[garden.spec_id]
        problems = check_garden(garden.as_dict(), spec.faces, spec.rule, spec.box if spec.rule == "packed" else None)
        self.canvas.set_garden(garden)
        self.view.set_parts(scene.garden_parts(garden, flat=spec.faces == 4))
        if new_frame:
            self.view.reset_camera()
        if self.canvas.selected is not None:
            self.select_piece(self.canvas.selected)
        size = garden.bounds()[1]
        shapes = len([group for group in garden.components() if len(group) > 1])
        self._finish(f"{spec.title}: {what}; {shapes} shape{'s' if shapes != 1 else ''} "
                     f"(and the lone all-red piece) in a {'x'.join(map(str, size[:spec.dimensions]))} frame"
                     if spec.rule == "transcendental" else f"{spec.title}: {what}")
        self.check_label.setText("Valid: checked independently of the solver." if not problems
                                 else "INVALID: " + "; ".join(problems[:3]))
