"""Importing a .non puzzle in the Qt-free core: a goal picture that fits opens as it is,
anything else is solved from its clues (nonogram_editor.nonogram.clue_solve), as in the window."""
import subprocess
import sys

import numpy as np
import pytest

from nonogram_editor.core import Editor, UnsolvableClues, read_puzzle
from nonogram_editor.nonogram.verdict import Kind
from tests.editor.nonogram.reference import solutions

# a 6x5 picture with one solution that line logic reaches (checked against brute force below)
ARROW = ["..#...",
         ".###..",
         "######",
         ".###..",
         "..#..."]


def clue_file(path, rows, columns, goal=None):
    lines = [f"width {len(columns)}", f"height {len(rows)}", 'title "Test"', "rows"]
    lines += [",".join(map(str, clue)) or "0" for clue in rows]
    lines += ["columns"] + [",".join(map(str, clue)) or "0" for clue in columns]
    if goal is not None:
        lines.append('goal "' + "".join("1" if cell else "0" for row in goal for cell in row) + '"')
    path.write_text("\n".join(lines) + "\n")
    return path


def clues_of(picture):
    def runs(line):
        return [len(block) for block in "".join(line).split(".") if block]

    return [runs(row) for row in picture], [runs(column) for column in zip(*picture)]


def test_a_goalless_unique_puzzle_becomes_a_level_with_its_solution(tmp_path):
    rows, columns = clues_of(ARROW)
    (only,) = solutions(rows, columns, limit=2)  # brute force: exactly one
    editor = Editor()
    report = editor.import_non(clue_file(tmp_path / "arrow.non", rows, columns))
    assert report.verdict.kind == Kind.LINE
    assert np.array_equal(editor.document.visible_solution(), np.array(only, dtype=bool))
    assert editor.document.path == tmp_path / "arrow.level"  # Save writes the level beside the .non
    assert editor.document.about.get("title") == "Test"


def test_a_fitting_goal_opens_as_it_is_without_a_report(tmp_path):
    rows, columns = clues_of(ARROW)
    goal = np.array([[cell == "#" for cell in row] for row in ARROW])
    editor = Editor()
    assert editor.import_non(clue_file(tmp_path / "arrow.non", rows, columns, goal)) is None
    assert np.array_equal(editor.document.visible_solution(), goal)


def test_a_mult_puzzle_gives_both_solutions_and_opens_the_first(tmp_path):
    rows, columns = [[1], [1], [2]], [[1], [1, 1], [1]]  # a 3x3 with exactly two pictures
    expected = {tuple(map(tuple, s)) for s in solutions(rows, columns, limit=3)}
    assert len(expected) == 2
    editor = Editor()
    report = editor.import_non(clue_file(tmp_path / "two.non", rows, columns))
    assert report.verdict.kind == Kind.MULT
    found = {tuple(map(tuple, s.astype(int))) for s in report.solutions}
    assert found == expected
    assert np.array_equal(editor.document.visible_solution(), report.solutions[0])


def test_a_contradiction_is_refused_naming_the_lines(tmp_path):
    path = clue_file(tmp_path / "broken.non", [[2], [0]], [[2], [0]])  # the columns need a second row
    editor = Editor()
    before = editor.document.visible_solution().copy()
    with pytest.raises(UnsolvableClues) as refused:
        editor.import_non(path)
    assert refused.value.report.verdict.kind == Kind.CONTRADICTION
    message = str(refused.value)
    assert "broken.non" in message
    assert "CONTRADICTION" in message
    assert "no placement of column 1's clue fits" in message
    assert np.array_equal(editor.document.visible_solution(), before)  # the open level stays


def test_the_rows_and_columns_disagreeing_on_the_filled_cells_are_named(tmp_path):
    path = clue_file(tmp_path / "uneven.non", [[1], [0]], [[1], [1]])
    imported = read_puzzle(path)
    assert imported.level is None
    assert "the rows fill 1 cell but the columns 2" in imported.report.describe()


def test_a_goal_that_does_not_fit_is_named_and_the_clues_decide(tmp_path):
    rows, columns = clues_of(ARROW)
    wrong = np.zeros((5, 6), dtype=bool)
    report = Editor().import_non(clue_file(tmp_path / "wrong.non", rows, columns, wrong))
    assert report.goal_mismatch
    assert report.verdict.kind == Kind.LINE


def test_solving_an_imported_puzzle_loads_no_qt(tmp_path):
    rows, columns = clues_of(ARROW)
    path = clue_file(tmp_path / "arrow.non", rows, columns)
    code = ("import sys; from nonogram_editor.core import Editor; editor = Editor(); "
            f"print(editor.import_non({str(path)!r}).verdict.kind, int(editor.document.visible_solution().sum()), "
            "[m for m in sys.modules if m.startswith('PySide6')])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == f"LINE {sum(row.count('#') for row in ARROW)} []"
