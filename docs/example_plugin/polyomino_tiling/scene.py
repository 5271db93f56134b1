"""A tiling in 3-D (no Qt): each piece a part, one flat box per cell, pulled apart from the centre."""
from __future__ import annotations

import colorsys

from nonogram_editor.plugin_api import Box, Part, explode_from_center, part_id
from polyomino_tiling.model import Solution, Tiling


def piece_color(index: int) -> tuple[int, int, int]:
    r, g, b = colorsys.hsv_to_rgb((index * 0.618034) % 1.0, 0.55, 0.9)
    return round(255 * r), round(255 * g), round(255 * b)


def solution_parts(tiling: Tiling, solution: Solution) -> list[Part]:
    parts = []
    for index, (name, cells) in enumerate(solution):
        # row 0 at the top, as in the 2-D drawing: the view's y is up, its z towards the viewer
        boxes = [Box((x + 0.5 - tiling.width / 2, 0.0, y + 0.5 - tiling.height / 2), (0.94, 0.3, 0.94),
                     piece_color(index)) for x, y in cells]
        parts.append(Part(part_id(index), boxes, label=f"{name} {index}"))
    explode_from_center(parts, 0.5)
    return parts
