"""The colour SAT stage: a first solution of bare clues by racers, then another (Qt-free).

:func:`decide` is what the colour verdict runs in a separate process
(:mod:`nonogram_editor.infra.child_process`): a solution (or none), the race :data:`FIRST_SOLUTION`
of decimation (:mod:`nonogram_editor.nonogram.colour.decimate`) and kissat finding it on bare
clues (:func:`nonogram_editor.nonogram.portfolio.race`, the two-colour race's loop and
:class:`~nonogram_editor.nonogram.portfolio.Racer` table), and then one that differs from it or
from a given picture (or none), by CaDiCaL on the encoding (:mod:`nonogram_editor.nonogram.colour.cnf`).
"""
from __future__ import annotations

from dataclasses import dataclass

from nonogram_editor.nonogram.colour.cnf import encode, grid_of
from nonogram_editor.nonogram.portfolio import SEARCH_NEAR, Racer, race

SOLVER = "cadical195"  # another solution, trying the first's colours first (kissat cannot be given them)
FIRST_SOLVER = "kissat404"  # a first solution of bare clues, where decimation gives up
DECIMATION_ALONE = 6.0  # CPU seconds decimation gets before kissat takes its place


@dataclass
class Problem:
    """What a racer for a first solution is given: the clues, what line logic knows (a
    :class:`~nonogram_editor.nonogram.colour.puzzle.ColourBoard`'s rows) and their encoding."""

    row_clues: list
    column_clues: list
    colours: int
    known_rows: list
    clauses: list[list[int]]


def kissat_first(problem: Problem) -> list[list[int]] | None:
    """Kissat on the encoding, to the end."""
    from nonogram_editor.infra.sat_solvers import Solver

    with Solver(name=FIRST_SOLVER, bootstrap_with=problem.clauses) as solver:
        if not solver.solve():
            return None
        return grid_of(solver.get_model(), len(problem.row_clues), len(problem.column_clues), problem.colours)


def decimation_first(problem: Problem) -> list[list[int]] | None:
    """Decimation (:func:`nonogram_editor.nonogram.colour.decimate.first_solution`): big pictures with
    many solutions; it fails (:class:`nonogram_editor.nonogram.decimate.GaveUp`) where its guesses fail."""
    from nonogram_editor.nonogram.colour.decimate import first_solution

    return first_solution(problem.row_clues, problem.column_clues, problem.colours, problem.known_rows)


FIRST_SOLUTION = [  # a solution of bare clues (the race: nonogram_editor.nonogram.portfolio.race)
    Racer("decimation", decimation_first, stops=DECIMATION_ALONE, then="kissat"),
    Racer("kissat", kissat_first, joins=None),
]


def first_without_forks(problem: Problem) -> list[list[int]] | None:
    """:data:`FIRST_SOLUTION` where no fork can be made: decimation, then kissat."""
    from nonogram_editor.nonogram.decimate import GaveUp

    try:
        return decimation_first(problem)
    except GaveUp:
        return kissat_first(problem)


def search_near(row_clues, column_clues, colours: int, picture: list[list[int]]) -> tuple[bool, list[list[int]] | None]:
    """The colour search for a solution other than ``picture``
    (:func:`nonogram_editor.nonogram.colour.search.find_alternative`: small windows first), for up to ``SEARCH_NEAR``
    CPU seconds: (True, the other solution or None when there is none), or (False, None) when it used up its time.
    Where the solutions are many it finds another next to the first at once."""
    import numpy as np

    from nonogram_editor.infra.tasks import OverBudget, Task
    from nonogram_editor.nonogram.colour.puzzle import ColourClues
    from nonogram_editor.nonogram.colour.search import find_alternative
    from nonogram_editor.nonogram.search import Lookahead

    puzzle = ColourClues(row_clues, column_clues, colours)
    board = puzzle.board()
    puzzle.propagate(board)
    task = Task()
    try:
        with task.budget(SEARCH_NEAR):
            other = find_alternative(puzzle, board, np.array(picture), task, Lookahead())
    except OverBudget:
        return False, None
    return True, None if other is None else other.grid().tolist()


def decide(row_clues, column_clues, colours: int, known_rows=None,
           picture: list[list[int]] | None = None) -> tuple[list[list[int]] | None, list[list[int]] | None]:
    """(a solution, another solution), None where there is none; with ``picture`` (a
    solution) the first is that picture. Without, the first comes from the race
    :data:`FIRST_SOLUTION` and another first from a short search next to it
    (:func:`search_near`); then another, by CaDiCaL trying the first's colours first."""
    from nonogram_editor.infra.sat_solvers import Solver

    height, width = len(row_clues), len(column_clues)
    encoded = encode(row_clues, column_clues, colours, known_rows)
    if encoded is None:
        return (picture, None) if picture is not None else (None, None)
    clauses, _ = encoded
    first = picture
    if first is None:
        full = [((1 << width) - 1,) * colours] * height
        problem = Problem(row_clues, column_clues, colours, known_rows or full, clauses)
        first = race(FIRST_SOLUTION, problem, first_without_forks)
        if first is None:
            return None, None
        decided, other = search_near(row_clues, column_clues, colours, first)
        if decided:
            return first, other
    with Solver(name=SOLVER, bootstrap_with=clauses) as solver:
        solver.add_clause([-((r * width + c) * colours + first[r][c] + 1)
                           for r in range(height) for c in range(width)])
        # another solution mostly lies next to the first: its colours are tried first
        solver.set_phases([(1 if first[r][c] == colour else -1) * ((r * width + c) * colours + colour + 1)
                           for r in range(height) for c in range(width) for colour in range(colours)])
        if not solver.solve():
            return first, None
        return first, grid_of(solver.get_model(), height, width, colours)
