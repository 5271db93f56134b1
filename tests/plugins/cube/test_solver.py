"""The cube gardens' solvers against the known counts and the independent checker."""
import json
import random
from random import Random

import pytest

from nonogram_editor.cli.run import run_command
from nonogram_editor.infra.tasks import Cancelled, Task
from nonogram_editor_builtins.cube import hanging, square
from nonogram_editor_builtins.cube.checker import check_garden
from nonogram_editor_builtins.cube.model import Garden, GardenDataError, load_gardens
from nonogram_editor_builtins.cube.packed import PackedSearch
from nonogram_editor_builtins.cube.solver import Options, garden_solver


@pytest.fixture(scope="module")
def specs():
    return load_gardens()


def check(spec, garden):
    return check_garden(garden.as_dict(), spec.faces, spec.rule, spec.box if spec.rule == "packed" else None)


# ----------------------------------------------------------------------------- data file
@pytest.mark.parametrize("text, complaint", [
    ("{", "not valid JSON"),
    ('{"gardens": 3}', "list 'gardens'"),
    ('{"gardens": [{"id": "a", "title": "A", "faces": 5, "rule": "packed", "box": [4, 4]}]}', "'faces' must be 4"),
    ('{"gardens": [{"id": "a", "title": "A", "faces": 4, "rule": "floating"}]}', "'rule' must be one of"),
    ('{"gardens": [{"id": "a", "title": "A", "faces": 4, "rule": "packed", "box": [4, 3]}]}', "box of 16 cells"),
    ('{"gardens": [{"id": "a", "faces": 4, "rule": "packed"}]}', "missing field 'title'"),
])
def test_a_broken_gardens_file_is_reported_with_its_name(tmp_path, text, complaint):
    path = tmp_path / "gardens.json"
    path.write_text(text)
    with pytest.raises(GardenDataError) as error:
        load_gardens(path)
    assert str(path) in str(error.value)
    assert complaint in str(error.value)


def test_a_missing_gardens_file_is_reported(tmp_path):
    with pytest.raises(GardenDataError, match="cannot be read"):
        load_gardens(tmp_path / "nowhere.json")


# ----------------------------------------------------------------------------- checker
def test_checker_rejects_each_kind_of_fault(specs):
    spec = specs["square-packed"]
    packing = dict(next(PackedSearch(spec.box, spec.faces).solutions()))
    assert check_garden(packing, 4, "packed", (4, 4)) == []
    # two different squares swapped: some touching edges no longer agree
    a, b = (0, 0, 0), (1, 0, 0)
    swapped = dict(packing, **{}) | {a: packing[b], b: packing[a]}
    assert check_garden(swapped, 4, "packed", (4, 4))
    # a piece twice, another missing
    twice = dict(packing) | {a: packing[b]}
    problems = check_garden(twice, 4, "packed", (4, 4))
    assert any("more than once" in p for p in problems)
    assert any("not used" in p for p in problems)
    # blue towards the outside
    corner = next(p for p, piece in packing.items() if piece == 0)
    moved = {(x + 1, y, z): piece for (x, y, z), piece in packing.items()}
    assert any("fill" in p for p in check_garden(moved, 4, "packed", (4, 4)))
    assert corner is not None

    hanging_spec = specs["hanging"]
    garden = next(garden_solver(hanging_spec).solutions(Task()))
    cells = garden.as_dict()
    assert check_garden(cells, 6, "transcendental") == []
    # push the lone all-red cube against a shape: its red faces now touch a cube
    red = next(p for p, piece in cells.items() if piece == 0)
    other = next(p for p, piece in cells.items() if piece == 1)  # N only: its south faces air
    touching = {p: piece for p, piece in cells.items() if piece != 0} | {(other[0], other[1] - 1, other[2]): 0}
    assert any("red" in p for p in check_garden(touching, 6, "transcendental"))
    assert red not in touching or touching[red] != 0
    # a blue face left hanging in the air
    without = {p: piece for p, piece in cells.items() if piece != 2}
    assert any("meets air" in p for p in check_garden(without, 6, "transcendental"))


# ----------------------------------------------------------------------------- squares
def test_square_packed_finds_the_652_packings_82_up_to_symmetry(specs):
    spec = specs["square-packed"]
    result = garden_solver(spec).count(Task())
    assert (result.count, result.distinct) == (652, 82)
    packings = list(PackedSearch(spec.box, spec.faces).solutions())
    assert len({tuple(sorted(p)) for p in packings}) == 652  # all different
    assert all(check_garden(dict(p), 4, "packed", (4, 4)) == [] for p in packings)


def test_square_transcendental_shapes_are_valid_one_shape_gardens():
    first = square.one_connected_garden()
    rng = random.Random(5)
    for placements in [first] + [square.one_connected_garden(rng) for _ in range(5)]:
        garden = Garden.make("square-transcendental", square.lay_out([placements]))
        assert check_garden(garden.as_dict(), 4, "transcendental") == []
        assert len([g for g in garden.components() if len(g) > 1]) == 1


def test_small_components_agree_with_brute_force():
    """Every closed component of at most three squares, grown vs. tried exhaustively."""
    grown = set()
    for anchor in range(1, 16):
        for _mask, placements in square.components_from(anchor, max_pieces=3):
            assert len(placements) <= 3
            grown.add(placements)
    shapes = [((0, 0, 0),), ((0, 0, 0), (1, 0, 0)), ((0, 0, 0), (0, 1, 0)),
              ((0, 0, 0), (1, 0, 0), (2, 0, 0)), ((0, 0, 0), (0, 1, 0), (0, 2, 0))]
    shapes += [tuple(sorted(cells)) for cells in
               ([(0, 0, 0), (1, 0, 0), (0, 1, 0)], [(0, 0, 0), (1, 0, 0), (1, 1, 0)],
                [(0, 0, 0), (0, 1, 0), (1, 1, 0)], [(1, 0, 0), (0, 1, 0), (1, 1, 0)])]
    brute = set()
    for cells in shapes:
        for pieces in _assignments(len(cells)):
            placed = dict(zip(cells, pieces))
            if _closed(placed):
                brute.add(tuple(sorted(placed.items())))
    assert grown == brute
    assert len(brute) == 8  # 2 dominoes, 2 straight and 4 bent trominoes


def _assignments(k):
    import itertools
    return itertools.permutations(range(1, 16), k)


def _closed(placed):
    offsets = {1: (0, 1), 2: (1, 0), 4: (0, -1), 8: (-1, 0)}
    back = {1: 4, 2: 8, 4: 1, 8: 2}
    for (x, y, _), piece in placed.items():
        for bit, (dx, dy) in offsets.items():
            other = placed.get((x + dx, y + dy, 0))
            if piece & bit and (other is None or not other & back[bit]):
                return False
            if not piece & bit and other is not None:
                return False
    return True


@pytest.mark.slow
def test_square_transcendental_counts_5005_4804_604(specs):
    result = garden_solver(specs["square-transcendental"]).count(Task())
    assert (result.count, result.distinct) == (5005, 631)
    assert result.extra == {"connected": 4804, "connected_classes": 604}
    spec = specs["square-transcendental"]
    gardens = list(garden_solver(spec).solutions(Task()))
    assert len(gardens) == 5005
    assert len(set(gardens)) == 5005
    assert all(check(spec, g) == [] for g in gardens)


def test_square_transcendental_count_in_two_processes_gives_the_same_numbers(specs):
    result = garden_solver(specs["square-transcendental"]).count(Task(), jobs=2)
    assert (result.count, result.distinct) == (5005, 631)
    assert result.extra == {"connected": 4804, "connected_classes": 604}


# ----------------------------------------------------------------------------- packed cubes
def test_packed_cubes_first_random_and_red_inside(specs):
    spec = specs["packed"]
    solver = garden_solver(spec)
    iterator = solver.solutions(Task())
    first, second = next(iterator), next(iterator)
    assert first != second
    assert check(spec, first) == []
    assert check(spec, second) == []
    for seed in range(2):
        garden = solver.random(Task(), Options(red_inside=True), Random(seed))
        assert check(spec, garden) == []
        red = next(p for p, piece in garden.placements if piece == 0)
        assert all(0 < c < 3 for c in red)
    assert len({solver.random(Task(), Options(), Random(seed)) for seed in range(3)}) == 3


def test_a_cancelled_packing_search_stops():
    task = Task()
    task.cancel()
    with pytest.raises(Cancelled):
        list(PackedSearch((4, 4, 4), 6).solutions(task))


# ----------------------------------------------------------------------------- hanging
def test_stacked_square_gardens_make_hanging_gardens(specs):
    spec = specs["hanging"]
    rng = Random(3)
    for _ in range(3):
        stack, flat = square.one_connected_garden(rng), square.one_connected_garden(rng)
        garden = Garden.make("hanging", hanging.stacked_garden([stack], [flat]))
        assert check(spec, garden) == []
        sizes = sorted(len(g) for g in garden.components())
        assert sizes == [1, 3, 15, 45]  # red cube, the red square's column, the flat layer, the stack


def test_box_symmetries_keep_a_garden_valid(specs):
    spec = specs["hanging"]
    garden = next(garden_solver(spec).solutions(Task()))
    cubes = [(p, piece) for p, piece in garden.placements if piece]
    low, size = Garden.make("hanging", cubes).bounds()
    box = size
    shifted = [((p[0] - low[0], p[1] - low[1], p[2] - low[2]), piece) for p, piece in cubes]
    symmetries = list(hanging.box_symmetries(box))
    assert len(symmetries) == 8 * (2 if len(set(box)) == 2 else 6 if len(set(box)) == 1 else 1)
    images = {tuple(sorted(hanging.transform_in_box(shifted, box, o, m))) for o, m in symmetries}
    assert len(images) == len(symmetries)
    for image in images:
        assert check_garden(dict(hanging.with_red_cube(list(image))), 6, "transcendental") == []


def test_sat_model_has_no_garden_in_a_box_too_small():
    # 4x4x4: the 63 cubes leave one hole, and an edge's two middle cells would need the same cube
    result = hanging.solve_box((4, 4, 4), time_limit=600)
    assert result.satisfiable is False


def test_symmetry_breaking_forbids_the_all_blue_cube_off_its_canonical_cells():
    from pysat.solvers import Solver

    model = hanging.BoxModel((5, 5, 5), symmetry_breaking=True)
    canonical = {p for _, p in model.where[hanging.ALL_BLUE]}
    assert canonical == {(1, 1, 1), (1, 1, 2), (1, 2, 2), (2, 2, 2)}
    off = (3, 2, 2)  # the mirror image of (1, 2, 2)
    all_blue_there = [model.pool.id(("occupied", off))] + [model.pool.id(("blue", off, face)) for face in range(6)]
    with Solver(name="minisat22", bootstrap_with=model.clauses) as solver:
        assert solver.propagate(assumptions=all_blue_there)[0] is False


@pytest.mark.slow
def test_sat_model_finds_a_connected_garden_in_5x5x5(specs):
    spec = specs["hanging"]
    garden = next(garden_solver(spec).solutions(Task(), Options(connected=True, box=(5, 5, 5))))
    assert check(spec, garden) == []
    assert sorted(len(g) for g in garden.components()) == [1, 63]


def test_a_cancelled_sat_search_ends_its_process():
    task = Task()
    task.cancel()
    with pytest.raises(Cancelled):
        hanging.solve_box((7, 7, 7), connected=True, task=task)


# ----------------------------------------------------------------------------- command line
def test_command_line_counts_and_solves(capsys):
    assert run_command(["solve", "cube-square-packed", "--count", "--json"]) == 0
    last = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert (last["count"], last["distinct"]) == (652, 82)
    assert run_command(["solve", "cube-packed-red-inside", "--first", "--json"]) == 0
    solution = json.loads(capsys.readouterr().out)["solution"]
    cells = {tuple(p["position"]): p["piece"] for p in solution["pieces"]}
    assert check_garden(cells, 6, "packed", (4, 4, 4)) == []
    assert run_command(["solve", "cube-packed", "--count"]) == 2  # not countable: a clear refusal


def test_the_4x4x6_hanging_garden_checks():
    """The garden the SAT model found in the smallest box (888 s, so not searched here) is valid."""
    from nonogram_editor.infra.paths import package_data

    data = json.loads(package_data("nonogram_editor_builtins.cube", "smallest-box-4x4x6.json").read_text())
    cells = {tuple(entry["at"]): entry["cube"] for entry in data["cubes"]}
    assert check_garden(cells, 6, "transcendental") == []
    shape = [position for position, cube in cells.items() if cube != 0]  # the all-red cube floats apart
    sides = sorted(max(p[i] for p in shape) - min(p[i] for p in shape) + 1 for i in range(3))
    assert sides == data["box"] == [4, 4, 6]
