"""The solve path and the grade: sound steps, replay to the picture, monotone grades."""
import itertools

import numpy as np
import pytest

from nonogram_editor.infra.tasks import Task
from nonogram_editor.level.non_format import read_non
from nonogram_editor.nonogram.grade import (
    KINDS,
    LINE_DEDUCTION,
    LONG_SWEEPS,
    PROBE,
    SEARCH,
    SIMPLE,
    SolvePath,
    _Player,
    grade_of,
    grade_verdict,
    simple_rules,
    solve_path,
    tenths,
)
from nonogram_editor.nonogram.line import solve_line
from nonogram_editor.nonogram.puzzle import Puzzle
from nonogram_editor.nonogram.verdict import check_drawing, check_puzzle
from tests.editor.nonogram.reference import NONOGRAMS, line_deduction

HARD = NONOGRAMS.parent / "hard"


def _grid(text: str) -> np.ndarray:
    return np.array([[ch == "#" for ch in row] for row in text.split()], dtype=bool)


SIMPLE_ONLY = _grid("..#. ..## #.## ..##")
NEEDS_LINE = _grid(".##..# ..#### .####. #.##..")
NEEDS_PROBE = _grid("#..# .##. .... #..#")


def _masks(known) -> tuple[int, int]:
    filled = sum(1 << i for i, v in enumerate(known) if v == 1)
    empty = sum(1 << i for i, v in enumerate(known) if v == 0)
    return filled, empty


def test_simple_rules_are_sound_and_weaker_than_the_line_deduction():
    rng = np.random.default_rng(5)
    for _ in range(400):
        n = int(rng.integers(1, 11))
        solution = rng.random(n) < 0.5
        clue = tuple(len(list(g)) for v, g in itertools.groupby(solution) if v)
        known = tuple(int(v) if rng.random() < 0.3 else None for v in solution)
        filled, empty = _masks(known)
        simple = simple_rules(clue, n, filled, empty)
        complete = solve_line(clue, n, filled, empty)
        truth = line_deduction(clue, n, known)[0]
        assert complete == _masks(truth)
        assert simple[0] & ~complete[0] == 0
        assert simple[1] & ~complete[1] == 0
        assert simple[0] & filled == filled
        assert simple[1] & empty == empty


def test_simple_rules_overlap_edges_and_completed_blocks():
    assert simple_rules((3,), 5, 0, 0) == (0b00100, 0)  # overlap of the extreme placements
    assert simple_rules((2, 1), 5, 0b00001, 0) == (0b00011, 0b00100)  # a block at the edge is complete
    assert simple_rules((2,), 6, 0b001100, 0) == (0b001100, 0b110011)  # completed block: the rest is empty


def _check_steps(puzzle: Puzzle, path) -> None:
    """Every step settles cells that were open, in its own line, and (for line steps) that
    brute force over the line's patterns agrees are forced."""
    grid = np.full((puzzle.height, puzzle.width), -1)
    for step in path.steps:
        assert step.cells, step
        for row, column, _ in step.cells:
            assert grid[row, column] == -1
            assert (row if step.axis == "row" else column) == step.index or step.kind in (PROBE, SEARCH)
        if step.kind in (SIMPLE, LINE_DEDUCTION):
            line = grid[step.index] if step.axis == "row" else grid[:, step.index]
            clue = (puzzle.row_clues if step.axis == "row" else puzzle.column_clues)[step.index]
            known = tuple(None if v < 0 else int(v) for v in line)
            if len(line) <= 12:
                forced = line_deduction(clue, len(line), known)[0]
                for row, column, value in step.cells:
                    assert forced[column if step.axis == "row" else row] == value
        for row, column, value in step.cells:
            grid[row, column] = value


@pytest.mark.parametrize("name", sorted(p.name for p in NONOGRAMS.glob("*.non")))
def test_the_path_replayed_from_an_empty_grid_ends_at_the_picture(name):
    non = read_non(NONOGRAMS / name)
    verdict = check_puzzle(non.row_clues, non.column_clues, non.goal if non.goal_fits() else None)
    path = grade_verdict(verdict)
    if verdict.kind != "LINE":
        assert verdict.kind == "BRANCH"
        assert path.hardest in (PROBE, SEARCH)
        assert path.grade >= 4
    else:
        assert path.hardest in (SIMPLE, LINE_DEDUCTION)
        assert path.grade < 4
    assert path.solved
    assert np.array_equal(path.replay(verdict.height, verdict.width), verdict.picture.astype(np.int8))
    assert sum(len(step.cells) for step in path.steps) == verdict.width * verdict.height
    _check_steps(verdict.puzzle, path)


def test_small_random_drawings_steps_are_sound_and_kinds_match_the_verdict():
    rng = np.random.default_rng(11)
    seen = set()
    for _ in range(300):
        drawing = rng.random((int(rng.integers(3, 8)), int(rng.integers(3, 8)))) < 0.55
        verdict = check_drawing(drawing)
        path = grade_verdict(verdict)
        if verdict.kind == "MULT":
            assert path is None
            continue
        _check_steps(verdict.puzzle, path)
        assert np.array_equal(path.replay(*drawing.shape), drawing.astype(np.int8))
        # line logic alone solves it exactly when the path needs no lookahead
        assert (verdict.kind == "LINE") == (path.hardest in (SIMPLE, LINE_DEDUCTION))
        seen.add(path.hardest)
    assert {SIMPLE, LINE_DEDUCTION, PROBE} <= seen


def test_constructed_family_grades_in_order_of_the_reasoning_it_needs():
    paths = [grade_verdict(check_drawing(drawing)) for drawing in (SIMPLE_ONLY, NEEDS_LINE, NEEDS_PROBE)]
    assert [path.hardest for path in paths] == [SIMPLE, LINE_DEDUCTION, PROBE]
    grades = [path.grade for path in paths]
    assert grades == sorted(grades)
    assert grades[0] < grades[2]
    # the same puzzles side by side in one picture need the hardest of their techniques
    combined = np.zeros((4 + 4 + 4 + 2, 6), dtype=bool)
    combined[0:4, 0:4] = SIMPLE_ONLY
    combined[10:14, 0:4] = NEEDS_PROBE
    assert grade_verdict(check_drawing(combined)).grade >= paths[2].grade


def _copies(gadget: np.ndarray, count: int) -> np.ndarray:
    """``count`` copies of a drawing down the diagonal, with everything to the right of each
    copy's rows filled (which keeps the copies from mixing into other solutions)."""
    height, width = gadget.shape
    grid = np.zeros((count * (height + 1), count * (width + 1)), dtype=bool)
    for k in range(count):
        grid[k * (height + 1):k * (height + 1) + height, k * (width + 1):k * (width + 1) + width] = gadget
        grid[k * (height + 1):(k + 1) * (height + 1), (k + 1) * (width + 1):] = True
    return grid


def test_bigger_members_of_a_family_never_grade_easier():
    """The bigger a family member, the more sweeps; along each family the grades never go
    down, and for every size the simple family grades no harder than the line one, nor that
    than the probe one."""
    previous = [(0, 0)] * 3
    for count in range(1, 10):
        paths = [grade_verdict(check_drawing(_copies(gadget, count))) for gadget in (SIMPLE_ONLY, NEEDS_LINE,
                                                                                     NEEDS_PROBE)]
        assert [path.hardest for path in paths] == [SIMPLE, LINE_DEDUCTION, PROBE]
        grades = [path.grade for path in paths]
        assert grades == sorted(grades)
        assert grades[0] < grades[2]
        now = [(path.sweeps, path.grade) for path in paths]
        assert all(a <= b for before, after in zip(previous, now) for a, b in zip(before, after))
        previous = now
    assert previous[1][0] > LONG_SWEEPS
    assert int(previous[1][1]) == 3


def test_grade_of_is_monotone_in_every_argument():
    amounts = (0, 1, 2, 3, 4, 9, 10, 30, 99, 100, 325, 999, 1000, 5000)
    for kind, harder in itertools.combinations(KINDS, 2):
        for counts in itertools.product(range(0, 40, 3), range(0, 10), amounts[::3], amounts[::4]):
            assert grade_of(kind, *counts) <= grade_of(harder, *counts)
    for kind in KINDS:
        for counts in itertools.product(range(0, 40), range(0, 10), amounts[::2], amounts[1::3]):
            here = grade_of(kind, *counts)
            assert 1 <= here <= 5.9
            assert round(here, 1) == here
            for more in range(4):
                bigger = list(counts)
                bigger[more] += 1
                assert here <= grade_of(kind, *bigger)


def test_the_tenths_count_the_steps_of_the_hardest_reasoning():
    assert [tenths(n) for n in (0, 1, 3, 10, 30, 100, 325, 999, 10 ** 6)] == [0, 1, 2, 3, 4, 6, 8, 9, 9]
    assert grade_of(PROBE, 4, 0, 1) == 4.1  # a single probe step
    assert grade_of(PROBE, 384, 24, 325) == 4.8  # Light
    assert grade_of(SEARCH, 81, 0, 40, 25) == 5.4
    assert grade_of(SIMPLE, 9, 0) == 1.3
    assert grade_of(SIMPLE, 13, 0) == 2.3
    assert grade_of(LINE_DEDUCTION, 10, 2) == 2.1
    assert grade_of(LINE_DEDUCTION, 10, 4) == 3.2


# known puzzles from easy to expert, each with more (or harder) steps than the one before
GRADED_IN_ORDER = (("nonograms", "webpbn-00001-dancer.non"),  # 5 sweeps of simple rules
                   ("nonograms", "webpbn-00006-cat.non"),  # 9 sweeps
                   ("nonograms", "gnonograms_ubuntu.non"),  # 13 sweeps: long
                   ("nonograms", "webpbn-00529-swing.non"),  # 16 sweeps
                   ("nonograms", "webpbn-00027-bucks.non"),  # 2 probe steps
                   ("nonograms", "webpbn-00023-edge.non"),  # 16 probe steps
                   ("hard", "webpbn-00436-petroglyph.non"),  # 93 probe steps
                   ("hard", "webpbn-00803-light.non"),  # 325 probe steps
                   ("hard", "domino-7.non"),  # 25 search steps
                   ("hard", "domino-9.non"))  # 53 search steps


def test_known_puzzles_grade_in_the_order_of_their_difficulty():
    """The grade tells apart what the kind of reasoning alone does not: a puzzle with two
    probe steps from one with 325, a few sweeps from many."""
    grades = []
    for folder, name in GRADED_IN_ORDER:
        non = read_non(NONOGRAMS.parent / folder / name)
        grades.append(grade_verdict(check_puzzle(non.row_clues, non.column_clues, non.goal)).grade)
    assert grades == sorted(set(grades)), list(zip(GRADED_IN_ORDER, grades))
    one_probe = grade_verdict(check_drawing(NEEDS_PROBE))
    assert one_probe.count(PROBE) == 1
    assert one_probe.grade < grades[GRADED_IN_ORDER.index(("hard", "webpbn-00803-light.non"))]


def test_bare_clues_without_a_picture_stop_where_lookahead_does():
    path = solve_path(Puzzle.from_grid(NEEDS_PROBE))
    assert path.solved
    assert path.hardest == PROBE
    switch = Puzzle([[1], [1]], [[1], [1]])
    path = solve_path(switch)
    assert not path.solved
    assert path.steps == []


class _PlainScan(_Player):
    """The probe step by its definition: every open cell from where the last probe settled,
    wrapping round, True then False, each propagated from scratch (no memo, no shortcut)."""

    def probe_step(self) -> bool:
        cells = list(self.board.unknown_cells())
        start = next((i for i, cell in enumerate(cells) if cell >= self.probe_from), 0)
        for row, column in cells[start:] + cells[:start]:
            for value in (True, False):
                trial = self.board.copy()
                trial.set(row, column, value)
                if self.puzzle.propagate(trial, (row,), (column,)) is None:
                    self.set_cell(PROBE, row, column, not value)
                    self.probe_from = (row, column)
                    return True
        return False


def _plain_path(puzzle: Puzzle, picture=None):
    return _PlainScan(puzzle, None if picture is None else np.asarray(picture, dtype=bool), Task()).run()


def _assert_same_path(puzzle: Puzzle, picture=None) -> SolvePath:
    path = solve_path(puzzle, picture)
    plain = _plain_path(puzzle, picture)
    assert path.steps == plain.steps
    assert (path.sweeps, path.solved, path.grade) == (plain.sweeps, plain.solved, plain.grade)
    return path


def test_probe_memo_gives_the_plain_scans_path_on_random_drawings():
    """With and without the picture (with it, probes the solution agrees with are skipped;
    without it, a picture with several solutions is probed both ways to where lookahead stops)."""
    rng = np.random.default_rng(23)
    kinds = set()
    for _ in range(150):
        drawing = rng.random((int(rng.integers(4, 10)), int(rng.integers(4, 10)))) < rng.uniform(0.4, 0.7)
        verdict = check_drawing(drawing)
        path = _assert_same_path(verdict.puzzle)
        if verdict.kind in ("LINE", "BRANCH"):
            path = _assert_same_path(verdict.puzzle, drawing)
        kinds.add(path.hardest)
    assert {SIMPLE, LINE_DEDUCTION, PROBE} <= kinds


def _tiled(gadget: np.ndarray, count: int) -> np.ndarray:
    """``count`` x ``count`` copies of a drawing, an empty row and column after each."""
    height, width = gadget.shape
    grid = np.zeros((count * (height + 1), count * (width + 1)), dtype=bool)
    for k, j in itertools.product(range(count), repeat=2):
        grid[k * (height + 1):k * (height + 1) + height, j * (width + 1):j * (width + 1) + width] = gadget
    return grid


def test_probe_memo_gives_the_plain_scans_path_on_tiled_pictures():
    """Many probe and search steps in one picture (what Edge tiled 8x8 is, small): 3x3 tiles
    of a random picture that needs lookahead, until the tiling needs search too. Cells settled
    in one tile leave the probes in the tiles beside it valid, which the memo skips."""
    rng = np.random.default_rng(4)
    paths = []
    while not any(path.count(SEARCH) for path in paths):
        gadget = rng.random((7, 7)) < 0.5
        if check_drawing(gadget).kind != "BRANCH":
            continue
        grid = _tiled(gadget, 3)
        verdict = check_drawing(grid)
        if verdict.kind == "BRANCH":
            paths.append(_assert_same_path(verdict.puzzle, grid))
    assert sum(path.count(PROBE) for path in paths) > 20


@pytest.mark.parametrize("name", ["webpbn-00436-petroglyph.non", "webpbn-00803-light.non", "webpbn-06574-forever.non",
                                  "domino-7.non"])
def test_probe_memo_gives_the_plain_scans_path_on_hard_puzzles(name):
    non = read_non(HARD / name)
    verdict = check_puzzle(non.row_clues, non.column_clues, non.goal if non.goal_fits() else None)
    assert verdict.kind == "BRANCH"
    path = _assert_same_path(verdict.puzzle, verdict.picture)
    assert path.hardest in (PROBE, SEARCH)
    assert path.solved
