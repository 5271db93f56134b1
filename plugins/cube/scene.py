"""A garden as 3-D parts (Qt-free): the seed's raylib picture, made interactive.

Each piece is a part: a small cube (a flat tile for the squares) coloured by its number
of connectors, from red (none) through purple to blue (six), and a rod from its centre
to each blue face, one colour per axis (N-S orange, E-W green, top-bottom yellow); a square
of the Square Gardens is a thick tile filling most of its cell, its rods joining across the gap. Rods
of touching pieces meet halfway, so a garden reads as a frame of joined paths; the
exploded view pulls the pieces apart from the garden's centre.

Garden coordinates (x east, y north, z up) map to the view's (x, y up, z towards the
viewer) as (x, z, -y).
"""
from __future__ import annotations

from dataclasses import dataclass

from nonogram_editor.plugin_api import Box, Part, Rod, explode_from_center, part_id
from nonogram_editor_builtins.cube.model import DIRECTIONS, Garden, connector_count, piece_name

CUBE_SIZE = 0.42
TILE_SIZE = 0.7     # a square of the Square Gardens: a thick tile, most of its cell
TILE_HEIGHT = 0.24
ROD_RADIUS = 0.06
TILE_ROD_RADIUS = 0.09
AXIS_COLORS = {0: (230, 140, 20), 1: (30, 120, 50), 2: (240, 210, 40)}  # N-S, E-W, top-bottom
FACE_AXIS = (0, 1, 0, 1, 2, 2)


def piece_color(piece: int) -> tuple[int, int, int]:
    """Red for no connector to blue for six, purple between (the seed's grading)."""
    blue = round(255 * connector_count(piece) / 6)
    return (255 - blue, 0, blue)


def to_view(x: float, y: float, z: float) -> tuple[float, float, float]:
    return (float(x), float(z), float(-y))


def garden_parts(garden: Garden, flat: bool = False, explode: float = 1.5) -> list[Part]:
    """One part per piece; ``flat`` draws the squares as tiles."""
    parts = []
    for (x, y, z), piece in garden.placements:
        centre = to_view(x, y, z)
        size = (TILE_SIZE, TILE_HEIGHT, TILE_SIZE) if flat else (CUBE_SIZE,) * 3
        radius = TILE_ROD_RADIUS if flat else ROD_RADIUS
        shapes = [Box(centre, size, piece_color(piece))]
        for face, (dx, dy, dz) in enumerate(DIRECTIONS):
            if piece >> face & 1:
                end = to_view(x + dx / 2, y + dy / 2, z + dz / 2)
                shapes.append(Rod(centre, end, radius, AXIS_COLORS[FACE_AXIS[face]]))
        parts.append(Part(part_id(piece), shapes, label=f"{piece}: {piece_name(piece)}"))
    explode_from_center(parts, explode)
    return parts


LAYER_GAP = 1.0  # cells between the layers of a garden drawn flat


@dataclass(frozen=True)
class FlatLayout:
    """Where a garden drawn flat (the panel's 2-D view) puts its cells: one grid per layer,
    bottom layer first, north up; the layers in rows, as many per row as gives the largest
    cells, centred in the room given, with room above the first row for the layers' names."""

    unit: float  # the side of a cell
    left: float  # where the grid of the bottom layer starts
    top: float
    bounds: tuple[tuple[int, int, int], tuple[int, int, int]]  # ``Garden.bounds()``: lowest corner, size
    per_row: int  # layers in a row

    @classmethod
    def fit(cls, bounds, width: float, height: float) -> FlatLayout:
        """The layout of a garden of ``bounds`` in ``width`` x ``height``."""
        _, (nx, ny, nz) = bounds
        label = 0.5 if nz > 1 else 0.0  # room above the first row for the layer names, in cells
        best = None
        for per_row in range(1, nz + 1):
            rows = -(-nz // per_row)
            columns = per_row * nx + (per_row - 1) * LAYER_GAP
            lines = rows * ny + (rows - 1) * LAYER_GAP + label
            unit = min(width / columns, height / lines)
            if best is None or unit > best[0]:
                best = (unit, columns, lines, per_row)
        unit, columns, lines, per_row = best
        return cls(unit, (width - unit * columns) / 2, (height - unit * lines) / 2 + label * unit, bounds, per_row)

    def corner(self, position) -> tuple[float, float]:
        """The top-left corner of the cell of ``position`` (x, y, z)."""
        (x0, y0, z0), (nx, ny, _) = self.bounds
        x, y, z = position
        row_of_layers, place = divmod(z - z0, self.per_row)
        column = place * (nx + LAYER_GAP) + (x - x0)
        row = row_of_layers * (ny + LAYER_GAP) + (y0 + ny - 1) - y
        return self.left + column * self.unit, self.top + row * self.unit
