"""Undoable edits of a :class:`~editor.level.document.LevelDocument` (one QUndoCommand each).

Every command calls ``notify(aspects)`` after it changes the document, with the set of
aspects touched ("solution", "picture", "size", "palette", "cleared"), so the window can
refresh exactly what changed.
"""
from __future__ import annotations

from typing import Callable

import numpy as np
from PySide6.QtGui import QUndoCommand

from editor.level.document import Colour, LevelDocument

Notify = Callable[[set[str]], None]
Cell = tuple[int, int]
UNDO_LIMIT = 500  # steps kept for Undo; older ones are dropped (README, "Using the editor")


class PaintCells(QUndoCommand):
    """One paint stroke: cells of the solution (bool) or picture (colour) set to a value.

    ``previous`` maps each cell to its value before the stroke; the stroke has usually been
    applied live already, so the first redo only re-applies the same values."""

    def __init__(self, document: LevelDocument, layer: str, previous: dict[Cell, object], value, notify: Notify,
                 text: str):
        super().__init__(text)
        self._document, self._layer, self._previous, self._value, self._notify = (
            document, layer, previous, value, notify)

    def _buffer(self) -> np.ndarray:
        return self._document.solution if self._layer == "solution" else self._document.picture

    def redo(self):
        buffer = self._buffer()
        for row, column in self._previous:
            buffer[row, column] = self._value
        self._notify({self._layer})

    def undo(self):
        buffer = self._buffer()
        for (row, column), value in self._previous.items():
            buffer[row, column] = value
        self._notify({self._layer})


class ResizeLevel(QUndoCommand):
    def __init__(self, document: LevelDocument, width: int, height: int, notify: Notify):
        super().__init__(f"Resize to {width}x{height}")
        self._document, self._notify = document, notify
        self._old = (document.width, document.height)
        self._new = (width, height)

    def _apply(self, size):
        self._document.width, self._document.height = size
        self._notify({"size", "solution", "picture"})

    def redo(self):
        self._apply(self._new)

    def undo(self):
        self._apply(self._old)


class SetCleared(QUndoCommand):
    def __init__(self, document: LevelDocument, cleared: bool, notify: Notify):
        super().__init__("Mark as cleared" if cleared else "Mark as not cleared")
        self._document, self._cleared, self._notify = document, cleared, notify

    def _apply(self, cleared):
        self._document.cleared = cleared
        self._notify({"cleared"})

    def redo(self):
        self._apply(self._cleared)

    def undo(self):
        self._apply(not self._cleared)


class ChangePalette(QUndoCommand):
    """Add, remove or edit palette colours. Editing a colour also repaints every picture
    cell of the old colour (the hidden ones too), which undo restores."""

    def __init__(self, document: LevelDocument, new_palette: list[Colour], notify: Notify, text: str,
                 recolour: tuple[Colour, Colour] | None = None):
        super().__init__(text)
        self._document, self._notify = document, notify
        self._old_palette, self._new_palette = list(document.palette), list(new_palette)
        self._recolour = recolour
        self._recoloured = None
        if recolour is not None:
            self._recoloured = np.all(document.picture == np.array(recolour[0], dtype=np.uint8), axis=2)

    def _apply(self, palette, colour):
        self._document.palette = list(palette)
        aspects = {"palette"}
        if self._recoloured is not None and self._recoloured.any():
            self._document.picture[self._recoloured] = colour
            aspects.add("picture")
        self._notify(aspects)

    def redo(self):
        self._apply(self._new_palette, self._recolour[1] if self._recolour else None)

    def undo(self):
        self._apply(self._old_palette, self._recolour[0] if self._recolour else None)
