"""The voxel packing panel: choose or open a puzzle, solve or count it, look at the packings.

It presents and schedules only: solving and counting run in ``plugins.voxel.solver`` on
a :class:`~editor.ui.background.BackgroundJob`; the 3-D parts come from
``plugins.voxel.scene``, the assembly order and layer text from ``plugins.voxel.layout``.
"""
from __future__ import annotations

import html
import os

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (QComboBox, QFileDialog, QGridLayout, QHBoxLayout, QLabel, QProgressBar, QPushButton,
                               QSlider, QSpinBox, QVBoxLayout, QWidget)

from editor.scene3d.view import SceneView
from editor.tasks import Progress
from editor.ui.background import BackgroundJob
from plugins.voxel import layout, scene
from plugins.voxel.puzzle import Puzzle, PuzzleFileError, load_puzzle, shipped_puzzle_paths


class VoxelPanel(QWidget):
    def __init__(self, context=None, parent=None):
        super().__init__(parent)
        self.context = context
        self.puzzle: Puzzle | None = None
        self.solutions: list = []
        self.orders: dict[int, list[int]] = {}  # assembly order per solution index
        self.job: BackgroundJob | None = None
        self._dialog: QFileDialog | None = None

        self.puzzle_box = QComboBox(self)
        self._shipped = list(shipped_puzzle_paths())
        for path in self._shipped:
            self.puzzle_box.addItem(path.stem, str(path))
        self.open_button = QPushButton("Open…", self)
        self.info_label = QLabel(self)
        self.info_label.setWordWrap(True)
        self.first_button = QPushButton("First solution", self)
        self.count_button = QPushButton("Count all", self)
        self.cancel_button = QPushButton("Cancel", self)
        self.export_button = QPushButton("Export…", self)
        self.export_button.setToolTip("Save the solutions found to a JSON file: one per symmetry class, or every one")
        self.jobs_spin = QSpinBox(self)
        self.jobs_spin.setRange(1, max(1, os.cpu_count() or 1))
        self.jobs_spin.setValue(self.jobs_spin.maximum())  # a count uses every core unless told otherwise
        self.jobs_spin.setPrefix("processes: ")
        self.jobs_spin.setToolTip("Processes that share a count (one per core is fastest)")
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 1000)
        self.status_label = QLabel(self)
        self.status_label.setWordWrap(True)

        self.prev_button = QPushButton("◀", self)
        self.next_button = QPushButton("▶", self)
        self.solution_label = QLabel("no solution yet", self)
        self.step_slider = QSlider(Qt.Orientation.Horizontal, self)
        self.step_slider.setToolTip("Assembly: how many pieces are in, bottom up")
        self.step_label = QLabel(self)
        self.layer_spin = QSpinBox(self)
        self.layer_spin.setMinimum(-1)
        self.layer_spin.setSpecialValueText("all layers")
        self.layer_spin.setPrefix("layer z = ")
        self.layer_text = QLabel(self)
        self.layer_text.setFont(QFont("monospace"))
        self.layer_text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.view = SceneView(self)

        top = QHBoxLayout()
        top.addWidget(QLabel("Puzzle:", self))
        top.addWidget(self.puzzle_box, 1)
        top.addWidget(self.open_button)
        run = QHBoxLayout()
        for widget in (self.first_button, self.count_button, self.jobs_spin, self.cancel_button, self.export_button):
            run.addWidget(widget)
        browse = QGridLayout()
        browse.addWidget(self.prev_button, 0, 0)
        browse.addWidget(self.solution_label, 0, 1)
        browse.addWidget(self.next_button, 0, 2)
        browse.addWidget(QLabel("Assembly:", self), 1, 0)
        browse.addWidget(self.step_slider, 1, 1)
        browse.addWidget(self.step_label, 1, 2)
        browse.addWidget(self.layer_spin, 2, 0)
        browse.addWidget(self.layer_text, 2, 1, 1, 2)
        column = QVBoxLayout(self)
        column.addLayout(top)
        column.addWidget(self.info_label)
        column.addLayout(run)
        column.addWidget(self.progress)
        column.addWidget(self.status_label)
        column.addLayout(browse)
        column.addWidget(self.view, 1)

        self.puzzle_box.currentIndexChanged.connect(self._choose_shipped)
        self.open_button.clicked.connect(self._ask_file)
        self.first_button.clicked.connect(self.solve_first)
        self.count_button.clicked.connect(self.count_all)
        self.cancel_button.clicked.connect(self.cancel)
        self.export_button.clicked.connect(self._ask_export_file)
        self.prev_button.clicked.connect(lambda: self.show_solution(self.current - 1))
        self.next_button.clicked.connect(lambda: self.show_solution(self.current + 1))
        self.step_slider.valueChanged.connect(self._show_step)
        self.layer_spin.valueChanged.connect(lambda _: self._redraw())
        self.view.partClicked.connect(self._part_clicked)
        self.current = -1
        self._set_running(False)
        if self._shipped:
            self._choose_shipped(0)

    # ------------------------------------------------------------------ puzzles
    def _choose_shipped(self, index: int) -> None:
        if 0 <= index < self.puzzle_box.count():
            self.load_file(self.puzzle_box.itemData(index))

    def _ask_file(self) -> None:
        dialog = QFileDialog(self, "Open a voxel puzzle", "", "Voxel puzzles (*.json);;All files (*)")
        dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.fileSelected.connect(self.load_file)
        self._dialog = dialog
        dialog.open()

    def load_file(self, path: str) -> None:
        """Load a puzzle file off the GUI thread; a bad file leaves the current puzzle and says what is wrong."""
        self.status_label.setText(f"opening {path}…")
        self._start(lambda task: load_puzzle(path), lambda puzzle: self._loaded(path, puzzle),
                    lambda exc: self._load_failed(path, exc))

    def _loaded(self, path: str, puzzle: Puzzle) -> None:
        if self.puzzle_box.findData(path) < 0:
            self.puzzle_box.addItem(os.path.basename(path), path)
        self._show_in_puzzle_box(path)
        self.set_puzzle(puzzle)

    def _load_failed(self, path: str, exc: BaseException) -> None:
        message = str(exc) if isinstance(exc, PuzzleFileError) else f"{path}: {type(exc).__name__}: {exc}"
        self.status_label.setText(f"<span style='color:#b00020'>{html.escape(message)}</span>")
        self._show_in_puzzle_box(self.puzzle.source if self.puzzle is not None else None)

    def _show_in_puzzle_box(self, path: str | None) -> None:
        self.puzzle_box.blockSignals(True)
        self.puzzle_box.setCurrentIndex(self.puzzle_box.findData(path) if path else -1)
        self.puzzle_box.blockSignals(False)

    def set_puzzle(self, puzzle: Puzzle) -> None:
        self.cancel()
        self.puzzle = puzzle
        self._set_running(False)
        sx, sy, sz = puzzle.size
        self.info_label.setText(f"<b>{puzzle.title}</b>: {puzzle.piece_count} pieces, {len(puzzle.target)} cells "
                                f"in a {sx}x{sy}x{sz} box{', mirror images allowed' if puzzle.mirror else ''}. "
                                f"{puzzle.description}")
        self.layer_spin.setMaximum(sz - 1)
        self.layer_spin.setValue(-1)
        self.status_label.setText("")
        self.progress.setValue(0)
        self._set_solutions([])

    # ------------------------------------------------------------------ background work
    def _set_running(self, running: bool) -> None:
        self._busy = running
        self.first_button.setEnabled(not running and self.puzzle is not None)
        self.count_button.setEnabled(not running and self.puzzle is not None)
        self.open_button.setEnabled(not running)
        self.puzzle_box.setEnabled(not running)
        self.cancel_button.setEnabled(running)
        self._update_browse_buttons()

    def _start(self, function, on_success, on_failure=None) -> None:
        # No slot on ``done``: BackgroundJob disconnects only these signals when the panel goes.
        def finished(result):
            self._set_running(False)
            on_success(result)

        def failed(exc):
            self._set_running(False)
            if on_failure is not None:
                on_failure(exc)
            else:
                self.status_label.setText(f"failed: {exc}")

        def cancelled():
            self._set_running(False)
            self.status_label.setText("cancelled")

        self.progress.setValue(0)
        self.job = BackgroundJob(function, owner=self, name="voxel solver")
        self.job.progress.connect(self._on_progress)
        self.job.succeeded.connect(finished)
        self.job.failed.connect(failed)
        self.job.cancelled.connect(cancelled)
        self._set_running(True)
        self.job.start()

    def solve_first(self) -> None:
        from plugins.voxel import solver

        puzzle = self.puzzle
        self.status_label.setText("searching…")
        self._start(lambda task: solver.solve_first(puzzle, task), self._first_found)

    def count_all(self) -> None:
        from plugins.voxel import solver

        puzzle, jobs = self.puzzle, self.jobs_spin.value()
        self.status_label.setText("counting…")
        self._start(lambda task: solver.count_solutions(puzzle, task, jobs=jobs), self._counted)

    def _ask_export_file(self) -> None:
        dialog = QFileDialog(self, "Export solutions", f"{self.puzzle.id}-solutions.json",
                             "One per symmetry class (*.json);;Every solution (*.json)")
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setDefaultSuffix("json")
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.fileSelected.connect(lambda path: self.export(path, every=dialog.selectedNameFilter().startswith("Every")))
        self._dialog = dialog
        dialog.open()

    def export(self, path: str, every: bool) -> None:
        """Write the solutions browsed (with ``every``: all the members of their classes) to ``path``."""
        from plugins.voxel import export

        puzzle, classes = self.puzzle, list(self.solutions)
        self.status_label.setText("exporting…")
        self._start(lambda task: export.write_solutions(path, puzzle, classes, every, task),
                    lambda written: self.status_label.setText(f"wrote {written} solutions to {path}"))

    def cancel(self) -> None:
        if self.job is not None and self.job.running:
            self.job.cancel()

    def _on_progress(self, progress: Progress) -> None:
        if progress.fraction is not None:
            self.progress.setValue(int(1000 * progress.fraction))
        self.status_label.setText(progress.message)

    def _first_found(self, solution) -> None:
        self.progress.setValue(1000)
        if solution is None:
            self.status_label.setText("this puzzle has no solution")
            self._set_solutions([])
        else:
            self.status_label.setText("a solution")
            self._set_solutions([solution])

    def _counted(self, outcome) -> None:
        self.progress.setValue(1000)
        self.status_label.setText(
            f"{outcome.count} solutions in all, {outcome.distinct} up to the {outcome.symmetry_order} symmetries "
            f"({outcome.seconds:.1f} s); browsing one per class")
        self._set_solutions(outcome.solutions)

    # ------------------------------------------------------------------ browsing
    def _set_solutions(self, solutions: list) -> None:
        self.solutions = list(solutions)
        self.orders = {}
        self.current = -1
        if self.solutions:
            self.show_solution(0)
        else:
            self.view.set_parts([])
            self.solution_label.setText("no solution yet")
            self.step_slider.setRange(0, 0)
            self.layer_text.setText("")
        self._update_browse_buttons()

    def _update_browse_buttons(self) -> None:
        self.export_button.setEnabled(bool(self.solutions) and not self._busy)
        self.prev_button.setEnabled(self.current > 0)
        self.next_button.setEnabled(0 <= self.current < len(self.solutions) - 1)

    def show_solution(self, index: int) -> None:
        if not 0 <= index < len(self.solutions):
            return
        self.current = index
        self.solution_label.setText(f"solution {index + 1} of {len(self.solutions)}")
        pieces = len(self.solutions[index])
        self.step_slider.blockSignals(True)
        self.step_slider.setRange(0, pieces)
        self.step_slider.setValue(pieces)
        self.step_slider.blockSignals(False)
        self._update_browse_buttons()
        self._redraw(reset_camera=True)

    def assembly(self) -> list[int]:
        if self.current not in self.orders:
            self.orders[self.current] = layout.assembly_order(self.solutions[self.current])
        return self.orders[self.current]

    def _redraw(self, reset_camera: bool = False) -> None:
        if self.current < 0 or self.puzzle is None:
            return
        solution = self.solutions[self.current]
        layer = self.layer_spin.value()
        self.view.set_parts(scene.solution_parts(self.puzzle, solution, None if layer < 0 else layer))
        self.layer_text.setText("" if layer < 0 else layout.layer_text(self.puzzle, solution, layer))
        self._show_step(self.step_slider.value())
        if reset_camera:
            self.view.reset_camera()

    def _show_step(self, step: int) -> None:
        if self.current < 0:
            return
        order = self.assembly()
        labels = layout.placement_labels(self.puzzle, self.solutions[self.current])
        if step >= len(order):
            self.view.set_visible_parts(None)
            self.step_label.setText(f"all {len(order)} pieces")
        else:
            self.view.set_visible_parts({scene.part_id(i) for i in order[:step]})
            latest = f": last in {labels[order[step - 1]]}" if step else ""
            self.step_label.setText(f"{step} of {len(order)}{latest}")

    def _part_clicked(self, part_id: str) -> None:
        if part_id and self.current >= 0:
            index = int(part_id.rsplit("-", 1)[1])
            piece = self.solutions[self.current][index]
            label = layout.placement_labels(self.puzzle, self.solutions[self.current])[index]
            self.status_label.setText(f"{label}: cells {', '.join(str(c) for c in piece.cells)}")
