"""The pyramid panel (on the shared :class:`~nonogram_editor.plugin_api.PuzzlePanel`): count in the background, browse
meanwhile.

The counting runs in ``nonogram_editor_builtins.pyramid.solver``; solutions are read from the
:class:`~nonogram_editor_builtins.pyramid.store.SolutionStore` it fills, drawn in 2-D by
``nonogram_editor_builtins.pyramid.canvas`` and in 3-D from ``nonogram_editor_builtins.pyramid.scene``.
"""
from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QHBoxLayout, QWidget

from nonogram_editor.plugin_api import PuzzlePanel
from nonogram_editor_builtins.pyramid.canvas import TriangleCanvas
from nonogram_editor_builtins.pyramid.counting import Counting
from nonogram_editor_builtins.pyramid.model import SIDES, Solution, load_puzzle
from nonogram_editor_builtins.pyramid.store import SolutionStore


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
        self._counting = Counting(self.puzzle)

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
