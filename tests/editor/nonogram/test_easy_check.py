"""The check that line logic decides on bit masks, without numpy: the same verdicts and output
as with the grids as arrays, and no numpy imported (nonogram_editor.infra.lazy, level/bit_rows.py)."""
import csv
import json
import subprocess
import sys

import numpy as np

from nonogram_editor.level.bit_rows import BitRows, array_to_rows, given, runs
from nonogram_editor.level.clues import clues as clues_of_grid
from nonogram_editor.level.non_format import parse_non, read_non
from nonogram_editor.nonogram.grade import grade_verdict
from nonogram_editor.nonogram.verdict import Kind, check_puzzle
from tests.editor.nonogram.reference import NONOGRAMS, solutions
from tests.editor.nonogram.test_verdict import clues_of, random_pictures


def line_files():
    with open(NONOGRAMS / "expected.csv", newline="") as handle:
        return [NONOGRAMS / row["file"] for row in csv.DictReader(handle) if row["class"] == "LINE"]


def test_bit_rows_agree_with_arrays():
    rng = np.random.default_rng(5)
    for height, width in ((1, 1), (3, 9), (9, 3), (17, 8), (12, 70)):
        grid = rng.random((height, width)) < 0.5
        bits = BitRows.of(grid)
        assert bits.rows == tuple(array_to_rows(grid))
        assert np.array_equal(bits.array(), grid)
        assert bits.strings() == ["".join("1" if cell else "0" for cell in row) for row in grid]
        assert BitRows.of_strings(bits.strings(), width) == bits
        assert bits.clues() == clues_of_grid(grid)
        assert bits.columns() == array_to_rows(grid.T)
    assert runs(0) == []
    assert runs(0b1101110) == [3, 2]


def test_a_goal_read_as_bit_rows_reads_as_the_array():
    puzzle = parse_non("width 3\nheight 2\nrows\n2\n1\ncolumns\n1\n1\n1\ngoal 110001\n")
    assert given(puzzle, "goal") == BitRows((0b011, 0b100), 3)
    assert puzzle.goal_fits()
    assert np.array_equal(puzzle.goal, [[True, True, False], [False, False, True]])
    assert given(puzzle, "goal").dtype == bool  # read once, kept as the array
    assert puzzle.goal_fits()


def test_verdicts_from_bit_rows_and_from_arrays_are_the_same():
    """The real puzzles and 300 random small pictures (their clues with the picture as the
    goal, and bare): the same verdict and output whether the goal comes as bit rows or as an
    array, each as the brute-force count of solutions says."""
    cases = [(puzzle.row_clues, puzzle.column_clues, puzzle.goal) for puzzle in map(read_non, line_files())]
    for picture in random_pictures(300, 6, seed=36):
        rows, columns = clues_of(picture)
        cases.append((rows, columns, np.array(picture, dtype=bool)))
        cases.append((rows, columns, None))
    kinds = set()
    for rows, columns, goal in cases:
        by_bits = check_puzzle(rows, columns, None if goal is None else BitRows.of(goal))
        by_array = check_puzzle(rows, columns, goal)
        assert output(by_bits) == output(by_array)
        kinds.add(by_bits.kind)
        if max(len(rows), len(columns)) > 6:
            continue
        found = solutions(rows, columns, 2)
        expected = {0: Kind.CONTRADICTION, 1: (Kind.LINE, Kind.BRANCH), 2: Kind.MULT}[len(found)]
        assert by_bits.kind in expected
        if len(found) == 1:
            assert tuple(map(tuple, by_bits.picture.astype(int).tolist())) == found[0]
        if len(found) == 2:
            assert by_bits.puzzle.is_solution(by_bits.picture)
            assert by_bits.puzzle.is_solution(by_bits.alternative)
            assert by_bits.differing.any()
    assert kinds >= {Kind.LINE, Kind.BRANCH, Kind.MULT}


def output(verdict):
    solve = grade_verdict(verdict)
    data = {**verdict.to_json(), **(solve.to_json() if solve else {})}
    del data["seconds"]
    return data


def test_a_line_solvable_check_imports_no_numpy(tmp_path):
    """1x1 and the real line-solvable puzzles (with goals): the same output as in this
    process (where numpy is loaded), and numpy never imported."""
    tiny = tmp_path / "tiny.non"
    tiny.write_text("width 1\nheight 1\nrows\n1\ncolumns\n1\n")
    files = [str(tiny), *map(str, line_files())]
    probe = ("import sys\nfrom nonogram_editor.__main__ import main\n"
             f"status = main(['check', '--json', '--grade', *{files!r}])\n"
             "print(status, 'numpy' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    *lines, last = result.stdout.splitlines()
    assert last == "0 False"
    for line, name in zip(lines, files, strict=True):
        data = json.loads(line)
        assert data["path"] == name
        assert data["verdict"] == "LINE"
        verdict = check_puzzle(*clues_of_file(name))
        assert {key: data[key] for key in output(verdict)} == output(verdict)


def clues_of_file(name):
    puzzle = read_non(name)
    return puzzle.row_clues, puzzle.column_clues

