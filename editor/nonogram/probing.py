"""Probing on bare clues: both values of every open cell, to a fixpoint (Qt-free).

A probe assumes a value for an open cell and runs line logic. When one value runs into
a contradiction the cell takes the other; cells that both values settle the same way
take that value. Rounds repeat until one proves nothing. What the probes of the last
round settle without proving is kept as *implications*: "cell a takes value u, so cell b
takes value v", a two-literal clause a SAT solver cannot derive by unit propagation from
a line encoding (it takes two lines' reasoning). Probes are cheap (the bitmask line
solver), so even a big puzzle with thousands of open cells reaches its fixpoint soon.
"""
from __future__ import annotations

from itertools import compress
from operator import ne

from nonogram_editor.infra.tasks import Task
from nonogram_editor.nonogram.puzzle import Board, Puzzle


def changed_lines(before_filled, before_empty, after_filled, after_empty) -> list[int]:
    """The indices where the ``after`` masks differ from the ``before`` ones (compared in C:
    a probe changes few lines)."""
    lines = range(len(before_filled))
    filled = compress(lines, map(ne, after_filled, before_filled))
    empty = compress(lines, map(ne, after_empty, before_empty))
    return sorted(set(filled).union(empty))


def changed_rows(before: Board, after: Board) -> list[int]:
    """The rows where ``after`` knows more than ``before``."""
    return changed_lines(before.row_filled, before.row_empty, after.row_filled, after.row_empty)


def _cells(row: int, mask: int, value: bool):
    while mask:
        low = mask & -mask
        yield row, low.bit_length() - 1, value
        mask ^= low


def _settled(before: Board, after: Board) -> list[tuple[int, int, bool]]:
    """The cells ``after`` knows and ``before`` does not: (row, column, filled), row by row,
    the filled ones of a row first."""
    cells = []
    for row in changed_rows(before, after):
        cells += _cells(row, after.row_filled[row] & ~before.row_filled[row], True)
        cells += _cells(row, after.row_empty[row] & ~before.row_empty[row], False)
    return cells


def _common(board: Board, one: Board, other: Board) -> list[tuple[int, int, bool]]:
    """The cells both ``one`` and ``other`` settle, with the same value, that ``board`` does not know."""
    cells = []
    for row in sorted(set(changed_rows(board, one)).intersection(changed_rows(board, other))):
        cells += _cells(row, one.row_filled[row] & other.row_filled[row] & ~board.row_filled[row], True)
        cells += _cells(row, one.row_empty[row] & other.row_empty[row] & ~board.row_empty[row], False)
    return cells


def probe_to_fixpoint(puzzle: Puzzle, board: Board, task: Task | None = None) -> list[list[int]] | None:
    """Probe ``board`` (at a line-logic fixpoint; changed in place) until a round proves
    nothing. Returns the implications of that last round as two-literal clauses over
    cell variables (cell (r, c) is ``r * width + c + 1``, positive: filled), or None when
    the clues have no solution."""
    width = puzzle.width

    while True:
        proved = False
        implications = []
        for row, column in list(board.unknown_cells()):
            if task is not None:
                task.check_cancelled()
            if board.value(row, column) is not None:
                continue  # proved earlier in this round
            filled, empty = (puzzle.assume(board, row, column, value) for value in (True, False))
            if filled is None and empty is None:
                return None
            if filled is None or empty is None:
                survivor = filled or empty
                board.row_filled, board.row_empty = survivor.row_filled, survivor.row_empty
                board.col_filled, board.col_empty = survivor.col_filled, survivor.col_empty
                proved = True
                continue
            common = _common(board, filled, empty)
            for other_row, other_column, value in common:
                board.set(other_row, other_column, value)
            if common:
                if puzzle.propagate(board, [r for r, _, _ in common], [c for _, c, _ in common]) is None:
                    return None
                proved = True
                continue
            variable = row * width + column + 1
            for assumed, trial in ((-variable, filled), (variable, empty)):  # "not that value, or ..."
                implications += [[assumed, r * width + c + 1 if value else -(r * width + c + 1)]
                                 for r, c, value in _settled(board, trial) if (r, c) != (row, column)]
        if not proved:
            return implications
