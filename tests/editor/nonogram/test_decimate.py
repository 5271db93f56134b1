"""Decimation, the first-solution racer for big clue sets with many solutions: what it
returns fits the clues, None only where there is no solution; in the race it takes
kissat's place and drops out when it gives up."""
import random
from pathlib import Path

import numpy as np
import pytest

from nonogram_editor.level.non_format import read_non
from nonogram_editor.nonogram import decimate
from nonogram_editor.nonogram.puzzle import Puzzle, rows_to_array
from tests.editor.nonogram.reference import runs, solutions
from tests.editor.nonogram.test_cnf import _race_outcome, linux_only

HARD = Path(__file__).resolve().parents[2] / "data" / "hard"


def first(row_clues, column_clues):
    """(the Puzzle, decimation's answer from line logic's fixpoint), or (Puzzle, "contradiction")."""
    puzzle = Puzzle(row_clues, column_clues)
    board = puzzle.board()
    if puzzle.propagate(board) is None:
        return puzzle, "contradiction"
    return puzzle, decimate.first_solution(puzzle.row_clues, puzzle.column_clues, (board.row_filled, board.row_empty))


@pytest.mark.parametrize("seed", range(6))
def test_the_solution_of_a_random_pictures_clues_fits_them(seed):
    """Half-filled random pictures, 20x20 to 40x30: line logic leaves many cells open and
    there are often several solutions; decimation finds one that fits every clue."""
    rng = np.random.default_rng(seed)
    height, width = int(rng.integers(20, 31)), int(rng.integers(20, 41))
    picture = rng.random((height, width)) < 0.5
    clues = Puzzle.from_grid(picture)
    puzzle, rows = first(clues.row_clues, clues.column_clues)
    assert rows is not None
    assert puzzle.is_solution(rows_to_array(rows, width))


def test_small_clue_sets_against_the_reference_solver():
    """Random pictures' clue sets, and clue sets mixed from two pictures' rows and columns
    (many have no solution):
    a solution decimation returns fits; None only where the reference finds none; where
    there is one, decimation finds one (it gives up only after many contradictions)."""
    rng = random.Random(5)
    counts = {"solved": 0, "none": 0}
    for _ in range(300):
        height, width = rng.randint(2, 6), rng.randint(2, 6)
        one = [[rng.random() < 0.5 for _ in range(width)] for _ in range(height)]
        two = one if rng.random() < 0.5 else [[rng.random() < 0.5 for _ in range(width)] for _ in range(height)]
        row_clues = [runs(row) for row in one]
        column_clues = [runs(column) for column in zip(*two)]
        puzzle, rows = first(row_clues, column_clues)
        if rows == "contradiction":
            continue
        truth = solutions(row_clues, column_clues, limit=1)
        if rows is None:
            assert not truth
            counts["none"] += 1
        else:
            assert puzzle.is_solution(rows_to_array(rows, width))
            counts["solved"] += 1
    assert counts["solved"] > 100
    assert counts["none"] > 0


def test_the_quick_try_fits_or_gives_up_never_a_false_none():
    """The coarser quick try (bigger batches, fewer first rounds, no return past its first
    dead end) on small clue sets, some without a solution, against the reference solver:
    a board that fits, None only where there is no solution, else GaveUp; and on half-filled
    25x25 random pictures' clues, where it is meant to answer, a board that fits."""
    rng = random.Random(7)
    answered = 0
    for _ in range(200):
        height, width = rng.randint(2, 7), rng.randint(2, 7)
        one = [[rng.random() < 0.5 for _ in range(width)] for _ in range(height)]
        two = one if rng.random() < 0.5 else [[rng.random() < 0.5 for _ in range(width)] for _ in range(height)]
        puzzle = Puzzle([runs(row) for row in one], [runs(column) for column in zip(*two)])
        board = puzzle.board()
        if puzzle.propagate(board) is None:
            continue
        try:
            solved = decimate.quick_try(puzzle, board)
        except decimate.GaveUp:
            continue
        answered += 1
        if solved is None:
            assert not solutions(puzzle.row_clues, puzzle.column_clues, limit=1)
        else:
            assert puzzle.is_solution(solved.filled_array())
    assert answered > 50
    answered = 0
    generator = np.random.default_rng(23)
    for _ in range(6):
        puzzle = Puzzle.from_grid(generator.random((25, 25)) < 0.45)
        board = puzzle.board()
        puzzle.propagate(board)
        try:
            solved = decimate.quick_try(puzzle, board)
        except decimate.GaveUp:
            continue
        assert puzzle.is_solution(solved.filled_array())
        answered += 1
    assert answered >= 4


@pytest.mark.parametrize("name", ["knotty.non", "webpbn-00803-light.non", "domino-9.non"])
def test_hard_puzzles_get_a_fitting_solution(name):
    puzzle = read_non(HARD / name)
    engine, rows = first(puzzle.row_clues, puzzle.column_clues)
    assert engine.is_solution(rows_to_array(rows, engine.width))


def dead_end_boards():
    """Half-filled 40x40 random pictures' clues at line logic's fixpoint, seeds 0 to 5 (2 and
    4 run into a dead end)."""
    for seed in range(6):
        picture = np.random.default_rng(seed).random((40, 40)) < 0.5
        puzzle = Puzzle.from_grid(picture)
        board = puzzle.board()
        puzzle.propagate(board)
        yield seed, puzzle, board


def test_it_gives_up_after_its_dead_ends_and_goes_back_to_solve(monkeypatch):
    """Without the SAT search at a dead end: with no return to an earlier board allowed, a
    dead end ends the search with GaveUp, never with a wrong answer or a false None; with
    returns (and probing there) allowed, the same boards get a solution."""
    monkeypatch.setattr(decimate, "_complete", lambda puzzle, board: False)  # out of conflicts
    gave_up = []
    for seed, puzzle, board in dead_end_boards():
        try:
            solved = decimate.decimate(puzzle, board, dead_ends=0)
        except decimate.GaveUp:
            gave_up.append(seed)
            solved = decimate.decimate(puzzle, board)
        assert solved is not None
        assert puzzle.is_solution(solved.filled_array())
    assert gave_up == [2, 4]


def test_the_sat_search_at_a_dead_end_completes_the_board_before_it():
    for _seed, puzzle, board in dead_end_boards():
        solved = decimate.decimate(puzzle, board, dead_ends=0)
        assert solved is not None
        assert puzzle.is_solution(solved.filled_array())


def test_complete_answers_a_solution_none_or_out_of_conflicts(monkeypatch):
    rows = columns = [[1]] * 4  # one filled cell per row and column: 24 solutions
    puzzle = Puzzle(rows, columns)
    board = puzzle.board()
    assert puzzle.is_solution(decimate._complete(puzzle, board).filled_array())
    board.set(0, 0, True)
    board.set(1, 0, True)  # two in column 0: line logic would see it, and so does the SAT search
    assert decimate._complete(puzzle, board) is None
    monkeypatch.setattr(decimate, "COMPLETE_CONFLICTS", 1)
    picture = np.random.default_rng(2).random((40, 40)) < 0.5
    puzzle = Puzzle.from_grid(picture)
    assert decimate._complete(puzzle, puzzle.board()) is False  # one conflict is not enough here


def test_where_decimation_gives_up_kissat_on_the_block_encoding_answers():
    """The first-solution race's replacements: decimation in kissat's place, and when it
    gives up, kissat on the block encoding, which answers."""
    from nonogram_editor.nonogram import portfolio

    schedule = {racer.name: racer for racer in portfolio.FIRST_SOLUTION}
    assert schedule["kissat"].then == "decimation"
    assert schedule["decimation"].then == "kissat on blocks"
    light = read_non(HARD / "webpbn-00803-light.non")
    puzzle = Puzzle(light.row_clues, light.column_clues)
    board = puzzle.board()
    puzzle.propagate(board)
    problem = portfolio.Problem(puzzle.row_clues, puzzle.column_clues, (board.row_filled, board.row_empty))
    rows = schedule["kissat on blocks"].solve(problem)
    assert puzzle.is_solution(rows_to_array(rows, puzzle.width))


@linux_only
def test_decimation_takes_kissats_place_once_kissat_is_ended_and_its_answer_is_taken():
    code = ("order_cnf.first_solution = never_answers\n"
            "retime(portfolio.FIRST_SOLUTION, 'kissat', solve=never_answers, stops=0.3)\n"
            "retime(portfolio.FIRST_SOLUTION, 'block encoding', joins=-1)\n"
            "first, second = portfolio.decide(light.row_clues, light.column_clues, known, None)\n"
            "print(puzzle.is_solution(rows_to_array(first, puzzle.width)), second)\n"
            "print(racers)\n")
    assert _race_outcome(code) == ("True None", ["kissat", "block encoding", "decimation"])  # Light is unique


@linux_only
def test_decimation_giving_up_is_replaced_by_kissat_on_the_block_encoding():
    """Decimation fails (gives up) at once: kissat on the block encoding takes its place
    in a fork of its own; whichever answers first, the answer fits."""
    code = ("from nonogram_editor.nonogram import decimate\n"
            "def gives_up(*args): raise decimate.GaveUp\n"
            "decimate.first_solution = gives_up\n"
            "retime(portfolio.FIRST_SOLUTION, 'kissat', solve=never_answers, stops=0.3)\n"
            "real_first = order_cnf.first_solution\n"
            "def later(*args):\n"
            "    import time; time.sleep(1.0)  # after decimation has given up\n"
            "    return real_first(*args)\n"
            "order_cnf.first_solution = later\n"
            "retime(portfolio.FIRST_SOLUTION, 'block encoding', joins=-1)\n"
            "first, second = portfolio.decide(light.row_clues, light.column_clues, known, None)\n"
            "print(puzzle.is_solution(rows_to_array(first, puzzle.width)), second)\n"
            "print(racers)\n")
    assert _race_outcome(code) == ("True None", ["kissat", "block encoding", "decimation", "kissat on blocks"])


def test_a_big_proxy_from_bare_clues_gets_a_fitting_solution():
    """Checkerboard noise 99x59 (tests/benchmarks/proxies.py, seed 1): 5,824 open cells
    after line logic, no first solution from kissat or the block encoding in a minute."""
    from tests.benchmarks.proxies import proxy_pictures

    picture = dict(proxy_pictures(seed=1))["checker-99x59-d0.5"]
    clues = Puzzle.from_grid(picture)
    puzzle, rows = first(clues.row_clues, clues.column_clues)
    assert puzzle.is_solution(rows_to_array(rows, puzzle.width))
