"""The tiling panel: the shared PuzzlePanel does the rest (jobs, browsing, 3-D view, selection)."""
from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QComboBox, QWidget

from nonogram_editor.plugin_api import PuzzleCanvas, PuzzlePanel
from polyomino_tiling import scene, solver
from polyomino_tiling.model import PUZZLES, Tiling


class TilingCanvas(PuzzleCanvas):
    """The tiling in 2-D (``self.solution``, ``self.selected``); clicking a piece selects it in 3-D too.

    It keeps the puzzle, not the panel: a child holding its parent's Python object would be a
    reference cycle, which the garbage collector may break on a worker thread (a crash)."""

    def __init__(self, tiling: Tiling, parent=None):
        super().__init__(parent)
        self.tiling = tiling

    def cell_rect(self, x: int, y: int) -> QRectF:
        unit = min(self.width() / self.tiling.width, self.height() / self.tiling.height)
        return QRectF(x * unit, y * unit, unit, unit)

    def mousePressEvent(self, event):
        for index, (_name, cells) in enumerate(self.solution or ()):
            if any(self.cell_rect(x, y).contains(event.position()) for x, y in cells):
                self.pieceClicked.emit(index)

    def paintEvent(self, event):
        painter = QPainter(self)
        for index, (_name, cells) in enumerate(self.solution or ()):
            painter.setPen(QPen(QColor(0, 0, 0), 3 if index == self.selected else 1))
            painter.setBrush(QColor(*scene.piece_color(index)))
            for x, y in cells:
                painter.drawRect(self.cell_rect(x, y))
        painter.end()


class TilingPanel(PuzzlePanel):
    title = "The tiling puzzles"

    def load(self) -> None:
        self.puzzles = {tiling.id: tiling for tiling in PUZZLES}
        self.puzzle_spec = self.spec_of(PUZZLES[0])  # the puzzle the box shows first

    def make_options(self) -> QWidget:
        self.puzzle_box = QComboBox(self)
        for tiling in PUZZLES:
            self.puzzle_box.addItem(tiling.title, tiling.id)
        self.puzzle_box.currentIndexChanged.connect(self._puzzle_chosen)
        return self.puzzle_box

    def make_actions(self) -> None:
        self.count_button = self.add_action("Count all", self.count)

    def make_canvas(self) -> TilingCanvas:
        return TilingCanvas(self.tiling, self)

    @property
    def tiling(self) -> Tiling:
        return self.puzzles[self.puzzle_box.currentData()]

    def _puzzle_chosen(self, _index: int) -> None:
        self.canvas.tiling = self.tiling
        self.puzzle_spec = self.spec_of(self.tiling)
        self.set_solutions([])
        self.status.setText("")

    def count(self) -> None:
        tiling = self.tiling
        self.run(lambda task: list(solver.solutions(task, tiling)), "counting…", self._counted)

    def _counted(self, solutions) -> None:
        self.set_solutions(solutions, complete=True)
        self.report(f"{self.tiling.title}: {len(solutions):,} tilings")
