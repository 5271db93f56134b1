"""What the editor's two grids show, worked out without Qt (``nonogram_editor.ui.grid_canvas`` draws it).

* :class:`LineClues`: the clues of the drawing, kept up to date line by line, so that a
  click recomputes (and the canvas repaints) two clues, not all of them;
* :func:`cell_colours`: each cell's colour, filled or empty with the overlays blended
  over it, as the words of a 32-bit RGB image (:func:`rgb_words`);
* the zoom: cell sizes from ``MIN_CELL`` to ``MAX_CELL`` pixels, :func:`zoomed` in steps.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

import numpy as np

from nonogram_editor.level.clues import line_clues

MIN_CELL, MAX_CELL, DEFAULT_CELL = 10, 64, 24  # 10: a clue number still fits a column, narrowed
ZOOM_STEP = 1.25  # one wheel notch or Ctrl++ multiplies the cell size by this
FILLED_RGBA = np.array([30, 30, 40, 255], dtype=np.uint8)
# an overlay: (the cells it covers (bool, h x w or larger), its (r, g, b), its alpha or None)
Overlay = tuple[np.ndarray, tuple[int, int, int], float | None]
EMPTY_RGBA = np.array([255, 255, 255, 255], dtype=np.uint8)
OVERLAY_ALPHA = 0.45  # for overlay colours given fully opaque


def zoomed(cell_size: int, steps: float) -> int:
    """The cell size ``steps`` zoom steps (wheel notches, may be fractional) from ``cell_size``:
    always at least one pixel different, so that slow trackpad scrolling still zooms."""
    size = round(cell_size * ZOOM_STEP ** steps)
    if size == cell_size and steps:
        size += 1 if steps > 0 else -1
    return max(MIN_CELL, min(MAX_CELL, size))


def largest_fitting(low: int, high: int, fits: Callable[[int], bool]) -> int:
    """The largest size from ``low`` to ``high`` for which ``fits(size)`` (what needs room
    grows with the size: bisected), or ``low`` when none fits."""
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if fits(middle) else (low, middle - 1)
    return low


def rgb_words(rgb: np.ndarray) -> np.ndarray:
    """(..., 3 or 4) uint8 colours (alpha ignored) as (...) uint32 words 0xffRRGGBB, the pixels of
    a QImage.Format_RGB32 (what Qt draws fastest) whatever the byte order."""
    bgra = np.empty((*rgb.shape[:-1], 4), dtype=np.uint8)  # the word's bytes, least significant first
    bgra[..., 0], bgra[..., 1], bgra[..., 2] = rgb[..., 2], rgb[..., 1], rgb[..., 0]
    bgra[..., 3] = 255
    return bgra.view("<u4")[..., 0].astype(np.uint32, copy=False)


def cell_colours(filled: np.ndarray, overlays: Iterable[Overlay]) -> np.ndarray:
    """The (h, w) ``rgb_words`` of cells ``filled`` or empty, each overlay ``(cells, (r, g, b),
    alpha)`` blended over in turn (``alpha`` None: ``OVERLAY_ALPHA``). A cell's colour depends only
    on which of these it is, so the colours of all such kinds are blended in a small table
    (bit 0 of a kind: filled; bit i: under overlay i) and each cell looks up its kind's."""
    overlays = list(overlays)
    kinds = filled.astype(np.min_scalar_type(2 ** (len(overlays) + 1)))
    table = np.array([EMPTY_RGBA, FILLED_RGBA], dtype=np.float64)
    for bit, (cells, rgb, alpha) in enumerate(overlays, start=1):
        shown = cells[:filled.shape[0], :filled.shape[1]]
        kinds[:shown.shape[0], :shown.shape[1]] |= shown.astype(kinds.dtype) << bit
        alpha = OVERLAY_ALPHA if alpha is None else alpha
        tint = np.array([*rgb, 255], dtype=np.float64)
        table = np.concatenate([table, np.round(table * (1 - alpha) + tint * alpha)])
    return rgb_words(table.astype(np.uint8))[kinds]


def picture_colours(picture: np.ndarray, overlays: Iterable[Overlay]) -> np.ndarray:
    """The (h, w) ``rgb_words`` of a colour picture's cells, each overlay ``(cells, (r, g, b),
    alpha)`` blended over in turn (as :func:`cell_colours`)."""
    rgb = np.asarray(picture, dtype=np.float64)
    for cells, tint, alpha in overlays:
        shown = np.zeros(rgb.shape[:2], dtype=bool)
        part = cells[:rgb.shape[0], :rgb.shape[1]]
        shown[:part.shape[0], :part.shape[1]] = part
        alpha = OVERLAY_ALPHA if alpha is None else alpha
        rgb[shown] = np.round(rgb[shown] * (1 - alpha) + np.array(tint, dtype=np.float64) * alpha)
    return rgb_words(rgb.astype(np.uint8))


def cells_touched(low: int, high: int, size: int, count: int) -> slice:
    """The cells of a line of ``count`` cells, ``size`` pixels each, that the pixels ``low`` to
    ``high`` (inclusive, from the line's start; either may lie outside it) touch."""
    return slice(min(max(0, low // size), count), min(max(0, high // size + 1), count))


def row_clue_text(clue: list[int]) -> str:
    """A row's clue as drawn: two spaces apart, so that 1 1 never reads 11."""
    return "  ".join(str(n) for n in clue) or "0"


def changed_entries(old: list | None, new: list | None) -> list[int]:
    """The indices at which two lists (None: empty) differ."""
    old, new = old or [], new or []
    return [index for index in range(max(len(old), len(new)))
            if index >= len(old) or index >= len(new) or old[index] != new[index]]


class LineClues:
    """The clues of a drawing's rows (``rows``) and columns (``columns``), brought up to date by
    :meth:`update` line by line. ``line_clue`` gives one line's clue: by default a two-colour
    line's run lengths, whose rows are also kept as drawn (``row_texts``); for a colour level
    :func:`nonogram_editor.core.colour_level.rgb_line_clue` of its colour codes, drawn as swatches
    (``row_text`` None: no texts)."""

    def __init__(self, line_clue: Callable = line_clues, row_text: Callable | None = row_clue_text):
        self._line_clue, self._row_text = line_clue, row_text
        self.rows: list = []
        self.row_texts: list[str] = []
        self.columns: list = []
        self._clued: np.ndarray | None = None  # the drawing the clues were computed from

    def update(self, visible: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
        """Bring the clues up to date with ``visible`` (the drawing, height x width): returns the
        rows and columns whose cells changed (their clues recomputed), or None when the size
        changed and every clue was recomputed."""
        if self._clued is None or self._clued.shape != visible.shape:
            self.rows = [self._line_clue(row) for row in visible]
            self.columns = [self._line_clue(column) for column in visible.T]
            self.row_texts = [self._row_text(clue) for clue in self.rows] if self._row_text else []
            self._clued = visible.copy()
            return None
        changed = self._clued != visible
        rows, columns = np.flatnonzero(changed.any(axis=1)), np.flatnonzero(changed.any(axis=0))
        for row in rows:
            self.rows[row] = self._line_clue(visible[row])
            if self._row_text:
                self.row_texts[row] = self._row_text(self.rows[row])
        for column in columns:
            self.columns[column] = self._line_clue(visible[:, column])
        self._clued[changed] = visible[changed]
        return rows, columns
