"""Bare clues solved: one solution, two side by side, CONTRADICTION naming the lines, wrong goals named."""
import numpy as np

from nonogram_editor.level.non_format import read_non
from nonogram_editor.nonogram.clue_solve import mismatched_lines, solve_clues
from tests.editor.nonogram.reference import NONOGRAMS, solutions


def test_a_real_puzzle_from_its_clues_alone():
    non = read_non(NONOGRAMS / "webpbn-00006-cat.non")
    report = solve_clues(non.row_clues, non.column_clues)
    assert report.verdict.kind == "LINE"
    assert len(report.solutions) == 1
    assert np.array_equal(report.solutions[0], non.goal)
    assert "line logic reaches it" in report.describe()


def test_two_solutions_side_by_side_are_both_real():
    rows, columns = [[1], [1]], [[1], [1]]
    report = solve_clues(rows, columns)
    assert report.verdict.kind == "MULT"
    assert len(report.solutions) == 2
    found = {tuple(map(tuple, s.astype(int))) for s in report.solutions}
    assert found == set(solutions(rows, columns, limit=3))


def test_contradictions_name_what_cannot_be_satisfied():
    report = solve_clues([[2], [1]], [[1], [1]])
    assert report.verdict.kind == "CONTRADICTION"
    assert report.solutions == []
    assert "rows fill 3 cells but the columns 2" in report.describe()
    report = solve_clues([[2], []], [[2], []])  # row 2 is empty but column 1 needs 2 cells
    assert report.verdict.kind == "CONTRADICTION"
    assert any(line in report.describe() for line in ("row 2", "column 1", "column 2", "row 1"))
    assert solutions([[2], []], [[2], []]) == []


def test_a_goal_that_does_not_fit_is_named_and_the_clues_decide():
    goal = np.array([[1, 0], [0, 0]], dtype=bool)
    assert mismatched_lines([[1], [1]], [[1], [1]], goal) == ["row 2", "column 2"]
    report = solve_clues([[1], [1]], [[1], [1]], goal)
    assert report.goal_mismatch == ["row 2", "column 2"]
    assert report.verdict.kind == "MULT"
    assert report.describe().startswith("The goal picture does not fit its clues (row 2, column 2)")
