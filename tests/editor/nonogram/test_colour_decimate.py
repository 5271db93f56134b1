"""Colour belief propagation and decimation, the racer for a first solution of big colour
clue sets (issue 27): the line marginals against brute force, what decimation returns
fits the clues (None only where brute force finds no solution), and in the SAT process
it answers first on noise, with kissat in its place where it gives up."""
import itertools

import numpy as np
import pytest

from nonogram_editor.level.colour import colour_clues, colour_line_clue
from nonogram_editor.nonogram import decimate as two_colour_decimate
from nonogram_editor.nonogram.colour import cnf, portfolio
from nonogram_editor.nonogram.colour import decimate as colour_decimate
from nonogram_editor.nonogram.colour.belief import line_marginals
from nonogram_editor.nonogram.colour.puzzle import ColourClues
from tests.editor.nonogram.colour_reference import all_solutions


def _noise(seed: int, size: int, colours: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    picture = rng.integers(1, colours, size=(size, size))
    picture[rng.random(picture.shape) < rng.uniform(0.3, 0.6)] = 0
    return picture


def _fixpoint_rows(rows, columns, colours):
    puzzle = ColourClues(rows, columns, colours)
    board = puzzle.board()
    assert puzzle.propagate(board) is not None
    return puzzle, board.rows


def test_line_marginals_are_the_weighted_share_of_every_placement():
    n, colours = 7, 3
    by_clue = {}
    for line in itertools.product(range(colours), repeat=n):
        by_clue.setdefault(tuple(colour_line_clue(np.array(line))), []).append(line)
    rng = np.random.default_rng(5)
    clues = list(by_clue)
    for _ in range(300):
        clue = clues[rng.integers(len(clues))]
        allowed = rng.random((n, colours)) < 0.85
        weights = rng.random((n, colours)) + 0.1
        fitting = [line for line in by_clue[clue] if all(allowed[i, line[i]] for i in range(n))]
        marginals, possible = line_marginals((clue,), allowed[None], weights[None])
        assert bool(possible[0]) == bool(fitting)
        if not fitting:
            continue
        expected = np.zeros((n, colours))
        for line in fitting:
            expected[np.arange(n), line] += np.prod(weights[np.arange(n), line])
        assert np.allclose(marginals[0], expected / expected.sum(axis=1, keepdims=True))


@pytest.mark.parametrize("seed", range(4))
def test_decimation_finds_a_solution_of_noise_that_fits(seed):
    picture = _noise(seed, 30, 4)
    rows, columns = colour_clues(picture)
    puzzle, known = _fixpoint_rows(rows, columns, 4)
    grid = colour_decimate.first_solution(puzzle.row_clues, puzzle.column_clues, 4, known)
    assert puzzle.is_solution(np.array(grid))


def test_decimation_says_none_only_where_there_is_no_solution():
    """Small clue sets of one colour, half of them rows of one picture and columns of another
    (some have no solution that line logic does not see), and of three colours: a solution
    decimation returns fits, None only where brute force finds none."""
    rng = np.random.default_rng(5)
    seen = {"none": 0, "solution": 0}
    for trial in range(400):
        colours = 2 if trial < 300 else 4
        shape = tuple(rng.integers(2, 6, size=2))
        one, other = (rng.integers(0, colours, size=shape) for _ in range(2))
        rows, columns = colour_clues(one)[0], colour_clues(other if trial % 2 and colours == 2 else one)[1]
        puzzle = ColourClues(rows, columns, colours)
        board = puzzle.board()
        if puzzle.propagate(board) is None:
            continue
        grid = colour_decimate.first_solution(puzzle.row_clues, puzzle.column_clues, colours, board.rows)
        if grid is None:
            assert not all_solutions(rows, columns, colours, limit=1)
            seen["none"] += 1
        else:
            assert puzzle.is_solution(np.array(grid))
            seen["solution"] += 1
    assert seen["none"]
    assert seen["solution"] > 150


def test_the_sat_process_takes_decimations_first_solution_of_big_noise():
    """50x50 noise of 3 colours: line logic leaves 2,072 cells open; decimation (the race's
    lead) answers, and another solution next to it follows."""
    picture = _noise(4, 50, 4)
    rows, columns = colour_clues(picture)
    puzzle, known = _fixpoint_rows(rows, columns, 4)
    first, second = portfolio.decide(puzzle.row_clues, puzzle.column_clues, 4, list(known))
    assert first == colour_decimate.first_solution(puzzle.row_clues, puzzle.column_clues, 4, known)
    assert puzzle.is_solution(np.array(first))
    assert puzzle.is_solution(np.array(second))
    assert first != second


def test_kissat_takes_over_where_decimation_gives_up(monkeypatch):
    def gives_up(*args):
        raise two_colour_decimate.GaveUp

    monkeypatch.setattr(colour_decimate, "first_solution", gives_up)  # the racer's fork inherits it
    picture = _noise(1, 20, 4)
    rows, columns = colour_clues(picture)
    puzzle, known = _fixpoint_rows(rows, columns, 4)
    first, second = portfolio.decide(puzzle.row_clues, puzzle.column_clues, 4, list(known))
    assert puzzle.is_solution(np.array(first))
    assert second is None or (puzzle.is_solution(np.array(second)) and second != first)
    clauses, _ = cnf.encode(puzzle.row_clues, puzzle.column_clues, 4, known)
    alone = portfolio.first_without_forks(portfolio.Problem(puzzle.row_clues, puzzle.column_clues, 4, known, clauses))
    assert puzzle.is_solution(np.array(alone))  # without forks: kissat after decimation, in this process
