"""The cells a tool touches (Qt-free): lines, rectangles, flood fills (symmetric copies:
:func:`nonogram_editor.nonogram.symmetry.symmetric`)."""
from __future__ import annotations

from collections.abc import Iterable

import numpy as np

Cell = tuple[int, int]


def bresenham(start: Cell, end: Cell) -> list[Cell]:
    """Every cell on the line from ``start`` to ``end`` (both included), 8-connected."""
    (r0, c0), (r1, c1) = start, end
    dr, dc = abs(r1 - r0), -abs(c1 - c0)
    step_r, step_c = (1 if r1 >= r0 else -1), (1 if c1 >= c0 else -1)
    error = dr + dc
    cells = []
    while True:
        cells.append((r0, c0))
        if (r0, c0) == (r1, c1):
            return cells
        doubled = 2 * error
        if doubled >= dc:
            error += dc
            r0 += step_r
        if doubled <= dr:
            error += dr
            c0 += step_c


def constrain(anchor: Cell, cell: Cell) -> Cell:
    """``cell`` moved onto the anchor's row or column, whichever it is nearer to."""
    if abs(cell[0] - anchor[0]) >= abs(cell[1] - anchor[1]):
        return cell[0], anchor[1]
    return anchor[0], cell[1]


def rectangle_mask(shape: tuple[int, int], corner: Cell, other: Cell, filled: bool) -> np.ndarray:
    """The cells of the rectangle with corners ``corner`` and ``other`` (outline or filled)."""
    mask = np.zeros(shape, dtype=bool)
    top, bottom = sorted((corner[0], other[0]))
    left, right = sorted((corner[1], other[1]))
    mask[top:bottom + 1, left:right + 1] = True
    if not filled:
        mask[top + 1:bottom, left + 1:right] = False
    return mask


def cells_mask(shape: tuple[int, int], cells: Iterable[Cell]) -> np.ndarray:
    mask = np.zeros(shape, dtype=bool)
    inside = [(r, c) for r, c in cells if 0 <= r < shape[0] and 0 <= c < shape[1]]
    if inside:
        rows, columns = zip(*inside)
        mask[list(rows), list(columns)] = True
    return mask


def flood_mask(grid: np.ndarray, seed: Cell) -> np.ndarray:
    """The 4-connected region of cells equal to the seed's value. ``grid`` is (h, w) or
    (h, w, channels). Each round takes in every horizontal run of equal cells that touches
    the region, then every vertical one: a round per turn of the region, not per cell."""
    same = grid == grid[seed]
    if same.ndim == 3:
        same = same.all(axis=2)
    row_runs, column_runs = _runs(same), _runs(same.T).T
    region = np.zeros(same.shape, dtype=bool)
    region[seed] = True
    size = 1
    while True:
        for runs in (row_runs, column_runs):
            touched = np.zeros(int(runs.max()) + 1, dtype=bool)
            touched[runs[region]] = True
            touched[0] = False
            region = touched[runs]
        grown = int(np.count_nonzero(region))
        if grown == size:
            return region
        size = grown


def _runs(same: np.ndarray) -> np.ndarray:
    """Numbers the runs of True cells along each row from 1 (0 off the runs)."""
    starts = same.copy()
    starts[:, 1:] &= ~same[:, :-1]
    return np.cumsum(starts.ravel()).reshape(same.shape) * same
