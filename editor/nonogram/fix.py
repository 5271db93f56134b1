"""Fix suggestions: which cell edits make a drawing a better puzzle (Qt-free, cancellable).

    effects = single_cell_effects(drawing, task=task)   # Effects: every useful one-cell edit, best first
    plan = make_line_solvable(drawing)                  # edits that make it LINE (or how far it got)
    harder = make_harder(drawing)                       # edits that keep it unique but grade harder
    edited(drawing, plan.edits)                         # the drawing with them made

Both kinds of drawing go through the same functions: a two-colour drawing (bool), where
an edit flips a cell, or a colour drawing (palette indices, 0 the background; ``colours=``
the palette's size, by default the drawing's), where an edit gives a cell another palette
colour or the background. What differs between the kinds (the clues, the check, a cell's
other values, counting a line's placements) is in their rules (:func:`rules_of`).

An edit changes the clues of one row and one column only, so each candidate is judged by
line logic over the new clues (lines the edit does not touch mostly hit the line
solvers' memo, which is what makes trying every cell affordable). Line logic reaching
the whole picture proves the edited drawing unique (LINE). For a MULT drawing, an edit
that leaves the known other solution (edited the same way) a solution of the new clues
surely stays MULT, without a full check; it may still bring line logic closer.
The most promising edits then get the full verdict, so what a suggestion promises
(``kind``) is what the check (:func:`nonogram_editor.nonogram.verdict.check_drawing`,
:func:`nonogram_editor.nonogram.colour.check_colour_drawing`) says.

Symmetry: given one of the editor's modes (``nonogram_editor.nonogram.symmetry.SYMMETRIES``; :func:`drawing_symmetry`
names the one a drawing has), an edit changes a cell together with its mirror images (its
:func:`orbit`) to the same value, so a symmetric drawing stays symmetric; such a group
counts as one edit.
"""
from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np

from nonogram_editor.infra.tasks import Task, TimeUp
from nonogram_editor.infra.wording import QT_TRANSLATE_NOOP, Activity, Wording
from nonogram_editor.level.clues import clues as clues_of_grid
from nonogram_editor.level.clues import line_clues
from nonogram_editor.level.colour import colour_clues, colour_line_clue
from nonogram_editor.nonogram.colour.line import colour_line_solver
from nonogram_editor.nonogram.colour.puzzle import ColourClues
from nonogram_editor.nonogram.colour.verdict import check_colour_drawing
from nonogram_editor.nonogram.grade import grade_verdict, solve_path
from nonogram_editor.nonogram.line import count_placements
from nonogram_editor.nonogram.puzzle import Puzzle
from nonogram_editor.nonogram.symmetry import symmetric
from nonogram_editor.nonogram.verdict import Kind, Verdict, cells_to_json, check_drawing

CHECKED = 5  # candidates (the most promising) that get the full verdict
CHECK_SECONDS = 2.0  # time for those full verdicts, all together
SEARCH_SECONDS = 10.0  # the single-cell search stops trying more edits after this long, keeping what it found
PLAN_SECONDS = 60.0  # make_line_solvable goes on until LINE or this much CPU time
RECHECKED = 100  # each round of make_line_solvable judges at least this many edits again (the best last time first)

Cell = tuple[int, int]


class Edit(NamedTuple):
    """``cells`` (one cell, or one with its mirror images under a symmetry) all take ``value``:
    True filled / False empty in two colours, a palette index (0 the background) in colour."""

    cells: tuple[Cell, ...]
    value: int


class TwoColourRules:
    """What fixing needs to know about a kind of drawing, here two-colour ones (bool): its
    clues, its check, a cell's other values (the flip) and a line's placements.
    :class:`ColourRules` are the same for colour drawings."""

    colour = False

    def drawing(self, grid: np.ndarray) -> np.ndarray:
        """A copy of ``grid`` as this kind's cell values."""
        return np.array(grid, dtype=bool)

    def clues(self, grid: np.ndarray) -> tuple[list, list]:
        return clues_of_grid(grid)

    def line_clue(self, line: np.ndarray):
        return line_clues(line)

    def puzzle(self, rows, columns) -> Puzzle:
        return Puzzle(rows, columns)

    def check(self, drawing: np.ndarray, task: Task, line_logic_only: bool = False) -> Verdict:
        return check_drawing(drawing, task, line_logic_only)

    def other_values(self, value) -> tuple:
        return (not value,)

    def placements(self, puzzle, board, axis: int, index: int) -> int:
        """How many placements of line ``index``'s clue (axis 0 rows, 1 columns) agree with ``board``."""
        if axis == 0:
            return count_placements(puzzle.row_clues[index], puzzle.width, board.row_filled[index],
                                     board.row_empty[index])
        return count_placements(puzzle.column_clues[index], puzzle.height, board.col_filled[index],
                                board.col_empty[index])


class ColourRules:
    """:class:`TwoColourRules` for colour drawings of ``colours`` palette indices (0 the
    background): a cell's other values are the other colours and the background."""

    colour = True

    def __init__(self, colours: int):
        self.colours = colours

    def drawing(self, grid: np.ndarray) -> np.ndarray:
        return np.array(grid, dtype=np.int64)

    def clues(self, grid: np.ndarray) -> tuple[list, list]:
        return colour_clues(grid)

    def line_clue(self, line: np.ndarray):
        return colour_line_clue(line)

    def puzzle(self, rows, columns) -> ColourClues:
        return ColourClues(rows, columns, self.colours)

    def check(self, drawing: np.ndarray, task: Task, line_logic_only: bool = False) -> Verdict:
        return check_colour_drawing(drawing, self.colours, task=task, line_logic_only=line_logic_only)

    def other_values(self, value) -> tuple:
        return tuple(colour for colour in range(self.colours) if colour != value)

    def placements(self, puzzle, board, axis: int, index: int) -> int:
        clue, length, line = ((puzzle.row_clues[index], puzzle.width, board.rows[index]) if axis == 0
                              else (puzzle.column_clues[index], puzzle.height, board.columns[index]))
        return colour_line_solver(clue, length, self.colours).count(line)


Rules = TwoColourRules | ColourRules


def rules_of(drawing: np.ndarray, colours: int | None = None) -> Rules:
    """The rules of a drawing: two colours for a bool one, else colour with ``colours``
    palette entries (by default as many as the drawing uses, at least two)."""
    drawing = np.asarray(drawing)
    if drawing.dtype == bool:
        return TwoColourRules()
    return ColourRules(colours or max(2, int(drawing.max(initial=0)) + 1))


@dataclass
class Suggestion(Wording):
    """Making ``edit`` gives ``kind`` with ``open_cells`` left open by line logic.

    ``kind`` is LINE (proved by line logic), BRANCH or MULT (the full verdict), or
    STALLED when only line logic was run (uniqueness not decided). ``edit.cells`` is one
    cell, or a cell and its mirror images (one symmetric edit). ``colour``: the edit's
    value is a palette index (a colour drawing), not filled/empty.
    """

    edit: Edit
    kind: str
    open_cells: int
    settled: int  # how many more cells line logic settles than before the edit
    sweeps: int
    border: int  # how many of the edited cells lie on the border of a block (a gentle change)
    grade: float | None = None  # LINE/BRANCH: the grade of the edited drawing, when computed
    colour: bool = False

    @property
    def cells(self) -> tuple[Cell, ...]:
        return self.edit.cells

    @property
    def unique(self) -> bool:
        return self.kind in (Kind.LINE, Kind.BRANCH)

    def describe_edit(self, names: Sequence[str] = ()) -> str:
        """The edit in words: "flip (2,3)", "(2,3) to colour 2" (or the colour's name from
        ``names``, a palette's, if given), "(2,3) to the background"."""
        where = ", ".join(f"({r + 1},{c + 1})" for r, c in self.cells)
        if not self.colour:
            return self.tr("flip {0}").format(where)
        if self.edit.value == 0:
            return self.tr("{0} to the background").format(where)
        if names:
            return self.tr("{0} to {1}").format(where, names[self.edit.value])
        return self.tr("{0} to colour {1}").format(where, self.edit.value)

    def describe(self, names: Sequence[str] = ()) -> str:
        effect = {Kind.LINE: self.tr("unique, line logic solves it"), Kind.BRANCH: self.tr("unique, needs lookahead"),
                  Kind.MULT: self.tr("still more than one solution"), Kind.STALLED: self.tr("uniqueness not checked"),
                  Kind.UNDECIDED: self.tr("uniqueness undecided")}[self.kind]
        grade = self.tr(", grade {0}").format(self.grade) if self.grade is not None else ""
        text = self.tr("{0}: {1} ({2}{3})").format(self.describe_edit(names), self.kind, effect, grade)
        # what line logic does after the edit, where that is news: an edit that keeps the
        # drawing line-solvable (a "harder" proposal) settles as many cells and leaves none open
        line_logic = []
        if self.settled:
            line_logic.append(self.tr("line logic settles %n more cell(s)", "", self.settled) if self.settled > 0
                              else self.tr("line logic settles %n cell(s) fewer", "", -self.settled))
        if self.open_cells:
            line_logic.append(self.tr("%n cell(s) left open", "", self.open_cells))
        return "; ".join([text, ", ".join(line_logic)]) if line_logic else text

    def to_json(self) -> dict:
        data = {"cells": cells_to_json(self.cells), "verdict": self.kind, "open_cells": self.open_cells,
                "settled": self.settled, "sweeps": self.sweeps, "border": self.border, "grade": self.grade}
        if self.colour:
            data["colour"] = int(self.edit.value)
        return data


def flipped(drawing: np.ndarray, cells) -> np.ndarray:
    """A copy of a two-colour drawing with ``cells`` flipped."""
    result = np.array(drawing, dtype=bool, copy=True)
    for row, column in cells:
        result[row, column] = not result[row, column]
    return result


def edited(drawing: np.ndarray, edits) -> np.ndarray:
    """A copy of ``drawing`` with ``edits`` (:class:`Edit`) made."""
    result = np.array(drawing, copy=True)
    for edit in edits:
        for cell in edit.cells:
            result[cell] = edit.value
    return result


def _mirror_images(drawing: np.ndarray, mode: str) -> tuple[np.ndarray, ...]:
    return {"left-right": (drawing[:, ::-1],), "top-bottom": (drawing[::-1, :],),
            "rotate 180": (drawing[::-1, ::-1],),
            "both": (drawing[:, ::-1], drawing[::-1, :], drawing[::-1, ::-1])}[mode]


def drawing_symmetry(drawing: np.ndarray) -> str:
    """The editor's symmetry mode (``nonogram_editor.nonogram.symmetry.SYMMETRIES``) that maps the drawing (of
    either kind) onto itself, the strongest one ("both" before the mirrors), or "none"."""
    drawing = np.asarray(drawing)
    for mode in ("both", "left-right", "top-bottom", "rotate 180"):
        if all(np.array_equal(image, drawing) for image in _mirror_images(drawing, mode)):
            return mode
    return "none"


def orbit(cell: Cell, shape: tuple[int, int], symmetry: str = "none") -> tuple[Cell, ...]:
    """The cell and its mirror images under ``symmetry`` (as the editor's tools mirror a stroke), in row order."""
    if symmetry == "none":
        return (cell,)
    mask = np.zeros(shape, dtype=bool)
    mask[cell] = True
    return tuple((int(r), int(c)) for r, c in zip(*np.nonzero(symmetric(mask, symmetry))))


def on_block_border(drawing: np.ndarray, row: int, column: int) -> bool:
    """Whether a neighbour (4-connected, inside the grid) has another value: editing the
    cell moves a block's edge instead of punching a hole or adding a speck."""
    value = drawing[row, column]
    height, width = drawing.shape
    return any(0 <= r < height and 0 <= c < width and drawing[r, c] != value
               for r, c in ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)))


def _border(drawing: np.ndarray, edit: Edit) -> int:
    return sum(on_block_border(drawing, row, column) for row, column in edit.cells)


def _edits(rules: Rules, drawing: np.ndarray, cells: tuple[Cell, ...]) -> list[Edit]:
    """The edits of a cell (with its mirror images): each of the first cell's other values."""
    return [Edit(cells, value) for value in rules.other_values(drawing[cells[0]])]


class _Edits:
    """Line logic on edits of a drawing, with the drawing's clues reused."""

    def __init__(self, drawing: np.ndarray, rules: Rules):
        self.rules = rules
        self.drawing = rules.drawing(drawing)  # a copy: edits are made in it and undone
        self.rows, self.columns = rules.clues(self.drawing)

    def puzzle(self, edit: Edit):
        """The clues of the drawing with ``edit`` made."""
        grid, line_clue = self.drawing, self.rules.line_clue
        rows, columns = list(self.rows), list(self.columns)
        old = [grid[cell] for cell in edit.cells]
        for cell in edit.cells:
            grid[cell] = edit.value
        try:
            for row in {row for row, _ in edit.cells}:
                rows[row] = line_clue(grid[row])
            for column in {column for _, column in edit.cells}:
                columns[column] = line_clue(grid[:, column])
        finally:
            for cell, value in zip(edit.cells, old):
                grid[cell] = value
        return self.rules.puzzle(rows, columns)

    def line_logic(self, edit: Edit, task: Task):
        """The edited drawing's puzzle, the board line logic leaves and its sweeps."""
        puzzle = self.puzzle(edit)
        board = puzzle.board()
        sweeps = puzzle.propagate(board, task=task)
        return puzzle, board, sweeps


def _candidates(rules: Rules, verdict: Verdict, symmetry: str = "none") -> list[Edit]:
    """The edits worth trying (of cells in a row or column that line logic leaves open, each
    with its mirror images), the most promising first: cells where the other solution
    differs, then open cells, then the rest."""
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
            cells = orbit(cell, undetermined.shape, symmetry)
            seen.update(cells)
            edits += _edits(rules, verdict.picture, cells)
    return edits


def _swapped(value, old, new):
    """``value`` with ``old`` and ``new`` swapped (how an edit from ``old`` to ``new`` carries
    over to another solution: in two colours, the same flip)."""
    return new if value == old else old if value == new else value


def _keeps_other(rules: Rules, edit: Edit, picture: np.ndarray, other: np.ndarray) -> bool:
    """Whether two solutions of the same clues still have the same clues when both take
    ``edit`` (the other one with the cell's old and new values swapped, so that the two
    still differ where they did); only the lines through its cells change."""
    for axis in (0, 1):
        for index in {cell[axis] for cell in edit.cells}:
            mine = (picture[index] if axis == 0 else picture[:, index]).copy()
            theirs = (other[index] if axis == 0 else other[:, index]).copy()
            for cell in edit.cells:
                if cell[axis] == index:
                    position = cell[1 - axis]
                    old, mine[position] = mine[position], edit.value
                    theirs[position] = _swapped(theirs[position], old, edit.value)
            if rules.line_clue(mine) != rules.line_clue(theirs):
                return False
    return True


def _rank(suggestion: Suggestion) -> tuple:
    """Best first: unique (LINE before BRANCH) before the rest, then fewest cells left open
    by line logic (the closest to line-solvable), undecided before MULT, block borders first."""
    order = {Kind.LINE: 0, Kind.BRANCH: 1}.get(suggestion.kind, 2)
    return order, suggestion.open_cells, suggestion.kind == Kind.MULT, -suggestion.border, suggestion.edit


def _full_check(rules: Rules, suggestion: Suggestion, drawing: np.ndarray, task: Task,
                seconds: float = CHECK_SECONDS) -> Verdict:
    """The full verdict (time-limited) on the suggestion's drawing; its kind replaces the suggestion's."""
    verdict = _time_limited_verdict(rules, edited(drawing, [suggestion.edit]), task, seconds)
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
            text = self.tr("Stopped looking after {0:g} s: tried {1:,} of {2:,} symmetric edits (the most promising "
                           "first).")
        else:
            text = self.tr("Stopped looking after {0:g} s: tried {1:,} of {2:,} single-cell edits (the most promising "
                           "first).")
        return text.format(self.seconds, self.tried, self.candidates)


def single_cell_effects(drawing: np.ndarray, verdict: Verdict | None = None, task: Task | None = None,
                        checked: int = CHECKED, check_seconds: float = CHECK_SECONDS,
                        search_seconds: float | None = SEARCH_SECONDS, symmetry: str = "none",
                        colours: int | None = None) -> Effects:
    """The drawing's verdict and what each useful edit of one cell (with its mirror images
    under ``symmetry``) gives, best first. ``colours``: a colour drawing's palette size
    (:func:`rules_of`).

    Only for MULT and BRANCH drawings (else the list is empty). The edits are judged by
    line logic, the most promising first, until all are or ``search_seconds`` have passed
    (then :attr:`Effects.complete` is false and the list holds those judged). Suggestions
    that line logic does not prove unique get the full verdict, best first, until
    ``checked`` of them are unique or ``check_seconds`` have passed; the rest stay STALLED
    (``open_cells`` still says how close line logic gets).
    """
    task = task or Task()
    rules = rules_of(drawing, colours)
    drawing = rules.drawing(drawing)
    verdict = verdict or rules.check(drawing, task)
    if verdict.kind not in (Kind.MULT, Kind.BRANCH):
        return Effects(verdict, symmetry=symmetry)
    edits = _Edits(drawing, rules)
    before = verdict.open_cells
    candidates = _candidates(rules, verdict, symmetry)

    def stuck_kind(edit: Edit) -> Kind:
        """MULT where the edit surely stays MULT: the other solution, edited the same way, still
        fits the new clues (judged as the search reaches the edit, so that a cancel is quick)."""
        surely_mult = verdict.kind == Kind.MULT and _keeps_other(rules, edit, verdict.picture, verdict.alternative)
        return Kind.MULT if surely_mult else Kind.STALLED

    search = task if search_seconds is None else _Relay(task, search_seconds)
    suggestions = []
    try:
        for suggestion in _tried(rules, drawing, edits, candidates, task, search, before, stuck_kind):
            suggestions.append(suggestion)
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
            _full_check(rules, suggestion, drawing, task, left)
            helpful += suggestion.unique
    suggestions.sort(key=_rank)
    return Effects(verdict, suggestions, len(suggestions), len(candidates), symmetry,
                   search_seconds if search_seconds is not None else 0.0)


STOPPED = {"time": QT_TRANSLATE_NOOP("Plan", "the time limit passed"),
           "max edits": QT_TRANSLATE_NOOP("Plan", "it made the most edits allowed"),
           "stuck": QT_TRANSLATE_NOOP("Plan", "no edit gets line logic further")}


@dataclass
class Plan(Wording):
    """Edits (each a cell, or a cell and its mirror images, and the value they take) and
    the verdict they lead to."""

    edits: list[Edit]
    verdict: Verdict
    grade: float | None = None
    stopped: str = ""  # why it stopped short of LINE (a key of STOPPED); "" when it got there
    symmetry: str = "none"
    colour: bool = False  # the values are palette indices (a colour drawing)

    @property
    def cells(self) -> list[Cell]:
        return [cell for edit in self.edits for cell in edit.cells]

    def describe(self) -> str:
        edits = (self.tr("%n symmetric edit(s)", "", len(self.edits)) if self.symmetry != "none"
                 else self.tr("%n edit(s)", "", len(self.edits)))
        if self.verdict.kind == Kind.LINE:
            return f"{edits} -> LINE" + (self.tr(", grade {0}").format(self.grade) if self.grade is not None else "")
        return self.tr("{0} -> {1}, not line-solvable yet: line logic leaves %n cell(s) open (stopped: {2})",
                       "", self.verdict.open_cells).format(edits, self.verdict.kind, self.tr(STOPPED[self.stopped]))

    def describe_edits(self) -> str:
        """The edits, as ``fix`` prints them: "(1,2)+(1,9)" per edit, in colour with "=colour"."""
        return " ".join("+".join(f"({r + 1},{c + 1})" for r, c in edit.cells)
                        + (f"={int(edit.value)}" if self.colour else "") for edit in self.edits) or "none"

    def to_json(self) -> dict:
        data = {"edits": cells_to_json(self.cells), "edit_count": len(self.edits), "symmetry": self.symmetry,
                "result": self.verdict.kind, "result_grade": self.grade,
                "result_open_cells": self.verdict.open_cells, "stopped": self.stopped or None}
        if self.colour:  # each edited cell's new palette index, in the order of "edits"
            data["colours"] = [int(edit.value) for edit in self.edits for _ in edit.cells]
        return data


def make_line_solvable(drawing: np.ndarray, max_edits: int | None = None, task: Task | None = None,
                       symmetry: str = "none", seconds: float | None = PLAN_SECONDS,
                       colours: int | None = None) -> Plan:
    """Edits, one at a time, until line logic solves the drawing: each time the edit after
    which line logic settles the most cells (see :func:`_next_edit`). Stops short
    after ``max_edits`` edits (None: no limit), after ``seconds`` of CPU time (None: none) or when no
    edit gets line logic further; the plan says where it got and why it stopped.
    ``colours``: a colour drawing's palette size (:func:`rules_of`)."""
    task = task or Task()
    rules = rules_of(drawing, colours)
    drawing = rules.drawing(drawing)
    limited = task if seconds is None else _Relay(task, seconds, cpu=True)
    current = drawing.copy()
    edits: list[Edit] = []
    judged: dict[Edit, tuple] = {}
    stopped = ""
    try:
        verdict = rules.check(current, limited, line_logic_only=True)
        while verdict.kind != Kind.LINE:
            if max_edits is not None and len(edits) >= max_edits:
                stopped = "max edits"
                break
            made = {cell for edit in edits for cell in edit.cells}
            edit = _next_edit(rules, current, verdict, symmetry, made, judged, limited, len(edits) + 1)
            if edit is None:
                stopped = "stuck"
                break
            current = edited(current, [edit])
            edits.append(edit)
            verdict = rules.check(current, limited, line_logic_only=True)
    except TimeUp:
        task.check_cancelled()  # the caller's own limit or cancel goes on up
        stopped = "time"
        verdict = rules.check(current, task, line_logic_only=True)
    if verdict.kind == Kind.LINE:
        edits = _needed(rules, drawing, edits, task)
        verdict = rules.check(edited(drawing, edits), task, line_logic_only=True)
    else:
        verdict = _time_limited_verdict(rules, current, task, CHECK_SECONDS)
    return Plan(edits, verdict, _grade(verdict, task), "" if verdict.kind == Kind.LINE else stopped, symmetry,
                rules.colour)


def _needed(rules: Rules, drawing: np.ndarray, edits: list[Edit], task: Task) -> list[Edit]:
    """The edits without those the others make needless: each, the earliest first, is left
    out when line logic still solves the drawing without it (an early edit often is), until
    a pass leaves none out."""
    kept, before = list(edits), None
    while kept != before:
        before = list(kept)
        for edit in before:
            others = [other for other in kept if other != edit]
            if rules.check(edited(drawing, others), task, line_logic_only=True).kind == Kind.LINE:
                kept = others
    return kept


_NOT_JUDGED = (-math.inf,)  # an edit not judged yet may be the best: it is judged first


def _next_edit(rules: Rules, current: np.ndarray, verdict: Verdict, symmetry: str, made: set[Cell],
               judged: dict[Edit, tuple], task: Task, number: int) -> Edit | None:
    """The edit (of cells not edited already: ``made``) after which line logic settles the
    most cells; of those, the one whose rows and columns keep the fewest placements of
    their clues (tighter lines: closer to settling cells), then block borders. None when no
    edit settles more cells or tightens its lines.

    ``judged`` keeps each edit's last judgement (a key, smaller is better). An edit changes
    little, so the edits are judged again in the order of their last keys: at least
    ``RECHECKED`` of them, then on only while the next one's last key is better than the
    best judged this round (lazy greedy). Most rounds judge about a hundred edits instead
    of every one; an edit not judged before is judged first.
    """
    edits = _Edits(current, rules)
    tightness = _Tightness(rules, verdict)
    candidates = [edit for edit in _candidates(rules, verdict, symmetry) if made.isdisjoint(edit.cells)]
    candidates.sort(key=lambda edit: judged.get(edit, _NOT_JUDGED))
    best = None
    for done, edit in enumerate(candidates):
        last = judged.get(edit)
        if done >= RECHECKED and best is not None and last is not None and last >= best:
            break
        task.check_cancelled()
        task.report(done, len(candidates), Activity.tr("edit {0}: trying cells").format(number))
        puzzle, board, _ = edits.line_logic(edit, task)
        judged[edit] = key = (board.unknown_count() - verdict.open_cells, tightness.change(puzzle, board, edit),
                              -_border(current, edit), edit)
        best = key if best is None or key < best else best
    if best is None or (best[0], best[1]) >= (0, 0.0):
        return None
    return best[-1]


class _Tightness:
    """How much an edit tightens the lines it changes: the change in the log of their
    clues' placements left by line logic (negative: fewer placements)."""

    def __init__(self, rules: Rules, verdict: Verdict):
        self.rules = rules
        self.verdict = verdict
        self.before: dict[tuple[int, int], float] = {}

    def change(self, puzzle, board, edit: Edit) -> float:
        placements = self.rules.placements
        change = 0.0
        for axis in (0, 1):
            for index in {cell[axis] for cell in edit.cells}:
                old = self.before.get((axis, index))
                if old is None:
                    old = self.before[axis, index] = math.log2(
                        placements(self.verdict.puzzle, self.verdict.logic, axis, index))
                change += math.log2(placements(puzzle, board, axis, index)) - old
        return change


def _time_limited_verdict(rules: Rules, drawing: np.ndarray, task: Task, seconds: float) -> Verdict:
    return rules.check(drawing, _Relay(task, seconds))


def _grade(verdict: Verdict, task: Task) -> float | None:
    try:
        path = grade_verdict(verdict, task)
    except TimeUp:
        return None
    return None if path is None else path.grade


def make_harder(drawing: np.ndarray, task: Task | None = None, checked: int = 20, symmetry: str = "none",
                colours: int | None = None, verdict: Verdict | None = None) -> list[Suggestion]:
    """For a unique drawing: single edits (a cell, with its mirror images under
    ``symmetry``) that keep it unique but grade harder, the gentlest step up first (so that
    taking the first again and again climbs the grades one by one). ``colours``: a colour
    drawing's palette size (:func:`rules_of`); ``verdict``: the drawing's, if checked already.

    The task's time limit ends the search: the edits graded by then are proposed.
    Every edit is tried with line logic. Of those line logic still solves, the ``checked``
    that need the most sweeps are graded; of those that leave line logic stuck, the
    ``checked`` most promising (fewest open cells, on block borders) get the full verdict,
    and those that stay unique are graded.
    """
    task = task or Task()
    rules = rules_of(drawing, colours)
    drawing = rules.drawing(drawing)
    verdict = verdict or rules.check(drawing, task)
    base = _grade(verdict, task)
    if base is None:
        return []
    edits = _Edits(drawing, rules)
    tried, solved, stuck = [], [], []
    every = [edit for cells in _all_orbits(drawing.shape, symmetry) for edit in _edits(rules, drawing, cells)]
    try:
        for suggestion in _tried(rules, drawing, edits, every, task, task, verdict.open_cells,
                                 lambda edit: Kind.STALLED):
            tried.append(suggestion)
        solved = sorted((s for s in tried if s.kind == Kind.LINE), key=lambda s: (-s.sweeps, -s.border, s.edit))
        stuck = sorted((s for s in tried if s.kind != Kind.LINE), key=lambda s: (s.open_cells, -s.border, s.edit))
        for suggestion in solved[:checked]:  # line logic proved them unique: only the grade is missing
            suggestion.grade = solve_path(edits.puzzle(suggestion.edit), edited(drawing, [suggestion.edit]), task).grade
        for suggestion in stuck[:checked]:
            edited_verdict = _full_check(rules, suggestion, drawing, task)
            task.check_cancelled()  # (an edit's check ends UNDECIDED at the task's time limit)
            if suggestion.unique:
                suggestion.grade = _grade(edited_verdict, task)
    except TimeUp:  # the task's time limit: the edits graded so far
        pass
    harder = [s for s in solved[:checked] + stuck[:checked] if s.grade is not None and s.grade > base]
    harder.sort(key=lambda s: (s.grade, -s.border, s.edit))
    return harder


def _tried(rules: Rules, drawing: np.ndarray, edits: _Edits, candidates: list[Edit], task: Task, search: Task,
           before: int, stuck_kind: Callable[[Edit], Kind]) -> Iterator[Suggestion]:
    """Each candidate edit tried with line logic (reported on ``task``, bounded by ``search``):
    LINE where line logic then solves it, else ``stuck_kind(edit)``; ``before``: the cells open
    without it."""
    for done, edit in enumerate(candidates):
        search.check_cancelled()
        task.report(done, len(candidates), Activity.tr("trying single-cell edits"))
        _, board, sweeps = edits.line_logic(edit, search)
        open_cells = board.unknown_count()
        yield Suggestion(edit, Kind.LINE if open_cells == 0 else stuck_kind(edit), open_cells, before - open_cells,
                         sweeps, _border(drawing, edit), colour=rules.colour)


def _all_orbits(shape: tuple[int, int], symmetry: str) -> list[tuple[Cell, ...]]:
    """Every cell of the grid with its mirror images, each group once, in row order."""
    orbits, seen = [], set()
    for cell in np.ndindex(*shape):
        if cell not in seen:
            cells = orbit(cell, shape, symmetry)
            seen.update(cells)
            orbits.append(cells)
    return orbits
