"""Anyone's clues: solve a puzzle that comes as bare clues and say what was found (Qt-free).

    report = solve_clues(row_clues, column_clues, goal=None)
    report.verdict.kind, report.solutions, report.broken_lines, report.goal_mismatch, report.describe()

One solution (and whether line logic reaches it), two side by side when another fits the
same clues, or CONTRADICTION naming the lines that cannot be satisfied. A goal picture
that does not fit its clues is named line by line and then ignored: the clues decide.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from nonogram_editor.infra.tasks import Task
from nonogram_editor.infra.wording import Wording
from nonogram_editor.level.clues import clues as clues_of_grid
from nonogram_editor.nonogram.grade import NoPlacement, solve_path
from nonogram_editor.nonogram.puzzle import Puzzle
from nonogram_editor.nonogram.verdict import Kind, Verdict, check_puzzle


@dataclass
class ClueReport(Wording):
    verdict: Verdict
    solutions: list[np.ndarray] = field(default_factory=list)  # one if unique, two if not, none if no solution
    broken_lines: list[str] = field(default_factory=list)  # CONTRADICTION: what cannot be satisfied
    goal_mismatch: list[str] = field(default_factory=list)  # lines whose goal clue differs from the given clue

    def describe(self) -> str:
        parts = []
        if self.goal_mismatch:
            parts.append(self.tr("The goal picture does not fit its clues ({0}); solved from the clues alone.").format(
                ", ".join(self.goal_mismatch[:6]) + (", …" if len(self.goal_mismatch) > 6 else "")))
        kind = self.verdict.kind
        if kind == Kind.LINE:
            parts.append(self.tr("One solution, and line logic reaches it."))
        elif kind == Kind.BRANCH:
            parts.append(self.tr("One solution, but line logic alone gets stuck: it needs lookahead."))
        elif kind == Kind.MULT:
            parts.append(self.tr("More than one solution: two of them side by side."))
        elif kind == Kind.CONTRADICTION:
            parts.append(self.tr("No solution: {0}.").format("; ".join(self.broken_lines)))
        else:
            parts.append(self.verdict.headline() + ".")
        return " ".join(parts)


def mismatched_lines(row_clues, column_clues, goal: np.ndarray, clues_of=clues_of_grid) -> list[str]:
    """The rows and columns (numbered from 1) where ``goal``'s clue (``clues_of`` it: two-colour
    by default) is not the given one."""
    goal = np.asarray(goal)
    if goal.shape != (len(row_clues), len(column_clues)):
        return [ClueReport.tr("the goal is {0}x{1}, the clues {2}x{3}").format(
            goal.shape[1], goal.shape[0], len(column_clues), len(row_clues))]
    rows, columns = clues_of(goal)
    return ([ClueReport.tr("row {0}").format(i + 1) for i, (a, b) in enumerate(zip(rows, row_clues))
             if list(a) != list(b)]
            + [ClueReport.tr("column {0}").format(i + 1)
               for i, (a, b) in enumerate(zip(columns, column_clues)) if list(a) != list(b)])


def _broken_lines(row_clues, column_clues, task: Task) -> list[str]:
    rows, columns = sum(map(sum, row_clues)), sum(map(sum, column_clues))
    if rows != columns:
        return [ClueReport.tr("the rows fill %n cell(s) but the columns {0}", "", rows).format(columns)]
    try:
        solve_path(Puzzle(row_clues, column_clues), task=task)
    except NoPlacement as error:
        line = ClueReport.tr("row {0}") if error.axis == "row" else ClueReport.tr("column {0}")
        return [ClueReport.tr("no placement of {0}'s clue fits what the other lines force").format(
            line.format(error.index + 1))]
    return [ClueReport.tr("every line fits on its own, but no combination of them fits together (found by search)")]


def solve_clues(row_clues, column_clues, goal: np.ndarray | None = None, task: Task | None = None) -> ClueReport:
    task = task or Task()
    mismatch = mismatched_lines(row_clues, column_clues, goal) if goal is not None else []
    verdict = check_puzzle(row_clues, column_clues, None if mismatch else goal, task)
    return _report(verdict, mismatch, lambda: _broken_lines(row_clues, column_clues, task))


def solve_colour_clues(row_clues, column_clues, colours: int, goal: np.ndarray | None = None,
                       task: Task | None = None) -> ClueReport:
    """:func:`solve_clues` of a colour puzzle: clues of ``(length, colour)`` blocks, colours
    ``1..colours-1`` (0 the background); the solutions are grids of colour indices."""
    from nonogram_editor.level.colour import colour_clues
    from nonogram_editor.nonogram.colour import check_colour

    task = task or Task()
    mismatch = mismatched_lines(row_clues, column_clues, goal, colour_clues) if goal is not None else []
    verdict = check_colour(row_clues, column_clues, colours, goal=None if mismatch else goal, task=task)
    return _report(verdict, mismatch, lambda: [ClueReport.tr("no colouring fits every row and column together")])


def _report(verdict: Verdict, mismatch: list[str], broken_lines: Callable[[], list[str]]) -> ClueReport:
    """The report of ``verdict``: its solutions, or (CONTRADICTION) ``broken_lines()``."""
    report = ClueReport(verdict, goal_mismatch=mismatch)
    if verdict.kind in (Kind.LINE, Kind.BRANCH):
        report.solutions = [verdict.picture]
    elif verdict.kind == Kind.MULT:
        report.solutions = [verdict.picture, verdict.alternative]
    elif verdict.kind == Kind.CONTRADICTION:
        report.broken_lines = broken_lines()
    return report
