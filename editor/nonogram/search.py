"""Beyond line logic: probing and the search for a second solution (Qt-free, cancellable).

The editor always knows the intended picture, so uniqueness is one question: *is there a
solution different from this one?* (webpbn's checker asks it the same way).
:func:`find_alternative` answers it in two stages:

1. **Probing** (one cell of lookahead): for each cell line logic left open, assume the
   opposite of the picture and run line logic. A contradiction proves the picture's value
   (a player can make the same deduction by trying the cell); a complete grid is a second
   solution. Rounds repeat while they prove something.
2. **Search**: for each cell still open, a depth-first search (line logic at every node)
   for any solution with that cell opposite to the picture, trying the picture's value
   first everywhere else so that a nearby alternative is found early. No solution there
   proves the cell too.

Every proved cell is added to the shared board, so later probes and searches start from
more knowledge. When the board is complete, the picture is the only solution.
"""
from __future__ import annotations

from dataclasses import dataclass

from editor.nonogram.puzzle import Board, Puzzle
from editor.tasks import Task


@dataclass
class Lookahead:
    """How much work beyond line logic a verdict took (the BRANCH difficulty figures)."""

    probes: int = 0  # cells tried with one cell of lookahead
    probe_rounds: int = 0
    proved_by_probing: int = 0  # cells a single probe's contradiction proved
    proved_by_search: int = 0  # cells only a search could prove
    branches: int = 0  # search nodes where a cell had to be guessed
    depth: int = 0  # the deepest stack of guesses

    @property
    def needs_search(self) -> bool:
        return self.proved_by_search > 0


def _choose_cell(board: Board) -> tuple[int, int]:
    """An open cell in the row or column with the fewest open cells (most constrained)."""
    best = None
    best_count = 1 << 30
    full_row = (1 << board.width) - 1
    for row, (f, e) in enumerate(zip(board.row_filled, board.row_empty)):
        unknown = full_row & ~(f | e)
        if unknown:
            count = unknown.bit_count()
            if count < best_count:
                best_count, best = count, (row, (unknown & -unknown).bit_length() - 1)
    full_column = (1 << board.height) - 1
    for column, (f, e) in enumerate(zip(board.col_filled, board.col_empty)):
        unknown = full_column & ~(f | e)
        if unknown:
            count = unknown.bit_count()
            if count < best_count:
                best_count, best = count, ((unknown & -unknown).bit_length() - 1, column)
    return best


def find_solution(puzzle: Puzzle, board: Board, task: Task, stats: Lookahead,
                  prefer: list[int] | None = None) -> Board | None:
    """Any solution that completes ``board`` (which must be at a line-logic fixpoint).

    Depth-first, line logic at every node. ``prefer``: row masks of a picture whose value
    is tried first at each guess (else filled first).
    """
    stack = [(board, 0)]
    while stack:
        task.check_cancelled()
        node, depth = stack.pop()
        if node.is_complete():
            return node
        stats.branches += 1
        stats.depth = max(stats.depth, depth + 1)
        row, column = _choose_cell(node)
        first = True if prefer is None else bool(prefer[row] >> column & 1)
        for value in (not first, first):  # the preferred value is pushed last, popped first
            child = node.copy()
            child.set(row, column, value)
            if puzzle.propagate(child, (row,), (column,)) is not None:
                stack.append((child, depth + 1))
    return None


def _prove(puzzle: Puzzle, board: Board, row: int, column: int, value: bool) -> None:
    board.set(row, column, value)
    if puzzle.propagate(board, (row,), (column,)) is None:
        raise RuntimeError("a proved cell contradicts the picture: the clues do not fit it")


def find_alternative(puzzle: Puzzle, board: Board, picture: list[int], task: Task,
                     stats: Lookahead) -> Board | None:
    """A solution other than ``picture`` (row masks), or None when the picture is unique.

    ``board`` must be a line-logic fixpoint the picture agrees with; it is completed in
    place as cells are proved (so on None it holds the picture).
    """
    total = board.unknown_count() or 1

    def picture_value(row: int, column: int) -> bool:
        return bool(picture[row] >> column & 1)

    proved = True
    while proved and not board.is_complete():
        proved = False
        stats.probe_rounds += 1
        for row, column in board.unknown_cells():
            if board.value(row, column) is not None:
                continue  # proved meanwhile by an earlier probe of this round
            task.check_cancelled()
            stats.probes += 1
            value = picture_value(row, column)
            trial = board.copy()
            trial.set(row, column, not value)
            if puzzle.propagate(trial, (row,), (column,)) is None:
                _prove(puzzle, board, row, column, value)
                stats.proved_by_probing += 1
                proved = True
                task.report(total - board.unknown_count(), total, "probing")
            elif trial.is_complete():
                return trial

    for row, column in board.unknown_cells():
        if board.value(row, column) is not None:
            continue
        value = picture_value(row, column)
        trial = board.copy()
        trial.set(row, column, not value)
        if puzzle.propagate(trial, (row,), (column,), task) is not None:
            found = find_solution(puzzle, trial, task, stats, prefer=picture)
            if found is not None:
                return found
        _prove(puzzle, board, row, column, value)
        stats.proved_by_search += 1
        task.report(total - board.unknown_count(), total, "searching")
    return None
