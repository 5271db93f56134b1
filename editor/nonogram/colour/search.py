"""Beyond line logic in colour: probing and the search (Qt-free, cancellable).

As in two colours (:mod:`nonogram_editor.nonogram.search`), uniqueness is one question: *is there
a solution other than this picture?* :func:`find_alternative` answers it in three stages:

0. **Local**: in small overlapping windows, with every cell outside a window fixed to
   the picture, a short search for a solution that differs only inside it (the small
   "switches" that make most ambiguous drawings ambiguous, found in milliseconds).
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

from nonogram_editor.infra.tasks import Task
from nonogram_editor.nonogram.colour.puzzle import ColourBoard, ColourClues
from nonogram_editor.nonogram.search import Lookahead, windows


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


def find_solution(puzzle: ColourClues, board: ColourBoard, task: Task, stats: Lookahead,
                  picture: np.ndarray | None = None, budget: int | None = None) -> ColourBoard | None:
    """A solution completing ``board`` (at a line-logic fixpoint), or None when there is none
    (or none within ``budget`` guesses). Depth-first, line logic at every node; the
    picture's colour is tried first, else the background. (Probing every node, as the
    two-colour search for a first solution does, costs more than it saves here: what
    this search does not find quickly, the SAT solver does.)"""
    stack = [(board, 0)]
    guesses = 0
    while stack:
        task.check_cancelled()
        node, depth = stack.pop()
        cell = _choose_cell(node)
        if cell is None:
            return node
        if budget is not None and guesses >= budget:
            return None
        guesses += 1
        stats.branches += 1
        stats.depth = max(stats.depth, depth + 1)
        row, column = cell
        choices = _colours(node.possible(row, column))[::-1]  # the background (likeliest) popped first
        if picture is not None and int(picture[row, column]) in choices:
            choices.remove(int(picture[row, column]))
            choices.append(int(picture[row, column]))  # pushed last, popped first
        for colour in choices:
            child = puzzle.assume(node, row, column, 1 << colour, task)
            if child is not None:
                stack.append((child, depth + 1))
    return None


def _prove(puzzle: ColourClues, board: ColourBoard, row: int, column: int, keep: int) -> None:
    board.restrict(row, column, keep)
    if puzzle.propagate(board, (row,), (column,)) is None:
        raise RuntimeError("a proved cell contradicts the picture: the clues do not fit it")


LOCAL_BUDGET = 32  # guesses per cell and colour tried in a window


def _window(board: ColourBoard, goal: ColourBoard, rows: range, columns: range) -> ColourBoard | None:
    """``goal`` with the cells ``board`` leaves open inside the window opened as ``board``
    has them, or None when none is open there."""
    row_window = sum(1 << c for c in columns)
    column_window = sum(1 << r for r in rows)
    open_rows = {r: board.open_in_row(r) & row_window for r in rows}
    if not any(open_rows.values()):
        return None
    window = goal.copy()
    for r, open_cells in open_rows.items():
        if open_cells:
            window.rows[r] = tuple(g & ~open_cells | b & open_cells for g, b in zip(goal.rows[r], board.rows[r]))
    for c in columns:
        open_cells = sum(1 << r for r, mask in open_rows.items() if mask >> c & 1) & column_window
        if open_cells:
            window.columns[c] = tuple(g & ~open_cells | b & open_cells
                                      for g, b in zip(goal.columns[c], board.columns[c]))
    return window


def _local_alternative(puzzle: ColourClues, board: ColourBoard, picture: np.ndarray, task: Task,
                       stats: Lookahead) -> ColourBoard | None:
    """A solution that differs from the picture only inside one small window, if there is
    one (stage 0 of :func:`find_alternative`)."""
    goal = ColourBoard.from_grid(picture, puzzle.colours)
    height, width = board.height, board.width
    for rows, columns in windows(height, width):
        task.check_cancelled()
        window = _window(board, goal, rows, columns)
        if window is None:
            continue
        if puzzle.propagate(window, rows, columns, task) is None:
            raise RuntimeError("the picture does not fit the clues")
        for row, column in list(window.unknown_cells()):
            wanted = int(picture[row, column])
            for colour in _colours(window.possible(row, column) & ~(1 << wanted)):
                trial = puzzle.assume(window, row, column, 1 << colour, task)
                if trial is None:
                    continue
                found = find_solution(puzzle, trial, task, stats, picture, budget=LOCAL_BUDGET)
                if found is not None:
                    return found
    return None


def find_alternative(puzzle: ColourClues, board: ColourBoard, picture: np.ndarray, task: Task,
                     stats: Lookahead) -> ColourBoard | None:
    """A solution other than ``picture`` (a grid of colour indices that solves the puzzle),
    or None when the picture is the only one. ``board``, a line-logic fixpoint the picture
    agrees with, is narrowed in place as colours are ruled out."""
    local = _local_alternative(puzzle, board, picture, task, stats)
    if local is not None:
        return local
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
