"""The garden's 3-D parts (Qt-free): colours by connector count, rods per blue face."""
from nonogram_editor.plugin_api import Box, Rod, piece_of_part
from nonogram_editor_builtins.cube import scene
from nonogram_editor_builtins.cube.model import Garden
from nonogram_editor_builtins.cube.packed import PackedSearch


def packed_garden():
    return Garden.make("packed", next(PackedSearch((4, 4, 4), 6).solutions()))


def test_one_part_per_cube_coloured_by_its_connectors_with_a_rod_per_blue_face():
    garden = packed_garden()
    parts = scene.garden_parts(garden)
    assert sorted(p.id for p in parts) == sorted(scene.part_id(n) for n in range(64))
    for part in parts:
        piece = piece_of_part(part.id)
        boxes = [s for s in part.shapes if isinstance(s, Box)]
        rods = [s for s in part.shapes if isinstance(s, Rod)]
        assert len(boxes) == 1
        assert len(rods) == bin(piece).count("1")
        assert boxes[0].color == scene.piece_color(piece)
    assert scene.piece_color(0) == (255, 0, 0)
    assert scene.piece_color(63) == (0, 0, 255)


def test_rods_of_touching_cubes_meet_and_each_axis_has_its_colour():
    garden = packed_garden()
    ends = {}
    for part in scene.garden_parts(garden):
        for rod in (s for s in part.shapes if isinstance(s, Rod)):
            axis = [abs(a - b) > 1e-9 for a, b in zip(rod.start, rod.end)].index(True)
            assert rod.color == {0: scene.AXIS_COLORS[1], 1: scene.AXIS_COLORS[2], 2: scene.AXIS_COLORS[0]}[axis]
            ends.setdefault(tuple(round(c, 6) for c in rod.end), []).append(part.id)
    # every blue face meets a blue face: each rod end is shared by exactly two cubes
    assert ends
    assert all(len(ids) == 2 for ids in ends.values())


def test_exploded_view_moves_cubes_away_from_the_centre_and_squares_are_flat():
    parts = scene.garden_parts(packed_garden())
    corner = next(p for p in parts if p.shapes[0].center == scene.to_view(0, 0, 0))
    assert all(abs(c) > 0 for c in corner.explode)
    tiles = scene.garden_parts(Garden.make("square-packed", next(PackedSearch((4, 4), 4).solutions())), flat=True)
    assert all(p.shapes[0].size[1] == scene.TILE_HEIGHT for p in tiles)


def test_a_flat_garden_lays_its_layers_out_side_by_side_or_stacked_whichever_gives_larger_cells():
    bounds = ((0, 0, 0), (4, 4, 4))
    wide, tall = scene.FlatLayout.fit(bounds, 1000, 200), scene.FlatLayout.fit(bounds, 200, 1000)
    assert (wide.per_row, tall.per_row) == (4, 1)
    for layout, (width, height) in ((wide, (1000, 200)), (tall, (200, 1000))):
        corners = {layout.corner((x, y, z)) for x in range(4) for y in range(4) for z in range(4)}
        assert len(corners) == 64  # no two cells in one place
        assert all(0 <= left and left + layout.unit <= width + 1e-9 and 0 <= top and top + layout.unit <= height + 1e-9
                   for left, top in corners)
        best = max(min(width / (n * 4 + n - 1), height / (-(-4 // n) * 5 - 1 + 0.5)) for n in range(1, 5))
        assert layout.unit == best  # the largest cells any number of layers per row gives
    north_west, south_west = wide.corner((0, 3, 0)), wide.corner((0, 0, 0))
    assert north_west[0] == south_west[0]
    assert north_west[1] < south_west[1]
    assert wide.corner((0, 0, 1))[0] > wide.corner((3, 0, 0))[0]  # the next layer right of the first
