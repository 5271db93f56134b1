"""The solver against known answers, brute force on a sub-problem, and the independent checker."""
import itertools
import json

import numpy as np
import pytest

from nonogram_editor.cli.run import run_command
from nonogram_editor.infra.tasks import Cancelled, Task
from nonogram_editor_builtins.pyramid import checker, solver
from nonogram_editor_builtins.pyramid.model import load_puzzle
from nonogram_editor_builtins.pyramid.store import SolutionStore, states_to_solution

ALL_SOLUTIONS = 518_469  # shared/data/puzzles/README.md
UP_TO_ROTATION = 172_823


@pytest.fixture(scope="module")
def puzzle():
    return load_puzzle()


def test_first_solution_fits(puzzle):
    solution = solver.solve_first(Task(), puzzle)
    assert checker.check_solution(puzzle, solution) == []


def test_checker_rejects_broken_solutions(puzzle):
    solution = list(solver.solve_first(Task(), puzzle))
    turned = solution.copy()
    turned[5] = (turned[5][0], (turned[5][1] + 1) % 3)
    assert checker.check_solution(puzzle, tuple(turned))
    swapped = solution.copy()
    swapped[0], swapped[15] = swapped[15], swapped[0]
    assert checker.check_solution(puzzle, tuple(swapped))
    twice = solution.copy()
    twice[0] = twice[1]
    assert "each piece once" in checker.check_solution(puzzle, tuple(twice))[0]


def test_full_count_with_the_symmetry_reduction(puzzle):
    result = solver.count(Task(), 1, puzzle)
    assert (result.count, result.distinct, result.complete) == (ALL_SOLUTIONS, UP_TO_ROTATION, True)


def test_full_count_without_the_symmetry_reduction(puzzle):
    tables = solver.build_tables(puzzle, canonical=False)
    assert solver.count_canonical(Task(), tables) == ALL_SOLUTIONS


def brute_force(puzzle, positions, pieces):
    """Every assignment of distinct pieces and rotations to ``positions``, checked edge by edge."""
    inner = [(p, ps, q, qs) for p, ps, q, qs in checker.shared_edges(puzzle) if p in positions and q in positions]
    found = set()
    for chosen in itertools.permutations(pieces, len(positions)):
        for rotations in itertools.product(range(3), repeat=len(positions)):
            placed = dict(zip(positions, zip(chosen, rotations)))
            if all(puzzle.connector_on_side(placed[p], ps).fits(puzzle.connector_on_side(placed[q], qs))
                   for p, ps, q, qs in inner):
                found.add(tuple(placed[p] for p in positions))
    return found


@pytest.mark.parametrize("pieces", [[0, 3, 5, 8, 11, 12, 15], [1, 2, 4, 6, 9, 10, 13], list(range(6, 13))])
def test_top_subtriangle_agrees_with_brute_force(puzzle, pieces):
    top = [12, 13, 14, 15]  # the apex's sub-triangle of 4 positions
    tables = solver.build_tables(puzzle, canonical=False, order=[13, 15, 12, 14], pieces=pieces)
    search = solver.Enumerator(tables)
    rows = []
    while not search.finished:
        rows.extend(search.next_chunk(capacity=7))  # small chunks: the search resumes correctly
    from_solver = [tuple(states_to_solution(row[top])) for row in rows]
    assert len(from_solver) == len(set(from_solver))
    expected = brute_force(puzzle, top, pieces)
    assert expected
    assert set(from_solver) == expected


def test_resumed_search_gives_the_same_solutions(puzzle):
    tables = solver.build_tables(puzzle)
    whole = solver.Enumerator(tables)
    first = np.concatenate([whole.next_chunk(capacity=5000, node_budget=1 << 40) for _ in range(2)])
    pieces = solver.Enumerator(tables)
    small = []
    while sum(map(len, small)) < len(first):
        small.append(pieces.next_chunk(capacity=333, node_budget=777))
    assert np.array_equal(np.concatenate(small)[:len(first)], first)
    assert 0 < pieces.fraction_done() < 1


def test_command_line_lists_the_first_solutions_in_the_search_order(puzzle, capsys):
    assert run_command(["solve", "pyramid", "--list", "3", "--json"]) == 0
    listed = [tuple((entry["piece"], entry["rotation"]) for entry in solution)
              for solution in last_json_line(capsys)["solutions"]]
    rows = solver.Enumerator(solver.build_tables(puzzle)).next_chunk(capacity=3, node_budget=1 << 40)
    assert listed == [states_to_solution(row) for row in rows]
    assert len(set(listed)) == 3
    assert all(checker.check_solution(puzzle, solution) == [] for solution in listed)


def test_store_serves_every_rotation_of_each_solution(puzzle):
    tables = solver.build_tables(puzzle)
    store = SolutionStore(puzzle)
    store.append(solver.Enumerator(tables).next_chunk(capacity=200))
    assert len(store) == 600
    assert store.distinct == 200
    shown = [store[n] for n in range(len(store))]
    assert len(set(shown)) == 600
    for solution in shown:
        assert checker.check_solution(puzzle, solution) == []
    with pytest.raises(IndexError):
        store[600]


def test_enumeration_reports_progress_and_stops_when_cancelled(puzzle):
    reports = []

    def on_progress(progress):
        reports.append(progress)
        if len(reports) == 2:
            task.cancel()

    task = Task(on_progress=on_progress, interval=0)
    store = SolutionStore(puzzle)
    with pytest.raises(Cancelled):
        solver.Filling(store, solver.build_tables(puzzle)).run(task)
    assert 0 < len(store) < ALL_SOLUTIONS
    assert not store.complete
    assert 0 < reports[-1].fraction < 1
    assert "solutions found" in reports[-1].message


def rows(store):
    return store._rows[:store.distinct]


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_filling_cancelled_and_continued_stores_every_solution_in_the_search_order(puzzle, jobs):
    """Stopped inside a subtree, then finished on ``jobs`` processes (none spared for a small
    count): the same solutions, in the same order, as one uninterrupted search."""
    tables = solver.build_tables(puzzle)
    whole = solver.Enumerator(tables)
    expected = np.concatenate([whole.next_chunk(capacity=1 << 20, node_budget=1 << 62) for _ in range(2)])
    reports = []
    task = Task(on_progress=lambda progress: reports.append(progress) or (len(reports) == 3 and task.cancel()),
                interval=0)
    store = SolutionStore(puzzle)
    filling = solver.Filling(store, tables)
    with pytest.raises(Cancelled):
        filling.run(task)
    assert 0 < len(store) < ALL_SOLUTIONS
    assert filling.search is not None
    filling.run(Task(), jobs, in_process_placements=0)
    assert store.complete
    assert filling.jobs == jobs
    assert len(store) == ALL_SOLUTIONS
    assert np.array_equal(rows(store), expected)


def test_a_small_count_starts_no_processes(puzzle):
    result = solver.count(Task(), 2, puzzle)
    assert (result.count, result.distinct, result.extra["jobs"]) == (ALL_SOLUTIONS, UP_TO_ROTATION, 1)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_cancelled_count_raises_cancelled(puzzle, jobs):
    task = Task()
    task.cancel()
    with pytest.raises(Cancelled):
        solver.count(task, jobs, puzzle)


def last_json_line(capsys):
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])


def test_command_line_first_and_count_in_two_processes(capsys):
    assert run_command(["solve", "pyramid", "--first", "--json"]) == 0
    found = last_json_line(capsys)
    solution = tuple((entry["piece"], entry["rotation"]) for entry in found["solution"])
    assert checker.check_solution(load_puzzle(), solution) == []
    assert run_command(["solve", "pyramid", "--count", "--json", "--jobs", "2"]) == 0
    counted = last_json_line(capsys)
    assert (counted["count"], counted["distinct"], counted["complete"]) == (ALL_SOLUTIONS, UP_TO_ROTATION, True)


@pytest.mark.slow
def test_every_solution_passes_the_independent_checker(puzzle):
    store = solver.Filling(SolutionStore(puzzle), solver.build_tables(puzzle)).run(Task())
    assert len(store) == ALL_SOLUTIONS
    seen = set()
    for n in range(len(store)):
        solution = store[n]
        assert checker.check_solution(puzzle, solution) == [], n
        seen.add(solution)
    assert len(seen) == ALL_SOLUTIONS
