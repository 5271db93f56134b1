"""A puzzle's clues, what is known about its grid, and line logic to a fixpoint (Qt-free).

:class:`Board` keeps what is known as bit masks twice over, per row (bit = column) and per
column (bit = row), so that every line the solver looks at is ready as two ints.
:meth:`Puzzle.propagate` runs the line solver over a queue of changed lines until nothing
changes, and counts the *sweeps*: rounds of "look again at every row, then every column,
that changed since you last looked at it". That is how many passes over the grid a player
using line logic alone needs, a difficulty figure.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import or_

from nonogram_editor.infra.lazy import numpy as np
from nonogram_editor.infra.tasks import Task
from nonogram_editor.level.bit_rows import BitRows, array_to_rows, rows_to_array
from nonogram_editor.level.clues import clues as clues_of_grid
from nonogram_editor.nonogram.line import line_solver

Clue = tuple[int, ...]


class Board:
    """What is known about every cell of a ``height`` x ``width`` grid."""

    __slots__ = ("width", "height", "row_filled", "row_empty", "col_filled", "col_empty")

    def __init__(self, width: int, height: int):
        self.width = width
        self.height = height
        self.row_filled = [0] * height
        self.row_empty = [0] * height
        self.col_filled = [0] * width
        self.col_empty = [0] * width

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.width = self.width
        other.height = self.height
        other.row_filled = self.row_filled[:]
        other.row_empty = self.row_empty[:]
        other.col_filled = self.col_filled[:]
        other.col_empty = self.col_empty[:]
        return other

    def value(self, row: int, column: int) -> bool | None:
        """True filled, False empty, None not known."""
        bit = 1 << column
        if self.row_filled[row] & bit:
            return True
        if self.row_empty[row] & bit:
            return False
        return None

    def set(self, row: int, column: int, filled: bool) -> None:
        if filled:
            self.row_filled[row] |= 1 << column
            self.col_filled[column] |= 1 << row
        else:
            self.row_empty[row] |= 1 << column
            self.col_empty[column] |= 1 << row

    def unknown_in_row(self, row: int) -> int:
        """The mask of the row's cells not known yet."""
        return ((1 << self.width) - 1) & ~(self.row_filled[row] | self.row_empty[row])

    def unknown_count(self) -> int:
        return self.width * self.height - sum(map(int.bit_count, map(or_, self.row_filled, self.row_empty)))

    def is_complete(self) -> bool:
        full = (1 << self.width) - 1
        return all(f | e == full for f, e in zip(self.row_filled, self.row_empty))

    def unknown_cells(self) -> Iterable[tuple[int, int]]:
        """Every cell not known yet, row by row (as known when the iteration reaches it)."""
        for row in range(self.height):
            mask = self.unknown_in_row(row)
            while mask:
                low = mask & -mask
                yield row, low.bit_length() - 1
                mask ^= low

    def filled_array(self) -> np.ndarray:
        """Cells known filled, as a bool array (height, width)."""
        return rows_to_array(self.row_filled, self.width)

    def empty_array(self) -> np.ndarray:
        return rows_to_array(self.row_empty, self.width)

    @classmethod
    def from_rows(cls, row_filled: Sequence[int], row_empty: Sequence[int], width: int) -> Board:
        """The board that knows what the row masks say (bit c of row r: cell (r, c))."""
        board = cls(width, len(row_filled))
        board.row_filled, board.row_empty = list(row_filled), list(row_empty)
        board.col_filled = array_to_rows(rows_to_array(row_filled, width).T)
        board.col_empty = array_to_rows(rows_to_array(row_empty, width).T)
        return board

    @classmethod
    def from_array(cls, grid: np.ndarray) -> Board:
        """A complete board: ``grid``'s True cells filled, the rest empty."""
        grid = np.asarray(grid, dtype=bool)
        board = cls(grid.shape[1], grid.shape[0])
        board.row_filled = array_to_rows(grid)
        board.col_filled = array_to_rows(grid.T)
        board.row_empty = array_to_rows(~grid)
        board.col_empty = array_to_rows(~grid.T)
        return board


class Puzzle:
    """Row and column clues, with the shared line solvers for them."""

    def __init__(self, row_clues: Sequence[Sequence[int]], column_clues: Sequence[Sequence[int]]):
        self.row_clues: tuple[Clue, ...] = tuple(tuple(int(n) for n in clue) for clue in row_clues)
        self.column_clues: tuple[Clue, ...] = tuple(tuple(int(n) for n in clue) for clue in column_clues)
        self.height = len(self.row_clues)
        self.width = len(self.column_clues)
        if not self.width or not self.height:
            raise ValueError("a puzzle needs at least one row and one column")
        self._row_solvers = _line_solvers(self.row_clues, self.width)
        self._column_solvers = _line_solvers(self.column_clues, self.height)

    @classmethod
    def from_grid(cls, grid: np.ndarray) -> Puzzle:
        """The clues a drawing implies."""
        rows, columns = clues_of_grid(grid)
        return cls(rows, columns)

    def board(self) -> Board:
        """A board with nothing known."""
        return Board(self.width, self.height)

    def is_solution(self, grid: np.ndarray | BitRows) -> bool:
        if isinstance(grid, BitRows):
            if (grid.height, grid.width) != (self.height, self.width):
                return False
            rows, columns = grid.clues()
        else:
            grid = np.asarray(grid, dtype=bool)
            if grid.shape != (self.height, self.width):
                return False
            rows, columns = clues_of_grid(grid)
        return (tuple(map(tuple, rows)) == self.row_clues
                and tuple(map(tuple, columns)) == self.column_clues)

    def propagate(self, board: Board, rows: Iterable[int] | None = None, columns: Iterable[int] | None = None,
                  task: Task | None = None, looked_at: tuple[bytearray, bytearray] | None = None) -> int | None:
        """Line logic on ``board`` (in place) until nothing changes.

        ``rows``/``columns``: the lines to look at first (all of them when both are None),
        e.g. the row and column of a cell just set. Returns the number of sweeps that found
        something, or ``None`` when a line has no placement left (a contradiction; the
        board then holds what was known when it was found). ``looked_at``: a row and a
        column bytearray in which every line the line solver looked at gets a 1.
        """
        height, width = self.height, self.width
        # the lines to look at, as masks (bit i: line i)
        if rows is None and columns is None:
            row_pending, col_pending = (1 << height) - 1, (1 << width) - 1
        else:
            row_pending = col_pending = 0
            for row in rows or ():
                row_pending |= 1 << row
            for column in columns or ():
                col_pending |= 1 << column
        sweeps = 0
        # a sweep of a huge puzzle takes long: look at the task between its lines too
        line_task = task if max(height, width) > EAGER_LINES else None
        row_seen, col_seen = looked_at or (None, None)
        while row_pending or col_pending:
            if task is not None:
                task.check_cancelled()
            rows_changed = _sweep(self._row_solvers, board.row_filled, board.row_empty, row_pending,
                                  board.col_filled, board.col_empty, line_task, row_seen)
            if rows_changed is None:
                return None
            columns_changed = _sweep(self._column_solvers, board.col_filled, board.col_empty,
                                     col_pending | rows_changed, board.row_filled, board.row_empty, line_task, col_seen)
            if columns_changed is None:
                return None
            row_pending, col_pending = columns_changed, 0
            sweeps += bool(rows_changed or columns_changed)
        return sweeps

    def assume(self, board: Board, row: int, column: int, value: bool, task: Task | None = None) -> Board | None:
        """A copy of ``board`` with cell (row, column) set to ``value`` and line logic run
        from its row and column (a probe, or a guess), or None when that runs into a contradiction."""
        trial = board.copy()
        trial.set(row, column, value)
        return trial if self.propagate(trial, (row,), (column,), task) is not None else None

    def line_counts(self, board: Board, task: Task | None = None) -> tuple[list[int], list[int]]:
        """Each row's and column's number of placements still consistent with ``board``
        (``task`` is looked at between lines: a long count can be cancelled)."""
        return (_counts(self._row_solvers, board.row_filled, board.row_empty, task),
                _counts(self._column_solvers, board.col_filled, board.col_empty, task))


def _line_solvers(clues, length: int):
    """Each line's solver by index: a list, or for a huge puzzle made on first use (its
    thousands of solvers cost seconds: they are made as propagation reaches them, where
    the task's time limit is checked)."""
    if len(clues) <= EAGER_LINES:
        return [line_solver(clue, length) for clue in clues]
    return _LazyLineSolvers(clues, length)


class _LazyLineSolvers(dict):
    def __init__(self, clues, length: int):
        super().__init__()
        self._clues = clues
        self._length = length

    def __missing__(self, index: int):
        solver = self[index] = line_solver(self._clues[index], self._length)
        return solver


EAGER_LINES = 256  # up to this many lines in a direction, their solvers are made at once
TASK_CHECK_LINES = 32  # a sweep looks at its task every so many lines (a huge puzzle's sweep takes long)


def _counts(solvers, filled, empty, task: Task | None) -> list[int]:
    counts = []
    for index, (f, e) in enumerate(zip(filled, empty)):
        if task is not None:
            task.check_cancelled()
        solver = solvers[index]
        if f | e == solver.full:  # a known line has one placement, or none if it breaks its clue
            counts.append(0 if solver.solve(f, e) is None else 1)
        else:
            counts.append(solver.count(f, e))
    return counts


def _sweep(solvers, filled, empty, pending: int, cross_filled, cross_empty, task=None, seen=None) -> int | None:
    """Solve every line of one direction in the mask ``pending``; new cells go into the
    crossing lines.

    Returns the mask of the crossing lines that got new cells (0: nothing changed), or
    None on a contradiction. ``seen``: a bytearray in which each line looked at gets a 1.
    """
    touched = 0
    looked = 0
    while pending:
        bit = pending & -pending
        pending ^= bit
        index = bit.bit_length() - 1
        if seen is not None:
            seen[index] = 1
        if task is not None:
            looked += 1
            if not looked % TASK_CHECK_LINES:
                task.check_cancelled()
        old_filled, old_empty = known = filled[index], empty[index]
        solver = solvers[index]
        result = solver.memo.get(known)  # most looks, in probes, are memo hits: no call
        if result is None:
            result = solver.solve(old_filled, old_empty)
            if result is None:
                return None
        if result == known:
            continue
        new_filled, new_empty = filled[index], empty[index] = result
        fresh_filled, fresh_empty = new_filled ^ old_filled, new_empty ^ old_empty
        touched |= fresh_filled | fresh_empty
        for fresh, cross in ((fresh_filled, cross_filled), (fresh_empty, cross_empty)):
            while fresh:
                low = fresh & -fresh
                cross[low.bit_length() - 1] |= bit
                fresh ^= low
    return touched
