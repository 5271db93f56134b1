"""The clues a drawing implies: the lengths of the runs of filled cells in each line."""
from __future__ import annotations

from nonogram_editor.infra.lazy import numpy as np


def line_clues(line: np.ndarray) -> list[int]:
    """Run lengths of True cells, left to right (``[]`` for an empty line)."""
    padded = np.concatenate(([False], np.asarray(line, dtype=bool), [False]))
    edges = np.flatnonzero(padded[1:] != padded[:-1])
    return (edges[1::2] - edges[::2]).tolist()


def clues(solution: np.ndarray) -> tuple[list[list[int]], list[list[int]]]:
    """``(row_clues, column_clues)`` of a bool array (height, width)."""
    solution = np.asarray(solution, dtype=bool)
    return [line_clues(row) for row in solution], [line_clues(column) for column in solution.T]
