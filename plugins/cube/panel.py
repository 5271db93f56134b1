"""The China Cube panel (on the shared :class:`~nonogram_editor.plugin_api.PuzzlePanel`): pick a garden, solve, browse,
count.

Counts, checks and 3-D parts come through each garden's ``PuzzleSpec`` (as on the command
line), solving with the panel's options from ``nonogram_editor_builtins.cube.solver``. A garden is drawn
flat by ``nonogram_editor_builtins.cube.canvas`` (one grid per layer); every garden shown is re-checked.
"""
from __future__ import annotations

import random

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QSpinBox, QWidget

from nonogram_editor.plugin_api import PuzzlePanel
from nonogram_editor_builtins.cube.canvas import GardenCanvas
from nonogram_editor_builtins.cube.model import Garden, GardenSpec, connector_count, load_gardens, piece_name


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
        from nonogram_editor_builtins.cube.solver import Options

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
    def gardens(self):
        """The stream of gardens of the chosen variant and options, in the solver's order."""
        from nonogram_editor_builtins.cube.solver import garden_solver

        solver, options = garden_solver(self.spec), self.options()
        return lambda task: solver.solutions(task, options)

    def solve(self) -> None:
        self.solve_from(self.gardens())

    def no_more_found(self) -> None:
        super().no_more_found()
        self.status.setText(self.tr("no more gardens") if self.solution_count()
                             else self.tr("no garden exists with these options"))

    def random_garden(self) -> None:
        from nonogram_editor_builtins.cube.solver import garden_solver

        solver, options, seed = garden_solver(self.spec), self.options(), random.randrange(1 << 30)
        self.run(lambda task: solver.random(task, options, random.Random(seed)), self.tr("finding a random garden…"),
                 self._random_found)

    def _random_found(self, garden: Garden) -> None:
        self.set_solutions([garden])
        self.status.setText(self.tr("{0}: a random garden").format(self.spec.title))

    def count(self) -> None:
        count, jobs = self.puzzle_specs[self.spec.id].count, self.jobs_spin.value()
        self.count_then_browse(lambda task: count(task, jobs), self.gardens(), self._counted)

    def _counted(self, result) -> None:
        text = self.tr("{0} gardens").format(f"{result.count:,}")
        if result.distinct is not None:
            text += self.tr(", {0} up to symmetry").format(f"{result.distinct:,}")
        for key, value in result.extra.items():
            text += f"; {key.replace('_', ' ')}: {value:,}"
        self.report(f"{self.spec.title}: {text}")

    def smallest_box(self) -> None:
        from nonogram_editor_builtins.cube.hanging import smallest_box

        connected = self.connected_box.isChecked()
        self.run(lambda task: smallest_box(task, connected), self.tr("trying boxes, smallest first…"),
                 self._on_smallest)

    def _on_smallest(self, report) -> None:
        impossible = ", ".join("x".join(map(str, box)) for box in report.impossible) or self.tr("none")
        if report.found is None:
            self.status.setText(self.tr("no box found; impossible: {0}").format(impossible))
            return
        from nonogram_editor_builtins.cube.hanging import with_red_cube
        from nonogram_editor_builtins.cube.solver import checked

        box = "x".join(map(str, report.found.box))
        proof = (self.tr("proven smallest: every smaller box is impossible") if report.proven_smallest else
                 self.tr("undecided (time limit): {0}").format(
                     ", ".join("x".join(map(str, b)) for b in report.undecided)))
        self.set_solutions([checked(self.spec, with_red_cube(report.found.placements))])
        self.status.setText(self.tr("smallest box {0}; impossible: {1}; {2}").format(box, impossible, proof))
