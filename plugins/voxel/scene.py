"""A packing as 3-D preview parts (no Qt): one Part per placed piece, one Box per voxel.

Puzzle coordinates (x, y, z with z up) become world coordinates (x, z, -y) (y is up in
the view), centred on the target's centre.
"""
from __future__ import annotations

import colorsys

from nonogram_editor.plugin_api import Box, Part, explode_from_center, part_id
from nonogram_editor_builtins.voxel.layout import placement_labels
from nonogram_editor_builtins.voxel.model import Puzzle

VOXEL_SIZE = 0.94  # a little less than 1 so the seams between voxels show
EXPLODE_STRENGTH = 1.2


def placement_colours(puzzle: Puzzle, solution) -> list[tuple[int, int, int]]:
    """One colour per placed piece: the file's colour (shaded per copy), else an even spread of hues."""
    uncoloured = [i for i, p in enumerate(solution) if puzzle.pieces[p.piece].colour is None]
    spread = {i: k for k, i in enumerate(uncoloured)}
    copy_number: dict[int, int] = {}
    colours = []
    for i, placement in enumerate(solution):
        spec = puzzle.pieces[placement.piece]
        k = copy_number.get(placement.piece, 0)
        copy_number[placement.piece] = k + 1
        if spec.colour is None:
            hue = (spread[i] * 0.618034) % 1.0
            lightness = 0.45 + 0.15 * ((spread[i] // 3) % 2)
            colours.append(_rgb(colorsys.hls_to_rgb(hue, lightness, 0.75)))
        elif spec.copies == 1:
            colours.append(spec.colour)
        else:
            h, _, s = colorsys.rgb_to_hls(*(c / 255 for c in spec.colour))
            shade = 0.25 + 0.5 * k / max(1, spec.copies - 1)
            colours.append(_rgb(colorsys.hls_to_rgb(h, shade, s)))
    return colours


def _rgb(values) -> tuple[int, int, int]:
    return tuple(int(round(255 * v)) for v in values)


def _axes(x, y, z):
    """Puzzle axes (z up) as the view's (y up)."""
    return x, z, -y


def world(puzzle: Puzzle, voxel) -> tuple[float, float, float]:
    return _axes(*(v + 0.5 - side / 2 for v, side in zip(voxel, puzzle.size)))


def world_shifts(shifts) -> dict[str, tuple[int, int, int]]:
    """One shift (x, y, z) in cells per placement, as offsets of the parts in the 3-D view (by part id)."""
    return {part_id(i): _axes(*shift) for i, shift in enumerate(shifts)}


def solution_parts(puzzle: Puzzle, solution, layer: int | None = None) -> list[Part]:
    """Parts for ``solution``; with ``layer``, only the voxels in that layer (z) are drawn.

    Part ids are ``piece-<index into solution>`` in every case, so a selection or a
    step-through visibility set survives switching layers.
    """
    colours = placement_colours(puzzle, solution)
    labels = placement_labels(puzzle, solution)
    parts = []
    for i, placement in enumerate(solution):
        boxes = [Box(world(puzzle, v), (VOXEL_SIZE,) * 3, colours[i])
                 for v in placement.cells if layer is None or v[2] == layer]
        parts.append(Part(id=part_id(i), shapes=boxes, label=labels[i]))
    explode_from_center([p for p in parts if p.shapes], EXPLODE_STRENGTH)
    return parts
