"""Whole-level changes of the editor core (no Qt), each one undo step: mirror, rotate, shift
and invert the grid, resize it, replace the level, convert it to the other kind."""
from __future__ import annotations

import numpy as np

from nonogram_editor.core.kinds import Aspect
from nonogram_editor.core.midend import Midend
from nonogram_editor.level.colour import convert_level
from nonogram_editor.level.document import MAX_SIDE, Colour, LevelDocument
from nonogram_editor.level.model import WHITE, Level

TRANSFORMS = ("mirror left-right", "mirror top-bottom", "rotate 90", "invert",
              "shift up", "shift down", "shift left", "shift right")
SHIFTS = {"shift up": (-1, 0), "shift down": (1, 0), "shift left": (0, -1), "shift right": (0, 1)}


class Transforms:
    """Whole-level changes of ``editor``'s level."""

    def __init__(self, editor: Midend):
        self._editor = editor

    def apply(self, name: str, wrap: bool = False) -> None:
        """Mirror, rotate (90 degrees clockwise), shift by one cell (``wrap``: the line pushed
        out comes back on the other side) or invert; solution and picture move together."""
        if name not in TRANSFORMS:
            raise ValueError(f"no transform {name!r}")
        with self._editor.edit(name.capitalize() + (" (wrapping)" if wrap else "")):
            document = self._editor.document
            solution, picture = document.visible_solution(), document.visible_picture()
            if name == "invert":
                solution = ~solution
            elif name == "rotate 90":
                solution, picture = np.rot90(solution, -1), np.rot90(picture, -1)
            elif name.startswith("mirror"):
                axis = 1 if name == "mirror left-right" else 0
                solution, picture = np.flip(solution, axis), np.flip(picture, axis)
            else:
                rows, columns = SHIFTS[name]
                solution = np.roll(solution, (rows, columns), axis=(0, 1))
                picture = np.roll(picture, (rows, columns), axis=(0, 1))
                if not wrap:  # the line that came round the edge is emptied instead
                    edge = 0 if rows + columns > 0 else -1
                    line = (edge, slice(None)) if rows else (slice(None), edge)
                    solution[line] = False
                    picture[line] = WHITE
            height, width = solution.shape
            document.width, document.height = width, height
            document.solution[:height, :width] = solution
            document.picture[:height, :width] = picture
        self._reshaped(keep_selection=False)

    def resize(self, width: int, height: int) -> None:
        """Change the visible size; hidden cells are kept for when the level grows again."""
        if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
            raise ValueError(f"width and height go from 1 to {MAX_SIDE}")
        with self._editor.edit(f"Resize to {width}x{height}"):
            self._editor.document.width, self._editor.document.height = width, height
        self._reshaped(keep_selection=True)

    def replace_level(self, level: Level, label: str) -> None:
        """Make the level ``level`` (its size, grids, cleared flag and palette; the file name
        and level info stay) as one undo step."""
        replacement = LevelDocument.from_level(level)
        with self._editor.edit(label):
            document = self._editor.document
            document.width, document.height = replacement.width, replacement.height
            document.solution[:] = replacement.solution
            document.picture[:] = replacement.picture
            document.cleared, document.palette = replacement.cleared, replacement.palette
        self._reshaped(keep_selection=False)

    def convert_kind(self, kind: str, background: Colour | None = None) -> None:
        """Make the level of ``kind`` (:func:`nonogram_editor.level.colour.convert_level`: to colour, the
        picture becomes the puzzle on ``background``; to two-colour, its shape does), one undo step."""
        editor = self._editor
        level, about = convert_level(editor.level(), editor.document.about, kind, background)
        with editor.edit(f"Convert to a {kind} level"):
            editor.document.solution[:editor.document.height, :editor.document.width] = level.solution
            editor.document.about = about

    def _reshaped(self, keep_selection: bool) -> None:
        """After a change of size: the selection goes (``keep_selection``: only if it no
        longer fits) and the cell cursor stays on the grid."""
        editor = self._editor
        height, width = editor.shape()
        selection = editor.selection
        if selection is not None and not (keep_selection and selection.clipped((height, width)) == selection):
            editor.selection = None
            editor.notify({Aspect.SELECTION})
        editor.set_cursor((min(editor.cursor[0], height - 1), min(editor.cursor[1], width - 1)))
