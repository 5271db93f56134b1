"""What the editor core's collaborators (strokes, selection and clipboard, palette edits,
transforms) use of the editor (:class:`~nonogram_editor.core.editor.Editor`), and the
rectangle a selection is."""
from __future__ import annotations

from collections.abc import Iterable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from nonogram_editor.core.history import Snapshot
from nonogram_editor.core.kinds import Aspect, Layer
from nonogram_editor.core.shapes import Cell
from nonogram_editor.level.document import LevelDocument
from nonogram_editor.level.model import Level


@dataclass(frozen=True)
class Rect:
    """Cells ``top..bottom`` x ``left..right``, inclusive."""

    top: int
    left: int
    bottom: int
    right: int

    @classmethod
    def spanning(cls, a: Cell, b: Cell) -> Rect:
        return cls(min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))

    @property
    def slices(self) -> tuple[slice, slice]:
        return slice(self.top, self.bottom + 1), slice(self.left, self.right + 1)

    def contains(self, cell: Cell) -> bool:
        return self.top <= cell[0] <= self.bottom and self.left <= cell[1] <= self.right

    def moved(self, rows: int, columns: int) -> Rect:
        return Rect(self.top + rows, self.left + columns, self.bottom + rows, self.right + columns)

    def clipped(self, shape: tuple[int, int]) -> Rect | None:
        """The part inside a grid of ``shape`` (height, width); None if nothing is."""
        height, width = shape
        clipped = Rect(max(self.top, 0), max(self.left, 0), min(self.bottom, height - 1), min(self.right, width - 1))
        return clipped if clipped.top <= clipped.bottom and clipped.left <= clipped.right else None


class Midend(Protocol):
    """The open level, its undo and what is shown of it, as the collaborators see them."""

    document: LevelDocument
    selection: Rect | None
    cursor: Cell

    def edit(self, label: str) -> AbstractContextManager[None]: ...

    def record(self, label: str, before: Snapshot) -> None: ...

    def notify(self, aspects: Iterable[Aspect]) -> None: ...

    def grid(self, layer: Layer) -> np.ndarray: ...

    def shape(self) -> tuple[int, int]: ...

    def paint(self, layer: Layer, mask: np.ndarray, value) -> None: ...

    def contains(self, cell: Cell) -> bool: ...

    def set_cursor(self, cell: Cell) -> None: ...

    def level(self) -> Level: ...
