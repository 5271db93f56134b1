"""The editor core (the "mid end"): the open level, its undo history, the tools, load and save.

No Qt here. A view sends input (``strokes.press``/``drag_to``/``release`` in cell coordinates,
menu commands, keys) and draws what the core holds; it learns what to redraw from the
observers it registered with :meth:`Editor.add_observer`, which are called with the set
of aspects that changed (:class:`~nonogram_editor.core.kinds.Aspect`: a different level, its size,
solution, picture, palette, cleared flag, history, the selection, the cursor, the symmetry
mode, the level info). Layers and tools are named by :class:`~nonogram_editor.core.kinds.Layer` and
:class:`~nonogram_editor.core.kinds.Tool`.

Every edit is one undo step (:mod:`nonogram_editor.core.history`); a stroke shows live while the
pointer moves and becomes one step when released. Strokes (:mod:`~nonogram_editor.core.strokes`),
the selection and clipboard (:mod:`~nonogram_editor.core.selection`), palette edits
(:mod:`~nonogram_editor.core.palette_edits`) and whole-level transforms
(:mod:`~nonogram_editor.core.transforms`) are collaborators working through the editor's undo;
reading and writing files is :mod:`~nonogram_editor.core.level_files`. The selection, the cell
cursor and the symmetry mode are not part of the level, so undo does not restore them.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from nonogram_editor.core.colours import colour_name
from nonogram_editor.core.history import UNDO_LIMIT, History, Snapshot, difference
from nonogram_editor.core.kinds import Aspect, Layer
from nonogram_editor.core.level_files import (
    ImportedPuzzle,
    UnsolvableClues,
    level_path,
    read_puzzle,
    write_level,
    write_puzzle,
)
from nonogram_editor.core.midend import Rect
from nonogram_editor.core.palette_edits import PaletteEdits
from nonogram_editor.core.selection import Clipboard
from nonogram_editor.core.shapes import Cell, bresenham, cells_mask
from nonogram_editor.core.strokes import Strokes
from nonogram_editor.core.transforms import Transforms
from nonogram_editor.infra.tasks import Task
from nonogram_editor.level.colour import COLOUR, TWO_COLOUR, colour_solution, level_background, level_kind, with_kind
from nonogram_editor.level.document import Colour, LevelDocument
from nonogram_editor.level.metadata import read_about
from nonogram_editor.level.model import Level, load_level
from nonogram_editor.nonogram.symmetry import SYMMETRIES, Symmetry, symmetric

if TYPE_CHECKING:
    from nonogram_editor.nonogram.clue_solve import ClueReport

LAYERS = tuple(Layer)
ALL_ASPECTS = frozenset(Aspect)
Observer = Callable[[set[Aspect]], None]


class Editor:
    """The open level and its undo history, the cell cursor, the selection and the symmetry
    mode. Strokes, the selection and clipboard, palette edits and whole-level transforms are
    collaborators: ``strokes``, ``clipboard``, ``palette`` and ``transforms``."""

    def __init__(self, document: LevelDocument | None = None, undo_limit: int = UNDO_LIMIT):
        self.undo_limit = undo_limit
        self._observers: list[Observer] = []
        self.symmetry = Symmetry.NONE
        self.strokes = Strokes(self)
        self.clipboard = Clipboard(self)
        self.palette = PaletteEdits(self)
        self.transforms = Transforms(self)
        self._replace(document or LevelDocument())

    # ------------------------------------------------------------------ observers
    def add_observer(self, observer: Observer) -> None:
        self._observers.append(observer)

    def remove_observer(self, observer: Observer) -> None:
        self._observers.remove(observer)

    def notify(self, aspects) -> None:
        """Tell the observers what changed."""
        aspects = set(aspects)
        for observer in list(self._observers):
            observer(aspects)

    # ------------------------------------------------------------------ the level
    def _replace(self, document: LevelDocument) -> None:
        self.document = document
        self.history = History(self.undo_limit)
        self.selection: Rect | None = None
        self.cursor: Cell = (0, 0)
        self.strokes.forget()
        self.notify(ALL_ASPECTS)

    def new(self, width: int = 10, height: int = 10, kind: str = TWO_COLOUR) -> None:
        """A blank level of ``kind`` (a colour level on a white background)."""
        document = LevelDocument(width, height)
        document.about = with_kind({}, kind)
        self._replace(document)

    def open_level(self, level: Level, path: Path | None = None, about: dict[str, str] | None = None) -> None:
        """Edit ``level`` with its level info ``about`` (ValueError if it is larger than the
        editor handles)."""
        document = LevelDocument.from_level(level, path)
        document.about = dict(about or {})
        self._replace(document)

    def load(self, path: str | os.PathLike) -> None:
        """Open a level trio and its level info (LevelError names the file and the problem)."""
        self.open_level(load_level(path), Path(path), read_about(path))

    def import_non(self, path: str | os.PathLike, task: Task | None = None) -> ClueReport | None:
        """Open a ``.non`` puzzle (:func:`read_puzzle`: solved from its clues when it has no
        goal that fits them); Save then writes the level beside it. Returns what solving the
        clues found (None when the goal fits); UnsolvableClues when they give no level."""
        return self.open_imported(read_puzzle(path, task), path)

    def open_imported(self, imported: ImportedPuzzle, path: str | os.PathLike) -> ClueReport | None:
        """Open a puzzle read by :func:`read_puzzle` from ``path`` (see :meth:`import_non`)."""
        if imported.level is None:
            raise UnsolvableClues(path, imported.report)
        self.open_level(imported.level, imported.level.path, imported.about)
        return imported.report

    def level(self) -> Level:
        """A copy of the visible level, safe to hand to another thread for saving (a colour
        level's solution is where its picture is not the background)."""
        level = self.document.to_level()
        if self.kind == COLOUR:
            level.solution = colour_solution(level.picture, level_background(self.document.about))
        return level

    def save(self, path: str | os.PathLike | None = None) -> None:
        """Write the level (LevelError if it fails; the previous files stay as they were)."""
        path = Path(path) if path is not None else self.document.path
        if path is None:
            raise ValueError("the level has no file name yet")
        position = self.history.position()
        write_level(self.level(), self.document.about, path)
        self.saved(path, position)

    def saved(self, path: Path, position: int) -> None:
        """The state at history ``position`` is now in ``path`` (a background save finished)."""
        self.document.path = level_path(path)
        self.history.mark_saved(position)
        self.notify({Aspect.HISTORY})

    def export_non(self, path: str | os.PathLike) -> None:
        write_puzzle(path, self.document.visible_solution(), self.document.about, self.document.path,
                     self.document.visible_picture())

    @property
    def modified(self) -> bool:
        return not self.history.is_clean()

    def contains(self, cell: Cell) -> bool:
        return self.document.contains(*cell)

    # ------------------------------------------------------------------ undo
    @contextmanager
    def edit(self, label: str):
        """Run the body as one undo step (nothing is recorded if it changed nothing)."""
        self.strokes.cancel()
        before = Snapshot.of(self.document)
        yield
        self.record(label, before)

    def record(self, label: str, before: Snapshot) -> None:
        """What changed since ``before`` becomes one undo step (none if nothing did)."""
        step = difference(label, before, self.document)
        if step is not None:
            self.history.push(step)
            self.notify(step.aspects | {Aspect.HISTORY})

    def undo(self) -> bool:
        self.strokes.cancel()
        return self._after_history(self.history.undo(self.document))

    def redo(self) -> bool:
        self.strokes.cancel()
        return self._after_history(self.history.redo(self.document))

    def _after_history(self, step) -> bool:
        if step is None:
            return False
        if self.selection is not None and self.selection.clipped(self.shape()) != self.selection:
            self.selection = None
        self.notify(step.aspects | {Aspect.HISTORY, Aspect.SELECTION})
        return True

    # ------------------------------------------------------------------ painting
    def grid(self, layer: Layer) -> np.ndarray:
        """The visible part of a layer's buffer (a view: writing to it edits the level)."""
        if layer not in LAYERS:
            raise ValueError(f"no layer {layer!r}")
        buffer = self.document.solution if layer == Layer.SOLUTION else self.document.picture
        return buffer[:self.document.height, :self.document.width]

    def shape(self) -> tuple[int, int]:
        """The visible (height, width)."""
        return self.document.height, self.document.width

    def paint(self, layer: Layer, mask: np.ndarray, value) -> None:
        """Paint the cells of ``mask`` and their symmetric images (no undo step of its own)."""
        cells = symmetric(mask, self.symmetry)
        self.grid(layer)[cells] = value
        if layer == Layer.PICTURE and self.kind == COLOUR:  # a colour level's solution: not the background
            self.grid(Layer.SOLUTION)[cells] = tuple(value) != level_background(self.document.about)

    def set_symmetry(self, symmetry: str) -> None:
        if symmetry not in SYMMETRIES:
            raise ValueError(f"no symmetry {symmetry!r}; one of {', '.join(SYMMETRIES)}")
        self.symmetry = Symmetry(symmetry)
        self.notify({Aspect.SYMMETRY})

    # ------------------------------------------------------------------ the cursor and cell edits
    def move_cursor(self, rows: int, columns: int, layer: Layer | None = None, value=None) -> None:
        """Move the cell cursor; with a ``layer``, paint ``value`` on the cells it leaves and
        reaches (one undo step)."""
        height, width = self.shape()
        start = self.cursor
        self.cursor = (min(max(start[0] + rows, 0), height - 1), min(max(start[1] + columns, 0), width - 1))
        if layer is not None:
            with self.edit(f"Paint on the {layer}"):
                self.paint(layer, cells_mask(self.shape(), bresenham(start, self.cursor)), value)
        self.notify({Aspect.CURSOR})

    def set_cursor(self, cell: Cell) -> None:
        if self.contains(cell) and cell != self.cursor:
            self.cursor = cell
            self.notify({Aspect.CURSOR})

    def set_cell(self, layer: Layer, cell: Cell, value) -> None:
        """Paint one cell (and its symmetric images): one undo step."""
        if self.contains(cell):
            with self.edit(f"Paint on the {layer}"):
                self.paint(layer, cells_mask(self.shape(), [cell]), value)

    def set_cells(self, layer: Layer, values: np.ndarray, label: str) -> bool:
        """Set the visible ``layer`` to ``values`` ((height, width) booleans for the solution,
        (height, width, 3) colours for the picture) as one undo step; False if nothing changed."""
        position = self.history.position()
        with self.edit(label):
            self.grid(layer)[:] = values
        return self.history.position() != position

    def set_puzzle_cells(self, changes, label: str) -> None:
        """Give cells of the puzzle new values as one undo step: ``changes`` are ``(cell,
        value)`` pairs, the value filled/empty (bool) on a two-colour level's solution, an RGB
        colour on a colour level's picture (whose solution follows: not the background)."""
        colour = self.kind == COLOUR
        background = level_background(self.document.about)
        with self.edit(label):
            for cell, value in changes:
                if colour:
                    self.grid(Layer.PICTURE)[cell] = value
                    self.grid(Layer.SOLUTION)[cell] = tuple(value) != background
                else:
                    self.grid(Layer.SOLUTION)[cell] = value

    def set_about(self, about: dict[str, str]) -> None:
        """Set the level info (title, by, copyright, catalogue...) as one undo step."""
        with self.edit("Edit the level info"):
            self.document.about = dict(about)

    @property
    def kind(self) -> str:
        """The level's kind: ``"two-colour"`` or ``"colour"`` (``nonogram_editor.level.colour``)."""
        return level_kind(self.document.about)

    def colour_at(self, cell: Cell) -> Colour:
        return tuple(int(v) for v in self.document.picture[cell])

    def describe_cell(self, layer: Layer, cell: Cell) -> str:
        """What the status bar says of a cell: "Solution: row 3, column 4 — filled"."""
        row, column = cell
        what = (("filled" if self.document.solution[cell] else "empty") if layer == Layer.SOLUTION
                and self.kind != COLOUR
                else colour_name(self.colour_at(cell)))  # a colour level's solution grid shows its picture
        return f"{layer.capitalize()}: row {row + 1}, column {column + 1} — {what}"

    def set_cleared(self, cleared: bool) -> None:
        with self.edit("Mark as cleared" if cleared else "Mark as not cleared"):
            self.document.cleared = bool(cleared)
