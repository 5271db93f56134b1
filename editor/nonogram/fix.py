"""Fix suggestions: which cell edits make a drawing a better puzzle (Qt-free, cancellable).

    effects = single_cell_effects(drawing, task=task)   # every useful one-cell flip, best first
    plan = make_line_solvable(drawing, max_edits=10)    # a few flips that make it LINE
    plan = make_harder(drawing)                         # flips that keep it unique but need more

A flip changes the clues of one row and one column only, so each candidate is judged by
line logic over the new clues (lines the flip does not touch mostly hit the line
solvers' memo, which is what makes trying every cell affordable). Line logic reaching
the whole picture proves the flipped drawing unique (LINE). For a MULT drawing, a flip
that leaves the known other solution (flipped the same way) a solution of the new clues
surely stays MULT, without a full check; it may still bring line logic closer.
The most promising flips then get the full verdict, so what a suggestion promises
(``kind``) is what :func:`editor.nonogram.verdict.check_drawing` says.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from editor.level.clues import clues as clues_of_grid, line_clues
from editor.nonogram.grade import grade_verdict
from editor.nonogram.puzzle import Puzzle
from editor.nonogram.verdict import BRANCH, LINE, MULT, STALLED, UNDECIDED, Verdict, cells_to_json, check_drawing
from editor.tasks import Task, TimeUp

CHECKED = 5  # candidates (the most promising) that get the full verdict
CHECK_SECONDS = 2.0  # time for those full verdicts, all together


@dataclass
class Suggestion:
    """Flipping ``cells`` gives ``kind`` with ``open_cells`` left open by line logic.

    ``kind`` is LINE (proved by line logic), BRANCH or MULT (the full verdict), or
    STALLED when only line logic was run (uniqueness not decided).
    """

    cells: tuple[tuple[int, int], ...]
    kind: str
    open_cells: int
    settled: int  # how many more cells line logic settles than before the flips
    sweeps: int
    border: int  # how many of the flipped cells lie on the border of a block (a gentle change)
    grade: int | None = None  # LINE/BRANCH: the grade of the flipped drawing, when computed

    @property
    def unique(self) -> bool:
        return self.kind in (LINE, BRANCH)

    def describe(self) -> str:
        where = ", ".join(f"({r + 1},{c + 1})" for r, c in self.cells)
        effect = {LINE: "unique, line logic solves it", BRANCH: "unique, needs lookahead",
                  MULT: "still more than one solution", STALLED: "uniqueness not checked",
                  UNDECIDED: "uniqueness undecided"}[self.kind]
        grade = f", grade {self.grade}" if self.grade is not None else ""
        return f"flip {where}: {self.kind} ({effect}{grade}); line logic settles {self.settled:+d} cells, " \
               f"{self.open_cells} open"

    def to_json(self) -> dict:
        return {"cells": cells_to_json(self.cells), "verdict": self.kind, "open_cells": self.open_cells,
                "settled": self.settled, "sweeps": self.sweeps, "border": self.border, "grade": self.grade}


def flipped(drawing: np.ndarray, cells) -> np.ndarray:
    result = np.array(drawing, dtype=bool, copy=True)
    for row, column in cells:
        result[row, column] = not result[row, column]
    return result


def on_block_border(drawing: np.ndarray, row: int, column: int) -> bool:
    """Whether a neighbour (4-connected, inside the grid) has the other value: flipping the
    cell moves a block's edge instead of punching a hole or adding a speck."""
    value = drawing[row, column]
    height, width = drawing.shape
    return any(0 <= r < height and 0 <= c < width and drawing[r, c] != value
               for r, c in ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)))


class _Flips:
    """Line logic on one-cell flips of a drawing, with the drawing's clues reused."""

    def __init__(self, drawing: np.ndarray):
        self.drawing = np.asarray(drawing, dtype=bool)
        self.rows, self.columns = clues_of_grid(self.drawing)

    def line_logic(self, row: int, column: int, task: Task) -> tuple[int, int]:
        """(open cells, sweeps) line logic leaves on the drawing with (row, column) flipped."""
        grid = self.drawing
        grid[row, column] = not grid[row, column]
        try:
            rows = self.rows[:row] + [line_clues(grid[row])] + self.rows[row + 1:]
            columns = self.columns[:column] + [line_clues(grid[:, column])] + self.columns[column + 1:]
        finally:
            grid[row, column] = not grid[row, column]
        puzzle = Puzzle(rows, columns)
        board = puzzle.board()
        sweeps = puzzle.propagate(board, task=task)
        return board.unknown_count(), sweeps


def _candidates(verdict: Verdict) -> tuple[list[tuple[int, int]], set[tuple[int, int]]]:
    """The cells worth flipping (those in a row or column line logic leaves open), and
    those among them that surely stay MULT: their flip leaves the other solution (flipped
    the same way) a solution of the new clues."""
    open_rows = verdict.undetermined.any(axis=1)
    open_columns = verdict.undetermined.any(axis=0)
    cells = [(int(r), int(c)) for r, c in zip(*np.nonzero(open_rows[:, None] | open_columns[None, :]))]
    if verdict.kind != MULT:
        return cells, set()
    picture, other = verdict.picture, verdict.alternative
    same = picture == other
    same_rows, same_columns = same.all(axis=1), same.all(axis=0)
    # the flip changes one row and one column; every other line of the two solutions keeps its clue
    return cells, {(r, c) for r, c in cells
                   if (same_rows[r] or _same_clue_after_flip(other[r], picture[r], c))
                   and (same_columns[c] or _same_clue_after_flip(other[:, c], picture[:, c], r))}


def _same_clue_after_flip(other: np.ndarray, picture: np.ndarray, index: int) -> bool:
    """Whether two different lines with equal clues still have equal clues when both flip cell ``index``."""
    other, picture = other.copy(), picture.copy()
    other[index] = not other[index]
    picture[index] = not picture[index]
    return line_clues(other) == line_clues(picture)


def _rank(suggestion: Suggestion) -> tuple:
    """Best first: unique (LINE before BRANCH) before the rest, then fewest cells left open
    by line logic (the closest to line-solvable), undecided before MULT, block borders first."""
    order = {LINE: 0, BRANCH: 1}.get(suggestion.kind, 2)
    return order, suggestion.open_cells, suggestion.kind == MULT, -suggestion.border, suggestion.cells


def _full_check(suggestion: Suggestion, drawing: np.ndarray, task: Task, seconds: float = CHECK_SECONDS) -> Verdict:
    """The full verdict (time-limited) on the suggestion's drawing; its kind replaces the suggestion's."""
    verdict = _time_limited_verdict(flipped(drawing, suggestion.cells), task, seconds)
    suggestion.kind = verdict.kind
    return verdict


class _Relay(Task):
    """A task with its own time limit that is also cancelled when its parent is."""

    def __init__(self, parent: Task, seconds: float):
        super().__init__(time_limit=seconds)
        self._parent = parent

    def check_cancelled(self) -> None:
        self._parent.check_cancelled()
        super().check_cancelled()


def single_cell_effects(drawing: np.ndarray, verdict: Verdict | None = None, task: Task | None = None,
                        checked: int = CHECKED, check_seconds: float = CHECK_SECONDS) -> tuple[Verdict, list[Suggestion]]:
    """The drawing's verdict and what flipping each useful cell gives, best first.

    Only for MULT and BRANCH drawings (else the list is empty). Suggestions that line
    logic does not prove unique get the full verdict, best first, until ``checked`` of
    them are unique or ``check_seconds`` have passed; the rest stay STALLED
    (``open_cells`` still says how close line logic gets).
    """
    task = task or Task()
    drawing = np.asarray(drawing, dtype=bool)
    verdict = verdict or check_drawing(drawing, task)
    if verdict.kind not in (MULT, BRANCH):
        return verdict, []
    flips = _Flips(drawing)
    before = verdict.open_cells
    candidates, surely_mult = _candidates(verdict)
    suggestions = []
    for done, (row, column) in enumerate(candidates):
        task.check_cancelled()
        task.report(done, len(candidates), "trying single-cell edits")
        open_cells, sweeps = flips.line_logic(row, column, task)
        kind = LINE if open_cells == 0 else MULT if (row, column) in surely_mult else STALLED
        suggestions.append(Suggestion(((row, column),), kind, open_cells, before - open_cells, sweeps,
                                      int(on_block_border(drawing, row, column))))
    suggestions.sort(key=_rank)
    helpful = sum(s.kind == LINE for s in suggestions)
    deadline = time.monotonic() + check_seconds
    for suggestion in suggestions:  # the best first, until enough of them are unique
        left = deadline - time.monotonic()
        if helpful >= checked or left <= 0:
            break
        if suggestion.kind == STALLED:
            _full_check(suggestion, drawing, task, left)
            helpful += suggestion.unique
    suggestions.sort(key=_rank)
    return verdict, suggestions


@dataclass
class Plan:
    """A set of flips and the verdict they lead to."""

    cells: list[tuple[int, int]]
    verdict: Verdict
    grade: int | None = None

    def to_json(self) -> dict:
        return {"edits": cells_to_json(self.cells), "result": self.verdict.kind, "result_grade": self.grade,
                "result_open_cells": self.verdict.open_cells}


def make_line_solvable(drawing: np.ndarray, max_edits: int = 20, task: Task | None = None) -> Plan:
    """Flip cells one at a time, each time the one after which line logic leaves the
    fewest cells open (block borders preferred), until line logic solves the drawing or
    ``max_edits`` flips are made or no flip helps. The plan's verdict says where it got."""
    task = task or Task()
    current = np.array(drawing, dtype=bool)
    cells: list[tuple[int, int]] = []
    verdict = check_drawing(current, task, line_logic_only=True)
    while verdict.kind != LINE and len(cells) < max_edits:
        flips = _Flips(current)
        best = None
        candidates, _ = _candidates(verdict)
        for done, (row, column) in enumerate(candidates):
            task.check_cancelled()
            task.report(done, len(candidates), f"edit {len(cells) + 1}: trying cells")
            open_cells, _ = flips.line_logic(row, column, task)
            key = (open_cells, not on_block_border(current, row, column))
            if best is None or key < best[0]:
                best = key, (row, column)
        if best is None or best[0][0] >= verdict.open_cells:
            break  # no single flip gets line logic further
        row, column = best[1]
        current[row, column] = not current[row, column]
        cells.append((row, column))
        verdict = check_drawing(current, task, line_logic_only=True)
    if verdict.kind != LINE:
        verdict = _time_limited_verdict(current, task, CHECK_SECONDS)
    return Plan(cells, verdict, _grade(verdict, task))


def _time_limited_verdict(drawing: np.ndarray, task: Task, seconds: float) -> Verdict:
    return check_drawing(drawing, _Relay(task, seconds))


def _grade(verdict: Verdict, task: Task) -> int | None:
    try:
        path = grade_verdict(verdict, task)
    except TimeUp:
        return None
    return None if path is None else path.grade


def make_harder(drawing: np.ndarray, task: Task | None = None, checked: int = 20) -> list[Suggestion]:
    """For a unique drawing: single flips that keep it unique but grade harder, hardest first.

    Every cell is tried with line logic; flips that leave line logic stuck (the most
    promising: fewest open cells, on block borders, first) get the full verdict and those
    that stay unique are graded, as are flips that stay LINE but need more sweeps. Only
    ``checked`` full verdicts are run.
    """
    task = task or Task()
    drawing = np.asarray(drawing, dtype=bool)
    verdict = check_drawing(drawing, task)
    base = _grade(verdict, task)
    if base is None:
        return []
    flips = _Flips(drawing)
    tried = []
    height, width = drawing.shape
    for row in range(height):
        for column in range(width):
            task.check_cancelled()
            task.report(row * width + column, height * width, "trying single-cell edits")
            open_cells, sweeps = flips.line_logic(row, column, task)
            tried.append(Suggestion(((row, column),), LINE if open_cells == 0 else STALLED, open_cells,
                                    verdict.open_cells - open_cells, sweeps,
                                    int(on_block_border(drawing, row, column))))
    # stuck ones first (they may need lookahead), then the longest line-solvable ones
    tried.sort(key=lambda s: (s.kind == LINE, s.open_cells if s.kind != LINE else -s.sweeps, -s.border))
    harder = []
    for suggestion in tried[:checked]:
        flipped_verdict = _full_check(suggestion, drawing, task)
        if suggestion.unique:
            suggestion.grade = _grade(flipped_verdict, task)
            if suggestion.grade is not None and suggestion.grade > base:
                harder.append(suggestion)
    harder.sort(key=lambda s: (-s.grade, -s.border, s.cells))
    return harder
