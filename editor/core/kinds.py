"""The names the editor core and its views share, as types (each member is also its string,
so ``Layer.SOLUTION == "solution"``): the layers of a level, the drawing tools, and the
aspects of the level an observer is told changed."""
from __future__ import annotations

from enum import StrEnum


class Layer(StrEnum):
    SOLUTION = "solution"  # the cells the player must fill (True/False)
    PICTURE = "picture"  # the colour picture the player wins


class Tool(StrEnum):
    PEN = "pen"
    LINE = "line"
    RECTANGLE = "rectangle"
    FILLED_RECTANGLE = "filled rectangle"
    FILL = "fill"  # flood fill
    SELECT = "select"  # select a block; drag inside it to move it


class Aspect(StrEnum):
    """What changed (:meth:`nonogram_editor.core.Editor.add_observer`)."""

    DOCUMENT = "document"  # a different level: everything below
    SIZE = "size"
    SOLUTION = "solution"
    PICTURE = "picture"
    PALETTE = "palette"
    CLEARED = "cleared"
    HISTORY = "history"  # undo/redo/unsaved state
    SELECTION = "selection"
    CURSOR = "cursor"
    SYMMETRY = "symmetry"
    ABOUT = "about"  # the level info
    KIND = "kind"  # the level's kind or background (in its level info): what the puzzle is
