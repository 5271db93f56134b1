"""The first-solution stage for bare clues: belief propagation against brute-force counts,
the block-position encoding and the probing implications against every solution."""
import itertools
import random
from pathlib import Path

import numpy as np
import pytest
from pysat.solvers import Solver

from nonogram_editor.level.non_format import read_non
from nonogram_editor.nonogram import belief, order_cnf
from nonogram_editor.nonogram.probing import probe_to_fixpoint
from nonogram_editor.nonogram.puzzle import Puzzle, rows_to_array
from tests.editor.nonogram.reference import patterns, runs, solutions

HARD = Path(__file__).resolve().parents[2] / "data" / "hard"


def weighted_counts(clue, length, filled, empty, weights):
    """By enumeration: each cell's and each block start's share of the weighted placements."""
    total, cells, starts = 0.0, np.zeros(length), np.zeros((max(1, len(clue)), length))
    for word in patterns(tuple(clue), length):
        if any(word[i] and empty[i] or not word[i] and filled[i] for i in range(length)):
            continue
        weight = np.prod([weights[i] if word[i] else 1 - weights[i] for i in range(length)])
        total += weight
        cells += weight * np.array(word)
        block = 0
        for i in range(length):
            if word[i] and (i == 0 or not word[i - 1]):
                starts[block, i] += weight
                block += 1
    return total, cells, starts


@pytest.mark.parametrize("seed", range(8))
def test_line_marginals_are_the_weighted_shares_of_the_placements(seed):
    rng = random.Random(seed)
    for _ in range(40):
        length = rng.randint(1, 13)  # past belief.RESCALE
        clue = runs([rng.random() < 0.5 for _ in range(length)])
        filled = np.array([rng.random() < 0.15 for _ in range(length)])
        empty = np.array([rng.random() < 0.15 for _ in range(length)]) & ~filled
        weights = np.array([rng.uniform(0.05, 0.95) for _ in range(length)])
        got = belief.line_marginals([clue], filled[None], empty[None], weights[None])
        total, cells, starts = weighted_counts(clue, length, filled, empty, weights)
        assert got.possible[0] == (total > 0)
        if total == 0:
            assert not got.filled.any()
            continue
        assert got.filled[0] == pytest.approx(cells / total)
        assert got.starts[0, :len(clue)] == pytest.approx(starts[:len(clue)] / total)


def test_line_marginals_of_long_lines_do_not_underflow():
    length = 400  # the product of 400 weights of 1e-3 is far below the smallest double
    clue = (1,) * 100
    got = belief.line_marginals([clue], np.zeros((1, length), bool), np.zeros((1, length), bool),
                                np.full((1, length), 1e-3))
    assert got.possible[0]
    assert got.filled[0].sum() == pytest.approx(100)


def test_the_first_round_of_messages_is_each_lines_share_of_placements():
    rng = random.Random(5)
    picture = [[int(rng.random() < 0.5) for _ in range(5)] for _ in range(4)]
    rows, columns = [runs(row) for row in picture], [runs(column) for column in zip(*picture)]
    nothing = np.zeros((4, 5), bool)
    beliefs = belief.propagate(rows, columns, nothing, nothing, rounds=1)
    for r, clue in enumerate(rows):
        words = np.array(patterns(tuple(clue), 5))
        # from 1/2, half way towards the row's own share (the uniform prior divides out)
        assert beliefs.from_rows[r] == pytest.approx(0.25 + 0.5 * np.clip(words.mean(axis=0), 1e-6, 1 - 1e-6))


def random_clues(rng, height, width):
    if rng.random() < 0.8:
        picture = [[int(rng.random() < 0.55) for _ in range(width)] for _ in range(height)]
        return [runs(row) for row in picture], [runs(column) for column in zip(*picture)]
    # clues of no one picture: often without a solution
    return ([runs([rng.random() < 0.5 for _ in range(width)]) for _ in range(height)],
            [runs([rng.random() < 0.5 for _ in range(height)]) for _ in range(width)])


def models(clauses, cells):
    """Every assignment of the first ``cells`` variables that extends to a model."""
    found = set()
    with Solver(name="cadical195", bootstrap_with=clauses) as solver:
        while solver.solve():
            model = solver.get_model()[:cells]
            found.add(tuple(int(literal > 0) for literal in model))
            solver.add_clause([-literal for literal in model])
    return found


def known_after_line_logic(rows, columns):
    puzzle = Puzzle(rows, columns)
    board = puzzle.board()
    if puzzle.propagate(board) is None:
        return None
    return board.filled_array(), board.empty_array()


@pytest.mark.parametrize("seed", range(10))
def test_the_encoding_allows_exactly_the_solutions(seed):
    rng = random.Random(seed)
    for _ in range(12):
        height, width = rng.randint(1, 5), rng.randint(1, 5)
        rows, columns = random_clues(rng, height, width)
        expected = {tuple(cell for row in grid for cell in row) for grid in solutions(rows, columns, limit=10_000)}
        for known in ((np.zeros((height, width), bool),) * 2, known_after_line_logic(rows, columns)):
            if known is None:  # line logic already finds no solution
                assert not expected
                continue
            encoded = order_cnf.encode(rows, columns, *known)
            if encoded is None:
                assert not expected
                continue
            clauses, variables, phases = encoded
            assert sorted(abs(literal) for literal in phases) == list(range(1, variables + 1))
            assert models(clauses, height * width) == expected, (rows, columns)


@pytest.mark.parametrize("first", [order_cnf.first_solution, order_cnf.kissat_solution])
def test_the_first_solution_fits_or_there_is_none(first):
    """CaDiCaL guided (the block racer) and kissat (in decimation's place once it gives up)."""
    rng = random.Random(100)
    for _ in range(60):
        height, width = rng.randint(2, 7), rng.randint(2, 7)
        rows, columns = random_clues(rng, height, width)
        puzzle = Puzzle(rows, columns)
        board = puzzle.board()
        exists = bool(solutions(rows, columns, limit=1))
        if puzzle.propagate(board) is None:
            assert not exists
            continue
        known = (list(board.row_filled), list(board.row_empty))
        found = first(rows, columns, known)
        assert (found is not None) == exists
        if found is not None:
            assert puzzle.is_solution(rows_to_array(found, width))
        assert known == (board.row_filled, board.row_empty)  # the caller's masks are left alone
    for rows, columns in [([(1, 1), (1,), (1, 1)], [(1, 1), (1,), (1, 1)]),  # an X: unique
                          ([(2,), (2,), (1, 1), (1, 1)], [(1, 1), (2,), (2,), (1, 1)])]:  # no solution
        puzzle = Puzzle(rows, columns)
        board = puzzle.board()
        puzzle.propagate(board)
        found = first(rows, columns, (board.row_filled, board.row_empty))
        assert (found is not None) == bool(solutions(rows, columns, limit=1))
        assert found is None or puzzle.is_solution(rows_to_array(found, len(columns)))


def test_another_solution_differs_and_fits_or_the_picture_is_the_only_one():
    rng = random.Random(101)
    for _ in range(80):
        height, width = rng.randint(2, 7), rng.randint(2, 7)
        picture = [[int(rng.random() < 0.55) for _ in range(width)] for _ in range(height)]
        rows, columns = [runs(row) for row in picture], [runs(column) for column in zip(*picture)]
        puzzle = Puzzle(rows, columns)
        board = puzzle.board()
        puzzle.propagate(board)
        shown = np.array(picture, dtype=bool)
        masks = [int("".join(str(cell) for cell in reversed(row)), 2) for row in picture]
        other = order_cnf.other_solution(rows, columns, (list(board.row_filled), list(board.row_empty)), masks)
        assert (other is not None) == (len(solutions(rows, columns)) > 1)
        if other is not None:
            found = rows_to_array(other, width)
            assert puzzle.is_solution(found)
            assert (found != shown).any()


def test_a_search_its_first_conflicts_leave_open_goes_on_as_for_a_satisfiable_formula(monkeypatch):
    configured = []
    real_configure = Solver.configure
    monkeypatch.setattr(Solver, "configure", lambda solver, options: (configured.append(options),
                                                                       real_configure(solver, options)))
    monkeypatch.setattr(order_cnf, "FIRST_CONFLICTS", 50)  # Knotty takes about 1,000 conflicts here
    knotty = read_non(HARD / "knotty.non")
    puzzle = Puzzle(knotty.row_clues, knotty.column_clues)
    board = puzzle.board()
    puzzle.propagate(board)
    found = order_cnf.first_solution(knotty.row_clues, knotty.column_clues, (board.row_filled, board.row_empty))
    assert puzzle.is_solution(rows_to_array(found, puzzle.width))  # the rest of the search is not cut short
    assert configured == [order_cnf.SATISFIABLE]

    configured.clear()  # a puzzle decided within the first conflicts: never
    rows = columns = [(1, 1), (1,), (1, 1)]
    puzzle = Puzzle(rows, columns)
    board = puzzle.board()
    puzzle.propagate(board)
    assert puzzle.is_solution(rows_to_array(order_cnf.first_solution(rows, columns, (board.row_filled,
                                                                                        board.row_empty)), 3))
    assert configured == []


@pytest.mark.parametrize("seed", range(6))
def test_probing_keeps_every_solution_and_its_implications_hold_in_each(seed):
    rng = random.Random(200 + seed)
    for _ in range(15):
        height, width = rng.randint(2, 6), rng.randint(2, 6)
        rows, columns = random_clues(rng, height, width)
        every = solutions(rows, columns, limit=10_000)
        puzzle = Puzzle(rows, columns)
        board = puzzle.board()
        if puzzle.propagate(board) is None:
            assert not every
            continue
        implications = probe_to_fixpoint(puzzle, board)
        if implications is None:
            assert not every
            continue
        for grid in every:
            cells = np.array(grid, dtype=bool)
            assert not (board.filled_array() & ~cells).any()
            assert not (board.empty_array() & cells).any()
            true = {r * width + c + 1 if cells[r, c] else -(r * width + c + 1)
                    for r, c in itertools.product(range(height), range(width))}
            assert all(set(clause) & true for clause in implications)


def test_probing_solves_what_line_logic_leaves_open():
    rows, columns = [(1,), (1,), (1, 1), (2,), (1,)], [(1,), (2, 1), (1,), (1, 1), ()]
    (solution,) = solutions(rows, columns, limit=2)
    puzzle = Puzzle(rows, columns)
    board = puzzle.board()
    puzzle.propagate(board)
    assert board.unknown_count() == 16
    assert probe_to_fixpoint(puzzle, board) == []  # nothing left open to imply anything
    assert (board.filled_array() == np.array(solution, dtype=bool)).all()


def test_probing_finds_clues_without_a_solution_that_line_logic_misses():
    rows, columns = [(2,), (2,), (1, 1), (1, 1)], [(1, 1), (2,), (2,), (1, 1)]
    assert not solutions(rows, columns, limit=1)
    puzzle = Puzzle(rows, columns)
    board = puzzle.board()
    assert puzzle.propagate(board) is not None
    assert probe_to_fixpoint(puzzle, board) is None
