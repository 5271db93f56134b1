"""Undo/redo for the editor core: each step is the difference between two states of a document.

An edit takes a :class:`Snapshot` of the document before it and, once done, gives it to
:func:`difference`, which keeps only the cells that changed (and the size, cleared flag,
palette and level info before and after) as a :class:`Step`; :meth:`History.push` records
it (the core's ``Editor.edit`` does both). Undo puts the old values back, redo the new ones, so
both restore the exact state. At most ``UNDO_LIMIT`` steps are kept; the oldest go first.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

import numpy as np

from nonogram_editor.core.kinds import Aspect
from nonogram_editor.level.colour import LEVEL_KEYS
from nonogram_editor.level.document import LevelDocument

UNDO_LIMIT = 500  # undo steps kept per level (a 128x128 flood fill costs ~0.2 MB)
_serials = itertools.count(1)


@dataclass(frozen=True)
class Snapshot:
    """Everything undo restores (the path and the selection are not part of it)."""

    solution: np.ndarray
    picture: np.ndarray
    width: int
    height: int
    cleared: bool
    palette: tuple
    about: tuple  # the level info (title, by, ...) as sorted (key, value) pairs

    @classmethod
    def of(cls, document: LevelDocument) -> Snapshot:
        return cls(document.solution.copy(), document.picture.copy(), document.width, document.height,
                   document.cleared, tuple(document.palette), _about(document))

    def restore(self, document: LevelDocument) -> None:
        document.solution[:] = self.solution
        document.picture[:] = self.picture
        self._restore_fields(document, (self.width, self.height, self.cleared, self.palette, self.about))

    @staticmethod
    def _restore_fields(document: LevelDocument,
                        fields: tuple[int, int, bool, tuple[Any, ...], tuple[Any, ...]]) -> None:
        document.width, document.height, document.cleared, palette, about = fields
        document.palette = list(palette)
        document.about = dict(about)


def _about(document: LevelDocument) -> tuple:
    return tuple(sorted(document.about.items()))


def _kind_items(about: tuple) -> tuple:
    """Of :func:`_about`'s items, those that say the level's kind and background."""
    return tuple(item for item in about if item[0] in LEVEL_KEYS)


@dataclass(frozen=True)
class Step:
    """One undoable edit: the changed cells' values and the other fields, before and after."""

    label: str
    aspects: frozenset[Aspect]
    cells: tuple[np.ndarray, ...]  # row and column indices of the changed cells
    solution: tuple[np.ndarray, np.ndarray]  # before, after
    picture: tuple[np.ndarray, np.ndarray]
    fields: tuple[tuple, tuple]  # (width, height, cleared, palette, about) before, after
    serial: int

    def apply(self, document: LevelDocument, after: bool) -> None:
        side = 1 if after else 0
        document.solution[self.cells] = self.solution[side]
        document.picture[self.cells] = self.picture[side]
        Snapshot._restore_fields(document, self.fields[side])


def changed_cells(before: np.ndarray, after: np.ndarray) -> np.ndarray:
    """Which cells differ between two (h, w) or (h, w, channels) arrays: (h, w) booleans."""
    differ = before != after
    if differ.ndim == 2:
        return differ
    changed = differ[:, :, 0].copy()
    for channel in range(1, differ.shape[2]):  # ten times faster than any(axis=2) on a few channels
        changed |= differ[:, :, channel]
    return changed


def difference(label: str, before: Snapshot, document: LevelDocument) -> Step | None:
    """The step from ``before`` to the document's state now, or None if nothing changed."""
    changed = changed_cells(before.solution, document.solution) | changed_cells(before.picture, document.picture)
    cells = np.nonzero(changed)
    fields_before = (before.width, before.height, before.cleared, before.palette, before.about)
    fields_after = (document.width, document.height, document.cleared, tuple(document.palette), _about(document))
    if not len(cells[0]) and fields_before == fields_after:
        return None
    aspects = set()
    if np.any(before.solution[cells] != document.solution[cells]):
        aspects.add(Aspect.SOLUTION)
    if np.any(before.picture[cells] != document.picture[cells]):
        aspects.add(Aspect.PICTURE)
    if fields_before[:2] != fields_after[:2]:
        aspects |= {Aspect.SIZE, Aspect.SOLUTION, Aspect.PICTURE}
    if fields_before[2] != fields_after[2]:
        aspects.add(Aspect.CLEARED)
    if fields_before[3] != fields_after[3]:
        aspects.add(Aspect.PALETTE)
    if fields_before[4] != fields_after[4]:
        aspects.add(Aspect.ABOUT)
        if _kind_items(fields_before[4]) != _kind_items(fields_after[4]):
            aspects.add(Aspect.KIND)
    return Step(label, frozenset(aspects), cells,
                (before.solution[cells], document.solution[cells].copy()),
                (before.picture[cells], document.picture[cells].copy()),
                (fields_before, fields_after), next(_serials))


class History:
    """The undo and redo stacks of one document, and which state was last saved."""

    def __init__(self, limit: int = UNDO_LIMIT):
        self.limit = limit
        self._done: list[Step] = []
        self._undone: list[Step] = []
        self._saved_position = 0
        self._bottom = 0  # names the state below the oldest kept step

    def push(self, step: Step) -> None:
        self._done.append(step)
        self._undone.clear()
        if len(self._done) > self.limit:
            self._bottom = self._done[-self.limit - 1].serial
            del self._done[:-self.limit]

    def undo(self, document: LevelDocument) -> Step | None:
        return self._replay(self._done, self._undone, document, after=False)

    def redo(self, document: LevelDocument) -> Step | None:
        return self._replay(self._undone, self._done, document, after=True)

    @staticmethod
    def _replay(source: list[Step], target: list[Step], document: LevelDocument, after: bool) -> Step | None:
        """Apply the newest step of ``source`` (its state before or after) and move it to ``target``."""
        if not source:
            return None
        step = source.pop()
        step.apply(document, after)
        target.append(step)
        return step

    def can_undo(self) -> bool:
        return bool(self._done)

    def can_redo(self) -> bool:
        return bool(self._undone)

    def undo_label(self) -> str:
        return self._done[-1].label if self._done else ""

    def redo_label(self) -> str:
        return self._undone[-1].label if self._undone else ""

    def __len__(self) -> int:
        return len(self._done)

    def position(self) -> int:
        """Names the current state: the serial of the newest done step (0 for none)."""
        return self._done[-1].serial if self._done else self._bottom

    def mark_saved(self, position: int | None = None) -> None:
        """The state at ``position`` (default: now) is what the file holds."""
        self._saved_position = self.position() if position is None else position

    def is_clean(self) -> bool:
        return self.position() == self._saved_position
