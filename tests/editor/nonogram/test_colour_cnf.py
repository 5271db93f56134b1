"""The colour SAT encoding (each clue an automaton over colours) against brute force, alone
and as the verdict's deciding stage in the SAT process."""
from __future__ import annotations

import numpy as np
import pytest

from nonogram_editor.nonogram.colour import ColourClues, check_colour, check_colour_drawing, portfolio
from nonogram_editor.nonogram.colour import verdict as colour_verdict
from nonogram_editor.nonogram.verdict import Kind, Stage
from tests.editor.nonogram.colour_reference import all_solutions, grid_clues, other_solution_by_block_starts


def solution_by_block_starts(rows, columns, colours):
    return other_solution_by_block_starts(rows, columns, colours, None)

COLOURS = 3


def _pictures(seed: int, count: int):
    rng = np.random.default_rng(seed)
    for _ in range(count):
        height, width = rng.integers(1, 5, size=2)
        picture = rng.integers(0, COLOURS, size=(height, width))
        picture[rng.random(picture.shape) < 0.3] = 0
        yield picture


def _solves(grid, rows, columns) -> bool:
    found_rows, found_columns = grid_clues(np.array(grid))
    return found_rows == [tuple(r) for r in rows] and found_columns == [tuple(c) for c in columns]


def test_decide_against_brute_force():
    for picture in _pictures(1, 200):
        rows, columns = grid_clues(picture)
        solutions = all_solutions(rows, columns, COLOURS, limit=2)
        first, second = portfolio.decide(rows, columns, COLOURS)
        assert _solves(first, rows, columns)
        assert (second is not None) == (len(solutions) > 1)
        if second is not None:
            assert _solves(second, rows, columns)
            assert second != first
        given, other = portfolio.decide(rows, columns, COLOURS, picture=picture.tolist())
        assert given == picture.tolist()
        assert (other is not None) == (len(solutions) > 1)


def test_decide_finds_no_solution():
    # a red 2 across a single cell, and two touching reds
    assert portfolio.decide([[(2, 1)]], [[(1, 1)]], COLOURS) == (None, None)
    assert portfolio.decide([[(1, 1), (1, 1)], []], [[(1, 1)], [(1, 1)]], COLOURS) == (None, None)


@pytest.fixture
def sat_decides(monkeypatch):
    """The verdict's search gives way at once: the SAT process decides."""
    monkeypatch.setattr(colour_verdict, "SEARCH_ALONE", 0.0)
    monkeypatch.setattr(colour_verdict, "SAT_HEAD_START", 0.0)


def test_the_sat_process_decides_the_verdict(sat_decides):
    decided = 0
    for picture in _pictures(2, 40):
        rows, columns = grid_clues(picture)
        solutions = all_solutions(rows, columns, COLOURS, limit=2)
        verdict = check_colour_drawing(picture, COLOURS)
        if verdict.kind == Kind.LINE:
            continue
        assert verdict.decided_by == Stage.SAT
        decided += 1
        assert verdict.kind == (Kind.MULT if len(solutions) > 1 else Kind.BRANCH)
        if verdict.kind == Kind.MULT:
            assert _solves(verdict.alternative, rows, columns)
    assert decided >= 4


def test_the_sat_process_finds_a_contradiction(sat_decides):
    # the rows of a picture with the columns of the picture with cells swapped: often no
    # solution (the independent SAT model says), which line logic alone sometimes does not see
    rng = np.random.default_rng(4)
    decided = 0
    while decided < 3:
        size, colours = int(rng.integers(3, 6)), int(rng.integers(2, 4))
        picture = rng.integers(0, colours, size=(size, size))
        swapped = picture.copy()
        for _ in range(2):
            r1, c1, r2, c2 = rng.integers(0, size, 4)
            swapped[r1, c1], swapped[r2, c2] = swapped[r2, c2], swapped[r1, c1]
        rows, columns = grid_clues(picture)[0], grid_clues(swapped)[1]
        puzzle = ColourClues(rows, columns, colours)
        if puzzle.propagate(puzzle.board()) is None or solution_by_block_starts(rows, columns, colours) is not None:
            continue  # line logic sees it, or there is a solution
        verdict = check_colour(rows, columns, colours)
        assert verdict.kind == Kind.CONTRADICTION
        assert verdict.decided_by == Stage.SAT
        decided += 1
