"""What the editor checks and shows of a level of either kind (Qt-free).

A two-colour level's puzzle is its solution grid; a colour level's is its picture, as
palette indices on the level's background (:mod:`nonogram_editor.level.colour`). The views and the
solver dock ask here rather than testing the kind themselves:

    drawing = puzzle_drawing(document)   # bool (two-colour) or int palette indices (colour)
    palette = puzzle_palette(document)   # the RGB of each index (colour), [] for two-colour
    rows, columns = rgb_clues(document)  # colour clues as (length, RGB) per block
"""
from __future__ import annotations

import numpy as np

from nonogram_editor.infra.tasks import Task
from nonogram_editor.level.colour import (
    COLOUR,
    RGB,
    colour_clues,
    colour_line_clue,
    indexed_picture,
    level_background,
    level_kind,
)
from nonogram_editor.level.document import LevelDocument
from nonogram_editor.nonogram.colour.verdict import check_colour_drawing, keep_sat_process_ready
from nonogram_editor.nonogram.verdict import Verdict

RgbClue = list[tuple[int, RGB]]


def is_colour(document: LevelDocument) -> bool:
    return level_kind(document.about) == COLOUR


def background(document: LevelDocument) -> RGB:
    return level_background(document.about)


def puzzle_drawing(document: LevelDocument) -> np.ndarray:
    """The drawing the verdict is about (a copy): the visible solution of a two-colour level,
    the visible picture's palette indices (0 the background) of a colour level."""
    if not is_colour(document):
        return document.visible_solution()
    return indexed_picture(document.visible_picture(), background(document))[0]


def puzzle_palette(document: LevelDocument) -> list[RGB]:
    """The colour of each index of :func:`puzzle_drawing` on a colour level (entry 0 the
    background; at least one colour besides it); [] on a two-colour level."""
    if not is_colour(document):
        return []
    palette = indexed_picture(document.visible_picture(), background(document))[1]
    return palette if len(palette) > 1 else palette + [(0, 0, 0) if palette[0] != (0, 0, 0) else (255, 255, 255)]


def colour_codes(picture: np.ndarray, background_colour: RGB) -> np.ndarray:
    """A picture as one int per cell: 0 the background, else 1 + 0xRRGGBB (so that runs of one
    colour are runs of one code, whatever the palette's order)."""
    picture = np.asarray(picture)
    codes = (picture[..., 0].astype(np.int64) << 16) | (picture[..., 1].astype(np.int64) << 8) | picture[..., 2]
    code = (background_colour[0] << 16) | (background_colour[1] << 8) | background_colour[2]
    return np.where(codes == code, 0, codes + 1)


def rgb_line_clue(codes: np.ndarray) -> RgbClue:
    """One line of :func:`colour_codes` as ``(length, RGB)`` blocks."""
    return [(length, _rgb(code - 1)) for length, code in colour_line_clue(codes)]


def rgb_clues(document: LevelDocument) -> tuple[list[RgbClue], list[RgbClue]]:
    """The colour clues of a level's visible picture on its background, each block's colour
    as RGB (the same blocks as :func:`nonogram_editor.level.colour.colour_clues` of its indices)."""
    codes = colour_codes(document.visible_picture(), background(document))
    rows, columns = colour_clues(codes)
    return ([[(length, _rgb(code - 1)) for length, code in row] for row in rows],
            [[(length, _rgb(code - 1)) for length, code in column] for column in columns])


def _rgb(code: int) -> RGB:
    return (code >> 16) & 255, (code >> 8) & 255, code & 255


def check_colour_grid(grid: np.ndarray, task: Task, line_logic_only: bool = False,
                      previous: Verdict | None = None) -> Verdict:
    """The colour engine's verdict on a colour level's drawing (:func:`puzzle_drawing`), for
    the solver dock's background job, as :func:`nonogram_editor.nonogram.verdict.check_drawing` gives
    the two-colour one: ``line_logic_only`` stops at line logic (LINE or STALLED), and the
    full check after a stall keeps a SAT process ready; ``previous`` is reused."""
    grid = np.asarray(grid)
    if not line_logic_only:
        keep_sat_process_ready()
    return check_colour_drawing(grid, max(2, int(grid.max(initial=0)) + 1), task=task,
                                line_logic_only=line_logic_only, previous=previous)


def alternative_picture(verdict: Verdict, palette: list[RGB]) -> np.ndarray:
    """A colour verdict's other solution in the palette's colours (uint8 (height, width, 3))."""
    return np.asarray(palette, dtype=np.uint8)[np.asarray(verdict.alternative)]
