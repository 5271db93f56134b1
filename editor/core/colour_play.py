"""Test-solve of a colour level (Qt-free): :class:`~nonogram_editor.core.play.PlaySession` in colour.

The player paints cells with the palette's colours and crosses some out (known background).
``marks`` keeps the two-colour meaning (UNKNOWN, FILLED, CROSSED) so that the play canvas
draws crosses as ever, and ``colours`` the palette index of each FILLED cell. The hint uses
the colour line solver (:mod:`nonogram_editor.nonogram.colour.line`) on the player's marks.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterable

import numpy as np

from nonogram_editor.core.colours import colour_name
from nonogram_editor.core.play import CROSSED, FILLED, UNKNOWN, CheckResult, Hint, PlaySession
from nonogram_editor.level.colour import RGB, colour_clues
from nonogram_editor.nonogram.colour.line import colour_line_solver
from nonogram_editor.nonogram.colour.puzzle import ColourClues


class ColourPlaySession(PlaySession):
    def __init__(self, grid: np.ndarray, palette: list[RGB], clock: Callable[[], float] = time.monotonic):
        self.palette = list(palette)
        self.colours = np.zeros(np.shape(grid), dtype=np.int64)  # of the FILLED cells
        self._start(np.array(grid, dtype=np.int64), colour_clues, clock)

    def mark(self, cells: Iterable[tuple[int, int]], value: int, colour: int = 1) -> None:
        """Set ``cells`` to UNKNOWN, CROSSED or FILLED with palette index ``colour``."""
        cells = list(cells)
        for cell in cells:
            if 0 <= cell[0] < self.shape[0] and 0 <= cell[1] < self.shape[1]:
                self.colours[cell] = colour if value == FILLED else 0
        super().mark(cells, value)

    def painted(self) -> np.ndarray:
        """Each cell's colour as the player has it: the FILLED cells' index, 0 elsewhere."""
        return np.where(self.marks == FILLED, self.colours, 0)

    def check(self) -> CheckResult:
        painted, filled = self.painted(), self.marks == FILLED
        mistakes = (filled & (painted != self._solution)) | ((self.marks == CROSSED) & (self._solution != 0))
        return CheckResult(bool(np.array_equal(painted, self._solution)), mistakes,
                           int(((self._solution != 0) & (painted != self._solution)).sum()))

    def hint(self) -> Hint:
        if self.check().solved:
            return Hint("Solved: nothing left to deduce.")
        colours = len(self.palette)
        for kind, marks, painted, line_clues in (("row", self.marks, self.colours, self.row_clues),
                                                 ("column", self.marks.T, self.colours.T, self.column_clues)):
            for index, (line, paint, clue) in enumerate(zip(marks, painted, line_clues)):
                allowed = _allowed(line, paint, colours)
                result = colour_line_solver(clue, len(line), colours).solve(allowed)
                name = f"{kind.capitalize()} {index + 1}"
                if result is None:
                    return Hint(f"{name}: your marks do not fit its clue {_clue_text(clue, self.palette)}.",
                                (kind, index))
                decided = [i for i in range(len(line)) if line[i] == UNKNOWN
                           and sum(mask >> i & 1 for mask in result) == 1]
                if decided:
                    cells = tuple((index, i) if kind == "row" else (i, index) for i in decided)
                    return Hint(f"{name} (clue {_clue_text(clue, self.palette)}): line logic decides "
                                f"{len(decided)} more cell{'s' * (len(decided) != 1)}.", (kind, index), cells)
        return self._propagated_hint(colours)

    def _propagated_hint(self, colours: int) -> Hint:
        """A line no single step advances may still yield to line logic over several lines (a cell
        known not to be some colour is not a mark the player can make): the first row with a cell
        it decides."""
        puzzle = ColourClues(self.row_clues, self.column_clues, colours)
        board = puzzle.board()
        for (row, column), mark in np.ndenumerate(self.marks):
            if mark != UNKNOWN:
                board.restrict(row, column, 1 << (0 if mark == CROSSED else int(self.colours[row, column])))
        if puzzle.propagate(board) is not None:
            decided = board.possible_array()
            decided = (self.marks == UNKNOWN) & (decided & (decided - 1) == 0)
            for row in np.flatnonzero(decided.any(axis=1)).tolist():
                cells = tuple((row, int(column)) for column in np.flatnonzero(decided[row]))
                return Hint(f"Row {row + 1}: line logic over its crossing columns decides {len(cells)} more "
                            f"cell{'s' * (len(cells) != 1)} (a cell can be known not to be a colour).",
                            ("row", row), cells)
        return Hint("No line can be advanced from your marks: the next step needs lookahead "
                    "(or there is another solution).")


def _allowed(marks: np.ndarray, painted: np.ndarray, colours: int) -> tuple[int, ...]:
    """A line's marks as the line solver's masks: per colour, the cells that may take it."""
    everything = (1 << len(marks)) - 1
    allowed = [everything] * colours
    for cell, (mark, colour) in enumerate(zip(marks.tolist(), painted.tolist())):
        if mark == UNKNOWN:
            continue
        keep = 0 if mark == CROSSED else colour
        for other in range(colours):
            if other != keep:
                allowed[other] &= ~(1 << cell)
    return tuple(allowed)


def _clue_text(clue: Iterable[tuple[int, int]], palette: list[RGB]) -> str:
    return ", ".join(f"{length} {colour_name(palette[colour])}" for length, colour in clue) or "0"
