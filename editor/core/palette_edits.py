"""Palette edits of the editor core (no Qt): adding, changing and removing colours, each one
undo step; changing or replacing a colour repaints the picture cells that use it."""
from __future__ import annotations

import numpy as np

from nonogram_editor.core.colours import colour_name
from nonogram_editor.core.kinds import Layer
from nonogram_editor.core.midend import Midend
from nonogram_editor.level.document import Colour


class PaletteEdits:
    """Edits of ``editor``'s palette."""

    def __init__(self, editor: Midend):
        self._editor = editor

    def add(self, colour: Colour) -> None:
        document, colour = self._editor.document, tuple(int(v) for v in colour)
        if colour not in document.palette:
            with self._editor.edit(f"Add colour {colour_name(colour)}"):
                document.palette = document.palette + [colour]

    def edit(self, index: int, colour: Colour) -> None:
        """Change palette colour ``index``, and every picture cell of it (hidden ones too)."""
        document = self._editor.document
        palette, colour = document.palette, tuple(int(v) for v in colour)
        if not 0 <= index < len(palette) or palette[index] == colour:
            return
        old = palette[index]
        with self._editor.edit(f"Change colour {colour_name(old)} to {colour_name(colour)}"):
            new_palette = palette[:index] + [colour] + palette[index + 1:]
            # merging into a colour already there keeps one swatch
            document.palette = [c for i, c in enumerate(new_palette) if c != colour or i == index]
            self._recolour(old, colour)

    def in_use(self, index: int) -> bool:
        """Whether the visible picture uses palette colour ``index``."""
        colour = np.array(self._editor.document.palette[index], dtype=np.uint8)
        return bool(np.all(self._editor.grid(Layer.PICTURE) == colour, axis=2).any())

    def remove(self, index: int, replacement: Colour | None = None) -> None:
        """Drop palette colour ``index``; with a ``replacement``, the picture cells that use it
        (hidden ones too) take that colour instead."""
        document = self._editor.document
        palette = document.palette
        if len(palette) <= 1 or not 0 <= index < len(palette):
            return
        with self._editor.edit(f"Remove colour {colour_name(palette[index])}"):
            document.palette = palette[:index] + palette[index + 1:]
            if replacement is not None:
                self._recolour(palette[index], tuple(int(v) for v in replacement))

    def _recolour(self, old: Colour, new: Colour) -> None:
        picture = self._editor.document.picture
        picture[np.all(picture == np.array(old, dtype=np.uint8), axis=2)] = new
