"""Test-solve: play the level as the player will (a window over a copy of the level).

Left button fills, right button crosses out (known empty), pressing a cell that already
has that mark clears it; drags mark every cell they pass. Arrow keys move the cell
cursor, Space fills, X crosses out, Delete clears. The session
(:class:`~nonogram_editor.core.play.PlaySession`) keeps the marks, the timer, the check and the
hint; the level in the editor is never changed.
"""
from __future__ import annotations

import numpy as np
from PySide6.QtCore import QRect, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QScrollArea, QVBoxLayout, QWidget

from nonogram_editor.core import Editor
from nonogram_editor.core.colour_play import ColourPlaySession
from nonogram_editor.core.grid_look import picture_colours
from nonogram_editor.core.play import CROSSED, FILLED, UNKNOWN, PlaySession
from nonogram_editor.core.shapes import bresenham
from nonogram_editor.level import Level
from nonogram_editor.level.colour import COLOUR, indexed_picture, level_background, level_kind
from nonogram_editor.level.document import LevelDocument
from nonogram_editor.ui.colour_picker import ColourPicker
from nonogram_editor.ui.grid_canvas import SolutionCanvas

MISTAKE_OVERLAY, HINT_OVERLAY = "play: mistakes", "play: hint"
MISTAKE_COLOUR, HINT_COLOUR = QColor(230, 40, 40, 150), QColor(40, 160, 60, 110)
CROSS_COLOUR = QColor(120, 120, 130)


class PlayCanvas(SolutionCanvas):
    """The clues over the player's marks (the grid under them is a private copy)."""

    def __init__(self, session: PlaySession | ColourPlaySession, level: Level, parent=None,
                 about: dict[str, str] | None = None):
        self.session = session
        editor = Editor(LevelDocument.from_level(level))
        editor.document.about = dict(about or {})  # a colour level's clues are drawn in colour
        super().__init__(editor, parent)

    def filled_cells(self) -> np.ndarray:
        return self.session.marks == FILLED

    def cell_colours(self) -> np.ndarray:
        """A colour level: each painted cell in its colour (never the picture, which is the answer)."""
        if not isinstance(self.session, ColourPlaySession):
            return super().cell_colours()
        palette = np.asarray(self.session.palette, dtype=np.uint8)
        painted = np.where((self.session.marks == FILLED)[..., None], palette[self.session.colours], 255)
        return picture_colours(painted.astype(np.uint8), self.overlay_tints())

    def cell_looks(self) -> np.ndarray:
        """The solution canvas's looks, then whether the cell is crossed out."""
        return np.concatenate([super().cell_looks(), (self.session.marks == CROSSED).astype(np.uint32)[..., None]],
                              axis=2)

    def paint_marks(self, painter: QPainter, exposed: QRect) -> None:
        painter.setPen(QPen(CROSS_COLOUR, max(1, self.cell_size // 10)))
        inset = max(2, self.cell_size // 4)
        rows, columns = self.exposed_cells(exposed)
        crossed = self.session.marks[rows, columns] == CROSSED
        for row, column in zip(*np.nonzero(crossed)):
            rect = self.cell_rect(rows.start + int(row), columns.start + int(column)).adjusted(
                inset, inset, -inset, -inset)
            painter.drawLine(rect.topLeft(), rect.bottomRight())
            painter.drawLine(rect.topRight(), rect.bottomLeft())
        super().paint_marks(painter, exposed)


class PlayWindow(QWidget):
    def __init__(self, level: Level, title: str, cell_size: int, parent=None, about: dict[str, str] | None = None):
        """``about``: the level info; a colour level (:mod:`nonogram_editor.level.colour`) is played in
        colour, the colour to paint with chosen in a row of swatches (``colour_picker``)."""
        super().__init__(parent, Qt.Window)
        self.setAttribute(Qt.WA_DeleteOnClose)
        self.setWindowTitle(self.tr("Test-solve {0}").format(title))
        self._colour_level = level_kind(about or {}) == COLOUR
        if self._colour_level:
            self._grid, self._palette = indexed_picture(level.picture, level_background(about))
        self.session = self._new_session(level.solution)
        self.canvas = PlayCanvas(self.session, level, about=about)
        self.canvas.set_cell_size(cell_size)
        self._mark = UNKNOWN
        self._last = (0, 0)
        self._solved = False  # what the message last said
        self.canvas.pressed.connect(self._pressed)
        self.canvas.dragged.connect(self._dragged)
        self.canvas.arrow_key.connect(self._arrow)
        self.canvas.cell_key.connect(self._key)

        self.timer_label = QLabel()
        self.message_label = QLabel(self.tr("Left: paint the chosen colour, right: cross out; arrows, Space, X, "
                                            "Delete.") if self._colour_level
                                    else self.tr("Left: fill, right: cross out; arrows, Space, X, Delete."))
        self.message_label.setWordWrap(True)
        self.check_button = QPushButton(self.tr("&Check"))
        self.hint_button = QPushButton(self.tr("&Hint"))
        self.restart_button = QPushButton(self.tr("&Restart"))
        self.check_button.clicked.connect(self.check)
        self.hint_button.clicked.connect(self.hint)
        self.restart_button.clicked.connect(self.restart)
        buttons = QHBoxLayout()
        for widget in (self.timer_label, self.check_button, self.hint_button, self.restart_button):
            buttons.addWidget(widget)
        scroll = QScrollArea()
        scroll.setWidget(self.canvas)
        scroll.setAlignment(Qt.AlignCenter)
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        self.colour_picker = ColourPicker(self._palette[1:], first_index=1) if self._colour_level else None
        if self.colour_picker is not None:
            layout.addWidget(self.colour_picker)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.message_label)
        self._ticker = QTimer(self)
        self._ticker.timeout.connect(self._tick)
        self._ticker.start(1000)
        self._tick()
        size = self.canvas.sizeHint()
        self.resize(min(size.width() + 60, 1200), min(size.height() + 140, 900))

    def _tick(self) -> None:
        seconds = int(self.session.elapsed())
        self.timer_label.setText(f"{seconds // 60}:{seconds % 60:02d}")

    def _new_session(self, solution: np.ndarray):
        return ColourPlaySession(self._grid, self._palette) if self._colour_level else PlaySession(solution)

    def _apply(self, cells) -> None:
        if self.colour_picker is not None:
            self.session.mark(cells, self._mark, self.colour_picker.current)
        else:
            self.session.mark(cells, self._mark)
        self.canvas.set_overlay(MISTAKE_OVERLAY, None, MISTAKE_COLOUR)
        self.canvas.refresh_cells()
        self.canvas.update_marks()  # the cell cursor follows the click
        solved = self.session.check().solved
        if solved:
            self._tick()
            self.message_label.setText(self.tr("Solved in {0}!").format(self.timer_label.text()))
        elif self._solved:  # a later mark undid it: the message must not go on saying so
            self.message_label.setText(self.tr("Not solved any more: a mark differs from the solution "
                                               "(first solved in {0}).").format(self.timer_label.text()))
        self._solved = solved

    def _pressed(self, cell, button, _shift) -> None:
        wanted = FILLED if button == Qt.LeftButton else CROSSED
        same = self.session.marks[cell] == wanted and (
            self.colour_picker is None or wanted != FILLED or self.session.colours[cell] == self.colour_picker.current)
        self._mark = UNKNOWN if same else wanted
        self._last = cell
        self.canvas.editor.set_cursor(cell)
        self._apply([cell])

    def _dragged(self, cell, _shift) -> None:
        if cell != self._last:
            self._apply(bresenham(self._last, cell)[1:])
            self._last = cell

    def _arrow(self, rows: int, columns: int, shift: bool) -> None:
        editor = self.canvas.editor
        start = editor.cursor
        editor.move_cursor(rows, columns)
        if shift:
            self._apply(bresenham(start, editor.cursor))
        self.canvas.update_marks()

    def _key(self, key: str) -> None:
        self._mark = {"fill": FILLED, "clear": CROSSED}.get(key, UNKNOWN)
        self._apply([self.canvas.editor.cursor])

    def check(self) -> None:
        result = self.session.check()
        self._solved = result.solved
        self.canvas.set_overlay(MISTAKE_OVERLAY, result.mistakes if result.mistakes.any() else None, MISTAKE_COLOUR)
        if result.solved:
            self.message_label.setText(self.tr("Solved in {0}!").format(self.timer_label.text()))
        else:
            mistakes = int(result.mistakes.sum())
            remaining = result.remaining
            self.message_label.setText(self.tr("{0} (shown in red); {1} to go.").format(
                self.tr("1 mistake") if mistakes == 1 else self.tr("{0} mistakes").format(mistakes),
                self.tr("1 filled cell") if remaining == 1 else self.tr("{0} filled cells").format(remaining)))

    def hint(self) -> None:
        hint = self.session.hint()
        cells = np.zeros(self.session.shape, dtype=bool)
        if hint.line is not None:
            kind, index = hint.line
            if kind == "row":
                cells[index] = True
            else:
                cells[:, index] = True
        self.canvas.set_overlay(HINT_OVERLAY, cells if cells.any() else None, HINT_COLOUR)
        self.message_label.setText(hint.text)

    def restart(self) -> None:
        self.session = self.canvas.session = self._new_session(self.session_solution())
        for name in (MISTAKE_OVERLAY, HINT_OVERLAY):
            self.canvas.set_overlay(name, None, QColor())
        self.message_label.setText(self.tr("Started again."))
        self._solved = False
        self._tick()

    def session_solution(self) -> np.ndarray:
        return self.canvas.document.visible_solution()
