"""The voxel panel's disassembly controls: take the packing shown apart, step through the moves.

The search runs off the GUI thread (the panel's ``run``); the answer is kept per shown
packing as the pieces' shifts after each move (``disassemble.frames``), and the 3-D view
draws the packing with the shifts of the move reached (``VoxelPanel.scene_parts`` asks
:meth:`DisassemblyBar.shifts`).
"""
from __future__ import annotations

import weakref

from PySide6.QtCore import QEvent
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from plugins.voxel import layout

KEYS = {"previous": "Alt+PgUp", "next": "Alt+PgDown"}
AXES = ("x", "y", "z")


class DisassemblyBar(QWidget):
    """[Disassemble] [< Move] [Move >] and what the move reached does."""

    def __init__(self, panel):
        super().__init__(panel)
        self._panel = weakref.ref(panel)  # the panel owns the bar: no reference cycle back
        self.solution = None  # the packing taken apart (None: none yet)
        self.separation = None
        self.moves: list = []
        self.frames: list[list[tuple[int, int, int]]] = []
        self.step = 0
        self.start_button = QPushButton(self.tr("Disassemble"), self)
        self.start_button.setToolTip(self.tr("Find how the packing shown comes apart by sliding pieces"))
        self.previous_button = QPushButton(self.tr("< Move"), self)
        self.previous_button.setToolTip(self.tr("The move before ({0})").format(KEYS["previous"]))
        self.next_button = QPushButton(self.tr("Move >"), self)
        self.next_button.setToolTip(self.tr("The next move ({0})").format(KEYS["next"]))
        self.label = QLabel(self)
        self.label.setWordWrap(True)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        for button in (self.start_button, self.previous_button, self.next_button):
            row.addWidget(button)
        row.addStretch(1)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(row)
        column.addWidget(self.label)
        self.start_button.clicked.connect(self.start)
        self.previous_button.clicked.connect(self.previous_move)
        self.next_button.clicked.connect(self.next_move)
        panel.installEventFilter(self)  # the keys, pressed anywhere in the panel (see eventFilter)
        self.update_controls()

    @property
    def panel(self):
        return self._panel()

    def previous_move(self) -> None:
        self.go(self.step - 1)

    def next_move(self) -> None:
        self.go(self.step + 1)

    def eventFilter(self, watched, event) -> bool:
        """Alt+PgUp / Alt+PgDown in the panel step through the moves (a key no widget there took)."""
        if event.type() == QEvent.Type.KeyPress:
            pressed = QKeySequence(event.keyCombination())
            for name, button in (("previous", self.previous_button), ("next", self.next_button)):
                if pressed == QKeySequence(KEYS[name]) and button.isEnabled():
                    button.click()
                    return True
        return False

    def shifts(self, solution) -> list[tuple[int, int, int]] | None:
        """The pieces' shifts at the move reached, if ``solution`` is the one taken apart."""
        return self.frames[self.step] if self.frames and solution is self.solution else None

    def reset(self) -> None:
        """Forget the disassembly (another packing is shown)."""
        if self.solution is not None and self.panel.shown_solution() is not self.solution:
            self.solution, self.separation, self.moves, self.frames, self.step = None, None, [], [], 0
            self.label.setText("")
        self.update_controls()

    def update_controls(self) -> None:
        idle = not self.panel.busy and self.panel.shown_solution() is not None
        self.start_button.setEnabled(idle and self.solution is None)
        self.previous_button.setEnabled(bool(self.frames) and self.step > 0)
        self.next_button.setEnabled(bool(self.frames) and self.step < len(self.frames) - 1)

    def start(self) -> None:
        from plugins.voxel.disassemble import disassemble_solution, frames

        puzzle, solution = self.panel.puzzle, self.panel.shown_solution()

        def work(task):
            separation = disassemble_solution(puzzle, solution)
            return separation, frames(separation, [p.cells for p in solution]) if separation else []

        self.panel.run(work, self.tr("disassembling…"), lambda found: self._found(solution, *found))

    def _found(self, solution, separation, shown) -> None:
        if solution is not self.panel.shown_solution():
            return  # another packing is shown by now
        self.solution, self.separation, self.frames, self.step = solution, separation, shown, 0
        self.moves = list(separation.sequence()) if separation is not None else []
        if shown and not self.panel.view.camera_moved_by_user:  # frame the pieces taken apart: all stay in view
            self.step = len(shown) - 1
            self._show()
            self.panel.view.reset_camera()
            self.step = 0
        self._show()

    def go(self, step: int) -> None:
        if self.frames and 0 <= step < len(self.frames):
            self.step = step
            self._show()

    def _show(self) -> None:
        self.update_controls()
        if self.separation is None:
            self.label.setText(self.tr("This packing does not come apart: it is an assembly, not a solution."))
            return
        head = self.tr("Level {0}, {1} moves").format(self.separation.level, len(self.moves))
        if self.step == 0:
            self.label.setText(self.tr("{0}: assembled").format(head))
        else:
            move = self.moves[self.step - 1]
            labels = layout.placement_labels(self.panel.puzzle, self.solution)
            axis = next(i for i in range(3) if move.direction[i])
            sign = "+" if move.direction[axis] > 0 else "-"
            how = self.tr("out") if move.distance is None else self.tr("{0} cells").format(move.distance) \
                if move.distance > 1 else self.tr("1 cell")
            self.label.setText(self.tr("{0}: move {1}: {2} {3}{4} {5}").format(
                head, self.step, ", ".join(labels[k] for k in move.pieces), sign, AXES[axis], how))
        self.panel.canvas.changed.emit()  # the panel draws the pieces where this move left them
