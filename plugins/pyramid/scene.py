"""A pyramid solution as 3-D parts (no Qt): triangular tiles with knobs and notches.

The board lies in the x-y plane (y up), the tiles are ``THICKNESS`` thick towards +z.
Each piece is one part: its tile (in the piece's colour), a knob in the suit's colour
sticking out across every side whose connector points out, and a darker, slightly
larger mark in the suit's colour set into the tile where a connector points in. A fit
is easy to check by eye: every knob lies in a notch of the same colour. The 2-D drawing
in the panel uses the same colours, and :func:`connector_marks` for where its marks go.
"""
from __future__ import annotations

import colorsys
import math
from dataclasses import dataclass

from nonogram_editor.plugin_api import Part, Prism, part_id
from nonogram_editor_builtins.pyramid.model import HEIGHT, SIDES, Puzzle, Solution

THICKNESS = 0.12
TILE_SCALE = 0.9  # tiles shrink towards their centre, leaving a gap for the knobs to cross
KNOB_LENGTH = 0.16
NOTCH_DEPTH = 0.2
NOTCH_DARKEN = 0.55

SUIT_COLORS = {  # by suit name
    "clover": (40, 150, 70),
    "heart": (215, 40, 55),
    "spade": (60, 70, 160),
    "diamond": (240, 150, 20),
}
FALLBACK_SUIT_COLOR = (128, 128, 128)


def suit_color(puzzle: Puzzle, suit: int) -> tuple[int, int, int]:
    return SUIT_COLORS.get(puzzle.suits[suit].name, FALLBACK_SUIT_COLOR)


def piece_color(piece: int, pieces: int) -> tuple[int, int, int]:
    """A light colour of its own for every piece (the tiles; the suits stay saturated)."""
    r, g, b = colorsys.hsv_to_rgb((piece * 0.61803) % 1.0, 0.22, 0.95)
    return round(255 * r), round(255 * g), round(255 * b)




def board_center(puzzle: Puzzle) -> tuple[float, float]:
    return puzzle.rows / 2, puzzle.rows * HEIGHT / 3


def tile_corners(puzzle: Puzzle, position: int) -> list[tuple[float, float]]:
    """The shrunk tile's corners around the board's centre, clockwise like ``Puzzle.corners``."""
    cx, cy = puzzle.centroid(position)
    bx, by = board_center(puzzle)
    return [(cx - bx + TILE_SCALE * (x - cx), cy - by + TILE_SCALE * (y - cy)) for x, y in puzzle.corners(position)]


def _side_frame(corners, side):
    """Midpoint, unit tangent and unit outward normal of a side of a clockwise triangle."""
    (x0, y0), (x1, y1) = corners[side], corners[(side + 1) % SIDES]
    length = math.hypot(x1 - x0, y1 - y0)
    tx, ty = (x1 - x0) / length, (y1 - y0) / length
    return ((x0 + x1) / 2, (y0 + y1) / 2), (tx, ty), (-ty, tx)  # clockwise: left of travel is outside


def _trapezoid(mid, tangent, normal, near_half, far_half, depth):
    """A counter-clockwise trapezoid: ``near_half`` wide at ``mid``, ``far_half`` at ``depth``
    along ``normal`` (negative: into the tile)."""
    (mx, my), (tx, ty), (nx, ny) = mid, tangent, normal
    fx, fy = mx + depth * nx, my + depth * ny
    ring = [(mx - near_half * tx, my - near_half * ty), (mx + near_half * tx, my + near_half * ty),
            (fx + far_half * tx, fy + far_half * ty), (fx - far_half * tx, fy - far_half * ty)]
    area = sum(ring[i][0] * ring[(i + 1) % 4][1] - ring[(i + 1) % 4][0] * ring[i][1] for i in range(4))
    return tuple(ring if area > 0 else ring[::-1])


def solution_parts(puzzle: Puzzle, solution: Solution, explode: float = 0.8) -> list[Part]:
    """One part per piece; the exploded view pulls each tile ``explode`` times its distance
    from the board's centre further out."""
    parts = []
    for position, placement in enumerate(solution):
        piece = placement[0]
        corners = tile_corners(puzzle, position)
        shapes = [Prism(tuple(reversed(corners)), 0.0, THICKNESS, piece_color(piece, len(puzzle.pieces)))]
        for side in range(SIDES):
            connector = puzzle.connector_on_side(placement, side)
            color = suit_color(puzzle, connector.suit)
            mid, tangent, normal = _side_frame(corners, side)
            if connector.outward:  # a knob across the side, standing above the neighbour's notch
                inner = (mid[0] - 0.03 * normal[0], mid[1] - 0.03 * normal[1])
                shapes.append(Prism(_trapezoid(inner, tangent, normal, 0.07, 0.1, KNOB_LENGTH + 0.03),
                                    0.3 * THICKNESS, 1.0 * THICKNESS, color))
            else:  # a darker notch mark set into the tile's top
                dark = tuple(round(NOTCH_DARKEN * c) for c in color)
                shapes.append(Prism(_trapezoid(mid, tangent, normal, 0.13, 0.11, -NOTCH_DEPTH),
                                    THICKNESS - 0.01, 0.02, dark))
        cx, cy = (sum(c[i] for c in corners) / SIDES for i in range(2))  # the board's centre is 0, 0
        parts.append(Part(id=part_id(piece), shapes=shapes, explode=(explode * cx, explode * cy, 0.0),
                          label=f"piece {piece} (position {position})"))
    return parts


@dataclass(frozen=True)
class ConnectorMark:
    """A connector as the 2-D drawing shows it, in board units: the suit's symbol at
    ``symbol_at`` and an arrow on the side (``arrow``: base, tip, base): an outward
    connector's arrow, filled, crosses the side; an inward one's, hollow, points into the tile."""

    suit: int
    outward: bool
    symbol_at: tuple[float, float]
    arrow: tuple[tuple[float, float], tuple[float, float], tuple[float, float]]


def connector_marks(puzzle: Puzzle, placement, position: int) -> list[ConnectorMark]:
    """The marks of the connectors of ``placement`` (piece, rotation) at ``position``, side by side."""
    corners, (cx, cy) = puzzle.corners(position), puzzle.centroid(position)
    marks = []
    for side in range(SIDES):
        connector = puzzle.connector_on_side(placement, side)
        (mx, my), (tx, ty), (ox, oy) = _side_frame(corners, side)
        symbol_at = (mx + 0.38 * (cx - mx), my + 0.38 * (cy - my))  # between the side's midpoint and the centre
        reach = 0.12 if connector.outward else -0.12  # outward: the tip lies outside the tile
        base = -0.04 if connector.outward else 0.0
        tip = (mx + reach * ox, my + reach * oy)
        ends = [(mx + along * tx + base * ox, my + along * ty + base * oy) for along in (0.075, -0.075)]
        marks.append(ConnectorMark(connector.suit, connector.outward, symbol_at, (ends[0], tip, ends[1])))
    return marks
