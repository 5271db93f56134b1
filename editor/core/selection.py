"""The selection and the clipboard of the editor core (no Qt): choosing a block of cells,
copying, cutting, pasting, clearing and moving it. The selected
:class:`~nonogram_editor.core.midend.Rect` is the editor's state (``Editor.selection``);
these edits go through the editor's undo."""
from __future__ import annotations

from nonogram_editor.core.clip import Clip
from nonogram_editor.core.kinds import Aspect, Layer
from nonogram_editor.core.midend import Midend, Rect
from nonogram_editor.core.shapes import Cell
from nonogram_editor.level.model import WHITE


def block(editor: Midend, rect: Rect) -> Clip:
    """A copy of the cells of ``rect``."""
    rows, columns = rect.slices
    return Clip(editor.grid(Layer.SOLUTION)[rows, columns].copy(), editor.grid(Layer.PICTURE)[rows, columns].copy())


def clear(editor: Midend, rect: Rect) -> None:
    rows, columns = rect.slices
    editor.grid(Layer.SOLUTION)[rows, columns] = False
    editor.grid(Layer.PICTURE)[rows, columns] = WHITE


def put(editor: Midend, clip: Clip, at: Cell) -> Rect | None:
    """Write ``clip`` with its top-left at ``at``; what falls outside the grid is dropped."""
    height, width = clip.shape
    placed = Rect(at[0], at[1], at[0] + height - 1, at[1] + width - 1).clipped(editor.shape())
    if placed is not None:
        rows, columns = placed.slices
        source = (slice(placed.top - at[0], placed.bottom - at[0] + 1),
                  slice(placed.left - at[1], placed.right - at[1] + 1))
        editor.grid(Layer.SOLUTION)[rows, columns] = clip.solution[source]
        editor.grid(Layer.PICTURE)[rows, columns] = clip.picture[source]
    return placed


def move_block(editor: Midend, source: Rect, rows: int, columns: int) -> None:
    """Move the cells of ``source`` by ``rows``, ``columns`` (no undo step of its own); what
    it leaves becomes empty."""
    moved = block(editor, source)
    clear(editor, source)
    put(editor, moved, (source.top + rows, source.left + columns))


class Clipboard:
    """Selection and clipboard edits on ``editor``'s level (each edit one undo step)."""

    def __init__(self, editor: Midend):
        self._editor = editor

    def select(self, rect: Rect | None) -> None:
        editor = self._editor
        editor.selection = rect.clipped(editor.shape()) if rect is not None else None
        editor.notify({Aspect.SELECTION})

    def select_all(self) -> None:
        height, width = self._editor.shape()
        self.select(Rect(0, 0, height - 1, width - 1))

    def clear_selection(self) -> None:
        if self._editor.selection is not None:
            self.select(None)

    def _target(self) -> Rect:
        height, width = self._editor.shape()
        return self._editor.selection or Rect(0, 0, height - 1, width - 1)

    def copy(self) -> Clip:
        """The selected block (the whole grid when nothing is selected)."""
        return block(self._editor, self._target())

    def cut(self) -> Clip:
        clip = self.copy()
        self.delete_selection("Cut")
        return clip

    def delete_selection(self, label: str = "Clear the selection") -> None:
        target = self._target()
        with self._editor.edit(label):
            clear(self._editor, target)

    def paste(self, clip: Clip, at: Cell | None = None) -> None:
        """Paste at ``at`` (default: the selection's top-left corner, else the cell cursor);
        the pasted block becomes the selection."""
        selection = self._editor.selection
        if at is None:
            at = (selection.top, selection.left) if selection else self._editor.cursor
        with self._editor.edit(f"Paste {clip.shape[1]}x{clip.shape[0]}"):
            placed = put(self._editor, clip, at)
        self.select(placed)

    def move_selection(self, rows: int, columns: int) -> None:
        """Move the selected block (one undo step); what it leaves becomes empty."""
        source = self._editor.selection
        if source is None:
            return
        with self._editor.edit("Move the selection"):
            move_block(self._editor, source, rows, columns)
        self.select(source.moved(rows, columns))
