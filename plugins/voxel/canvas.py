"""A voxel packing in 2-D, for the panel beside the 3-D view: the assembly step and one layer (or all
of them side by side) as text."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QScrollArea, QSlider, QSpinBox

from nonogram_editor.plugin_api import PuzzleCanvas, part_id
from nonogram_editor_builtins.voxel import layout
from nonogram_editor_builtins.voxel.model import Puzzle


class LayerView(PuzzleCanvas):
    """The packing in 2-D: the assembly step (how many pieces are in, bottom up) and one layer as text
    ("all layers": every layer side by side)."""

    changed = Signal()  # the layer or the assembly step moved: the 3-D view follows

    def __init__(self, parent=None):
        super().__init__(parent)
        self.puzzle: Puzzle | None = None
        self.order: list[int] = []  # the assembly order of the solution shown
        self.step_slider = QSlider(Qt.Orientation.Horizontal, self)
        self.step_slider.setToolTip(self.tr("Assembly: how many pieces are in, bottom up"))
        self.step_label = QLabel(self)
        self.layer_spin = QSpinBox(self)
        self.layer_spin.setMinimum(-1)
        self.layer_spin.setSpecialValueText(self.tr("all layers"))
        self.layer_spin.setPrefix(self.tr("layer z = "))
        self.layer_text = QLabel(self)
        self.layer_text.setFont(QFont("monospace"))
        self.layer_text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.layer_text.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.layer_text.setToolTip(self.tr("Seen from above: a letter per piece, '.' a hole"))
        layers = QScrollArea(self)  # all the layers side by side may be wider than the panel
        layers.setWidget(self.layer_text)
        layers.setWidgetResizable(True)
        layers.setFrameShape(QFrame.Shape.NoFrame)
        grid = QGridLayout(self)
        grid.addWidget(QLabel(self.tr("Assembly:"), self), 0, 0)
        grid.addWidget(self.step_slider, 0, 1)
        grid.addWidget(self.step_label, 1, 0, 1, 2)
        grid.addWidget(self.layer_spin, 2, 0, 1, 2)
        grid.addWidget(layers, 3, 0, 1, 2)
        grid.setRowStretch(3, 1)
        self.step_slider.valueChanged.connect(self._moved)
        self.layer_spin.valueChanged.connect(self._moved)

    def set_puzzle(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.layer_spin.setMaximum(puzzle.size[2] - 1)
        self.layer_spin.setValue(-1)

    def set_solution(self, solution) -> None:
        self.solution = solution
        self.order = [] if solution is None else layout.assembly_order(solution)
        self.step_slider.blockSignals(True)
        self.step_slider.setRange(0, len(self.order))
        self.step_slider.setValue(len(self.order))
        self.step_slider.blockSignals(False)
        self._describe()

    def layer(self) -> int | None:
        return None if self.layer_spin.value() < 0 else self.layer_spin.value()

    def visible_parts(self) -> set[str] | None:
        """The parts in at this assembly step (None: all of them)."""
        step = self.step_slider.value()
        return None if step >= len(self.order) else {part_id(i) for i in self.order[:step]}

    def _moved(self, _value: int) -> None:
        self._describe()
        self.changed.emit()

    def _describe(self) -> None:
        if self.solution is None:
            self.step_label.setText("")
            self.layer_text.setText("")
            return
        step, order = self.step_slider.value(), self.order
        if step >= len(order):
            self.step_label.setText(self.tr("all {0} pieces").format(len(order)))
        else:
            labels = layout.placement_labels(self.puzzle, self.solution)
            latest = self.tr(": last in {0}").format(labels[order[step - 1]]) if step else ""
            self.step_label.setText(self.tr("{0} of {1}{2}").format(step, len(order), latest))
        layer = self.layer()
        self.layer_text.setText(layout.layers_side_by_side(self.puzzle, self.solution) if layer is None
                                else layout.layer_text(self.puzzle, self.solution, layer))
