"""The 3-D parts of a solution: one tile per piece, knobs lying in notches of the same suit."""
import pytest

from nonogram_editor.infra.tasks import Task
from nonogram_editor.scene3d.parts import Prism
from nonogram_editor_builtins.pyramid import checker, scene, solver
from nonogram_editor_builtins.pyramid.model import load_puzzle


@pytest.fixture(scope="module")
def puzzle():
    return load_puzzle()


def inside(point, polygon):
    """Strictly inside a convex polygon (either orientation)."""
    (x, y), signs = point, []
    for i in range(len(polygon)):
        (ax, ay), (bx, by) = polygon[i], polygon[(i + 1) % len(polygon)]
        signs.append((bx - ax) * (y - ay) - (by - ay) * (x - ax))
    return all(s > 0 for s in signs) or all(s < 0 for s in signs)


def test_every_knob_lies_in_a_notch_of_its_suit(puzzle):
    solution = solver.solve_first(Task(), puzzle)
    parts = scene.solution_parts(puzzle, solution)
    assert sorted(p.id for p in parts) == sorted(scene.part_id(n) for n in range(16))
    by_position = {position: parts[position] for position in range(16)}
    knobs = notches = 0
    for position, part in by_position.items():
        tile, *connectors = part.shapes
        assert all(isinstance(s, Prism) for s in part.shapes)
        assert len(connectors) == 3
        assert tile.color == scene.piece_color(solution[position][0], 16)
        for side, shape in enumerate(connectors):
            connector = puzzle.connector_on_side(solution[position], side)
            suit = scene.suit_color(puzzle, connector.suit)
            if connector.outward:
                knobs += 1
                assert shape.color == suit
                assert shape.z0 + shape.height > tile.height
            else:
                notches += 1
                assert shape.color == tuple(round(scene.NOTCH_DARKEN * c) for c in suit)
    assert knobs == notches == 24
    for p, p_side, q, q_side in checker.shared_edges(puzzle):
        p_out = puzzle.connector_on_side(solution[p], p_side).outward
        (knob_at, knob_side), (notch_at, notch_side) = ((p, p_side), (q, q_side)) if p_out else ((q, q_side),
                                                                                                 (p, p_side))
        knob = by_position[knob_at].shapes[1 + knob_side]
        notch = by_position[notch_at].shapes[1 + notch_side]
        neighbour_tile = scene.tile_corners(puzzle, notch_at)
        far_end = [(x, y) for x, y in knob.polygon if inside((x, y), neighbour_tile)]
        assert len(far_end) == 2, "the knob reaches into the neighbour's tile"
        assert all(inside(point, notch.polygon) for point in far_end), "and ends inside its notch"
        assert notch.color == tuple(round(scene.NOTCH_DARKEN * c) for c in knob.color)


def test_parts_explode_away_from_the_middle(puzzle):
    parts = scene.solution_parts(puzzle, solver.solve_first(Task(), puzzle), explode=1.0)
    apex, middle, left_corner = parts[15], parts[9], parts[0]
    assert apex.explode[1] > 1
    assert abs(apex.explode[0]) < 1e-9
    assert max(map(abs, middle.explode)) < 1e-9
    assert left_corner.explode[0] < -1
    assert left_corner.explode[1] < 0


def test_the_2d_marks_outward_arrows_cross_the_side_inward_ones_point_into_the_tile(puzzle):
    for position in range(len(puzzle.positions)):
        tile = puzzle.corners(position)
        for placement in [(piece, rotation) for piece in range(len(puzzle.pieces)) for rotation in range(3)]:
            marks = scene.connector_marks(puzzle, placement, position)
            assert len(marks) == 3
            for side, mark in enumerate(marks):
                connector = puzzle.connector_on_side(placement, side)
                assert (mark.suit, mark.outward) == (connector.suit, connector.outward)
                assert inside(mark.symbol_at, tile)
                assert inside(mark.arrow[1], tile) != mark.outward
                middle = [(a + b) / 2 for a, b in zip(tile[side], tile[(side + 1) % 3])]
                assert all(abs(a - b) < 0.13 for a, b in zip(mark.arrow[1], middle))  # on its own side
