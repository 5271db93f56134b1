"""Beyond line logic: probing and the search for a second solution (Qt-free, cancellable).

The editor always knows the intended picture, so uniqueness is one question: *is there a
solution different from this one?* (webpbn's checker asks it the same way).
:func:`find_alternative` answers it in three stages:

0. **Local**: in small overlapping windows, with every cell outside a window fixed to
   the picture, a short repair search for a solution that differs only inside it. It
   finds the small "switches" that make most ambiguous drawings ambiguous, in
   milliseconds even where the stages below take long (big random noise).
1. **Probing** (one cell of lookahead): for each cell line logic left open, assume the
   opposite of the picture and run line logic. A contradiction proves the picture's value
   (a player can make the same deduction by trying the cell); a trial that settles
   every line it disturbed is a second solution. Rounds repeat while they prove something.
2. **Search**: for each cell still open, a depth-first search (line logic at every node)
   for a solution with that cell opposite to the picture. It is a *repair* search: it
   only guesses cells of the disturbed lines (those where something already differs from
   the picture). Once no disturbed line has an open cell, giving every open cell its
   picture value completes a solution: each undisturbed line then *is* the picture's line.
   No solution in that search proves the cell.

Every proved cell is added to the shared board, so later probes and searches start from
more knowledge. When the board is complete, the picture is the only solution.

Bare clues need a first solution before that: :func:`find_solution` without a picture,
a depth-first search that probes every open cell at each node before it guesses.
"""
from __future__ import annotations

from dataclasses import dataclass

from nonogram_editor.infra.lazy import numpy as np
from nonogram_editor.infra.tasks import Task
from nonogram_editor.infra.wording import Activity
from nonogram_editor.nonogram.probing import changed_lines, changed_rows
from nonogram_editor.nonogram.puzzle import Board, Puzzle


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


def _fewest_unknowns(full: int, filled, empty, picture=None):
    """(index, unknown mask) of the line with the fewest open cells; with ``picture``, only
    among lines where a known cell differs from it. None when there is no such line."""
    best = None
    best_count = 1 << 30
    for index, (f, e) in enumerate(zip(filled, empty)):
        unknown = full & ~(f | e)
        if not unknown:
            continue
        if picture is not None and not ((f & ~picture[index]) | (e & picture[index])):
            continue
        count = unknown.bit_count()
        if count < best_count:
            best_count, best = count, (index, unknown)
    return best


def _choose_cell(board: Board, picture: Board | None = None) -> tuple[int, int] | None:
    """An open cell in the row or column with the fewest open cells (with ``picture``: in a
    line that differs from it), or None if there is none."""
    rows = _fewest_unknowns((1 << board.width) - 1, board.row_filled, board.row_empty,
                            picture and picture.row_filled)
    columns = _fewest_unknowns((1 << board.height) - 1, board.col_filled, board.col_empty,
                               picture and picture.col_filled)
    if rows is None and columns is None:
        return None
    if columns is None or (rows is not None and rows[1].bit_count() <= columns[1].bit_count()):
        row, unknown = rows
        return row, (unknown & -unknown).bit_length() - 1
    column, unknown = columns
    return (unknown & -unknown).bit_length() - 1, column


def _complete_with(board: Board, picture: Board) -> Board:
    """``board`` with every open cell given the picture's value."""
    done = board.copy()
    full = (1 << board.width) - 1
    for row, (f, e) in enumerate(zip(board.row_filled, board.row_empty)):
        unknown = full & ~(f | e)
        done.row_filled[row] = f | (unknown & picture.row_filled[row])
        done.row_empty[row] = e | (unknown & ~picture.row_filled[row])
    full = (1 << board.height) - 1
    for column, (f, e) in enumerate(zip(board.col_filled, board.col_empty)):
        unknown = full & ~(f | e)
        done.col_filled[column] = f | (unknown & picture.col_filled[column])
        done.col_empty[column] = e | (unknown & ~picture.col_filled[column])
    return done


def find_solution(puzzle: Puzzle, board: Board, task: Task, stats: Lookahead,
                  picture: Board | None = None, budget: int | None = None) -> tuple[Board | None, bool]:
    """A solution that completes ``board`` (which must be at a line-logic fixpoint).

    Depth-first, line logic at every node. Without ``picture``, every node is probed
    first (:func:`_probe_node`) and the guess is the cell whose probes settle most, empty
    tried first. With ``picture`` (a complete board of a known solution): the repair search
    described above, which tries the picture's value first. ``budget``: at most that many
    guesses. Returns the solution (or None) and whether the search was exhaustive (None
    and exhaustive: there is none).
    """
    stack = [(board, 0)]
    guesses = 0
    while stack:
        task.check_cancelled()
        node, depth = stack.pop()
        if picture is None:
            cell = _probe_node(puzzle, node, task, stats, score=budget is None or guesses < budget)
            if cell is False:
                continue
        else:
            cell = _choose_cell(node, picture)
        if cell is None:
            return (node if picture is None else _complete_with(node, picture)), True
        if budget is not None and guesses >= budget:
            return None, False
        guesses += 1
        stats.branches += 1
        stats.depth = max(stats.depth, depth + 1)
        row, column = cell
        first = False if picture is None else bool(picture.row_filled[row] >> column & 1)
        for value in (not first, first):  # the preferred value is pushed last, popped first
            child = puzzle.assume(node, row, column, value, task)
            if child is not None:
                stack.append((child, depth + 1))
    return None, True


def _probe_node(puzzle: Puzzle, node: Board, task: Task, stats: Lookahead | None = None,
                score: bool = True) -> tuple[int, int] | None | bool:
    """Probing at a node of the search for a first solution: each open cell is tried with
    both values; where one runs into a contradiction, the other is set in ``node`` (in
    place, with line logic) and the passes over the open cells go on until one settles
    nothing. Returns False when the node has no solution, None when it is complete, else
    the cell to guess: the one whose weaker probe settled most cells (far fewer guesses
    than choosing by line alone: docs/benchmarks.md); without ``score``, the first open
    cell (the caller will not guess). ``stats``: counts the probes, passes and proved cells.

    As pbnsolve's probe pad: a value that an earlier probe of the same pass set is not
    probed (its line logic reaches a part of what that probe reached, so where the node
    has not changed since, it cannot run into a contradiction). A pass that settles
    nothing has not changed the node, so it misses no contradiction; only then are the
    values it skipped probed, and only with ``score``, for their cells' scores."""
    stats = stats or Lookahead()
    while True:
        cells = list(node.unknown_cells())
        if not cells:
            return None
        stats.probe_rounds += 1
        gains = _probe_pass(puzzle, node, cells, task, stats)
        if gains is False:
            return False
        if gains is not None:
            break
    if not score:
        return cells[0]
    best, best_score = None, -1
    open_cells = len(cells)
    for cell in cells:
        both = gains[cell]
        for index, value in enumerate((True, False)):
            if both[index] is None:  # skipped in the pass: it cannot contradict
                trial = puzzle.assume(node, *cell, value, task)
                stats.probes += 1
                both[index] = 0 if trial is None else open_cells - trial.unknown_count()
        cell_score = min(both) * (open_cells + 1) + max(both)
        if cell_score > best_score:
            best, best_score = cell, cell_score
    return best


def _probe_pass(puzzle: Puzzle, node: Board, cells: list[tuple[int, int]], task: Task,
                stats: Lookahead) -> dict | None | bool:
    """One pass of :func:`_probe_node` over ``cells`` (the open cells): False when the
    node has no solution, None when a contradiction settled a cell (``node`` changed in
    place), else per cell [filled, empty]: how many cells each value's probe settled
    (None where the value was skipped)."""
    pad = ([0] * node.height, [0] * node.height)  # (filled, empty) row masks this pass's probes set
    gains = {}
    settled = False
    open_cells = node.unknown_count()  # counted again when a contradiction settles cells
    for row, column in cells:
        if node.value(row, column) is not None:
            continue
        task.check_cancelled()
        bit = 1 << column
        both: list[int | None] = []
        contradicts = []
        for value, padded in ((True, pad[0]), (False, pad[1])):
            if padded[row] & bit:
                both.append(None)
                continue
            stats.probes += 1
            trial = puzzle.assume(node, row, column, value, task)
            if trial is None:
                contradicts.append(value)
                both.append(None)
                continue
            both.append(open_cells - trial.unknown_count())
            for changed in changed_rows(node, trial):
                pad[0][changed] |= trial.row_filled[changed] & ~node.row_filled[changed]
                pad[1][changed] |= trial.row_empty[changed] & ~node.row_empty[changed]
        if contradicts:
            if len(contradicts) == 2:
                return False
            node.set(row, column, not contradicts[0])
            stats.proved_by_probing += 1
            if puzzle.propagate(node, (row,), (column,), task) is None:
                return False
            settled = True
            open_cells = node.unknown_count()
            continue
        gains[row, column] = both
    return None if settled else gains


def _open_in_disturbed_lines(board: Board, trial: Board, picture: Board) -> int:
    """How many open cells the lines that differ from the picture still have in ``trial``
    (a repair search from it has that much left to decide: the smaller, the more
    promising). ``board``, which ``trial`` knows more than, agrees with the picture: only
    the lines ``trial`` changed can differ from it."""
    total = 0
    for full, before, after, goal in (
            ((1 << board.width) - 1, (board.row_filled, board.row_empty), (trial.row_filled, trial.row_empty),
             picture.row_filled),
            ((1 << board.height) - 1, (board.col_filled, board.col_empty), (trial.col_filled, trial.col_empty),
             picture.col_filled)):
        filled, empty = after
        for index in changed_lines(*before, *after):
            f, e, g = filled[index], empty[index], goal[index]
            if (f & ~g) | (e & g):
                total += (full & ~(f | e)).bit_count()
    return total


WINDOW = 6  # side of the square windows the local stage searches
WINDOW_STEP = 3  # windows overlap by half: any difference within 4x4 cells lies inside one


def windows(height: int, width: int, side: int = WINDOW, step: int = WINDOW_STEP):
    """Windows over a height x width grid, as (rows, columns) ranges: squares of ``side``
    cells, ``step`` apart (the local stage's, or the SAT stage's with its own sizes)."""
    for top in range(0, max(1, height - side + step), step):
        for left in range(0, max(1, width - side + step), step):
            yield range(top, min(height, top + side)), range(left, min(width, left + side))


LOCAL_BUDGET = 32  # guesses per cell tried in a window
FIRST_BUDGET = 64  # guesses per cell in the first search round; each round multiplies it by 4
FIRST_WIDTH = 8  # cells (the most promising) the first round searches; each round multiplies it by 4


def _prove(puzzle: Puzzle, board: Board, row: int, column: int, value: bool) -> None:
    board.set(row, column, value)
    if puzzle.propagate(board, (row,), (column,)) is None:
        raise RuntimeError("a proved cell contradicts the picture: the clues do not fit it")


def _local_alternative(puzzle: Puzzle, board: Board, goal: Board, task: Task, stats: Lookahead) -> Board | None:
    """A second solution that differs from the picture only inside one small window, if
    there is one (stage 0 of :func:`find_alternative`).

    Each window keeps open only the cells ``board`` (line logic's fixpoint) leaves open;
    every other cell takes the picture's value. The lines through the window are then
    nearly decided, so line logic and a short repair search per open cell are quick.
    Drawings close to random noise, where line logic settles little and the global
    stages take long, nearly always have such a local alternative.
    """
    height, width = board.height, board.width
    for rows, columns in windows(height, width):
        task.check_cancelled()
        row_window = sum(1 << c for c in columns)
        if not any(board.unknown_in_row(r) & row_window for r in rows):
            continue
        window = goal.copy()
        for r in rows:
            open_cells = board.unknown_in_row(r) & row_window
            window.row_filled[r] &= ~open_cells
            window.row_empty[r] &= ~open_cells
            for c in columns:
                if open_cells >> c & 1:
                    window.col_filled[c] &= ~(1 << r)
                    window.col_empty[c] &= ~(1 << r)
        if puzzle.propagate(window, rows, columns, task) is None:
            raise RuntimeError("the picture does not fit the clues")
        for row, column in window.unknown_cells():
            trial = puzzle.assume(window, row, column, not goal.row_filled[row] >> column & 1, task)
            if trial is None:
                continue
            found, _ = find_solution(puzzle, trial, task, stats, picture=goal, budget=LOCAL_BUDGET)
            if found is not None:
                return found
    return None


def find_alternative(puzzle: Puzzle, board: Board, picture: np.ndarray, task: Task,
                     stats: Lookahead) -> Board | None:
    """A solution other than ``picture`` (a bool grid that solves the puzzle), or None when
    the picture is the only one.

    ``board`` must be a line-logic fixpoint the picture agrees with; it is completed in
    place as cells are proved (so on None it holds the picture). The searches go in
    rounds over more and more of the open cells, the most promising (by their probe)
    first, with a growing budget of guesses per cell, so that one hard cell never hides an
    easy alternative elsewhere; in the end every cell is searched exhaustively.
    """
    goal = Board.from_array(picture)
    local = _local_alternative(puzzle, board, goal, task, stats)
    if local is not None:
        return local
    total = board.unknown_count() or 1
    promise: dict[tuple[int, int], int] = {}

    proved = True
    while proved and not board.is_complete():
        proved = False
        stats.probe_rounds += 1
        for row, column in board.unknown_cells():
            if board.value(row, column) is not None:
                continue  # proved meanwhile by an earlier probe of this round
            task.check_cancelled()
            stats.probes += 1
            value = bool(picture[row, column])
            trial = puzzle.assume(board, row, column, not value, task)
            if trial is None:
                _prove(puzzle, board, row, column, value)
                stats.proved_by_probing += 1
                proved = True
                task.report(total - board.unknown_count(), total, Activity.tr("probing"))
                continue
            open_cells = _open_in_disturbed_lines(board, trial, goal)
            if open_cells == 0:
                return _complete_with(trial, goal)
            promise[row, column] = open_cells

    budget, width = FIRST_BUDGET, FIRST_WIDTH
    candidates = sorted(board.unknown_cells(), key=lambda cell: promise.get(cell, 1 << 30))
    while candidates:
        unsettled = []
        for index, (row, column) in enumerate(candidates):
            if board.value(row, column) is not None:
                continue
            if index >= width:  # later rounds, with more budget, come back to it
                unsettled.append((row, column))
                continue
            value = bool(picture[row, column])
            trial = puzzle.assume(board, row, column, not value, task)
            if trial is not None:
                found, exhaustive = find_solution(puzzle, trial, task, stats, picture=goal, budget=budget)
                if found is not None:
                    return found
                if not exhaustive:
                    unsettled.append((row, column))
                    continue
            _prove(puzzle, board, row, column, value)
            stats.proved_by_search += 1
            task.report(total - board.unknown_count(), total, Activity.tr("searching"))
        candidates = unsettled
        budget *= 4
        width *= 4
    return None
