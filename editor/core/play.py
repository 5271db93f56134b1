"""Test-solve (Qt-free): play a level as the player will, on a copy of its solution.

The player sees the clues over an empty grid, fills cells and crosses some out (known
empty). :meth:`PlaySession.check` compares with the solution; :meth:`PlaySession.hint`
names the first line (rows, then columns) where line logic, from the player's marks,
decides a cell the player has not marked yet. The level itself is never touched.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from nonogram_editor.level.clues import clues
from nonogram_editor.nonogram.line import solve_line

UNKNOWN, FILLED, CROSSED = 0, 1, 2


@dataclass(frozen=True)
class Hint:
    text: str
    line: tuple[str, int] | None = None  # ("row" or "column", index) it names
    cells: tuple = ()  # the cells line logic decides there


@dataclass(frozen=True)
class CheckResult:
    solved: bool
    mistakes: np.ndarray  # bool (h, w): filled where the solution is empty, or crossed where it is filled
    remaining: int  # filled cells of the solution the player has not filled yet


class PlaySession:
    def __init__(self, solution: np.ndarray, clock: Callable[[], float] = time.monotonic):
        self._start(np.array(solution, dtype=bool), clues, clock)

    def _start(self, solution: np.ndarray, clues_of: Callable[[np.ndarray], tuple[list[Any], list[Any]]],
               clock: Callable[[], float]) -> None:
        """Begin on ``solution`` (its clues: ``clues_of`` it), every cell unknown, the clock running."""
        self._solution = solution
        self.row_clues, self.column_clues = clues_of(solution)
        self.marks: np.ndarray = np.zeros(solution.shape, dtype=np.int8)
        self._clock = clock
        self._started = clock()
        self._finished: float | None = None

    @property
    def shape(self) -> tuple[int, int]:
        height, width = self.marks.shape
        return height, width

    def mark(self, cells: Iterable[tuple[int, int]], value: int) -> None:
        """Set ``cells`` (an iterable of (row, column)) to UNKNOWN, FILLED or CROSSED."""
        for cell in cells:
            if 0 <= cell[0] < self.shape[0] and 0 <= cell[1] < self.shape[1]:
                self.marks[cell] = value
        if self._finished is None and self.check().solved:
            self._finished = self._clock()

    def elapsed(self) -> float:
        """Seconds since the start (stopped once the puzzle is solved)."""
        return (self._finished if self._finished is not None else self._clock()) - self._started

    def check(self) -> CheckResult:
        filled = self.marks == FILLED
        mistakes = (filled & ~self._solution) | ((self.marks == CROSSED) & self._solution)
        return CheckResult(bool(np.array_equal(filled, self._solution)), mistakes,
                           int((self._solution & ~filled).sum()))

    def hint(self) -> Hint:
        if self.check().solved:
            return Hint("Solved: nothing left to deduce.")
        for kind, lines, line_clues in (("row", self.marks, self.row_clues),
                                        ("column", self.marks.T, self.column_clues)):
            for index, (line, clue) in enumerate(zip(lines, line_clues)):
                filled, empty = _bits(line == FILLED), _bits(line == CROSSED)
                result = solve_line(tuple(clue), len(line), filled, empty)
                name = f"{kind.capitalize()} {index + 1}"
                if result is None:
                    return Hint(f"{name}: your marks do not fit its clue {_clue_text(clue)}.", (kind, index))
                new = (result[0] & ~filled) | (result[1] & ~empty)
                if new:
                    decided = [i for i in range(len(line)) if new >> i & 1]
                    cells = tuple((index, i) if kind == "row" else (i, index) for i in decided)
                    return Hint(f"{name} (clue {_clue_text(clue)}): line logic decides {len(decided)} more "
                                f"cell{'s' * (len(decided) != 1)}.", (kind, index), cells)
        return Hint("No single line can be advanced from your marks: the next step needs lookahead "
                    "(or there is another solution).")


def _bits(mask: np.ndarray) -> int:
    return sum(1 << i for i in np.flatnonzero(mask).tolist())


def _clue_text(clue: Iterable[int]) -> str:
    return " ".join(str(n) for n in clue) or "0"
