"""The solver against known answers, an independent brute force, and the independent checker."""
import pytest

from nonogram_editor.infra.tasks import Cancelled, Task
from nonogram_editor_builtins.voxel import checker, solver
from nonogram_editor_builtins.voxel import search as search_module
from nonogram_editor_builtins.voxel.model import load_puzzle, shipped_puzzle_paths

from .conftest import make_puzzle

SHIPPED = {p.stem: load_puzzle(p) for p in shipped_puzzle_paths()}

V3 = [(0, 0, 0), (1, 0, 0), (0, 1, 0)]
L4 = [(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0)]
S4 = [(0, 0, 0), (1, 0, 0), (1, 1, 0), (2, 1, 0)]
A4 = [(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 0, 1)]
B4 = [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 1, 1)]
P4 = [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)]
I3 = [(0, 0, 0), (1, 0, 0), (2, 0, 0)]
O4 = [(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0)]
PENTOMINOES = SHIPPED["pentominoes-6x10"].pieces


# ------------------------------------------------------------------ an independent brute force
def _isometries(target):
    """Point maps of the target onto itself, found by closing quarter turns and a mirror."""
    moves = [checker._quarter_turn_x, checker._quarter_turn_z, checker._mirror_x]
    maps = {((1, 0, 0), (0, 1, 0), (0, 0, 1))}  # images of the unit vectors
    frontier = list(maps)
    while frontier:
        basis = frontier.pop()
        for move in moves:
            image = tuple(move(b) for b in basis)
            if image not in maps:
                maps.add(image)
                frontier.append(image)
    target = set(target)
    result = []
    for ex, ey, ez in maps:
        def apply(v, ex=ex, ey=ey, ez=ez):
            return tuple(v[0] * ex[i] + v[1] * ey[i] + v[2] * ez[i] for i in range(3))
        image = [apply(v) for v in target]
        low = [min(v[i] for v in image) for i in range(3)]
        if {tuple(v[i] - low[i] for i in range(3)) for v in image} == target:
            result.append(lambda v, apply=apply, low=low: tuple(apply(v)[i] - low[i] for i in range(3)))
    return result


def brute_force(puzzle):
    """(all solutions, classes under the target's isometries that map solutions to solutions)."""
    extent = [max(v[i] for v in puzzle.target) for i in range(3)]
    axes = sorted(range(3), key=lambda i: -extent[i])  # fill along the short axes first
    target = sorted(puzzle.target, key=lambda v: tuple(v[i] for i in axes))
    classes = [checker.shape_class(p.cells, puzzle.mirror) for p in puzzle.pieces]
    placements = {c: [] for c in target}  # by their first cell in target order
    rank = {c: i for i, c in enumerate(target)}
    for piece, shapes in enumerate(classes):
        for shape in shapes:
            for cell in target:
                for anchor in shape:
                    cells = frozenset(tuple(cell[i] + v[i] - anchor[i] for i in range(3)) for v in shape)
                    if cells <= set(target) and min(cells, key=rank.get) == cell:
                        placements[cell].append((piece, cells))
    for cell in placements:
        placements[cell] = list(set(placements[cell]))
    solutions = set()
    left = [p.copies for p in puzzle.pieces]

    def fill(filled, chosen):
        free = next((c for c in target if c not in filled), None)
        if free is None:
            solutions.add(frozenset(chosen))
            return
        for piece, cells in placements[free]:
            if left[piece] and not (cells & filled):
                left[piece] -= 1
                fill(filled | cells, chosen + [(piece, cells)])
                left[piece] += 1

    fill(frozenset(), [])
    maps = _isometries(puzzle.target)
    seen, distinct = set(), 0
    for solution in solutions:
        if solution in seen:
            continue
        distinct += 1
        for move in maps:
            image = set()
            for piece, cells in solution:
                moved = frozenset(move(v) for v in cells)
                image.add((next((u for u, c in enumerate(classes) if checker._canonical(moved) in c
                                 and puzzle.pieces[u].copies == puzzle.pieces[piece].copies), -1), moved))
            image = frozenset(image)
            if image in solutions:
                seen.add(image)
    return len(solutions), distinct


TINY = {
    "four V tricubes in 2x2x3": make_puzzle([("V", V3, 4)], [2, 2, 3]),
    "A, B, L, O in 2x2x4 (mirror pair)": make_puzzle([("A", A4, 1), ("B", B4, 1), ("L", L4, 1), ("O", O4, 1)],
                                                     [2, 2, 4]),
    "A and L twice, mirrors allowed": make_puzzle([("A", A4, 2), ("L", L4, 2)], [2, 2, 4], mirror=True),
    "A and L twice, no mirrors": make_puzzle([("A", A4, 2), ("L", L4, 2)], [2, 2, 4]),
    "four A tetracubes, mirrors allowed": make_puzzle([("A", A4, 4)], [2, 2, 4], mirror=True),
    "a target with a hole": make_puzzle([("V", V3, 3), ("I", I3, 2)],
                                        [[x, y, z] for x in range(3) for y in range(3) for z in range(2)
                                         if (x, y, z) not in ((1, 1, 0), (1, 1, 1), (0, 0, 1))]),
    "pentominoes 3x20": make_puzzle([(p.name, p.cells, 1) for p in PENTOMINOES], [20, 3, 1]),
}


@pytest.mark.parametrize("name", list(TINY))
@pytest.mark.parametrize("engine", ["bitboard", "dlx"])
def test_counts_match_brute_force(name, engine):
    puzzle = TINY[name]
    expected = brute_force(puzzle)
    cover = solver.build_cover(puzzle, engine)
    search = search_module.Search(cover, solver.dlx.COUNT)
    search.run()
    assert (int(search.counts[solver.dlx.TOTAL]), int(search.counts[solver.dlx.DISTINCT])) == expected
    assert expected[0] > 0
    for ids in search.kept_ids():
        assert checker.check_solution(puzzle, cover.solution(ids)) == []


def test_pentominoes_3x20_known_answer():
    outcome = solver.count_solutions(TINY["pentominoes 3x20"])
    assert (outcome.count, outcome.distinct) == (8, 2)


def test_soma_counts_and_every_class_checks():
    outcome = solver.count_solutions(SHIPPED["soma"])
    assert (outcome.count, outcome.distinct, outcome.symmetry_order) == (11520, 240, 48)
    assert len(outcome.solutions) == 240
    assert len(set(outcome.solutions)) == 240
    for solution in outcome.solutions:
        assert checker.check_solution(SHIPPED["soma"], solution) == []


@pytest.mark.parametrize("name", ["soma", "pentominoes-6x10"])
def test_the_classes_members_are_every_solution(name):
    puzzle = SHIPPED[name]
    outcome = solver.count_solutions(puzzle)
    members = [solver.class_members(puzzle, solution) for solution in outcome.solutions]
    every = {member for group in members for member in group}
    assert len(every) == sum(len(group) for group in members) == outcome.count  # no solution twice
    assert all(solution in group for group, solution in zip(members, outcome.solutions))
    for member in members[0] + members[-1]:
        assert checker.check_solution(puzzle, member) == []


def test_soma_split_across_processes_gives_the_same_numbers():
    outcome = solver.count_solutions(SHIPPED["soma"], jobs=2, in_process_nodes=0)
    assert (outcome.count, outcome.distinct, len(outcome.solutions), outcome.jobs) == (11520, 240, 240, 2)


def test_a_small_count_starts_no_processes():
    outcome = solver.count_solutions(SHIPPED["soma"], jobs=2)
    assert (outcome.count, outcome.distinct, outcome.jobs) == (11520, 240, 1)


@pytest.mark.parametrize("name", ["tetris-cube", "y25", "soma", "pentominoes-6x10"])
def test_first_solution_of_each_shipped_puzzle_checks(name):
    solution = solver.solve_first(SHIPPED[name])
    assert solution is not None
    assert checker.check_solution(SHIPPED[name], solution) == []


def test_symmetry_groups_of_the_shipped_puzzles():
    assert solver.build_cover(SHIPPED["tetris-cube"]).group_order == 24  # rotations only: chiral pieces
    assert solver.build_cover(SHIPPED["y25"]).group_order == 48
    assert solver.build_cover(SHIPPED["soma"]).group_order == 48  # reflections swap A and B
    assert solver.build_cover(SHIPPED["pentominoes-6x10"]).group_order == 8


def test_exact_cover_matrix_size_matches_the_known_one():
    cover = solver.build_cover(SHIPPED["tetris-cube"])
    assert len(cover.placement_piece) == 4080  # rows of the exact-cover matrix


def test_no_solution_is_reported_as_none():
    puzzle = make_puzzle([("L", L4, 2), ("S", S4, 2)], [2, 4, 2])  # the brute force finds none either
    assert brute_force(puzzle) == (0, 0)
    assert solver.solve_first(puzzle) is None
    assert solver.count_solutions(puzzle).count == 0


def test_cancel_stops_a_count():
    task = Task()
    task.cancel()
    with pytest.raises(Cancelled):
        solver.count_solutions(SHIPPED["pentominoes-6x10"], task)


def test_checker_rejects_broken_packings():
    puzzle = SHIPPED["soma"]
    solution = list(solver.solve_first(puzzle))
    piece, cells = solution[0].piece, solution[0].cells
    assert checker.check_solution(puzzle, solution[1:])  # a piece missing
    moved = solver.Placement(piece, tuple((x, y, z + 1) for x, y, z in cells))
    assert checker.check_solution(puzzle, [moved] + solution[1:])
    assert checker.check_solution(puzzle, [solution[1]] + solution[1:])


@pytest.mark.slow
def test_pentominoes_6x10_counts():
    outcome = solver.count_solutions(SHIPPED["pentominoes-6x10"])
    assert (outcome.count, outcome.distinct) == (9356, 2339)


@pytest.mark.slow
def test_tetris_cube_counts_and_every_class_checks():
    outcome = solver.count_solutions(SHIPPED["tetris-cube"], jobs=2)
    assert (outcome.count, outcome.distinct) == (236136, 9839)
    assert len(set(outcome.solutions)) == 9839
    for solution in outcome.solutions:
        assert checker.check_solution(SHIPPED["tetris-cube"], solution) == []


@pytest.mark.slow
def test_y25_counts_and_every_class_checks():
    outcome = solver.count_solutions(SHIPPED["y25"], jobs=2)
    assert (outcome.count, outcome.distinct) == (60672, 1264)
    for solution in outcome.solutions:
        assert checker.check_solution(SHIPPED["y25"], solution) == []


@pytest.mark.parametrize("name", ["A and L twice, mirrors allowed", "a target with a hole", "pentominoes 3x20"])
def test_the_solution_stream_gives_every_solution_once(name):
    puzzle = TINY[name]
    streamed = list(solver.solutions(puzzle))
    assert len(streamed) == len(set(streamed)) == brute_force(puzzle)[0]
    assert all(checker.check_solution(puzzle, solution) == [] for solution in streamed)
    assert streamed[0] == solver.solve_first(puzzle)

