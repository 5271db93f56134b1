"""Fix suggestions: which cell edits make a drawing a better puzzle (Qt-free, cancellable).

    effects = single_cell_effects(drawing, task=task)   # Effects: every useful one-cell flip, best first
    plan = make_line_solvable(drawing)                  # flips that make it LINE (or how far it got)
    harder = make_harder(drawing)                       # flips that keep it unique but grade harder

A flip changes the clues of one row and one column only, so each candidate is judged by
line logic over the new clues (lines the flip does not touch mostly hit the line
solvers' memo, which is what makes trying every cell affordable). Line logic reaching
the whole picture proves the flipped drawing unique (LINE). For a MULT drawing, a flip
that leaves the known other solution (flipped the same way) a solution of the new clues
surely stays MULT, without a full check; it may still bring line logic closer.
The most promising flips then get the full verdict, so what a suggestion promises
(``kind``) is what :func:`editor.nonogram.verdict.check_drawing` says.

Symmetry: given one of the editor's modes (``editor.core.SYMMETRIES``; :func:`drawing_symmetry`
names the one a drawing has), an edit flips a cell together with its mirror images (its
:func:`orbit`), so a symmetric drawing stays symmetric; such a group counts as one edit.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

import numpy as np

from editor.core.shapes import symmetric
from editor.level.clues import clues as clues_of_grid, line_clues
from editor.nonogram.grade import grade_verdict, solve_path
from editor.nonogram.line import count_placements
from editor.nonogram.puzzle import Board, Puzzle
from editor.nonogram.verdict import Kind, Verdict, cells_to_json, check_drawing
from editor.tasks import Task, TimeUp
from editor.wording import QT_TRANSLATE_NOOP, Activity, Wording

CHECKED = 5  # candidates (the most promising) that get the full verdict
CHECK_SECONDS = 2.0  # time for those full verdicts, all together
SEARCH_SECONDS = 10.0  # the single-cell search stops trying more edits after this long, keeping what it found
PLAN_SECONDS = 60.0  # make_line_solvable goes on until LINE or this much CPU time
RECHECKED = 100  # each round of make_line_solvable judges at least this many edits again (the best last time first)

Cell = tuple[int, int]
Edit = tuple[Cell, ...]  # a cell, with its mirror images under a symmetry


@dataclass
class Suggestion(Wording):
    """Flipping ``cells`` gives ``kind`` with ``open_cells`` left open by line logic.

    ``kind`` is LINE (proved by line logic), BRANCH or MULT (the full verdict), or
    STALLED when only line logic was run (uniqueness not decided). ``cells`` is one cell,
    or a cell and its mirror images (one symmetric edit).
    """

    cells: Edit
    kind: str
    open_cells: int
    settled: int  # how many more cells line logic settles than before the flips
    sweeps: int
    border: int  # how many of the flipped cells lie on the border of a block (a gentle change)
    grade: float | None = None  # LINE/BRANCH: the grade of the flipped drawing, when computed

    @property
    def unique(self) -> bool:
        return self.kind in (Kind.LINE, Kind.BRANCH)

    def describe(self) -> str:
        where = ", ".join(f"({r + 1},{c + 1})" for r, c in self.cells)
        effect = {Kind.LINE: self.tr("unique, line logic solves it"), Kind.BRANCH: self.tr("unique, needs lookahead"),
                  Kind.MULT: self.tr("still more than one solution"), Kind.STALLED: self.tr("uniqueness not checked"),
                  Kind.UNDECIDED: self.tr("uniqueness undecided")}[self.kind]
        grade = self.tr(", grade {0}").format(self.grade) if self.grade is not None else ""
        settles = (self.tr("line logic settles %n more cell(s)", "", self.settled) if self.settled >= 0
                   else self.tr("line logic settles %n cell(s) fewer", "", -self.settled))
        return self.tr("flip {0}: {1} ({2}{3}); {4}, {5} open").format(where, self.kind, effect, grade, settles,
                                                                      self.open_cells)

    def to_json(self) -> dict:
        return {"cells": cells_to_json(self.cells), "verdict": self.kind, "open_cells": self.open_cells,
                "settled": self.settled, "sweeps": self.sweeps, "border": self.border, "grade": self.grade}


def flipped(drawing: np.ndarray, cells) -> np.ndarray:
    result = np.array(drawing, dtype=bool, copy=True)
    for row, column in cells:
        result[row, column] = not result[row, column]
    return result


def drawing_symmetry(drawing: np.ndarray) -> str:
    """The editor's symmetry mode (``editor.core.SYMMETRIES``) that maps the drawing onto
    itself, the strongest one ("both" before the mirrors), or "none"."""
    drawing = np.asarray(drawing, dtype=bool)
    for mode in ("both", "left-right", "top-bottom", "rotate 180"):
        if np.array_equal(symmetric(drawing, mode), drawing):
            return mode
    return "none"


def orbit(cell: Cell, shape: tuple[int, int], symmetry: str = "none") -> Edit:
    """The cell and its mirror images under ``symmetry`` (as the editor's tools mirror a stroke), in row order."""
    if symmetry == "none":
        return (cell,)
    mask = np.zeros(shape, dtype=bool)
    mask[cell] = True
    return tuple((int(r), int(c)) for r, c in zip(*np.nonzero(symmetric(mask, symmetry))))


def on_block_border(drawing: np.ndarray, row: int, column: int) -> bool:
    """Whether a neighbour (4-connected, inside the grid) has the other value: flipping the
    cell moves a block's edge instead of punching a hole or adding a speck."""
    value = drawing[row, column]
    height, width = drawing.shape
    return any(0 <= r < height and 0 <= c < width and drawing[r, c] != value
               for r, c in ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)))


def _border(drawing: np.ndarray, cells: Edit) -> int:
    return sum(on_block_border(drawing, row, column) for row, column in cells)


class _Flips:
    """Line logic on edits of a drawing, with the drawing's clues reused."""

    def __init__(self, drawing: np.ndarray):
        self.drawing = np.array(drawing, dtype=bool)  # a copy: edits are made in it and undone
        self.rows, self.columns = clues_of_grid(self.drawing)

    def puzzle(self, cells: Edit) -> Puzzle:
        """The clues of the drawing with ``cells`` flipped."""
        grid = self.drawing
        rows, columns = list(self.rows), list(self.columns)
        for cell in cells:
            grid[cell] = not grid[cell]
        try:
            for row in {row for row, _ in cells}:
                rows[row] = line_clues(grid[row])
            for column in {column for _, column in cells}:
                columns[column] = line_clues(grid[:, column])
        finally:
            for cell in cells:
                grid[cell] = not grid[cell]
        return Puzzle(rows, columns)

    def line_logic(self, cells: Edit, task: Task) -> tuple[Puzzle, Board, int]:
        """The flipped drawing's puzzle, the board line logic leaves and its sweeps."""
        puzzle = self.puzzle(cells)
        board = puzzle.board()
        sweeps = puzzle.propagate(board, task=task)
        return puzzle, board, sweeps


def _candidates(verdict: Verdict, symmetry: str = "none") -> tuple[list[Edit], set[Edit]]:
    """The edits worth trying (cells in a row or column that line logic leaves open, each
    with its mirror images), the most promising first: cells where the other solution
    differs, then open cells, then the rest. And those among them that surely stay MULT:
    they leave the other solution (flipped the same way) a solution of the new clues."""
    undetermined = verdict.undetermined
    near = undetermined.any(axis=1)[:, None] | undetermined.any(axis=0)[None, :]
    promise = near.astype(np.int8) + undetermined
    if verdict.kind == Kind.MULT:
        promise += verdict.differing
    order = np.argsort(-promise, axis=None, kind="stable")
    width = verdict.width
    edits, seen = [], set()
    for index in order[:int(near.sum())].tolist():
        cell = divmod(index, width)
        if cell not in seen:
            edit = orbit(cell, undetermined.shape, symmetry)
            seen.update(edit)
            edits.append(edit)
    if verdict.kind != Kind.MULT:
        return edits, set()
    return edits, {edit for edit in edits if _keeps_other(edit, verdict.picture, verdict.alternative)}


def _keeps_other(cells: Edit, picture: np.ndarray, other: np.ndarray) -> bool:
    """Whether two solutions of the same clues still have the same clues when both flip
    ``cells`` (only the lines through them change)."""
    for axis in (0, 1):
        for index in {cell[axis] for cell in cells}:
            mine = (picture[index] if axis == 0 else picture[:, index]).copy()
            theirs = (other[index] if axis == 0 else other[:, index]).copy()
            for cell in cells:
                if cell[axis] == index:
                    position = cell[1 - axis]
                    mine[position] = not mine[position]
                    theirs[position] = not theirs[position]
            if line_clues(mine) != line_clues(theirs):
                return False
    return True


def _rank(suggestion: Suggestion) -> tuple:
    """Best first: unique (LINE before BRANCH) before the rest, then fewest cells left open
    by line logic (the closest to line-solvable), undecided before MULT, block borders first."""
    order = {Kind.LINE: 0, Kind.BRANCH: 1}.get(suggestion.kind, 2)
    return order, suggestion.open_cells, suggestion.kind == Kind.MULT, -suggestion.border, suggestion.cells


def _full_check(suggestion: Suggestion, drawing: np.ndarray, task: Task, seconds: float = CHECK_SECONDS) -> Verdict:
    """The full verdict (time-limited) on the suggestion's drawing; its kind replaces the suggestion's."""
    verdict = _time_limited_verdict(flipped(drawing, suggestion.cells), task, seconds)
    suggestion.kind = verdict.kind
    return verdict


class _Relay(Task):
    """A task with its own time limit that is also cancelled when its parent is; the
    limit is wall time, or with ``cpu`` the calling thread's CPU time (the same on a busy machine)."""

    def __init__(self, parent: Task, seconds: float, cpu: bool = False):
        super().__init__(time_limit=None if cpu else seconds)
        self._parent = parent
        self._cpu_end = time.thread_time() + seconds if cpu else None

    def check_cancelled(self) -> None:
        self._parent.check_cancelled()
        super().check_cancelled()
        if self._cpu_end is not None and time.thread_time() > self._cpu_end:
            raise TimeUp()


@dataclass
class Effects(Wording):
    """What single edits of a drawing give (:func:`single_cell_effects`), best first."""

    verdict: Verdict  # the drawing's own
    suggestions: list[Suggestion] = field(default_factory=list)
    tried: int = 0  # edits judged by line logic
    candidates: int = 0  # edits worth judging
    symmetry: str = "none"
    seconds: float = SEARCH_SECONDS  # the search's time, when it gave up

    @property
    def complete(self) -> bool:
        return self.tried == self.candidates

    def describe_search(self) -> str:
        """How far the search got: "" when it tried every edit."""
        if self.complete:
            return ""
        if self.symmetry != "none":
            text = self.tr("Stopped looking after {0:g} s: tried {1:,} of {2:,} symmetric edits (the most promising first).")
        else:
            text = self.tr("Stopped looking after {0:g} s: tried {1:,} of {2:,} single-cell edits (the most promising "
                           "first).")
        return text.format(self.seconds, self.tried, self.candidates)


def single_cell_effects(drawing: np.ndarray, verdict: Verdict | None = None, task: Task | None = None,
                        checked: int = CHECKED, check_seconds: float = CHECK_SECONDS,
                        search_seconds: float | None = SEARCH_SECONDS, symmetry: str = "none") -> Effects:
    """The drawing's verdict and what flipping each useful cell (with its mirror images
    under ``symmetry``) gives, best first.

    Only for MULT and BRANCH drawings (else the list is empty). The edits are judged by
    line logic, the most promising first, until all are or ``search_seconds`` have passed
    (then :attr:`Effects.complete` is false and the list holds those judged). Suggestions
    that line logic does not prove unique get the full verdict, best first, until
    ``checked`` of them are unique or ``check_seconds`` have passed; the rest stay STALLED
    (``open_cells`` still says how close line logic gets).
    """
    task = task or Task()
    drawing = np.asarray(drawing, dtype=bool)
    verdict = verdict or check_drawing(drawing, task)
    if verdict.kind not in (Kind.MULT, Kind.BRANCH):
        return Effects(verdict, symmetry=symmetry)
    flips = _Flips(drawing)
    before = verdict.open_cells
    candidates, surely_mult = _candidates(verdict, symmetry)
    search = task if search_seconds is None else _Relay(task, search_seconds)
    suggestions = []
    try:
        for done, cells in enumerate(candidates):
            search.check_cancelled()
            task.report(done, len(candidates), Activity.tr("trying single-cell edits"))
            _, board, sweeps = flips.line_logic(cells, search)
            open_cells = board.unknown_count()
            kind = Kind.LINE if open_cells == 0 else Kind.MULT if cells in surely_mult else Kind.STALLED
            suggestions.append(Suggestion(cells, kind, open_cells, before - open_cells, sweeps,
                                          _border(drawing, cells)))
    except TimeUp:
        task.check_cancelled()  # the caller's own limit or cancel goes on up; the search's own ends here
    suggestions.sort(key=_rank)
    helpful = sum(s.kind == Kind.LINE for s in suggestions)
    deadline = time.monotonic() + check_seconds
    for suggestion in suggestions:  # the best first, until enough of them are unique
        left = deadline - time.monotonic()
        if helpful >= checked or left <= 0:
            break
        if suggestion.kind == Kind.STALLED:
            _full_check(suggestion, drawing, task, left)
            helpful += suggestion.unique
    suggestions.sort(key=_rank)
    return Effects(verdict, suggestions, len(suggestions), len(candidates), symmetry,
                   search_seconds if search_seconds is not None else 0.0)


STOPPED = {"time": QT_TRANSLATE_NOOP("Plan", "the time limit passed"),
           "max edits": QT_TRANSLATE_NOOP("Plan", "it made the most edits allowed"),
           "stuck": QT_TRANSLATE_NOOP("Plan", "no edit gets line logic further")}


@dataclass
class Plan(Wording):
    """Edits (each a cell, or a cell and its mirror images) and the verdict they lead to."""

    edits: list[Edit]
    verdict: Verdict
    grade: float | None = None
    stopped: str = ""  # why it stopped short of LINE (a key of STOPPED); "" when it got there
    symmetry: str = "none"

    @property
    def cells(self) -> list[Cell]:
        return [cell for edit in self.edits for cell in edit]

    def describe(self) -> str:
        edits = (self.tr("%n symmetric edit(s)", "", len(self.edits)) if self.symmetry != "none"
                 else self.tr("%n edit(s)", "", len(self.edits)))
        if self.verdict.kind == Kind.LINE:
            return f"{edits} -> LINE" + (self.tr(", grade {0}").format(self.grade) if self.grade is not None else "")
        return self.tr("{0} -> {1}, not line-solvable yet: line logic leaves %n cell(s) open (stopped: {2})",
                       "", self.verdict.open_cells).format(edits, self.verdict.kind, self.tr(STOPPED[self.stopped]))

    def to_json(self) -> dict:
        return {"edits": cells_to_json(self.cells), "edit_count": len(self.edits), "symmetry": self.symmetry,
                "result": self.verdict.kind, "result_grade": self.grade,
                "result_open_cells": self.verdict.open_cells, "stopped": self.stopped or None}


def make_line_solvable(drawing: np.ndarray, max_edits: int | None = None, task: Task | None = None,
                       symmetry: str = "none", seconds: float | None = PLAN_SECONDS) -> Plan:
    """Edits, one at a time, until line logic solves the drawing: each time the edit after
    which line logic settles the most cells (see :func:`_next_edit`). Stops short
    after ``max_edits`` edits (None: no limit), after ``seconds`` of CPU time (None: none) or when no
    edit gets line logic further; the plan says where it got and why it stopped."""
    task = task or Task()
    limited = task if seconds is None else _Relay(task, seconds, cpu=True)
    current = np.array(drawing, dtype=bool)
    edits: list[Edit] = []
    judged: dict[Edit, tuple] = {}
    stopped = ""
    try:
        verdict = check_drawing(current, limited, line_logic_only=True)
        while verdict.kind != Kind.LINE:
            if max_edits is not None and len(edits) >= max_edits:
                stopped = "max edits"
                break
            edit = _next_edit(current, verdict, symmetry, set(edits), judged, limited, len(edits) + 1)
            if edit is None:
                stopped = "stuck"
                break
            for cell in edit:
                current[cell] = not current[cell]
            edits.append(edit)
            verdict = check_drawing(current, limited, line_logic_only=True)
    except TimeUp:
        task.check_cancelled()  # the caller's own limit or cancel goes on up
        stopped = "time"
        verdict = check_drawing(current, task, line_logic_only=True)
    if verdict.kind == Kind.LINE:
        edits = _needed(drawing, edits, task)
        verdict = check_drawing(flipped(drawing, [cell for edit in edits for cell in edit]), task, line_logic_only=True)
    else:
        verdict = _time_limited_verdict(current, task, CHECK_SECONDS)
    return Plan(edits, verdict, _grade(verdict, task), "" if verdict.kind == Kind.LINE else stopped, symmetry)


def _needed(drawing: np.ndarray, edits: list[Edit], task: Task) -> list[Edit]:
    """The edits without those the others make needless: each, the earliest first, is left
    out when line logic still solves the drawing without it (an early edit often is), until
    a pass leaves none out."""
    kept, before = list(edits), None
    while kept != before:
        before = list(kept)
        for edit in before:
            others = [other for other in kept if other != edit]
            puzzle = Puzzle.from_grid(flipped(drawing, [cell for other in others for cell in other]))
            board = puzzle.board()
            puzzle.propagate(board, task=task)
            if board.is_complete():
                kept = others
    return kept


_NOT_JUDGED = (-math.inf,)  # an edit not judged yet may be the best: it is judged first


def _next_edit(current: np.ndarray, verdict: Verdict, symmetry: str, made: set[Edit], judged: dict[Edit, tuple],
               task: Task, number: int) -> Edit | None:
    """The edit (not one made already) after which line logic settles the most cells; of
    those, the one whose rows and columns keep the fewest placements of their clues (tighter
    lines: closer to settling cells), then block borders. None when no edit settles more
    cells or tightens its lines.

    ``judged`` keeps each edit's last judgement (a key, smaller is better). An edit changes
    little, so the edits are judged again in the order of their last keys: at least
    ``RECHECKED`` of them, then on only while the next one's last key is better than the
    best judged this round (lazy greedy). Most rounds judge about a hundred edits instead
    of every one; an edit not judged before is judged first.
    """
    flips = _Flips(current)
    tightness = _Tightness(verdict)
    candidates = [edit for edit in _candidates(verdict, symmetry)[0] if edit not in made]
    candidates.sort(key=lambda edit: judged.get(edit, _NOT_JUDGED))
    best = None
    for done, edit in enumerate(candidates):
        last = judged.get(edit)
        if done >= RECHECKED and best is not None and last is not None and last >= best:
            break
        task.check_cancelled()
        task.report(done, len(candidates), Activity.tr("edit {0}: trying cells").format(number))
        puzzle, board, _ = flips.line_logic(edit, task)
        judged[edit] = key = (board.unknown_count() - verdict.open_cells, tightness.change(puzzle, board, edit),
                              -_border(current, edit), edit)
        best = key if best is None or key < best else best
    if best is None or (best[0], best[1]) >= (0, 0.0):
        return None
    return best[-1]


class _Tightness:
    """How much an edit tightens the lines it changes: the change in the log of their
    clues' placements left by line logic (negative: fewer placements)."""

    def __init__(self, verdict: Verdict):
        self.verdict = verdict
        self.before: dict[tuple[int, int], float] = {}

    def change(self, puzzle: Puzzle, board: Board, cells: Edit) -> float:
        logic = self.verdict.logic
        change = 0.0
        for axis, clues, length, filled, empty, old_clues, old_filled, old_empty in (
                (0, puzzle.row_clues, puzzle.width, board.row_filled, board.row_empty,
                 self.verdict.puzzle.row_clues, logic.row_filled, logic.row_empty),
                (1, puzzle.column_clues, puzzle.height, board.col_filled, board.col_empty,
                 self.verdict.puzzle.column_clues, logic.col_filled, logic.col_empty)):
            for index in {cell[axis] for cell in cells}:
                old = self.before.get((axis, index))
                if old is None:
                    old = self.before[axis, index] = math.log2(
                        count_placements(old_clues[index], length, old_filled[index], old_empty[index]))
                change += math.log2(count_placements(clues[index], length, filled[index], empty[index])) - old
        return change


def _time_limited_verdict(drawing: np.ndarray, task: Task, seconds: float) -> Verdict:
    return check_drawing(drawing, _Relay(task, seconds))


def _grade(verdict: Verdict, task: Task) -> float | None:
    try:
        path = grade_verdict(verdict, task)
    except TimeUp:
        return None
    return None if path is None else path.grade


def make_harder(drawing: np.ndarray, task: Task | None = None, checked: int = 20, symmetry: str = "none") -> list[Suggestion]:
    """For a unique drawing: single edits (a cell, with its mirror images under
    ``symmetry``) that keep it unique but grade harder, the gentlest step up first (so that
    taking the first again and again climbs the grades one by one).

    Every edit is tried with line logic. Of those line logic still solves, the ``checked``
    that need the most sweeps are graded; of those that leave line logic stuck, the
    ``checked`` most promising (fewest open cells, on block borders) get the full verdict,
    and those that stay unique are graded.
    """
    task = task or Task()
    drawing = np.asarray(drawing, dtype=bool)
    verdict = check_drawing(drawing, task)
    base = _grade(verdict, task)
    if base is None:
        return []
    flips = _Flips(drawing)
    tried = []
    edits = _all_edits(drawing.shape, symmetry)
    for done, cells in enumerate(edits):
        task.check_cancelled()
        task.report(done, len(edits), Activity.tr("trying single-cell edits"))
        _, board, sweeps = flips.line_logic(cells, task)
        open_cells = board.unknown_count()
        tried.append(Suggestion(cells, Kind.LINE if open_cells == 0 else Kind.STALLED, open_cells,
                                verdict.open_cells - open_cells, sweeps, _border(drawing, cells)))
    solved = sorted((s for s in tried if s.kind == Kind.LINE), key=lambda s: (-s.sweeps, -s.border, s.cells))
    stuck = sorted((s for s in tried if s.kind != Kind.LINE), key=lambda s: (s.open_cells, -s.border, s.cells))
    for suggestion in solved[:checked]:  # line logic proved them unique: only the grade is missing
        suggestion.grade = solve_path(flips.puzzle(suggestion.cells), flipped(drawing, suggestion.cells), task).grade
    for suggestion in stuck[:checked]:
        flipped_verdict = _full_check(suggestion, drawing, task)
        if suggestion.unique:
            suggestion.grade = _grade(flipped_verdict, task)
    harder = [s for s in solved[:checked] + stuck[:checked] if s.grade is not None and s.grade > base]
    harder.sort(key=lambda s: (s.grade, -s.border, s.cells))
    return harder


def _all_edits(shape: tuple[int, int], symmetry: str) -> list[Edit]:
    """Every cell of the grid with its mirror images, each group once, in row order."""
    edits, seen = [], set()
    for cell in np.ndindex(*shape):
        if cell not in seen:
            edit = orbit(cell, shape, symmetry)
            seen.update(edit)
            edits.append(edit)
    return edits
