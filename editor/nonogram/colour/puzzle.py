"""A colour puzzle's clues, what is known about its grid, and line logic to a fixpoint (Qt-free).

What is known about a cell is the set of colours it may still take (a bit per colour, bit
0 the background); a cell is decided when one is left. :class:`ColourBoard` keeps it as one
mask per colour for every row (bit = column) and every column (bit = row), so that each
line is ready for the line solver (:mod:`nonogram_editor.nonogram.colour.line`) as a tuple of ints.
:meth:`ColourClues.propagate` runs the line solver over the changed lines until nothing
changes and counts the sweeps, as the two-colour :class:`nonogram_editor.nonogram.puzzle.Puzzle` does.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from nonogram_editor.infra.lazy import numpy as np
from nonogram_editor.infra.tasks import Task
from nonogram_editor.level.colour import colour_clues
from nonogram_editor.nonogram.colour.line import colour_line_solver
from nonogram_editor.nonogram.puzzle import array_to_rows, rows_to_array

ColourClue = tuple[tuple[int, int], ...]


class ColourBoard:
    """What is known about every cell of a ``height`` x ``width`` grid of ``colours`` colours."""

    __slots__ = ("width", "height", "colours", "rows", "columns")

    def __init__(self, width: int, height: int, colours: int):
        self.width = width
        self.height = height
        self.colours = colours
        self.rows = [((1 << width) - 1,) * colours] * height  # per row: a mask per colour
        self.columns = [((1 << height) - 1,) * colours] * width

    def copy(self) -> ColourBoard:
        other = ColourBoard.__new__(ColourBoard)
        other.width, other.height, other.colours = self.width, self.height, self.colours
        other.rows = self.rows[:]
        other.columns = self.columns[:]
        return other

    def possible(self, row: int, column: int) -> int:
        """The colours cell (row, column) may take, as bits (bit c: colour c)."""
        return sum(1 << colour for colour, mask in enumerate(self.rows[row]) if mask >> column & 1)

    def value(self, row: int, column: int) -> int | None:
        """The cell's colour when decided, else None."""
        possible = self.possible(row, column)
        return possible.bit_length() - 1 if possible and not possible & (possible - 1) else None

    def restrict(self, row: int, column: int, keep: int) -> None:
        """Let cell (row, column) take only the colours of ``keep`` (bits) it could take."""
        row_masks, column_masks = list(self.rows[row]), list(self.columns[column])
        for colour in range(self.colours):
            if not keep >> colour & 1:
                row_masks[colour] &= ~(1 << column)
                column_masks[colour] &= ~(1 << row)
        self.rows[row], self.columns[column] = tuple(row_masks), tuple(column_masks)

    def open_in_row(self, row: int) -> int:
        """The mask of the row's cells with more than one colour left."""
        seen = twice = 0
        for mask in self.rows[row]:
            twice |= seen & mask
            seen |= mask
        return twice

    def unknown_count(self) -> int:
        return sum(self.open_in_row(row).bit_count() for row in range(self.height))

    def is_complete(self) -> bool:
        return not any(self.open_in_row(row) for row in range(self.height))

    def unknown_cells(self) -> Iterable[tuple[int, int]]:
        """Every open cell, row by row (as known when the iteration reaches it)."""
        for row in range(self.height):
            mask = self.open_in_row(row)
            while mask:
                low = mask & -mask
                yield row, low.bit_length() - 1
                mask ^= low

    def possible_array(self) -> np.ndarray:
        """Per cell, the colours it may still take as bits (int, height x width): the shading
        of open cells (a cell may be known not to be some colour without being decided)."""
        result = np.zeros((self.height, self.width), dtype=np.int64)
        for colour in range(self.colours):
            result |= rows_to_array([masks[colour] for masks in self.rows], self.width).astype(np.int64) << colour
        return result

    def grid(self) -> np.ndarray:
        """Each cell's lowest possible colour (the picture, on a complete board)."""
        possible = self.possible_array()
        low = possible & -possible
        return np.where(possible > 0, np.log2(np.maximum(low, 1)).astype(np.int64), 0)

    def filled_array(self) -> np.ndarray:
        """Cells decided to a colour other than the background (bool)."""
        possible = self.possible_array()
        return (possible > 1) & (possible & (possible - 1) == 0)

    def empty_array(self) -> np.ndarray:
        """Cells decided to the background (bool)."""
        return self.possible_array() == 1

    @classmethod
    def from_rows(cls, rows, width: int) -> ColourBoard:
        """A board that knows what ``rows`` (per row a mask per colour, as :attr:`rows`) says."""
        rows = [tuple(masks) for masks in rows]
        board = cls(width, len(rows), len(rows[0]))
        board.rows = rows
        board.columns = [tuple(sum((masks[colour] >> column & 1) << row for row, masks in enumerate(rows))
                               for colour in range(board.colours)) for column in range(width)]
        return board

    @classmethod
    def from_grid(cls, grid: np.ndarray, colours: int) -> ColourBoard:
        """A complete board: each cell the colour ``grid`` gives it."""
        grid = np.asarray(grid)
        board = cls(grid.shape[1], grid.shape[0], colours)
        board.rows = [tuple(_mask(line == colour) for colour in range(colours)) for line in grid]
        board.columns = [tuple(_mask(line == colour) for colour in range(colours)) for line in grid.T]
        return board


def _mask(cells: np.ndarray) -> int:
    return array_to_rows(np.asarray(cells, dtype=bool)[None, :])[0]


class ColourClues:
    """Row and column colour clues, with the shared line solvers for them: the engine's view of
    a colour puzzle, as :class:`nonogram_editor.nonogram.puzzle.Puzzle` is of a two-colour one (the
    exchange formats' puzzle, with palette, goal and metadata, is
    :class:`nonogram_editor.level.colour.ColourPuzzle`)."""

    def __init__(self, row_clues: Sequence, column_clues: Sequence, colours: int):
        self.row_clues = tuple(tuple((int(n), int(c)) for n, c in clue) for clue in row_clues)
        self.column_clues = tuple(tuple((int(n), int(c)) for n, c in clue) for clue in column_clues)
        self.colours = int(colours)
        self.height = len(self.row_clues)
        self.width = len(self.column_clues)
        if not self.width or not self.height:
            raise ValueError("a puzzle needs at least one row and one column")
        if self.colours < 2:
            raise ValueError(f"a colour puzzle needs the background and at least one colour, not {colours}")
        self._row_solvers = [colour_line_solver(clue, self.width, self.colours) for clue in self.row_clues]
        self._column_solvers = [colour_line_solver(clue, self.height, self.colours) for clue in self.column_clues]

    @classmethod
    def from_grid(cls, grid: np.ndarray, colours: int) -> ColourClues:
        """The clues a drawing of colour indices implies."""
        rows, columns = colour_clues(grid)
        return cls(rows, columns, colours)

    def board(self) -> ColourBoard:
        return ColourBoard(self.width, self.height, self.colours)

    def is_solution(self, grid: np.ndarray) -> bool:
        grid = np.asarray(grid)
        if grid.shape != (self.height, self.width) or grid.min(initial=0) < 0 or grid.max(initial=0) >= self.colours:
            return False
        rows, columns = colour_clues(grid)
        return (tuple(map(tuple, rows)) == self.row_clues
                and tuple(map(tuple, columns)) == self.column_clues)

    def propagate(self, board: ColourBoard, rows: Iterable[int] | None = None,
                  columns: Iterable[int] | None = None, task: Task | None = None) -> int | None:
        """Line logic on ``board`` (in place) until nothing changes: the sweeps that found
        something, or None on a contradiction. ``rows``/``columns``: the lines to look at
        first (all when both are None)."""
        if rows is None and columns is None:
            row_pending = bytearray(b"\x01") * self.height
            column_pending = bytearray(b"\x01") * self.width
        else:
            row_pending, column_pending = bytearray(self.height), bytearray(self.width)
            for row in rows or ():
                row_pending[row] = 1
            for column in columns or ():
                column_pending[column] = 1
        sweeps = 0
        while 1 in row_pending or 1 in column_pending:
            if task is not None:
                task.check_cancelled()
            rows_changed = _sweep(self._row_solvers, board.rows, row_pending, board.columns, column_pending)
            if rows_changed is None:
                return None
            columns_changed = _sweep(self._column_solvers, board.columns, column_pending, board.rows, row_pending)
            if columns_changed is None:
                return None
            sweeps += rows_changed or columns_changed
        return sweeps

    def assume(self, board: ColourBoard, row: int, column: int, keep: int,
               task: Task | None = None) -> ColourBoard | None:
        """A copy of ``board`` where cell (row, column) takes only the colours of ``keep``
        (bits), line logic run from its row and column; None on a contradiction."""
        trial = board.copy()
        trial.restrict(row, column, keep)
        return trial if self.propagate(trial, (row,), (column,), task) is not None else None

    def line_counts(self, board: ColourBoard, task: Task | None = None) -> tuple[list[int], list[int]]:
        """Each row's and column's number of placements still consistent with ``board``."""
        counts = []
        for solvers, lines in ((self._row_solvers, board.rows), (self._column_solvers, board.columns)):
            found = []
            for solver, line in zip(solvers, lines):
                if task is not None:
                    task.check_cancelled()
                found.append(solver.count(line))
            counts.append(found)
        return counts[0], counts[1]


def _sweep(solvers, lines, pending, cross, cross_pending) -> bool | None:
    """Solve every pending line of one direction; what it rules out goes into the crossing
    lines. Whether anything changed, or None on a contradiction."""
    changed = False
    index = pending.find(1)
    while index >= 0:
        pending[index] = 0
        old = lines[index]
        new = solvers[index].solve(old)
        if new is None:
            return None
        if new != old:
            changed = True
            lines[index] = new
            keep = ~(1 << index)
            for colour, (before, after) in enumerate(zip(old, new)):
                removed = before & ~after
                while removed:
                    low = removed & -removed
                    crossing = low.bit_length() - 1
                    line = cross[crossing]
                    cross[crossing] = line[:colour] + (line[colour] & keep,) + line[colour + 1:]
                    cross_pending[crossing] = 1
                    removed ^= low
        index = pending.find(1, index + 1)
    return changed
