"""The China Cube panel (on the shared :class:`~editor.plugin_api.PuzzlePanel`): pick a garden, solve, browse, count.

Counts, checks and 3-D parts come through each garden's ``PuzzleSpec`` (as on the command
line), solving with the panel's options from ``plugins.cube.solver``. A garden is drawn
flat here (QPainter, one grid per layer); every garden shown is re-checked.
"""
from __future__ import annotations

import random

from PySide6.QtCore import QT_TRANSLATE_NOOP, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QSpinBox, QWidget

from editor.plugin_api import PuzzleCanvas, PuzzlePanel
from plugins.cube import scene
from plugins.cube.model import DIRECTIONS, Garden, GardenSpec, connector_count, load_gardens, piece_name

MARGIN = 12
LAYER_GAP = 1.0  # cells between drawn layers


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
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self.tr("No garden yet"))
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
            painter.drawEllipse(QPointF(inner.left() + unit * 0.1, inner.bottom() - unit * 0.1), unit * 0.07, unit * 0.07)
        if unit >= 18:  # numbers only where they can be read
            painter.setPen(QColor(255, 255, 255))
            painter.drawText(inner, Qt.AlignmentFlag.AlignCenter, str(piece))


class CubePanel(PuzzlePanel):
    """Solve, browse, sample and count Freeling's China Cube gardens."""

    title = QT_TRANSLATE_NOOP("CubePanel", "The China Cube gardens")
    job_name = "cube gardens"

    def load(self) -> None:
        self.specs: dict[str, GardenSpec] = load_gardens()
        self.puzzle_specs = {garden_id: self.spec_of(garden) for garden_id, garden in self.specs.items()}

    def make_options(self) -> QWidget:
        options = QWidget(self)
        self.variant_box = QComboBox(options)
        for spec in self.specs.values():
            self.variant_box.addItem(spec.title, spec.id)
        self.red_inside_box = QCheckBox(self.tr("All-red cube inside"), options)
        self.connected_box = QCheckBox(self.tr("One connected shape"), options)
        self.in_box_box = QCheckBox(self.tr("In a box"), options)
        self.box_sides = [QSpinBox(options) for _ in range(3)]
        hanging_box = next((spec.box for spec in self.specs.values() if spec.faces == 6 and spec.box
                            and spec.rule == "transcendental"), (5, 5, 5))
        for side, axis, n in zip(self.box_sides, "xyz", hanging_box):
            side.setRange(1, 9)
            side.setValue(n)
            side.setPrefix(f"{axis} ")
        self.jobs_spin = self.make_jobs_spin(options)
        row = QHBoxLayout(options)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.variant_box, 2)
        for widget in (self.red_inside_box, self.connected_box, self.in_box_box, *self.box_sides, self.jobs_spin):
            row.addWidget(widget)
        self.variant_box.currentIndexChanged.connect(self._options_changed)
        for box in (self.red_inside_box, self.connected_box, self.in_box_box):
            box.toggled.connect(self._options_changed)
        for side in self.box_sides:
            side.valueChanged.connect(self._options_changed)
        return options

    def make_actions(self) -> None:
        self.solve_button = self.add_action(self.tr("Solve"), self.solve,
                                            self.tr("The first garden in the solver's order; Next finds the one after"))
        self.random_garden_button = self.add_action(self.tr("Random garden"), self.random_garden,
                                                    self.tr("A garden chosen at random (not in the solver's order)"))
        self.count_button = self.add_action(self.tr("Count"), self.count)
        self.smallest_button = self.add_action(self.tr("Smallest box"), self.smallest_box,
                                               self.tr("Try every box, smallest first, until one holds the garden "
                                                       "(SAT); smaller boxes proven impossible are listed"))

    def make_canvas(self) -> GardenCanvas:
        return GardenCanvas(self)

    def spec_for(self, garden: Garden):
        return self.puzzle_specs[garden.spec_id]  # a garden shown may be of the variant chosen before

    def describe_piece(self, piece: int) -> str:
        return self.tr("piece {0}: {1} ({2} connectors)").format(piece, piece_name(piece), connector_count(piece))

    def describe_solution(self, index: int) -> str:
        garden = self.solution(index)
        spec = self.specs[garden.spec_id]
        text = self.tr("garden {0} of {1}{2}").format(f"{index + 1:,}", f"{self.solution_count():,}",
                                                      "" if self.all_found() else "+")
        if spec.rule == "transcendental":
            shapes = len([group for group in garden.components() if len(group) > 1])
            size = "x".join(map(str, garden.bounds()[1][:spec.dimensions]))
            shapes_text = self.tr("1 shape") if shapes == 1 else self.tr("{0} shapes").format(shapes)
            text += self.tr(": {0} (and the lone all-red piece) in a {1} frame").format(shapes_text, size)
        return text

    # ------------------------------------------------------------------ state
    @property
    def spec(self) -> GardenSpec:
        return self.specs[self.variant_box.currentData()]

    @property
    def garden(self) -> Garden | None:
        return self.shown_solution()

    def options(self):
        from plugins.cube.solver import Options

        spec = self.spec
        if spec.rule == "packed":
            return Options(red_inside=spec.faces == 6 and self.red_inside_box.isChecked())
        if spec.faces == 6:
            box = tuple(side.value() for side in self.box_sides) if self.in_box_box.isChecked() else None
            return Options(connected=self.connected_box.isChecked(), box=box)
        return Options()

    def _options_changed(self, *_):
        self.forget_stream()  # "Next" continues only the same garden and options
        self.update_controls()

    def update_controls(self) -> None:
        super().update_controls()
        idle, spec = not self.busy, self.spec
        hanging = spec.rule == "transcendental" and spec.faces == 6
        self.red_inside_box.setVisible(spec.rule == "packed" and spec.faces == 6)
        for widget in (self.connected_box, self.in_box_box, *self.box_sides, self.smallest_button):
            widget.setVisible(hanging)
        self.jobs_spin.setVisible(spec.faces == 4 and spec.rule != "packed")  # the count that uses processes
        self.jobs_spin.setEnabled(idle)
        countable = self.puzzle_specs[spec.id].count is not None
        self.count_button.setEnabled(idle and countable)
        self.count_button.setToolTip(self.tr("Count every garden") if countable else
                                     self.tr("Only the Square Gardens can be counted here"))
        for widget in (self.variant_box, self.red_inside_box, self.connected_box, self.in_box_box, *self.box_sides):
            widget.setEnabled(idle and (widget not in self.box_sides or self.in_box_box.isChecked()))

    # ------------------------------------------------------------------ actions
    def solve(self) -> None:
        from plugins.cube.solver import garden_solver

        solver, options = garden_solver(self.spec), self.options()
        self.solve_from(lambda task: solver.solutions(task, options))

    def no_more_found(self) -> None:
        super().no_more_found()
        self.status.setText(self.tr("no more gardens") if self.solution_count()
                             else self.tr("no garden exists with these options"))

    def random_garden(self) -> None:
        from plugins.cube.solver import garden_solver

        solver, options, seed = garden_solver(self.spec), self.options(), random.randrange(1 << 30)
        self.run(lambda task: solver.random(task, options, random.Random(seed)), self.tr("finding a random garden…"),
                 self._random_found)

    def _random_found(self, garden: Garden) -> None:
        self.set_solutions([garden])
        self.status.setText(self.tr("{0}: a random garden").format(self.spec.title))

    def count(self) -> None:
        count, jobs = self.puzzle_specs[self.spec.id].count, self.jobs_spin.value()
        self.run(lambda task: count(task, jobs), self.tr("counting…"), self._counted)

    def _counted(self, result) -> None:
        text = self.tr("{0} gardens").format(f"{result.count:,}")
        if result.distinct is not None:
            text += self.tr(", {0} up to symmetry").format(f"{result.distinct:,}")
        for key, value in result.extra.items():
            text += f"; {key.replace('_', ' ')}: {value:,}"
        self.report(f"{self.spec.title}: {text}")

    def smallest_box(self) -> None:
        from plugins.cube.hanging import smallest_box

        connected = self.connected_box.isChecked()
        self.run(lambda task: smallest_box(task, connected), self.tr("trying boxes, smallest first…"),
                 self._on_smallest)

    def _on_smallest(self, report) -> None:
        impossible = ", ".join("x".join(map(str, box)) for box in report.impossible) or self.tr("none")
        if report.found is None:
            self.status.setText(self.tr("no box found; impossible: {0}").format(impossible))
            return
        from plugins.cube.hanging import with_red_cube
        from plugins.cube.solver import checked

        box = "x".join(map(str, report.found.box))
        proof = (self.tr("proven smallest: every smaller box is impossible") if report.proven_smallest else
                 self.tr("undecided (time limit): {0}").format(
                     ", ".join("x".join(map(str, b)) for b in report.undecided)))
        self.set_solutions([checked(self.spec, with_red_cube(report.found.placements))])
        self.status.setText(self.tr("smallest box {0}; impossible: {1}; {2}").format(box, impossible, proof))
