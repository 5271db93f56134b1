"""Beyond line logic in colour: probing and the search (Qt-free, cancellable).

As in two colours (:mod:`editor.nonogram.search`), uniqueness is one question: *is there
a solution other than this picture?* :func:`find_alternative` answers it in two stages:

1. **Probing** (one cell of lookahead): each open cell is given, in turn, each colour it
   may take other than the picture's, and line logic runs. A contradiction rules that
   colour out of the cell (a player can make the same deduction by trying it); a trial
   that completes the board is another solution. Rounds repeat while they rule something out.
2. **Search**: for each cell still open, a depth-first search (line logic at every node)
   for a solution where that cell is not the picture's colour; none proves the cell.

:func:`find_solution` is that depth-first search on its own: a first solution of bare clues.
"""
from __future__ import annotations

import numpy as np

from editor.nonogram.colour.puzzle import ColourBoard, ColourPuzzle
from editor.nonogram.search import Lookahead
from editor.tasks import Task


def _choose_cell(board: ColourBoard) -> tuple[int, int] | None:
    """An open cell of the row with the fewest open cells, or None if there is none."""
    best, best_count = None, 1 << 30
    for row in range(board.height):
        open_cells = board.open_in_row(row)
        count = open_cells.bit_count()
        if open_cells and count < best_count:
            best, best_count = (row, (open_cells & -open_cells).bit_length() - 1), count
    return best


def _colours(bits: int) -> list[int]:
    return [colour for colour in range(bits.bit_length()) if bits >> colour & 1]


def find_solution(puzzle: ColourPuzzle, board: ColourBoard, task: Task, stats: Lookahead,
                  picture: np.ndarray | None = None) -> ColourBoard | None:
    """A solution completing ``board`` (at a line-logic fixpoint), or None when there is none.
    Depth-first, line logic at every node; with ``picture``, its colour is tried first."""
    stack = [(board, 0)]
    while stack:
        task.check_cancelled()
        node, depth = stack.pop()
        cell = _choose_cell(node)
        if cell is None:
            return node
        stats.branches += 1
        stats.depth = max(stats.depth, depth + 1)
        row, column = cell
        choices = _colours(node.possible(row, column))
        if picture is not None and int(picture[row, column]) in choices:
            choices.remove(int(picture[row, column]))
            choices.append(int(picture[row, column]))  # pushed last, popped first
        for colour in choices:
            child = puzzle.assume(node, row, column, 1 << colour, task)
            if child is not None:
                stack.append((child, depth + 1))
    return None


def _prove(puzzle: ColourPuzzle, board: ColourBoard, row: int, column: int, keep: int) -> None:
    board.restrict(row, column, keep)
    if puzzle.propagate(board, (row,), (column,)) is None:
        raise RuntimeError("a proved cell contradicts the picture: the clues do not fit it")


def find_alternative(puzzle: ColourPuzzle, board: ColourBoard, picture: np.ndarray, task: Task,
                     stats: Lookahead) -> ColourBoard | None:
    """A solution other than ``picture`` (a grid of colour indices that solves the puzzle),
    or None when the picture is the only one. ``board``, a line-logic fixpoint the picture
    agrees with, is narrowed in place as colours are ruled out."""
    total = board.unknown_count() or 1
    proved = True
    while proved and not board.is_complete():
        proved = False
        stats.probe_rounds += 1
        for row, column in board.unknown_cells():
            wanted = int(picture[row, column])
            for colour in _colours(board.possible(row, column) & ~(1 << wanted)):
                if not board.possible(row, column) >> colour & 1:
                    continue  # ruled out meanwhile
                task.check_cancelled()
                stats.probes += 1
                trial = puzzle.assume(board, row, column, 1 << colour, task)
                if trial is None:
                    _prove(puzzle, board, row, column, ~(1 << colour))
                    proved = True
                    if board.value(row, column) is not None:
                        stats.proved_by_probing += 1
                    continue
                if trial.is_complete():
                    return trial
            task.report(total - board.unknown_count(), total, "probing")
    for row, column in list(board.unknown_cells()):
        if board.value(row, column) is not None:
            continue
        wanted = int(picture[row, column])
        trial = puzzle.assume(board, row, column, ~(1 << wanted), task)
        if trial is not None:
            found = find_solution(puzzle, trial, task, stats, picture)
            if found is not None:
                return found
        _prove(puzzle, board, row, column, 1 << wanted)
        stats.proved_by_search += 1
        task.report(total - board.unknown_count(), total, "searching")
    return None
