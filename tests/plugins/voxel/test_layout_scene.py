"""Assembly order, layer text and 3-D parts of a packing."""
from nonogram_editor.scene3d.parts import Box
from nonogram_editor_builtins.voxel import layout, scene, solver
from nonogram_editor_builtins.voxel.model import load_puzzle, shipped_puzzle_paths

SHIPPED = {p.stem: load_puzzle(p) for p in shipped_puzzle_paths()}


def test_assembly_order_is_bottom_up_and_each_piece_rests_on_what_is_in():
    puzzle = SHIPPED["tetris-cube"]
    solution = solver.solve_first(puzzle)
    order = layout.assembly_order(solution)
    assert sorted(order) == list(range(len(solution)))
    filled = set()
    unsupported = 0
    for i in order:
        cells = set(solution[i].cells)
        below = {(x, y, z - 1) for x, y, z in cells} - cells
        unsupported += any(c in puzzle.target and c not in filled for c in below)
        filled |= cells
    assert unsupported <= 1  # interlocking pieces may force one exception
    assert min(c[2] for c in solution[order[0]].cells) == 0


def test_layer_text_shows_every_cell_of_the_layer_once():
    puzzle = SHIPPED["soma"]
    solution = solver.solve_first(puzzle)
    text = layout.layer_text(puzzle, solution, 0)
    rows = text.splitlines()
    assert len(rows) == 3
    assert all(len(r.split()) == 3 for r in rows)
    owner = {c: i for i, p in enumerate(solution) for c in p.cells}
    assert rows[-1].split()[0] == layout.SYMBOLS[owner[(0, 0, 0)]]  # bottom row is y = 0
    full = layout.format_solution(puzzle, solution)
    assert full.count("layer z=") == 3
    assert "A=" in full


def test_all_layers_side_by_side_bottom_first_each_as_layer_text_draws_it():
    puzzle = SHIPPED["soma"]
    solution = solver.solve_first(puzzle)
    rows = layout.layers_side_by_side(puzzle, solution).splitlines()
    assert rows[0].split() == ["z=0", "z=1", "z=2"]
    for z in range(3):
        column = [row[z * 8: z * 8 + 5] for row in rows[1:]]  # 5 characters a layer, a gap of 3
        assert column == layout.layer_text(puzzle, solution, z).splitlines()


def test_parts_one_per_piece_one_box_per_voxel_distinct_colours():
    puzzle = SHIPPED["y25"]
    solution = solver.solve_first(puzzle)
    parts = scene.solution_parts(puzzle, solution)
    assert [p.id for p in parts] == [scene.part_id(i) for i in range(25)]
    assert all(len(p.shapes) == 5 and all(isinstance(b, Box) for b in p.shapes) for p in parts)
    colours = {p.shapes[0].color for p in parts}
    assert len(colours) == 25  # 25 copies of one piece still get one colour each
    centres = {b.center for p in parts for b in p.shapes}
    assert len(centres) == 125
    assert all(abs(c) <= 2.0 for centre in centres for c in centre)  # centred on the box
    assert any(p.explode != (0.0, 0.0, 0.0) for p in parts)


def test_layer_parts_keep_ids_and_only_that_layer():
    puzzle = SHIPPED["tetris-cube"]
    solution = solver.solve_first(puzzle)
    parts = scene.solution_parts(puzzle, solution, layer=0)
    assert len(parts) == 12
    boxes = [b for p in parts for b in p.shapes]
    assert len(boxes) == 16
    assert {b.center[1] for b in boxes} == {-1.5}
